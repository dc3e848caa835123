//! The English of every [`Refusal`]: what is wrong and the numbers behind it.

use super::reaction_name;
use crate::battle::refusal::Refusal;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;
use std::fmt;

/// Plain English for every refusal: what is wrong and the numbers behind it.
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&refusal_text(self))
    }
}

impl Refusal {
    /// The refusal in the words of the rulebook in force.
    pub fn text_in(&self, wording: super::Wording) -> String {
        wording.say(&refusal_text(self))
    }
}

fn refusal_text(r: &Refusal) -> String {
    use Refusal as R;
    match r {
        R::Own { reason } => reason.clone(),
        R::Book(own) => own.to_string(),
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
        R::WeaponTaken => "its weapon was taken from it".into(),
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
        } => format!("{target} is {distance} m away; {weapon} shoots {long_range} m at most"),
        R::WallBetween { target } => format!("a wall stands between the attacker and {target}"),
        R::NoLineOfSight {
            target,
            blocked_by: None,
        } => format!("cannot see {target}"),
        R::NoLineOfSight {
            target,
            blocked_by: Some(what),
        } => format!("cannot see {target}: {what} blocks the view"),
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
        } => format!("that costs {cost} m; {pool} m left to walk and {ap} AP ({per_ap} m each)"),
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
        R::Barred { enemy } => format!("{enemy} already stopped it this turn"),
        R::EndsOnEnemy { at, enemy } => {
            format!("a path may pass {enemy} on {at} but not end there")
        }
        R::NothingToDisarm { target } => format!("{target} holds no weapon that can be taken"),
        R::Hidden { target } => format!("{target} is hidden: nobody on this side knows where"),
        R::Dead { unit } => format!("{unit} is dead"),
        R::BadLean { at } => {
            format!("cannot lean out to {at}: it must be next to it, passable, empty and clear")
        }
        R::NoNeedToLean => "it sees the target already: lean only out of full cover".into(),
        R::NotAnOption { option } => format!("the rules in force have no {option} attacks"),
        R::NotEnoughVigor { need, have } => format!("needs {need} Vigor, has {have}"),
        R::NotWhile { condition } => format!("not while {condition}"),
        R::NeedsMelee { action } => match action {
            ActionKind::Grab => "a grapple needs a melee weapon of reach 1".into(),
            a => format!("{} needs a melee weapon", a.label()),
        },
        R::NotASwiftAttack { kind } => format!(
            "{} cannot be a Trip, Push or Restrain under the rules in force",
            reaction_name(*kind)
        ),
        R::Winded { unit } => {
            format!("{unit} is Winded: no actions until a Recovery leaves it 5 Vigor")
        }
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::describe::Wording;
    use crate::rules::actions::ActionKind;

    #[test]
    fn a_missing_cost_is_told_in_the_rulesets_points() {
        let r = Refusal::NotEnoughAp {
            action: ActionKind::Attack,
            need: 3,
            have: 1,
        };
        assert_eq!(r.to_string(), "Attack costs 3 AP; 1 AP left");
        const ENERGY: crate::battle::describe::Words = crate::battle::describe::Words {
            points: "Energy",
            terms: &[("AP", "Energy")],
            ..crate::battle::describe::CORE_WORDS
        };
        assert_eq!(
            r.text_in(Wording::new(&ENERGY)),
            "Attack costs 3 Energy; 1 Energy left"
        );
    }
}
