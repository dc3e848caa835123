//! Seed004's exact odds (presets/Seed004.md, "Preview"): an attack's chance to beat Guard,
//! the target's Dodge now (its cost and chance), the damage of a hit through the very
//! pipeline the battle uses (`pool_blow.rs`), with its critical, Wounded and Shock chances and
//! the armor's wear; contests and First Aid. Every figure is a finite sum over every face
//! of the capped bursting dice, in `f64`.

use super::guard::{GuardAssessment, off_hand_weapon, weapon_of};
use super::pool_blow::{PoolBlow, pool_damage};
use crate::battle::assess::Ctx;
use crate::battle::events::Modifier;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed004::reserves::Seed004Reserves;
use crate::rulebooks::seed004::stats::Seed004WeaponOf;
use crate::rules::bonus_dice::DiceSpec;
use crate::rules::bonus_dice::{
    Spread, bonus_spread, chance_above, convolve, plain_spread, repeat, roll_spread, unburst_spread,
};
use crate::rules::ruleset::ConditionKind;
use crate::rules::unit::Weapon;

/// What a Dodge would do, if the target can make one now.
#[derive(Clone, Debug, PartialEq)]
pub struct DodgeOdds {
    /// Vigor it costs (3 while Defending, else 5).
    pub cost: i32,
    pub dice: DiceSpec,
    /// The chance the Dodge beats an attack that beat Guard.
    pub success: f64,
}

/// What one hit does to its target.
#[derive(Clone, Debug, PartialEq)]
pub struct HitOdds {
    /// Lowest and highest damage dealt, and the mean (after quality, armor, cover,
    /// affinities).
    pub range: (i32, i32),
    pub mean: f64,
    /// A damage bonus die bursts.
    pub critical: f64,
    /// The target ends Wounded (Durability 0), and in Shock (Health 0).
    pub wounded: f64,
    pub shock: f64,
    /// Lowest and highest armor wear.
    pub wear: (i32, i32),
}

/// The numbers of a Seed004 attack.
#[derive(Clone, Debug, PartialEq)]
pub struct GuardOdds {
    pub weapon: String,
    pub attack: DiceSpec,
    pub guard: i32,
    /// Charges, Challenges and the parts of Guard.
    pub modifiers: Vec<Modifier>,
    /// The target is in Shock: the attack kills it, with no roll.
    pub kills: bool,
    /// P(total > Guard).
    pub beat: f64,
    pub dodge: Option<DodgeOdds>,
    /// P(hit) if the target Dodges (when it can), and if it does not.
    pub hit_dodged: Option<f64>,
    pub hit: f64,
    pub on_hit: HitOdds,
    /// An off-hand blow the attack may add (its own numbers).
    pub off_hand: Option<Box<GuardOdds>>,
}

/// One hit's damage spread before the pipeline: the weapon's plain dice plus the bursting
/// bonus dice; and the part of it where no bonus die burst.
pub fn raw_damage(w: &Weapon, bonus: DiceSpec) -> (Spread, Spread) {
    let plain = repeat(
        &plain_spread(w.seed004().quality.die().sides()),
        w.seed004().dice,
    );
    let all = convolve(&plain, &bonus_spread(bonus.count, bonus.size));
    let calm = convolve(&plain, &repeat(&unburst_spread(bonus.size), bonus.count));
    (all, calm)
}

/// What a hit does to `t`, every raw value through the battle's own pipeline.
pub fn hit_odds(ctx: &Ctx, t: &UnitSnap, x: &GuardAssessment) -> HitOdds {
    let (all, calm) = raw_damage(&x.weapon, x.damage);
    let mut out = HitOdds {
        range: (i32::MAX, i32::MIN),
        mean: 0.0,
        critical: 1.0 - calm.iter().sum::<f64>(),
        wounded: 0.0,
        shock: 0.0,
        wear: (i32::MAX, i32::MIN),
    };
    for (raw, p) in all.iter().enumerate().filter(|(_, p)| **p > 0.0) {
        let blow = PoolBlow {
            cover: x.cover_armor,
            ..PoolBlow::new(raw as i32, x.weapon.damage_type, x.weapon.seed004().quality)
        };
        let b = pool_damage(ctx.rules, &t.stats, t.own.reserves(), blow);
        out.range = (out.range.0.min(b.dealt), out.range.1.max(b.dealt));
        out.wear = (out.wear.0.min(b.wear), out.wear.1.max(b.wear));
        out.mean += p * b.dealt as f64;
        if t.own.reserves().durability - b.to_durability <= 0 {
            out.wounded += p;
        }
        if t.own.reserves().health - b.to_health <= 0 {
            out.shock += p;
        }
    }
    out
}

/// The Dodge the target could make now against `a`: not on its own turn, and only if it can
/// pay.
pub fn dodge_odds(ctx: &Ctx, t: &UnitSnap, its_turn: bool) -> Option<(i32, DiceSpec, Spread)> {
    let cost = ctx.dodge_cost(t);
    if its_turn || !ctx.vigor_reaction(t, cost) {
        return None;
    }
    let (dice, _) = ctx.dodge_dice(t);
    Some((cost, dice, roll_spread(dice.count, dice.size)))
}

/// A Dodge against an attack already rolled: its cost, its dice and the exact chance that
/// d20 + the dice beats `attack` (a tie hits). For the prompt that asks the target's side.
pub fn dodge_against(ctx: &Ctx, t: &UnitSnap, attack: i32) -> DodgeOdds {
    let (dice, _) = ctx.dodge_dice(t);
    DodgeOdds {
        cost: ctx.dodge_cost(t),
        dice,
        success: chance_above(&roll_spread(dice.count, dice.size), attack),
    }
}

/// The numbers of an attack with weapon `wi` (`None`: bare hands), an off-hand blow
/// following when asked. `its_turn`: whether it is the target's own turn (no Dodge).
pub fn guard_odds(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    wi: Option<usize>,
    off_hand: bool,
    its_turn: bool,
) -> Result<GuardOdds, Refusal> {
    let odds = single_odds(ctx, a, t, weapon_of(&a.stats, wi), false, its_turn)?;
    let off = if off_hand {
        let w = weapon_of(&a.stats, off_hand_weapon(&a.stats));
        Some(Box::new(single_odds(ctx, a, t, w, true, its_turn)?))
    } else {
        None
    };
    Ok(GuardOdds {
        off_hand: off,
        ..odds
    })
}

fn single_odds(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: Weapon,
    off_hand: bool,
    its_turn: bool,
) -> Result<GuardOdds, Refusal> {
    let sight = ctx.weapon_allowed(a, t, &weapon)?;
    let x = ctx.guard_assessment(a, t, weapon, off_hand, &sight);
    let kills = t.has(ConditionKind::Shock);
    let attack = roll_spread(x.attack.count, x.attack.size);
    let beat = if kills {
        1.0
    } else {
        chance_above(&attack, x.guard)
    };
    let dodge = (!kills).then(|| dodge_odds(ctx, t, its_turn)).flatten();
    let hit_dodged = dodge.as_ref().map(|(_, _, d)| {
        attack
            .iter()
            .enumerate()
            .filter(|(v, _)| *v as i32 > x.guard)
            .map(|(v, p)| p * (1.0 - chance_above(d, v as i32)))
            .sum::<f64>()
    });
    let on_hit = hit_odds(ctx, t, &x);
    Ok(GuardOdds {
        weapon: x.weapon.name.clone(),
        attack: x.attack,
        guard: x.guard,
        modifiers: x.modifiers.clone(),
        kills,
        beat,
        dodge: dodge.map(|(cost, dice, _)| DodgeOdds {
            cost,
            dice,
            success: hit_dodged.map_or(0.0, |h| if beat > 0.0 { 1.0 - h / beat } else { 0.0 }),
        }),
        hit_dodged,
        hit: beat,
        on_hit,
        off_hand: None,
    })
}
