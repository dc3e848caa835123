//! Seed000's reports, which its events carry.

use serde::{Deserialize, Serialize};

/// Seed000: a hider's d20 + stealth against each standing enemy's d20 + perception; it
/// hides only with a strictly higher total than every one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HideReport {
    pub unit: String,
    pub roll: u32,
    pub bonus: i32,
    pub total: i32,
    /// (enemy, roll, perception, total), in level order.
    pub watchers: Vec<(String, u32, i32, i32)>,
    pub hidden: bool,
}
