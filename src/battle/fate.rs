//! What an attack against Evasion may do to its target, exactly, over every die: the damage
//! dealt by a hit and a critical (dice, +6, a non-lethal d4 off, the collision a joined push
//! adds with the occupant's defence roll, then armor or the DR value and the affinities, as
//! `rules/damage.rs` counts them), and the chances that the target stays up, goes Down,
//! bleeds and dies (presets/Seed000.md, "Preview"). All fractions; nothing is sampled.

use super::assess::{AttackAssessment, Ctx, push_direction};
use super::snapshot::UnitSnap;
use crate::rules::combat::{CRITICAL_BONUS_DAMAGE, DamageType, hit_chance, reach_chance};
use crate::rules::damage::{Blow, damage_dealt};
use crate::rules::odds::{Chance, Dist};
use crate::rules::ruleset::DamageModel;
use crate::rules::unit::Weapon;

/// The damage of an attack's branches and where it leaves the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fate {
    pub hit: Chance,
    pub critical: Chance,
    /// Damage dealt by an ordinary hit and by a critical one.
    pub on_hit: Dist,
    pub on_critical: Dist,
    /// Damage dealt by the attack, misses counting 0.
    pub dealt: Dist,
    pub stays_up: Chance,
    /// Down (dead or not).
    pub down: Chance,
    /// Down and bleeding (lethal damage under bleeding out).
    pub bleeding: Chance,
    /// Dead (at −maximum vitality under bleeding out).
    pub dead: Chance,
}

/// The die a non-lethal attack takes off (Seed000).
const NON_LETHAL_D4: u32 = 4;

/// The dice of a weapon's damage (each die counted).
pub fn dice_of(w: &Weapon) -> Dist {
    Dist::die(w.damage.sides)
        .times(w.damage.count)
        .map(|v| v + w.damage.bonus)
}

/// The raw damage of a hit: the dice, +6 on a critical, a non-lethal d4 off (not below 0).
fn raw_hit(w: &Weapon, critical: bool, non_lethal: bool) -> Dist {
    let bonus = if critical { CRITICAL_BONUS_DAMAGE } else { 0 };
    let raw = dice_of(w).map(|v| v + bonus);
    if non_lethal {
        raw.plus(&Dist::die(NON_LETHAL_D4).map(|d| -d))
            .map(|v| v.max(0))
    } else {
        raw
    }
}

/// The collision a push joined to the hit adds (Seed000): its damage, halved when the
/// creature in the way succeeds on its defence roll; `None` when nothing is hit.
fn joined_collision(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap, w: &Weapon) -> Option<Dist> {
    if !ctx.rules.push_joins_hit || w.push == 0 {
        return None;
    }
    let plan = ctx.push_plan(t, push_direction(a.pos, t.pos), w.push);
    let c = plan.collision?;
    let full = w.push as i32;
    let holds = c
        .occupant
        .and_then(|o| ctx.snap.get(o))
        .filter(|o| o.able())
        .map(|o| {
            let (bonus, number, mode) = ctx.collision_defence(a, t, o);
            reach_chance(bonus, number, mode)
        })
        .unwrap_or_else(Chance::never);
    Some(Dist::certain(full / 2).mix(holds, &Dist::certain(full)))
}

/// The damage dealt by a hit's raw damage, with the collision it may carry.
fn dealt(
    ctx: &Ctx,
    t: &UnitSnap,
    w: &Weapon,
    raw: &Dist,
    blow: Blow,
    crash: Option<&Dist>,
) -> Dist {
    let deal = |r: i32, damage_type: DamageType| {
        let b = Blow {
            raw: r,
            damage_type,
            ..blow
        };
        damage_dealt(ctx.rules, &t.stats, b).dealt
    };
    match crash {
        // A Physical weapon's hit and its collision are one instance.
        Some(c) if w.damage_type == DamageType::Physical => {
            raw.plus(c).map(|r| deal(r, DamageType::Physical))
        }
        Some(c) => {
            let own = Blow {
                dr_bonus: 0,
                non_lethal: false,
                ignore_armor: ctx.rules.collision_ignores_armor,
                ..blow
            };
            let collision =
                c.map(|r| damage_dealt(ctx.rules, &t.stats, Blow { raw: r, ..own }).dealt);
            raw.map(|r| deal(r, w.damage_type)).plus(&collision)
        }
        None => raw.map(|r| deal(r, w.damage_type)),
    }
}

/// The fate of an attack by `a` on `t` with weapon `wi`, assessed as `x`.
pub fn attack_fate(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    wi: usize,
    x: &AttackAssessment,
    non_lethal: bool,
) -> Fate {
    let w = &a.stats.weapons[wi];
    let (hit, critical) = hit_chance(x.bonus, x.evasion, x.mode);
    let blow = Blow {
        dr_bonus: super::resolve::dr_bonus(&x.modifiers),
        non_lethal,
        ..Blow::new(0, w.damage_type)
    };
    let crash = joined_collision(ctx, a, t, w);
    let on_hit = dealt(
        ctx,
        t,
        w,
        &raw_hit(w, false, non_lethal),
        blow,
        crash.as_ref(),
    );
    let on_critical = dealt(
        ctx,
        t,
        w,
        &raw_hit(w, true, non_lethal),
        blow,
        crash.as_ref(),
    );
    let dealt = Dist::branches(&[
        (!hit, &Dist::certain(0)),
        (hit - critical, &on_hit),
        (critical, &on_critical),
    ]);
    fate_of(
        ctx,
        t,
        hit,
        critical,
        on_hit,
        on_critical,
        dealt,
        non_lethal,
    )
}

#[allow(clippy::too_many_arguments)]
fn fate_of(
    ctx: &Ctx,
    t: &UnitSnap,
    hit: Chance,
    critical: Chance,
    on_hit: Dist,
    on_critical: Dist,
    dealt: Dist,
    non_lethal: bool,
) -> Fate {
    let (v, max) = (t.vitality, t.max_vitality);
    let bleeds_out = ctx.rules.damage == DamageModel::BleedOut;
    let down = dealt.chance_of(|d| d > 0 && v - d <= 0 && v > 0);
    let dead = if bleeds_out && !non_lethal {
        dealt.chance_of(|d| d > 0 && v - d <= -max)
    } else {
        Chance::never()
    };
    let bleeding = if bleeds_out && !non_lethal {
        down
    } else {
        Chance::never()
    };
    Fate {
        hit,
        critical,
        on_hit,
        on_critical,
        stays_up: !down,
        dealt,
        down,
        bleeding,
        dead,
    }
}
