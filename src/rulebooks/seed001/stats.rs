//! Seed001's defences of a combatant, read from a stat block or converted from the Core
//! statistics (presets/Seed001.md, "Stats and templates").

use crate::level::MIN_SKILL;
use crate::level::schema::{StatBlock, WeaponFile};
use crate::rules::book_value::BookValue;
use crate::rules::unit::{Stats, Weapon};
use serde::{Deserialize, Serialize};

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

/// Largest defence bonus (dodge, parry, block and focus: −5…15).
pub const MAX_DEFENCE: i64 = 15;
/// Largest shield rating (0…10).
pub const MAX_BLOCK_RATING: i64 = 10;

/// The bounds of the stat-block fields it reads: its defences.
pub const SEED001_STAT_BOUNDS: [(&str, i64, i64); 5] = [
    ("dodge", MIN_SKILL, MAX_DEFENCE),
    ("parry", MIN_SKILL, MAX_DEFENCE),
    ("block", MIN_SKILL, MAX_DEFENCE),
    ("block_rating", 0, MAX_BLOCK_RATING),
    ("focus", MIN_SKILL, MAX_DEFENCE),
];

/// A weapon as Seed001 reads it (presets/Seed001.md, "Weapons").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seed001Weapon {
    /// A heavy weapon can Bash.
    pub heavy: bool,
    /// Wielded with two hands: a boon against Disarm.
    pub two_handed: bool,
    /// An attack spell: casting it within an enemy's reach provokes; no Precision.
    pub spell: bool,
}

crate::book_reading!(
    /// Seed001's reading of a weapon (bare hands: none of these).
    Seed001WeaponOf: seed001, Weapon => Seed001Weapon, Seed001Weapon::default()
);

/// Its reading of the weapon: what the file says of it.
pub(super) fn put_weapon(w: &WeaponFile, weapon: &mut Weapon) {
    let flag = |name| w.own.get::<bool>(name).copied().unwrap_or(false);
    let own = Seed001Weapon {
        heavy: flag("heavy"),
        two_handed: flag("two_handed"),
        spell: flag("spell"),
    };
    weapon.own.put(BookValue::new(own));
}

crate::book_reading!(
    /// Seed001's defences of a combatant (none set: all 0, no Parry).
    Seed001Of: seed001 / seed001_mut, Stats => Seed001Stats, Seed001Stats::default()
);

/// What the block sets, the conversion of the Core statistics for the rest (a block that
/// sets `parry` and no `block` blocks with its parry).
pub(super) fn put_stats(b: &StatBlock, stats: &mut Stats) {
    let derived = Seed001Stats::derived(stats.evasion, stats.initiative, &stats.weapons);
    let own = Seed001Stats {
        dodge: b.own.int_or("dodge", derived.dodge),
        parry: b.own.int("parry").map(|v| v as i32).or(derived.parry),
        block: b.own.int_or("block", b.own.int_or("parry", derived.block)),
        block_rating: b.own.int_or("block_rating", derived.block_rating),
        focus: b.own.int_or("focus", derived.focus),
    };
    stats.own.put(BookValue::new(own));
}

/// The value of one of its whole-number stat fields that the battle uses (no `parry`
/// without a held melee weapon).
pub(super) fn stat_value(field: &str, stats: &Stats) -> Option<i64> {
    let own = stats.seed001();
    let value: i64 = match field {
        "dodge" => own.dodge.into(),
        "parry" => own.parry?.into(),
        "block" => own.block.into(),
        "block_rating" => own.block_rating.into(),
        "focus" => own.focus.into(),
        _ => return None,
    };
    Some(value)
}
