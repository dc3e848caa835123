//! The planner: the next command for whoever must decide now, each unit's options weighed
//! side by side (aid, shoves, guard, attacks, a move) and the one worth the most taken.

use super::Player;
use super::moving::{APPROACH_WORTH, move_to};
use super::tactician::Tactician;
use super::worth::best;
use crate::battle::ai;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;

/// The next command for whoever must decide now, played by `player`.
pub fn next_command(view: &View, player: Player) -> Option<Command> {
    if let Some(question) = view.awaiting {
        let book = view.ctx.rules.rulebook.book();
        if player == Player::Hard
            && let Some(cmd) = book.hard_answer(view, question)
        {
            return Some(cmd);
        }
        return ai::next_command(view);
    }
    if player == Player::Greedy {
        return ai::next_command(view);
    }
    let me = view.ctx.snap.get(view.turn.active()?)?;
    // The rulebook's own actions come first when it finds one worth taking now.
    if let Some(cmd) = view.ctx.rules.rulebook.book().computer_own(view, me) {
        return Some(cmd);
    }
    // Under activations (Seed002) or a union (Seed000) any of these may act.
    let side: Vec<&UnitSnap> = std::iter::once(me)
        .chain(view.turn.union.iter().filter_map(|e| view.ctx.snap.get(*e)))
        .collect();
    let t = Tactician::new(view, player);
    Some(match best(side.iter().filter_map(|u| t.best_for(u))) {
        Some((_, cmd)) if player == Player::Hard => t
            .instead_of_walk(&cmd)
            .or_else(|| t.delay_instead(me, &cmd))
            .unwrap_or(cmd),
        Some((_, cmd)) => cmd,
        None => (player == Player::Hard)
            .then(|| view.ctx.rules.rulebook.book().hard_spare_ap(view, me))
            .flatten()
            .or_else(|| t.face_the_enemy(me))
            .unwrap_or(Command::EndTurn {
                unit: me.name.to_string(),
            }),
    })
}

impl Tactician<'_, '_> {
    /// The rulebook's own action in place of a walk that buys movement with AP
    /// (`Rulebook::hard_instead_of_walk`), for `Hard`.
    fn instead_of_walk(&self, cmd: &Command) -> Option<Command> {
        let ap = self.move_ap(cmd).filter(|ap| *ap > 0)?;
        let me = self.view.ctx.snap.by_name(cmd.actor())?;
        let book = self.view.ctx.rules.rulebook.book();
        book.hard_instead_of_walk(self.view, me, cmd, ap)
    }

    /// The unit's best command and its worth, if it has one better than ending its turn.
    pub(super) fn best_for(&self, me: &UnitSnap) -> Option<(f64, Command)> {
        let mut options: Vec<(f64, Command)> = Vec::new();
        if let Some(aid) = ai::first_aid(self.view, me) {
            options.push((self.aid_worth(&aid), aid));
        }
        if self.player == Player::Hard {
            options.extend(self.stabilize(me));
            options.extend(self.shoves(me));
            options.extend(self.trips(me));
            options.extend(self.escape(me));
            options.extend(self.grabs(me));
            options.extend(self.release(me));
            options.extend(self.charges(me));
            let book = self.view.ctx.rules.rulebook.book();
            options.extend(book.hard_options(self.view, me));
        }
        if self.player != Player::Easy {
            options.extend(self.guard(me));
        }
        let attack = self.best_attack(self.view, me);
        // An ally's aid comes first: standing would leave too few AP for Stabilize.
        let aiding = options.iter().any(|(_, cmd)| {
            matches!(
                cmd.action(),
                Some(ActionKind::Stabilize | ActionKind::FirstAid)
            )
        });
        if !aiding && let Some(stand) = self.stand_up(me, attack.is_some()) {
            return Some(stand);
        }
        if attack.is_none() {
            options.extend(self.load(me));
        }
        let attacks_here = self.attacks_left(me, me.ap) as f64;
        options.extend(attack.clone().map(|(v, c)| (v * attacks_here.max(1.0), c)));
        let can_move = self.view.ctx.can_move(me).is_ok();
        if self.player == Player::Easy {
            if options.is_empty()
                && can_move
                && let Some(to) = ai::approach(self.view, me)
            {
                options.push((APPROACH_WORTH, move_to(me, to)));
            }
        } else if can_move && let Some(m) = self.best_move(me, attack.as_ref().map(|a| a.0)) {
            options.push(m);
        }
        if self.player == Player::Hard && can_move && attack.is_none() {
            let rival = options.iter().map(|o| o.0).fold(0.0, f64::max);
            options.extend(self.sprint(me, rival));
        }
        if self.player == Player::Hard && me.has(ConditionKind::Grappling) {
            for (v, cmd) in options.iter_mut() {
                *v -= self.hold_lost(me, cmd);
            }
        }
        if self.keeps_last_ap(me) {
            options.retain(|(_, cmd)| {
                matches!(cmd, Command::Attack { .. }) || self.move_ap(cmd) == Some(0)
            });
        }
        best(options.into_iter().filter(|o| o.0 > 0.0))
    }
}
