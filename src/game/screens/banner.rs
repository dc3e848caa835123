//! The banner over the map: a broken level edit's problems (the last good version keeps
//! running), a broken bindings file, and notices such as where a replay was saved (saving is
//! asked for by F5 in `controls/` or the victory screen's button).

use crate::battle::TurnState;
use crate::game::SaveReplayRequest;
use crate::game::controls::Bindings;
use crate::game::level_asset::{CommandRecord, CurrentLevel, save_replay};
use crate::game::map_view::{PANEL_WIDTH, TOP_BAR};
use bevy::prelude::*;

/// A short message over the map (a saved replay, a broken bindings file).
#[derive(Resource, Debug, Default)]
pub struct Notice(pub String);

#[derive(Component)]
pub(super) struct ErrorBanner;

/// Save the battle so far when asked, and say where (or why not).
pub(super) fn save_requests(
    mut requests: MessageReader<SaveReplayRequest>,
    current: Res<CurrentLevel>,
    record: Res<CommandRecord>,
    mut notice: ResMut<Notice>,
) {
    if requests.read().last().is_none() {
        return;
    }
    notice.0 = match save_replay(&current, &record) {
        Ok(path) => format!("Saved the battle to {path}; run it with: skirmish replay {path}"),
        Err(e) => format!("Could not save the replay: {e}"),
    };
}

/// Problems of a broken level edit (the last good version keeps running), or a notice.
pub(super) fn error_banner(
    mut commands: Commands,
    current: Res<CurrentLevel>,
    notice: Res<Notice>,
    bindings: Res<Bindings>,
    banner: Query<Entity, With<ErrorBanner>>,
    turn: Res<TurnState>,
) {
    if !current.is_changed() && !notice.is_changed() && !banner.is_empty() {
        return;
    }
    for e in &banner {
        commands.entity(e).despawn();
    }
    let mut lines = level_problems(&current, turn.round);
    if let Some(p) = &bindings.problem {
        lines.push((p.clone(), Color::srgb(1.0, 0.8, 0.6)));
    }
    if !notice.0.is_empty() {
        lines.push((notice.0.clone(), Color::srgb(0.7, 1.0, 0.7)));
    }
    if lines.is_empty() {
        return;
    }
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(TOP_BAR + 6.0),
                left: px(10),
                right: px(PANEL_WIDTH + 10.0),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(10)),
                ..default()
            },
            BackgroundColor(if current.errors.is_empty() {
                Color::srgba(0.05, 0.2, 0.08, 0.9)
            } else {
                Color::srgba(0.45, 0.06, 0.06, 0.92)
            }),
            GlobalZIndex(5),
            ErrorBanner,
        ))
        .with_children(|p| {
            for (l, c) in lines {
                p.spawn((Text::new(l), TextFont::from_font_size(14.0), TextColor(c)));
            }
        });
}

/// The banner's lines about the level's problems (none when it has none): a heading, the
/// first ten, and how many more.
fn level_problems(current: &CurrentLevel, round: u32) -> Vec<(String, Color)> {
    let mut lines: Vec<(String, Color)> = Vec::new();
    if current.errors.is_empty() {
        return lines;
    }
    let head = if current.level.is_some() {
        format!(
            "{} has {} problem(s); the last good version keeps running (round {}). Fix and save to reload:",
            current.file,
            current.errors.len(),
            round
        )
    } else {
        format!(
            "{} cannot be played ({} problem(s)). Fix and save to reload:",
            current.file,
            current.errors.len()
        )
    };
    lines.push((head, Color::WHITE));
    for p in current.errors.iter().take(10) {
        lines.push((p.to_string(), Color::srgb(1.0, 0.8, 0.75)));
    }
    if current.errors.len() > 10 {
        lines.push((
            format!("... and {} more", current.errors.len() - 10),
            Color::WHITE,
        ));
    }
    lines
}
