//! The combat log in the side panel (`side_panel.rs`): every battle event in words, coloured
//! by kind, the newest followed; a refusal also goes to the toast the status line shows
//! (`action_bar.rs`).

use super::{REFUSAL_COLOUR, TEXT_DIM, Toast, text};
use crate::battle::BattleLog;
use crate::battle::describe::{Wording, describe_in};
use crate::battle::engine::Rules;
use crate::battle::events::BattleEvent;
use crate::game::Scrollable;
use bevy::prelude::*;

/// Log lines kept on screen.
const LOG_LINES: usize = 400;

#[derive(Component)]
pub(super) struct LogBox;
#[derive(Component)]
pub(super) struct LogText;

/// The log's title and its scrolling box, as the side panel's last children.
/// How much of the side panel's height the combat log keeps, however long the cards above
/// it (percent).
pub(super) const LOG_MIN_SHARE: f32 = 36.0;

/// The combat log's heading and its scrolling box.
pub(super) fn spawn_log(p: &mut ChildSpawnerCommands) {
    p.spawn(text("Combat log", 13.0, Color::srgb(0.9, 0.8, 0.5)));
    p.spawn((
        Node {
            // What the cards leave, and never less than its share.
            flex_grow: 1.0,
            flex_basis: px(0),
            min_height: percent(LOG_MIN_SHARE),
            flex_direction: FlexDirection::Column,
            overflow: Overflow::scroll_y(),
            ..default()
        },
        ScrollPosition::default(),
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.35)),
        LogBox,
        Scrollable,
    ))
    .with_child((text("", 11.0, TEXT_DIM), LogText));
}

fn event_colour(ev: &BattleEvent) -> Color {
    match ev {
        BattleEvent::Rolled { .. } => Color::srgb(0.5, 0.52, 0.56),
        BattleEvent::AttackRolled(_)
        | BattleEvent::ContestRolled(_)
        | BattleEvent::DefenceRolled { .. } => Color::srgb(1.0, 0.9, 0.55),
        BattleEvent::Damaged { .. }
        | BattleEvent::VitalityLost { .. }
        | BattleEvent::WentDown { .. } => Color::srgb(1.0, 0.5, 0.45),
        BattleEvent::ConditionAdded { .. } | BattleEvent::ConditionRemoved { .. } => {
            Color::srgb(0.8, 0.65, 1.0)
        }
        BattleEvent::RoundStarted { .. }
        | BattleEvent::TurnStarted { .. }
        | BattleEvent::BattleEnded(_) => Color::WHITE,
        BattleEvent::Rejected { .. } => Color::srgb(1.0, 0.35, 0.3),
        BattleEvent::ReactionOffered { .. }
        | BattleEvent::ReactionTaken { .. }
        | BattleEvent::ReactionDeclined { .. } => Color::srgb(0.5, 0.85, 1.0),
        _ => TEXT_DIM,
    }
}

pub(super) fn update_log(
    mut commands: Commands,
    log: Res<BattleLog>,
    text: Single<(Entity, Option<&Children>), With<LogText>>,
    mut boxes: Query<(&mut ScrollPosition, &ComputedNode), With<LogBox>>,
    mut shown: Local<(u32, usize)>,
    (mut toast, time, rules): (ResMut<Toast>, Res<Time>, Res<Rules>),
) {
    let wording = Wording::of(&rules.0);
    if *shown == (log.battle, log.events.len()) {
        return;
    }
    let same_battle = shown.0 == log.battle && shown.1 <= log.events.len();
    let from = if same_battle { shown.1 } else { 0 };
    // A refused command shows for a while in the status line.
    for ev in &log.events[from..] {
        if let BattleEvent::Rejected { refusal, command } = ev {
            toast.show(
                wording.say(&format!(
                    "Not allowed: {}: {refusal}",
                    crate::battle::describe::refused_action(command, refusal)
                )),
                REFUSAL_COLOUR,
                time.elapsed_secs(),
            );
        }
    }
    *shown = (log.battle, log.events.len());
    // Append the new lines and drop the oldest beyond LOG_LINES; a new battle starts over.
    let (entity, children) = *text;
    let old: Vec<Entity> = match (same_battle, children) {
        (true, Some(c)) => c.iter().collect(),
        (_, Some(c)) => {
            for e in c.iter() {
                commands.entity(e).despawn();
            }
            Vec::new()
        }
        (_, None) => Vec::new(),
    };
    let start = from.max(log.events.len().saturating_sub(LOG_LINES));
    let added = log.events.len() - start;
    let excess = (old.len() + added).saturating_sub(LOG_LINES);
    for e in old.into_iter().take(excess) {
        commands.entity(e).despawn();
    }
    commands.entity(entity).with_children(|p| {
        for ev in &log.events[start..] {
            p.spawn((
                TextSpan::new(format!("{}\n", describe_in(ev, wording))),
                TextFont::from_font_size(11.0),
                TextColor(event_colour(ev)),
            ));
        }
    });
    // Follow the newest line.
    for (mut pos, node) in &mut boxes {
        pos.0.y = (node.content_size.y * node.inverse_scale_factor + 10_000.0).max(0.0);
    }
}
