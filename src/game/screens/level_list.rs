//! The level list: every level of `levels/` grouped by rulebook (the lessons first, the
//! smallest maps first within a group), each with its thumbnail, size, who plays each side
//! and its rules, under the choices of who plays; its scroll kept across rebuilds.

use super::ScreenButton;
use super::layouts::{GOLD, KEYS, MUTED, button, button_row, heading, title};
use super::thumbnail::{THUMBNAIL_SHOWN, Thumbnails};
use crate::game::{LEVELS_SOURCE, Matchup, Scrollable, Seats};
use crate::level::load_level;
use crate::paths;
use bevy::prelude::*;
use std::path::Path;

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
    /// Its map's tiles: within a heading, the small maps (the quick battles) come first.
    tiles: u32,
}

/// Where a level is listed: the tutorials first, then the Core rules' levels, then each
/// other rulebook's, by its title, and the levels that cannot be played last; each group
/// under its heading, the smallest maps first.
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
                tiles: l.grid.width * l.grid.height,
                file,
            },
            Err(p) => LevelEntry {
                title: file.clone(),
                facts: format!("not playable: {} problem(s)", p.len()),
                description: p[0].to_string(),
                thumbnail: None,
                group: list_order(None),
                tiles: 0,
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
    entries.sort_by(|a, b| (&a.group, a.tiles, &a.title).cmp(&(&b.group, b.tiles, &b.title)));
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
