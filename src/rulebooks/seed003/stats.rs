//! Seed003's statistics of a combatant and its reading of a weapon, read from a level's
//! fields or converted from Core's, with the bounds of its fields (presets/Seed003.md,
//! "Stats and templates").

use crate::level::MAX_STAT;
use crate::level::schema::{StatBlock, UnitFile, WeaponFile};
use crate::rulebook::FieldCheck;
use crate::rules::book_value::BookValue;
use crate::rules::dice::DiceExpr;
use crate::rules::unit::{Posture, Stats, Weapon, WoundTrack};
use serde::{Deserialize, Serialize};

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

/// The bounds of the stat-block fields it reads (`speed`, `stamina` and `ranged_evasion`
/// on its own scale).
pub const SEED003_STAT_BOUNDS: [(&str, i64, i64); 6] = [
    ("speed", -10, 10),
    ("move_rate", 0, 25),
    ("vit", -5, 5),
    ("persona", -5, 5),
    ("stamina", 1, 30),
    ("ranged_evasion", 0, MAX_STAT),
];
/// The largest fixed wound damage a weapon may add.
pub const MAX_WOUND_DAMAGE: i64 = 20;

crate::book_reading!(
    /// Seed003's statistics of a combatant (none set: all 0).
    Seed003Of: seed003, Stats => Seed003Stats, Seed003Stats::default()
);

crate::book_reading!(
    /// Seed003's reading of a weapon (bare hands: no wound damage).
    Seed003WeaponOf: seed003, Weapon => Seed003Weapon, Seed003Weapon::default()
);

/// What the block and the unit's `posture` set, the conversion of the Core statistics for
/// the rest (stamina follows the vit in force).
pub(super) fn put_stats(b: &StatBlock, unit: &UnitFile, stats: &mut Stats) {
    let d = Seed003Stats::derived(stats);
    let vit = b.own.int_or("vit", d.vit);
    let own = Seed003Stats {
        speed: b.own.int_or("speed", d.speed),
        move_rate: b.own.int("move_rate").map_or(d.move_rate, |v| v as u32),
        vit,
        persona: b.own.int_or("persona", d.persona),
        stamina: b.own.int_or("stamina", (SEED003_STAMINA_BASE + vit).max(1)),
        wound_track: b
            .own
            .get::<WoundTrack>("wound_track")
            .copied()
            .unwrap_or(d.wound_track),
        ranged_evasion: b.own.int_or("ranged_evasion", d.ranged_evasion),
        posture: unit
            .own
            .get::<Posture>("posture")
            .copied()
            .unwrap_or(d.posture),
    };
    stats.own.put(BookValue::new(own));
}

/// The value of one of its whole-number stat fields that the battle uses.
pub(super) fn stat_value(field: &str, stats: &Stats) -> Option<i64> {
    let own = stats.seed003();
    let value: i64 = match field {
        "speed" => own.speed.into(),
        "move_rate" => own.move_rate.into(),
        "vit" => own.vit.into(),
        "persona" => own.persona.into(),
        "stamina" => own.stamina.into(),
        "ranged_evasion" => own.ranged_evasion.into(),
        _ => return None,
    };
    Some(value)
}

/// Its reading of the weapon: the wound damage the file sets (checked) or the conversion of
/// the Core damage, and whether it is penetrating.
pub(super) fn put_weapon(w: &WeaponFile, weapon: &mut Weapon, check: &mut dyn FieldCheck) {
    let mut own = Seed003Weapon::derived(weapon.damage);
    if let Some(d) = w.own.int("wound_damage")
        && check.range("wound_damage", d, (0, MAX_WOUND_DAMAGE))
    {
        own.wound_damage = d as i32;
    }
    own.penetrating = w.own.get::<bool>("penetrating").copied().unwrap_or(false);
    weapon.own.put(BookValue::new(own));
}
