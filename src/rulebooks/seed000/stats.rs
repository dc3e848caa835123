//! Seed000's statistics of a combatant: its Defense Roll values and skills, read from a stat
//! block or converted from the Core statistics (presets/Seed000.md, "Stats and templates").

use crate::level::schema::StatBlock;
use crate::level::{MAX_SKILL, MIN_SKILL};
use crate::rules::combat::DamageType;
use crate::rules::unit::Stats;
use serde::{Deserialize, Serialize};

/// Seed000's statistics (presets/Seed000.md, "Stats and templates").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Seed000Stats {
    /// Constitution DR value, against Poison.
    pub endurance: i32,
    /// Will DR value, against Psychic.
    pub will: i32,
    pub stealth: i32,
    pub perception: i32,
}

/// The bounds of the stat-block fields it reads: its Defense Roll values and skills.
pub const SEED000_STAT_BOUNDS: [(&str, i64, i64); 4] = [
    ("endurance", MIN_SKILL, MAX_SKILL),
    ("will", MIN_SKILL, MAX_SKILL),
    ("stealth", MIN_SKILL, MAX_SKILL),
    ("perception", MIN_SKILL, MAX_SKILL),
];

crate::book_reading!(
    /// Seed000's statistics of a combatant (none set: all 0).
    Seed000Of: seed000, Stats => Seed000Stats, Seed000Stats::default()
);

/// What the block sets; stealth defaults to the agility, the rest to 0. The Constitution
/// and Will values meet Poison and Psychic damage in place of armor (`dr_values`).
pub(super) fn put_stats(b: &StatBlock, stats: &mut Stats) {
    let own = Seed000Stats {
        endurance: b.own.int_or("endurance", 0),
        will: b.own.int_or("will", 0),
        stealth: b.own.int_or("stealth", stats.agility),
        perception: b.own.int_or("perception", 0),
    };
    stats.dr_values = vec![
        (DamageType::Poison, own.endurance),
        (DamageType::Psychic, own.will),
    ];
    stats.own.put(crate::rules::book_value::BookValue::new(own));
}

/// The value of one of its whole-number stat fields that the battle uses: the Constitution
/// and Will values as `dr_values` carries them, the skills as `stats.own` does.
pub(super) fn stat_value(field: &str, stats: &Stats) -> Option<i64> {
    let own = stats.seed000();
    let value: i64 = match field {
        "endurance" => stats.dr_value(DamageType::Poison)?.into(),
        "will" => stats.dr_value(DamageType::Psychic)?.into(),
        "stealth" => own.stealth.into(),
        "perception" => own.perception.into(),
        _ => return None,
    };
    Some(value)
}
