//! Plain-language lines for the combat log: every event with its numbers and reasons.
//! Seed001's Combat Rolls, defences, maneuvers and tests are in `combat_roll.rs`, Seed000's
//! held actions, hiding and deaths in `seed000.rs`; the English of every [`Refusal`] is in
//! `refusals.rs`.

mod combat_roll;
mod refusals;
mod seed000;
mod seed002;
mod seed003;
mod seed004;

use super::events::{
    AttackKind, AttackReport, BattleEvent, Command, ContestKind, ContestReport, DelayUntil,
    Modifier, Outcome, ReactionKind,
};
use super::refusal::Refusal;
use crate::rules::combat::{DamageBreakdown, DamageType, HitOutcome, RollMode};
use crate::rules::dice::ScriptProblem;
use crate::rules::ruleset::{HitRule, ReactionPool, ResourceRule, Ruleset};

pub(super) fn mode_text(mode: RollMode, rolls: &[u32]) -> String {
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

pub(super) fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+ {n}")
    } else {
        format!("- {}", -n)
    }
}

pub(super) fn modifiers_text(mods: &[Modifier]) -> String {
    if mods.is_empty() {
        String::new()
    } else {
        let list: Vec<String> = mods.iter().map(|m| m.to_string()).collect();
        format!(" [{}]", list.join("; "))
    }
}

/// "attacks", or the reaction that attacks.
pub(super) fn attack_verb(kind: AttackKind) -> &'static str {
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
        other => format!("{other:?}"),
    };
    format!(
        "{kind}: {} rolls {} {} = {} against {}'s {} {} = {}: {}{}",
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

/// How the log names the action economy: AP and a movement pool, or under Seed002 Energy
/// paid for each Run; and the initiative die (Seed003 rolls 3d6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Wording {
    #[default]
    Ap,
    Energy,
    ThreeD6,
}

impl Wording {
    /// The wording of a ruleset.
    pub fn of(rules: &Ruleset) -> Wording {
        if rules.resource == ResourceRule::StaminaAgility {
            Wording::Energy
        } else if rules.hit == HitRule::ThreeDice {
            Wording::ThreeD6
        } else {
            Wording::Ap
        }
    }

    /// The name of the points actions cost.
    pub fn points(self) -> &'static str {
        match self {
            Wording::Ap | Wording::ThreeD6 => "AP",
            Wording::Energy => "Energy",
        }
    }
}

/// One event as a line of the combat log, in AP.
pub fn describe(ev: &BattleEvent) -> String {
    describe_in(ev, Wording::Ap)
}

/// One event as a line of the combat log, in the ruleset's wording.
pub fn describe_in(ev: &BattleEvent, wording: Wording) -> String {
    if wording == Wording::Energy
        && let Some(line) = seed002::energy_text(ev)
    {
        return line;
    }
    if let (
        Wording::ThreeD6,
        BattleEvent::InitiativeRolled {
            unit,
            roll,
            bonus,
            total,
            ..
        },
    ) = (wording, ev)
    {
        return format!("{unit} initiative: 3d6 {roll} {} = {total}", signed(*bonus));
    }
    schedule_text(ev)
        .or_else(|| movement_text(ev))
        .or_else(|| combat_text(ev))
        .or_else(|| combat_roll::combat_roll_text(ev))
        .or_else(|| seed000::seed000_text(ev))
        .or_else(|| seed004::seed004_text(ev))
        .or_else(|| seed002::seed002_text(ev))
        .or_else(|| seed003::seed003_text(ev))
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
        } => format!(
            "{unit} initiative: {} = {total}",
            seed004::dice_text(*roll, dice)
        ),
        E::InitiativeRolled {
            unit,
            roll,
            bonus,
            total,
            ..
        } => format!("{unit} initiative: d6 {roll} {} = {total}", signed(*bonus)),
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
        } => format!("{unit}: {} ({ap_cost} AP, {ap_left} left)", action.label()),
        E::MovementAdded { unit, metres, pool } => {
            format!("{unit} adds {metres} m of movement ({pool} m in the pool)")
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
        E::Collided {
            unit,
            obstacle,
            distance,
        } => format!("{unit} slams into {obstacle} (a {distance} m push)"),
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
        } => format!(
            "{unit} is {condition} {} ({source})",
            condition.lasting(*duration)
        ),
        E::ConditionRemoved {
            unit,
            condition,
            reason,
        } => format!("{unit} is no longer {condition} ({reason})"),
        E::ReactionOffered {
            reactor,
            kind: ReactionKind::Seize,
            against,
        } => format!("{reactor} may Seize the initiative from {against}, who declared an attack"),
        E::ReactionOffered {
            reactor,
            kind: ReactionKind::Ignore,
            against,
        } => format!(
            "{reactor} is Flanked: it may ignore {against}, free (no flank from it, but its attacks then come from the rear)"
        ),
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
        } => match pool {
            ReactionPool::Rp | ReactionPool::SharedAp => format!(
                "{reactor} reacts: {} against {against} (1 {})",
                reaction_name(*kind),
                if *pool == ReactionPool::Rp {
                    "RP"
                } else {
                    "AP"
                }
            ),
            ReactionPool::PricedAp => format!(
                "{reactor} reacts: {} against {against}",
                reaction_name(*kind)
            ),
            ReactionPool::Vigor => format!(
                "{reactor} reacts: {} against {against}",
                reaction_name(*kind)
            ),
        },
        E::ReactionDeclined {
            reactor,
            kind: ReactionKind::Ignore,
            against,
        } => format!("{reactor} does not ignore {against}: the flank stands"),
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
    match kind {
        ReactionKind::Opportunity => "an opportunity attack",
        ReactionKind::Swift => "a swift attack",
        ReactionKind::Opening => "Take Opening",
        ReactionKind::Dodge => "a Dodge",
        ReactionKind::Readied => "a readied action",
        ReactionKind::Seize => "to Seize the initiative",
        ReactionKind::Rebuff => "a Rebuff",
        ReactionKind::Harry => "a Harry",
        ReactionKind::Interpose => "an Interpose",
        ReactionKind::Cling => "a Cling",
        ReactionKind::Ignore => "an Ignore",
    }
}
