//! Auto-pass (a setting, on by default): where the rulebook asks a person's side a question
//! answered on the map and that side could do nothing there worth stopping for
//! (`Hud::nothing_to_do`: Seed003's window to act out of turn when none of its units could
//! attack), the window passes for it at once, and the status line says so.

use super::hud::Toast;
use super::settings::Settings;
use super::{ControlSystems, Menu, Seats};
use crate::battle::BattleLog;
use crate::battle::events::Command;
use crate::battle::preview::BattleView;
use bevy::prelude::*;

/// The status line's colour for what auto-pass did.
const PASSED_COLOUR: Color = Color::srgb(0.75, 0.8, 0.9);

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        auto_pass
            .after(ControlSystems)
            .run_if(in_state(super::screen_state::GameScreen::Battle)),
    );
}

/// Pass for a person's side that has nothing to do in the question asked; each position
/// is looked at once.
#[allow(clippy::too_many_arguments)]
fn auto_pass(
    view: BattleView,
    seats: Res<Seats>,
    settings: Res<Settings>,
    menu: Res<Menu>,
    log: Res<BattleLog>,
    time: Res<Time>,
    mut looked: Local<Option<(u32, usize)>>,
    mut out: MessageWriter<Command>,
    mut toast: ResMut<Toast>,
    resuming: Res<super::autosave::Resuming>,
    ui: Res<super::UiState>,
) {
    let here = (log.battle, log.events.len());
    let idle = !settings.auto_pass || menu.is_open() || resuming.busy() || ui.watching;
    if idle || *looked == Some(here) {
        return;
    }
    let Some(q) = view.resolution.awaiting.as_ref().filter(|q| q.on_map()) else {
        return;
    };
    *looked = Some(here);
    let snap = view.snapshot();
    let v = view.view(&snap);
    let Some(side) = snap.get(q.asked()).map(|u| u.side) else {
        return;
    };
    let book = v.ctx.rules.rulebook.book();
    if seats.computer(&view.roster, side).is_some() || !book.nothing_to_do(&v, q) {
        return;
    }
    if let Some(pass) = book.pass_command(&v, q) {
        out.write(pass);
        toast.show(
            format!(
                "{} passed: none of its units could attack from where they stand (auto-pass; Esc, Settings turns it off)",
                view.roster.side_name(side)
            ),
            PASSED_COLOUR,
            time.elapsed_secs(),
        );
    }
}
