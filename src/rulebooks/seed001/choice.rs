//! Seed001's choice prompts: how a defender meets a Combat Roll, and which maneuver the
//! winner of a critical win takes, each answer with its exact odds (`strike_odds.rs`,
//! `maneuvers.rs`) and the command a replay holds. Text only; the window lays it out.

use super::Seed001Command;
use super::answers::{pending_defences, pending_maneuvers, pending_strike};
use super::maneuvers::maneuver_chance;
use super::odds_text::strike_line;
use super::strike_odds::strike_odds;
use super::work::Seed001Question;
use crate::battle::command::View;
use crate::rulebook::{ChoiceAsk, ChoiceRow};
use crate::rules::odds::Chance;
use bevy::prelude::Entity;

/// The prompt for the question waiting, if it is one of its own.
pub(super) fn choice_ask(v: &View) -> Option<ChoiceAsk> {
    let question = v.awaiting?.of_book::<Seed001Question>()?;
    match *question {
        Seed001Question::Defence { defender, attacker } => defence_ask(v, defender, attacker),
        Seed001Question::Maneuver { winner, loser } => maneuver_ask(v, question, winner, loser),
    }
}

fn defence_ask(v: &View, defender: Entity, attacker: Entity) -> Option<ChoiceAsk> {
    let ctx = &v.ctx;
    let (t, a) = (ctx.snap.get(defender)?, ctx.snap.get(attacker)?);
    let s = pending_strike(v)?;
    let weapon = &a.stats.weapons[s.weapon];
    let options = pending_defences(v, defender)
        .into_iter()
        .filter_map(|d| {
            let odds = strike_line(&strike_odds(ctx, a, t, s.weapon, d).ok()?);
            let command = Seed001Command::ChooseDefence {
                unit: t.name.to_string(),
                defence: d,
            };
            Some(ChoiceRow {
                name: d.to_string(),
                odds,
                command: command.into(),
            })
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

fn maneuver_ask(
    v: &View,
    question: &Seed001Question,
    winner: Entity,
    loser: Entity,
) -> Option<ChoiceAsk> {
    let ctx = &v.ctx;
    let (w, l) = (ctx.snap.get(winner)?, ctx.snap.get(loser)?);
    let choose = |maneuver| {
        Seed001Command::ChooseManeuver {
            unit: w.name.to_string(),
            maneuver,
        }
        .into()
    };
    let mut options: Vec<ChoiceRow> = pending_maneuvers(v, question)
        .into_iter()
        .map(|m| {
            let chance = maneuver_chance(w, l, &m);
            let odds = if chance == Chance::certain() {
                format!("{}: automatic", m.name())
            } else {
                format!("{}: takes effect {:.0}%", m.name(), chance.percent())
            };
            ChoiceRow {
                name: m.name(),
                odds,
                command: choose(Some(m)),
            }
        })
        .collect();
    options.push(ChoiceRow {
        name: "None".into(),
        odds: String::new(),
        command: choose(None),
    });
    Some(ChoiceAsk {
        side: w.side,
        question: format!(
            "{} wins critically against {}: which maneuver?",
            w.name, l.name
        ),
        options,
    })
}
