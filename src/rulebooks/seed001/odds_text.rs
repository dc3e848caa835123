//! Seed001's strike odds in words (presets/Seed001.md, "Preview"): over a target and on a
//! prompt the likeliest defence's, in the side panel and on the defence prompt every number
//! of each defence. Text only.

use super::strike_odds::{StrikeOdds, likely};
use crate::rulebook::OddsForm;
use crate::rules::combat_roll::Defence;

/// The words of a strike's odds with each defence, in `form`; `None` when there are none.
pub fn odds_text(strikes: &[StrikeOdds], form: OddsForm) -> Option<String> {
    match form {
        OddsForm::Label => likely(strikes).map(|s| {
            let (lo, hi) = s.damage_range();
            format!("{:.0}% {}-{}", s.lands().percent(), lo, hi)
        }),
        OddsForm::Summary => likely(strikes).map(|s| {
            let (lo, hi) = s.damage_range();
            format!(
                "against {}: lands {:.0}%, {lo}-{hi} damage",
                s.defence,
                s.lands().percent()
            )
        }),
        OddsForm::Body => (!strikes.is_empty()).then(|| {
            strikes
                .iter()
                .map(|s| format!("{}\n", strike_line(s)))
                .collect()
        }),
    }
}

/// Every number of one defence against a strike: the outcomes, the damage, Down.
pub fn strike_line(s: &StrikeOdds) -> String {
    let cost = if s.defence == Defence::None {
        ""
    } else {
        ", 1 AP"
    };
    let (lo, hi) = s.damage_range();
    format!(
        "{}{cost}: hit {:.0}% | blocked {:.0}% | critical {:.0}% | miss {:.0}% | damage {lo}-{hi}, expected {:.1}, Down {:.0}%",
        s.defence,
        s.odds.hit.percent(),
        s.odds.blocked.percent(),
        s.odds.attacker_critical.percent(),
        s.misses().percent(),
        s.expected.value(),
        s.down.percent(),
    )
}
