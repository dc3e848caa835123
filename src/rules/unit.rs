//! Combatant statistics and weapons, resolved from templates and overrides (RULES §2).

use super::bonus_dice::{MAX_BONUS_DICE, Quality};
use super::combat::{Affinity, DamageType, Size};
use super::dice::DiceExpr;
use super::grid::Dir8;
use super::ruleset::{ConditionKind, Duration};
use serde::{Deserialize, Serialize};

/// Melee or ranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum WeaponKind {
    #[default]
    Melee,
    Ranged,
}

/// A condition a weapon inflicts on a hit or a critical hit, with its duration resolved
/// (a weapon that names none gets [`ConditionKind::default_weapon_duration`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Inflict {
    pub condition: ConditionKind,
    pub duration: Duration,
}

/// Who a weapon's teleport moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeleportWho {
    /// The wielder blinks straight away from the target it hit.
    User,
    /// The target it hit vanishes and reappears straight away from the wielder.
    Target,
}

/// A weapon's teleport (RULES §8; docs/RULES_NOTES.md, "Teleport"): on a hit, `who` lands
/// exactly `distance` tiles straight away from the other, passing over anything between;
/// it never provokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Teleport {
    pub who: TeleportWho,
    /// Tiles (metres) along the line.
    pub distance: u32,
}

/// Melee reach when a weapon does not say (RULES §2: melee base range 1 m).
pub const DEFAULT_REACH: u32 = 1;

/// A resolved weapon.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    pub kind: WeaponKind,
    pub hit: i32,
    pub damage: DiceExpr,
    pub damage_type: DamageType,
    /// Melee reach in metres.
    pub reach: u32,
    /// Ranged: (normal, long) in metres.
    pub range: (u32, u32),
    /// Metres of forced movement on a hit.
    pub push: u32,
    /// A teleport on a hit (RULES §8), of the wielder or of the target.
    pub teleport: Option<Teleport>,
    pub on_hit: Vec<Inflict>,
    pub on_crit: Vec<Inflict>,
    /// Held in a hand, so it can be disarmed (Seed000, Seed001); natural weapons are not.
    pub held: bool,
    /// A heavy weapon can Bash (Seed001).
    pub heavy: bool,
    /// Wielded with two hands: a boon against Disarm (Seed001).
    pub two_handed: bool,
    /// An attack spell: casting it within an enemy's reach provokes; no Precision
    /// (Seed001).
    pub spell: bool,
    /// How Seed004 reads it.
    pub seed004: Seed004Weapon,
    /// How Seed002 reads it.
    pub seed002: Seed002Weapon,
    /// How Seed003 reads it.
    pub seed003: Seed003Weapon,
}

/// A weapon as Seed003 reads it (presets/Seed003.md, "Stats and templates").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seed003Weapon {
    /// The fixed damage a hit adds to the attack total.
    pub wound_damage: i32,
    /// Might and wound damage go into the attack roll, and not again into damage.
    pub penetrating: bool,
}

impl Seed003Weapon {
    /// The conversion of a Core weapon: wound damage = max(0, ⌊average damage / 2⌋ − 1)
    /// (sword 1d8+2 → 2, maul 2d6+2 → 3, fists 1d4 → 0).
    pub fn derived(damage: DiceExpr) -> Seed003Weapon {
        // Twice the average: count × (sides + 1) + 2 × bonus; half the average is a quarter.
        let twice = damage.count as i32 * (damage.sides as i32 + 1) + 2 * damage.bonus;
        Seed003Weapon {
            wound_damage: (twice.div_euclid(4) - 1).max(0),
            penetrating: false,
        }
    }
}

/// A weapon as Seed002 reads it (presets/Seed002.md, "Stats and templates").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seed002Weapon {
    /// Melee: the fixed Attack Value the defender's Evasion roll must not pass.
    pub av: i32,
    /// Ranged: lowers the Miss Chance.
    pub accuracy: i32,
    /// Ranged: close range in metres (advantage within it); normal and long are Core's.
    pub close: u32,
    /// Ranged: Energy to load it.
    pub load: u32,
}

/// Seed002's melee AV over a Core `hit` (presets/Seed002.md: `av` = 14 + `hit`).
pub const AV_FROM_HIT: i32 = 14;
/// A Core normal range is this many times Seed002's close range.
pub const CLOSE_RANGE_DIVISOR: u32 = 4;
/// Energy to load a ranged weapon when the catalog does not say.
pub const DEFAULT_LOAD: u32 = 1;

impl Seed002Weapon {
    /// The conversion of a Core weapon: AV 14 + hit, accuracy = hit, close range a quarter
    /// of the normal range, 1 Energy to load.
    pub fn derived(hit: i32, range: (u32, u32)) -> Seed002Weapon {
        Seed002Weapon {
            av: AV_FROM_HIT + hit,
            accuracy: hit,
            close: range.0 / CLOSE_RANGE_DIVISOR,
            load: DEFAULT_LOAD,
        }
    }
}

/// Which of the wielder's bonus dice a weapon's damage adds (Seed004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BonusDiceKind {
    Strength,
    Skill,
    None,
}

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

impl Weapon {
    /// Bare hands, for a combatant that lost every weapon (the catalog's `fists`).
    pub fn fists() -> Weapon {
        Weapon {
            name: "fists".into(),
            kind: WeaponKind::Melee,
            hit: 2,
            damage: DiceExpr::new(1, 4, 0),
            damage_type: DamageType::Physical,
            reach: DEFAULT_REACH,
            range: (0, 0),
            push: 0,
            teleport: None,
            on_hit: Vec::new(),
            on_crit: Vec::new(),
            held: false,
            heavy: false,
            two_handed: false,
            spell: false,
            seed004: Seed004Weapon {
                quality: Quality::Feeble,
                dice: 1,
                bonus_dice: BonusDiceKind::None,
                charge: 0,
            },
            seed002: Seed002Weapon::default(),
            seed003: Seed003Weapon::derived(DiceExpr::new(1, 4, 0)),
        }
    }

    pub fn is_melee(&self) -> bool {
        self.kind == WeaponKind::Melee
    }

    /// The farthest a ranged weapon shoots: its long range, or with no range bands
    /// (Seed000) its normal range.
    pub fn max_range(&self, bands: bool) -> u32 {
        if bands { self.range.1 } else { self.range.0 }
    }

    /// Whether a target at `distance` metres is within reach (melee) or range (ranged: long
    /// range with range `bands`, else normal range).
    pub fn in_range(&self, distance: u32, bands: bool) -> bool {
        match self.kind {
            WeaponKind::Melee => distance >= 1 && distance <= self.reach,
            WeaponKind::Ranged => distance >= 1 && distance <= self.max_range(bands),
        }
    }
}

/// A combatant's resolved statistics: RULES §2's, and each preset's own with defaults
/// derived from them (so every template plays under every preset).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub vitality: i32,
    pub evasion: i32,
    pub armor: i32,
    pub movement: u32,
    pub initiative: i32,
    pub might: i32,
    pub agility: i32,
    pub size: Size,
    pub weapons: Vec<Weapon>,
    /// Resistances and vulnerabilities with their flat values (Seed001; a plain Core
    /// entry counts 3). Under Core any entry halves or multiplies by 1.5.
    pub resist: Vec<(DamageGroup, i32)>,
    pub immune: Vec<DamageType>,
    pub vulnerable: Vec<(DamageGroup, i32)>,
    /// Seed000's Defense Roll values and skills.
    pub seed000: Seed000Stats,
    /// Seed001's defences.
    pub seed001: Seed001Stats,
    /// Seed004's pools, Guard, armor and dice.
    pub seed004: Seed004Stats,
    /// Seed002's defences, Stamina, Agility and Speed.
    pub seed002: Seed002Stats,
    /// Seed003's Speed, move rate, vit, persona, stamina and wound track.
    pub seed003: Seed003Stats,
}

/// Seed003's wound tracks [003:18-36]: a player character's `Full` track takes its
/// Moderate, Severe and Critical slots from `vit`; the NPC tracks have 1, 2 or 3 of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum WoundTrack {
    #[default]
    Full,
    Minion,
    Standard,
    Elite,
}

/// How a combatant stands (Seed003's Change Posture).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Posture {
    #[default]
    Standing,
    Crouching,
    Prone,
}

/// Seed003's statistics (presets/Seed003.md, "Stats and templates").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seed003Stats {
    /// −10…10: the AP a round start and a turn end give, and the most it may hold.
    pub speed: i32,
    /// 0…25: yards a full move (4 AP) buys.
    pub move_rate: u32,
    /// −5…5: toughness and the Moderate/Severe/Critical slots of a `Full` track.
    pub vit: i32,
    /// −5…5: Light slots are 5 + persona.
    pub persona: i32,
    /// The most Stamina it has; fatigue lowers it.
    pub stamina: i32,
    pub wound_track: WoundTrack,
    /// The ranged Defense (the melee one is `evasion`).
    pub ranged_evasion: i32,
    /// How it stands when the battle starts (a unit field, not a template's).
    pub posture: Posture,
}

/// Seed003's conversion bounds.
pub const SEED003_SPEED_MAX: i32 = 10;
pub const SEED003_MOVE_RATE_MAX: u32 = 25;
pub const SEED003_VIT_MAX: i32 = 5;
/// Core's `movement` of 3 m is the seed's Speed 0.
pub const SPEED_FROM_MOVEMENT: i32 = 3;
/// Stamina is this plus vit, at least 1.
pub const SEED003_STAMINA_BASE: i32 = 10;

impl Seed003Stats {
    /// The conversion of a Core combatant: speed = movement − 3, move rate = twice the
    /// movement plus 2, vit = ⌊vitality / 5⌋ − 4 − size value, persona 0, stamina
    /// max(1, 10 + vit), a `Full` track, the ranged Defense = `evasion`, standing
    /// (presets/Seed003.md).
    pub fn derived(core: &Stats) -> Seed003Stats {
        let movement = core.movement.min(1000) as i32;
        let vit = (core.vitality.div_euclid(5) - 4 - core.size.value())
            .clamp(-SEED003_VIT_MAX, SEED003_VIT_MAX);
        Seed003Stats {
            speed: (movement - SPEED_FROM_MOVEMENT).clamp(-SEED003_SPEED_MAX, SEED003_SPEED_MAX),
            move_rate: (2 * movement + 2).clamp(0, SEED003_MOVE_RATE_MAX as i32) as u32,
            vit,
            persona: 0,
            stamina: (SEED003_STAMINA_BASE + vit).max(1),
            wound_track: WoundTrack::Full,
            ranged_evasion: core.evasion,
            posture: Posture::Standing,
        }
    }
}

/// Seed002's statistics (presets/Seed002.md, "Stats and templates").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seed002Stats {
    /// Added to the exploding d10 Evasion roll.
    pub melee_evasion: i32,
    /// Added to the exploding d4 Ranged Evasion roll.
    pub ranged_evasion: i32,
    /// The weapon or shield part of `melee_evasion`, lost against the rear arc.
    pub guard: i32,
    /// Added to the exploding d10 Fortitude roll.
    pub fortitude: i32,
    /// Armor applies when the Combat roll is below this.
    pub coverage: i32,
    pub stamina: i32,
    pub max_agility: i32,
    /// Metres a Run covers.
    pub speed: u32,
}

/// Seed002's defaults that no Core stat sets.
pub const SEED002_STAMINA: i32 = 10;
pub const SEED002_MAX_AGILITY: i32 = 3;
/// Core Evasion is this much above Seed002's `melee_evasion`.
pub const MELEE_EVASION_BELOW_EVASION: i32 = 3;
/// Fortitude's base before half the might.
pub const FORTITUDE_BASE: i32 = 10;
/// Coverage: this plus twice the armor, at most 20 (none without armor).
pub const COVERAGE_BASE: i32 = 8;
pub const COVERAGE_MAX: i32 = 20;

impl Seed002Stats {
    /// The conversion of a Core combatant (presets/Seed002.md): melee_evasion = evasion − 3,
    /// ranged_evasion = agility / 2, guard 1 with a melee weapon, fortitude = 10 + might /
    /// 2, coverage 8 + 2 × armor (0 without armor, at most 20), stamina 10, 3 Agility,
    /// speed twice the movement.
    pub fn derived(core: &Stats) -> Seed002Stats {
        Seed002Stats {
            melee_evasion: core.evasion - MELEE_EVASION_BELOW_EVASION,
            ranged_evasion: core.agility.div_euclid(2),
            guard: i32::from(core.weapons.iter().any(Weapon::is_melee)),
            fortitude: FORTITUDE_BASE + core.might.div_euclid(2),
            coverage: if core.armor <= 0 {
                0
            } else {
                (COVERAGE_BASE + 2 * core.armor).min(COVERAGE_MAX)
            },
            stamina: SEED002_STAMINA,
            max_agility: SEED002_MAX_AGILITY,
            speed: 2 * core.movement,
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

/// Seed000's statistics (presets/Seed000.md, "Stats and templates").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seed000Stats {
    /// Constitution DR value, against Poison.
    pub endurance: i32,
    /// Will DR value, against Psychic.
    pub will: i32,
    pub stealth: i32,
    pub perception: i32,
    pub first_aid: i32,
    /// Reaction features (only `Opportunity` exists).
    pub reactions: Vec<ReactionFeature>,
}

/// A reaction a unit has as a feature (Seed000).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReactionFeature {
    Opportunity,
}

/// Seed001's defences (presets/Seed001.md, "Stats and templates").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seed001Stats {
    pub dodge: i32,
    /// `None`: it holds no melee weapon and cannot Parry.
    pub parry: Option<i32>,
    pub block: i32,
    /// A shield's rating; 0 without a shield (then it cannot Block).
    pub block_rating: i32,
    /// Withstand's bonus, against mind attacks.
    pub focus: i32,
}

impl Seed001Stats {
    /// The defences that convert a Core combatant (presets/Seed001.md): dodge = evasion −
    /// 10; parry = the best `hit` of its held melee weapons (none: it cannot parry); block =
    /// parry; a shield (rating 3) with a `shield_bash`; focus = initiative.
    pub fn derived(evasion: i32, initiative: i32, weapons: &[Weapon]) -> Seed001Stats {
        let parry = weapons
            .iter()
            .filter(|w| w.is_melee() && w.held)
            .map(|w| w.hit)
            .max();
        Seed001Stats {
            dodge: evasion - 10,
            parry,
            block: parry.unwrap_or(0),
            block_rating: if weapons.iter().any(|w| w.name == SHIELD_BASH) {
                DEFAULT_BLOCK_RATING
            } else {
                0
            },
            focus: initiative,
        }
    }
}

/// The catalog weapon that stands for a shield (Seed001: its holder can Block).
pub const SHIELD_BASH: &str = "shield_bash";
/// The block rating of a shield when a template gives none.
pub const DEFAULT_BLOCK_RATING: i32 = 3;

/// What a resistance or vulnerability covers: one damage type, or every Magic type (Heat,
/// Cold and Shock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageGroup {
    Type(DamageType),
    Magic,
}

impl DamageGroup {
    pub fn covers(self, t: DamageType) -> bool {
        match self {
            DamageGroup::Type(x) => x == t,
            DamageGroup::Magic => {
                matches!(t, DamageType::Heat | DamageType::Cold | DamageType::Shock)
            }
        }
    }
}

/// The flat value of a plain resistance or vulnerability entry (Seed001: "a Core entry `T`
/// reads `(T, 3)`").
pub const PLAIN_AFFINITY_VALUE: i32 = 3;

impl Stats {
    pub fn affinity(&self, t: DamageType) -> Affinity {
        Affinity {
            resistant: self.resist.iter().any(|(g, _)| g.covers(t)),
            immune: self.immune.contains(&t),
            vulnerable: self.vulnerable.iter().any(|(g, _)| g.covers(t)),
        }
    }

    /// The highest flat resistance and vulnerability covering a damage type (Seed001).
    pub fn flat_affinity(&self, t: DamageType) -> (i32, i32) {
        let best = |list: &[(DamageGroup, i32)]| {
            list.iter()
                .filter(|(g, _)| g.covers(t))
                .map(|(_, v)| *v)
                .max()
                .unwrap_or(0)
        };
        (best(&self.resist), best(&self.vulnerable))
    }

    /// The longest melee reach among the weapons (0 with no melee weapon).
    pub fn melee_reach(&self) -> u32 {
        self.weapons
            .iter()
            .filter(|w| w.is_melee())
            .map(|w| w.reach)
            .max()
            .unwrap_or(0)
    }

    /// The melee weapon used for reactions: the longest reach, first listed on ties.
    pub fn reaction_weapon(&self, distance: u32) -> Option<usize> {
        self.weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.is_melee() && w.in_range(distance, true))
            .max_by_key(|(i, w)| (w.reach, std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    /// The higher of might and agility (resisting contests).
    /// Seed000's DR value against a damage type that meets one instead of armor: `endurance`
    /// against Poison, `will` against Psychic.
    pub fn dr_value(&self, t: DamageType) -> Option<i32> {
        match t {
            DamageType::Poison => Some(self.seed000.endurance),
            DamageType::Psychic => Some(self.seed000.will),
            _ => None,
        }
    }

    pub fn resist_bonus(&self) -> i32 {
        self.might.max(self.agility)
    }
}
