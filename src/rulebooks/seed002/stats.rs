//! Seed002's statistics of a combatant and its reading of a weapon, read from a level's
//! fields or converted from Core's, with the bounds of its fields (presets/Seed002.md,
//! "Stats and templates").

use crate::level::MAX_HIT;
use crate::level::schema::{StatBlock, WeaponFile};
use crate::rulebook::FieldCheck;
use crate::rules::book_value::BookValue;
use crate::rules::unit::{Stats, Weapon, WeaponKind};
use serde::{Deserialize, Serialize};

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

/// The bounds of the stat-block fields it reads (`guard`, `stamina`, `ranged_evasion` and
/// `speed` on its own scale).
pub const SEED002_STAT_BOUNDS: [(&str, i64, i64); 8] = [
    ("melee_evasion", 2, 16),
    ("ranged_evasion", 0, 6),
    ("guard", 0, 4),
    ("fortitude", 6, 18),
    ("coverage", 0, 20),
    ("stamina", 1, 20),
    ("max_agility", 0, 6),
    ("speed", 1, 20),
];
/// Most Energy a ranged weapon may take to load.
pub const MAX_LOAD: i64 = 5;

crate::book_reading!(
    /// Seed002's statistics of a combatant (none set: all 0).
    Seed002Of: seed002, Stats => Seed002Stats, Seed002Stats::default()
);

crate::book_reading!(
    /// Seed002's reading of a weapon (bare hands: AV 0, no accuracy, range or load).
    Seed002WeaponOf: seed002 / seed002_mut, Weapon => Seed002Weapon, Seed002Weapon::default()
);

/// What the block sets, the conversion of the Core statistics for the rest.
pub(super) fn put_stats(b: &StatBlock, stats: &mut Stats) {
    let d = Seed002Stats::derived(stats);
    let own = Seed002Stats {
        melee_evasion: b.own.int_or("melee_evasion", d.melee_evasion),
        ranged_evasion: b.own.int_or("ranged_evasion", d.ranged_evasion),
        guard: b.own.int_or("guard", d.guard),
        fortitude: b.own.int_or("fortitude", d.fortitude),
        coverage: b.own.int_or("coverage", d.coverage),
        stamina: b.own.int_or("stamina", d.stamina),
        max_agility: b.own.int_or("max_agility", d.max_agility),
        speed: b.own.int("speed").map_or(d.speed, |v| v as u32),
    };
    stats.own.put(BookValue::new(own));
}

/// The value of one of its whole-number stat fields that the battle uses.
pub(super) fn stat_value(field: &str, stats: &Stats) -> Option<i64> {
    let own = stats.seed002();
    let value: i64 = match field {
        "melee_evasion" => own.melee_evasion.into(),
        "ranged_evasion" => own.ranged_evasion.into(),
        "guard" => own.guard.into(),
        "fortitude" => own.fortitude.into(),
        "coverage" => own.coverage.into(),
        "stamina" => own.stamina.into(),
        "max_agility" => own.max_agility.into(),
        "speed" => own.speed.into(),
        _ => return None,
    };
    Some(value)
}

/// Its reading of the weapon: the AV, accuracy and load the file sets (checked), its close
/// range (the first of three ranges), the conversion of the Core weapon for the rest.
pub(super) fn put_weapon(w: &WeaponFile, weapon: &mut Weapon, check: &mut dyn FieldCheck) {
    let mut own = Seed002Weapon::derived(weapon.hit, weapon.range);
    if let Some(av) = w.own.int("av")
        && check.range("av", av, (0, MAX_HIT))
    {
        own.av = av as i32;
    }
    if let Some(a) = w.own.int("accuracy")
        && check.range("accuracy", a, (-MAX_HIT, MAX_HIT))
    {
        own.accuracy = a as i32;
    }
    if let Some(l) = w.own.int("load")
        && check.range("load", l, (0, MAX_LOAD))
    {
        own.load = l as u32;
    }
    // The core checked the close range against the others.
    let close = w.range.and_then(|r| r.parts().0);
    if weapon.kind == WeaponKind::Ranged
        && let Some(c) = close
    {
        own.close = c.max(0) as u32;
    }
    weapon.own.put(BookValue::new(own));
}
