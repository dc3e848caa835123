//! Quitting with the level editor's edits unsaved: the first Quit (the title's or the
//! menu's button, or the window's close button) is refused with a notice that says so; a
//! second one, with no edit made since, quits without them (an edit made after the warning
//! is warned of anew). With nothing unsaved, Quit quits.

use super::Editor;
use crate::game::QuitRequest;
use crate::game::notice::Notice;
use crate::game::screen_state::GameScreen;
use bevy::prelude::*;
use bevy::window::WindowCloseRequested;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, guard_quit.before(bevy::window::ExitSystems));
}

/// Whether a Quit goes ahead: with no unsaved edits, or asked again with the level's text
/// still `warned`, the text the last refusal warned of. Else the refusal warns of `text`.
fn quit_goes_ahead(unsaved: bool, text: &str, warned: &mut Option<String>) -> bool {
    if !unsaved || warned.as_deref() == Some(text) {
        return true;
    }
    *warned = Some(text.to_string());
    false
}

fn guard_quit(
    mut requests: MessageReader<QuitRequest>,
    mut closes: MessageReader<WindowCloseRequested>,
    editor: Res<Editor>,
    screen: Res<State<GameScreen>>,
    mut warned: Local<Option<String>>,
    (time, mut notice): (Res<Time>, ResMut<Notice>),
    mut exit: MessageWriter<AppExit>,
) {
    let asked = requests.read().count() + closes.read().count();
    if asked == 0 {
        return;
    }
    let text = editor.doc.as_ref().map_or("", |d| d.text());
    if quit_goes_ahead(editor.unsaved(), text, &mut warned) {
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
             quit again to quit without them"
        ),
        &time,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quit_is_refused_once_with_edits_unsaved_and_goes_ahead_when_asked_again() {
        let mut warned = None;
        assert!(quit_goes_ahead(false, "a", &mut warned), "nothing unsaved");
        assert!(!quit_goes_ahead(true, "a", &mut warned), "unsaved: refused");
        assert!(
            quit_goes_ahead(true, "a", &mut warned),
            "asked again, however late, with no edit since"
        );
    }

    #[test]
    fn an_edit_after_the_warning_is_warned_of_anew() {
        let mut warned = None;
        assert!(!quit_goes_ahead(true, "a", &mut warned));
        assert!(
            !quit_goes_ahead(true, "ab", &mut warned),
            "edited since the warning: refused again"
        );
        assert!(quit_goes_ahead(true, "ab", &mut warned), "then asked again");
    }
}
