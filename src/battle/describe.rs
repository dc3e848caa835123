//! Plain-language lines for the combat log: every event with its numbers and reasons, and
//! the English of every [`Refusal`].

use super::events::{
    AttackKind, AttackReport, BattleEvent, ContestReport, DelayUntil, Modifier, Outcome,
    ReactionKind,
};
use super::refusal::Refusal;
use crate::rules::combat::{DamageBreakdown, DamageType, HitOutcome, RollMode};
use crate::rules::dice::ScriptProblem;
use crate::rules::ruleset::{ConditionKind, ReactionPool};
use std::fmt;

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
    schedule_text(ev)
        .or_else(|| movement_text(ev))
        .or_else(|| combat_text(ev))
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
            bonus,
            total,
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
            command.action_name()
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
        } => format!(
            "{reactor} reacts: {} against {against} (1 {})",
            reaction_name(*kind),
            match pool {
                ReactionPool::Rp => "RP",
                ReactionPool::SharedAp => "AP",
            }
        ),
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

fn reaction_name(kind: ReactionKind) -> &'static str {
    match kind {
        ReactionKind::Opportunity => "an opportunity attack",
        ReactionKind::Swift => "a swift attack",
    }
}

/// Plain English for every refusal: what is wrong and the numbers behind it.
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&refusal_text(self))
    }
}

fn refusal_text(r: &Refusal) -> String {
    use Refusal as R;
    match r {
        R::BattleOver => "the battle is over".into(),
        R::AwaitingAnswer {
            reactor,
            kind,
            against,
        } => format!(
            "waiting for {reactor} to answer: {} against {against}?",
            reaction_name(*kind)
        ),
        R::NotAsked { asked } => format!("{asked} is being asked about a reaction, not you"),
        R::NoOffer => "no reaction is being offered".into(),
        R::AwaitingChoice { unit } => format!("waiting for {unit}'s side to choose"),
        R::NoSuchUnit { name } => format!("there is no combatant named `{name}`"),
        R::NotInBattle => "that combatant is not in this battle".into(),
        R::NoTurn => "no turn is in progress".into(),
        R::NotYourTurn { active } => format!("it is {active}'s turn"),
        R::Down { unit } => format!("{unit} is Down"),
        R::NotEnoughAp { action, need, have } => {
            format!("{} costs {need} AP; {have} AP left", action.label())
        }
        R::AttackLimit { made, limit } => {
            format!("already made {made} attack(s) this round; the limit is {limit}")
        }
        _ => target_refusal_text(r),
    }
}

fn target_refusal_text(r: &Refusal) -> String {
    use Refusal as R;
    match r {
        R::TargetDown { target } => format!("{target} is already Down"),
        R::Ally { target } => format!("{target} is an ally"),
        R::NotAdjacent { target } => format!("must be next to {target}"),
        R::TooLarge {
            target,
            target_size,
            actor_size,
        } => format!(
            "{target} ({target_size:?}) is more than one size larger than the actor ({actor_size:?})"
        ),
        R::NoSuchWeapon { weapon, weapons } => {
            format!("no weapon `{weapon}` (weapons: {})", weapons.join(", "))
        }
        R::NoWeapons => "no weapons".into(),
        R::NoWeaponReaches { target, distance } => {
            format!("{target} is {distance} m away: out of reach and range of every weapon")
        }
        R::OutOfReach {
            target,
            distance,
            weapon,
            reach,
        } => format!("{target} is {distance} m away; {weapon}'s reach is {reach} m"),
        R::OutOfRange {
            target,
            distance,
            weapon,
            long_range,
        } => format!("{target} is {distance} m away; {weapon}'s long range is {long_range} m"),
        R::WallBetween { target } => format!("a wall stands between the attacker and {target}"),
        R::NoLineOfSight { target } => format!("cannot see {target}"),
        R::FullCover { target } => format!("{target} is in full cover"),
        R::AlreadyHas { target, condition } => format!("{target} is already {condition}"),
        R::Lacks { unit, condition } => match condition {
            ConditionKind::Grappling => format!("{unit} is not grappling anyone"),
            c => format!("{unit} is not {c}"),
        },
        R::AlreadyGrappling { held } => format!("already grappling {held}; release first"),
        R::AlreadyDisengaged => "already disengaged this turn".into(),
        R::NeedsHalfCover => "Take Cover needs a half-cover tile next to the combatant".into(),
        R::StabilizeAllyOnly => "only an ally can be stabilized".into(),
        _ => move_refusal_text(r),
    }
}

fn move_refusal_text(r: &Refusal) -> String {
    use Refusal as R;
    match r {
        R::Restrained => "Restrained and cannot move".into(),
        R::EmptyPath => "the path is empty".into(),
        R::BadStep {
            step,
            from,
            to,
            error,
        } => format!("step {step} from {from} to {to}: {error}"),
        R::EnemyBlocks { step, at, enemy } => {
            format!("step {step} to {at}: the enemy {enemy} blocks the way")
        }
        R::CannotStop { at, occupant } => format!("cannot stop on {at}: {occupant} is there"),
        R::AlreadyThere { at } => format!("already at {at}"),
        R::OffMap { at, width, height } => format!("{at} is off the map ({width}x{height})"),
        R::Impassable { at, terrain } => format!("{at} is impassable ({terrain})"),
        R::Occupied { at, occupant } => format!("{at} is occupied by {occupant}"),
        R::PathTooCostly {
            cost,
            pool,
            ap,
            per_ap,
        } => format!("that costs {cost} m; {pool} m in the pool and {ap} AP ({per_ap} m each)"),
        R::NoPath { from, to } => format!("there is no path from {from} to {to}"),
        R::ProneCharge => "Prone: stand up before charging".into(),
        R::NotInLine { target } => {
            format!("{target} is not in a straight line (one of the 8 directions)")
        }
        R::ChargeTooShort { run, min } => {
            format!("a charge needs at least {min} m of run-up; this one would run {run} m")
        }
        R::ChargeTooLong { run, max } => {
            format!("the charge would run {run} m; a charge runs at most {max} m")
        }
        _ => turn_refusal_text(r),
    }
}

fn turn_refusal_text(r: &Refusal) -> String {
    use Refusal as R;
    match r {
        R::AlreadyDelayed => "already delayed this round".into(),
        R::AlreadyActed => {
            "already acted or moved this turn; delay only at the start of a turn".into()
        }
        R::DelayAfterSelf => "cannot delay until after itself".into(),
        R::DelayAfterDown { unit } => format!("{unit} is Down and will not act"),
        R::DelayAfterDone { unit } => format!(
            "{unit} has already had its turn this round; delay to the end of the round instead"
        ),
        R::DelayCycle { unit } => format!("{unit} is already waiting for this combatant"),
        R::NothingToUndo => {
            "nothing to undo: moves can be taken back only until a die is rolled or something else happens"
                .into()
        }
        R::NotInRules { action } => {
            format!("{} is not an action in the rules in force", action.label())
        }
        R::NoSuchDefence { defence, options } => format!(
            "{defence} is not possible now (possible: {})",
            list(options.iter().map(|d| d.to_string()))
        ),
        R::NoSuchManeuver { maneuver, options } => format!(
            "{} is not possible now (possible: {})",
            maneuver.name(),
            list(options.iter().map(|m| m.name()))
        ),
        R::NothingToPickUp => "nothing of its own lies on or next to its tile".into(),
        other => format!("{other:?}"),
    }
}

fn list(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}
