//! Delay (`Hard`, RULES §3): a unit with nothing to strike waits to the end of the round rather than walk into the reach of an enemy still to act, which then walks up to it first.

use super::tactician::Tactician;
use crate::battle::events::{Command, DelayUntil};
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;

impl Tactician<'_, '_> {
    /// Delay to the end of the round in place of `walk`, the planner's choice for the
    /// active unit `me` when it has nothing to strike: where `me` has spent nothing this
    /// turn (RULES §3: before it spends AP or movement), the walk ends where an enemy still
    /// to act this round could walk to strike it (`threat_to`) and none of those could
    /// strike `me` where it stands. That enemy then moves first: it walks into `me`'s reach
    /// (and `me` strikes first, with a whole turn) or holds back, and `me` still has its
    /// turn, the walk included, at the round's end, and its next one early in the next
    /// round. Not for a union (Seed000's units that act together).
    pub(super) fn delay_instead(&self, me: &UnitSnap, walk: &Command) -> Option<Command> {
        let ctx = &self.view.ctx;
        let end = match walk {
            Command::Move { unit, to, .. } if unit.as_str() == &*me.name => *to,
            _ => return None,
        };
        if !ctx.rules.has(ActionKind::Delay)
            || !self.view.turn.union.is_empty()
            || me.flags.acted
            || me.flags.delayed
            || self.best_attack(self.view, me).is_some()
        {
            return None;
        }
        let queue = &self.view.turn.queue;
        let later: Vec<&UnitSnap> = self
            .able_enemies(me)
            .filter(|e| queue.iter().any(|s| s.unit == e.entity))
            .collect();
        let walks_into = later.iter().any(|e| self.threat_to(e, end).is_some());
        let safe_here = later.iter().all(|e| self.threat_to(e, me.pos).is_none());
        let cmd = Command::Delay {
            unit: me.name.to_string(),
            until: DelayUntil::EndOfRound,
        };
        (walks_into && safe_here && crate::battle::preview::preview(self.view, &cmd).is_ok())
            .then_some(cmd)
    }
}
