//! Seed001's words for the log (presets/Seed001.md): the Combat Roll with both tests in
//! successes, the defence offered and chosen, the maneuver offered and taken, the loser's
//! test, and items dropped and picked up.

use super::Seed001Event;
use crate::battle::describe::{attack_verb, mode_text, modifiers_text, signed};
use crate::battle::events::BattleEvent;
use crate::rulebooks::seed001::reports::{CombatReport, TestReport};
use crate::rules::combat_roll::{CombatOutcome, Defence};

/// "d20 12 + 4 = 16 (2 successes)".
fn test_text(t: &TestReport) -> String {
    let s = if t.successes == 1 { "" } else { "es" };
    format!(
        "{} {} = {} ({} success{s})",
        mode_text(t.mode, &t.rolls),
        signed(t.bonus),
        t.total,
        t.successes
    )
}

fn combat_text(r: &CombatReport) -> String {
    let defence = match (&r.defend, r.defence) {
        (Some(t), d) => format!("{}'s {d} {}", r.target, test_text(t)),
        (None, Defence::None) => format!("{} takes no defence (fails)", r.target),
        (None, d) => format!("{}'s {d} rolls no die (fails)", r.target),
    };
    let outcome = match r.outcome {
        CombatOutcome::BothFail => "both fail: nothing happens".to_string(),
        CombatOutcome::AttackerCriticalWin => format!("CRITICAL WIN for {}", r.attacker),
        CombatOutcome::DefenderCriticalWin => {
            format!("CRITICAL WIN for {}: the strike is negated", r.target)
        }
        CombatOutcome::Hit => "HIT".to_string(),
        CombatOutcome::BlockedHit => "BLOCKED HIT".to_string(),
        CombatOutcome::Miss => "MISS (no more successes than the defence)".to_string(),
    };
    format!(
        "{} {} {} with {}: Combat Roll {} against {defence}: {outcome}{}",
        r.attacker,
        attack_verb(r.kind),
        r.target,
        r.weapon,
        test_text(&r.attack),
        modifiers_text(&r.modifiers)
    )
}

fn or_list(items: Vec<String>) -> String {
    match items.split_last() {
        None => "nothing".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// Seed001's events as log lines.
pub fn describe(ev: &BattleEvent) -> Option<String> {
    if let Some(own) = ev.of_book::<Seed001Event>() {
        return Some(own_text(own));
    }
    use BattleEvent as E;
    Some(match ev {
        // The purpose names the unit: "Bram resists Trip (Acrobatics)".
        E::TestRolled {
            purpose,
            passed,
            automatic: true,
            ..
        } => format!(
            "{purpose}: {} without a die (size)",
            if *passed { "passes" } else { "fails" }
        ),
        E::TestRolled {
            purpose,
            mode,
            rolls,
            bonus,
            total,
            target,
            passed,
            ..
        } => format!(
            "{purpose}: {} {} = {total} vs {target}: {}",
            mode_text(*mode, rolls),
            signed(*bonus),
            if *passed { "passes" } else { "fails" }
        ),
        _ => return None,
    })
}

/// Its own events in words.
fn own_text(ev: &Seed001Event) -> String {
    use Seed001Event as E;
    match ev {
        E::ManeuverOffered {
            unit,
            against,
            options,
        } => format!(
            "{unit} may take a maneuver against {against}: {}",
            or_list(options.iter().map(|m| m.name()).collect())
        ),
        E::ManeuverChosen {
            unit,
            against,
            maneuver: Some(m),
        } => format!("{unit} takes {} against {against}", m.name()),
        E::ManeuverChosen { unit, .. } => format!("{unit} takes no maneuver"),
        E::ItemDropped { unit, item, at } => format!("{unit} drops {item}; it lies at {at}"),
        E::ItemPickedUp { unit, item, from } => format!("{unit} picks up {item} from {from}"),
        E::NoEffect { unit, what, reason } => format!("{unit}'s {what} has no effect: {reason}"),
        E::DefenceOffered {
            unit,
            attacker,
            options,
        } => format!(
            "{unit} may meet {attacker}'s strike with {}",
            or_list(options.iter().map(|d| d.to_string()).collect())
        ),
        E::DefenceChosen {
            unit,
            defence: Defence::None,
            ..
        } => format!("{unit} takes no defence"),
        E::DefenceChosen {
            unit,
            defence,
            ap_left,
        } => format!("{unit} meets it with {defence} (1 AP, {ap_left} left)"),
        E::CombatRolled(r) => combat_text(r),
    }
}
