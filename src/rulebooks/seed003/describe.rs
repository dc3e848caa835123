//! The combat log's words for Seed003 (presets/Seed003.md): 3d6 rolls against a Defense or
//! a target, wounds with the sum that made them and the slot they fill, initiative that
//! moves, AP gained, the windows to act out of turn, fatigue, ignoring, Dashes.

use super::Seed003Event;
use super::rules::{CRITICAL_FAILURE, CRITICAL_SUCCESS, WoundLevel};
use crate::battle::describe::modifiers_text;
use crate::battle::events::BattleEvent;
use crate::rulebooks::seed003::reports::{CheckReport, WoundReport};

fn check_text(r: &CheckReport) -> String {
    let critical = if r.natural >= CRITICAL_SUCCESS {
        " (a critical success)"
    } else if r.natural <= CRITICAL_FAILURE {
        " (a critical failure)"
    } else {
        ""
    };
    let dice = format!(
        "3d6 {:?} = {}{critical} {} {} = {}",
        r.dice,
        r.natural,
        if r.bonus < 0 { "-" } else { "+" },
        r.bonus.abs(),
        r.total
    );
    let attack = r.what.contains(" with ");
    let outcome = match (r.against_name.as_str(), attack, r.success) {
        ("nothing" | "points to spend", _, _) => String::new(),
        (_, true, true) => format!(" against {} {}: HIT", r.against_name, r.against),
        (_, true, false) => format!(" against {} {}: MISS", r.against_name, r.against),
        (_, false, s) => format!(
            " against {} {}: {}",
            r.against_name,
            r.against,
            if s { "success" } else { "failure" }
        ),
    };
    format!(
        "{} {}: {dice}{outcome}{}",
        r.actor,
        r.what,
        modifiers_text(&r.modifiers)
    )
}

/// The parts of a wound's sum that are a defender's stat taken off (D2, D7): a negative
/// stat adds, and is shown as taken off all the same.
const TAKEN_OFF: &[&str] = &["Defense", "Toughness", "vit", "size", "armor"];

fn wound_text(w: &WoundReport) -> String {
    let sum: Vec<String> = w
        .parts
        .iter()
        .enumerate()
        .filter(|(i, (_, n))| *i == 0 || *n != 0)
        .map(|(i, (name, n))| match (i, *n < 0) {
            (0, _) => format!("{n} {name}"),
            (_, true) => format!("- {} {name}", -n),
            (_, false) if TAKEN_OFF.contains(&name.as_str()) => format!("- ({}) {name}", -n),
            (_, false) => format!("+ {n} {name}"),
        })
        .collect();
    let fatal = WoundLevel::Fatal.index();
    let result = match (w.level, w.landed) {
        (None, _) => "no wound".to_string(),
        (Some(l), Some(at)) if at != l => format!(
            "a {l} wound, its slots full: it fills {at} ({}/{})",
            w.filled[at.index()],
            w.slots[at.index()]
        ),
        (Some(l), Some(at)) => format!(
            "a {l} wound ({}/{})",
            w.filled[at.index()],
            w.slots[at.index()]
        ),
        (Some(l), None) if w.filled[fatal] < w.slots[fatal] => {
            format!("a {l} wound, and is knocked out (Nonlethal) with the Fatal slot empty")
        }
        (Some(l), None) => format!("a {l} wound, and no slot left"),
    };
    let note = w
        .note
        .as_ref()
        .map(|n| format!(" [{n}]"))
        .unwrap_or_default();
    format!(
        "{} takes {result} from {}: {} = {}{note}",
        w.unit,
        w.source,
        sum.join(" "),
        w.final_damage
    )
}

/// Seed003's events, in its own words.
pub fn describe(ev: &BattleEvent) -> Option<String> {
    use Seed003Event as E;
    Some(match ev.of_book::<Seed003Event>()? {
        E::CheckRolled(r) => check_text(r),
        E::WoundTaken(w) => wound_text(w),
        E::InitiativeMoved {
            unit,
            by,
            total,
            why,
        } => format!("{unit}'s initiative {by:+} -> {total} ({why})"),
        E::ApGained {
            unit,
            gained,
            ap,
            lost,
            at_turn_end,
        } => {
            let when = if *at_turn_end {
                "as its turn ends"
            } else {
                "as the round starts"
            };
            let lost = if *lost > 0 {
                format!(", {lost} lost above its most")
            } else {
                String::new()
            };
            format!("{unit} gains {gained} AP {when} -> {ap}{lost}")
        }
        E::ApWithheld { unit, reason } => format!("{unit} gains no AP as its turn ends ({reason})"),
        E::WindowOpened {
            side,
            actor,
            action,
        } => format!(
            "{side} may act before {actor}'s {action} (its faster combatants, out of turn, 2 initiative an action)"
        ),
        E::WindowClosed { side, acted: false } => format!("{side} lets it go ahead"),
        E::WindowClosed { side, acted: true } => format!("{side} is done acting out of turn"),
        E::DeclarationCancelled { unit, action } => {
            format!("{unit}'s {action} does not happen: somebody acted first (it cost nothing)")
        }
        E::Fatigued {
            unit,
            fatigue,
            max_stamina,
            added: 0,
        } => format!("{unit} is fatigued: fatigue {fatigue}, at most {max_stamina} Stamina"),
        E::Fatigued {
            unit,
            fatigue,
            max_stamina,
            added,
        } => format!(
            "{unit} takes {added} fatigue for the Stamina it lacked: fatigue {fatigue}, at most {max_stamina} Stamina"
        ),
        E::Ignoring {
            unit,
            target,
            ignoring: true,
        } => format!("{unit} ignores {target}: no flank from it, its attacks come from the rear"),
        E::Ignoring { unit, target, .. } => format!("{unit} no longer ignores {target}"),
        E::Dashed { unit, rate } => format!("{unit} Dashes: {rate} yards per 4 AP this round"),
    })
}

/// When a readied action (X5) goes off, in words.
impl std::fmt::Display for crate::battle::events::ReadyTrigger {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use crate::battle::events::ReadyTrigger as T;
        f.write_str(match self {
            T::EnemyEntersReach => "an enemy ends a step where it can be reached",
            T::EnemyActs => "an enemy's action resolves in its sight",
        })
    }
}
