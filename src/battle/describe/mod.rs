//! Plain-language lines for the combat log: every event with its numbers and reasons. A
//! rulebook's own events are told by the rulebook (`Rulebook::describe`, each in its
//! folder's `describe.rs`); the English of every [`Refusal`] is in `refusals.rs`.

mod refusals;
mod words;

pub use words::{CORE_WORDS, Wording, Words};

use super::events::{
    AttackKind, AttackReport, BattleEvent, Command, ContestKind, ContestReport, ContestWin,
    DelayUntil, Modifier, Outcome, ReactionKind,
};
use super::refusal::Refusal;
use crate::rules::actions::fill;
use crate::rules::bonus_dice::BurstDie;
use crate::rules::combat::{DamageBreakdown, DamageType, HitOutcome, RollMode};
use crate::rules::dice::ScriptProblem;
use crate::rules::ruleset::ReactionPool;

pub fn mode_text(mode: RollMode, rolls: &[u32]) -> String {
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

/// `d20 9 + d10 7`, each burst shown: `d20 2 + d10 10+4`.
pub fn dice_text(d20: u32, dice: &[BurstDie]) -> String {
    let mut out = format!("d20 {d20}");
    for d in dice {
        out.push_str(&format!(" + {d}"));
    }
    out
}

pub fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+ {n}")
    } else {
        format!("- {}", -n)
    }
}

pub fn modifiers_text(mods: &[Modifier]) -> String {
    if mods.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = mods.iter().map(|m| m.to_string()).collect();
        format!(" [{}]", list.join("; "))
    }
}

/// "attacks", or the reaction that attacks.
pub fn attack_verb(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Action => "attacks",
        AttackKind::Opportunity => "makes an opportunity attack on",
        AttackKind::Swift => "makes a swift attack on",
        AttackKind::Held => "makes a held attack on",
        AttackKind::Opening => "takes the opening on",
        AttackKind::Readied => "makes a readied attack on",
        AttackKind::OffHand => "strikes with the off hand at",
    }
}

fn attack_text(r: &AttackReport) -> String {
    let kind = attack_verb(r.kind);
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
    let kind = match c.kind {
        ContestKind::PassThrough => format!("Passing {}", c.target),
        other => other.to_string(),
    };
    let defence = if c.win == ContestWin::TargetFailsBySize {
        format!("{} fails automatically (two sizes smaller)", c.target)
    } else {
        format!(
            "{}'s {} {} = {}",
            c.target,
            mode_text(c.target_mode, &c.target_rolls),
            signed(c.target_bonus),
            c.target_total
        )
    };
    let verdict = match (c.win, c.actor_wins) {
        (_, true) => format!("{} wins", c.actor),
        (ContestWin::HigherTotal, false) => {
            format!("{} resists (ties go to the defender)", c.target)
        }
        (ContestWin::Successes { .. }, false) => {
            format!("{} resists (the actor needs more successes)", c.target)
        }
        (ContestWin::TargetFailsBySize, false) => {
            format!("{} resists ({} scores no success)", c.target, c.actor)
        }
        (ContestWin::TiesToActor, false) => format!("{} resists", c.target),
    };
    let successes = match c.win {
        ContestWin::Successes { actor, target } => {
            let es = if actor == 1 { "" } else { "es" };
            format!(" ({actor} success{es} against {target})")
        }
        _ => String::new(),
    };
    format!(
        "{kind}: {} rolls {} {} = {} against {defence}{successes}: {verdict}{}",
        c.actor,
        mode_text(c.actor_mode, &c.actor_rolls),
        signed(c.actor_bonus),
        c.actor_total,
        modifiers_text(&c.modifiers)
    )
}

/// One event as a line of the combat log, in Core's words.
pub fn describe(ev: &BattleEvent) -> String {
    describe_in(ev, Wording::CORE)
}

/// One event as a line of the combat log, in the words of the rulebook in force.
pub fn describe_in(ev: &BattleEvent, wording: Wording) -> String {
    wording.say(&core_line(ev, wording.words()))
}

/// The line in Core's words, with the rulebook's dice and movement.
fn core_line(ev: &BattleEvent, words: &Words) -> String {
    if words.runs
        && let Some(line) = ev.rulebook_step_text()
    {
        return line;
    }
    if let BattleEvent::InitiativeRolled {
        unit,
        roll,
        bonus,
        total,
        dice: None,
        ..
    } = ev
    {
        return format!(
            "{unit} initiative: {} {roll} {} = {total}",
            words.initiative_dice,
            signed(*bonus)
        );
    }
    if let BattleEvent::Own(own) = ev {
        return own.rulebook.book().describe_own(own);
    }
    schedule_text(ev)
        .or_else(|| movement_text(ev))
        .or_else(|| combat_text(ev))
        .or_else(|| ev.rulebook_text())
        .unwrap_or_else(|| condition_and_reaction_text(ev))
}

/// Dice, rounds, turns, delays, refusals, objectives and the end of the battle.
fn schedule_text(ev: &BattleEvent) -> Option<String> {
    use BattleEvent as E;
    Some(match ev {
        E::BattleStarted { level, dice } => format!("Battle: {level} (dice: {dice:?})"),
        E::Rolled {
            purpose,
            die,
            result,
        } => format!("  roll d{die} = {result} ({purpose})"),
        E::DiceScriptProblem(p) => script_problem_text(p),
        E::InitiativeRolled {
            unit,
            roll,
            total,
            dice: Some(dice),
            ..
        } => format!("{unit} initiative: {} = {total}", dice_text(*roll, dice)),
        E::RoundStarted { round, order } => {
            format!("-- Round {round} -- order: {}", order.join(", "))
        }
        E::TurnStarted {
            unit,
            ap,
            movement,
            resumed: true,
            ..
        } => format!("{unit} takes its delayed turn: {ap} AP, {movement} m"),
        E::TurnStarted {
            unit,
            ap,
            movement: 0,
            ..
        } => format!("{unit}'s turn: {ap} AP"),
        E::TurnStarted {
            unit, ap, movement, ..
        } => format!("{unit}'s turn: {ap} AP, {movement} m of free movement"),
        E::TurnSkipped { unit, reason } => format!("{unit} is skipped ({reason})"),
        E::TurnEnded { unit } => format!("{unit} ends its turn"),
        E::RoundEnded { round } => format!("-- End of round {round} --"),
        E::Delayed { unit, until } => delay_text(unit, until),
        E::TurnLost { unit } => format!("{unit} never took its delayed turn and loses it"),
        E::Rejected { command, refusal } => format!(
            "Not allowed: {}'s {} -- {refusal}",
            command.actor(),
            refused_action(command, refusal)
        ),
        E::ObjectiveProgress { side, text } => format!("Objective: {side} {text}"),
        E::BattleEnded(outcome) => outcome_text(outcome),
        _ => return None,
    })
}

fn script_problem_text(p: &ScriptProblem) -> String {
    match p {
        ScriptProblem::Exhausted { roll } => {
            format!("  ! the dice script ran out at roll {roll}; the rest are seeded")
        }
        ScriptProblem::OutOfRange { roll, value, sides } => {
            format!("  ! scripted roll {roll} = {value} does not fit a d{sides}; clamped")
        }
    }
}

fn delay_text(unit: &str, until: &DelayUntil) -> String {
    match until {
        DelayUntil::After(x) => format!("{unit} delays until after {x}"),
        DelayUntil::EndOfRound => format!("{unit} delays to the end of the round"),
    }
}

fn outcome_text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Victory { side, reason } => format!("VICTORY for {side}: {reason}"),
        Outcome::Draw => "The battle ends in a draw: nobody is left standing".into(),
    }
}

/// Actions taken, movement and forced movement.
fn movement_text(ev: &BattleEvent) -> Option<String> {
    use BattleEvent as E;
    Some(match ev {
        E::ActionTaken {
            unit,
            action,
            ap_cost,
            ap_left,
            cancelled: true,
            ..
        } => format!(
            "{unit} pays {ap_cost} AP for the cancelled {} ({ap_left} left)",
            action.label()
        ),
        E::ActionTaken {
            unit,
            action,
            ap_cost,
            ap_left,
            from_stamina: 0,
            ..
        } => format!("{unit}: {} ({ap_cost} AP, {ap_left} left)", action.label()),
        E::ActionTaken {
            unit,
            action,
            ap_cost,
            ap_left,
            from_stamina,
            ..
        } => format!(
            "{unit}: {} ({ap_cost} AP, {from_stamina} of it paid with Stamina; {ap_left} left)",
            action.label()
        ),
        E::MovementAdded { unit, metres, pool } => {
            format!("{unit} gains {metres} m of movement ({pool} m left to walk this turn)")
        }
        E::Moved {
            unit,
            from,
            to,
            cost,
            pool,
        } => format!("{unit} moves {from} -> {to} ({cost} m, {pool} m left)"),
        E::MoveStopped { unit, at, reason } => format!("{unit} stops at {at}: {reason}"),
        E::MoveUndone { unit, to, ap, pool } => {
            format!("{unit} takes back its move: back at {to} with {ap} AP and {pool} m")
        }
        E::Faced { unit, facing } => format!("{unit} faces {facing}"),
        E::SetBack { unit, from, to } => {
            format!("{unit} cannot stay on {from}, which another creature holds: set back to {to}")
        }
        E::Pushed { unit, by, from, to } => format!("{unit} is pushed by {by}: {from} -> {to}"),
        E::Teleported { unit, from, to } => format!("{unit} teleports from {from} to {to}"),
        E::TeleportBlocked {
            unit,
            from,
            to,
            occupant,
        } => format!(
            "{unit} teleports towards {to}, which {occupant} holds: both take Reality damage and {unit} stays at {from}"
        ),
        E::Collided {
            unit,
            obstacle,
            distance,
        } => format!("{unit} slams into {obstacle} (a push of {distance} m)"),
        _ => return None,
    })
}

/// Attack and contest rolls, damage and going Down.
fn combat_text(ev: &BattleEvent) -> Option<String> {
    use BattleEvent as E;
    Some(match ev {
        E::AttackRolled(r) => attack_text(r),
        E::AttackCancelled {
            attacker,
            target,
            refusal,
        } => format!("{attacker} cannot attack {target} after all: {refusal}"),
        E::AttackRedirected {
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
        E::Damaged {
            unit,
            source,
            damage_type,
            breakdown,
            vitality,
        } => damage_text(unit, source, *damage_type, breakdown, *vitality),
        E::VitalityLost {
            unit,
            amount,
            reason,
            vitality,
        } => format!("{unit} loses {amount} vitality ({reason}) -> vitality {vitality}"),
        E::WentDown { unit } => format!("{unit} is DOWN"),
        E::ContestRolled(c) => contest_text(c),
        E::DefenceRolled {
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
        _ => return None,
    })
}

fn damage_text(
    unit: &str,
    source: &str,
    damage_type: DamageType,
    breakdown: &DamageBreakdown,
    vitality: i32,
) -> String {
    let mut parts = vec![if breakdown.raw_text.is_empty() {
        format!("{} rolled", breakdown.raw)
    } else {
        breakdown.raw_text.clone()
    }];
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

/// Conditions and reactions.
fn condition_and_reaction_text(ev: &BattleEvent) -> String {
    use BattleEvent as E;
    match ev {
        E::ConditionAdded {
            unit,
            condition,
            implied_by: Some(p),
            ..
        } => format!("{unit} is {condition} (because {p})"),
        E::ConditionAdded {
            unit,
            condition,
            duration,
            source,
            ..
        } => {
            let lasting = condition.lasting(*duration);
            let space = if lasting.is_empty() { "" } else { " " };
            format!("{unit} is {condition}{space}{lasting} ({source})")
        }
        E::ConditionRemoved {
            unit,
            condition,
            reason,
        } => format!("{unit} is no longer {condition} ({reason})"),
        E::ReactionOffered {
            reactor,
            kind,
            against,
        } if let Some(line) = kind.words().and_then(|w| w.offered) => {
            fill(line, reactor, against, "")
        }
        E::ReactionOffered {
            reactor,
            kind,
            against,
        } => format!(
            "{reactor} may make {} against {against}",
            reaction_name(*kind)
        ),
        E::ReactionTaken {
            reactor,
            kind,
            against,
            pool,
            rp_left,
        } => {
            let paid = match (pool, rp_left) {
                (ReactionPool::Rp, Some(left)) => format!(" (1 RP, {left} left)"),
                (ReactionPool::Rp, None) => " (1 RP)".into(),
                (ReactionPool::SharedAp, _) => " (1 AP)".into(),
                (ReactionPool::PricedAp | ReactionPool::Vigor, _) => String::new(),
            };
            format!(
                "{reactor} reacts: {} against {against}{paid}",
                reaction_name(*kind)
            )
        }
        E::ReactionDeclined {
            reactor,
            kind,
            against,
        } if let Some(line) = kind.words().and_then(|w| w.declined) => {
            fill(line, reactor, against, "")
        }
        E::ReactionDeclined {
            reactor,
            kind,
            against,
        } => format!(
            "{reactor} lets {against} go ({} declined)",
            reaction_name(*kind)
        ),
        other => format!("{other:?}"),
    }
}

/// What a refused command would have done, in words: its action's name, or the off-hand
/// blow when that is what lacks the Vigor (Seed004: the Attack itself needs none).
pub fn refused_action(command: &Command, refusal: &Refusal) -> &'static str {
    match (command, refusal) {
        (Command::Attack { options, .. }, Refusal::NotEnoughVigor { .. }) if options.off_hand => {
            "off-hand blow"
        }
        _ => command.action_name(),
    }
}

/// A reaction in words: "an opportunity attack", "to Seize the initiative".
pub fn reaction_name(kind: ReactionKind) -> &'static str {
    kind.core_words()
        .or_else(|| kind.words().map(|w| w.name))
        .unwrap_or(kind.name())
}
