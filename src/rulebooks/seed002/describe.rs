//! The combat log's words for Seed002 (presets/Seed002.md): activations and passes, the
//! Combat roll against the defender's exploding Evasion roll, shots against the Miss Chance,
//! Fortitude, Death rolls and Death Saves, Stamina and Agility, loading, the Seize.

use super::Seed002Event;
use crate::battle::describe::{attack_verb, mode_text, modifiers_text, signed};
use crate::battle::events::{AttackKind, BattleEvent, Modifier, Party};
use crate::rulebooks::seed002::reports::{AvOutcome, AvReport, ExplodingReport};

/// A step (of a Run, a Sprint, a Shift or an agile step): Seed002 pays for each movement
/// action at once and keeps no pool.
pub fn step_text(ev: &BattleEvent) -> Option<String> {
    match ev {
        BattleEvent::Moved {
            unit,
            from,
            to,
            cost,
            ..
        } => Some(format!("{unit} moves {from} -> {to} ({cost} m)")),
        _ => None,
    }
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
    let parts: String = r
        .miss_parts
        .iter()
        .enumerate()
        .map(|(i, (name, n))| match (i, *n < 0) {
            (0, _) => format!("{n} {name}"),
            (_, true) => format!(" - {} {name}", -n),
            (_, false) => format!(" + {n} {name}"),
        })
        .collect();
    let defence = match (&r.defence, r.ranged) {
        (Some(d), false) => format!("; Evasion {} against AV {}", defence_text(d), r.against),
        (Some(d), true) if !parts.is_empty() => format!(
            "; Miss Chance {parts} + Ranged Evasion ({}) = {}",
            defence_text(d),
            r.against
        ),
        (Some(d), true) => format!(
            "; Ranged Evasion {} makes the Miss Chance {}",
            defence_text(d),
            r.against
        ),
        (None, false) if r.coup => " (a Coup: no Evasion roll, only a 1 misses)".to_string(),
        (None, false) => format!(" against AV {}", r.against),
        (None, true) => format!(" against Miss Chance {}", r.against),
    };
    let what = match (r.maneuver, r.kind) {
        _ if r.coup => format!("makes a Coup on {} with {}", r.target, r.weapon),
        (Some(m), AttackKind::Swift) => format!("makes a swift {} on {}", m.name(), r.target),
        (Some(m), _) => format!("tries to {} {}", m.name(), r.target),
        (None, _) => format!("{verb} {} with {}", r.target, r.weapon),
    };
    // With no defence roll, what would have changed it does not count.
    let modifiers: Vec<Modifier> = if r.defence.is_none() {
        r.modifiers
            .iter()
            .filter(|m| m.party != Party::Target)
            .cloned()
            .collect()
    } else {
        r.modifiers.clone()
    };
    format!(
        "{} {what}: {roll} {}{defence}: {outcome}{}",
        r.attacker,
        mode_text(r.mode, &r.rolls),
        modifiers_text(&modifiers)
    )
}

/// Seed002's events, in its own words.
pub fn describe(ev: &BattleEvent) -> Option<String> {
    stamina_text(ev).or_else(|| Some(own_text(ev.of_book()?)))
}

/// Stamina, which Seed003 spends too, in Seed002's words.
fn stamina_text(ev: &BattleEvent) -> Option<String> {
    if let BattleEvent::StaminaSpent {
        unit,
        amount,
        what,
        stamina,
    } = ev
    {
        Some(if *amount < 0 {
            format!("{unit} regains {} Stamina ({what}) -> {stamina}", -amount)
        } else {
            format!("{unit} spends {amount} Stamina for {what} -> {stamina}")
        })
    } else {
        None
    }
}

/// One of its own events in words.
fn own_text(ev: &Seed002Event) -> String {
    use Seed002Event as E;
    match ev {
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
            maneuver,
        } => format!(
            "Fortitude: {unit} rolls {} against {against}'s {}AV {target}: {}",
            defence_text(roll),
            maneuver.map_or(String::new(), |m| format!("{} at ", m.name())),
            if *resisted { "resists" } else { "fails" }
        ),
        E::EscapeRolled {
            unit,
            holder,
            roll,
            holder_roll,
            escaped,
        } => format!(
            "Escape: {unit}'s Fortitude {} against {holder}'s Fortitude {}: {}",
            defence_text(roll),
            defence_text(holder_roll),
            if *escaped {
                format!("{unit} escapes")
            } else {
                format!("{unit} stays held (it needs a higher total)")
            }
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
    }
}
