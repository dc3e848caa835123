//! `Hard`'s Prone unit gets up under Seed002 (M6: Kneel, 1 Energy, then Stand, 1 Energy), where standing spares it more than the Swift Attacks its Kneel draws take.

use super::guard::blow_worth;
use super::odds::{av_odds, swift_odds};
use super::{Seed002Command, action_names};
use crate::battle::ai::best_attack;
use crate::battle::command::{View, plan};
use crate::battle::events::Command;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;

/// What getting up is worth to a unit with no blow to strike where it lies: as the core's
/// Stand Up (`readying.rs`), more than closing in, for a Prone unit cannot Run (M6).
const WALK_FREED_WORTH: f64 = 1.0;

/// `Hard`'s way up for `me`, Prone (a Kneel) or Kneeling (a Stand), with its worth on the
/// planner's scale: what standing spares it of the blow of each able enemy that reaches it
/// now (each melee weapon's preview on `me` Prone, less the same on `me` standing: H6 gives
/// the Prone defender's Evasion roll disadvantage), or, where it has no blow to strike from
/// the ground, what freeing its walk is worth (`WALK_FREED_WORTH`); less, for a Kneel, the
/// Swift Attacks the enemies in reach make on it as it becomes Unguarded (X1 a). Only
/// with Energy that no melee blow of its own this round needs, where it has one to strike
/// (so it strikes first and gets up with what is left). `None`: lying (or kneeling) pays
/// better.
pub fn rise(view: &View, me: &UnitSnap) -> Option<(f64, Command)> {
    let ctx = &view.ctx;
    let prone = me.has(ConditionKind::Prone);
    if !prone && !me.has(ConditionKind::Kneeling) {
        return None;
    }
    let stand = ctx.rules.cost(ActionKind::StandUp).unwrap_or(1);
    let kneel = ctx.rules.cost(action_names::KNEEL).unwrap_or(1);
    let cost = stand + if prone { kneel } else { 0 };
    let melee = ctx.rules.cost(ActionKind::Attack).unwrap_or(3);
    let strikes = best_attack(view, me).is_some();
    // Not with the Energy of a blow it could strike (as a Defend, `guard.rs`).
    if me.ap < cost || (strikes && (me.ap - cost) / melee < me.ap / melee) {
        return None;
    }
    let cmd = if prone {
        Command::from(Seed002Command::Kneel {
            unit: me.name.to_string(),
        })
    } else {
        Command::StandUp {
            unit: me.name.to_string(),
        }
    };
    plan(view, &cmd).ok()?;
    let spared = if strikes {
        spared_blows(view, me)
    } else {
        WALK_FREED_WORTH
    };
    let drawn = if prone { swift_price(view, me) } else { 0.0 };
    let worth = spared - drawn;
    (worth > 0.0).then_some((worth, cmd))
}

/// `me` as it would stand up: Prone and Kneeling gone, with what they imply.
fn standing(me: &UnitSnap) -> UnitSnap {
    let mut up = me.clone();
    let gone = |k: &ConditionKind| matches!(k, ConditionKind::Prone | ConditionKind::Kneeling);
    up.conditions
        .0
        .retain(|c| !gone(&c.kind) && !c.parent.as_ref().is_some_and(gone));
    up
}

/// What standing spares `me` of the heaviest melee blow of each able enemy that reaches it
/// now: the blow's worth on `me` as it lies, less on `me` standing.
fn spared_blows(view: &View, me: &UnitSnap) -> f64 {
    let ctx = &view.ctx;
    let up = standing(me);
    ctx.snap
        .enemies_of(me)
        .filter(|e| e.able())
        .map(|e| {
            (0..e.stats.weapons.len())
                .filter(|wi| e.stats.weapons[*wi].is_melee())
                .filter_map(|wi| {
                    let down = av_odds(ctx, e, me, Some(wi), None, false, false).ok()?;
                    let raised = av_odds(ctx, e, &up, Some(wi), None, false, false).ok()?;
                    Some(blow_worth(me, &down) - blow_worth(me, &raised))
                })
                .fold(0.0, f64::max)
        })
        .sum()
}

/// What the Swift Attacks that `me` kneeling draws (X1 a: it becomes Unguarded) are
/// expected to take out of it: each enemy that may make one (`Ctx::swift_reactors`) with
/// its longest-reach melee weapon that reaches, on `me` Kneeling.
fn swift_price(view: &View, me: &UnitSnap) -> f64 {
    let ctx = &view.ctx;
    let mut kneeling = standing(me);
    kneeling.conditions.0.extend(
        me.conditions
            .0
            .iter()
            .filter(|c| c.kind == ConditionKind::Prone)
            .map(|c| crate::battle::components::ConditionInstance {
                kind: ConditionKind::Kneeling,
                ..c.clone()
            }),
    );
    let mut snap: Snapshot = ctx.snap.clone();
    if let Some(u) = snap.units.iter_mut().find(|u| u.entity == me.entity) {
        *u = kneeling.clone();
    }
    let there = crate::battle::assess::Ctx {
        snap: &snap,
        ..*ctx
    };
    there
        .swift_reactors(&kneeling)
        .into_iter()
        .filter_map(|r| there.snap.get(r))
        .filter_map(|r| {
            let wi = r.stats.reaction_weapon(r.pos.distance(me.pos))?;
            swift_odds(&there, r, &kneeling, Some(wi), None, false).ok()
        })
        .map(|v| blow_worth(me, &v))
        .sum()
}
