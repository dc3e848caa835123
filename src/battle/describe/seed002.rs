//! The combat log's words for Seed002 (presets/Seed002.md): activations and passes, the
//! Combat roll against the defender's exploding Evasion roll, shots against the Miss Chance,
//! Fortitude, Death rolls and Death Saves, Stamina and Agility, loading, the Seize.

use super::{Wording, attack_verb, mode_text, modifiers_text, reaction_name, signed};
use crate::battle::events::{AvOutcome, AvReport, BattleEvent, ExplodingReport};
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ReactionPool;

/// The lines that name the action economy, in Energy and Runs.
pub(super) fn energy_text(ev: &BattleEvent) -> Option<String> {
    use BattleEvent as E;
    Some(match ev {
        E::ActionTaken {
            unit,
            action,
            ap_cost,
            ap_left,
        } => format!(
            "{unit}: {} ({ap_cost} Energy, {ap_left} left)",
            // Seed002's move is a Run (M1).
            if *action == ActionKind::Move {
                "Run"
            } else {
                action.label()
            }
        ),
        E::Moved {
            unit,
            from,
            to,
            cost,
            ..
        } => format!("{unit} runs {from} -> {to} ({cost} m)"),
        E::ReactionTaken {
            reactor,
            kind,
            against,
            pool: ReactionPool::SharedAp,
        } => format!(
            "{reactor} reacts: {} against {against} (1 Energy)",
            reaction_name(*kind)
        ),
        E::Rejected { command, refusal } => format!(
            "Not allowed: {}'s {} -- {}",
            command.actor(),
            super::refused_action(command, refusal),
            refusal.text_in(Wording::Energy)
        ),
        _ => return None,
    })
}

fn defence_text(d: &ExplodingReport) -> String {
    format!("{} + {} = {}", d.roll, d.bonus, d.total)
}

fn av_text(r: &AvReport) -> String {
    let verb = if r.ranged {
        "shoots"
    } else {
        attack_verb(r.kind)
    };
    let roll = if r.ranged { "Hit roll" } else { "Combat roll" };
    let outcome = match r.outcome {
        AvOutcome::Fumble => "a natural 1: MISS".to_string(),
        AvOutcome::Critical => "a natural 20: CRITICAL, through armor".to_string(),
        AvOutcome::Hit if r.on_armor => "HIT, on armor".to_string(),
        AvOutcome::Hit => "HIT".to_string(),
        AvOutcome::Miss => "MISS".to_string(),
    };
    let defence = match (&r.defence, r.ranged) {
        (Some(d), false) => format!("; Evasion {} against AV {}", defence_text(d), r.against),
        (Some(d), true) => format!(
            "; Ranged Evasion {} makes the Miss Chance {}",
            defence_text(d),
            r.against
        ),
        (None, false) => format!(" against AV {}", r.against),
        (None, true) => format!(" against Miss Chance {}", r.against),
    };
    format!(
        "{} {verb} {} with {}: {roll} {}{defence}: {outcome}{}",
        r.attacker,
        r.target,
        r.weapon,
        mode_text(r.mode, &r.rolls),
        modifiers_text(&r.modifiers)
    )
}

/// Seed002's events, in its own words.
pub(super) fn seed002_text(ev: &BattleEvent) -> Option<String> {
    use BattleEvent as E;
    Some(match ev {
        E::ActivationStarted { side, round } => format!("{side}'s activation (round {round})"),
        E::Passed { side, reason: None } => format!("{side} passes"),
        E::Passed {
            side,
            reason: Some(r),
        } => format!("{side} passes: {r}"),
        E::AvRolled(r) => av_text(r),
        E::FortitudeRolled {
            unit,
            against,
            roll,
            target,
            resisted,
        } => format!(
            "Fortitude: {unit} rolls {} against {against}'s {target}: {}",
            defence_text(roll),
            if *resisted { "resists" } else { "fails" }
        ),
        E::DeathRolled {
            unit,
            roll,
            save,
            result,
        } => format!(
            "{unit} makes a {}: d20 {roll}: {result}",
            if *save { "Death Save" } else { "Death roll" }
        ),
        E::StaminaSpent {
            unit,
            amount,
            what,
            stamina,
        } if *amount < 0 => format!("{unit} regains {} Stamina ({what}) -> {stamina}", -amount),
        E::StaminaSpent {
            unit,
            amount,
            what,
            stamina,
        } => format!("{unit} spends {amount} Stamina for {what} -> {stamina}"),
        E::AgilitySpent {
            unit,
            amount,
            agility,
            ..
        } => format!("{unit} spends {amount} Agility -> {agility}"),
        E::Loaded {
            unit,
            weapon,
            loaded,
        } => format!(
            "{unit}'s {weapon} is {}",
            if *loaded { "loaded" } else { "unloaded" }
        ),
        E::SeizeRolled {
            unit,
            against,
            roll,
            total,
            against_roll,
            against_total,
            won,
        } => {
            // The totals add each one's initiative to its d20.
            let plus = |r: u32, t: i32| format!("d20 {r} {} = {t}", signed(t - r as i32));
            let theirs = match (against_roll, against_total) {
                (Some(r), Some(t)) => format!("{against}'s {}", plus(*r, *t)),
                _ => format!("{against}, who rolled already this round"),
            };
            format!(
                "{unit} seizes the initiative: {} against {theirs}: {}",
                plus(*roll, *total),
                if *won {
                    "wins, and acts first"
                } else {
                    "loses"
                }
            )
        }
        _ => return None,
    })
}
