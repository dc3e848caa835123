//! The banner over the map: a broken level edit's problems (the last good version keeps
//! running), a broken bindings file, and notices such as where a replay was saved (saving is
//! asked for by F5 in `controls/` or the victory screen's button).

use crate::battle::Roster;
use crate::battle::TurnState;
use crate::game::controls::Bindings;
use crate::game::level_asset::{CommandRecord, CurrentLevel, save_replay};
use crate::game::map_view::{PANEL_WIDTH, TOP_BAR};
use crate::game::notice::Notice;
use crate::game::{SaveReplayRequest, Seats};
use bevy::prelude::*;

/// The notice's layer when it shows alone: over the title and the menus (`GlobalZIndex` 10).
const NOTICE_OVER_SCREENS: i32 = 20;

/// The banner's line of the notice.
#[derive(Component)]
pub(super) struct NoticeLine;

#[derive(Component)]
pub(super) struct ErrorBanner;

/// Save the battle so far when asked, and say where (or why not).
pub(super) fn save_requests(
    mut requests: MessageReader<SaveReplayRequest>,
    current: Res<CurrentLevel>,
    record: Res<CommandRecord>,
    (seats, roster): (Res<Seats>, Res<Roster>),
    mut notice: ResMut<Notice>,
    time: Res<Time>,
) {
    if requests.read().last().is_none() {
        return;
    }
    let text = match save_replay(&current, &record, seats.players(&roster)) {
        Ok(path) => format!("Saved the battle to {path}; run it with: skirmish replay {path}"),
        Err(e) => format!("Could not save the replay: {e}"),
    };
    notice.say(text, &time);
}

/// A notice fades out, then leaves (the banner goes with it when it has nothing else).
pub(super) fn fade_notice(
    time: Res<Time>,
    mut notice: ResMut<Notice>,
    mut lines: Query<(&mut TextColor, &mut BackgroundColor), With<NoticeLine>>,
) {
    if notice.text.is_empty() {
        return;
    }
    let opacity = notice.opacity(time.elapsed_secs());
    if opacity <= 0.0 {
        notice.text.clear();
        return;
    }
    for (mut colour, mut back) in &mut lines {
        colour.0.set_alpha(opacity);
        back.0.set_alpha(NOTICE_BACK_ALPHA * opacity);
    }
}

/// The colour of a notice's line, and how opaque the shade behind it is.
const NOTICE_COLOUR: Color = Color::srgb(0.7, 1.0, 0.7);
/// The colour of a notice of something not done.
const REFUSAL_COLOUR: Color = Color::srgb(1.0, 0.75, 0.45);
const NOTICE_BACK_ALPHA: f32 = 0.6;

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
    // Only a notice: it shows without the banner's background, and fades.
    let notice_only = lines.is_empty();
    if !notice.text.is_empty() {
        let colour = if notice.refusal {
            REFUSAL_COLOUR
        } else {
            NOTICE_COLOUR
        };
        lines.push((notice.text.clone(), colour));
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
            BackgroundColor(if notice_only {
                Color::NONE
            } else if current.errors.is_empty() {
                Color::srgba(0.05, 0.2, 0.08, 0.9)
            } else {
                Color::srgba(0.45, 0.06, 0.06, 0.92)
            }),
            // A notice alone shows over the screens too (a refused Quit on the title); the
            // level's problems stay under them.
            GlobalZIndex(if notice_only { NOTICE_OVER_SCREENS } else { 5 }),
            ErrorBanner,
        ))
        .with_children(|p| {
            for (l, c) in lines {
                let line = (Text::new(l), TextFont::from_font_size(14.0), TextColor(c));
                if c == NOTICE_COLOUR {
                    let back = Color::srgba(0.0, 0.0, 0.0, NOTICE_BACK_ALPHA);
                    p.spawn((line, NoticeLine, BackgroundColor(back)));
                } else {
                    p.spawn(line);
                }
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
