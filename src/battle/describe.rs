//! Plain-language lines for the combat log: every event with its numbers and reasons.

use super::events::{
    AttackKind, AttackReport, BattleEvent, ContestReport, DelayUntil, Modifier, Outcome,
    ReactionKind,
};
use crate::rules::combat::{HitOutcome, RollMode};
use crate::rules::dice::ScriptProblem;

fn mode_text(mode: RollMode, rolls: &[u32]) -> String {
    match mode {
        RollMode::Normal => format!("d20 {}", rolls.first().copied().unwrap_or(0)),
        RollMode::Advantage => format!(
            "d20 with advantage {rolls:?} -> {}",
            rolls.iter().max().unwrap_or(&0)
        ),
        RollMode::Disadvantage => format!(
            "d20 with disadvantage {rolls:?} -> {}",
            rolls.iter().min().unwrap_or(&0)
        ),
    }
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+ {n}")
    } else {
        format!("- {}", -n)
    }
}

fn modifiers_text(mods: &[Modifier]) -> String {
    if mods.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = mods.iter().map(|m| m.to_string()).collect();
        format!(" [{}]", list.join("; "))
    }
}

fn attack_text(r: &AttackReport) -> String {
    let kind = match r.kind {
        AttackKind::Action => "attacks",
        AttackKind::Opportunity => "makes an opportunity attack on",
        AttackKind::Swift => "makes a swift attack on",
    };
    let outcome = match r.outcome {
        HitOutcome::Critical => "CRITICAL HIT (natural 20)",
        HitOutcome::Hit => "HIT",
        HitOutcome::Miss => "MISS",
        HitOutcome::Fumble => "MISS (natural 1)",
    };
    format!(
        "{} {kind} {} with {}: {} {} = {} vs Evasion {}: {outcome}{}",
        r.attacker,
        r.target,
        r.weapon,
        mode_text(r.mode, &r.rolls),
        signed(r.bonus),
        r.total,
        r.evasion,
        modifiers_text(&r.modifiers)
    )
}

fn contest_text(c: &ContestReport) -> String {
    format!(
        "{:?}: {} rolls {} {} = {} against {}'s {} {} = {}: {}{}",
        c.kind,
        c.actor,
        mode_text(c.actor_mode, &c.actor_rolls),
        signed(c.actor_bonus),
        c.actor_total,
        c.target,
        mode_text(c.target_mode, &c.target_rolls),
        signed(c.target_bonus),
        c.target_total,
        if c.actor_wins {
            format!("{} wins", c.actor)
        } else {
            format!("{} resists (ties go to the defender)", c.target)
        },
        modifiers_text(&c.modifiers)
    )
}

/// One event as a line of the combat log.
pub fn describe(ev: &BattleEvent) -> String {
    match ev {
        BattleEvent::BattleStarted { level, dice } => format!("Battle: {level} (dice: {dice:?})"),
        BattleEvent::Rolled {
            purpose,
            die,
            result,
        } => format!("  roll d{die} = {result} ({purpose})"),
        BattleEvent::DiceScriptProblem(ScriptProblem::Exhausted { roll }) => {
            format!("  ! the dice script ran out at roll {roll}; the rest are seeded")
        }
        BattleEvent::DiceScriptProblem(ScriptProblem::OutOfRange { roll, value, sides }) => {
            format!("  ! scripted roll {roll} = {value} does not fit a d{sides}; clamped")
        }
        BattleEvent::InitiativeRolled {
            unit,
            roll,
            bonus,
            total,
        } => {
            format!("{unit} initiative: d6 {roll} {} = {total}", signed(*bonus))
        }
        BattleEvent::RoundStarted { round, order } => {
            format!("-- Round {round} -- order: {}", order.join(", "))
        }
        BattleEvent::TurnStarted {
            unit,
            ap,
            movement,
            resumed,
            ..
        } => {
            if *resumed {
                format!("{unit} takes its delayed turn: {ap} AP, {movement} m")
            } else {
                format!("{unit}'s turn: {ap} AP, {movement} m of free movement")
            }
        }
        BattleEvent::TurnSkipped { unit, reason } => format!("{unit} is skipped ({reason})"),
        BattleEvent::TurnEnded { unit } => format!("{unit} ends its turn"),
        BattleEvent::RoundEnded { round } => format!("-- End of round {round} --"),
        BattleEvent::Delayed { unit, until } => match until {
            DelayUntil::After(x) => format!("{unit} delays until after {x}"),
            DelayUntil::EndOfRound => format!("{unit} delays to the end of the round"),
        },
        BattleEvent::TurnLost { unit } => {
            format!("{unit} never took its delayed turn and loses it")
        }
        BattleEvent::ActionTaken {
            unit,
            action,
            ap_cost,
            ap_left,
        } => {
            format!("{unit}: {action} ({ap_cost} AP, {ap_left} left)")
        }
        BattleEvent::MovementAdded { unit, metres, pool } => {
            format!("{unit} adds {metres} m of movement ({pool} m in the pool)")
        }
        BattleEvent::Moved {
            unit,
            from,
            to,
            cost,
            pool,
        } => {
            format!("{unit} moves {from} -> {to} ({cost} m, {pool} m left)")
        }
        BattleEvent::MoveStopped { unit, at, reason } => format!("{unit} stops at {at}: {reason}"),
        BattleEvent::MoveUndone { unit, to, ap, pool } => {
            format!("{unit} takes back its move: back at {to} with {ap} AP and {pool} m")
        }
        BattleEvent::Faced { unit, facing } => format!("{unit} faces {facing}"),
        BattleEvent::AttackRolled(r) => attack_text(r),
        BattleEvent::AttackCancelled {
            attacker,
            target,
            reason,
        } => {
            format!("{attacker} cannot attack {target} after all: {reason}")
        }
        BattleEvent::AttackRedirected {
            attacker,
            from,
            to,
            total,
            evasion,
            hit,
        } => format!(
            "{attacker}'s shot at {from} passes to {to} in the way: {total} vs Evasion {evasion}: {}",
            if *hit { "HIT" } else { "MISS" }
        ),
        BattleEvent::Damaged {
            unit,
            source,
            damage_type,
            breakdown,
            vitality,
        } => {
            let mut parts = vec![format!("{} rolled", breakdown.raw)];
            if breakdown.armor != 0 {
                parts.push(format!("- {} armor", breakdown.armor));
            }
            parts.extend(breakdown.notes.iter().cloned());
            format!(
                "{unit} takes {} {damage_type} damage from {source} ({}) -> vitality {vitality}",
                breakdown.dealt,
                parts.join(", ")
            )
        }
        BattleEvent::VitalityLost {
            unit,
            amount,
            reason,
            vitality,
        } => {
            format!("{unit} loses {amount} vitality ({reason}) -> vitality {vitality}")
        }
        BattleEvent::WentDown { unit } => format!("{unit} is DOWN"),
        BattleEvent::ContestRolled(c) => contest_text(c),
        BattleEvent::DefenceRolled {
            unit,
            purpose,
            mode,
            rolls,
            bonus,
            total,
            target,
            success,
        } => format!(
            "{unit} defends ({purpose}): {} {} = {total} vs {target}: {}",
            mode_text(*mode, rolls),
            signed(*bonus),
            if *success {
                "success, half damage"
            } else {
                "failure, full damage"
            }
        ),
        BattleEvent::SetBack { unit, from, to } => {
            format!("{unit} cannot stay on {from}, which another creature holds: set back to {to}")
        }
        BattleEvent::Pushed { unit, by, from, to } => {
            format!("{unit} is pushed by {by}: {from} -> {to}")
        }
        BattleEvent::Collided {
            unit,
            obstacle,
            distance,
        } => {
            format!("{unit} slams into {obstacle} (a {distance} m push)")
        }
        BattleEvent::ConditionAdded {
            unit,
            condition,
            duration,
            source,
            implied_by,
        } => match implied_by {
            Some(p) => format!("{unit} is {condition} (because {p})"),
            None => format!("{unit} is {condition} {duration} ({source})"),
        },
        BattleEvent::ConditionRemoved {
            unit,
            condition,
            reason,
        } => {
            format!("{unit} is no longer {condition} ({reason})")
        }
        BattleEvent::ReactionOffered {
            reactor,
            kind,
            against,
        } => {
            format!(
                "{reactor} may make {} against {against}",
                reaction_name(*kind)
            )
        }
        BattleEvent::ReactionTaken {
            reactor,
            kind,
            against,
        } => {
            format!(
                "{reactor} reacts: {} against {against} (1 RP)",
                reaction_name(*kind)
            )
        }
        BattleEvent::ReactionDeclined {
            reactor,
            kind,
            against,
        } => {
            format!(
                "{reactor} lets {against} go ({} declined)",
                reaction_name(*kind)
            )
        }
        BattleEvent::Rejected { command, reason } => {
            format!("Not allowed: {} -- {reason}", command.action_name())
        }
        BattleEvent::ObjectiveProgress { side, text } => format!("Objective: {side} {text}"),
        BattleEvent::BattleEnded(Outcome::Victory { side, reason }) => {
            format!("VICTORY for {side}: {reason}")
        }
        BattleEvent::BattleEnded(Outcome::Draw) => {
            "The battle ends in a draw: nobody is left standing".into()
        }
    }
}

fn reaction_name(kind: ReactionKind) -> &'static str {
    match kind {
        ReactionKind::Opportunity => "an opportunity attack",
        ReactionKind::Swift => "a swift attack",
    }
}
