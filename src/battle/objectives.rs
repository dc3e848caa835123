//! Victory and objectives (RULES §3, a level's `objectives`): the battle ends when one
//! side alone stands, a reach objective is met, an area is held or a side survives; a draw
//! when no side stands.

use super::engine::{Battle, Phase};
use super::events::{BattleEvent, Outcome};
use crate::level::Objective;

impl Battle<'_, '_> {
    pub(super) fn finish(&mut self, outcome: Outcome) {
        if self.turn.phase == Phase::Finished {
            return;
        }
        self.turn.phase = Phase::Finished;
        self.turn.outcome = Some(outcome.clone());
        self.resolution.stack.clear();
        self.resolution.awaiting = None;
        self.resolution.queue.clear();
        self.emit(BattleEvent::BattleEnded(outcome));
    }

    /// Victory when only one side stands (or a reach objective is met); a draw when none.
    pub fn check_outcome(&mut self) {
        if matches!(self.turn.phase, Phase::Finished | Phase::Setup) {
            return;
        }
        // Run every frame: read the components, no snapshot.
        let mut standing: Vec<usize> = self
            .units
            .iter()
            .filter(|u| !u.conditions.is_down())
            .map(|u| u.side.0)
            .collect();
        standing.sort();
        standing.dedup();
        match standing.as_slice() {
            [] => return self.finish(Outcome::Draw),
            [side] => {
                let name = self.roster.sides[*side].name.clone();
                return self.finish(Outcome::Victory {
                    side: name,
                    reason: "every enemy is Down".into(),
                });
            }
            _ => {}
        }
        let objectives = self.roster.objectives.clone();
        for (i, o) in objectives.iter().enumerate() {
            if let Objective::ReachArea { side, count, .. } = o
                && self.objectives.reached[i].len() >= *count as usize
            {
                let name = self.roster.sides[*side].name.clone();
                return self.finish(Outcome::Victory {
                    side: name,
                    reason: match count {
                        1 => "a combatant reached the area".to_string(),
                        n => format!("{n} combatants reached the area"),
                    },
                });
            }
        }
    }

    /// End-of-round objectives: holding an area, surviving.
    pub(crate) fn round_objectives(&mut self, round: u32) {
        let snap = self.snapshot();
        let objectives = self.roster.objectives.clone();
        for (i, o) in objectives.iter().enumerate() {
            match o {
                Objective::HoldArea {
                    side,
                    tiles,
                    rounds,
                } => {
                    let mine = snap
                        .units
                        .iter()
                        .any(|u| u.able() && u.side == *side && tiles.contains(&u.pos));
                    let theirs = snap
                        .units
                        .iter()
                        .any(|u| u.able() && u.side != *side && tiles.contains(&u.pos));
                    let name = self.roster.sides[*side].name.clone();
                    if mine && !theirs {
                        self.objectives.streak[i] += 1;
                        let n = self.objectives.streak[i];
                        self.emit(BattleEvent::ObjectiveProgress {
                            side: name.clone(),
                            text: format!("holds the area: {n} of {rounds} rounds"),
                        });
                        if n >= *rounds {
                            return self.finish(Outcome::Victory {
                                side: name,
                                reason: format!("held the area for {rounds} rounds"),
                            });
                        }
                    } else if self.objectives.streak[i] > 0 {
                        self.objectives.streak[i] = 0;
                        self.emit(BattleEvent::ObjectiveProgress {
                            side: name,
                            text: "lost hold of the area".into(),
                        });
                    }
                }
                Objective::Survive { side, rounds }
                    if round >= *rounds
                        && snap.units.iter().any(|u| u.able() && u.side == *side) =>
                {
                    let name = self.roster.sides[*side].name.clone();
                    return self.finish(Outcome::Victory {
                        side: name,
                        reason: format!("survived {rounds} rounds"),
                    });
                }
                _ => {}
            }
        }
    }
}
