//! What the computer player knows of Seed003: `Hard` acts out of turn (I4) with an attack
//! worth it or steps out of a declared blow's reach, the others pass; `Hard` Seizes
//! Initiative (I6) with AP its turn's end would lose; every player declines to ignore a new
//! flanker (F3), and values an attack's wounds by their levels; `Hard` Grapples then Pins
//! where the blows on the Pinned enemy pay for it (`grapple.rs`) and Dashes in place of a
//! walk where the doubled rate reaches a better tile (`dash.rs`), and Shoves in the
//! direction and to the distance whose collision pays (`shove.rs`).

use super::Seed003;
use super::three_dice::Odds3;
use super::track::Seed003Track;
use crate::battle::command::View;
use crate::battle::engine::Question;
use crate::battle::events::AttackStyle;
use crate::battle::events::Command;
use crate::battle::players::{Player, attack_worth_of, blow_worth};
use crate::battle::preview::Preview;
use crate::battle::snapshot::UnitSnap;
use crate::rulebook::Computer;
use crate::rulebooks::seed003::Seed003Command;
use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::rules;
use crate::rulebooks::seed003::stats::Seed003Of;
use crate::rulebooks::seed003::work::ActFirst;
use crate::rules::combat::DamageType;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::ConditionKind;

/// What an attack out of turn must be worth, on the planner's scale (`attack_worth_of`: its
/// chance to put the target Down and its wounds' share, each target weighed by how hard it
/// hits), for `Hard` to take it. The AP it spends would be spent on the unit's own turn (they
/// carry over), so what acting first costs is the 2 initiative, and a blow struck first may
/// stop the declared one; a blow worth less waits for the unit's turn. On `the_ford`
/// against Normal (1,000 games, seeds 5001 and 7001): never acting 73.9% and 73.7%; 0.3
/// 76.8% and 76.8%; 0.2 to 1.0 all within a point of it; 0.05 (acting on nearly any blow)
/// 65.5%, the initiative spent on light blows costing more than they take
/// (docs/ai-experiments.md).
pub const OUT_OF_TURN_WORTH: f64 = 0.3;

/// What a blow must be worth to its target (`blow_worth`, the planner's scale) for `Hard`
/// to step out of its reach out of turn (I4: free of initiative, the steps paid in AP, and
/// the declared blow cancelled). The AP a step spends are the unit's own turn's; a blow
/// worth less than a tenth of a unit is not worth them.
pub const STEP_OUT_WORTH: f64 = 0.1;

/// `Hard`, asked whether its side acts before an enemy's declared action (I4): the best of
/// the attack worth the most that any of its units eligible now could make, when it is
/// worth at least `OUT_OF_TURN_WORTH`, and a move of the declared melee blow's target out of
/// its reach (`step_out_of_reach`); else `None` (the side passes). Asked again after each
/// action, it acts on while one is worth it: each blow costs 2 initiative, so the window
/// closes, and a move cancels the declaration.
pub fn act_first(view: &View, question: &Question) -> Option<Command> {
    let ask = question.of_book::<ActFirst>()?;
    let ctx = &view.ctx;
    let active = ctx.snap.get(view.turn.active()?)?;
    let side = ctx.snap.get(question.asked())?.side;
    let strike = ctx
        .snap
        .units
        .iter()
        .filter(|u| u.side == side && ctx.may_act_out_of_turn(u, active))
        .filter_map(|u| attack_worth_of(view, u, Player::Hard))
        .fold(None, best_of)
        .filter(|(worth, _)| *worth >= OUT_OF_TURN_WORTH);
    let step = step_out_of_reach(view, active, side, &ask.declared);
    let (_, cmd) = [strike, step].into_iter().flatten().fold(None, best_of)?;
    Some(
        Seed003Command::Interrupt {
            unit: cmd.actor().to_string(),
            command: Box::new(cmd),
        }
        .into(),
    )
}

/// The better of two options (the first of equals).
fn best_of(best: Option<(f64, Command)>, c: (f64, Command)) -> Option<(f64, Command)> {
    match best {
        Some(b) if b.0 >= c.0 => Some(b),
        _ => Some(c),
    }
}

/// A move out of turn (I4: no initiative) of the target of the melee blow `declared` by
/// `attacker`, to the first tile (one step before two) out of the blow's reach from where
/// the attacker cannot walk back into reach and still pay for the blow this turn, and out of
/// every enemy's melee reach (so it provokes nothing: Seed003 has no opportunity attacks,
/// and a Rebuff is set off by stepping into reach), with what it spares the unit: the blow's
/// worth (`blow_worth`). `None` where the blow is no melee attack on a unit of `side` that
/// may act out of turn, or it is worth less than `STEP_OUT_WORTH`.
fn step_out_of_reach(
    view: &View,
    attacker: &UnitSnap,
    side: usize,
    declared: &Command,
) -> Option<(f64, Command)> {
    let ctx = &view.ctx;
    let Command::Attack { target, weapon, .. } = declared else {
        return None;
    };
    let me = ctx.snap.by_name(target)?;
    if me.side != side || !ctx.may_act_out_of_turn(me, attacker) {
        return None;
    }
    let melee = |w: &&crate::rules::unit::Weapon| w.is_melee();
    let reach = match weapon {
        Some(n) => {
            attacker
                .stats
                .weapons
                .iter()
                .find(|w| w.name == *n)
                .filter(melee)?
                .reach
        }
        None => attacker
            .stats
            .weapons
            .iter()
            .filter(melee)
            .map(|w| w.reach)
            .max()?,
    };
    let blow = blow_worth(view, declared).filter(|b| *b >= STEP_OUT_WORTH)?;
    let cost = ctx.rules.cost(declared.action()?).unwrap_or(0);
    let track = attacker.own.track();
    let left = attacker.pool.metres
        + rules::yards_bought(track.rate, track.move_ap, attacker.ap.saturating_sub(cost));
    let mut tiles: Vec<Pos> = Vec::new();
    for d in Dir8::ALL {
        let one = me.pos.step(d);
        tiles.push(one);
        tiles.extend(Dir8::ALL.into_iter().map(|d2| one.step(d2)));
    }
    let mut seen = Vec::new();
    tiles
        .into_iter()
        .filter(|q| {
            let new = !seen.contains(q);
            seen.push(*q);
            new
        })
        .filter(|q| q.distance(attacker.pos) > reach + left)
        .filter(|q| {
            ctx.snap
                .enemies_of(me)
                .filter(|e| e.able())
                .all(|e| q.distance(e.pos) > e.stats.melee_reach())
        })
        .map(|to| {
            let walk = Command::Move {
                unit: me.name.to_string(),
                to,
            };
            let cmd = Command::from(Seed003Command::Interrupt {
                unit: me.name.to_string(),
                command: Box::new(walk.clone()),
            });
            (cmd, walk)
        })
        .find(|(cmd, _)| crate::battle::command::plan(view, cmd).is_ok())
        .map(|(_, walk)| (blow, walk))
}

/// `Hard`'s unit with nothing worth doing left this turn: Seize Initiative (I6, +1d6) when
/// the AP it costs would be lost anyway, its AP after the turn's end gain (E1) still at the
/// most it may hold. The higher initiative opens more windows (I4) and comes earlier in
/// the next round's order, for nothing.
pub fn seize_spare_ap(view: &View, me: &UnitSnap) -> Option<Command> {
    let cost = view.ctx.rules.cost(action_names::SEIZE_INITIATIVE)?;
    let speed = me.stats.seed003().speed;
    let gain = if me.has(ConditionKind::Staggered) {
        0
    } else {
        rules::turn_end_ap(speed)
    };
    let kept = me.ap.checked_sub(cost)? + gain;
    let cmd = Command::from(Seed003Command::SeizeInitiative {
        unit: me.name.to_string(),
    });
    (kept >= rules::max_ap(speed) && crate::battle::command::plan(view, &cmd).is_ok())
        .then_some(cmd)
}

/// Its own answers: a side asked whether to act out of turn passes; an offer to ignore a
/// new flanker is declined (the new flanker is the enemy that just moved, the likeliest to
/// strike next, and an ignored one strikes from the rear, +4, not the flank's +2). `None`
/// for the core's questions.
pub fn answer(view: &View, question: &Question) -> Option<Command> {
    match question {
        Question::Reaction(o) if o.kind == action_names::IGNORE_REACTION => {
            Some(Command::AnswerReaction {
                reactor: view.name(question.asked()),
                accept: false,
                maneuver: None,
            })
        }
        Question::Book(_) => super::out_of_turn::pass(view, question),
        _ => None,
    }
}

/// What a wound landing in each level's slot is worth (the Fatal one, taking the target
/// out, a slot's worth more).
const WEIGHTS: [f64; 5] = [1.0, 2.0, 3.0, 4.0, 8.0];

/// What an attack's wounds are worth, heavier levels more (a slot's worth of the
/// Fatal one taking the target out).
pub fn wound_value(o: &Odds3) -> f64 {
    o.landed
        .iter()
        .zip(WEIGHTS)
        .map(|(c, w)| c.value() * w)
        .sum::<f64>()
        + o.down().value() * WEIGHTS[4]
}

/// What a certain wound of `sum` (a collision's final value before affinities, D7) takes
/// out of `t`, on the scale an attack's wounds are weighed (`attack_worth`): where it
/// lands after overflow, and the target Down.
pub fn certain_wound_worth(t: &UnitSnap, sum: i32) -> f64 {
    let track = t.own.track();
    let slots = rules::slots(t.stats.seed003());
    let affinity = t.stats.affinity(DamageType::Physical);
    let o = rules::wound_outcome(sum, affinity, 0, None, &track.filled, &slots);
    let down = o.knocked_out || o.landed == Some(rules::WoundLevel::Fatal);
    let landed = o.landed.map_or(0.0, |l| WEIGHTS[l.index()]);
    let out = if down { 1.0 } else { 0.0 };
    out + crate::battle::players::DAMAGE_SHARE_WEIGHT * (landed + out * WEIGHTS[4]) / 8.0
}

impl Computer for Seed003 {
    fn computer_answer(&self, view: &View, question: &Question) -> Option<Command> {
        answer(view, question)
    }

    fn hard_answer(&self, view: &View, question: &Question) -> Option<Command> {
        act_first(view, question)
    }

    fn hard_spare_ap(&self, view: &View, me: &UnitSnap) -> Option<Command> {
        // Seize first: any action ends a readiness (X5).
        seize_spare_ap(view, me).or_else(|| super::ready::ready_for_enemy(view, me))
    }

    fn hard_instead_of_walk(
        &self,
        view: &View,
        me: &UnitSnap,
        walk: &Command,
        ap: u32,
    ) -> Option<Command> {
        // A Dash first: the walk it buys may reach a blow, which readying would forgo.
        // A prone unit crouches first: a crawl costs double (M2).
        super::posture::instead_of_walk(view, me)
            .or_else(|| super::dash::instead_of_walk(view, me))
            .or_else(|| super::ready::instead_of_walk(view, me, walk, ap))
            .or_else(|| super::opening::instead_of_walk(view, me, walk))
    }

    fn hard_options(&self, view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
        let mut options = super::grapple::grapple_options(view, me);
        options.extend(super::drag::drag_options(view, me));
        options.extend(super::shove::shove_options(view, me));
        options.extend(super::posture::posture_options(view, me));
        options
    }

    fn style_usable(&self, me: &UnitSnap, style: AttackStyle) -> bool {
        // A Strong Attack costs a Stamina.
        style != AttackStyle::Strong || me.own.track().stamina >= 1
    }

    fn attack_styles(&self) -> &'static [AttackStyle] {
        &[
            AttackStyle::Standard,
            AttackStyle::Quick,
            AttackStyle::Strong,
        ]
    }

    fn expected_damage(&self, preview: &Preview) -> Option<f64> {
        preview.odds_of().map(wound_value)
    }

    fn attack_worth(
        &self,
        preview: &Preview,
        _target: &UnitSnap,
        _share: &dyn Fn(f64) -> f64,
    ) -> Option<f64> {
        let o: &Odds3 = preview.odds_of()?;
        let wounds = wound_value(o);
        Some(o.down().value() + crate::battle::players::DAMAGE_SHARE_WEIGHT * wounds / 8.0)
    }

    fn lands_and_stands(&self, preview: &Preview, _target: &UnitSnap) -> Option<f64> {
        let o: &Odds3 = preview.odds_of()?;
        Some(o.hit.value() - o.down().value())
    }

    fn collision_worth(&self, unit: &UnitSnap, damage: i32) -> Option<f64> {
        Some(certain_wound_worth(unit, damage))
    }

    fn check_chance(&self, preview: &Preview) -> Option<f64> {
        let c: &super::odds::Check3Odds = preview.odds_of()?;
        // A Shove's: the chance of the push as previewed (its distance); the others'
        // success.
        Some(match &preview.push {
            Some(push) => c
                .distances
                .iter()
                .filter(|(d, _)| *d == push.distance)
                .map(|(_, p)| p.value())
                .sum(),
            None => c.success.value(),
        })
    }
}
