//! Seed003's reports, which its events carry.

use crate::battle::events::*;
use serde::{Deserialize, Serialize};

/// Seed003: one 3d6 roll and what it was against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckReport {
    pub actor: String,
    /// What was rolled: `attacks Bo with sword`, `Power check (Shove)`.
    pub what: String,
    pub dice: Vec<u32>,
    pub natural: u32,
    pub bonus: i32,
    pub total: i32,
    /// The Defense or target number, and its name.
    pub against: i32,
    pub against_name: String,
    pub success: bool,
    pub modifiers: Vec<Modifier>,
}

/// Seed003: the verbs an attack's check names itself by (`what`: `{verb} {target} with
/// {weapon}`): a Rebuff, a readied strike, a shot, an attack.
pub const ATTACK_VERBS: [&str; 4] = ["Rebuffs", "strikes (readied) at", "shoots", "attacks"];

impl CheckReport {
    /// The target and the weapon, when the check is an attack's roll.
    pub fn attack(&self) -> Option<(&str, &str)> {
        ATTACK_VERBS.iter().find_map(|verb| {
            let rest = self.what.strip_prefix(verb)?.strip_prefix(' ')?;
            rest.rsplit_once(" with ")
        })
    }
}

/// Seed003: a wound: the final damage with its parts, its level and where it landed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoundReport {
    pub unit: String,
    pub source: String,
    /// The named numbers added up to the final damage (`attack total`, `might`, …).
    pub parts: Vec<(String, i32)>,
    pub final_damage: i32,
    /// The level after Quick, Rebuff, affinities and a nonlethal cap (`None`: no wound).
    pub level: Option<crate::rules::wound_level::WoundLevel>,
    /// The slot it filled after overflow (`None`: no wound).
    pub landed: Option<crate::rules::wound_level::WoundLevel>,
    /// Why the level differs from the final damage's, if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub filled: [u8; 5],
    pub slots: [u8; 5],
}
