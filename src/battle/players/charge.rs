//! Charge (`Hard`): a straight run of 3 m or more to an enemy and a Shove that drives it 3 m, where the push's collision or the swift attacks it draws pay for the run and its AP.

use super::tactician::Tactician;
use crate::battle::command::charge_line;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::{ActionKind, ReactionKind};

impl Tactician<'_, '_> {
    /// Charges that pay: the chance the Shove lands times what its push brings (the
    /// collision's share of the target, and of an able enemy it is driven into, and the
    /// swift attacks the pushed target draws: `push_worth`, as for a Shove), less the
    /// opportunity attacks the run provokes and the danger of the tile it ends on beyond
    /// that of the tile it leaves. A charge that drives nobody into anything counts for
    /// nothing; the planner weighs the rest beside walking and striking.
    pub(super) fn charges(&self, me: &UnitSnap) -> Vec<(f64, Command)> {
        let ctx = &self.view.ctx;
        if !ctx.rules.has(ActionKind::Charge) {
            return Vec::new();
        }
        let here = self.safety(me, &self.threat(me, me.pos), false);
        self.able_enemies(me)
            .filter_map(|t| {
                let (_, path) = charge_line(me, t).ok()?;
                let cmd = Command::Charge {
                    unit: me.name.to_string(),
                    target: t.name.to_string(),
                };
                let p = preview(self.view, &cmd).ok()?;
                let win = p.contest.as_ref()?.win.value();
                let brings = self.push_worth(ctx, me, t, &p)?;
                if brings <= 0.0 {
                    return None;
                }
                let provoked: f64 = (p.reactions.iter())
                    .filter(|r| r.kind != ReactionKind::Swift)
                    .map(|r| self.reaction_price(me, r))
                    .sum();
                let end = *path.last()?;
                let danger = here - self.safety(me, &self.threat(me, end), false);
                Some((win * brings - provoked - danger.max(0.0), cmd))
            })
            .collect()
    }
}
