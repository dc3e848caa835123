//! Seed003 (presets/Seed003.md): wound slots, AP from Speed carried over, 3d6 against
//! Defense, a spendable initiative that decides each next turn and lets the faster act out
//! of turn, flanking as a state of the target, graded cover, posture, Stamina and fatigue,
//! and the reactions paid in AP. `rules/` holds the plain arithmetic; `assess.rs` the
//! numbers of an attack; `plan.rs` the checks of its commands; `schedule.rs` the turns and
//! AP; `out_of_turn.rs` acting out of turn; `attack.rs` attacks and wounds; `actions.rs`
//! the other actions; `reactions.rs` Rebuff, Harry, Interpose, Cling and readied actions;
//! `flank.rs` the offer to ignore a new flanker; `odds.rs` the exact odds; `describe.rs`
//! its log lines; `words.rs` its words.

pub mod action_names;
mod actions;
mod assess;
mod attack;
mod commands;
mod computer;
mod dash;
mod describe;
mod drag;
mod events;
mod flank;
mod grapple;
mod hud;
mod odds;
mod odds_text;
mod opening;
mod out_of_turn;
mod panel;
mod plan;
pub mod plans;
mod posture;
mod reactions;
mod ready;
mod refusals;
pub mod reports;
pub mod rules;
mod ruleset;
mod schedule;
mod shove;
pub mod stats;
mod three_dice;
pub mod track;
#[cfg(feature = "window")]
mod window;
mod words;
pub mod work;

pub use commands::Seed003Command;
pub use events::Seed003Event;
pub use refusals::Seed003Refusal;
pub use ruleset::*;
pub use three_dice::{Check3Odds, Odds3};

use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View};
use crate::battle::components::OwnState;
use crate::battle::describe::Words;
use crate::battle::engine::{
    Battle, Offer, PendingAttack, Question, Resolution, Roster, TurnState, Walk, Work,
};
use crate::battle::events::{AttackKind, BattleEvent, Command, ReactionKind};
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::Snapshot;
use crate::battle::snapshot::UnitSnap;
use crate::level::schema::{StatBlock, UnitFile, WeaponFile};
use crate::rulebook::FieldCheck;
use crate::rulebook::{Hud, Mark, Play};
use crate::rulebook::{OddsForm, Rulebook};
use crate::rulebooks::seed003::stats::Seed003Of;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::actions::ActionKind;
use crate::rules::book_value::BookValue;
use crate::rules::combat_roll::Maneuver;
use crate::rules::condition::ConditionKind;
use crate::rules::damage::Blow;
use crate::rules::grid::Pos;
use crate::rules::ruleset::Ruleset;
use crate::rules::unit::{Stats, Weapon};
use bevy::prelude::Entity;
use odds::odds3;
pub use plans::Seed003Plan;
use work::{Attack3Work, Check3Work};

/// The name levels give it.
pub const NAME: &str = "Seed003";

/// Seed003, for the registry.
pub struct Seed003;
impl Rulebook for Seed003 {
    fn reaction_words(&self) -> &'static [crate::rules::actions::ReactionWords] {
        &action_names::REACTIONS
    }

    fn action_words(&self) -> &'static [crate::rules::actions::ActionWords] {
        &action_names::WORDS
    }

    fn attack_action(&self, options: &crate::battle::events::AttackOptions) -> Option<ActionKind> {
        action_names::attack_action(options)
    }

    crate::level_fields!(weapon_fields, read_weapon_field; wound_damage: i64, penetrating: bool = plain);

    crate::level_fields!(unit_fields, read_unit_field; posture: crate::rules::unit::Posture);

    crate::level_fields!(stat_fields, read_stat; speed: i64, move_rate: i64, vit: i64, persona: i64, stamina: i64, ranged_evasion: i64, wound_track: crate::rules::unit::WoundTrack);

    fn fresh_own(&self, stats: &Stats) -> Option<BookValue> {
        Some(BookValue::new(track::Track::fresh(stats)))
    }

    fn own_stats(&self, block: &StatBlock, unit: &UnitFile, stats: &mut Stats) {
        stats::put_stats(block, unit, stats);
    }

    fn stat_value(&self, field: &str, stats: &Stats) -> Option<i64> {
        stats::stat_value(field, stats)
    }

    fn own_weapon(&self, file: &WeaponFile, weapon: &mut Weapon, check: &mut dyn FieldCheck) {
        stats::put_weapon(file, weapon, check);
    }

    fn name(&self) -> &'static str {
        NAME
    }

    fn label_legend(&self) -> &'static str {
        "chance to hit, then the likeliest wound (Down %: the chance it falls)"
    }

    fn primer(&self) -> &'static [crate::rulebook::primer::PrimerTopic] {
        words::PRIMER
    }

    fn title(&self) -> &'static str {
        "Wounds and Will"
    }

    fn summary(&self) -> &'static str {
        "wound slots, AP from Speed carried over, 3d6 against Defense, initiative you can spend to act out of turn"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn meaningless(&self, switch: &str) -> Option<&'static str> {
        match switch {
            "ap_per_turn" | "free_movement" | "reactions_per_round" | "attacks_per_round" => Some(
                "Seed003's AP come from each combatant's Speed, at each round start and turn end; movement is bought with AP and reactions are paid in AP",
            ),
            _ => None,
        }
    }

    fn stat_bounds(&self, field: &str) -> Option<(i64, i64)> {
        crate::rulebook::bounds_in(&stats::SEED003_STAT_BOUNDS, field)
    }

    fn describe(&self, ev: &BattleEvent) -> Option<String> {
        describe::describe(ev)
    }

    fn words(&self) -> &'static Words {
        &words::WORDS
    }

    crate::rulebook_commands!(Seed003Command, commands::command_of);

    crate::rulebook_events!(Seed003Event);

    crate::rulebook_refusals!(Seed003Refusal);

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
        words::condition_effect(kind)
    }
}

impl Play for Seed003 {
    fn plan_action(
        &self,
        view: &View,
        actor: &UnitSnap,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        plan::plan_seed003(view, actor, cmd)
    }

    fn attack(&self, battle: &mut Battle, p: PendingAttack) {
        battle.attack3(Attack3Work::new(p.attacker, p.target, p.weapon, p.kind));
    }

    fn preview_attack(
        &self,
        ctx: &Ctx,
        a: &UnitSnap,
        t: &UnitSnap,
        weapon: usize,
        _non_lethal: bool,
        _off_hand: bool,
    ) -> Result<Preview, Refusal> {
        let w = Attack3Work::new(a.entity, t.entity, weapon, AttackKind::Action);
        let o = odds3(ctx, a, t, &w)?;
        Ok(Preview {
            modifiers: o.modifiers.clone(),
            ..Preview::of_odds(o)
        })
    }

    fn declare_attack(&self, battle: &mut Battle, p: PendingAttack, _named: Option<Maneuver>) {
        battle.declare_attack3(Attack3Work::new(p.attacker, p.target, p.weapon, p.kind));
    }

    fn roll_initiative(&self, battle: &mut Battle, snap: &Snapshot) -> bool {
        battle.roll_initiative3(snap);
        true
    }

    fn start_round(&self, battle: &mut Battle) -> bool {
        // F3: whoever starts the battle Flanked has not become so.
        battle.watch_flanks3();
        battle.start_round3();
        true
    }

    fn order_turns(&self, battle: &mut Battle) {
        // I2: each turn goes to the highest score still to act.
        battle.order_by_initiative();
    }

    fn bleed(&self, battle: &mut Battle, unit: Entity, _resumed: bool) {
        battle.bleed3(unit);
    }

    fn end_turn(&self, battle: &mut Battle, unit: Entity) {
        battle.end_turn3(unit);
    }

    fn hold_declared(&self, battle: &mut Battle, cmd: &Command, plan: &Plan) -> bool {
        // I4: the active combatant's declared action waits while the sides with faster
        // combatants may act first.
        let declared = plan.declares()
            && work::window(&battle.resolution).is_none()
            && battle.resolution.awaiting.is_none();
        if declared
            && let Some(actor) = battle.roster.entity(cmd.actor())
            && battle.turn.active() == Some(actor)
        {
            return battle.open_window(actor, cmd);
        }
        false
    }

    fn plan_starting(&self, battle: &mut Battle, actor: Option<Entity>, plan: &Plan) {
        // Whose declared action this is, for readied `EnemyActs` actions.
        if plan.declares() || matches!(plan.of_book(), Some(Seed003Plan::OutOfTurn { .. })) {
            battle.resolution.book.get_mut::<work::Seen3>().last_actor = actor;
        }
    }

    fn after_resolution(&self, battle: &mut Battle) -> bool {
        // An action that resolved sets off readied `EnemyActs` actions; then the side
        // acting out of turn is asked again.
        if let Some(actor) = battle
            .resolution
            .book
            .get_mut::<work::Seen3>()
            .last_actor
            .take()
        {
            battle.readied3_after_action(actor);
            battle.run_stack();
            if battle.resolution.awaiting.is_some() {
                return true;
            }
        }
        battle.resume_window();
        battle.resolution.awaiting.is_some()
    }

    fn action_taken(&self, battle: &mut Battle, unit: Entity, action: ActionKind) {
        battle.end_readiness(unit, action);
    }

    fn execute(&self, battle: &mut Battle, plan: Plan) -> Option<Plan> {
        let own = match plan.take_book::<Seed003Plan>() {
            Ok(own) => own,
            Err(plan) => return Some(plan),
        };
        match own {
            Seed003Plan::Attack3(w) => battle.declare_attack3(w),
            Seed003Plan::Dash { unit } => battle.dash(unit),
            Seed003Plan::Posture { unit, to } => battle.change_posture(unit, to),
            Seed003Plan::Opening {
                unit,
                target,
                weapon,
            } => battle.create_opening(unit, target, weapon),
            Seed003Plan::Check3 { unit, target, kind } => {
                battle.resolution.stack.push(Work::book(Check3Work {
                    unit,
                    target,
                    kind,
                    pay: Some(kind.action()),
                }));
            }
            Seed003Plan::Grapple {
                unit,
                target,
                weapon,
            } => battle.grapple(unit, target, weapon),
            Seed003Plan::Drag {
                unit,
                partner,
                ap,
                path,
            } => battle.drag(unit, partner, ap, path),
            Seed003Plan::SeizeInitiative { unit } => battle.seize_initiative(unit),
            Seed003Plan::Ignore {
                unit,
                target,
                ignore,
            } => battle.ignore(unit, target, ignore),
            Seed003Plan::Ready3 {
                unit,
                action,
                trigger,
            } => battle.ready3(unit, action, trigger),
            Seed003Plan::PassWindow => battle.pass_window(),
            Seed003Plan::OutOfTurn { unit, plan } => battle.act_out_of_turn(unit, *plan),
        }
        None
    }

    fn before_work(&self, battle: &mut Battle) {
        // F3: whoever became Flanked out of its turn is asked first.
        battle.queue_flank_offers3();
    }

    fn perform(&self, battle: &mut Battle, work: Work) -> Option<Work> {
        let work = match work.take_book::<Attack3Work>() {
            Ok(w) => {
                battle.attack3(w);
                return None;
            }
            Err(work) => work,
        };
        let c = match work.take_book::<Check3Work>() {
            Ok(c) => c,
            Err(work) => return Some(work),
        };
        battle.check3(c.unit, c.target, c.kind, c.pay.is_some());
        None
    }

    fn plan_asked(
        &self,
        view: &View,
        question: &Question,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        match question {
            Question::Book(_) => {
                question.of_book::<work::ActFirst>()?;
                Some(plan::plan_window(view, question.asked(), cmd))
            }
            Question::Reaction(offer) => plan::plan_ignore_answer(view, *offer, cmd).map(Ok),
        }
    }

    fn offer_stands(
        &self,
        battle: &Battle,
        ctx: &Ctx,
        reactor: &UnitSnap,
        target: &UnitSnap,
        kind: ReactionKind,
    ) -> Option<bool> {
        Some(battle.offer_stands3(ctx, reactor, target, kind))
    }

    fn accept(&self, battle: &mut Battle, offer: Offer) -> bool {
        battle.accept3(offer);
        true
    }

    fn preview_reaction(&self, ctx: &Ctx, offer: &Offer) -> Option<Option<Preview>> {
        Some(odds::reaction_odds(ctx, offer))
    }

    fn step_reactors(
        &self,
        ctx: &Ctx,
        mover: &UnitSnap,
        from: Pos,
        to: Pos,
    ) -> (Vec<Entity>, ReactionKind) {
        let rebuffers = ctx.rebuffers(mover, from, to);
        (rebuffers, action_names::REBUFF_REACTION)
    }

    fn step_offers(
        &self,
        battle: &Battle,
        mover: &UnitSnap,
        to: Pos,
        gait: &crate::battle::engine::Gait,
    ) -> Vec<Offer> {
        let mut offers = battle.step_offers3(mover, to);
        // A dragged partner follows by the Drag itself: it does not Cling.
        if gait.of::<work::Drag3>().is_some() {
            offers.retain(|o| o.kind != action_names::CLING_REACTION);
        }
        offers
    }

    fn after_step(&self, battle: &mut Battle, mover: Entity, from: Pos) -> Vec<Work> {
        // F3: whoever the step left Flanked is asked first; then readied actions.
        let mut held = battle.flank_offers3();
        held.extend(battle.readied3_after_step(mover, from));
        held
    }

    fn release_grapple(
        &self,
        battle: &mut Battle,
        grappler: Entity,
        held: Entity,
        why: &str,
    ) -> bool {
        // Both are Grappling each other, and a Pin ends with the grapple.
        for (a, b) in [(grappler, held), (held, grappler)] {
            battle.remove_conditions_where(
                a,
                |c| {
                    matches!(c.kind, ConditionKind::Grappling | ConditionKind::Pinned)
                        && c.link == Some(b)
                },
                why,
            );
            if let Ok(mut u) = battle.units.get_mut(a) {
                u.own.track_mut().holding = None;
                u.own.track_mut().followed = 0;
            }
        }
        true
    }

    fn steps_move_others(&self) -> bool {
        // A clinger follows, a dragged partner is moved.
        true
    }

    fn pay_step(&self, _battle: &mut Battle, _mover: &UnitSnap, walk: &Walk, cost: u32) -> bool {
        // A Drag walks only the yards its AP bought.
        walk.gait
            .of::<work::Drag3>()
            .is_some_and(|drag| walk.walked + cost <= drag.yards)
    }

    fn follow_step(&self, battle: &mut Battle, walk: &Walk, dragger: &UnitSnap, from: Pos) {
        if let Some(drag) = walk.gait.of::<work::Drag3>() {
            battle.drag_partner(drag.partner, dragger, from);
        }
    }

    fn stepped(&self, battle: &mut Battle, mover: Entity, from: Pos, to: Pos) {
        // Cling: the clinger follows into the tile left, before the grapple is judged, so
        // it holds.
        battle.cling_follow(mover, from, to);
    }

    fn movement_bought(&self, own: &mut OwnState, ap: u32) {
        own.track_mut().move_ap += ap;
    }

    fn move_undone(&self, own: &mut OwnState, before: &OwnState) {
        // M1: the AP spent on movement this round price the next yards.
        own.track_mut().move_ap = before.track().move_ap;
    }

    fn ignores(&self, t: &UnitSnap, other: Entity) -> bool {
        t.own.track().ignoring.contains(&other)
    }

    fn metres_for_ap(&self, mover: &UnitSnap, spent: u32, ap: u32) -> Option<u32> {
        // M1: each AP buys the yards the formula gives at the round's rate.
        let t = mover.own.track();
        Some(rules::yards_bought(t.rate, t.move_ap + spent, ap))
    }

    fn deal_damage(
        &self,
        battle: &mut Battle,
        unit: Entity,
        blow: Blow,
        source: &str,
    ) -> Option<Blow> {
        // D7: Core's damage becomes a final value on the wound scale.
        battle.blow_wound(unit, blow, source);
        None
    }

    fn collision_damage(&self, ctx: &Ctx, unit: &UnitSnap, raw: i32) -> Option<i32> {
        // D7, as `deal_damage` wounds it: the collision's final value.
        let blow = Blow {
            ignore_armor: ctx.rules.collision_ignores_armor,
            ..Blow::new(raw, crate::rules::combat::DamageType::Physical)
        };
        Some(
            attack::blow_parts(&unit.stats, &blow)
                .iter()
                .map(|(_, n)| n)
                .sum(),
        )
    }

    fn vitality_max(&self, stats: &Stats) -> Option<i32> {
        // The bar counts the wound slots left.
        Some(
            rules::slots(stats.seed003())
                .iter()
                .map(|&n| i32::from(n))
                .sum(),
        )
    }

    fn preview_plan(&self, view: &View, plan: &Plan) -> Option<Result<Preview, Refusal>> {
        odds::preview_plan(view, plan)
    }

    fn reaction_action(&self, kind: ReactionKind) -> Option<ActionKind> {
        reactions::reaction_action(kind)
    }

    fn stamina_cost(&self, action: ActionKind) -> i32 {
        rules::stamina_cost(action)
    }
}
