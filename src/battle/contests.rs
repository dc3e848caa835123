//! Assessing contests (RULES §4): who may contest whom, each side's bonus and roll mode with
//! the reasons — size, Exposed, Defending, Dazed and Taking Cover; Disarm and passing
//! through an enemy, where only Dazed counts. A rulebook that contests its own way
//! (`Rulebook::assess_contest`) gives its own assessment and odds.

use super::assess::Ctx;
use super::events::{ContestKind, Effect, Modifier, Party, Reason};
use super::refusal::Refusal;
use super::snapshot::UnitSnap;
use crate::rules::bonus_dice::DiceSpec;
use crate::rules::combat::{Chance, RollMode, contest_chance};
use crate::rules::ruleset::{ConditionKind, StanceRule};

impl Ctx<'_> {
    /// The contest modifiers, bonuses and roll modes. `actor` acts, `target` resists.
    pub fn assess_contest(
        &self,
        kind: ContestKind,
        actor: &UnitSnap,
        target: &UnitSnap,
    ) -> Result<ContestAssessment, Refusal> {
        contest_allowed(kind, actor, target)?;
        let mods = match kind {
            // Seed000's checks: size has no effect; only Dazed gives a side disadvantage.
            ContestKind::Disarm | ContestKind::PassThrough => dazed_only(actor, target),
            // The rulebook in force may assess its contests its own way.
            _ => match self
                .rules
                .rulebook
                .book()
                .assess_contest(self, kind, actor, target)
            {
                Some(c) => return Ok(c),
                None => self.contest_modifiers(kind, actor, target),
            },
        };
        Ok(ContestAssessment::assemble(kind, actor, target, mods))
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

/// Whether `a` may try to disarm `t` (turn and AP aside, also for held actions): a standing
/// enemy within 1 m, not hidden from it, holding a `held` weapon. Returns that weapon's
/// index (the named one, or the first held one).
pub fn disarm_checks(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: Option<&str>,
) -> Result<usize, Refusal> {
    ctx.assess_contest(ContestKind::Disarm, a, t)?;
    let weapons = &t.stats.weapons;
    let found = match weapon {
        Some(w) => {
            weapons
                .iter()
                .position(|x| x.name == w)
                .ok_or_else(|| Refusal::NoSuchWeapon {
                    weapon: w.to_string(),
                    weapons: weapons.iter().map(|x| x.name.clone()).collect(),
                })?
        }
        None => weapons
            .iter()
            .position(|x| x.held)
            .ok_or_else(|| Refusal::NothingToDisarm {
                target: t.name.to_string(),
            })?,
    };
    if !weapons[found].held {
        return Err(Refusal::NothingToDisarm {
            target: t.name.to_string(),
        });
    }
    Ok(found)
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

impl ContestAssessment {
    /// A contest of d20 + bonus each, the actor's bonus its might (an escapee's, and one
    /// disarming, its better of might and agility), the target's its better of might and
    /// agility (a grappler's might), with these modifiers giving each side its roll mode.
    pub fn assemble(
        kind: ContestKind,
        actor: &UnitSnap,
        target: &UnitSnap,
        modifiers: Vec<Modifier>,
    ) -> ContestAssessment {
        let (a, t) = (&actor.stats, &target.stats);
        let (actor_bonus, target_bonus) = match kind {
            ContestKind::Escape | ContestKind::PassThrough => (a.resist_bonus(), t.might),
            ContestKind::Disarm => (a.resist_bonus(), t.resist_bonus()),
            _ => (a.might, t.resist_bonus()),
        };
        let mode = |party: Party| {
            let count = |effect| {
                modifiers
                    .iter()
                    .filter(|x| x.party == party && x.effect == effect)
                    .count()
            };
            RollMode::from_sources(count(Effect::Advantage), count(Effect::Disadvantage))
        };
        ContestAssessment {
            actor_bonus,
            actor_mode: mode(Party::Actor),
            target_bonus,
            target_mode: mode(Party::Target),
            modifiers,
            target_fails: false,
            dice: None,
        }
    }
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
        let win = ctx
            .rules
            .rulebook
            .book()
            .contest_chance(kind, c)
            .unwrap_or_else(|| contest_chance(actor.0, actor.1, target.0, target.1));
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
