//! Outcome preview: what an action would do, computed exactly and without rolling — hit and
//! critical chances, the damage range and its expected value, contest odds, where a push
//! ends and what the collision costs, and which reactions the action would provoke.

use super::assess::{CHARGE_PUSH, Ctx, SHOVE_PUSH, push_direction};
pub use super::battle_view::{ActorChoice, BattleView, Position};
use super::command::{ContestAction, Plan, View, plan};
pub use super::contests::ContestPreview;
use super::engine::TurnState;
use super::events::{Command, ContestKind, Modifier, Obstacle, ReactionKind};
use super::fate::{Fate, attack_fate};
use super::preview_extras::{PassPreview, passes, reach_end, stabilize_chance};
use super::refusal::Refusal;
use super::snapshot::{Snapshot, UnitSnap};
use super::teleport::teleport_plan;
use crate::rules::combat::{Chance, DamageType, RollMode, reach_chance};
use crate::rules::damage::{Blow, damage_dealt};
use crate::rules::grid::{Dir8, Pos};

use bevy::prelude::*;

/// Damage numbers of a hit.
#[derive(Clone, Debug, PartialEq)]
pub struct DamagePreview {
    /// Lowest and highest damage dealt by an ordinary hit (after armor and affinities).
    pub hit: (i32, i32),
    /// Lowest and highest damage of a critical hit.
    pub critical: (i32, i32),
    /// Expected damage of the attack, misses counted as 0.
    pub expected: f64,
}

impl DamagePreview {
    /// The whole range a hit can deal.
    pub fn range(&self) -> (i32, i32) {
        (
            self.hit.0.min(self.critical.0),
            self.hit.1.max(self.critical.1),
        )
    }
}

/// The numbers of an attack by `a` on `t` with weapon `weapon`, and its modifiers.
pub fn attack_preview(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: usize,
    non_lethal: bool,
) -> Result<(AttackPreview, Vec<Modifier>), Refusal> {
    let x = ctx.assess_attack(a, t, weapon)?;
    let w = &a.stats.weapons[weapon];
    let fate = attack_fate(ctx, a, t, weapon, &x, non_lethal);
    let preview = AttackPreview {
        weapon: w.name.clone(),
        mode: x.mode,
        bonus: x.bonus,
        evasion: x.evasion,
        hit: fate.hit,
        critical: fate.critical,
        damage: DamagePreview {
            hit: (fate.on_hit.min(), fate.on_hit.max()),
            critical: (fate.on_critical.min(), fate.on_critical.max()),
            expected: fate.dealt.mean(),
        },
        fate,
        cover_creature: x
            .cover_creature
            .and_then(|c| ctx.snap.get(c))
            .map(|c| c.name.to_string()),
    };
    Ok((preview, x.modifiers))
}

/// The attack a reaction on offer would make (with the weapon reactions use), for the
/// prompt that asks the reacting side.
pub fn reaction_preview(ctx: &Ctx, offer: &super::engine::Offer) -> Option<Preview> {
    let (r, t) = (ctx.snap.get(offer.reactor)?, ctx.snap.get(offer.target)?);
    // A rulebook's reactions make its attacks (Seed003: a Rebuff's wound a step heavier).
    if let Some(own) = ctx.rules.rulebook.book().preview_reaction(ctx, offer) {
        return own;
    }
    let weapon = r.stats.reaction_weapon(r.pos.distance(t.pos))?;
    preview_attack(ctx, r, t, weapon, false, false).ok()
}

/// The numbers of an attack.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackPreview {
    pub weapon: String,
    pub mode: RollMode,
    pub bonus: i32,
    pub evasion: i32,
    pub hit: Chance,
    pub critical: Chance,
    pub damage: DamagePreview,
    /// Where the attack may leave the target, exactly.
    pub fate: Fate,
    /// The creature in the way that a miss may hit instead.
    pub cover_creature: Option<String>,
}

/// What a collision would cost.
#[derive(Clone, Debug, PartialEq)]
pub struct CollisionPreview {
    pub obstacle: Obstacle,
    /// Damage to the pushed target when the obstacle fails (walls always fail).
    pub target_damage: i32,
    /// With a creature: its chance to succeed on its defence roll, and the damages then.
    pub occupant: Option<OccupantPreview>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct OccupantPreview {
    pub name: String,
    pub defence: Chance,
    /// (target, occupant) damage on a failed defence.
    pub on_failure: (i32, i32),
    /// (target, occupant) damage on a successful defence (half).
    pub on_success: (i32, i32),
}

/// Where a pushed target would end.
#[derive(Clone, Debug, PartialEq)]
pub struct PushPreview {
    pub target: String,
    pub dir: Dir8,
    pub distance: u32,
    pub path: Vec<Pos>,
    pub end: Pos,
    pub collision: Option<CollisionPreview>,
}

/// Where a weapon's teleport would land on a hit (RULES §8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeleportPreview {
    /// Who teleports: the attacker or its target.
    pub unit: String,
    pub from: Pos,
    pub to: Pos,
    pub distance: u32,
    /// The creature on the landing tile: then both take `damage` Reality damage and the
    /// teleport ends where it started.
    pub occupant: Option<String>,
    pub damage: i32,
}

/// A reaction the action would give an enemy the chance to take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvokedReaction {
    pub reactor: String,
    pub kind: ReactionKind,
    /// Where the provoking creature is when it happens.
    pub at: Pos,
}

/// Everything the UI shows before a command is given.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Preview {
    pub attack: Option<AttackPreview>,
    /// The rulebook's own action: its words and chance (`Rulebook::preview_own`).
    pub own: Option<crate::battle::own::OwnPreview>,
    /// The rulebook's own odds of the attack or check, where it counts them its own way.
    pub odds: Option<crate::rules::book_value::BookValue>,
    pub contest: Option<ContestPreview>,
    pub push: Option<PushPreview>,
    pub teleport: Option<TeleportPreview>,
    pub reactions: Vec<ProvokedReaction>,
    pub modifiers: Vec<Modifier>,
    /// Movement: metres and AP a move would use.
    pub move_cost: Option<(u32, u32)>,
    /// The enemies a path passes through, with the chance of passing each (where the
    /// ruleset's `pass_enemies` is on).
    pub passes: Vec<PassPreview>,
    /// What the rulebook adds to the preview of a core command (Seed000: the held actions
    /// it would set off), told by `Hud::notes_text`.
    pub notes: Option<crate::rules::book_value::BookValue>,
    /// The chance the action does what it is for, and what that is.
    pub chance: Option<(Aim, Chance)>,
}

impl Preview {
    /// The rulebook's own odds, as the type `T` (`None` when it has none, or of another type).
    pub fn odds_of<T: crate::rules::book_value::BookItem>(&self) -> Option<&T> {
        self.odds.as_ref()?.get()
    }

    /// What the rulebook added to the preview, as the type `T`.
    pub fn notes_of<T: crate::rules::book_value::BookItem>(&self) -> Option<&T> {
        self.notes.as_ref()?.get()
    }

    /// A preview of the rulebook's own odds alone.
    pub fn of_odds<T: crate::rules::book_value::BookItem>(odds: T) -> Preview {
        Preview {
            odds: Some(crate::rules::book_value::BookValue::new(odds)),
            ..Preview::default()
        }
    }
}

/// What an action is for, whose chance a preview gives (the words are the window's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Hide: hidden from every enemy.
    Hide,
    /// Stabilize: the bleeding stops.
    Stabilize,
    /// Switch Places: certain; the ally keeps this many RP.
    SwitchPlaces {
        ally: String,
        rp_left: u32,
    },
    /// A move through enemies: it reaches its end.
    ReachEnd,
    /// Seed004's First Aid: the ally is stabilized or tended.
    FirstAid,
    /// Seed002: a maneuver does its work (hits, and the Fortitude roll fails).
    Maneuver,
    /// Seed002: an escape from a hold.
    Escape,
    /// Seed002: a Seize wins the initiative.
    Seize,
    /// Seed003: a check succeeds (a Shove, Trip, Pin or Escape), or a grapple takes hold.
    Check,
    Grapple,
}

fn collision_preview(
    ctx: &Ctx,
    pusher: &UnitSnap,
    target: &UnitSnap,
    plan: &super::assess::PushPlan,
) -> Option<CollisionPreview> {
    let c = plan.collision.as_ref()?;
    let ignore = ctx.rules.collision_ignores_armor;
    let book = ctx.rules.rulebook.book();
    let hurt = |u: &UnitSnap, raw: i32| {
        if let Some(dealt) = book.collision_damage(ctx, u, raw) {
            return dealt;
        }
        let blow = Blow {
            ignore_armor: ignore,
            ..Blow::new(raw, DamageType::Physical)
        };
        damage_dealt(ctx.rules, &u.stats, blow).dealt
    };
    let full = plan.distance as i32;
    let occupant = c.occupant.and_then(|o| ctx.snap.get(o)).map(|o| {
        let (bonus, target_number, mode) = ctx.collision_defence(pusher, target, o);
        OccupantPreview {
            name: o.name.to_string(),
            defence: if o.is_down() {
                Chance::never()
            } else {
                book.collision_defence_chance(o)
                    .unwrap_or_else(|| reach_chance(bonus, target_number, mode))
            },
            on_failure: (hurt(target, full), hurt(o, full)),
            on_success: (hurt(target, full / 2), hurt(o, full / 2)),
        }
    });
    Some(CollisionPreview {
        obstacle: c.obstacle.clone(),
        target_damage: hurt(target, full),
        occupant,
    })
}

/// Where a push of `distance` in `dir` takes `target` and what its collision costs, as the
/// engine's push (`Ctx::push_plan`) resolves it; for a rulebook's own shove's preview too.
pub(crate) fn push_preview(
    ctx: &Ctx,
    pusher: &UnitSnap,
    target: &UnitSnap,
    dir: Dir8,
    distance: u32,
) -> PushPreview {
    let plan = ctx.push_plan(target, dir, distance);
    PushPreview {
        target: target.name.to_string(),
        dir,
        distance,
        path: plan.steps.clone(),
        end: plan.end,
        collision: collision_preview(ctx, pusher, target, &plan),
    }
}

/// The swift attacks a target would draw by becoming Unguarded at `at`, in the battle as it
/// will be by then: `project` puts the actor where its action leaves it and spends the
/// attack and the reactions that come first.
fn swift_after(
    ctx: &Ctx,
    target: &UnitSnap,
    at: Pos,
    project: impl FnOnce(&mut Snapshot),
) -> Vec<ProvokedReaction> {
    let mut snap = ctx.snap.clone();
    project(&mut snap);
    if let Some(u) = snap.units.iter_mut().find(|u| u.entity == target.entity) {
        u.pos = at;
    }
    let moved = Ctx {
        snap: &snap,
        ..*ctx
    };
    let Some(t) = snap.get(target.entity) else {
        return Vec::new();
    };
    moved
        .swift_reactors(t)
        .into_iter()
        .filter_map(|r| snap.get(r))
        .map(|r| ProvokedReaction {
            reactor: r.name.to_string(),
            kind: ReactionKind::Swift,
            at,
        })
        .collect()
}

/// In a projected battle: `unit` has made one more attack.
fn spend_attack(snap: &mut Snapshot, unit: Entity) {
    if let Some(u) = snap.units.iter_mut().find(|u| u.entity == unit) {
        u.attacks += 1;
    }
}

/// In a projected battle: the reactions listed have been taken (1 RP and 1 attack each).
fn spend_reactions(snap: &mut Snapshot, reactions: &[ProvokedReaction]) {
    for r in reactions {
        if let Some(u) = snap.units.iter_mut().find(|u| *u.name == *r.reactor) {
            u.reactions.points = u.reactions.points.saturating_sub(1);
            u.attacks += 1;
            if r.kind == ReactionKind::Swift {
                u.reactions.swift_used = true;
            }
        }
    }
}

/// The opportunity attacks a willing move along `path` would provoke (each enemy at most
/// once), as the walk offers them (`Ctx::step_reactors`): none when the mover has disengaged, or
/// under Seed003's Rebuffs (it has no opportunity attacks); Seed004's Take Opening only for
/// a step out of the enemy's reach; Seed002's Swift Attacks for a step that starts in it,
/// or ends in it having started out of it (`swift_after_step`).
pub fn move_reactions(
    ctx: &Ctx,
    turn: &TurnState,
    mover: &UnitSnap,
    path: &[Pos],
) -> Vec<ProvokedReaction> {
    let mut struck = turn.opportunity_used.clone();
    let mut out = Vec::new();
    let mut from = mover.pos;
    for &to in path {
        let (before, kind) = ctx.step_reactors(mover, from, to, &struck);
        let mut at_each: Vec<(Entity, Pos)> = before.into_iter().map(|r| (r, from)).collect();
        if kind == ReactionKind::Swift {
            // Seed002 (X1 b): a step ending in reach sets off those it did not start in.
            let (after, _) = ctx.step_reactors(mover, to, to, &struck);
            let fresh: Vec<(Entity, Pos)> = after
                .into_iter()
                .filter(|r| {
                    !at_each.iter().any(|(b, _)| b == r)
                        && ctx
                            .snap
                            .get(*r)
                            .is_some_and(|e| !ctx.melee_reaches(e.pos, from, e.stats.melee_reach()))
                })
                .map(|r| (r, to))
                .collect();
            at_each.extend(fresh);
        }
        for (r, at) in at_each {
            let Some(u) = ctx.snap.get(r) else { continue };
            struck.push((r, mover.entity));
            out.push(ProvokedReaction {
                reactor: u.name.to_string(),
                kind,
                at,
            });
        }
        from = to;
    }
    out
}

/// Preview a command: `Err` with the refusal when it is not allowed now.
pub fn preview(view: &View, cmd: &Command) -> Result<Preview, Refusal> {
    let plan = plan(view, cmd)?;
    if let (Command::Own(own), Plan::Own(p)) = (cmd, &plan) {
        let book = view.ctx.rules.rulebook.book();
        let own = book.preview_own(view, view.ctx.unit(p.unit)?, own)?;
        return Ok(Preview {
            chance: own.chance.map(|c| (Aim::Check, c)),
            own: Some(own),
            ..Preview::default()
        });
    }
    preview_plan(view, plan)
}

/// Preview a plan.
pub fn preview_plan(view: &View, plan: Plan) -> Result<Preview, Refusal> {
    let ctx = &view.ctx;
    // A plan only a rulebook makes is its to preview.
    if let Some(own) = ctx.rules.rulebook.book().preview_plan(view, &plan) {
        return own;
    }
    match plan {
        Plan::Attack {
            unit,
            target,
            weapon,
            non_lethal,
            lean,
            off_hand,
            ..
        } => {
            let a = ctx.unit(unit)?;
            let t = ctx.unit(target)?;
            let mut p = match lean {
                Some(at) => {
                    let mut leaning = a.clone();
                    leaning.concealment.lean = Some(at);
                    preview_attack(ctx, &leaning, t, weapon, non_lethal, off_hand)?
                }
                None => preview_attack(ctx, a, t, weapon, non_lethal, off_hand)?,
            };
            p.notes = ctx.rules.rulebook.book().preview_notes(view, a, None);
            Ok(p)
        }
        Plan::Contest { unit, target, kind } => {
            preview_contest(ctx, ctx.unit(unit)?, ctx.unit(target)?, kind)
        }
        Plan::Charge {
            unit,
            target,
            path,
            dir,
        } => preview_charge(view, ctx.unit(unit)?, ctx.unit(target)?, &path, dir),
        Plan::Walk { unit, path } => Ok(preview_walk(view, ctx.unit(unit)?, &path)),
        Plan::StandUp { unit } => Ok(preview_stand_up(view, ctx.unit(unit)?)),
        Plan::Stabilize { unit, .. } => Ok(chance(
            Aim::Stabilize,
            stabilize_chance(ctx, ctx.unit(unit)?),
        )),
        _ => Ok(Preview::default()),
    }
}

/// Core's attack odds: d20 + hit against Evasion (RULES §5), with its modifiers.
pub fn core_attack_odds(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: usize,
    non_lethal: bool,
) -> Result<Preview, Refusal> {
    let (attack, modifiers) = attack_preview(ctx, a, t, weapon, non_lethal)?;
    Ok(Preview {
        attack: Some(attack),
        modifiers,
        ..Preview::default()
    })
}

/// A preview that is only a chance.
pub fn chance(aim: Aim, p: Chance) -> Preview {
    Preview {
        chance: Some((aim, p)),
        ..Preview::default()
    }
}

fn preview_attack(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    weapon: usize,
    non_lethal: bool,
    off_hand: bool,
) -> Result<Preview, Refusal> {
    // Each rulebook gives the odds of its own attack roll (Core: d20 against Evasion).
    let mut out = ctx
        .rules
        .rulebook
        .book()
        .preview_attack(ctx, a, t, weapon, non_lethal, off_hand)?;
    let push = a.stats.weapons[weapon].push;
    if push > 0 {
        let p = push_preview(ctx, a, t, push_direction(a.pos, t.pos), push);
        out.reactions = swift_after(ctx, t, p.end, |s| spend_attack(s, a.entity));
        out.push = Some(p);
    }
    out.teleport = a.stats.weapons[weapon]
        .teleport
        .and_then(|tp| teleport_plan(ctx, a, t, tp))
        .map(|plan| TeleportPreview {
            unit: ctx
                .snap
                .get(plan.unit)
                .map(|u| u.name.to_string())
                .unwrap_or_default(),
            from: plan.from,
            to: plan.to,
            distance: plan.distance,
            occupant: plan
                .occupant
                .and_then(|o| ctx.snap.get(o))
                .map(|o| o.name.to_string()),
            damage: plan.damage(),
        });
    Ok(out)
}

fn preview_contest(
    ctx: &Ctx,
    a: &UnitSnap,
    t: &UnitSnap,
    kind: ContestAction,
) -> Result<Preview, Refusal> {
    let c = ctx.assess_contest(kind.contest(), a, t)?;
    let mut out = Preview {
        contest: Some(ContestPreview::of(ctx, kind.contest(), &c)),
        modifiers: c.modifiers,
        ..Preview::default()
    };
    if kind == ContestAction::Shove {
        let p = push_preview(ctx, a, t, push_direction(a.pos, t.pos), SHOVE_PUSH);
        out.reactions = swift_after(ctx, t, p.end, |_| {});
        out.push = Some(p);
    }
    Ok(out)
}

fn preview_charge(
    view: &View,
    a: &UnitSnap,
    t: &UnitSnap,
    path: &[Pos],
    dir: Dir8,
) -> Result<Preview, Refusal> {
    let ctx = &view.ctx;
    let provoked = move_reactions(ctx, view.turn, a, path);
    let mut moved = a.clone();
    moved.pos = *path.last().unwrap_or(&a.pos);
    let c = ctx.assess_contest(ContestKind::Charge, &moved, t)?;
    let p = push_preview(ctx, &moved, t, dir, CHARGE_PUSH);
    let swift = swift_after(ctx, t, p.end, |s| {
        if let Some(c) = s.units.iter_mut().find(|u| u.entity == a.entity) {
            c.pos = moved.pos;
            c.facing = dir;
        }
        spend_reactions(s, &provoked);
    });
    Ok(Preview {
        contest: Some(ContestPreview::of(ctx, ContestKind::Charge, &c)),
        modifiers: c.modifiers,
        reactions: provoked.into_iter().chain(swift).collect(),
        push: Some(p),
        ..Preview::default()
    })
}

fn preview_walk(view: &View, m: &UnitSnap, path: &[Pos]) -> Preview {
    let ctx = &view.ctx;
    let cost = super::command::path_cost(ctx, m, path).unwrap_or(0);
    let passes = passes(ctx, m, path);
    Preview {
        move_cost: Some((cost, ctx.ap_for_cost(m, cost))),
        reactions: move_reactions(ctx, view.turn, m, path),
        chance: (!passes.is_empty()).then(|| (Aim::ReachEnd, reach_end(&passes))),
        passes,
        notes: (ctx.rules.rulebook.book()).preview_notes(view, m, Some(path)),
        ..Preview::default()
    }
}

fn preview_stand_up(view: &View, m: &UnitSnap) -> Preview {
    let ctx = &view.ctx;
    let provoked: Vec<ProvokedReaction> = ctx
        .opportunity_reactors(m, m.pos, &view.turn.opportunity_used)
        .into_iter()
        .filter_map(|r| ctx.snap.get(r))
        .map(|r| ProvokedReaction {
            reactor: r.name.to_string(),
            kind: ReactionKind::Opportunity,
            at: m.pos,
        })
        .collect();
    let swift = swift_after(ctx, m, m.pos, |s| spend_reactions(s, &provoked));
    Preview {
        reactions: provoked.into_iter().chain(swift).collect(),
        ..Preview::default()
    }
}
