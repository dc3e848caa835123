//! The questions and menus that pause a battle: the End Turn that would throw away AP,
//! asked first; the menu Esc opens; the settings page; the list of battles to watch.

use super::ScreenButton;
use super::layouts::{GOLD, MUTED, button, button_row, prompt_box, title};
use crate::game::settings::{Settings, UI_SCALES, WINDOW_SIZES};
use crate::paths;
use bevy::prelude::*;

/// "End Bram's turn?": the AP it would throw away, and the two answers.
pub(super) fn confirm_end(commands: &mut Commands, root: Entity, unit: &str, ap: u32) {
    commands.entity(root).with_children(|p| {
        p.spawn(prompt_box(Color::srgb(0.85, 0.7, 0.3))).with_children(|p| {
            title(p, &format!("End {unit}'s turn?"), 28.0, Color::WHITE);
            title(
                p,
                &format!("{unit} still has {ap} AP. AP do not carry over: the turn's end throws them away."),
                20.0,
                Color::srgb(1.0, 0.9, 0.55),
            );
            button_row(
                p,
                &[
                    ("End the turn (Enter)", ScreenButton::EndTurnAnyway),
                    ("Keep acting (Esc)", ScreenButton::KeepActing),
                ],
            );
        });
    });
}

/// A setting the settings page changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SettingKey {
    AutoPass,
    ConfirmEndTurn,
    UiScale,
    Animation,
    WindowSize,
    Fullscreen,
}

fn on_off(on: bool) -> &'static str {
    if on { "on" } else { "off" }
}

/// Each setting's button: what it is and what it is now.
pub(super) fn setting_rows(s: &Settings) -> Vec<(String, SettingKey)> {
    use SettingKey as K;
    vec![
        (
            format!(
                "Auto-pass when no unit of yours could attack from where it stands: {}",
                on_off(s.auto_pass)
            ),
            K::AutoPass,
        ),
        (
            format!(
                "Ask before an End Turn that throws away AP: {}",
                on_off(s.confirm_end_turn)
            ),
            K::ConfirmEndTurn,
        ),
        (
            format!("Interface scale: {}%", (s.ui_scale * 100.0).round()),
            K::UiScale,
        ),
        (
            format!("Animation speed (F2): {:?}", s.animation),
            K::Animation,
        ),
        (
            format!("Window size: {} x {}", s.window_size.0, s.window_size.1),
            K::WindowSize,
        ),
        (
            format!("Fullscreen (F11): {}", on_off(s.fullscreen)),
            K::Fullscreen,
        ),
    ]
}

/// The next value of a setting.
pub(super) fn change(s: &mut Settings, key: SettingKey) {
    match key {
        SettingKey::AutoPass => s.auto_pass = !s.auto_pass,
        SettingKey::ConfirmEndTurn => s.confirm_end_turn = !s.confirm_end_turn,
        SettingKey::UiScale => s.ui_scale = Settings::next_of(&UI_SCALES, s.ui_scale),
        SettingKey::Animation => s.animation = s.animation.next(),
        SettingKey::WindowSize => s.window_size = Settings::next_of(&WINDOW_SIZES, s.window_size),
        SettingKey::Fullscreen => s.fullscreen = !s.fullscreen,
    }
}

/// A column of menu buttons under a heading.
fn menu_column(
    commands: &mut Commands,
    root: Entity,
    heading: &str,
    line: &str,
    buttons: Vec<(String, ScreenButton)>,
) {
    commands.entity(root).with_children(|p| {
        title(p, heading, 40.0, GOLD);
        title(p, line, 16.0, MUTED);
        p.spawn(Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Stretch,
            margin: UiRect::top(px(18)),
            ..default()
        })
        .with_children(|col| {
            for (label, action) in buttons {
                button(col, &label, action);
            }
        });
    });
}

/// Esc in a battle: the battle waits behind this menu.
/// The Esc menu; a playtest's (`playtest`) goes back to the editor where a battle's goes
/// to the title (the playtest's own systems send "the title" on to the editor).
pub(super) fn paused(commands: &mut Commands, root: Entity, playtest: bool) {
    let (heading, line, leave, restart) = if playtest {
        (
            "Playtest paused",
            "The level waits in the editor as you left it.",
            "Back to the editor",
            "Restart the playtest",
        )
    } else {
        (
            "Paused",
            "The battle waits.",
            "Quit to the title",
            "Restart the battle",
        )
    };
    let buttons = [
        ("Resume (Esc)", ScreenButton::Back),
        (restart, ScreenButton::Restart),
        ("How to play (F1)", ScreenButton::HowToPlay),
        ("Settings", ScreenButton::OpenSettings),
        ("Save a replay (F5)", ScreenButton::SaveReplay),
        (leave, ScreenButton::ToTitle),
        ("Quit the game", ScreenButton::Quit),
    ];
    let buttons = buttons
        .into_iter()
        .map(|(l, b)| (l.to_string(), b))
        .collect();
    menu_column(commands, root, heading, line, buttons);
}

/// The settings, each a button that changes it; they are saved at once.
pub(super) fn settings_page(commands: &mut Commands, root: Entity, rows: &[(String, SettingKey)]) {
    let mut buttons: Vec<(String, ScreenButton)> = rows
        .iter()
        .map(|(label, key)| (label.clone(), ScreenButton::Setting(*key)))
        .collect();
    buttons.push(("Back (Esc)".into(), ScreenButton::Back));
    let line = format!(
        "Click a setting to change it. They are kept for the next time, in {}.",
        paths::display(&Settings::path())
    );
    menu_column(commands, root, "Settings", &line, buttons);
}

/// The saved battles to watch, each a button: the player's own first, then the shipped
/// replays; the list scrolls.
pub(super) fn watch_list(
    commands: &mut Commands,
    root: Entity,
    files: &[(String, std::path::PathBuf)],
) {
    commands.entity(root).with_children(|p| {
        title(p, "Watch a battle", 40.0, GOLD);
        let line = if files.is_empty() {
            "No saved battle yet: F5 in a battle, or the victory screen, saves one.".to_string()
        } else {
            "Your saved battles (newest first), then the shipped ones. Step through one, then take over from any step.".to_string()
        };
        title(p, &line, 16.0, MUTED);
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Stretch,
                max_height: percent(70),
                overflow: Overflow::scroll_y(),
                margin: UiRect::top(px(12)),
                ..default()
            },
            crate::game::Scrollable,
        ))
        .with_children(|list| {
            for (name, path) in files {
                button(list, name, ScreenButton::Watch(path.clone()));
            }
        });
        button(p, "Back (Esc)", ScreenButton::Back);
    });
}
