//! Sprint (`Hard`): 3 AP for four times the movement, where the walk it buys reaches a better tile than the AP spent on plain moves would.

use super::tactician::Tactician;
use crate::battle::assess::{Ctx, SPRINT_MULTIPLIER};
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;

/// A Sprint must beat the unit's best other option by this much.
const SPRINT_GAIN: f64 = 0.02;

impl Tactician<'_, '_> {
    /// A Sprint that pays and its worth: the walk the sprinted pool buys (`best_move` from
    /// the battle as it would stand after the Sprint, the AP spent), where it beats
    /// `rival`, the worth of the unit's best other option. The Sprint buys the movement of
    /// four AP for three, so it pays where a plain walk would spend every AP and still fall
    /// short of the tile a longer one reaches; after it the unit walks there free.
    pub(super) fn sprint(&self, me: &UnitSnap, rival: f64) -> Option<(f64, Command)> {
        let ctx = &self.view.ctx;
        let cost = ctx.rules.cost(ActionKind::Sprint)?;
        let cmd = Command::Sprint {
            unit: me.name.to_string(),
            to: None,
        };
        if me.ap < cost || preview(self.view, &cmd).is_err() {
            return None;
        }
        let mut snap = ctx.snap.clone();
        let u = snap.units.iter_mut().find(|u| u.entity == me.entity)?;
        u.pool.metres += SPRINT_MULTIPLIER * ctx.metres_per_ap(me);
        u.ap -= cost;
        let sprinted = u.clone();
        let view = View {
            ctx: Ctx {
                snap: &snap,
                ..*ctx
            },
            ..*self.view
        };
        let after = Tactician::new(&view, self.player);
        let (worth, walk) = after.best_move(&sprinted, None)?;
        // Only a walk the plain AP could not buy: one that costs the AP nothing.
        let beyond = matches!(walk, Command::Move { .. }) && after.move_ap(&walk) == Some(0);
        (beyond && worth > rival + SPRINT_GAIN).then_some((worth, cmd))
    }
}
