//! Full-screen moments of a hot-seat battle: the hand-off between players ("Red, your
//! turn"), the reaction prompt for a side that is asked, the victory screen, the level
//! select screen, and the banner that shows a broken level edit's problems.

use super::controls::Intent;
use super::level_asset::{CommandRecord, CurrentLevel, LoadLevel, RestartBattle, save_replay};
use super::{ControlSystems, LevelSelectOpen, SaveReplayRequest, Scrollable, UiState, side_colour};
use crate::battle::events::{Command, Outcome, ReactionKind};
use crate::battle::preview::BattleView;
use crate::battle::{BattleLog, TurnState};
use crate::level::load_level;
use crate::paths;
use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;

/// Which side last took over the shared screen.
#[derive(Resource, Debug, Default)]
struct Handoff {
    acknowledged: Option<usize>,
}

/// A short message over the map (a saved replay, a broken bindings file).
#[derive(Resource, Debug, Default)]
pub struct Notice(pub String);

/// What fills the screen now.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
enum Screen {
    #[default]
    None,
    Handoff {
        side: usize,
        unit: String,
    },
    Reaction {
        reactor: String,
        side: usize,
        kind: ReactionKind,
        target: String,
        odds: String,
    },
    Victory(Outcome),
    LevelSelect,
}

/// What a screen button does.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
enum ScreenButton {
    Continue,
    Accept,
    Decline,
    Restart,
    OpenLevels,
    CloseLevels,
    Load(String),
    SaveReplay,
    Quit,
}

#[derive(Component)]
struct ScreenRoot;
#[derive(Component)]
struct ErrorBanner;

pub fn plugin(app: &mut App) {
    app.init_resource::<LevelSelectOpen>()
        .init_resource::<Handoff>()
        .init_resource::<Notice>()
        .add_message::<SaveReplayRequest>()
        .add_systems(
            Update,
            (
                screen_keys,
                screen_buttons,
                // Which screen shows depends on the battle, the hand-off and the level list
                // alone: look again only when one of them changed.
                show_screen.run_if(
                    resource_changed::<BattleLog>
                        .or_eager(resource_changed::<Handoff>)
                        .or_eager(resource_changed::<LevelSelectOpen>),
                ),
                save_requests,
                error_banner,
            )
                .chain()
                .after(ControlSystems),
        );
}

fn current_screen(view: &BattleView, handoff: &Handoff, levels_open: bool) -> Screen {
    if levels_open {
        return Screen::LevelSelect;
    }
    if let Some(o) = &view.turn.outcome {
        return Screen::Victory(o.clone());
    }
    if let Some(offer) = view.resolution.awaiting {
        let snap = view.snapshot();
        let v = view.view(&snap);
        let (Some(r), Some(t)) = (snap.get(offer.reactor), snap.get(offer.target)) else {
            return Screen::None;
        };
        let odds = crate::battle::preview::reaction_preview(&v.ctx, &offer)
            .map(|p| {
                let (lo, hi) = p.damage.range();
                format!(
                    "{}: hit {:.0}%, {lo}-{hi} damage",
                    p.weapon,
                    p.hit.percent()
                )
            })
            .unwrap_or_default();
        return Screen::Reaction {
            reactor: r.name.to_string(),
            side: r.side,
            kind: offer.kind,
            target: t.name.to_string(),
            odds,
        };
    }
    let snap = view.snapshot();
    if let Some(u) = view.turn.active().and_then(|e| snap.get(e))
        && handoff.acknowledged != Some(u.side)
    {
        return Screen::Handoff {
            side: u.side,
            unit: u.name.to_string(),
        };
    }
    Screen::None
}

fn button(p: &mut ChildSpawnerCommands, label: &str, action: ScreenButton) {
    p.spawn((
        Button,
        Node {
            padding: UiRect::axes(px(18), px(10)),
            margin: UiRect::all(px(6)),
            ..default()
        },
        BackgroundColor(Color::srgb(0.22, 0.27, 0.36)),
        action,
    ))
    .with_child((
        Text::new(label),
        TextFont::from_font_size(18.0),
        TextColor(Color::WHITE),
    ));
}

fn title(p: &mut ChildSpawnerCommands, s: &str, size: f32, colour: Color) {
    p.spawn((
        Text::new(s),
        TextFont::from_font_size(size),
        TextColor(colour),
    ));
}

#[allow(clippy::too_many_arguments)]
fn show_screen(
    mut commands: Commands,
    view: BattleView,
    mut handoff: ResMut<Handoff>,
    levels_open: Res<LevelSelectOpen>,
    log: Res<BattleLog>,
    roots: Query<Entity, With<ScreenRoot>>,
    mut ui: ResMut<UiState>,
    mut shown: Local<Screen>,
    mut battle: Local<u32>,
) {
    // A new battle (restart, another level, a live edit) starts with a hand-off.
    if log.battle != *battle {
        *battle = log.battle;
        handoff.acknowledged = None;
    }
    let screen = current_screen(&view, &handoff, levels_open.0);
    let blocked = screen != Screen::None;
    if ui.blocked != blocked {
        ui.blocked = blocked;
    }
    if *shown == screen && (screen == Screen::None || !roots.is_empty()) {
        return;
    }
    *shown = screen.clone();
    for e in &roots {
        commands.entity(e).despawn();
    }
    if screen == Screen::None {
        return;
    }
    let dim = matches!(screen, Screen::Handoff { .. } | Screen::LevelSelect);
    let root = commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                left: px(0),
                right: px(0),
                bottom: px(0),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(Color::srgba(0.0, 0.0, 0.0, if dim { 0.88 } else { 0.55 })),
            GlobalZIndex(10),
            ScreenRoot,
        ))
        .id();
    let side_name = |i: usize| super::side_name(&view.roster, i);
    let side_col = |i: usize| super::side_colour_of(&view.roster, i);
    match screen {
        Screen::Handoff { side, unit } => {
            // The whole screen is the button: click anywhere to continue.
            commands
                .entity(root)
                .insert((Button, ScreenButton::Continue));
            commands.entity(root).with_children(|p| {
                title(
                    p,
                    &format!("{}, your turn", side_name(side)),
                    48.0,
                    side_col(side),
                );
                title(p, &format!("{unit} acts next."), 22.0, Color::WHITE);
                title(
                    p,
                    "Click (or press Enter) to continue.",
                    18.0,
                    Color::srgb(0.75, 0.75, 0.8),
                );
            });
        }
        Screen::Reaction {
            reactor,
            side,
            kind,
            target,
            odds,
        } => {
            let what = match kind {
                ReactionKind::Opportunity => "an opportunity attack",
                ReactionKind::Swift => "a swift attack",
            };
            commands.entity(root).with_children(|p| {
                p.spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        align_items: AlignItems::Center,
                        padding: UiRect::all(px(24)),
                        border: UiRect::all(px(3)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb(0.08, 0.09, 0.12)),
                    BorderColor::all(side_col(side)),
                ))
                .with_children(|p| {
                    title(
                        p,
                        &format!("{}: reaction", side_name(side)),
                        30.0,
                        side_col(side),
                    );
                    title(
                        p,
                        &format!("{reactor} may make {what} against {target} (1 RP)."),
                        20.0,
                        Color::WHITE,
                    );
                    title(p, &odds, 18.0, Color::srgb(1.0, 0.9, 0.55));
                    p.spawn(Node {
                        flex_direction: FlexDirection::Row,
                        ..default()
                    })
                    .with_children(|row| {
                        button(row, "Attack (Y)", ScreenButton::Accept);
                        button(row, "Let it go (N)", ScreenButton::Decline);
                    });
                });
            });
        }
        Screen::Victory(outcome) => {
            let (headline, detail, colour) = match &outcome {
                Outcome::Victory { side, reason } => {
                    let c = view
                        .roster
                        .sides
                        .iter()
                        .find(|s| &s.name == side)
                        .map(|s| side_colour(s.colour))
                        .unwrap_or(Color::WHITE);
                    (format!("{side} wins!"), reason.clone(), c)
                }
                Outcome::Draw => (
                    "Draw".to_string(),
                    "Nobody is left standing.".to_string(),
                    Color::WHITE,
                ),
            };
            commands.entity(root).with_children(|p| {
                title(p, &headline, 56.0, colour);
                title(p, &detail, 22.0, Color::WHITE);
                title(
                    p,
                    &format!("after {} round(s)", view.turn.round),
                    18.0,
                    Color::srgb(0.75, 0.75, 0.8),
                );
                p.spawn(Node {
                    flex_direction: FlexDirection::Row,
                    ..default()
                })
                .with_children(|row| {
                    button(row, "Restart", ScreenButton::Restart);
                    button(row, "Level select", ScreenButton::OpenLevels);
                    button(row, "Save replay", ScreenButton::SaveReplay);
                    button(row, "Quit", ScreenButton::Quit);
                });
            });
        }
        Screen::LevelSelect => {
            let catalog = paths::load_catalog();
            commands.entity(root).with_children(|p| {
                title(p, "Choose a battle", 40.0, Color::srgb(1.0, 0.9, 0.5));
                p.spawn((
                    Node {
                        flex_direction: FlexDirection::Column,
                        max_width: px(900),
                        max_height: percent(78),
                        overflow: Overflow::scroll_y(),
                        ..default()
                    },
                    ScrollPosition::default(),
                    Scrollable,
                ))
                .with_children(|list| {
                    for f in paths::level_files() {
                        let Some(name) = f.file_name().map(|n| n.to_string_lossy().into_owned())
                        else {
                            continue;
                        };
                        let (label, desc) = match load_level(&f, &catalog) {
                            Ok(l) => (
                                format!(
                                    "{}  ({}x{}, {} units)",
                                    l.name,
                                    l.grid.width,
                                    l.grid.height,
                                    l.units.len()
                                ),
                                l.description,
                            ),
                            Err(p) => (name.clone(), format!("not playable: {}", p[0])),
                        };
                        list.spawn((
                            Button,
                            Node {
                                flex_direction: FlexDirection::Column,
                                padding: UiRect::axes(px(14), px(8)),
                                margin: UiRect::all(px(4)),
                                ..default()
                            },
                            BackgroundColor(Color::srgb(0.14, 0.16, 0.21)),
                            ScreenButton::Load(format!("{}://{name}", super::LEVELS_SOURCE)),
                        ))
                        .with_children(|b| {
                            title(b, &label, 20.0, Color::WHITE);
                            title(b, &desc, 14.0, Color::srgb(0.75, 0.77, 0.82));
                        });
                    }
                });
                button(p, "Back (Esc)", ScreenButton::CloseLevels);
            });
        }
        Screen::None => {}
    }
}

/// Everything a screen button may change.
#[derive(bevy::ecs::system::SystemParam)]
struct ScreenEffects<'w> {
    handoff: ResMut<'w, Handoff>,
    levels_open: ResMut<'w, LevelSelectOpen>,
    commands: MessageWriter<'w, Command>,
    load: MessageWriter<'w, LoadLevel>,
    restart: MessageWriter<'w, RestartBattle>,
    save: MessageWriter<'w, SaveReplayRequest>,
    exit: MessageWriter<'w, AppExit>,
}

impl ScreenEffects<'_> {
    fn apply(&mut self, action: &ScreenButton, view: &BattleView) {
        match action {
            ScreenButton::Continue => {
                let snap = view.snapshot();
                self.handoff.acknowledged =
                    view.turn.active().and_then(|e| snap.get(e)).map(|u| u.side);
            }
            ScreenButton::Accept | ScreenButton::Decline => {
                if let Some(offer) = view.resolution.awaiting {
                    self.commands.write(Command::AnswerReaction {
                        reactor: view.roster.name(offer.reactor).to_string(),
                        accept: *action == ScreenButton::Accept,
                    });
                }
            }
            ScreenButton::Restart => {
                self.restart.write(RestartBattle);
            }
            ScreenButton::OpenLevels => self.levels_open.0 = true,
            ScreenButton::CloseLevels => self.levels_open.0 = false,
            ScreenButton::Load(path) => {
                self.levels_open.0 = false;
                self.load.write(LoadLevel {
                    asset_path: path.clone(),
                });
            }
            ScreenButton::SaveReplay => {
                self.save.write(SaveReplayRequest);
            }
            ScreenButton::Quit => {
                self.exit.write(AppExit::Success);
            }
        }
    }
}

fn screen_buttons(
    buttons: Query<(&Interaction, &ScreenButton), Changed<Interaction>>,
    view: BattleView,
    mut effects: ScreenEffects,
) {
    for (i, action) in &buttons {
        if *i == Interaction::Pressed {
            effects.apply(action, &view);
        }
    }
}

/// Keys on the screens: Enter or Y continues and accepts, Esc or N declines and closes.
fn screen_keys(
    actions: Single<&ActionState<Intent>>,
    view: BattleView,
    mut effects: ScreenEffects,
    ui: Res<UiState>,
) {
    if !ui.blocked {
        return;
    }
    let yes = actions.just_pressed(&Intent::EndTurn) || actions.just_pressed(&Intent::Accept);
    let no = actions.just_pressed(&Intent::Cancel) || actions.just_pressed(&Intent::Decline);
    let action = if effects.levels_open.0 {
        (no || actions.just_pressed(&Intent::LevelSelect)).then_some(ScreenButton::CloseLevels)
    } else if view.resolution.awaiting.is_some() {
        if yes {
            Some(ScreenButton::Accept)
        } else if no {
            Some(ScreenButton::Decline)
        } else {
            None
        }
    } else if view.turn.outcome.is_none() && yes {
        Some(ScreenButton::Continue)
    } else {
        None
    };
    if let Some(a) = action {
        effects.apply(&a, &view);
    }
}

fn save_requests(
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
fn error_banner(
    mut commands: Commands,
    current: Res<CurrentLevel>,
    notice: Res<Notice>,
    bindings: Res<super::controls::Bindings>,
    banner: Query<Entity, With<ErrorBanner>>,
    turn: Res<TurnState>,
) {
    if !current.is_changed() && !notice.is_changed() && !banner.is_empty() {
        return;
    }
    for e in &banner {
        commands.entity(e).despawn();
    }
    let mut lines: Vec<(String, Color)> = Vec::new();
    if !current.errors.is_empty() {
        let head = if current.level.is_some() {
            format!(
                "{} has {} problem(s); the last good version keeps running (round {}). Fix and save to reload:",
                current.file,
                current.errors.len(),
                turn.round
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
    }
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
                top: px(super::map_view::TOP_BAR + 6.0),
                left: px(10),
                right: px(super::map_view::PANEL_WIDTH + 10.0),
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
