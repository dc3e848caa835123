//! Assessing contests (RULES §4, presets): who may contest whom, each side's bonus and roll
//! mode with the reasons — size, Exposed, Defending, Dazed and Taking Cover under Core; the
//! size table and Dazed under Seed001's tests; Seed000's Disarm and passing through an
//! enemy, where only Dazed counts.

use super::assess::Ctx;
use super::events::{ContestKind, Effect, Modifier, Party, Reason};
use super::guard::{DiceSpec, dice_contest_chance};
use super::refusal::Refusal;
use super::snapshot::UnitSnap;
use crate::rules::combat::{Chance, RollMode, contest_chance};
use crate::rules::combat_roll::{SizeEdge, size_edge, successes_contest_chance};
use crate::rules::ruleset::{ConditionKind, HitRule, StanceRule};

impl Ctx<'_> {
    /// The contest modifiers, bonuses and roll modes. `actor` acts, `target` resists.
    pub fn assess_contest(
        &self,
        kind: ContestKind,
        actor: &UnitSnap,
        target: &UnitSnap,
    ) -> Result<ContestAssessment, Refusal> {
        contest_allowed(kind, actor, target)?;
        let (a, t) = (&actor.stats, &target.stats);
        let (actor_bonus, target_bonus) = match kind {
            ContestKind::Escape | ContestKind::PassThrough => (a.resist_bonus(), t.might),
            ContestKind::Disarm => (a.resist_bonus(), t.resist_bonus()),
            _ => (a.might, t.resist_bonus()),
        };
        let mut dice = None;
        let mods = match (self.rules.hit, kind) {
            // Seed000's checks: size has no effect; only Dazed gives a side disadvantage.
            (_, ContestKind::Disarm | ContestKind::PassThrough) => dazed_only(actor, target),
            // Seed003 rolls its own checks (in its folder, `actions.rs`).
            (HitRule::VsEvasion | HitRule::DefenderRolls | HitRule::ThreeDice, _) => {
                self.contest_modifiers(kind, actor, target)
            }
            (HitRule::CombatRoll, _) => test_contest_modifiers(kind, actor, target),
            (HitRule::GuardDice, _) => {
                let (a, t, mods) = self.contest_dice(kind == ContestKind::Escape, actor, target);
                dice = Some((a, t));
                mods
            }
        };
        let target_fails = self.rules.hit == HitRule::CombatRoll
            && kind != ContestKind::Escape
            && size_edge(target.stats.size.rank() - actor.stats.size.rank()) == SizeEdge::Fails;
        let mode = |party: Party| {
            let count = |effect| {
                mods.iter()
                    .filter(|x| x.party == party && x.effect == effect)
                    .count()
            };
            RollMode::from_sources(count(Effect::Advantage), count(Effect::Disadvantage))
        };
        Ok(ContestAssessment {
            actor_bonus,
            actor_mode: mode(Party::Actor),
            target_bonus,
            target_mode: mode(Party::Target),
            modifiers: mods,
            target_fails,
            dice,
        })
    }

    /// Size, Exposed, Defending, Dazed and Taking Cover against forced movement (RULES §4).
    fn contest_modifiers(
        &self,
        kind: ContestKind,
        actor: &UnitSnap,
        target: &UnitSnap,
    ) -> Vec<Modifier> {
        let mut mods = Vec::new();
        let mut m = |reason, effect, party| {
            mods.push(Modifier {
                reason,
                effect,
                party,
            })
        };
        match actor.stats.size.cmp(&target.stats.size) {
            std::cmp::Ordering::Greater => m(Reason::LargerSize, Effect::Advantage, Party::Actor),
            std::cmp::Ordering::Less => m(Reason::LargerSize, Effect::Advantage, Party::Target),
            std::cmp::Ordering::Equal => {}
        }
        if target.has(ConditionKind::Exposed) {
            m(Reason::TargetExposed, Effect::Advantage, Party::Actor);
        }
        // Defend and Take Cover help against contests unless the rules give their help to
        // defence rolls instead (Seed000).
        let stances = self.rules.stances == StanceRule::Contests;
        for (u, party) in [(actor, Party::Actor), (target, Party::Target)] {
            if stances && u.has(ConditionKind::Defending) {
                m(Reason::Defending, Effect::Advantage, party);
            }
            if u.has(ConditionKind::Dazed) {
                m(Reason::Dazed, Effect::Disadvantage, party);
            }
        }
        if stances
            && matches!(kind, ContestKind::Shove | ContestKind::Charge)
            && target.has(ConditionKind::TakingCover)
            && self.grid.next_to_half_cover(target.pos)
        {
            m(
                Reason::AgainstForcedMovement,
                Effect::Advantage,
                Party::Target,
            );
        }
        mods
    }
}

/// Dazed gives either side disadvantage.
fn dazed_only(actor: &UnitSnap, target: &UnitSnap) -> Vec<Modifier> {
    [(actor, Party::Actor), (target, Party::Target)]
        .into_iter()
        .filter(|(u, _)| u.has(ConditionKind::Dazed))
        .map(|(_, party)| Modifier {
            reason: Reason::Dazed,
            effect: Effect::Disadvantage,
            party,
        })
        .collect()
}

/// The result of assessing a contest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContestAssessment {
    pub actor_bonus: i32,
    pub actor_mode: RollMode,
    pub target_bonus: i32,
    pub target_mode: RollMode,
    pub modifiers: Vec<Modifier>,
    /// Seed001: the target is more than one size smaller and fails without a die.
    pub target_fails: bool,
    /// Seed004: the bonus dice of the actor and of the target, beside their d20s.
    pub dice: Option<(DiceSpec, DiceSpec)>,
}

/// Whether `actor` may start a contest of this kind against `target` at all (RULES §4):
/// both standing, an enemy (an Escape is against one's own grappler), adjacent (a Charge
/// ends adjacent), and not more than one size larger.
fn contest_allowed(kind: ContestKind, actor: &UnitSnap, target: &UnitSnap) -> Result<(), Refusal> {
    let name = || target.name.to_string();
    if actor.is_down() {
        return Err(Refusal::Down {
            unit: actor.name.to_string(),
        });
    }
    if target.is_down() {
        return Err(Refusal::TargetDown { target: name() });
    }
    if kind != ContestKind::Escape && target.side == actor.side {
        return Err(Refusal::Ally { target: name() });
    }
    if kind != ContestKind::Escape && target.hidden_from(actor.side) {
        return Err(Refusal::Hidden { target: name() });
    }
    if kind != ContestKind::Charge && !actor.pos.is_adjacent(target.pos) {
        return Err(Refusal::NotAdjacent { target: name() });
    }
    let sized = !matches!(
        kind,
        ContestKind::Escape | ContestKind::Disarm | ContestKind::PassThrough
    );
    if sized && target.stats.size.rank() - actor.stats.size.rank() > 1 {
        return Err(Refusal::TooLarge {
            target: name(),
            target_size: target.stats.size,
            actor_size: actor.stats.size,
        });
    }
    Ok(())
}

/// Seed001's contests (presets/Seed001.md, "Contests"): the target uses the size table (one
/// size larger: a boon; one smaller: a bane); Dazed gives either side a bane.
fn test_contest_modifiers(kind: ContestKind, actor: &UnitSnap, target: &UnitSnap) -> Vec<Modifier> {
    let mut mods = Vec::new();
    let mut m = |reason, effect, party| {
        mods.push(Modifier {
            reason,
            effect,
            party,
        })
    };
    if kind != ContestKind::Escape {
        match size_edge(target.stats.size.rank() - actor.stats.size.rank()) {
            SizeEdge::Rolls(RollMode::Advantage) => {
                m(Reason::LargerSize, Effect::Advantage, Party::Target)
            }
            SizeEdge::Rolls(RollMode::Disadvantage) => {
                m(Reason::LargerSize, Effect::Disadvantage, Party::Target)
            }
            _ => {}
        }
    }
    for (u, party) in [(actor, Party::Actor), (target, Party::Target)] {
        if u.has(ConditionKind::Dazed) {
            m(Reason::Dazed, Effect::Disadvantage, party);
        }
    }
    mods
}

/// The numbers of a contest.
#[derive(Clone, Debug, PartialEq)]
pub struct ContestPreview {
    pub kind: ContestKind,
    pub win: Chance,
    pub actor_bonus: i32,
    pub actor_mode: RollMode,
    pub target_bonus: i32,
    pub target_mode: RollMode,
    /// Seed004: each side's bonus dice beside its d20.
    pub dice: Option<(DiceSpec, DiceSpec)>,
}

impl ContestPreview {
    /// The odds of an assessed contest: a strictly higher total, or under tests (Seed001)
    /// strictly more successes.
    pub fn of(ctx: &Ctx, kind: ContestKind, c: &ContestAssessment) -> Self {
        let (actor, target) = (
            (c.actor_bonus, c.actor_mode),
            (c.target_bonus, c.target_mode),
        );
        let win = match (ctx.rules.hit, c.dice) {
            (HitRule::GuardDice, Some((a, t))) => {
                Chance::from_f64(dice_contest_chance(kind == ContestKind::Escape, a, t))
            }
            (HitRule::CombatRoll, _) => successes_contest_chance(actor, target, c.target_fails),
            _ => contest_chance(actor.0, actor.1, target.0, target.1),
        };
        ContestPreview {
            kind,
            win,
            actor_bonus: c.actor_bonus,
            actor_mode: c.actor_mode,
            target_bonus: c.target_bonus,
            target_mode: c.target_mode,
            dice: c.dice,
        }
    }
}
