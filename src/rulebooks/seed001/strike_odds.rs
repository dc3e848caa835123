//! The exact odds of a Seed001 strike met by each defence (presets/Seed001.md, "Preview"):
//! the five outcomes, the damage of a hit, a blocked hit and a critical win (Precision as one
//! value where it is allowed), the expected damage and the chance the target goes Down, all
//! as fractions. The preview shows them, and the `Always` policy picks the defence with the
//! least expected damage (ties go Block, Parry, Dodge).

use super::defence::defence_options;
use crate::battle::assess::Ctx;
use crate::battle::fate::dice_of;
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed001::stats::{Seed001Of, Seed001WeaponOf};
use crate::rules::combat::block_reduction;
use crate::rules::combat_roll::{CombatOdds, Defence, combat_odds};
use crate::rules::damage::{Blow, damage_dealt};
use crate::rules::odds::{Chance, Dist};
use crate::rules::unit::Weapon;

/// A strike's preview (`Preview::odds`): its odds with each defence the target may take,
/// `None` last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strikes(pub Vec<StrikeOdds>);

/// The strike odds of a preview, one per defence (none where it is not a strike's).
pub fn strikes_of(p: &Preview) -> &[StrikeOdds] {
    p.odds_of::<Strikes>().map_or(&[], |s| &s.0)
}

/// The odds of a strike met by one defence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrikeOdds {
    pub defence: Defence,
    pub odds: CombatOdds,
    /// Damage dealt by a hit, a blocked hit and an attacker's critical win.
    pub hit: Dist,
    pub blocked: Dist,
    pub critical: Dist,
    /// The expected damage (a ratio, not a probability).
    pub expected: Chance,
    /// The chance the target goes Down.
    pub down: Chance,
}

impl StrikeOdds {
    /// The ways the strike deals damage, each with its chance and the damage it deals: a
    /// hit, a blocked hit and an attacker's critical win.
    pub fn landings(&self) -> [(Chance, &Dist); 3] {
        landings(&self.odds, &self.hit, &self.blocked, &self.critical)
    }

    /// The chance the strike deals damage: a hit, a blocked hit or a critical win.
    pub fn lands(&self) -> Chance {
        Chance::sum(self.landings().map(|(p, _)| p))
    }

    /// The expected damage, counting no more of each outcome than `left` (what the target
    /// has left: damage beyond it takes out nothing more).
    pub fn expected_up_to(&self, left: i32) -> f64 {
        self.landings()
            .iter()
            .map(|(p, d)| p.value() * d.map(|v| v.min(left)).mean())
            .sum()
    }

    /// The chance the weapon's push follows the strike against a target with `left`
    /// vitality: a hit or a critical win that leaves it standing. A blocked hit runs none of
    /// the weapon's hooks, and a blow that takes the target Down pushes nothing.
    pub fn pushes(&self, left: i32) -> Chance {
        Chance::sum(
            [
                (self.odds.hit, &self.hit),
                (self.odds.attacker_critical, &self.critical),
            ]
            .map(|(p, dealt)| p * dealt.chance_of(|d| d < left)),
        )
    }

    /// The chance it deals nothing: both fail, a miss or the defender's critical win.
    pub fn misses(&self) -> Chance {
        !self.lands()
    }

    /// The lowest and highest damage a landing strike can deal.
    pub fn damage_range(&self) -> (i32, i32) {
        let landings = self.landings();
        let open = landings.iter().filter(|(p, _)| p.num > 0);
        let lo = open.clone().map(|(_, d)| d.min()).min().unwrap_or(0);
        let hi = open.map(|(_, d)| d.max()).max().unwrap_or(0);
        (lo, hi)
    }
}

/// The defence a defender would most likely take: the least expected damage, ties in the
/// listed order (Block, Parry, Dodge, Withstand, None), as the `Always` policy picks.
pub fn likely(strikes: &[StrikeOdds]) -> Option<&StrikeOdds> {
    strikes
        .iter()
        .fold(None, |best: Option<&StrikeOdds>, s| match best {
            Some(b) if !less(s.expected, b.expected) => Some(b),
            _ => Some(s),
        })
}

/// What each raw amount deals to `t`, with or without the block reduction.
pub(super) fn dealt(ctx: &Ctx, t: &UnitSnap, w: &Weapon, raw: &Dist, blocked: bool) -> Dist {
    let block = if blocked {
        block_reduction(t.stats.seed001().block_rating, w.damage_type)
    } else {
        0
    };
    raw.map(|r| {
        let blow = Blow {
            block,
            ..Blow::new(r, w.damage_type)
        };
        damage_dealt(ctx.rules, &t.stats, blow).dealt
    })
}

/// The odds of `a`'s strike on `t` with weapon `wi` met by `defence`.
pub fn strike_odds(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    wi: usize,
    defence: Defence,
) -> Result<StrikeOdds, Refusal> {
    let x = ctx.assess_strike(a, t, wi, defence)?;
    let w = &a.stats.weapons[wi];
    let odds = combat_odds(x.attack, x.defend, defence);
    let dice = dice_of(w);
    // An attacker's critical win is assumed to take Precision where it may.
    let critical_raw = if w.seed001().spell {
        dice.clone()
    } else {
        Dist::certain(w.damage.max())
    };
    let hit = dealt(ctx, t, w, &dice, false);
    let blocked = dealt(ctx, t, w, &dice, true);
    let critical = dealt(ctx, t, w, &critical_raw, false);
    let parts = landings(&odds, &hit, &blocked, &critical);
    let expected = Chance::sum(parts.iter().map(|(p, d)| *p * d.expected()));
    let vitality = t.vitality;
    let down = Chance::sum(
        parts
            .iter()
            .map(|(p, d)| *p * d.chance_of(|v| v >= vitality)),
    );
    Ok(StrikeOdds {
        defence,
        odds,
        hit,
        blocked,
        critical,
        expected,
        down,
    })
}

/// Each way a strike lands with its damage (see `StrikeOdds::landings`).
fn landings<'d>(
    odds: &CombatOdds,
    hit: &'d Dist,
    blocked: &'d Dist,
    critical: &'d Dist,
) -> [(Chance, &'d Dist); 3] {
    [
        (odds.hit, hit),
        (odds.blocked, blocked),
        (odds.attacker_critical, critical),
    ]
}

/// The defence among `options` with the least expected damage; ties go in the order
/// Block, Parry, Dodge, Withstand, None.
pub fn best_defence(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    wi: usize,
    options: &[Defence],
) -> Defence {
    let mut best: Option<(Chance, Defence)> = None;
    for d in Defence::PREFERENCE
        .into_iter()
        .filter(|d| options.contains(d))
    {
        let Ok(s) = strike_odds(ctx, a, t, wi, d) else {
            continue;
        };
        let better = best.is_none_or(|(e, _)| less(s.expected, e));
        if better {
            best = Some((s.expected, d));
        }
    }
    best.map_or(Defence::None, |(_, d)| d)
}

/// Whether one ratio is strictly smaller than another.
fn less(a: Chance, b: Chance) -> bool {
    a.num * b.den < b.num * a.den
}

/// The odds with every defence `t` may choose.
pub fn all_defences(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    wi: usize,
) -> Result<Vec<StrikeOdds>, Refusal> {
    defence_options(ctx, t, &a.stats.weapons[wi])
        .into_iter()
        .map(|d| strike_odds(ctx, a, t, wi, d))
        .collect()
}
