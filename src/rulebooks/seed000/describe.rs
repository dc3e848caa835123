//! Seed000's words for the log (presets/Seed000.md): deaths, held actions set, fired and
//! lapsed, attacks withdrawn, Hide rolls, Switch Places and weapons taken.

use super::Seed000Event;
use crate::battle::describe::signed;
use crate::battle::events::{BattleEvent, HeldAction, Trigger};
use crate::rulebooks::seed000::reports::HideReport;

/// "an attack with the bow", "a Shove".
pub fn held_action_text(a: &HeldAction) -> String {
    match a {
        HeldAction::Attack(Some(w)) => format!("an attack with the {w}"),
        HeldAction::Attack(None) => "an attack".into(),
        HeldAction::Shove => "a Shove".into(),
        HeldAction::Trip => "a Trip".into(),
        HeldAction::Grab => "a Grab".into(),
        HeldAction::Disarm(Some(w)) => format!("a Disarm of the {w}"),
        HeldAction::Disarm(None) => "a Disarm".into(),
    }
}

impl std::fmt::Display for HeldAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&held_action_text(self))
    }
}

/// A held action without its article: "attack with the bow", "Shove".
fn held_action_bare(a: &HeldAction) -> String {
    let text = held_action_text(a);
    match text.split_once(' ') {
        Some(("a" | "an", rest)) => rest.to_string(),
        _ => text,
    }
}

fn trigger_text(t: &Trigger) -> String {
    match t {
        Trigger::EnemyStep(None) => "an enemy ends a step where it can be reached".into(),
        Trigger::EnemyStep(Some(n)) => format!("{n} ends a step where it can be reached"),
        Trigger::EnemyAttack(None) => "an enemy attacks".into(),
        Trigger::EnemyAttack(Some(n)) => format!("{n} attacks"),
    }
}

fn hide_text(r: &HideReport) -> String {
    let watchers: Vec<String> = r
        .watchers
        .iter()
        .map(|(name, roll, bonus, total)| {
            format!(
                "{name}'s Perception d20 {roll} {} = {total}",
                signed(*bonus)
            )
        })
        .collect();
    let against = if watchers.is_empty() {
        "nobody looking".to_string()
    } else {
        watchers.join(", ")
    };
    format!(
        "{} hides: Stealth d20 {} {} = {} against {against}: {}",
        r.unit,
        r.roll,
        signed(r.bonus),
        r.total,
        if r.hidden {
            "HIDDEN"
        } else {
            "seen (it needs a higher total than every one)"
        }
    )
}

/// Seed000's events as log lines.
pub fn describe(ev: &BattleEvent) -> Option<String> {
    if let Some(own) = ev.of_book::<Seed000Event>() {
        return Some(own_text(own));
    }
    use BattleEvent as E;
    Some(match ev {
        E::Died { unit } => format!("{unit} is DEAD"),
        E::AttackWithdrawn {
            attacker,
            target,
            refusal,
            refunded,
        } => {
            format!("{attacker}'s attack on {target} is withdrawn ({refusal}); {refunded} refunded")
        }
        _ => return None,
    })
}

/// Its own events in words.
fn own_text(ev: &Seed000Event) -> String {
    use Seed000Event as E;
    match ev {
        E::ActionHeld {
            unit,
            action,
            trigger,
        } => format!(
            "{unit} holds {} until {}",
            held_action_text(action),
            trigger_text(trigger)
        ),
        E::HeldActionFired {
            unit,
            action,
            against,
        } => format!(
            "{unit}'s held {} fires at {against}",
            held_action_bare(action)
        ),
        E::HeldActionLapsed { unit, action } => {
            format!("{unit}'s held {} lapses", held_action_bare(action))
        }
        E::HideRolled(r) => hide_text(r),
        E::WeaponTaken { unit, from, weapon } => {
            format!("{unit} takes the {weapon} from {from}")
        }
        E::SwitchedPlaces {
            unit,
            ally,
            ally_rp_left: Some(left),
        } => format!("{unit} and {ally} switch places ({ally} paid 1 RP, {left} left)"),
        E::SwitchedPlaces { unit, ally, .. } => format!("{unit} and {ally} switch places"),
    }
}
