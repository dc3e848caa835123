//! How each full-screen moment looks: the title, How to play, the hand-off, the reaction
//! prompt and the victory screen (the level list is `level_list.rs`), each built under the dimmed root that
//! `screens/mod.rs` spawns. Which one shows, and what its buttons do, is decided there.

use super::{ReactionAsk, ScreenButton};
use crate::battle::events::Outcome;
use crate::battle::preview::BattleView;
use crate::game::{Scrollable, side_colour_of, side_name};
use crate::rules::actions::fill;
use bevy::prelude::*;

/// A node over the whole window, darkened by black at `alpha`, that centres what it holds:
/// the screens' root, and the level editor's dialogs.
pub fn full_window_shade(alpha: f32) -> (Node, BackgroundColor) {
    let node = Node {
        position_type: PositionType::Absolute,
        top: px(0),
        left: px(0),
        right: px(0),
        bottom: px(0),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        ..default()
    };
    (node, BackgroundColor(Color::srgba(0.0, 0.0, 0.0, alpha)))
}

pub(super) fn button(p: &mut ChildSpawnerCommands, label: &str, action: ScreenButton) {
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

pub(super) fn title(p: &mut ChildSpawnerCommands, s: &str, size: f32, colour: Color) {
    p.spawn((
        Text::new(s),
        TextFont::from_font_size(size),
        TextColor(colour),
    ));
}

/// A prompt's box over the map: a dark panel with a border in `colour`.
pub(super) fn prompt_box(colour: Color) -> impl Bundle {
    (
        Node {
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::all(px(24)),
            border: UiRect::all(px(3)),
            ..default()
        },
        BackgroundColor(Color::srgb(0.08, 0.09, 0.12)),
        BorderColor::all(colour),
    )
}

/// A row of buttons (wrapping onto more rows when it does not fit).
pub(super) fn button_row(p: &mut ChildSpawnerCommands, buttons: &[(&str, ScreenButton)]) {
    p.spawn(Node {
        flex_direction: FlexDirection::Row,
        // Too wide for its box: the row wraps rather than running past it.
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        ..default()
    })
    .with_children(|row| {
        for (label, action) in buttons {
            button(row, label, action.clone());
        }
    });
}

/// "Red, your turn": the whole screen is the button, click anywhere to continue.
pub(super) fn handoff(
    commands: &mut Commands,
    root: Entity,
    view: &BattleView,
    side: usize,
    unit: &str,
) {
    commands
        .entity(root)
        .insert((Button, ScreenButton::Continue));
    commands.entity(root).with_children(|p| {
        title(
            p,
            &format!("{}, your turn", side_name(&view.roster, side)),
            48.0,
            side_colour_of(&view.roster, side),
        );
        // Under activations (and for a union) other units of the side may act instead; a
        // rulebook may say what comes next its own way.
        let window =
            (view.rules.0.rulebook.book()).handoff_next(&view.resolution, &view.roster, unit);
        let next = match window {
            Some(w) => w,
            None if view.turn.union.is_empty() => format!("{unit} acts next."),
            None => format!("{unit} acts next, or click another of your units to act with it."),
        };
        title(p, &next, 22.0, Color::WHITE);
        title(
            p,
            "Click (or press Enter) to continue.",
            18.0,
            Color::srgb(0.75, 0.75, 0.8),
        );
    });
}

/// A side is asked whether its combatant takes a reaction, with the odds.
pub(super) fn reaction(
    commands: &mut Commands,
    root: Entity,
    view: &BattleView,
    ask: &ReactionAsk,
) {
    let what = crate::battle::describe::reaction_name(ask.kind);
    let colour = side_colour_of(&view.roster, ask.side);
    commands.entity(root).with_children(|p| {
        p.spawn(prompt_box(colour)).with_children(|p| {
            title(
                p,
                &format!("{}: reaction", side_name(&view.roster, ask.side)),
                30.0,
                colour,
            );
            let line = match ask.kind.words().and_then(|w| w.prompt) {
                Some(prompt) => fill(prompt, &ask.reactor, &ask.target, &ask.cost),
                None => format!(
                    "{} may make {what} against {} ({}).",
                    ask.reactor, ask.target, ask.cost
                ),
            };
            title(p, &line, 20.0, Color::WHITE);
            title(p, &ask.odds, 18.0, Color::srgb(1.0, 0.9, 0.55));
            for (_, odds, _) in &ask.maneuvers {
                title(p, odds, 16.0, Color::srgb(1.0, 0.9, 0.55));
            }
            let (take, leave) = super::reaction_buttons(ask.kind);
            let mut buttons = vec![(take, ScreenButton::Accept)];
            for (label, _, cmd) in &ask.maneuvers {
                buttons.push((label.as_str(), ScreenButton::Answer(cmd.clone())));
            }
            buttons.push((leave, ScreenButton::Decline));
            button_row(p, &buttons);
        });
    });
}

/// Who won and why, after how many rounds; restart, pick a level, save, leave (to the
/// editor from a playtest) or quit.
pub(super) fn victory(
    commands: &mut Commands,
    root: Entity,
    view: &BattleView,
    outcome: &Outcome,
    (you, playtest): (Option<usize>, bool),
) {
    let (headline, detail, colour) = match outcome {
        Outcome::Victory { side, reason } => {
            let winner = view.roster.sides.iter().position(|s| &s.name == side);
            let c = winner.map_or(Color::WHITE, |i| side_colour_of(&view.roster, i));
            // One person against the computer reads it from their side.
            match you {
                Some(me) if winner != Some(me) => (
                    format!("Defeat: {side} wins"),
                    format!("{side}: {reason}"),
                    c,
                ),
                Some(_) => (format!("Victory! {side} wins"), reason.clone(), c),
                None => (format!("{side} wins!"), reason.clone(), c),
            }
        }
        Outcome::Draw => (
            "Draw".to_string(),
            "Nobody is left standing.".to_string(),
            Color::WHITE,
        ),
    };
    commands.entity(root).with_children(|p| {
        p.spawn(prompt_box(colour)).with_children(|p| {
            title(p, &headline, 56.0, colour);
            title(p, &detail, 22.0, Color::WHITE);
            title(
                p,
                &format!(
                    "after {}",
                    crate::editor::counted(view.turn.round as usize, "round")
                ),
                18.0,
                Color::srgb(0.75, 0.75, 0.8),
            );
            // A playtest's way back goes to the editor (as its Esc menu's), and it offers
            // no other level.
            let buttons = if playtest {
                vec![
                    ("Restart (R)", ScreenButton::Restart),
                    ("Save replay", ScreenButton::SaveReplay),
                    ("Back to the editor (Esc)", ScreenButton::ToTitle),
                    ("Quit", ScreenButton::Quit),
                ]
            } else {
                vec![
                    ("Restart (R)", ScreenButton::Restart),
                    ("Level select (L)", ScreenButton::OpenLevels),
                    ("Save replay", ScreenButton::SaveReplay),
                    ("Title (Esc)", ScreenButton::ToTitle),
                    ("Quit", ScreenButton::Quit),
                ]
            };
            button_row(p, &buttons);
        });
    });
}

/// The front door: play against the computer or two at one desk (each then picks a
/// battle), choose a battle as its level seats it, learn the controls, or quit. Its scene
/// is the default level's map, drawn large and dim behind the title's box.
pub(super) fn title_screen(
    commands: &mut Commands,
    root: Entity,
    continuable: Option<&str>,
    backdrop: Option<Handle<Image>>,
) {
    commands.entity(root).with_children(|p| {
        if let Some(image) = backdrop {
            p.spawn((
                ImageNode {
                    image,
                    color: Color::srgb(BACKDROP_DIM, BACKDROP_DIM, BACKDROP_DIM),
                    ..default()
                },
                Node {
                    position_type: PositionType::Absolute,
                    width: percent(100),
                    height: percent(100),
                    ..default()
                },
                ZIndex(-1),
            ));
        }
        // Taller than the window (a large interface scale), the box scrolls with the wheel.
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::axes(px(48), px(24)),
                border: UiRect::all(px(2)),
                max_height: percent(96),
                max_width: percent(94),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            ScrollPosition::default(),
            Scrollable,
            BackgroundColor(Color::srgba(0.05, 0.06, 0.08, 0.94)),
            BorderColor::all(GOLD.with_alpha(0.6)),
        ))
        .with_children(|p| title_box(p, continuable));
    });
}

/// How bright the title's backdrop map is drawn (1: as the level list's thumbnail).
const BACKDROP_DIM: f32 = 0.45;

/// The title's name, line and buttons.
fn title_box(p: &mut ChildSpawnerCommands, continuable: Option<&str>) {
    title(p, "SKIRMISH", 64.0, GOLD);
    title(
        p,
        "Turn-based tactics on a grid: two players at one desk, or one against the computer.",
        20.0,
        MUTED,
    );
    // Continue on its own row (its line names the battle), then the rest two by two, so
    // the box fits the window at a large interface scale.
    p.spawn(Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Stretch,
        margin: UiRect::top(px(20)),
        ..default()
    })
    .with_children(|col| {
        if let Some(saved) = continuable {
            button(
                col,
                &format!("Continue: {saved} (C)"),
                ScreenButton::ContinueSaved,
            );
        }
        col.spawn(Node {
            display: Display::Grid,
            grid_template_columns: RepeatedGridTrack::flex(2, 1.0),
            ..default()
        })
        .with_children(|grid| {
            for (label, action) in TITLE_BUTTONS {
                button(grid, label, action);
            }
        });
    });
}

/// The title's buttons under Continue, in reading order.
const TITLE_BUTTONS: [(&str, ScreenButton); 9] = [
    ("Tutorial (T)", ScreenButton::Tutorial),
    ("Play vs computer (Enter)", ScreenButton::VsComputer),
    ("Two players", ScreenButton::TwoPlayers),
    ("Choose a battle (L)", ScreenButton::OpenLevels),
    ("Watch a battle", ScreenButton::OpenBattles),
    ("Level editor (E)", ScreenButton::LevelEditor),
    ("How to play (F1)", ScreenButton::HowToPlay),
    ("Settings", ScreenButton::OpenSettings),
    ("Quit", ScreenButton::Quit),
];

/// A menu page's title and the line under it.
pub(super) fn heading(p: &mut ChildSpawnerCommands, name: &str, line: &str) {
    title(p, name, 40.0, GOLD);
    title(p, line, 16.0, MUTED);
}

/// The controls, section by section, with the inputs bound now.
pub(super) fn how_to_play(commands: &mut Commands, root: Entity, page: &[super::help::Section]) {
    commands.entity(root).with_children(|p| {
        heading(
            p,
            "How to play",
            "The rules in force, in their own words, then the controls as they are bound now.",
        );
        // The page scrolls (the wheel over it) where it is taller than the window.
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                max_width: px(1000),
                max_height: percent(70),
                overflow: Overflow::scroll_y(),
                margin: UiRect::vertical(px(10)),
                ..default()
            },
            ScrollPosition::default(),
            Scrollable,
        ))
        .with_children(|list| {
            for (heading, lines) in page {
                list.spawn((
                    Node {
                        margin: UiRect::top(px(10)),
                        ..default()
                    },
                    Text::new(*heading),
                    TextFont::from_font_size(19.0),
                    TextColor(GOLD),
                ));
                // One row a line: the inputs in a column, what they do wrapping beside it.
                for (inputs, does) in lines {
                    list.spawn(Node {
                        flex_direction: FlexDirection::Row,
                        ..default()
                    })
                    .with_children(|row| {
                        row.spawn((
                            Node {
                                width: px(INPUTS_WIDTH),
                                flex_shrink: 0.0,
                                ..default()
                            },
                            Text::new(inputs.clone()),
                            TextFont::from_font_size(15.0),
                            TextColor(KEYS),
                        ));
                        row.spawn((
                            Node {
                                flex_grow: 1.0,
                                flex_shrink: 1.0,
                                ..default()
                            },
                            Text::new(*does),
                            TextFont::from_font_size(15.0),
                            TextColor(Color::WHITE),
                        ));
                    });
                }
            }
        });
        title(
            p,
            "Rebind any of these in assets/input.ron. Each rules preset adds its own actions to the action bar.",
            14.0,
            MUTED,
        );
        button(p, "Back (Esc)", ScreenButton::Back);
    });
}

/// The width of How to play's column of inputs, in pixels.
const INPUTS_WIDTH: f32 = 230.0;
/// The colour of keys and facts.
pub(super) const KEYS: Color = Color::srgb(0.65, 0.85, 1.0);
/// The title's gold.
pub(super) const GOLD: Color = Color::srgb(1.0, 0.9, 0.5);
/// Secondary text.
pub(super) const MUTED: Color = Color::srgb(0.75, 0.77, 0.82);
