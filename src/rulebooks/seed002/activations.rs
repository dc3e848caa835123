//! Seed002's schedule (presets/Seed002.md, I1–I3, I5): no turns but rounds of alternating
//! activations. At a round start every unit bleeds, makes its Death Save, may wake, and gets
//! its Energy and Agility back; then the sides act in turn, one action per activation, any
//! of their able units acting; a side that cannot pay for anything passes by itself; the
//! round ends once every side still standing has passed in a row.

use super::Seed002Event;
use super::energy::OUT_OF_STAMINA;
use super::work::Activations;
use crate::battle::engine::{Battle, Phase};
use crate::battle::events::BattleEvent;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::stats::Seed002Of;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;

/// The Death Save's die and its bands [002:639-645].
pub const DEATH_DIE: u32 = 20;
/// Exhaustion costs this much Energy each round [002:666].
pub const EXHAUSTED_ENERGY: u32 = 2;
/// A wake roll of this wakes a unit that Stamina 0 knocked out, with 1 Stamina [002:657].
pub const WAKE_ROLL: u32 = 20;

impl Battle<'_, '_> {
    /// A new round of activations: the round-start rolls and resets (I1), then the opener's
    /// activation. Round 1 opens with the first side that is not surprised; each later round
    /// with the side listed after the last round's opener.
    pub fn start_activation_round(&mut self) {
        self.turn.round += 1;
        let round = self.turn.round;
        let sides = self.roster.sides.len();
        let opener = match self.turn.book.get::<Activations>().and_then(|a| a.opener) {
            None => (0..sides)
                .find(|s| !self.roster.sides[*s].surprised)
                .unwrap_or(0),
            Some(last) => (last + 1) % sides.max(1),
        };
        let state = self.turn.book.get_mut::<Activations>();
        state.opener = Some(opener);
        state.passes = 0;
        self.turn.order = self.units.iter().map(|u| u.entity).collect();
        let order = (0..sides)
            .map(|k| self.roster.sides[(opener + k) % sides].name.clone())
            .collect();
        self.emit(BattleEvent::RoundStarted { round, order });
        self.expire_at_round_start(round);
        let mut units: Vec<(usize, Entity)> = self
            .units
            .iter()
            .map(|u| (u.combatant.index, u.entity))
            .collect();
        units.sort();
        for (_, e) in units {
            self.round_start_of(e);
        }
        self.begin_activation(opener);
    }

    /// One unit's round start: Bleeding, the Death Save, the wake roll, fresh Energy,
    /// Agility, Swift Attack and footing.
    fn round_start_of(&mut self, e: Entity) {
        self.bleed(e, false);
        self.death_save(e);
        self.wake_roll(e);
        let energy = self.rules.0.ap_per_turn;
        let swift = self.rules.0.reactions_per_round;
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let exhausted = u.conditions.has(ConditionKind::Exhausted);
        let cap = energy.min(u.own.footing().stamina.max(0) as u32);
        u.ap.0 = if exhausted {
            cap.saturating_sub(EXHAUSTED_ENERGY)
        } else {
            cap
        };
        u.own.footing_mut().agility = u.stats.0.seed002().max_agility;
        u.own.footing_mut().seized = false;
        u.own.footing_mut().substituted = false;
        u.own.footing_mut().moved = 0;
        u.own.footing_mut().sprinted = false;
        u.own.footing_mut().heading = None;
        u.reactions.points = swift;
        u.reactions.swift_used = false;
        u.attacks.0 = 0;
    }

    /// A unit that Stamina 0 knocked out rolls to wake: a 20 wakes it with 1 Stamina.
    fn wake_roll(&mut self, e: Entity) {
        let Ok(u) = self.units.get(e) else { return };
        let out_of_stamina = u.conditions.0.iter().any(|c| {
            c.kind == ConditionKind::Unconscious
                && c.parent.is_none()
                && *c.source == *OUT_OF_STAMINA
        });
        if !out_of_stamina || u.conditions.has(ConditionKind::Dead) {
            return;
        }
        let name = u.combatant.name.clone();
        if self.roll(DEATH_DIE, &format!("{name} wakes")) == WAKE_ROLL {
            if let Ok(mut u) = self.units.get_mut(e) {
                u.own.footing_mut().stamina = 1;
            }
            self.remove_condition(e, ConditionKind::Unconscious, "woke up");
            self.remove_condition(e, ConditionKind::Down, "woke up");
        }
    }

    /// Whether a side has a unit standing.
    fn side_standing(&self, side: usize) -> bool {
        self.units
            .iter()
            .any(|u| u.side.0 == side && !u.conditions.is_down())
    }

    /// The able units of a side that can pay for some action now, in level order.
    fn able_to_act(&self, side: usize) -> Vec<Entity> {
        let mut able: Vec<(usize, Entity)> = self
            .units
            .iter()
            .filter(|u| u.side.0 == side && !u.conditions.is_down())
            .filter(|u| u.ap.0 > 0 || u.own.footing().agility >= 2 || self.can_substitute(u.entity))
            .map(|u| (u.combatant.index, u.entity))
            .collect();
        able.sort();
        able.into_iter().map(|(_, e)| e).collect()
    }

    /// Start `side`'s activation: any of its able units may act; with none able to pay for
    /// anything it passes by itself.
    fn begin_activation(&mut self, side: usize) {
        self.turn.book.get_mut::<Activations>().side = Some(side);
        let side_name = self.roster.sides[side].name.clone();
        let able = self.able_to_act(side);
        let Some((&first, rest)) = able.split_first() else {
            self.emit(BattleEvent::from(Seed002Event::Passed {
                side: side_name,
                reason: Some("nobody can pay for an action".into()),
            }));
            return self.end_activation(true);
        };
        self.turn.union = rest.to_vec();
        self.turn.phase = Phase::Active(first);
        self.turn.slots += 1;
        self.emit(BattleEvent::from(Seed002Event::ActivationStarted {
            side: side_name,
            round: self.turn.round,
        }));
    }

    /// The activation is over, by an action or a pass: the round ends when every side still
    /// standing has passed in a row, else the next side acts.
    pub fn end_activation(&mut self, passed: bool) {
        let state = self.turn.book.get_mut::<Activations>();
        state.passes = if passed { state.passes + 1 } else { 0 };
        let passes = state.passes;
        self.turn.union.clear();
        self.turn.phase = Phase::TurnOver;
        let standing = (0..self.roster.sides.len())
            .filter(|s| self.side_standing(*s))
            .count();
        if passes >= standing {
            self.turn.book.get_mut::<Activations>().side = None;
        }
    }

    /// Move on after an activation: the next side in listed order, or the next round.
    pub fn next_activation(&mut self) {
        let Some(side) = self.turn.book.get::<Activations>().and_then(|a| a.side) else {
            self.end_activation_round();
            if self.turn.phase != Phase::Finished {
                self.start_activation_round();
            }
            return;
        };
        let sides = self.roster.sides.len();
        let next = (1..=sides)
            .map(|k| (side + k) % sides)
            .find(|s| self.side_standing(*s))
            .unwrap_or(side);
        self.begin_activation(next);
    }

    /// The round ends (I3): unspent Energy and Agility are lost, end-of-round effects end.
    fn end_activation_round(&mut self) {
        let round = self.turn.round;
        for mut u in self.units.iter_mut() {
            u.ap.0 = 0;
            u.own.footing_mut().agility = 0;
        }
        self.expire_at_round_end(round);
        self.emit(BattleEvent::RoundEnded { round });
        self.round_objectives(round);
    }

    /// Under activations a turn's durations are the round's (presets/Seed002.md): "until the
    /// start of its next turn" ends as a later round starts.
    fn expire_at_round_start(&mut self, round: u32) {
        let units: Vec<Entity> = self.units.iter().map(|u| u.entity).collect();
        for e in units {
            self.remove_conditions_where(
                e,
                |c| {
                    c.parent.is_none() && c.duration == Duration::StartOfNextTurn && c.round < round
                },
                "a new round started",
            );
        }
    }
}
