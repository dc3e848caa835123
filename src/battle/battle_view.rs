//! Read-only access to the battle (`BattleView`, a Bevy system parameter) for the window
//! and previews: who acts and may be chosen now, and a `View` of the battle as it stands.

use super::command::View;
use super::engine::{BattleMap, Resolution, Roster, Rules, TurnState};
use super::snapshot::{Snapshot, UnitQueryReadOnly};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Read-only access to the battle, for the UI and previews.
#[derive(SystemParam)]
pub struct BattleView<'w, 's> {
    pub units: Query<'w, 's, UnitQueryReadOnly>,
    pub map: Res<'w, BattleMap>,
    pub rules: Res<'w, Rules>,
    pub roster: Res<'w, Roster>,
    pub turn: Res<'w, TurnState>,
    pub resolution: Res<'w, Resolution>,
    pub items: Res<'w, super::engine::DroppedItems>,
    pub choice: Res<'w, ActorChoice>,
}

/// Which of the units that may act now the player picked to give the next command (a
/// member of a Seed000 union, or any able unit of the side in a Seed002 activation), with
/// the slot it was picked in: the choice lasts that slot.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ActorChoice(pub Option<(Entity, u32)>);

impl BattleView<'_, '_> {
    /// Who gives the next command: the unit asked to act on the map (Seed002: the winner of
    /// a Seize, out of its side's activation), or one picked of the side asked (Seed003: a
    /// side acting out of turn); else the unit the player picked among those that may act
    /// now, or the active combatant.
    pub fn acting(&self) -> Option<Entity> {
        use super::engine::AnswerOn;
        if let Some(q) = &self.resolution.awaiting {
            let unit = q.asked();
            match q.answer_on() {
                AnswerOn::Unit => return Some(unit),
                AnswerOn::Side => {
                    let side = |e| self.units.get(e).ok().map(|u| u.side.0);
                    return match self.choice.0 {
                        Some((e, slot)) if slot == self.turn.slots && side(e) == side(unit) => {
                            Some(e)
                        }
                        _ => Some(unit),
                    };
                }
                AnswerOn::Prompt => {}
            }
        }
        match self.choice.0 {
            Some((e, slot)) if slot == self.turn.slots && self.turn.is_turn_of(e) => Some(e),
            _ => self.turn.active(),
        }
    }

    /// The side that must decide now: the side asked a question, or the acting unit's.
    pub fn deciding_side(&self) -> Option<usize> {
        let e = match &self.resolution.awaiting {
            Some(q) => q.asked(),
            None => self.acting()?,
        };
        self.units.get(e).ok().map(|u| u.side.0)
    }

    /// Whether the player may pick `e` to act now, in place of the unit acting.
    pub fn may_choose(&self, e: Entity) -> bool {
        use super::engine::AnswerOn;
        let side = |e| {
            self.units
                .get(e)
                .ok()
                .map(|u| (u.side.0, u.conditions.is_down()))
        };
        let asked = self.resolution.awaiting.as_ref();
        match asked.map(|q| (q.answer_on(), q.asked())) {
            Some((AnswerOn::Unit, _)) => false,
            Some((AnswerOn::Side, unit)) => {
                side(e).is_some_and(|(s, down)| Some(s) == side(unit).map(|x| x.0) && !down)
                    && self.acting() != Some(e)
            }
            _ => self.turn.is_turn_of(e) && self.acting() != Some(e),
        }
    }

    pub fn snapshot(&self) -> Snapshot {
        Snapshot::build(self.units.iter())
    }

    pub fn view<'a>(&'a self, snap: &'a Snapshot) -> View<'a> {
        View::new(
            snap,
            &self.map,
            &self.rules,
            &self.turn,
            &self.resolution,
            &self.roster,
            &self.items,
        )
    }

    /// The battle as it stands, owned: to think about it away from the world (the window's
    /// computer player decides in a task).
    pub fn position(&self) -> Position {
        Position {
            snap: self.snapshot(),
            map: (*self.map).clone(),
            rules: (*self.rules).clone(),
            turn: (*self.turn).clone(),
            resolution: (*self.resolution).clone(),
            roster: (*self.roster).clone(),
            items: (*self.items).clone(),
        }
    }
}

/// A copy of everything a [`View`] reads: [`BattleView::position`].
#[derive(Clone, Debug)]
pub struct Position {
    snap: Snapshot,
    map: BattleMap,
    rules: Rules,
    turn: TurnState,
    resolution: Resolution,
    roster: Roster,
    items: super::engine::DroppedItems,
}

impl Position {
    pub fn view(&self) -> View<'_> {
        View::new(
            &self.snap,
            &self.map,
            &self.rules,
            &self.turn,
            &self.resolution,
            &self.roster,
            &self.items,
        )
    }
}
