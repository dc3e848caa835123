//! The turn and round schedule (RULES §3): initiative with its tie-break, surprise, round
//! start and end, turn start and end, delaying, skipping Down combatants, objectives and
//! victory.

use super::engine::{Battle, Phase, Slot};
use super::events::{BattleEvent, DelayUntil};
use crate::rules::ruleset::{
    ApRefresh, ConditionKind, DamageModel, Duration, InitiativeRule, MoveBuying, SurpriseRule,
};

use bevy::prelude::Entity;

/// The die of the initiative roll.
pub const INITIATIVE_DIE: u32 = 6;
/// The die of Bleeding.
pub const BLEEDING_DIE: u32 = 4;

impl Battle<'_, '_> {
    /// Move the schedule on: start the battle, or pick the next turn after one ended.
    pub fn advance(&mut self) {
        // Every pass either starts a turn, finishes the battle or ends a round; the bound
        // only guards against a bug looping forever.
        for _ in 0..10_000 {
            match self.turn.phase {
                Phase::Setup => {
                    if self.units.is_empty() {
                        return;
                    }
                    self.roll_initiative();
                    if !self.rules.0.rulebook.book().begin_round(self) {
                        self.start_round();
                    }
                }
                Phase::TurnOver => {
                    if !self.rules.0.rulebook.book().next_turn(self) && !self.next_turn() {
                        return;
                    }
                }
                Phase::Active(_) | Phase::Finished => return,
            }
            self.check_outcome();
        }
    }

    /// Whether the rules have activations instead of turns.
    pub fn activations(&self) -> bool {
        self.rules.0.rulebook.book().activations()
    }

    /// Every combatant rolls d6 + initiative (under a rolled initiative), or d20 + its
    /// initiative dice (Seed004); the surprised are marked.
    fn roll_initiative(&mut self) {
        let snap = self.snapshot();
        if self.rules.0.rulebook.book().roll_initiative(self, &snap) {
            return self.resolution.newly_unguarded.clear();
        }
        let rolled = self.rules.0.initiative == InitiativeRule::RolledOnce;
        for u in snap.units.iter().filter(|_| rolled) {
            let roll = self.roll(INITIATIVE_DIE, &format!("{} initiative", u.name));
            let total = roll as i32 + u.stats.initiative;
            if let Ok(mut q) = self.units.get_mut(u.entity) {
                q.initiative.roll = roll;
                q.initiative.total = total;
            }
            self.emit(BattleEvent::InitiativeRolled {
                unit: u.name.to_string(),
                roll,
                bonus: u.stats.initiative,
                total,
                dice: None,
            });
        }
        // Surprise ends with its first turn, or (when it loses that turn) with round 1.
        let lasts = match self.rules.0.surprise {
            SurpriseRule::LoseFirstTurn => Duration::EndOfRound,
            SurpriseRule::ActLast | SurpriseRule::ActLastUnseen => Duration::StartOfNextTurn,
            // Seed004's Ambushed is given with the initiative dice.
            SurpriseRule::Ambush => return self.resolution.newly_unguarded.clear(),
            SurpriseRule::RoundOne | SurpriseRule::LoseInitiative => Duration::EndOfRound,
        };
        for u in &snap.units {
            if self.roster.sides[u.side].surprised {
                self.add_condition(u.entity, ConditionKind::Surprised, lasts, "ambush", None);
            }
        }
        if self.rules.0.surprise == SurpriseRule::ActLastUnseen {
            self.hide_from_the_surprised();
        }
        // Nobody reacts to the ambush before the first turn.
        self.resolution.newly_unguarded.clear();
    }

    /// Initiative order, one slot per place: highest total, then higher initiative stat,
    /// then the side listed first, then the unit listed first. In round 1 the surprised act
    /// after everyone else, unless they lose that turn anyway. Under a fixed initiative the
    /// ladder is rebuilt from the current values each round, unions taking one slot
    /// (`unions.rs`).
    fn initiative_order(&self) -> Vec<Vec<Entity>> {
        if self.rules.0.initiative == InitiativeRule::FixedEachRound {
            return self.fixed_order().into_iter().map(|p| p.members).collect();
        }
        let snap = self.snapshot();
        let mut units: Vec<_> = snap.units.iter().collect();
        let last = self.turn.round == 1
            && matches!(
                self.rules.0.surprise,
                SurpriseRule::ActLast | SurpriseRule::ActLastUnseen
            );
        // Ties: what the rulebook says (Core: the higher initiative stat).
        let book = self.rules.0.rulebook.book();
        units.sort_by_key(|u| {
            let surprised = last && self.roster.sides[u.side].surprised;
            let total = u.initiative.total;
            (surprised, -total, -book.initiative_tie(u), u.side, u.index)
        });
        units.into_iter().map(|u| vec![u.entity]).collect()
    }

    fn start_round(&mut self) {
        self.turn.round += 1;
        let round = self.turn.round;
        let places = self.initiative_order();
        let order: Vec<Entity> = places.iter().flatten().copied().collect();
        let reactions = self.rules.0.reactions_per_round;
        let round_ap =
            (self.rules.0.ap_refresh == ApRefresh::PerRound).then_some(self.rules.0.ap_per_turn);
        for mut u in self.units.iter_mut() {
            u.reactions.points = reactions;
            u.reactions.swift_used = false;
            u.attacks.0 = 0;
            u.flags.delayed = false;
            if let Some(ap) = round_ap {
                u.ap.0 = ap;
            }
        }
        self.turn.order = order;
        self.turn.queue = places
            .iter()
            .map(|p| Slot {
                unit: p[0],
                resumed: false,
            })
            .collect();
        self.turn.round_unions = places.iter().filter(|p| p.len() > 1).cloned().collect();
        self.turn.end_of_round.clear();
        self.turn.followers.clear();
        self.turn.done.clear();
        self.turn.barred.clear();
        // A rulebook may give AP and order the round its own way (Seed003: by the scores).
        let places = if self.rules.0.rulebook.book().start_round(self) {
            self.turn.order.iter().map(|e| vec![*e]).collect()
        } else {
            places
        };
        let names = places
            .iter()
            .map(|p| {
                let names: Vec<String> = p.iter().map(|e| self.name(*e).to_string()).collect();
                names.join("+")
            })
            .collect();
        self.emit(BattleEvent::RoundStarted {
            round,
            order: names,
        });
        self.turn.phase = Phase::TurnOver;
    }

    fn end_round(&mut self) {
        let round = self.turn.round;
        self.rules.0.rulebook.book().end_round(self);
        let lost: Vec<Entity> = self
            .turn
            .followers
            .iter()
            .map(|(_, f)| *f)
            .chain(self.turn.end_of_round.iter().copied())
            .collect();
        for e in lost {
            let unit = self.name(e).to_string();
            self.emit(BattleEvent::TurnLost { unit });
        }
        self.turn.followers.clear();
        self.turn.end_of_round.clear();
        self.expire_at_round_end(round);
        self.emit(BattleEvent::RoundEnded { round });
        self.round_objectives(round);
    }

    /// Start the next turn of the round, or end the round. Returns false if nothing can
    /// be started (no combatants).
    fn next_turn(&mut self) -> bool {
        // A rulebook may reorder the queue before each turn (Seed003: by the scores).
        self.rules.0.rulebook.book().order_turns(self);
        let slot = match self.turn.queue.pop_front() {
            Some(s) => s,
            None if !self.turn.end_of_round.is_empty() => {
                let order = self.turn.order.clone();
                let mut waiting = std::mem::take(&mut self.turn.end_of_round);
                waiting.sort_by_key(|e| order.iter().position(|o| o == e));
                self.turn.queue = waiting
                    .into_iter()
                    .map(|unit| Slot {
                        unit,
                        resumed: true,
                    })
                    .collect();
                return true;
            }
            None => {
                self.end_round();
                if self.turn.phase == Phase::Finished {
                    return false;
                }
                self.start_round();
                return !self.turn.order.is_empty();
            }
        };
        let members = self
            .round_union_of(slot.unit)
            .unwrap_or_else(|| vec![slot.unit]);
        if !slot.resumed {
            // What ends at a combatant's slot, whatever it then does (Seed000: held actions).
            let book = self.rules.0.rulebook.book();
            for &m in &members {
                book.slot_begins(self, m);
            }
        }
        if members.len() == 1
            && let Some(reason) = self.skip_reason(slot.unit)
        {
            if matches!(reason, "Down" | "Dead") && self.rules.0.damage == DamageModel::BleedOut {
                // The fallen still bleed at their slot (Seed000).
                self.bleed(slot.unit, slot.resumed);
            }
            let unit = self.name(slot.unit).to_string();
            self.emit(BattleEvent::TurnSkipped {
                unit,
                reason: reason.into(),
            });
            self.finish_slot(slot.unit);
            return true;
        }
        self.start_turn(slot, members);
        true
    }

    /// Why a combatant's turn is skipped: it is Down, or Surprised under rules where
    /// surprise loses the first turn.
    fn skip_reason(&self, e: Entity) -> Option<&'static str> {
        let Ok(u) = self.units.get(e) else {
            return Some("Down");
        };
        if u.conditions.is_down() {
            // The most telling of the conditions that make it Down.
            Some(
                [
                    (ConditionKind::Dead, "Dead"),
                    (ConditionKind::Shock, "in Shock"),
                    (ConditionKind::Unconscious, "Unconscious"),
                    (ConditionKind::Dying, "Dying"),
                ]
                .into_iter()
                .find(|(c, _)| u.conditions.has(*c))
                .map_or("Down", |(_, why)| why),
            )
        } else if self.rules.0.surprise == SurpriseRule::LoseFirstTurn
            && u.conditions.has(ConditionKind::Surprised)
        {
            Some("Surprised")
        } else if u.conditions.has(ConditionKind::Winded) {
            Some("Winded")
        } else {
            None
        }
    }

    /// A slot's turns begin: one combatant's, or every member's of a union at once (in
    /// listed order); the first still standing is active, the others wait their turn.
    fn start_turn(&mut self, slot: Slot, members: Vec<Entity>) {
        for &m in &members {
            self.begin_turn(Slot { unit: m, ..slot });
        }
        let standing: Vec<Entity> = members
            .iter()
            .copied()
            .filter(|m| self.units.get(*m).is_ok_and(|u| !u.conditions.is_down()))
            .collect();
        match standing.split_first() {
            Some((first, rest)) => {
                self.turn.phase = Phase::Active(*first);
                self.turn.union = rest.to_vec();
                self.turn.slots += 1;
            }
            None => {
                self.turn.union.clear();
                self.end_turn(slot.unit);
            }
        }
    }

    /// A turn begins: AP and the movement pool, "until your next turn" effects end,
    /// Bleeding bleeds. A resumed (delayed) turn is a turn start for the effects that began
    /// after its original slot started (RULES §11, "Delayed turns").
    fn begin_turn(&mut self, slot: Slot) {
        let e = slot.unit;
        // AP come each turn, or once a round (then the turn keeps what is left).
        let per_turn = self.rules.0.ap_refresh == ApRefresh::PerTurn;
        let free = self.rules.0.free_movement;
        let round = self.turn.round;
        self.turn.opportunity_used.clear();
        self.turn.undo.clear();
        self.turn.barred.retain(|(mover, _)| *mover != e);
        // Seed003's pool and diagonal count last the round (M1, M2).
        let round_pool = self.rules.0.move_buying == MoveBuying::RateQuarters;
        let Ok(q) = self.units.get(e) else { return };
        let pool = if round_pool {
            q.pool.metres
        } else if free {
            super::assess::metres_per_ap(&self.rules.0, &q.stats.0, q.conditions)
        } else {
            0
        };
        let name = q.combatant.name.clone();
        // A delayed turn is the holder's turn for every duration (RULES §11): it counts as
        // a turn start, so effects that began while it waited end with it.
        let mut turns_started = 0;
        let mut ap = 0;
        let actions = self.actions_this_turn(e);
        for mut u in self.units.iter_mut() {
            u.flags.stood_at = Some(u.pos.0);
        }
        if let Ok(mut q) = self.units.get_mut(e) {
            if per_turn {
                q.ap.0 = actions;
            }
            ap = q.ap.0;
            q.pool.metres = pool;
            if !round_pool {
                q.pool.odd_diagonals = false;
            }
            q.flags.acted = false;
            q.flags.disengaged = false;
            q.flags.turns_started += 1;
            turns_started = q.flags.turns_started;
        }
        self.turn.phase = Phase::Active(e);
        self.turn.slots += 1;
        self.emit(BattleEvent::TurnStarted {
            unit: name.to_string(),
            round,
            ap,
            movement: pool,
            resumed: slot.resumed,
        });
        self.expire_at_turn_start(e, turns_started);
        self.rules.0.rulebook.book().bleed(self, e, slot.resumed);
    }

    /// The AP (Seed004: actions) a turn starts with: `ap_per_turn`, but in round 1 of an
    /// ambush one for the Ambushed and one more for the ambushers (presets/Seed004.md).
    fn actions_this_turn(&self, e: Entity) -> u32 {
        let base = self.rules.0.ap_per_turn;
        let Ok(u) = self.units.get(e) else {
            return base;
        };
        if self.rules.0.surprise != SurpriseRule::Ambush || self.turn.round != 1 {
            return base;
        }
        let ambush = self.roster.sides.iter().any(|s| s.surprised);
        if u.conditions.has(ConditionKind::Ambushed) {
            1
        } else if ambush && !self.roster.sides[u.side.0].surprised {
            base + 1
        } else {
            base
        }
    }

    /// Bleeding bleeds at the start of each turn (and under bleeding out at a Down
    /// creature's slot, until it is Dead); a delayed turn bleeds only for a Bleeding that
    /// began after its original slot (which already bled for the older one).
    pub(crate) fn bleed(&mut self, e: Entity, resumed: bool) {
        let Ok(q) = self.units.get(e) else { return };
        let turns_started = q.flags.turns_started;
        let bleeds = !q.conditions.has(ConditionKind::Dead)
            && q.conditions.0.iter().any(|c| {
                c.kind == ConditionKind::Bleeding
                    && c.parent.is_none()
                    && (!resumed || c.holder_turns + 1 >= turns_started)
            });
        if bleeds {
            let name = q.combatant.name.clone();
            let loss = self.roll(BLEEDING_DIE, &format!("{name} bleeds"));
            self.lose_vitality(e, loss as i32, "Bleeding");
        }
    }

    /// The active combatant's turn ends: unspent AP and movement are lost and "until the
    /// end of its next turn" effects end. In a union's slot the next member still to end its
    /// turn becomes active; the slot ends with the last. Under activations (Seed002) ending
    /// the turn passes the side's activation.
    pub fn end_turn(&mut self, e: Entity) {
        if self.rules.0.rulebook.book().close_turn(self, e) {
            return;
        }
        self.close_turn(e);
        if let Some(next) = self.next_union_member() {
            self.turn.phase = Phase::Active(next);
            return;
        }
        for m in self.round_union_of(e).unwrap_or_else(|| vec![e]) {
            self.finish_slot(m);
        }
        if self.turn.phase != Phase::Finished {
            self.turn.phase = Phase::TurnOver;
        }
    }

    /// One combatant's turn is over (a union's slot may go on).
    pub fn close_turn(&mut self, e: Entity) {
        let turns = self
            .units
            .get(e)
            .map(|u| u.flags.turns_started)
            .unwrap_or(0);
        self.expire_at_turn_end(e, turns);
        self.rules.0.rulebook.book().end_turn(self, e);
        self.lose_unspent(e);
        self.reveal_if_marked(e);
        self.stop_leaning(e, "its turn ended");
        let unit = self.name(e).to_string();
        self.emit(BattleEvent::TurnEnded { unit });
    }

    /// Unspent movement is lost when a turn ends, and so are unspent AP when they come
    /// each turn (AP given once a round last the round: reactions use them).
    fn lose_unspent(&mut self, e: Entity) {
        let per_turn = self.rules.0.ap_refresh == ApRefresh::PerTurn;
        let round_pool = self.rules.0.move_buying == MoveBuying::RateQuarters;
        if let Ok(mut u) = self.units.get_mut(e) {
            if per_turn {
                u.ap.0 = 0;
            }
            if !round_pool {
                u.pool.metres = 0;
            }
        }
    }

    /// The combatant waits: its turn comes back after `after`'s, or at the end of the round.
    pub fn delay(&mut self, e: Entity, after: Option<Entity>) {
        // A union's slot moves whole, by its first member (Seed000).
        let members = self.round_union_of(e).unwrap_or_else(|| vec![e]);
        let lead = members[0];
        let until = match after {
            Some(x) => {
                self.turn.followers.push((x, lead));
                DelayUntil::After(self.name(x).to_string())
            }
            None => {
                self.turn.end_of_round.push(lead);
                DelayUntil::EndOfRound
            }
        };
        for m in members {
            self.lose_unspent(m);
            if let Ok(mut u) = self.units.get_mut(m) {
                u.flags.delayed = true;
            }
            let unit = self.name(m).to_string();
            let until = until.clone();
            self.emit(BattleEvent::Delayed { unit, until });
        }
        self.turn.union.clear();
        self.turn.phase = Phase::TurnOver;
    }

    /// A slot is over: those who delayed until after this combatant come next.
    fn finish_slot(&mut self, e: Entity) {
        self.turn.done.push(e);
        let followers: Vec<Entity> = self
            .turn
            .followers
            .iter()
            .filter(|(l, _)| *l == e)
            .map(|(_, f)| *f)
            .collect();
        self.turn.followers.retain(|(l, _)| *l != e);
        for f in followers.into_iter().rev() {
            self.turn.queue.push_front(Slot {
                unit: f,
                resumed: true,
            });
        }
    }
}
