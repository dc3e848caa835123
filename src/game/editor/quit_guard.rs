//! Quitting with the level editor's edits unsaved: the first Quit (the title's or the
//! menu's button, or the window's close button) is refused with a notice that says so; a
//! second one while that notice is up (it says for how long) quits without them; a later
//! one is warned of anew, so no edit is lost to a Quit the player has forgotten was armed.
//! With nothing unsaved, Quit quits.

use super::Editor;
use crate::game::QuitRequest;
use crate::game::notice::{NOTICE_SECONDS, Notice};
use crate::game::screen_state::GameScreen;
use bevy::prelude::*;
use bevy::window::WindowCloseRequested;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, guard_quit.before(bevy::window::ExitSystems));
}

/// Whether a Quit asked for `now` goes ahead: with no unsaved edits, or asked again before
/// `armed_until` (the refusal's notice still up). Else the refusal arms the next one.
fn quit_goes_ahead(unsaved: bool, now: f32, armed_until: &mut Option<f32>) -> bool {
    if !unsaved || armed_until.is_some_and(|t| now <= t) {
        return true;
    }
    *armed_until = Some(now + NOTICE_SECONDS);
    false
}

fn guard_quit(
    mut requests: MessageReader<QuitRequest>,
    mut closes: MessageReader<WindowCloseRequested>,
    editor: Res<Editor>,
    screen: Res<State<GameScreen>>,
    mut armed_until: Local<Option<f32>>,
    (time, mut notice): (Res<Time>, ResMut<Notice>),
    mut exit: MessageWriter<AppExit>,
) {
    let asked = requests.read().count() + closes.read().count();
    if asked == 0 {
        return;
    }
    let now = time.elapsed_secs();
    if quit_goes_ahead(editor.unsaved(), now, &mut armed_until) {
        exit.write(AppExit::Success);
        return;
    }
    let name = match editor.doc.as_ref().and_then(|d| d.path()) {
        Some(path) => crate::paths::display(path),
        None => "a new level".into(),
    };
    let open_it = if *screen.get() == GameScreen::Editor {
        ""
    } else {
        "open it (E on the title) and "
    };
    notice.refuse(
        format!(
            "The level editor holds unsaved edits to {name}: {open_it}save with Ctrl+S, or \
             quit again in the next {} seconds to quit without them",
            NOTICE_SECONDS as u32
        ),
        &time,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quit_is_refused_once_with_edits_unsaved_and_goes_ahead_when_asked_again() {
        let mut armed = None;
        assert!(quit_goes_ahead(false, 1.0, &mut armed), "nothing unsaved");
        assert!(!quit_goes_ahead(true, 1.0, &mut armed), "unsaved: refused");
        assert!(quit_goes_ahead(true, 2.0, &mut armed), "asked again");
        let late = 2.0 + NOTICE_SECONDS + 1.0;
        assert!(
            !quit_goes_ahead(true, late, &mut armed),
            "the notice gone: asked anew"
        );
    }
}
