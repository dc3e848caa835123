//! How each full-screen moment looks: the title, How to play, the level list, the hand-off,
//! the reaction prompt and the victory screen, each built under the dimmed root that
//! `screens/mod.rs` spawns. Which one shows, and what its buttons do, is decided there.

use super::thumbnail::{THUMBNAIL_SHOWN, Thumbnails};
use super::{ReactionAsk, ScreenButton};
use crate::battle::events::Outcome;
use crate::battle::preview::BattleView;
use crate::game::{
    LEVELS_SOURCE, Matchup, Scrollable, Seats, side_colour, side_colour_of, side_name,
};
use crate::level::load_level;
use crate::paths;
use crate::rules::actions::fill;
use bevy::prelude::*;
use std::path::Path;

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

/// A row of buttons.
pub(super) fn button_row(p: &mut ChildSpawnerCommands, buttons: &[(&str, ScreenButton)]) {
    p.spawn(Node {
        flex_direction: FlexDirection::Row,
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

/// Who won and why, after how many rounds; restart, pick a level, save or quit.
pub(super) fn victory(commands: &mut Commands, root: Entity, view: &BattleView, outcome: &Outcome) {
    let (headline, detail, colour) = match outcome {
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
        button_row(
            p,
            &[
                ("Restart", ScreenButton::Restart),
                ("Level select", ScreenButton::OpenLevels),
                ("Save replay", ScreenButton::SaveReplay),
                ("Title", ScreenButton::ToTitle),
                ("Quit", ScreenButton::Quit),
            ],
        );
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
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::axes(px(48), px(32)),
                border: UiRect::all(px(2)),
                ..default()
            },
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
    title(p, "SKIRMISH", 84.0, GOLD);
    title(
        p,
        "Turn-based tactics on a grid: two players at one desk, or one against the computer.",
        20.0,
        MUTED,
    );
    p.spawn(Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Stretch,
        margin: UiRect::top(px(28)),
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
        button(col, "Tutorial: learn to play (T)", ScreenButton::Tutorial);
        button(col, "Play vs computer (Enter)", ScreenButton::VsComputer);
        button(col, "Two players", ScreenButton::TwoPlayers);
        button(col, "Choose a battle (L)", ScreenButton::OpenLevels);
        button(col, "Watch a battle", ScreenButton::OpenBattles);
        button(col, "How to play (F1)", ScreenButton::HowToPlay);
        button(col, "Settings", ScreenButton::OpenSettings);
        button(col, "Quit", ScreenButton::Quit);
    });
}

/// A menu page's title and the line under it.
fn heading(p: &mut ChildSpawnerCommands, name: &str, line: &str) {
    title(p, name, 40.0, GOLD);
    title(p, line, 16.0, MUTED);
}

/// The controls, section by section, with the inputs bound now.
pub(super) fn how_to_play(commands: &mut Commands, root: Entity, page: &[super::help::Section]) {
    commands.entity(root).with_children(|p| {
        heading(
            p,
            "How to play",
            "Each turn belongs to one unit (the ring, and the lit chip in the turn bar). Move it, act with its AP, end the turn.",
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
const KEYS: Color = Color::srgb(0.65, 0.85, 1.0);
/// The title's gold.
pub(super) const GOLD: Color = Color::srgb(1.0, 0.9, 0.5);
/// Secondary text.
pub(super) const MUTED: Color = Color::srgb(0.75, 0.77, 0.82);

/// What the level list shows of one level file.
struct LevelEntry {
    /// The file's name in `levels/`.
    file: String,
    title: String,
    /// Map size, sides with their unit counts, the rules.
    facts: String,
    description: String,
    thumbnail: Option<(Handle<Image>, Vec2)>,
    /// The heading it is listed under, and where that heading goes (`list_order`).
    group: (u8, String),
}

/// Where a level is listed: the tutorials first, then the Core rules' levels, then each
/// other rulebook's, by its title, and the levels that cannot be
/// played last; each group under its heading.
fn list_order(level: Option<&crate::level::Level>) -> (u8, String) {
    let Some(l) = level else {
        return (3, "Cannot be played".into());
    };
    let book = l.rules.rulebook.book();
    if !l.tutorial.is_empty() {
        (0, "Learn to play".into())
    } else if l.rules.rulebook == crate::rules::ruleset::RulebookId::CORE {
        (1, book.title().into())
    } else {
        (2, book.title().into())
    }
}

impl LevelEntry {
    fn read(
        f: &Path,
        catalog: &crate::level::catalog::Catalog,
        seats: &Seats,
        thumbnails: &mut Thumbnails,
        images: &mut Assets<Image>,
    ) -> Option<LevelEntry> {
        let file = f.file_name()?.to_string_lossy().into_owned();
        Some(match load_level(f, catalog) {
            Ok(l) => LevelEntry {
                title: l.name.clone(),
                facts: format!(
                    "{}x{} map  |  {}  |  {}{}",
                    l.grid.width,
                    l.grid.height,
                    who_plays(&l, seats),
                    l.rules.rulebook.book().title(),
                    if l.objectives.is_empty() {
                        String::new()
                    } else {
                        format!("  |  {} objective(s)", l.objectives.len())
                    }
                ),
                description: format!(
                    "{}\n{}: {}",
                    l.description,
                    l.rules.rulebook.book().title(),
                    l.rules.rulebook.book().summary()
                ),
                thumbnail: Some(thumbnails.of(f, &l, images)),
                group: list_order(Some(&l)),
                file,
            },
            Err(p) => LevelEntry {
                title: file.clone(),
                facts: format!("not playable: {} problem(s)", p.len()),
                description: p[0].to_string(),
                thumbnail: None,
                group: list_order(None),
                file,
            },
        })
    }
}

/// The level list, under a row of seat buttons (`seats`: each side's label and name): each
/// level with its thumbnail, name, size, sides, rules and description (or why it cannot be
/// played).
pub(super) fn level_select(
    commands: &mut Commands,
    root: Entity,
    buttons: &[(String, String)],
    seats: &Seats,
    scroll: &LevelListScroll,
    thumbnails: &mut Thumbnails,
    images: &mut Assets<Image>,
) {
    let catalog = paths::load_catalog();
    let mut entries: Vec<LevelEntry> = paths::level_files()
        .iter()
        .filter_map(|f| LevelEntry::read(f, &catalog, seats, thumbnails, images))
        .collect();
    entries.sort_by(|a, b| (&a.group, &a.title).cmp(&(&b.group, &b.title)));
    commands.entity(root).with_children(|p| {
        seat_choices(p, buttons, seats.matchup);
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                max_width: px(1000),
                max_height: percent(72),
                overflow: Overflow::scroll_y(),
                ..default()
            },
            // Where the list was scrolled to before a choice rebuilt it: no jump to the top.
            ScrollPosition(scroll.0),
            Scrollable,
            LevelList,
        ))
        .with_children(|list| {
            let mut heading = None;
            for entry in &entries {
                if heading != Some(&entry.group) {
                    heading = Some(&entry.group);
                    list.spawn((
                        Text::new(entry.group.1.clone()),
                        TextFont::from_font_size(20.0),
                        TextColor(GOLD),
                        Node {
                            margin: UiRect::new(px(6), px(0), px(10), px(2)),
                            ..default()
                        },
                    ));
                }
                level_button(list, entry);
            }
        });
        button(p, "Back (Esc)", ScreenButton::Back);
    });
}

/// Each side of a level with who plays it: `Blue (2): you vs Red (3): the computer (Normal)`.
fn who_plays(level: &crate::level::Level, seats: &Seats) -> String {
    let count = level.sides.len();
    let people = (0..count)
        .filter(|i| {
            let s = &level.sides[*i];
            seats.seat_of(*i, &s.name, s.controller, count).is_none()
        })
        .count();
    level
        .side_parts()
        .into_iter()
        .zip(&level.sides)
        .enumerate()
        .map(
            |(i, (part, s))| match seats.seat_of(i, &s.name, s.controller, count) {
                Some(level) => format!("{part}: the computer ({level:?})"),
                None if people == 1 => format!("{part}: you"),
                None => format!("{part}: a person"),
            },
        )
        .collect::<Vec<_>>()
        .join(" vs ")
}

/// The level list's scrolling box.
#[derive(Component)]
pub(super) struct LevelList;

/// How far the level list is scrolled, kept while a choice rebuilds the list.
#[derive(Resource, Default)]
pub(super) struct LevelListScroll(pub Vec2);

/// Keep how far the level list is scrolled.
pub(super) fn keep_level_list_scroll(
    lists: Query<&ScrollPosition, (With<LevelList>, Changed<ScrollPosition>)>,
    mut kept: ResMut<LevelListScroll>,
) {
    for scroll in &lists {
        kept.0 = scroll.0;
    }
}

/// The level list's heading and its choices of who plays: against the computer, the side
/// the person plays and the computer's strength; two players, nothing to choose; else each
/// side's seat button (`buttons`: each side's label and name).
fn seat_choices(p: &mut ChildSpawnerCommands, buttons: &[(String, String)], matchup: Matchup) {
    match matchup {
        Matchup::VsComputer { you, strength } => {
            heading(
                p,
                "Play vs computer",
                "Pick a battle. Click a choice to change it; it holds for every battle.",
            );
            let side = ["You play the first side", "You play the second side"][you.min(1)];
            let strength = format!("The computer: {strength:?}");
            button_row(
                p,
                &[
                    (side, ScreenButton::YourSide),
                    (&strength, ScreenButton::Strength),
                    ("Two players instead", ScreenButton::TwoPlayers),
                ],
            );
        }
        Matchup::TwoPlayers => {
            heading(
                p,
                "Two players",
                "Pick a battle: you take turns at one desk, and a screen hands over each turn.",
            );
            button_row(p, &[("Play vs computer instead", ScreenButton::VsComputer)]);
        }
        Matchup::AsTheLevelSays => {
            heading(
                p,
                "Choose a battle",
                "Who plays each side (click to change; it holds for every battle):",
            );
            let row: Vec<(&str, ScreenButton)> = buttons
                .iter()
                .map(|(label, side)| (label.as_str(), ScreenButton::Seat(side.clone())))
                .collect();
            button_row(p, &row);
        }
    }
}

/// One level of the list: a button that loads it, its thumbnail on the left.
fn level_button(list: &mut ChildSpawnerCommands, entry: &LevelEntry) {
    list.spawn((
        Button,
        Node {
            flex_direction: FlexDirection::Row,
            align_items: AlignItems::Center,
            column_gap: px(14),
            padding: UiRect::axes(px(12), px(8)),
            margin: UiRect::all(px(4)),
            ..default()
        },
        BackgroundColor(Color::srgb(0.14, 0.16, 0.21)),
        ScreenButton::Load(format!("{LEVELS_SOURCE}://{}", entry.file)),
    ))
    .with_children(|b| {
        // A fixed box, so that the text lines up whatever the map's shape.
        b.spawn(Node {
            width: px(THUMBNAIL_SHOWN),
            height: px(THUMBNAIL_SHOWN),
            flex_shrink: 0.0,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        })
        .with_children(|frame| {
            if let Some((image, size)) = &entry.thumbnail {
                frame.spawn((
                    ImageNode::new(image.clone()),
                    Node {
                        width: px(size.x),
                        height: px(size.y),
                        ..default()
                    },
                    LevelThumbnail,
                ));
            }
        });
        b.spawn(Node {
            flex_direction: FlexDirection::Column,
            ..default()
        })
        .with_children(|text| {
            title(text, &entry.title, 20.0, Color::WHITE);
            title(text, &entry.facts, 14.0, KEYS);
            title(text, &entry.description, 14.0, MUTED);
        });
    });
}

/// A level's thumbnail in the level list.
#[derive(Component)]
pub struct LevelThumbnail;
