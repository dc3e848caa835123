//! Seed004's statistics of a combatant and its reading of a weapon, read from a level's
//! fields or converted from Core's (presets/Seed004.md, "Stats and templates", "Weapons").

use crate::level::schema::{StatBlock, UnitFile, WeaponFile};
use crate::level::{MAX_GUARD, MAX_STAMINA};
use crate::rulebook::FieldCheck;
use crate::rules::bonus_dice::{MAX_BONUS_DICE, Quality};
use crate::rules::book_value::BookValue;
use crate::rules::combat::DamageType;
use crate::rules::dice::DiceExpr;
use crate::rules::grid::Dir8;
use crate::rules::unit::{BonusDiceKind, Stats, Weapon, WeaponKind};
use serde::{Deserialize, Serialize};

/// A weapon as Seed004 reads it (presets/Seed004.md, "Weapons").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seed004Weapon {
    /// Its quality: the tier of its damage die.
    pub quality: Quality,
    /// How many damage dice of the quality die it rolls (the Damage Value).
    pub dice: u32,
    pub bonus_dice: BonusDiceKind,
    /// Charges on its attack and damage rolls (0–2).
    pub charge: u32,
}

/// A weapon's Core `hit` at which Seed004 gives it a Charge by default.
pub const CHARGE_FROM_HIT: i32 = 5;

impl Seed004Weapon {
    /// The conversion of a Core weapon: `NdS+B` is N dice of the tier of S (B ignored);
    /// strength dice for melee and Physical ranged weapons, skill dice for other ranged
    /// ones; a Charge for a Core `hit` of 5 or more.
    pub fn derived(kind: WeaponKind, damage: DiceExpr, damage_type: DamageType, hit: i32) -> Self {
        let ranged_magic = kind == WeaponKind::Ranged && damage_type != DamageType::Physical;
        Seed004Weapon {
            quality: Quality::of_die(damage.sides),
            dice: damage.count,
            bonus_dice: if ranged_magic {
                BonusDiceKind::Skill
            } else {
                BonusDiceKind::Strength
            },
            charge: u32::from(hit >= CHARGE_FROM_HIT),
        }
    }
}

/// Seed004's statistics (presets/Seed004.md, "Stats and templates").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seed004Stats {
    pub durability: i32,
    pub health: i32,
    pub guard: i32,
    pub armor_quality: Quality,
    /// How much damage the armor absorbs before it breaks.
    pub armor_durability: i32,
    /// Weapons of a lower quality deal it nothing.
    pub superior_durability: Option<Quality>,
    pub vigor: i32,
    /// Vigor per Recovery is a fifth of it; rounds in Shock before death.
    pub stamina: i32,
    /// Durability regained at each Recovery while not Wounded.
    pub durability_recovery: i32,
    pub agility_dice: u32,
    pub speed_dice: u32,
    pub strength_dice: u32,
    pub skill_dice: u32,
    pub initiative_dice: u32,
    pub medicine_dice: u32,
    /// The direction it watches at battle start (a unit field, not a template's).
    pub over_watch: Option<Dir8>,
}

/// Seed004's defaults that no Core stat sets (presets/Seed004.md).
pub const DEFAULT_VIGOR: i32 = 20;
pub const DEFAULT_STAMINA: i32 = 15;
pub const DEFAULT_GUARD: i32 = 15;
/// Core Evasion above this raises Guard one for one.
pub const GUARD_FROM_EVASION: i32 = 14;
/// Armor durability per point of Armor Rank.
pub const ARMOR_DURABILITY_PER_RANK: i32 = 5;

impl Seed004Stats {
    /// The conversion of a Core combatant: Durability = vitality, Health = half of it
    /// rounded up, Guard 15 + the Evasion above 14, armor durability 5 per rank, and dice
    /// from agility, might and initiative (divisions round down, 0–6 dice).
    pub fn derived(core: &Stats) -> Seed004Stats {
        let dice = |v: i32, per: i32, base: i32| {
            (base + v.div_euclid(per)).clamp(0, MAX_BONUS_DICE as i32) as u32
        };
        Seed004Stats {
            durability: core.vitality,
            health: (core.vitality + 1).div_euclid(2),
            guard: DEFAULT_GUARD + (core.evasion - GUARD_FROM_EVASION).max(0),
            armor_quality: Quality::Ordinary,
            armor_durability: ARMOR_DURABILITY_PER_RANK * core.armor.max(0),
            superior_durability: None,
            vigor: DEFAULT_VIGOR,
            stamina: DEFAULT_STAMINA,
            durability_recovery: 0,
            agility_dice: dice(core.agility, 3, 1),
            speed_dice: dice(core.agility, 2, 0),
            strength_dice: dice(core.might, 4, 1),
            skill_dice: dice(core.agility, 4, 1),
            initiative_dice: dice(core.initiative, 2, 0),
            medicine_dice: 1,
            over_watch: None,
        }
    }
}

/// Most Charges a weapon may have.
pub const MAX_WEAPON_CHARGE: i64 = 2;

/// Its bounds (presets/Seed004.md, "Stats and templates").
pub const MAX_POOL: i64 = 999;
pub const MAX_VIGOR: i64 = 99;
/// Most bonus dice a stat may give.
const MAX_DICE: i64 = MAX_BONUS_DICE as i64;

/// The bounds of the stat-block fields it reads (`guard` and `stamina` on its own scale).
pub const SEED004_STAT_BOUNDS: [(&str, i64, i64); 13] = [
    ("durability", 1, MAX_POOL),
    ("health", 1, MAX_POOL),
    ("guard", 1, MAX_GUARD),
    ("armor_durability", 0, MAX_POOL),
    ("vigor", 1, MAX_VIGOR),
    ("stamina", 1, MAX_STAMINA),
    ("durability_recovery", 0, MAX_VIGOR),
    ("agility_dice", 0, MAX_DICE),
    ("speed_dice", 0, MAX_DICE),
    ("strength_dice", 0, MAX_DICE),
    ("skill_dice", 0, MAX_DICE),
    ("initiative_dice", 0, MAX_DICE),
    ("medicine_dice", 0, MAX_DICE),
];

crate::book_reading!(
    /// Seed004's statistics of a combatant (none set: all 0).
    Seed004Of: seed004, Stats => Seed004Stats, Seed004Stats::default()
);

crate::book_reading!(
    /// Seed004's reading of a weapon: bare hands (a Feeble die, no bonus dice, no Charge)
    /// for a weapon the core made.
    Seed004WeaponOf: seed004, Weapon => Seed004Weapon, Seed004Weapon {
        quality: Quality::Feeble,
        dice: 1,
        bonus_dice: BonusDiceKind::None,
        charge: 0,
    }
);

/// What the block and the unit's `over_watch` set, the conversion of the Core statistics
/// for the rest.
pub(super) fn put_stats(b: &StatBlock, unit: &UnitFile, stats: &mut Stats) {
    let d = Seed004Stats::derived(stats);
    let dice = |v: Option<i64>, default: u32| v.map_or(default, |v| v as u32);
    let own = Seed004Stats {
        durability: b.own.int_or("durability", d.durability),
        health: b.own.int_or("health", d.health),
        guard: b.own.int_or("guard", d.guard),
        armor_quality: b
            .own
            .get::<Quality>("armor_quality")
            .copied()
            .unwrap_or(d.armor_quality),
        armor_durability: b.own.int_or("armor_durability", d.armor_durability),
        superior_durability: b
            .own
            .get::<Quality>("superior_durability")
            .copied()
            .or(d.superior_durability),
        vigor: b.own.int_or("vigor", d.vigor),
        stamina: b.own.int_or("stamina", d.stamina),
        durability_recovery: b.own.int_or("durability_recovery", d.durability_recovery),
        agility_dice: dice(b.own.int("agility_dice"), d.agility_dice),
        speed_dice: dice(b.own.int("speed_dice"), d.speed_dice),
        strength_dice: dice(b.own.int("strength_dice"), d.strength_dice),
        skill_dice: dice(b.own.int("skill_dice"), d.skill_dice),
        initiative_dice: dice(b.own.int("initiative_dice"), d.initiative_dice),
        medicine_dice: dice(b.own.int("medicine_dice"), d.medicine_dice),
        over_watch: unit.own.get::<Dir8>("over_watch").copied(),
    };
    stats.own.put(BookValue::new(own));
}

/// The value of one of its whole-number stat fields that the battle uses.
pub(super) fn stat_value(field: &str, stats: &Stats) -> Option<i64> {
    let own = stats.seed004();
    let value: i64 = match field {
        "durability" => own.durability.into(),
        "health" => own.health.into(),
        "guard" => own.guard.into(),
        "armor_durability" => own.armor_durability.into(),
        "vigor" => own.vigor.into(),
        "stamina" => own.stamina.into(),
        "durability_recovery" => own.durability_recovery.into(),
        "agility_dice" => own.agility_dice.into(),
        "speed_dice" => own.speed_dice.into(),
        "strength_dice" => own.strength_dice.into(),
        "skill_dice" => own.skill_dice.into(),
        "initiative_dice" => own.initiative_dice.into(),
        "medicine_dice" => own.medicine_dice.into(),
        _ => return None,
    };
    Some(value)
}

/// Its reading of the weapon: the Charges (checked), quality and bonus dice the file sets,
/// the conversion of the Core weapon for the rest.
pub(super) fn put_weapon(w: &WeaponFile, weapon: &mut Weapon, check: &mut dyn FieldCheck) {
    let mut own =
        Seed004Weapon::derived(weapon.kind, weapon.damage, weapon.damage_type, weapon.hit);
    if let Some(c) = w.own.int("charge")
        && check.range("charge", c, (0, MAX_WEAPON_CHARGE))
    {
        own.charge = c as u32;
    }
    own.quality = w
        .own
        .get::<Quality>("quality")
        .copied()
        .unwrap_or(own.quality);
    own.bonus_dice = (w.own.get::<BonusDiceKind>("bonus_dice").copied()).unwrap_or(own.bonus_dice);
    weapon.own.put(BookValue::new(own));
}
