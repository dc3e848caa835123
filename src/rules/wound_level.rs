//! Seed003's wound levels (presets/Seed003.md, D3), which its events and commands carry
//! (`BattleEvent::Wound`, a Nonlethal Attack's cap): the core's data, read by the log,
//! replays and the window; the rulebook's arithmetic is in its folder.

/// The wound levels (D3), lightest first.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum WoundLevel {
    Light,
    Moderate,
    Severe,
    Critical,
    Fatal,
}

impl WoundLevel {
    pub const ALL: [WoundLevel; 5] = [
        WoundLevel::Light,
        WoundLevel::Moderate,
        WoundLevel::Severe,
        WoundLevel::Critical,
        WoundLevel::Fatal,
    ];

    /// The lowest final damage of each level: Light 0, Moderate 2, Severe 4, Critical 6,
    /// Fatal 8.
    pub fn threshold(self) -> i32 {
        2 * self as i32
    }

    /// The level a final damage makes, if any (below 0: none).
    pub fn of(final_damage: i32) -> Option<WoundLevel> {
        if final_damage < 0 {
            return None;
        }
        let i = (final_damage / 2).min(4) as usize;
        Some(WoundLevel::ALL[i])
    }

    /// One step lighter (Quick Attack): Light becomes no wound.
    pub fn lighter(self) -> Option<WoundLevel> {
        (self as usize).checked_sub(1).map(|i| WoundLevel::ALL[i])
    }

    /// One step heavier (Rebuff): Fatal stays Fatal.
    pub fn heavier(self) -> WoundLevel {
        WoundLevel::ALL[(self as usize + 1).min(4)]
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for WoundLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self, f)
    }
}
