//! The turn order bar along the top of the window: the round (which stays), then a chip per
//! combatant in initiative order (the active one framed, the done and the down greyed, the
//! delayed marked). When the chips do not fit beside the side panel, they scroll to keep the
//! active one in view. A click on a chip brings its unit to the middle of the map.

use super::{PANEL_BG, TEXT_DIM, text};
use crate::battle::BattleLog;
use crate::battle::components::GridPos;
use crate::battle::preview::BattleView;
use crate::game::map_view::{GameCamera, MapGeometry, PANEL_WIDTH, TOP_BAR, centre_on};
use crate::game::side_colour_of;
use bevy::prelude::*;

#[derive(Component)]
pub(super) struct TurnBar;

/// The active combatant's chip.
#[derive(Component)]
pub(super) struct ActiveChip;

/// Logical pixels left beside the active chip when the bar scrolls to it.
const CHIP_MARGIN: f32 = 40.0;

/// The round's title at the bar's left, which stays while the chips scroll.
#[derive(Component)]
pub(super) struct TurnTitle;

/// The colour of the round's title.
const TITLE_GOLD: Color = Color::srgb(1.0, 0.9, 0.5);

/// What the bar's right end says in the level editor's playtest, so that it is never
/// taken for the player's own battle.
const PLAYTEST_TAG: &str = "Playtest (Esc: its menu)";

/// The bar across the top: the round's title, the turn order's chips, and in a playtest
/// a tag that says so.
pub(super) fn spawn_turn_bar(commands: &mut Commands, playtest: bool) {
    let row = Node {
        flex_direction: FlexDirection::Row,
        align_items: AlignItems::Center,
        column_gap: px(6),
        ..default()
    };
    commands
        .spawn((
            DespawnOnExit(crate::game::screen_state::OnMap),
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                left: px(0),
                right: px(PANEL_WIDTH),
                height: px(TOP_BAR),
                padding: UiRect::horizontal(px(10)),
                overflow: Overflow::clip(),
                ..row.clone()
            },
            BackgroundColor(PANEL_BG),
        ))
        .with_children(|p| {
            p.spawn((
                text(String::new(), 17.0, TITLE_GOLD),
                TextLayout::no_wrap(),
                Node {
                    flex_shrink: 0.0,
                    ..default()
                },
                TurnTitle,
            ));
            p.spawn((
                Node {
                    flex_grow: 1.0,
                    min_width: px(0),
                    height: percent(100),
                    overflow: Overflow {
                        x: OverflowAxis::Scroll,
                        y: OverflowAxis::Clip,
                    },
                    ..row
                },
                TurnBar,
            ));
            if playtest {
                p.spawn((
                    Node {
                        flex_shrink: 0.0,
                        padding: UiRect::axes(px(8), px(3)),
                        border: UiRect::all(px(2)),
                        ..default()
                    },
                    BackgroundColor(PLAYTEST_BG),
                    BorderColor::all(TITLE_GOLD),
                ))
                .with_child((text(PLAYTEST_TAG, 14.0, TITLE_GOLD), TextLayout::no_wrap()));
            }
        });
}

/// The playtest tag's ground.
const PLAYTEST_BG: Color = Color::srgb(0.35, 0.12, 0.1);

/// A chip of the turn order: the unit it names (a click brings it to the middle of the map).
#[derive(Component, Debug, Clone, Copy)]
pub(super) struct ChipOf(Entity);

/// One chip: the unit's name, then its initiative or points apart in gold (so that "Soldier
/// 2" of initiative 21 does not read "Soldier 221"), in its side's colour; the active one
/// framed, one that is down or done greyed.
fn chip(
    p: &mut ChildSpawnerCommands,
    unit: Entity,
    (label, badge): (String, Option<String>),
    colour: Color,
    active: bool,
    down: bool,
) {
    let bg = if down {
        Color::srgb(0.2, 0.2, 0.2)
    } else {
        colour.darker(0.25)
    };
    let mut chip = p.spawn((
        Node {
            align_items: AlignItems::Center,
            column_gap: px(4),
            padding: UiRect::axes(px(5), px(3)),
            border: UiRect::all(px(if active { 3.0 } else { 1.0 })),
            flex_shrink: 0.0,
            ..default()
        },
        BackgroundColor(bg),
        ChipOf(unit),
        Interaction::default(),
        BorderColor::all(if active {
            Color::srgb(1.0, 0.9, 0.3)
        } else {
            Color::BLACK
        }),
    ));
    chip.with_child((
        text(label, 12.0, if down { TEXT_DIM } else { Color::WHITE }),
        TextLayout::no_wrap(),
    ));
    if let Some(badge) = badge {
        chip.with_child((
            text(badge, 11.0, if down { TEXT_DIM } else { TITLE_GOLD }),
            TextLayout::no_wrap(),
        ));
    }
    if active {
        chip.insert(ActiveChip);
    }
}

/// Scroll the bar so that the active chip shows whole (as last laid out).
pub(super) fn keep_active_chip_in_view(
    bar: Single<(&mut ScrollPosition, &ComputedNode, &UiGlobalTransform), With<TurnBar>>,
    chip: Query<(&ComputedNode, &UiGlobalTransform), With<ActiveChip>>,
) {
    // A chip not laid out yet has no size: wait for it.
    let Ok((node, tf)) = chip.single() else {
        return;
    };
    if node.size.x <= 0.0 {
        return;
    }
    let (mut scroll, bar_node, bar_tf) = bar.into_inner();
    // Physical pixels from the bar's left edge, as drawn now (scrolled).
    let bar_left = bar_tf.translation.x - bar_node.size.x / 2.0;
    let left = tf.translation.x - node.size.x / 2.0 - bar_left;
    let right = left + node.size.x;
    let k = bar_node.inverse_scale_factor;
    let margin = CHIP_MARGIN / k;
    let shift = if right + margin > bar_node.size.x {
        right + margin - bar_node.size.x
    } else if left < margin && scroll.x > 0.0 {
        (left - margin).max(-scroll.x / k)
    } else {
        return;
    };
    // No further than the chips go: a scroll the layout would clamp back is not written
    // again every frame (each write lays the whole interface out anew).
    let most = (bar_node.content_size.x - bar_node.size.x).max(0.0) * k;
    let to = (scroll.x + shift * k).clamp(0.0, most);
    if (to - scroll.x).abs() > 0.5 {
        scroll.x = to;
    }
}

pub(super) fn turn_bar(
    mut commands: Commands,
    bar: Single<Entity, With<TurnBar>>,
    mut title: Query<&mut Text, With<TurnTitle>>,
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
    if let Ok(mut title) = title.single_mut() {
        title.0 = format!("Round {round}   {}{activation}", book.title());
    }
    let fixed = view.rules.0.initiative == crate::rules::ruleset::InitiativeRule::FixedEachRound;
    commands.entity(*bar).with_children(|p| {
        for e in &view.turn.order {
            let Some(u) = snap.get(*e) else { continue };
            let colour = side_colour_of(&view.roster, u.side);
            let done = view.turn.done.contains(e) && Some(*e) != active;
            let waiting = view.turn.end_of_round.contains(e)
                || view.turn.followers.iter().any(|(_, f)| f == e);
            let mark = if waiting { " (delayed)" } else { "" };
            let label = if let Some(chip) = book.turn_chip(u) {
                (chip, None)
            } else if activation.is_empty() {
                // A fixed ladder (Seed000) rolls nothing: its order is the statistic's.
                let init = if fixed {
                    u.stats.initiative
                } else {
                    u.initiative.total
                };
                (format!("{}{mark}", u.name), Some(format!("init {init}")))
            } else {
                let points = format!("{} {}", u.ap, book.words().points);
                (u.name.to_string(), Some(points))
            };
            chip(
                p,
                *e,
                label,
                colour,
                Some(*e) == active,
                u.is_down() || done,
            );
        }
    });
}

/// A chip clicked: its unit to the middle of the map's free area.
pub(super) fn centre_on_a_clicked_chip(
    chips: Query<(&Interaction, &ChipOf), Changed<Interaction>>,
    units: Query<&GridPos>,
    geo: Res<MapGeometry>,
    camera: Single<(&mut Transform, &Projection), With<GameCamera>>,
    ui_scale: Res<UiScale>,
) {
    let Some(pos) = (chips.iter())
        .find(|(i, _)| **i == Interaction::Pressed)
        .and_then(|(_, c)| units.get(c.0).ok())
    else {
        return;
    };
    let (mut tf, proj) = camera.into_inner();
    if let Projection::Orthographic(o) = proj {
        centre_on(geo.world_of(pos.0), o.scale, ui_scale.0, &mut tf);
    }
}
