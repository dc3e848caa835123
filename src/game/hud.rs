//! The HUD: the round and turn order bar, the side panel (active combatant, what the cursor
//! points at, the preview's modifiers, the combat log) and the action bar with each action's
//! AP cost, hotkey and, when it cannot be taken, why.

use super::controls::{Bindings, Intent, Pressed, action_of};
use super::level_asset::CurrentLevel;
use super::map_view::{BOTTOM_BAR, PANEL_WIDTH, TOP_BAR};
use super::overlays::preview_label;
use super::{ControlSystems, HudSystems, Mode, Scrollable, UiState};
use crate::battle::describe::describe;
use crate::battle::events::{BattleEvent, Command, DelayUntil};
use crate::battle::preview::{BattleView, preview};
use crate::battle::snapshot::UnitSnap;
use crate::battle::{BattleLog, Refusal};
use crate::rules::actions::ActionKind;
use crate::rules::unit::WeaponKind;
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;

/// Log lines kept on screen.
const LOG_LINES: usize = 400;
/// How long a refusal stays in the status line, in seconds.
const TOAST_SECS: f32 = 6.0;

const PANEL_BG: Color = Color::srgba(0.06, 0.07, 0.09, 0.92);
const TEXT_DIM: Color = Color::srgb(0.7, 0.72, 0.76);
const BUTTON_ON: Color = Color::srgb(0.19, 0.23, 0.3);
const BUTTON_OFF: Color = Color::srgb(0.12, 0.12, 0.13);
const BUTTON_HOVER: Color = Color::srgb(0.28, 0.34, 0.45);

#[derive(Component)]
struct TurnBar;
#[derive(Component)]
struct ActiveCard;
#[derive(Component)]
struct InfoCard;
#[derive(Component)]
pub struct LogBox;

#[derive(Component)]
struct LogText;
#[derive(Component)]
struct StatusLine;

/// A button of the action bar.
#[derive(Component, Clone, Copy, Debug)]
pub struct ActionButton {
    pub intent: Intent,
    pub kind: Option<ActionKind>,
}

/// Whether each action can be taken now, and why not.
#[derive(Resource, Debug, Default)]
pub struct ActionAvailability(pub Vec<(Intent, Result<(), Unavailable>)>);

/// Why an action bar button is greyed out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// The rules refuse the action (for every target, this refusal first).
    Refused(Refusal),
    /// Cycling weapons needs a second weapon.
    OnlyOneWeapon,
    /// Nobody on the map could be its target.
    NoTarget,
}

impl std::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unavailable::Refused(r) => write!(f, "{r}"),
            Unavailable::OnlyOneWeapon => f.write_str("only one weapon"),
            Unavailable::NoTarget => f.write_str("no target"),
        }
    }
}

/// The last refusal, shown in the status line for a while.
#[derive(Resource, Debug, Default)]
pub struct Toast {
    pub text: String,
    pub until: f32,
}

/// Actions in the bar, in order (`controls::action_of` gives the action of each).
pub const BAR: [Intent; 18] = [
    Intent::Attack,
    Intent::Shove,
    Intent::Trip,
    Intent::Grab,
    Intent::Charge,
    Intent::Stabilize,
    Intent::Defend,
    Intent::TakeCover,
    Intent::Disengage,
    Intent::Sprint,
    Intent::StandUp,
    Intent::Escape,
    Intent::Release,
    Intent::Face,
    Intent::Delay,
    Intent::Undo,
    Intent::CycleWeapon,
    Intent::EndTurn,
];

pub fn plugin(app: &mut App) {
    app.init_resource::<ActionAvailability>()
        .init_resource::<Toast>()
        .add_systems(Startup, spawn_hud)
        .add_systems(
            Update,
            (pointer_over_ui, button_clicks, scroll_log).in_set(HudSystems),
        )
        .add_systems(
            Update,
            (
                turn_bar,
                // The cards read the battle and the pointer: they change only with an event
                // or with the UI state (and setting their text re-lays it out).
                (active_card, info_card)
                    .run_if(resource_changed::<BattleLog>.or_eager(resource_changed::<UiState>)),
                update_log,
                availability,
                action_bar,
                status_line,
            )
                .after(ControlSystems),
        );
}

fn text(s: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text::new(s),
        TextFont::from_font_size(size),
        TextColor(colour),
    )
}

fn spawn_hud(mut commands: Commands, bindings: Res<Bindings>) {
    // Turn order bar.
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
    // Side panel.
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                right: px(0),
                bottom: px(0),
                width: px(PANEL_WIDTH),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(10)),
                row_gap: px(8),
                ..default()
            },
            BackgroundColor(PANEL_BG),
        ))
        .with_children(|p| {
            p.spawn((text("", 15.0, Color::WHITE), ActiveCard));
            p.spawn((
                Node {
                    border: UiRect::top(px(1)),
                    padding: UiRect::top(px(6)),
                    ..default()
                },
                BorderColor::all(Color::srgb(0.25, 0.27, 0.32)),
            ))
            .with_child((text("", 13.0, TEXT_DIM), InfoCard));
            p.spawn(text("Combat log", 13.0, Color::srgb(0.9, 0.8, 0.5)));
            p.spawn((
                Node {
                    flex_grow: 1.0,
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
        });
    // Action bar.
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                bottom: px(0),
                left: px(0),
                right: px(PANEL_WIDTH),
                height: px(BOTTOM_BAR),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(6)),
                row_gap: px(4),
                ..default()
            },
            BackgroundColor(PANEL_BG),
        ))
        .with_children(|p| {
            // A fixed height, so that the buttons never move under the pointer.
            p.spawn(Node {
                height: px(34),
                overflow: Overflow::clip(),
                ..default()
            })
            .with_child((text("", 13.0, Color::WHITE), StatusLine));
            p.spawn(Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                column_gap: px(4),
                row_gap: px(3),
                ..default()
            })
            .with_children(|row| {
                for intent in BAR {
                    let kind = action_of(intent);
                    let name = kind.map(|k| k.label()).unwrap_or(match intent {
                        Intent::Undo => "Undo",
                        _ => "Weapon",
                    });
                    let key = bindings.key_label(intent);
                    let cost = kind
                        .map(|k| format!(" ({})", k.ap_cost()))
                        .unwrap_or_default();
                    row.spawn((
                        Button,
                        Node {
                            padding: UiRect::axes(px(5), px(3)),
                            ..default()
                        },
                        BackgroundColor(BUTTON_ON),
                        ActionButton { intent, kind },
                    ))
                    .with_child(text(
                        format!("{key} {name}{cost}"),
                        11.0,
                        Color::WHITE,
                    ));
                }
            });
        });
}

/// Whether the pointer is over any HUD node (then the map ignores it).
fn pointer_over_ui(hover: Res<HoverMap>, nodes: Query<(), With<Node>>, mut ui: ResMut<UiState>) {
    let over = hover
        .get(&PointerId::Mouse)
        .is_some_and(|hits| hits.keys().any(|e| nodes.contains(*e)));
    if ui.over_ui != over {
        ui.over_ui = over;
    }
}

fn button_clicks(
    buttons: Query<(&Interaction, &ActionButton), Changed<Interaction>>,
    mut pressed: MessageWriter<Pressed>,
    ui: Res<UiState>,
) {
    if ui.blocked {
        return;
    }
    for (i, b) in &buttons {
        if *i == Interaction::Pressed {
            pressed.write(Pressed(b.intent));
        }
    }
}

/// The mouse wheel scrolls the log (or any `Scrollable`) under the pointer.
fn scroll_log(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    hover: Res<HoverMap>,
    mut boxes: Query<(Entity, &mut ScrollPosition, &ComputedNode), With<Scrollable>>,
    parents: Query<&ChildOf>,
) {
    let delta: f32 = wheel
        .read()
        .map(|w| match w.unit {
            bevy::input::mouse::MouseScrollUnit::Line => w.y * 36.0,
            bevy::input::mouse::MouseScrollUnit::Pixel => w.y,
        })
        .sum();
    if delta == 0.0 {
        return;
    }
    let Some(hits) = hover.get(&PointerId::Mouse) else {
        return;
    };
    for (e, mut pos, node) in &mut boxes {
        let inside = hits
            .keys()
            .any(|h| *h == e || parents.iter_ancestors(*h).any(|a| a == e));
        if inside {
            let max = (node.content_size.y - node.size.y).max(0.0) * node.inverse_scale_factor;
            pos.0.y = (pos.0.y - delta).clamp(0.0, max);
        }
    }
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

fn turn_bar(
    mut commands: Commands,
    bar: Single<Entity, With<TurnBar>>,
    view: BattleView,
    log: Res<BattleLog>,
    mut seen: Local<(u32, usize)>,
) {
    if *seen == (log.battle, log.events.len()) {
        return;
    }
    *seen = (log.battle, log.events.len());
    let snap = view.snapshot();
    commands.entity(*bar).despawn_children();
    let round = view.turn.round;
    let active = view.turn.active();
    commands.entity(*bar).with_children(|p| {
        p.spawn((
            text(format!("Round {round}"), 17.0, Color::srgb(1.0, 0.9, 0.5)),
            TextLayout::no_wrap(),
            Node {
                flex_shrink: 0.0,
                ..default()
            },
        ));
        for e in &view.turn.order {
            let Some(u) = snap.get(*e) else { continue };
            let colour = super::side_colour_of(&view.roster, u.side);
            let done = view.turn.done.contains(e) && Some(*e) != active;
            let waiting = view.turn.end_of_round.contains(e)
                || view.turn.followers.iter().any(|(_, f)| f == e);
            let mark = if waiting { " (delayed)" } else { "" };
            let label = format!("{} {}{}", u.name, u.initiative.total, mark);
            chip(p, label, colour, Some(*e) == active, u.is_down() || done);
        }
    });
}

fn unit_lines(u: &UnitSnap, rules_ap: u32, rules_rp: u32, rules_attacks: u32) -> String {
    let mut s = format!(
        "Vitality {}/{}   Evasion {}   Armor {}\nAP {}/{}   RP {}/{}   Attacks {}/{}\nMovement left {} m ({} per AP)   {:?}\n",
        u.vitality,
        u.max_vitality,
        u.stats.evasion,
        u.stats.armor,
        u.ap,
        rules_ap,
        u.reactions.points,
        rules_rp,
        u.attacks,
        rules_attacks,
        u.pool.metres,
        u.stats.movement,
        u.stats.size
    );
    for w in &u.stats.weapons {
        let reach = match w.kind {
            WeaponKind::Melee => format!("reach {}", w.reach),
            WeaponKind::Ranged => format!("range {}/{}", w.range.0, w.range.1),
        };
        s.push_str(&format!(
            "  {} +{} {} {:?}, {}\n",
            w.name, w.hit, w.damage, w.damage_type, reach
        ));
    }
    let conds: Vec<String> = u
        .conditions
        .0
        .iter()
        .filter(|c| c.parent.is_none())
        .map(|c| format!("{} ({})", c.kind, c.duration))
        .collect();
    if conds.is_empty() {
        s.push_str("No conditions");
    } else {
        s.push_str(&conds.join(", "));
    }
    s
}

fn active_card(mut card: Single<&mut Text, With<ActiveCard>>, view: BattleView, ui: Res<UiState>) {
    let snap = view.snapshot();
    let rules = &view.rules.0;
    let body = match view.turn.active().and_then(|e| snap.get(e)) {
        Some(u) => {
            let side = super::side_name(&view.roster, u.side);
            let weapon = ui.weapon.clone().unwrap_or_else(|| "auto".into());
            format!(
                "{} ({side}) acts\n{}\nWeapon for attacks: {weapon}",
                u.name,
                unit_lines(
                    u,
                    rules.ap_per_turn,
                    rules.reactions_per_round,
                    rules.attacks_per_round
                )
            )
        }
        None => match &view.turn.outcome {
            Some(_) => "The battle is over".into(),
            None => "Waiting for the battle".into(),
        },
    };
    if card.0 != body {
        card.0 = body;
    }
}

fn info_card(mut card: Single<&mut Text, With<InfoCard>>, view: BattleView, ui: Res<UiState>) {
    let snap = view.snapshot();
    let v = view.view(&snap);
    let rules = &view.rules.0;
    let mut s = String::new();
    let pointed = ui
        .hovered
        .and_then(|p| snap.at(p))
        .or_else(|| ui.inspected.and_then(|e| snap.get(e)));
    if let (Mode::Target(kind), Some(t), Some(me)) = (
        ui.mode,
        pointed,
        view.turn.active().and_then(|e| snap.get(e)),
    ) && let Some(cmd) = Command::targeted(kind, &me.name, &t.name, ui.weapon.clone())
    {
        match preview(&v, &cmd) {
            Ok(p) => {
                s.push_str(&format!(
                    "{} on {}: {}\n",
                    kind.label(),
                    t.name,
                    preview_label(kind, &p)
                ));
                if let Some(a) = &p.attack {
                    s.push_str(&format!(
                        "{}: d20 {:+} vs Evasion {} ({:?})\nhit {:.1}%, critical {:.1}%\ndamage {}-{} (critical {}-{}), expected {:.2}\n",
                        a.weapon,
                        a.bonus,
                        a.evasion,
                        a.mode,
                        a.hit.percent(),
                        a.critical.percent(),
                        a.damage.hit.0,
                        a.damage.hit.1,
                        a.damage.critical.0,
                        a.damage.critical.1,
                        a.damage.expected
                    ));
                    if let Some(c) = &a.cover_creature {
                        s.push_str(&format!("a miss may hit {c} instead\n"));
                    }
                }
                if let Some(c) = &p.contest {
                    s.push_str(&format!(
                        "{:?}: d20 {:+} ({:?}) vs d20 {:+} ({:?}): win {:.1}%\n",
                        c.kind,
                        c.actor_bonus,
                        c.actor_mode,
                        c.target_bonus,
                        c.target_mode,
                        c.win.percent()
                    ));
                }
                if let Some(push) = &p.push {
                    s.push_str(&format!(
                        "pushed {} m {} to {}",
                        push.distance, push.dir, push.end
                    ));
                    if let Some(c) = &push.collision {
                        match &c.occupant {
                            Some(o) => s.push_str(&format!(
                                ", hits {}: {}/{} damage, {:.0}% it holds (then {}/{})",
                                o.name,
                                o.on_failure.0,
                                o.on_failure.1,
                                o.defence.percent(),
                                o.on_success.0,
                                o.on_success.1
                            )),
                            None => {
                                s.push_str(&format!(", crashes for {} damage", c.target_damage))
                            }
                        }
                    }
                    s.push('\n');
                }
                for m in &p.modifiers {
                    s.push_str(&format!("  {m}\n"));
                }
                if !p.reactions.is_empty() {
                    let list: Vec<String> = p
                        .reactions
                        .iter()
                        .map(|r| format!("{} ({:?})", r.reactor, r.kind))
                        .collect();
                    s.push_str(&format!("provokes: {}\n", list.join(", ")));
                }
            }
            Err(reason) => s.push_str(&format!(
                "{} on {}: not possible\n{reason}\n",
                kind.label(),
                t.name
            )),
        }
    } else if let Some(u) = pointed {
        let side = super::side_name(&view.roster, u.side);
        s.push_str(&format!(
            "{} ({side}, {})\n{}\n",
            u.name,
            u.initiative.total,
            unit_lines(
                u,
                rules.ap_per_turn,
                rules.reactions_per_round,
                rules.attacks_per_round
            )
        ));
    }
    if let Some(p) = ui.hovered
        && let Some(k) = view.map.grid.kind(p)
    {
        let cost = if k.passable {
            format!("{} m to enter", k.cost)
        } else {
            "impassable".into()
        };
        let sight = if k.blocks_sight { ", blocks sight" } else { "" };
        s.push_str(&format!(
            "\nTile {p}: {} - {cost}, {:?} cover{sight}",
            k.name, k.cover
        ));
    }
    if s.is_empty() {
        s = "Point at a tile or a combatant.".into();
    }
    if card.0 != s {
        card.0 = s;
    }
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

fn update_log(
    mut commands: Commands,
    log: Res<BattleLog>,
    text: Single<(Entity, Option<&Children>), With<LogText>>,
    mut boxes: Query<(&mut ScrollPosition, &ComputedNode), With<LogBox>>,
    mut shown: Local<(u32, usize)>,
    mut toast: ResMut<Toast>,
    time: Res<Time>,
) {
    if *shown == (log.battle, log.events.len()) {
        return;
    }
    let same_battle = shown.0 == log.battle && shown.1 <= log.events.len();
    let from = if same_battle { shown.1 } else { 0 };
    for ev in &log.events[from..] {
        if let BattleEvent::Rejected { refusal, command } = ev {
            toast.text = format!("{}: {refusal}", command.action_name());
            toast.until = time.elapsed_secs() + TOAST_SECS;
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
                TextSpan::new(format!("{}\n", describe(ev))),
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

/// Which actions can be taken now, each with the reason it cannot.
fn availability(
    view: BattleView,
    log: Res<BattleLog>,
    ui: Res<UiState>,
    mut out: ResMut<ActionAvailability>,
    mut key: Local<(u32, usize, Option<Entity>, Option<String>)>,
) {
    let k = (
        log.battle,
        log.events.len(),
        view.turn.active(),
        ui.weapon.clone(),
    );
    if *key == k && !out.0.is_empty() {
        return;
    }
    *key = k;
    let snap = view.snapshot();
    let v = view.view(&snap);
    let me = view.turn.active().and_then(|e| snap.get(e));
    out.0 = BAR
        .iter()
        .map(|&intent| {
            let kind = action_of(intent);
            let Some(me) = me else {
                return (intent, Err(Unavailable::Refused(Refusal::NoTurn)));
            };
            let unit = me.name.clone();
            let single = |cmd: Command| preview(&v, &cmd).map(|_| ()).map_err(Unavailable::Refused);
            let r = match (intent, kind) {
                (Intent::Undo, _) => single(Command::UndoMove {
                    unit: unit.to_string(),
                }),
                (Intent::CycleWeapon, _) => {
                    if me.stats.weapons.len() > 1 {
                        Ok(())
                    } else {
                        Err(Unavailable::OnlyOneWeapon)
                    }
                }
                (_, Some(k)) if k.targets_unit() => {
                    let mut first_err = None;
                    let mut ok = false;
                    for t in &snap.units {
                        if let Some(cmd) = Command::targeted(k, &unit, &t.name, ui.weapon.clone()) {
                            match single(cmd) {
                                Ok(()) => ok = true,
                                Err(e)
                                    if first_err.is_none()
                                        || matches!(
                                            e,
                                            Unavailable::Refused(Refusal::NotEnoughAp { .. })
                                        ) =>
                                {
                                    first_err = Some(e)
                                }
                                Err(_) => {}
                            }
                        }
                    }
                    if ok {
                        Ok(())
                    } else {
                        Err(first_err.unwrap_or(Unavailable::NoTarget))
                    }
                }
                (_, Some(ActionKind::Delay)) => single(Command::Delay {
                    unit: unit.to_string(),
                    until: DelayUntil::EndOfRound,
                }),
                (_, Some(ActionKind::Face)) => single(Command::Face {
                    unit: unit.to_string(),
                    facing: me.facing,
                }),
                (_, Some(k)) => match Command::untargeted(k, &unit) {
                    Some(cmd) => single(cmd),
                    None => Ok(()),
                },
                _ => Ok(()),
            };
            (intent, r)
        })
        .collect();
}

fn action_bar(
    avail: Res<ActionAvailability>,
    ui: Res<UiState>,
    mut buttons: Query<(&ActionButton, &Interaction, &mut BackgroundColor, &Children)>,
    mut texts: Query<&mut TextColor>,
) {
    for (b, interaction, mut bg, kids) in &mut buttons {
        let ok = avail
            .0
            .iter()
            .find(|(i, _)| *i == b.intent)
            .is_none_or(|(_, r)| r.is_ok());
        let selected = matches!((ui.mode, b.kind), (Mode::Target(k), Some(k2)) if k == k2)
            || (ui.mode == Mode::Delay && b.intent == Intent::Delay)
            || (ui.mode == Mode::Face && b.intent == Intent::Face);
        let colour = if selected {
            Color::srgb(0.55, 0.45, 0.15)
        } else if !ok {
            BUTTON_OFF
        } else if *interaction == Interaction::Hovered {
            BUTTON_HOVER
        } else {
            BUTTON_ON
        };
        bg.set_if_neq(BackgroundColor(colour));
        for k in kids {
            if let Ok(mut t) = texts.get_mut(*k) {
                t.set_if_neq(TextColor(if ok {
                    Color::WHITE
                } else {
                    Color::srgb(0.45, 0.45, 0.47)
                }));
            }
        }
    }
}

/// What the bar's status line says: the hovered button's cost and reason, the current
/// mode's instructions, or the last refusal.
#[allow(clippy::too_many_arguments)]
fn status_line(
    mut line: Single<(&mut Text, &mut TextColor), With<StatusLine>>,
    buttons: Query<(&ActionButton, &Interaction)>,
    avail: Res<ActionAvailability>,
    ui: Res<UiState>,
    toast: Res<Toast>,
    time: Res<Time>,
    bindings: Res<Bindings>,
    current: Res<CurrentLevel>,
) {
    let hovered = buttons
        .iter()
        .find(|(_, i)| **i != Interaction::None)
        .map(|(b, _)| *b);
    let (s, colour) = if let Some(b) = hovered {
        let cost = b
            .kind
            .map(|k| format!(" ({} AP)", k.ap_cost()))
            .unwrap_or_default();
        let name = b.kind.map(|k| k.label()).unwrap_or("");
        let key = bindings.key_label(b.intent);
        match avail
            .0
            .iter()
            .find(|(i, _)| *i == b.intent)
            .map(|(_, r)| r.clone())
        {
            Some(Err(reason)) => (
                format!("[{key}] {name}{cost}: {reason}"),
                Color::srgb(1.0, 0.6, 0.5),
            ),
            _ => (
                format!("[{key}] {name}{cost}: {}", describe_action(b)),
                Color::WHITE,
            ),
        }
    } else if time.elapsed_secs() < toast.until {
        (
            format!("Not allowed: {}", toast.text),
            Color::srgb(1.0, 0.45, 0.4),
        )
    } else {
        let s = match ui.mode {
            Mode::Move => format!(
                "{}: click a shaded tile to move (blue: free, yellow/orange/red: 1/2/3 AP). Right-click or Esc cancels. T terrain marks, wheel/arrows camera.",
                current.file
            ),
            Mode::Target(k) => format!(
                "{}: click a highlighted target. Esc cancels. Q changes weapon.",
                k.label()
            ),
            Mode::Delay => format!(
                "Delay: click the combatant to act after, or press {} again for the end of the round.",
                bindings.key_label(Intent::Delay)
            ),
            Mode::Face => "Face: click a tile to turn towards it.".into(),
        };
        (s, TEXT_DIM)
    };
    if line.0.0 != s {
        line.0.0 = s;
    }
    line.1.set_if_neq(TextColor(colour));
}

/// What an action does, for the status line; the numbers come from the rules' constants.
fn describe_action(b: ActionButton) -> String {
    use crate::battle::assess::{
        CHARGE_MIN_DISTANCE, CHARGE_PUSH, SHOVE_PUSH, SPRINT_MULTIPLIER, TAKING_COVER_EVASION,
    };
    let fixed = match b.kind {
        Some(ActionKind::Shove) => {
            return format!("contest; push an adjacent enemy {SHOVE_PUSH} m");
        }
        Some(ActionKind::Charge) => {
            return format!(
                "run {CHARGE_MIN_DISTANCE}+ m in a straight line, then shove {CHARGE_PUSH} m"
            );
        }
        Some(ActionKind::TakeCover) => {
            return format!(
                "+{TAKING_COVER_EVASION} Evasion next to half cover until your next turn"
            );
        }
        Some(ActionKind::Sprint) => {
            return format!("add {SPRINT_MULTIPLIER} x movement to the pool");
        }
        Some(ActionKind::Attack) => "one weapon attack; pick a target",
        Some(ActionKind::Trip) => "contest; an adjacent enemy falls Prone",
        Some(ActionKind::Grab) => "contest; an adjacent enemy is Restrained",
        Some(ActionKind::Stabilize) => "an adjacent Bleeding ally stops bleeding",
        Some(ActionKind::Defend) => "attacks against you have disadvantage until your next turn",
        Some(ActionKind::Disengage) => "your movement provokes no opportunity attacks this turn",
        Some(ActionKind::StandUp) => "end Prone; provokes, and you are Unguarded",
        Some(ActionKind::Escape) => "contest against your grappler",
        Some(ActionKind::Release) => "let go of the creature you hold",
        Some(ActionKind::Face) => "turn to face a tile",
        Some(ActionKind::Delay) => "act later this round",
        Some(ActionKind::EndTurn) => "unspent AP and movement are lost",
        _ => match b.intent {
            Intent::Undo => "take back moves made since the last roll",
            Intent::CycleWeapon => "choose the weapon for attacks",
            _ => "",
        },
    };
    fixed.to_string()
}
