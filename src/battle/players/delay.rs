//! Delay (`Hard`, RULES §3): a unit with nothing to strike waits until after the enemy that would strike first where its walk ends, and so takes two turns in a row against it.

use super::tactician::Tactician;
use crate::battle::events::{Command, DelayUntil};
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;

impl Tactician<'_, '_> {
    /// Delay until after an enemy, in place of `walk`, the planner's choice for the active
    /// unit `me` when it has nothing to strike and has spent nothing this turn (RULES §3).
    /// The enemies still to act this round, in the queue's order, are those whose turn
    /// comes before `me`'s next one; the walk would give each of them that could walk in
    /// and strike its end tile (`threat_to`; one with no ranged weapon) the first blow. `me` waits for the last of
    /// them (RULES §3 names a combatant to act after: the followers' order of the
    /// schedule), where none of those acting first could strike it where it stands. Then
    /// each of them moves first and `me` walks (and strikes, if one walked into its reach)
    /// right after it, and, the initiative order being the same each round, acts again
    /// before it next round: two turns in a row against it, where walking now would give
    /// it the first blow. Not for a union (Seed000's units that act together).
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
        let enemies: Vec<&UnitSnap> = self.able_enemies(me).collect();
        // Only an enemy that must walk in to strike (no ranged weapon) is waited for: a
        // bow's reach covers most walks, and waiting for it only gives the enemy tempo.
        let walks_in = |e: &UnitSnap| e.stats.weapons.iter().all(|w| w.is_melee());
        // The enemies in the queue's order, each with whether it could strike the walk's
        // end tile; the last that could is the one to wait for.
        let later: Vec<(&UnitSnap, bool)> = self
            .view
            .turn
            .queue
            .iter()
            .filter_map(|s| enemies.iter().find(|e| e.entity == s.unit))
            .map(|e| (*e, walks_in(e) && self.threat_to(e, end).is_some()))
            .collect();
        let last = later.iter().rposition(|(_, strikes)| *strikes)?;
        let first = &later[..=last];
        if first
            .iter()
            .any(|(e, _)| self.threat_to(e, me.pos).is_some())
        {
            return None;
        }
        let cmd = Command::Delay {
            unit: me.name.to_string(),
            until: DelayUntil::After(first[last].0.name.to_string()),
        };
        crate::battle::preview::preview(self.view, &cmd)
            .is_ok()
            .then_some(cmd)
    }
}
