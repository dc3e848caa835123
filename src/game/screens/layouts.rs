//! How each full-screen moment looks: the hand-off, the reaction prompt, the victory screen
//! and the level select list, each built under the dimmed root that `screens/mod.rs`
//! spawns. Which one shows, and what its buttons do, is decided there.

use super::{ReactionAsk, ScreenButton};
use crate::battle::events::{Outcome, ReactionKind};
use crate::battle::preview::BattleView;
use crate::game::{LEVELS_SOURCE, Scrollable, side_colour, side_colour_of, side_name};
use crate::level::load_level;
use crate::paths;
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

/// A row of buttons.
fn button_row(p: &mut ChildSpawnerCommands, buttons: &[(&str, ScreenButton)]) {
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
        // Under activations (and for a union) other units of the side may act instead;
        // Seed003's window asks a faster side whether to act before a declared action.
        let window = view.resolution.window.as_ref().map(|w| {
            format!(
                "Out of turn, before {}'s {}: act with {unit} (2 initiative an action,\nmoving is free), or End Turn to let it go ahead.",
                view.roster.name(w.actor),
                w.declared.action_name()
            )
        });
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
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::all(px(24)),
                border: UiRect::all(px(3)),
                ..default()
            },
            BackgroundColor(Color::srgb(0.08, 0.09, 0.12)),
            BorderColor::all(colour),
        ))
        .with_children(|p| {
            title(
                p,
                &format!("{}: reaction", side_name(&view.roster, ask.side)),
                30.0,
                colour,
            );
            let line = if ask.kind == ReactionKind::Seize {
                format!(
                    "{} may Seize the initiative from {}, who declared an attack ({}).",
                    ask.reactor, ask.target, ask.cost
                )
            } else {
                format!(
                    "{} may make {what} against {} ({}).",
                    ask.reactor, ask.target, ask.cost
                )
            };
            title(p, &line, 20.0, Color::WHITE);
            title(p, &ask.odds, 18.0, Color::srgb(1.0, 0.9, 0.55));
            let (take, leave) = super::reaction_buttons(ask.kind);
            button_row(
                p,
                &[(take, ScreenButton::Accept), (leave, ScreenButton::Decline)],
            );
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
                ("Quit", ScreenButton::Quit),
            ],
        );
    });
}

/// Every level in `levels/`, with its size and description (or why it cannot be played).
/// The level list, under a row of seat buttons (`seats`: each side's label and name).
pub(super) fn level_select(commands: &mut Commands, root: Entity, seats: &[(String, String)]) {
    let catalog = paths::load_catalog();
    // The button's name, title and description for a level file.
    let entry = |f: &Path| {
        let name = f.file_name()?.to_string_lossy().into_owned();
        let (label, desc) = match load_level(f, &catalog) {
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
        Some((name, label, desc))
    };
    commands.entity(root).with_children(|p| {
        title(p, "Choose a battle", 40.0, Color::srgb(1.0, 0.9, 0.5));
        title(
            p,
            "Who plays each side (click to change; it holds for every battle):",
            16.0,
            Color::srgb(0.75, 0.77, 0.82),
        );
        let row: Vec<(&str, ScreenButton)> = seats
            .iter()
            .map(|(label, side)| (label.as_str(), ScreenButton::Seat(side.clone())))
            .collect();
        button_row(p, &row);
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
                if let Some((name, label, desc)) = entry(&f) {
                    level_button(list, &name, &label, &desc);
                }
            }
        });
        button(p, "Back (Esc)", ScreenButton::CloseLevels);
    });
}

/// One level of the list: a button that loads it.
fn level_button(list: &mut ChildSpawnerCommands, name: &str, label: &str, desc: &str) {
    list.spawn((
        Button,
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::axes(px(14), px(8)),
            margin: UiRect::all(px(4)),
            ..default()
        },
        BackgroundColor(Color::srgb(0.14, 0.16, 0.21)),
        ScreenButton::Load(format!("{LEVELS_SOURCE}://{name}")),
    ))
    .with_children(|b| {
        title(b, label, 20.0, Color::WHITE);
        title(b, desc, 14.0, Color::srgb(0.75, 0.77, 0.82));
    });
}
