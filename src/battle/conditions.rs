//! Conditions (RULES §9): adding them with their implied daughters, removing them (a daughter
//! goes only with its parent), grapple links, and expiry at turn and round boundaries.

use super::components::{ConditionInstance, Conditions};
use super::engine::Battle;
use super::events::BattleEvent;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;

impl Battle<'_, '_> {
    /// Give `e` a condition (and the daughters it implies), logging what is new. Under
    /// rules without `exposure`, Exposed and Unguarded do not exist: they are never given.
    pub fn add_condition(
        &mut self,
        e: Entity,
        kind: ConditionKind,
        duration: Duration,
        source: &str,
        link: Option<Entity>,
    ) {
        let exposure = self.rules.0.exposure;
        if !exposure && kind.is_exposure() {
            return;
        }
        let round = self.turn.round;
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let holder_turns = u.flags.turns_started;
        let was_unguarded = u.conditions.has(ConditionKind::Unguarded);
        let mut added: Vec<(ConditionKind, Duration, Option<ConditionKind>)> = Vec::new();
        let mut pending = vec![(kind, duration, None::<ConditionKind>, link)];
        while let Some((k, d, parent, l)) = pending.pop() {
            let held = u.conditions.has(k);
            let duplicate = u
                .conditions
                .0
                .iter_mut()
                .find(|c| c.kind == k && c.parent == parent && c.duration == d && c.link == l);
            if let Some(c) = duplicate {
                // Applied again: the duration starts over (it never ends sooner that way).
                if parent.is_none() {
                    c.round = round;
                    c.holder_turns = holder_turns;
                    c.source = source.into();
                }
            } else {
                u.conditions.0.push(ConditionInstance {
                    kind: k,
                    duration: d,
                    source: source.into(),
                    round,
                    holder_turns,
                    parent,
                    link: l,
                });
            }
            if parent.is_none() || !held {
                added.push((k, d, parent));
            }
            for &daughter in k.implies() {
                if exposure || !daughter.is_exposure() {
                    pending.push((daughter, Duration::UntilRemoved, Some(k), None));
                }
            }
        }
        let now_unguarded = u.conditions.has(ConditionKind::Unguarded);
        let unit = u.combatant.name.clone();
        if now_unguarded && !was_unguarded {
            self.resolution.newly_unguarded.push(e);
        }
        for (k, d, parent) in added {
            self.emit(BattleEvent::ConditionAdded {
                unit: unit.to_string(),
                condition: k,
                duration: d,
                source: source.to_string(),
                implied_by: parent,
            });
        }
    }

    /// Remove the instances of `e`'s conditions that `pred` picks, except daughters whose
    /// parent still holds; then every daughter whose parent is gone. Logs each condition
    /// that is no longer held.
    pub fn remove_conditions_where(
        &mut self,
        e: Entity,
        pred: impl Fn(&ConditionInstance) -> bool,
        reason: &str,
    ) {
        let Ok(mut u) = self.units.get_mut(e) else {
            return;
        };
        let before = u.conditions.kinds();
        let list = &mut u.conditions.0;
        let parents: Vec<ConditionKind> = list.iter().map(|c| c.kind).collect();
        let mut direct: Vec<ConditionKind> = Vec::new();
        list.retain(|c| {
            let parent_holds = c.parent.is_some_and(|p| parents.contains(&p));
            let remove = pred(c) && !parent_holds;
            if remove && !direct.contains(&c.kind) {
                direct.push(c.kind);
            }
            !remove
        });
        cascade(&mut u.conditions);
        let after = u.conditions.kinds();
        let unit = u.combatant.name.clone();
        // The conditions removed directly first, then the daughters that went with them.
        let mut gone: Vec<ConditionKind> =
            direct.into_iter().filter(|k| !after.contains(k)).collect();
        let cascaded: Vec<ConditionKind> = before
            .into_iter()
            .filter(|k| !after.contains(k) && !gone.contains(k))
            .collect();
        gone.extend(cascaded);
        for k in gone {
            self.emit(BattleEvent::ConditionRemoved {
                unit: unit.to_string(),
                condition: k,
                reason: reason.to_string(),
            });
        }
    }

    /// Remove a condition that is held on its own (not only as a daughter).
    pub fn remove_condition(&mut self, e: Entity, kind: ConditionKind, reason: &str) {
        self.remove_conditions_where(e, |c| c.kind == kind && c.parent.is_none(), reason);
    }

    /// End a grapple: the grappler stops Grappling, the held creature stops being Restrained.
    pub fn release_grapple(&mut self, grappler: Entity, held: Entity, reason: &str) {
        let book = self.rules.0.rulebook.book();
        if book.release_grapple(self, grappler, held, reason) {
            return;
        }
        self.remove_conditions_where(
            grappler,
            |c| c.kind == ConditionKind::Grappling && c.link == Some(held),
            reason,
        );
        self.remove_conditions_where(
            held,
            |c| c.kind == ConditionKind::Restrained && c.link == Some(grappler),
            reason,
        );
    }

    /// End any grapple of `e` whose partner is no longer next to it.
    pub fn check_grapples(&mut self, e: Entity, reason: &str) {
        // Runs after every step: read the components, no snapshot.
        let Ok(u) = self.units.get(e) else { return };
        let at = u.pos.0;
        let broken: Vec<(ConditionKind, Entity)> = u
            .conditions
            .0
            .iter()
            .filter(|c| matches!(c.kind, ConditionKind::Grappling | ConditionKind::Restrained))
            .filter_map(|c| {
                let other = c.link?;
                let there = self.units.get(other).ok()?.pos.0;
                (!at.is_adjacent(there)).then_some((c.kind, other))
            })
            .collect();
        for (kind, other) in broken {
            match kind {
                ConditionKind::Grappling => self.release_grapple(e, other, reason),
                _ => self.release_grapple(other, e, reason),
            }
        }
    }

    /// "Until the start of its next turn" ends for effects that began before this turn
    /// (`turns_started` counts this one); so does being Surprised (its first turn).
    pub fn expire_at_turn_start(&mut self, e: Entity, turns_started: u32) {
        self.remove_conditions_where(
            e,
            |c| {
                c.parent.is_none()
                    && c.duration == Duration::StartOfNextTurn
                    && c.holder_turns < turns_started
            },
            "its turn started",
        );
        self.remove_condition(e, ConditionKind::Surprised, "its first turn started");
    }

    /// "Until the end of its next turn" ends, for conditions that began before this turn.
    pub fn expire_at_turn_end(&mut self, e: Entity, turns_started: u32) {
        self.remove_conditions_where(
            e,
            |c| {
                c.parent.is_none()
                    && c.duration == Duration::EndOfNextTurn
                    && c.holder_turns < turns_started
            },
            "its turn ended",
        );
    }

    /// "Until the end of the round" and N-round conditions that reach their last round end,
    /// oldest first. Under activations (Seed002) "until the end of its next turn" is "until
    /// the end of the next round".
    pub fn expire_at_round_end(&mut self, round: u32) {
        let snap = self.snapshot();
        let rounds_for_turns = self.activations();
        for u in &snap.units {
            self.remove_conditions_where(
                u.entity,
                |c| {
                    c.parent.is_none()
                        && match c.duration {
                            Duration::EndOfRound => true,
                            Duration::Rounds(n) => round + 1 >= c.round + n,
                            Duration::EndOfNextTurn => rounds_for_turns && c.round < round,
                            _ => false,
                        }
                },
                "the round ended",
            );
        }
    }
}

/// Remove daughters whose parent is gone, until nothing changes.
fn cascade(conditions: &mut Conditions) {
    loop {
        let kinds: Vec<ConditionKind> = conditions.0.iter().map(|c| c.kind).collect();
        let before = conditions.0.len();
        conditions
            .0
            .retain(|c| c.parent.is_none_or(|p| kinds.contains(&p)));
        if conditions.0.len() == before {
            return;
        }
    }
}
