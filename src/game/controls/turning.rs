//! Turning and ending: the facing chosen with a move (R pointing at the tile, taken once
//! the move is made), R turning now, and End Turn or Pass (`TurnEnding`: an End Turn that
//! throws away AP asks first; End Turn never passes a window).

use super::{Intent, pass_now};
use crate::battle::events::Command;
use crate::battle::preview::BattleView;
use crate::battle::snapshot::UnitSnap;
use crate::game::controls::Bindings;
use crate::game::hud::{REFUSAL_COLOUR, Toast, Unavailable};
use crate::game::settings::Settings;
use crate::game::{EndTurnConfirm, Mode, UiState};
use crate::rules::grid::{Dir8, Pos};
use bevy::prelude::*;

/// A move; with a facing chosen for it (R), that facing is taken once the move is made.
pub(super) fn move_to(
    ui: &mut ResMut<UiState>,
    out: &mut MessageWriter<Command>,
    unit: String,
    to: Pos,
) {
    if let Some((at, d)) = ui.planned_facing.take()
        && at == to
    {
        // The log's length is taken before the battle reads the move (`face_after_move`).
        ui.face_after_move = Some((unit.clone(), to, d, usize::MAX));
    }
    out.write(Command::Move { unit, to });
}

/// The facing chosen with a move, taken once the move (with the reactions it set off) is
/// over and the unit stands on its tile, still acting: a Face command, at what the rules
/// price turning. A move cut short drops it.
pub(super) fn face_after_move(
    mut ui: ResMut<UiState>,
    view: BattleView,
    log: Res<crate::battle::BattleLog>,
    mut out: MessageWriter<Command>,
) {
    let Some((unit, to, facing, sent)) = ui.face_after_move.clone() else {
        return;
    };
    if sent == usize::MAX {
        if let Some(f) = ui.face_after_move.as_mut() {
            f.3 = log.events.len();
        }
        return;
    }
    let r = &view.resolution;
    let busy = r.awaiting.is_some() || !r.queue.is_empty() || !r.stack.is_empty();
    if busy || log.events.len() <= sent {
        return;
    }
    ui.face_after_move = None;
    let snap = view.snapshot();
    let me = view.acting().and_then(|e| snap.get(e));
    if me.is_some_and(|u| *u.name == *unit && u.pos == to && u.facing != facing) {
        out.write(Command::Face { unit, facing });
    }
}

/// R: pointing at a tile the unit can move to, turn the facing the move ends with (45°
/// clockwise, from its last step's); else turn now.
pub(super) fn rotate_facing(
    ui: &mut ResMut<UiState>,
    out: &mut MessageWriter<Command>,
    view: &BattleView,
    me: Option<&UnitSnap>,
    unit: String,
) {
    let Some(m) = me else { return };
    if let Some(end) = move_end_facing(ui, view, m) {
        let (to, now) = end;
        ui.planned_facing = Some((to, now.rotated(1)));
        return;
    }
    out.write(Command::Face {
        unit,
        facing: m.facing.rotated(1),
    });
}

/// The tile pointed at, where a move could take `me` under rules with facing, and the
/// facing that move ends with: the one chosen for it, or its last step's.
pub fn move_end_facing(ui: &UiState, view: &BattleView, me: &UnitSnap) -> Option<(Pos, Dir8)> {
    // Where a side's activation passes after each action (Seed002), the move ends it
    // before a facing could follow: R turns at once there.
    let rules = &view.rules.0;
    let plans = rules.facing && !rules.rulebook.book().activations();
    let to = ui.hovered.filter(|_| ui.mode == Mode::Move && plans)?;
    if let Some((at, d)) = ui.planned_facing
        && at == to
    {
        return Some((to, d));
    }
    let snap = view.snapshot();
    let path = view.view(&snap).ctx.path_to(me, to)?;
    let from = path.len().checked_sub(2).map_or(me.pos, |i| path[i]);
    Some((to, Dir8::towards(from, to)?))
}

/// What ending a turn or passing a window needs: the End Turn waiting for a word, the
/// status line, the settings.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct TurnEnding<'w> {
    confirm: ResMut<'w, EndTurnConfirm>,
    toast: ResMut<'w, Toast>,
    time: Res<'w, Time>,
    settings: Res<'w, Settings>,
    bindings: Res<'w, Bindings>,
}

impl TurnEnding<'_> {
    /// Pass (N) lets a window to act out of turn go by; End Turn (Enter, Space) ends the
    /// acting unit's turn, and never passes a window: it says which key does. An End Turn
    /// that throws away AP (they do not carry over) asks first (`screens/`), unless the
    /// settings say not to.
    pub(super) fn pass_or_end(
        &mut self,
        intent: Intent,
        ui: &mut ResMut<UiState>,
        out: &mut MessageWriter<Command>,
        view: &BattleView,
        me: Option<&UnitSnap>,
    ) {
        let snap = view.snapshot();
        let pass = pass_now(&view.view(&snap));
        let now = self.time.elapsed_secs();
        match (intent, pass) {
            (Intent::Pass, Some(cmd)) => {
                out.write(cmd);
            }
            (Intent::Pass, None) => {
                let why = Unavailable::NothingToPass.to_string();
                self.toast.show(why, REFUSAL_COLOUR, now);
            }
            (_, Some(_)) => {
                let key = self.bindings.key_label(Intent::Pass);
                let why = format!(
                    "Your side is asked whether to act out of turn: act with a unit, or Pass ({key})."
                );
                self.toast.show(why, REFUSAL_COLOUR, now);
            }
            (_, None) => {
                ui.mode = Mode::Move;
                let Some(me) = me else {
                    return;
                };
                let asks =
                    self.settings.confirm_end_turn && me.ap > 0 && view.rules.0.turn_end_loses_ap();
                if asks {
                    self.confirm.0 = Some(me.name.to_string());
                } else {
                    out.write(Command::EndTurn {
                        unit: me.name.to_string(),
                    });
                }
            }
        }
    }
}
