//! The turn order bar along the top of the window: the round, then a chip per combatant in
//! initiative order (the active one framed, the done and the down greyed, the delayed marked).

use super::{PANEL_BG, TEXT_DIM, text};
use crate::battle::BattleLog;
use crate::battle::preview::BattleView;
use crate::game::map_view::{PANEL_WIDTH, TOP_BAR};
use crate::game::side_colour_of;
use bevy::prelude::*;

#[derive(Component)]
pub(super) struct TurnBar;

pub(super) fn spawn_turn_bar(commands: &mut Commands) {
    commands.spawn((
        Node {
            position_type: PositionType::Absolute,
            top: px(0),
            left: px(0),
            right: px(PANEL_WIDTH),
            height: px(TOP_BAR),
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(6),
            padding: UiRect::horizontal(px(10)),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor(PANEL_BG),
        TurnBar,
    ));
}

fn chip(p: &mut ChildSpawnerCommands, label: String, colour: Color, active: bool, down: bool) {
    let bg = if down {
        Color::srgb(0.2, 0.2, 0.2)
    } else {
        colour.darker(0.25)
    };
    p.spawn((
        Node {
            padding: UiRect::axes(px(5), px(3)),
            border: UiRect::all(px(if active { 3.0 } else { 1.0 })),
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(bg),
        BorderColor::all(if active {
            Color::srgb(1.0, 0.9, 0.3)
        } else {
            Color::BLACK
        }),
    ))
    .with_child((
        text(label, 12.0, if down { TEXT_DIM } else { Color::WHITE }),
        TextLayout::no_wrap(),
    ));
}

pub(super) fn turn_bar(
    mut commands: Commands,
    bar: Single<Entity, With<TurnBar>>,
    view: BattleView,
    log: Res<BattleLog>,
    mut seen: Local<(u32, usize, Option<Entity>)>,
) {
    let now = (log.battle, log.events.len(), view.acting());
    if *seen == now {
        return;
    }
    *seen = now;
    let snap = view.snapshot();
    commands.entity(*bar).despawn_children();
    let round = view.turn.round;
    let active = view.acting();
    // A rulebook's own slots of play (whose activation it is, who may act out of turn).
    let book = view.rules.0.rulebook.book();
    let activation = book
        .turn_bar_text(&view.turn, &view.resolution, &view.roster)
        .unwrap_or_default();
    commands.entity(*bar).with_children(|p| {
        p.spawn((
            text(
                format!("Round {round}   {}{activation}", book.title()),
                17.0,
                Color::srgb(1.0, 0.9, 0.5),
            ),
            TextLayout::no_wrap(),
            Node {
                flex_shrink: 0.0,
                ..default()
            },
        ));
        for e in &view.turn.order {
            let Some(u) = snap.get(*e) else { continue };
            let colour = side_colour_of(&view.roster, u.side);
            let done = view.turn.done.contains(e) && Some(*e) != active;
            let waiting = view.turn.end_of_round.contains(e)
                || view.turn.followers.iter().any(|(_, f)| f == e);
            let mark = if waiting { " (delayed)" } else { "" };
            let label = if let Some(chip) = book.turn_chip(u) {
                chip
            } else if activation.is_empty() {
                format!("{} {}{}", u.name, u.initiative.total, mark)
            } else {
                format!("{} {} {}", u.name, u.ap, book.words().points)
            };
            chip(p, label, colour, Some(*e) == active, u.is_down() || done);
        }
    });
}
