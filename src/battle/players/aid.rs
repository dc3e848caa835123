//! Aid: stabilizing a bleeding ally (and First Aid), and what it is worth beside the fight.

use super::Player;
use super::tactician::Tactician;
use super::worth::best;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;

/// What stabilizing a bleeding ally is worth, and giving First Aid.
const AID_VALUE: f64 = 0.9;

/// What `Hard` gives the same for an ally that is Down (`aid_worth`): less than any attack
/// or real move. Over the eleven levels, 2,200 games a pairing, Hard against Normal won 0.5
/// and 0.4 points more (seeds 5001 and 7001; 2.4 more on `broken_bridge`, 1,000 games),
/// against greedy the same (docs/ai-experiments.md).
const DOWNED_AID_WORTH: f64 = 0.05;

impl Tactician<'_, '_> {
    /// The bleeding ally in reach whose Stabilize is worth the most (`aid_worth`: one still
    /// standing before one that is Down).
    pub(super) fn stabilize(&self, me: &UnitSnap) -> Option<(f64, Command)> {
        best(
            self.view
                .ctx
                .snap
                .allies_of(me)
                .filter(|u| u.has(ConditionKind::Bleeding) && !u.has(ConditionKind::Dead))
                .map(|u| Command::Stabilize {
                    unit: me.name.to_string(),
                    target: u.name.to_string(),
                })
                .filter(|cmd| preview(self.view, cmd).is_ok())
                .map(|cmd| (self.aid_worth(&cmd), cmd)),
        )
    }

    /// What stabilizing (or First Aid for) an ally is worth: `AID_VALUE`, its Bleeding
    /// stopped while it still fights. A Down ally never stands again in this battle (no
    /// rule lifts Down) and counts for nothing towards victory, so `Hard` tends it only
    /// when it has nothing better to do (`DOWNED_AID_WORTH`), and spends its AP on the
    /// fight still to win.
    pub(super) fn aid_worth(&self, cmd: &Command) -> f64 {
        let aid = matches!(
            cmd.action(),
            Some(ActionKind::Stabilize | ActionKind::FirstAid)
        );
        let Some(target) = cmd.target().filter(|_| aid) else {
            return AID_VALUE;
        };
        let down = self
            .view
            .ctx
            .snap
            .by_name(target)
            .is_some_and(|u| u.is_down());
        if down && self.player == Player::Hard {
            DOWNED_AID_WORTH
        } else {
            AID_VALUE
        }
    }
}
