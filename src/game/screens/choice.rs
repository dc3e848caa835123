//! The choice prompt: a side picks one of several answers, each with its exact odds — how
//! its combatant meets a Combat Roll (Block, Parry, Dodge, Withstand or none) or which
//! maneuver it takes after a critical win (Seed001). The numbers come from the battle's
//! previews (`battle/strike_odds.rs`, `battle/maneuvers.rs`); the buttons send the same
//! `ChooseDefence` and `ChooseManeuver` commands a replay holds. `mod.rs` decides when the
//! prompt is up; number keys pick an answer. Seed002's Swift Attack prompt adds its
//! maneuvers' rows here (`swift_rows`, from `Rulebook::reaction_choices`).

use super::ScreenButton;
use super::layouts::{button, title};
use crate::battle::Command;
use crate::battle::command::{View, pending_defences, pending_maneuvers};
use crate::battle::engine::{Offer, Question, Work};
use crate::battle::maneuvers::maneuver_chance;
use crate::battle::preview::BattleView;
use crate::battle::strike_odds::strike_odds;
use crate::game::odds_text::strike_line;
use crate::game::{side_colour_of, side_name};
use crate::rules::actions::SwiftManeuver;
use crate::rules::odds::Chance;
use bevy::prelude::*;

/// The label of the answer at `index` (0-based): its number key and its name, "[2] Parry".
pub fn answer_label(index: usize, name: &str) -> String {
    format!("[{}] {name}", index + 1)
}

/// A side is asked to pick one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ChoiceAsk {
    pub side: usize,
    pub question: String,
    /// (button label, the answer's odds in words, the command it sends).
    pub options: Vec<(String, String, Command)>,
}

fn pct(c: Chance) -> String {
    format!("{:.0}%", c.percent())
}

/// The choice the battle waits on, if the question is one.
pub(super) fn choice_ask(view: &BattleView) -> Option<ChoiceAsk> {
    let question = view.resolution.awaiting?;
    let snap = view.snapshot();
    let v = view.view(&snap);
    match question {
        Question::Reaction(_) | Question::Seized { .. } | Question::Window { .. } => None,
        Question::Defence { defender, attacker } => defence_ask(&v, defender, attacker),
        Question::Maneuver { winner, loser } => maneuver_ask(&v, question, winner, loser),
    }
}

fn defence_ask(v: &View, defender: Entity, attacker: Entity) -> Option<ChoiceAsk> {
    let ctx = &v.ctx;
    let (t, a) = (ctx.snap.get(defender)?, ctx.snap.get(attacker)?);
    let Some(Work::Strike(s)) = v.pending else {
        return None;
    };
    let weapon = &a.stats.weapons[s.weapon];
    let options = pending_defences(v, defender)
        .into_iter()
        .enumerate()
        .filter_map(|(i, d)| {
            let odds = strike_line(&strike_odds(ctx, a, t, s.weapon, d).ok()?);
            let cmd = Command::ChooseDefence {
                unit: t.name.to_string(),
                defence: d,
            };
            Some((answer_label(i, &d.to_string()), odds, cmd))
        })
        .collect();
    Some(ChoiceAsk {
        side: t.side,
        question: format!(
            "{} strikes {} with {}: how does {} meet it? ({} AP left)",
            a.name, t.name, weapon.name, t.name, t.ap
        ),
        options,
    })
}

fn maneuver_ask(v: &View, question: Question, winner: Entity, loser: Entity) -> Option<ChoiceAsk> {
    let ctx = &v.ctx;
    let (w, l) = (ctx.snap.get(winner)?, ctx.snap.get(loser)?);
    let mut options: Vec<(String, String, Command)> = pending_maneuvers(v, question)
        .into_iter()
        .enumerate()
        .map(|(i, m)| {
            let chance = maneuver_chance(w, l, &m);
            let odds = if chance == Chance::certain() {
                format!("{}: automatic", m.name())
            } else {
                format!("{}: takes effect {}", m.name(), pct(chance))
            };
            let cmd = Command::ChooseManeuver {
                unit: w.name.to_string(),
                maneuver: Some(m.clone()),
            };
            (answer_label(i, &m.name()), odds, cmd)
        })
        .collect();
    let none = Command::ChooseManeuver {
        unit: w.name.to_string(),
        maneuver: None,
    };
    options.push((answer_label(options.len(), "None"), String::new(), none));
    Some(ChoiceAsk {
        side: w.side,
        question: format!(
            "{} wins critically against {}: which maneuver?",
            w.name, l.name
        ),
        options,
    })
}

/// The number key of a Swift Attack's maneuver on the reaction prompt (Seed002, X1): the
/// blow is [1] (or Y), then [2] Trip, [3] Push, [4] Restrain, whichever are legal.
pub fn swift_key(m: SwiftManeuver) -> usize {
    1 + SwiftManeuver::ALL.iter().position(|x| *x == m).unwrap_or(0)
}

/// The maneuvers an offered Seed002 Swift Attack may be instead of its blow, each as
/// (button label, its exact odds in words, the answer it sends).
pub(super) fn swift_rows(v: &View, offer: &Offer) -> Vec<(String, String, Command)> {
    (v.ctx.rules.rulebook.book())
        .reaction_choices(&v.ctx, offer)
        .into_iter()
        .filter_map(|c| {
            let m = c.maneuver?;
            let cmd = Command::AnswerReaction {
                reactor: v.name(offer.reactor).to_string(),
                accept: true,
                maneuver: Some(m),
            };
            let label = answer_label(swift_key(m), m.name());
            Some((label, c.line, cmd))
        })
        .collect()
}

/// The prompt: the question, one line of odds per answer, one button per answer.
pub(super) fn layout(commands: &mut Commands, root: Entity, view: &BattleView, ask: &ChoiceAsk) {
    let colour = side_colour_of(&view.roster, ask.side);
    commands.entity(root).with_children(|p| {
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::all(px(24)),
                border: UiRect::all(px(3)),
                max_width: px(1100),
                ..default()
            },
            BackgroundColor(Color::srgb(0.08, 0.09, 0.12)),
            BorderColor::all(colour),
        ))
        .with_children(|p| {
            let heading = format!("{}: your choice", side_name(&view.roster, ask.side));
            title(p, &heading, 30.0, colour);
            title(p, &ask.question, 20.0, Color::WHITE);
            for (_, odds, _) in &ask.options {
                title(p, odds, 15.0, Color::srgb(1.0, 0.9, 0.55));
            }
            p.spawn(Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                ..default()
            })
            .with_children(|row| {
                for (label, _, cmd) in &ask.options {
                    button(row, label, ScreenButton::Answer(cmd.clone()));
                }
            });
        });
    });
}
