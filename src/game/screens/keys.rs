//! The screens' keys: Enter or Y continues and accepts, Esc or N declines and goes back
//! (on the hand-off Esc opens the battle's menu),
//! the number keys answer a prompt, and each screen's own (the title's C, T, L and E; the
//! victory screen's R and L).

use super::effects::ScreenEffects;
use super::{ScreenButton, choice, reaction_ask};
use crate::battle::events::Command;
use crate::battle::preview::BattleView;
use crate::game::UiState;
use crate::game::autosave::Continuable;
use crate::game::controls::Intent;
use crate::game::screen_state::GameScreen;
use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;

/// The keys that pick a choice prompt's answers, in order.
const NUMBER_KEYS: [KeyCode; 9] = [
    KeyCode::Digit1,
    KeyCode::Digit2,
    KeyCode::Digit3,
    KeyCode::Digit4,
    KeyCode::Digit5,
    KeyCode::Digit6,
    KeyCode::Digit7,
    KeyCode::Digit8,
    KeyCode::Digit9,
];

/// A question on a prompt: the number keys pick its answers; on a Seed002 Swift Attack's,
/// [1] is the blow and [2]–[4] its maneuvers. Whether a question is up (then the other keys
/// are not read).
fn answered_by_number(
    keys: &ButtonInput<KeyCode>,
    view: &BattleView,
    effects: &mut ScreenEffects,
) -> bool {
    let Some(question) = view.resolution.awaiting.as_ref() else {
        return false;
    };
    let number = NUMBER_KEYS.iter().position(|k| keys.just_pressed(*k));
    if question.offer().is_some() {
        let Some(i) = number else {
            return false;
        };
        let Some(ask) = reaction_ask(view).filter(|a| !a.maneuvers.is_empty()) else {
            return false;
        };
        let label = |(l, _, _): &&(String, String, Command)| l.starts_with(&format!("[{}]", i + 1));
        match ask.maneuvers.iter().find(label) {
            Some((_, _, cmd)) => effects.apply(&ScreenButton::Answer(cmd.clone()), view),
            None if i == 0 => effects.apply(&ScreenButton::Accept, view),
            None => {}
        }
        return true;
    }
    if let Some(i) = number
        && let Some(row) = choice::choice_ask(view).and_then(|a| a.options.get(i).cloned())
    {
        effects.apply(&ScreenButton::Answer(row.command), view);
    }
    true
}

/// Keys on the screens: Enter or Y continues and accepts, Esc or N declines and closes.
pub(super) fn screen_keys(
    actions: Single<&ActionState<Intent>>,
    keys: Res<ButtonInput<KeyCode>>,
    view: BattleView,
    mut effects: ScreenEffects,
    ui: Res<UiState>,
    (continuable, state): (Res<Continuable>, Res<State<GameScreen>>),
    editor: Option<Res<crate::game::editor::Editor>>,
) {
    if !ui.blocked {
        return;
    }
    let playtest = editor.is_some_and(|e| e.playtesting);
    let screen = *state.get();
    if answered_by_number(&keys, &view, &mut effects) {
        return;
    }
    let yes = [Intent::EndTurn, Intent::Skip, Intent::Accept]
        .iter()
        .any(|i| actions.just_pressed(i));
    let no = actions.just_pressed(&Intent::Cancel) || actions.just_pressed(&Intent::Decline);
    let levels = actions.just_pressed(&Intent::LevelSelect);
    let help = actions.just_pressed(&Intent::Help);
    let page = effects.menu.top();
    let action = if help {
        // F1 opens How to play over any screen, and closes it.
        Some(ScreenButton::HowToPlay)
    } else if page.is_some() {
        // Esc goes back.
        no.then_some(ScreenButton::Back)
    } else if screen == GameScreen::Title {
        let resume = keys.just_pressed(KeyCode::KeyC) && continuable.0.is_some();
        let lesson = keys.just_pressed(KeyCode::KeyT);
        let editor = keys.just_pressed(KeyCode::KeyE);
        (yes.then_some(ScreenButton::VsComputer))
            .or(editor.then_some(ScreenButton::LevelEditor))
            .or(lesson.then_some(ScreenButton::Tutorial))
            .or(levels.then_some(ScreenButton::OpenLevels))
            .or(resume.then_some(ScreenButton::ContinueSaved))
    } else if screen == GameScreen::LevelSelect {
        // Esc (or L again) goes back to the title.
        (no || levels).then_some(ScreenButton::Back)
    } else if effects.confirm.0.is_some() && view.turn.outcome.is_none() {
        (yes.then_some(ScreenButton::EndTurnAnyway)).or(no.then_some(ScreenButton::KeepActing))
    } else if view.resolution.awaiting.is_some() {
        if yes {
            Some(ScreenButton::Accept)
        } else if no {
            Some(ScreenButton::Decline)
        } else {
            None
        }
    } else if view.turn.outcome.is_some() {
        // The victory screen: R restarts, L lists the levels (not in a playtest), Esc goes
        // to the title (a playtest's, to the editor).
        let restart = keys.just_pressed(KeyCode::KeyR);
        let levels = levels && !playtest;
        (restart.then_some(ScreenButton::Restart))
            .or(levels.then_some(ScreenButton::OpenLevels))
            .or(no.then_some(ScreenButton::ToTitle))
    } else if yes {
        Some(ScreenButton::Continue)
    } else {
        // The hand-off: Esc opens the battle's menu (a playtest's leads back to the editor).
        if keys.just_pressed(KeyCode::Escape) {
            effects.menu.toggle(crate::game::Page::Paused);
        }
        None
    };
    if let Some(a) = action {
        effects.apply(&a, &view);
    }
}
