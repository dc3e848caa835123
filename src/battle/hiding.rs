//! Hiding, where the rules have it (`Ruleset::hiding`; Seed000's, presets/Seed000.md,
//! "Hiding"): Hidden from a side, a combatant cannot be targeted by it and attacks it with
//! advantage (the Hide action that conceals it is its rulebook's). Revealed on its own turn when it ends a
//! step or an action in an enemy's sight, attacks, makes a contest, disarms or passes
//! through an enemy (at the turn's end), and outside its turn at once when an enemy steps
//! into sight of it, its held action fires, or it makes an opportunity attack. Also
//! leaning out of full cover ("Facing, flanking, cover"): the lean tile is kept here until
//! the combatant moves or its turn ends; `assess.rs` (`line_of_attack`) measures the attacks
//! it changes.

use super::assess::Ctx;
use super::components::Concealment;
use super::engine::Battle;
use super::snapshot::UnitSnap;
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ConditionKind, Duration};
use bevy::prelude::Entity;

/// Whether any standing enemy of a side `u` hides from sees it.
fn seen(ctx: &Ctx, u: &UnitSnap) -> bool {
    ctx.watchers(u).any(|e| u.hidden_from(e.side))
}

impl Battle<'_, '_> {
    /// Hide `unit` from these sides (a later Hide also clears a mark).
    pub fn conceal(&mut self, unit: Entity, sides: u16, source: &str) {
        let had = self
            .units
            .get(unit)
            .is_ok_and(|u| u.conditions.has(ConditionKind::Hidden));
        if let Ok(mut u) = self.units.get_mut(unit) {
            u.concealment.hidden_from |= sides;
            u.concealment.marked = false;
        }
        if !had {
            self.add_condition(
                unit,
                ConditionKind::Hidden,
                Duration::UntilRemoved,
                source,
                None,
            );
        }
    }

    /// Hidden no more.
    pub fn reveal(&mut self, unit: Entity, reason: &str) {
        let Ok(mut u) = self.units.get_mut(unit) else {
            return;
        };
        if !u.concealment.hidden() {
            return;
        }
        *u.concealment = Concealment::default();
        self.remove_condition(unit, ConditionKind::Hidden, reason);
    }

    /// A hidden combatant gives itself away by attacking, contesting, disarming or passing
    /// through an enemy: marked on its own turn (revealed when the turn ends), revealed at
    /// once outside it (an opportunity attack).
    pub fn reveal_by_acting(&mut self, unit: Entity) {
        let own_turn = self.turn.is_turn_of(unit);
        let Ok(mut u) = self.units.get_mut(unit) else {
            return;
        };
        if !u.concealment.hidden() {
            return;
        }
        if own_turn {
            u.concealment.marked = true;
        } else {
            self.reveal(unit, "it attacked");
        }
    }

    /// After a willing step by `mover`: hidden enemies it now sees are revealed (outside
    /// their own turn), and a hidden mover that an enemy sees is marked; then the held
    /// actions the step sets off are the walk's business (`held.rs`).
    pub fn after_step(&mut self, mover: Entity) {
        self.stop_leaning(mover, "it moved");
        if !self.rules.0.hiding {
            return;
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let Some(m) = snap.get(mover).filter(|m| m.able()) else {
            return;
        };
        let spotted: Vec<Entity> = snap
            .enemies_of(m)
            .filter(|h| {
                h.hidden_from(m.side)
                    && !self.turn.is_turn_of(h.entity)
                    && ctx.grid.sight(m.pos, h.pos).clear
            })
            .map(|h| h.entity)
            .collect();
        let mover_seen = m.concealment.hidden() && seen(&ctx, m);
        let name = m.name.clone();
        for h in spotted {
            self.reveal(h, &format!("{name} sees it"));
        }
        if mover_seen && let Ok(mut u) = self.units.get_mut(mover) {
            u.concealment.marked = true;
        }
    }

    /// After an action on its own turn: a hidden combatant in an enemy's sight is marked.
    pub fn mark_if_seen(&mut self, unit: Entity) {
        if !self.rules.0.hiding {
            return;
        }
        let snap = self.snapshot();
        let ctx = self.ctx(&snap);
        let seen_now = snap
            .get(unit)
            .is_some_and(|u| u.concealment.hidden() && seen(&ctx, u));
        if seen_now && let Ok(mut u) = self.units.get_mut(unit) {
            u.concealment.marked = true;
        }
    }

    /// Seed000: `unit` leans out of full cover to `at`, until it moves or its turn ends.
    pub fn lean_out(&mut self, unit: Entity, at: Pos) {
        if let Ok(mut u) = self.units.get_mut(unit) {
            u.concealment.lean = Some(at);
        }
        let source = format!("leaning out to {at}");
        self.add_condition(
            unit,
            ConditionKind::Leaning,
            Duration::UntilRemoved,
            &source,
            None,
        );
    }

    /// `unit` ducks back: it moved, or its turn ended.
    pub fn stop_leaning(&mut self, unit: Entity, reason: &str) {
        let leaning = self
            .units
            .get_mut(unit)
            .ok()
            .and_then(|mut u| u.concealment.lean.take())
            .is_some();
        if leaning {
            self.remove_condition(unit, ConditionKind::Leaning, reason);
        }
    }

    /// When its turn ends, a marked combatant is revealed.
    pub fn reveal_if_marked(&mut self, unit: Entity) {
        let marked = self
            .units
            .get(unit)
            .is_ok_and(|u| u.concealment.hidden() && u.concealment.marked);
        if marked {
            self.reveal(unit, "it was seen or gave itself away this turn");
        }
    }

    /// Surprise under `ActLastUnseen` (Seed000): every combatant of a side that is not
    /// surprised starts hidden from the surprised sides.
    pub fn hide_from_the_surprised(&mut self) {
        let surprised: u16 = self
            .roster
            .sides
            .iter()
            .enumerate()
            .filter(|(i, s)| s.surprised && *i < 16)
            .fold(0, |m, (i, _)| m | (1 << i));
        if surprised == 0 {
            return;
        }
        let units: Vec<(Entity, usize)> = self.units.iter().map(|u| (u.entity, u.side.0)).collect();
        for (e, side) in units {
            let from = surprised & !(1 << side.min(15));
            if side < 16 && surprised & (1 << side) == 0 && from != 0 {
                self.conceal(e, from, "the ambush");
            }
        }
    }
}
