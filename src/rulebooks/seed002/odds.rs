//! Seed002's exact odds (presets/Seed002.md, "Preview"): an attack's chance of a natural
//! miss, of exposing its attacker, of a hit on armor, off armor and critical (melee: the
//! exploding Evasion roll in closed form; ranged: a sum over the Hit roll's faces), the
//! damage of each kind of hit through the battle's own arithmetic, the chance of a Death
//! roll and of death; a maneuver's chance through Fortitude; Escape and Seize. Exact
//! fractions throughout.

use super::Seed002Plan;
use super::assess::AvAssessment;
use super::attack::{EVASION_DIE, EXPOSING_ROLL, FORTITUDE_DIE, RANGED_EVASION_DIE};
use super::aura::calls_death_roll;
use super::av_odds::{AvOdds, HitKind};
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::preview::{Aim, Preview};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed002::action_names;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::reports::Maneuver002;
use crate::rulebooks::seed002::stats::Seed002Of;
use crate::rules::book_value::BookValue;
use crate::rules::combat::{Chance, RollMode};
use crate::rules::damage::{Blow, damage_dealt};
use crate::rules::exploding::at_most;
use crate::rules::odds::Dist;
use crate::rules::ruleset::ConditionKind;

/// P(kept d20 = v) for a roll mode.
fn face(mode: RollMode, v: u32) -> Chance {
    Chance::new(mode.face_weight(v) as u128, 400)
}

/// P(kept d20 within lo..=hi).
fn faces(mode: RollMode, lo: u32, hi: u32) -> Chance {
    Chance::sum((lo.max(1)..=hi.min(20)).map(|v| face(mode, v)))
}

/// The damage a hit deals `t` for every face of the weapon's dice, armor counting or not.
fn damage_of(ctx: &Ctx, t: &UnitSnap, x: &AvAssessment, armor: bool) -> Dist {
    let d = x.weapon.damage;
    let dice = Dist::die(d.sides).times(d.count).map(|v| v + d.bonus);
    dice.map(|raw| {
        let blow = Blow {
            ignore_armor: !armor,
            ..Blow::new(raw, x.weapon.damage_type)
        };
        damage_dealt(ctx.rules, &t.stats, blow).dealt
    })
}

fn hit_kind(chance: Chance, dist: &Dist) -> HitKind {
    HitKind {
        chance,
        range: (dist.min(), dist.max()),
        mean: dist.mean(),
    }
}

/// The chance that a melee Evasion roll lets the AV through (H1): X + E ≤ AV (or < AV
/// against a Defending target).
fn evasion_fails(x: &AvAssessment) -> Chance {
    if x.unconscious || x.coup {
        return Chance::certain();
    }
    let t = i32::from(x.defending);
    at_most(EVASION_DIE, x.evasion_mode, x.av - x.evasion_bonus - t)
}

/// The chance that a shot with Hit roll `h` lands (H4): h ≥ Miss Chance with the Ranged
/// Evasion roll (h > it against a Defending target).
fn shot_lands(x: &AvAssessment, h: u32) -> Chance {
    let t = i32::from(x.defending);
    if x.unconscious {
        return if h as i32 - t >= x.miss_base {
            Chance::certain()
        } else {
            Chance::never()
        };
    }
    at_most(
        RANGED_EVASION_DIE,
        x.evasion_mode,
        h as i32 - x.miss_base - x.evasion_bonus - t,
    )
}

/// The chance that the Fortitude roll fails against a maneuver's AV (C1).
fn fortitude_fails(x: &AvAssessment) -> Chance {
    let mode = RollMode::from_sources(0, usize::from(x.fortitude_disadvantage));
    let t = i32::from(x.defending);
    at_most(FORTITUDE_DIE, mode, x.maneuver_av - x.fortitude - t)
}

/// The numbers of an attack by `a` on `t` with weapon `wi` (`None`: bare hands), perhaps a
/// maneuver, perhaps a Swift Attack, perhaps a Coup (D4: P(Dead) is the chance it hurts one
/// at 0 Aura).
pub fn av_odds(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    wi: Option<usize>,
    maneuver: Option<Maneuver002>,
    swift: bool,
    coup: bool,
) -> Result<AvOdds, Refusal> {
    let x = ctx.av_assessment(a, t, wi, maneuver, swift, coup)?;
    Ok(odds_of(ctx, t, &x, wi, maneuver))
}

/// The numbers of the blow `av_odds` gives (no maneuver, no Swift Attack), but on `t`
/// Defending: it wins the ties of its Evasion roll (H1, H4), what a Defend would spare it.
pub fn av_odds_on_defending(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    wi: Option<usize>,
) -> Result<AvOdds, Refusal> {
    let mut x = ctx.av_assessment(a, t, wi, None, false, false)?;
    x.defending = true;
    Ok(odds_of(ctx, t, &x, wi, None))
}

/// The numbers of a Swift Attack by `r` on `t` (X1): a blow, or a maneuver that makes
/// nobody Unguarded and gives no advantage (X2); a Trip that the target's own step set
/// off (`stepped`) meets a Fortitude roll with disadvantage (X3).
pub fn swift_odds(
    ctx: &Ctx,
    r: &UnitSnap,
    t: &UnitSnap,
    wi: Option<usize>,
    maneuver: Option<Maneuver002>,
    stepped: bool,
) -> Result<AvOdds, Refusal> {
    let mut x = ctx.av_assessment(r, t, wi, maneuver, true, false)?;
    x.fortitude_disadvantage |= stepped && maneuver == Some(Maneuver002::Trip);
    Ok(odds_of(ctx, t, &x, wi, maneuver))
}

/// The numbers of an assessed attack.
fn odds_of(
    ctx: &Ctx,
    t: &UnitSnap,
    x: &AvAssessment,
    wi: Option<usize>,
    maneuver: Option<Maneuver002>,
) -> AvOdds {
    let m = x.combat_mode;
    let armor_top = (x.coverage - 1).min(19);
    let (on, off) = if x.ranged {
        let sum = |lo: u32, hi: u32| {
            Chance::sum((lo.max(2)..=hi.min(19)).map(|h| face(m, h) * shot_lands(x, h)))
        };
        (
            sum(2, armor_top.max(0) as u32),
            sum(x.coverage.max(2) as u32, 19),
        )
    } else {
        let q = evasion_fails(x);
        (
            q * faces(m, 2, armor_top.max(0) as u32),
            q * faces(m, x.coverage.max(2) as u32, 19),
        )
    };
    let crit = face(m, 20);
    let on_d = damage_of(ctx, t, x, true);
    let off_d = damage_of(ctx, t, x, false);
    let aura = t.vitality;
    let calls = |d: &Dist| d.chance_of(|v| calls_death_roll(aura, v));
    let hurts = |d: &Dist| d.chance_of(|v| v >= 1);
    let (death_roll, dead) = if maneuver.is_some() {
        (Chance::never(), Chance::never())
    } else if x.coup && aura <= 0 {
        let kill = on * hurts(&on_d) + (off + crit) * hurts(&off_d);
        (Chance::never(), kill)
    } else {
        let roll = on * calls(&on_d) + (off + crit) * calls(&off_d);
        let dead = if wi.is_none() {
            Chance::never()
        } else {
            roll * Chance::new(1, 20)
        };
        (roll, dead)
    };
    let hit = on + off + crit;
    AvOdds {
        weapon: x.weapon.name.clone(),
        ranged: x.ranged,
        against: if x.ranged { x.miss_base } else { x.av },
        natural_miss: face(m, 1),
        exposed: faces(m, 1, EXPOSING_ROLL),
        on_armor: hit_kind(on, &on_d),
        off_armor: hit_kind(off, &off_d),
        critical: hit_kind(crit, &off_d),
        hit,
        death_roll,
        dead,
        maneuver: maneuver.map(|mv| match mv {
            Maneuver002::Restrain => hit,
            _ => hit * fortitude_fails(x),
        }),
        unguards_actor: x.unguards_actor,
    }
}

/// The preview of Seed002's own plans: an attack or maneuver (after its Agile steps before
/// it) with every number, or an escape's chance.
pub fn preview_plan(view: &View, plan: &Seed002Plan) -> Result<Preview, Refusal> {
    let ctx = &view.ctx;
    match plan {
        Seed002Plan::AvAttack {
            attack: x,
            agile_before,
            ..
        } => {
            let mut a = ctx.unit(x.attacker)?.clone();
            a.pos = *agile_before.last().unwrap_or(&a.pos);
            let (swift, coup) = (
                x.action == action_names::SWIFT_ATTACK,
                x.action == action_names::COUP,
            );
            let t = ctx.unit(x.target)?;
            let odds = av_odds(ctx, &a, t, x.weapon, x.maneuver, swift, coup)?;
            let mut p = Preview::default();
            if let Some(c) = odds.maneuver {
                p.chance = Some((Aim::Maneuver, c));
            }
            p.odds = Some(BookValue::new(odds));
            Ok(p)
        }
        Seed002Plan::EscapeHold { unit, holder } => Ok(Preview {
            chance: Some((
                Aim::Escape,
                escape_odds(ctx.unit(*unit)?, ctx.unit(*holder)?),
            )),
            ..Preview::default()
        }),
        _ => Ok(Preview::default()),
    }
}

/// The chance an escapee's Fortitude roll beats its restrainer's (C7): strictly higher,
/// each an exploding d10 plus its `fortitude` (disadvantage while Dazed or Surprised).
/// Exact: over the restrainer's last face r, a finite prefix where the escapee cannot fail
/// plus a geometric tail with ratio p₁p₂ (presets/Seed002.md, "Escape").
pub fn escape_odds(escapee: &UnitSnap, holder: &UnitSnap) -> Chance {
    let mode = |u: &UnitSnap| {
        let dis = u.has(ConditionKind::Dazed) || u.has(ConditionKind::Surprised);
        RollMode::from_sources(0, usize::from(dis))
    };
    let n = FORTITUDE_DIE as i32;
    let (m1, m2) = (mode(escapee), mode(holder));
    let single =
        |m, v: i32| crate::rules::exploding::single_at_most(FORTITUDE_DIE, m, v.clamp(0, n) as u32);
    let (p1, p2) = (!single(m1, n - 1), !single(m2, n - 1));
    let d = escapee.stats.seed002().fortitude - holder.stats.seed002().fortitude;
    let pow = |p: Chance, k: i32| (0..k).fold(Chance::certain(), |acc, _| acc * p);
    let mut total = Chance::never();
    for r2 in 1..n {
        let f2 = single(m2, r2) - single(m2, r2 - 1);
        // X₁ must pass 10·j₂ + r₂ − d = 10·(j₂ + a) + b.
        let (a, b) = ((r2 - d).div_euclid(n), (r2 - d).rem_euclid(n));
        // Certain while the threshold is 0 or less: j₂ < −a, or j₂ = −a with b = 0.
        let j0 = (-a + i32::from(b == 0)).max(0);
        total = total + f2 * Chance::sum((0..j0).map(|j| pow(p2, j)));
        let tail_den = !(p1 * p2);
        let head = pow(p2, j0) * pow(p1, j0 + a) * !single(m1, b);
        total = total + Chance::new(head.num * tail_den.den, head.den * tail_den.num) * f2;
    }
    total
}

/// The chance that a Seize wins (I4): d20 + the challenger's initiative strictly above d20
/// + the actor's, or certain against an actor that rolled already this round.
pub fn seize_odds(challenger: &UnitSnap, actor: &UnitSnap) -> Chance {
    if actor.own.footing().seized {
        return Chance::certain();
    }
    let (ic, ia) = (challenger.stats.initiative, actor.stats.initiative);
    let wins = (1..=20i32)
        .flat_map(|u| (1..=20i32).map(move |v| (u, v)))
        .filter(|(u, v)| u + ic > v + ia)
        .count();
    Chance::new(wins as u128, 400)
}
