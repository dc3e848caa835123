//! Seed004 (presets/Seed004.md): its ruleset, words and conditions.

pub mod action_names;
mod attack;
mod collision;
mod command;
mod commands;
mod computer;
mod describe;
mod events;
pub mod guard;
pub mod guard_odds;
mod initiative;
mod odds;
mod odds_text;
mod panel;
pub mod plans;
mod pool_blow;
mod pools;
mod readied;
pub mod reports;
pub mod reserves;
mod ruleset;
pub mod stats;
mod words;
pub mod work;

pub use commands::Seed004Command;
pub use events::Seed004Event;
pub use ruleset::*;

use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View};
use crate::battle::contests::ContestAssessment;
use crate::battle::describe::Words;
use crate::battle::engine::Work;
use crate::battle::engine::{Battle, Offer, PendingAttack, Question};
use crate::battle::events::BattleEvent;
use crate::battle::events::{AttackKind, Command, ContestKind};
use crate::battle::preview::Aim;
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::Snapshot;
use crate::battle::snapshot::UnitSnap;
use crate::level::schema::{StatBlock, UnitFile, WeaponFile};
use crate::rulebook::FieldCheck;
use crate::rulebook::Rulebook;
use crate::rulebook::{Computer, Hud, Mark, OddsForm, Play};
use crate::rulebooks::seed004::reserves::Seed004Reserves;
use crate::rulebooks::seed004::stats::Seed004Of;
use crate::rules::actions::{ActionKind, ReactionKind};
use crate::rules::bonus_dice::Quality;
use crate::rules::book_value::BookValue;
use crate::rules::combat::Chance;
use crate::rules::combat_roll::Maneuver;
use crate::rules::condition::ConditionKind;
use crate::rules::damage::Blow;
use crate::rules::grid::Pos;
use crate::rules::ruleset::Ruleset;
use crate::rules::ruleset::{DamageModel, HitRule, InitiativeRule, ReactionPool, ResourceRule};
use crate::rules::unit::{Stats, Weapon};
use bevy::prelude::Entity;
use guard::{dice_contest_chance, vigor_price};
use guard_odds::{GuardOdds, guard_odds};
pub use plans::Seed004Plan;
use pool_blow::PoolBlow;
use work::GuardAttack;

/// The name levels give it.
pub const NAME: &str = "Seed004";

/// Seed004, for the registry.
pub struct Seed004;
impl Rulebook for Seed004 {
    fn reaction_words(&self) -> &'static [crate::rules::actions::ReactionWords] {
        &action_names::REACTIONS
    }

    crate::level_fields!(weapon_fields, read_weapon_field;
        quality: crate::rules::bonus_dice::Quality,
        bonus_dice: crate::rules::unit::BonusDiceKind,
        charge: i64);

    crate::level_fields!(unit_fields, read_unit_field; over_watch: crate::rules::grid::Dir8);

    crate::level_fields!(stat_fields, read_stat; durability: i64, health: i64, guard: i64, armor_quality: crate::rules::bonus_dice::Quality, armor_durability: i64, superior_durability: crate::rules::bonus_dice::Quality, vigor: i64, stamina: i64, durability_recovery: i64, agility_dice: i64, speed_dice: i64, strength_dice: i64, skill_dice: i64, initiative_dice: i64, medicine_dice: i64);

    fn stat_bounds(&self, field: &str) -> Option<(i64, i64)> {
        crate::rulebook::bounds_in(&stats::SEED004_STAT_BOUNDS, field)
    }

    fn fresh_own(&self, stats: &Stats) -> Option<BookValue> {
        Some(BookValue::new(reserves::Reserves::full(stats)))
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
        "chance to hit (/ if it Dodges), then damage (Shock %: the chance of Shock)"
    }

    fn primer(&self) -> &'static [crate::rulebook::primer::PrimerTopic] {
        words::PRIMER
    }

    fn title(&self) -> &'static str {
        "Guard and Vigor"
    }

    fn summary(&self) -> &'static str {
        "d20 plus bursting bonus dice against Guard 15, two actions, Vigor for Dodge, Durability then Health"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn meaningless(&self, switch: &str) -> Option<&'static str> {
        match switch {
            "reactions_per_round" => Some(
                "Seed004 pays reactions in Vigor (Dodge 5, Take Opening 5), so there are no Reaction Points",
            ),
            _ => None,
        }
    }

    fn describe(&self, ev: &BattleEvent) -> Option<String> {
        describe::describe(ev)
    }

    fn words(&self) -> &'static Words {
        &words::WORDS
    }

    crate::rulebook_commands!(Seed004Command, commands::command_of);

    crate::rulebook_events!(Seed004Event);

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
        use ConditionKind as C;
        Some(match kind {
            C::Prone => {
                "Knocked Down: Dodge dice ÷4, ranged attacks at it take a Challenge, a smaller Move pool; ends when it stands up"
            }
            C::Dazed => "a Challenge on its attacks, Dodges and contests",
            C::Restrained => {
                "cannot move; a Challenge on its attacks; ends with an Escape, its grappler Down, or the two apart"
            }
            C::Grappling => "a Challenge on its attacks; movement halved; Release ends it",
            _ => return None,
        })
    }
}

impl Play for Seed004 {
    fn rear_attacks_gain(&self) -> bool {
        // The rear halves the Guard only of a defender unaware of the attacker.
        false
    }

    fn reaction_pool_left(&self, u: &UnitSnap) -> i32 {
        u.own.reserves().vigor
    }

    fn attack(&self, battle: &mut Battle, p: PendingAttack) {
        battle.guard_attack(GuardAttack::new(
            p.attacker,
            p.target,
            Some(p.weapon),
            p.kind,
        ));
    }

    fn preview_attack(
        &self,
        ctx: &Ctx,
        a: &UnitSnap,
        t: &UnitSnap,
        weapon: usize,
        _non_lethal: bool,
        off_hand: bool,
    ) -> Result<Preview, Refusal> {
        let odds = guard_odds(ctx, a, t, Some(weapon), off_hand, false)?;
        Ok(Preview {
            modifiers: odds.modifiers.clone(),
            ..Preview::of_odds(odds)
        })
    }

    fn declare_attack(&self, battle: &mut Battle, p: PendingAttack, _named: Option<Maneuver>) {
        let attack = GuardAttack::new(p.attacker, p.target, Some(p.weapon), p.kind);
        battle.resolution.stack.push(Work::book(attack));
    }

    fn check_off_hand(&self, ctx: &Ctx, a: &UnitSnap, w: &Weapon) -> Result<(), Refusal> {
        command::off_hand_checks(ctx, a, w)
    }

    fn plan_action(
        &self,
        view: &View,
        a: &UnitSnap,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        let ctx = &view.ctx;
        if let Some(Seed004Command::FirstAid { target, .. }) = cmd.of_book() {
            return Some(
                view.unit(target)
                    .and_then(|t| command::plan_first_aid(ctx, a, t)),
            );
        }
        match cmd {
            Command::Ready { weapon, .. } => Some(command::plan_ready(ctx, a, weapon.as_deref())),
            _ => None,
        }
    }

    fn execute(&self, battle: &mut Battle, plan: Plan) -> Option<Plan> {
        // An attack with an off-hand blow to follow (presets/Seed004.md, "Off-hand").
        if let Plan::Attack {
            unit,
            target,
            weapon,
            lean,
            off_hand: true,
            ..
        } = plan
        {
            if let Some(at) = lean {
                battle.lean_out(unit, at);
            }
            battle.spend_ap(unit, ActionKind::Attack);
            let mut g = GuardAttack::new(unit, target, Some(weapon), AttackKind::Action);
            g.off_hand_next = true;
            battle.resolution.stack.push(Work::book(g));
            return None;
        }
        let own = match plan.take_book::<Seed004Plan>() {
            Ok(own) => own,
            Err(plan) => return Some(plan),
        };
        match own {
            Seed004Plan::FirstAid { unit, target } => {
                battle.spend_ap(unit, ActionKind::FirstAid);
                battle.first_aid_seed004(unit, target);
            }
            Seed004Plan::Ready { unit, weapon } => battle.ready(unit, weapon),
        }
        None
    }

    fn preview_plan(&self, view: &View, plan: &Plan) -> Option<Result<Preview, Refusal>> {
        let Some(Seed004Plan::FirstAid { unit, .. }) = plan.of_book() else {
            return None;
        };
        Some(view.ctx.unit(*unit).map(|a| Preview {
            chance: Some((Aim::FirstAid, Chance::from_f64(odds::first_aid_odds(a)))),
            ..Preview::default()
        }))
    }

    fn perform(&self, battle: &mut Battle, work: Work) -> Option<Work> {
        match work.take_book::<GuardAttack>() {
            Ok(g) => {
                battle.guard_attack(g);
                None
            }
            Err(work) => Some(work),
        }
    }

    fn answer(&self, battle: &mut Battle, offer: Offer, accept: bool) -> bool {
        // A Dodge is settled by the attack that waits for it.
        if offer.kind != action_names::DODGE_REACTION {
            return false;
        }
        if let Some(g) =
            (battle.resolution.stack.last_mut()).and_then(Work::of_book_mut::<GuardAttack>)
        {
            g.dodge = Some(accept);
        }
        accept
    }

    fn deal_damage(
        &self,
        battle: &mut Battle,
        unit: Entity,
        blow: Blow,
        source: &str,
    ) -> Option<Blow> {
        if battle.rules.0.damage != DamageModel::DurabilityHealth {
            return Some(blow);
        }
        let pool_blow = PoolBlow {
            ignore_armor: blow.ignore_armor,
            ..PoolBlow::new(blow.raw, blow.damage_type, Quality::Ordinary)
        };
        battle.harm(unit, pool_blow, source);
        None
    }

    fn lose_vitality(&self, battle: &mut Battle, unit: Entity, amount: i32, why: &str) -> bool {
        if battle.rules.0.damage != DamageModel::DurabilityHealth {
            return false;
        }
        battle.lose_pools(unit, amount, why);
        true
    }

    fn roll_initiative(&self, battle: &mut Battle, snap: &Snapshot) -> bool {
        if battle.rules.0.initiative == InitiativeRule::BonusDice {
            // The core goes on to surprise, which its Ambushed is given with.
            battle.roll_initiative_dice(snap);
        }
        false
    }

    fn end_round(&self, battle: &mut Battle) {
        if battle.rules.0.resource == ResourceRule::Vigor {
            battle.recovery_phase();
        }
    }

    fn vitality_max(&self, stats: &Stats) -> Option<i32> {
        // The bar counts Durability and Health.
        let full = reserves::Reserves::full(stats);
        Some(full.durability + full.health)
    }

    fn finishable(&self, target: &UnitSnap) -> bool {
        // In Shock, where an attack kills it.
        target.has(ConditionKind::Shock)
    }

    fn after_step(&self, battle: &mut Battle, mover: Entity, from: Pos) -> Vec<Work> {
        battle.readied_after_step(mover, from)
    }

    fn offer_stands(
        &self,
        battle: &Battle,
        ctx: &Ctx,
        reactor: &UnitSnap,
        target: &UnitSnap,
        kind: ReactionKind,
    ) -> Option<bool> {
        (kind == ReactionKind::Readied).then(|| battle.readied_can_strike(ctx, reactor, target))
    }

    fn reaction_weapon(&self, battle: &Battle, offer: Offer) -> Option<Option<usize>> {
        (offer.kind == ReactionKind::Readied).then(|| battle.readied_weapon(offer.reactor))
    }

    fn initiative_tie(&self, unit: &UnitSnap) -> i32 {
        // Ties go to more initiative dice.
        unit.initiative.dice as i32
    }

    fn reaction_price(&self, kind: ReactionKind) -> i32 {
        vigor_price(kind).0
    }

    fn pay_reaction_cost(&self, battle: &mut Battle, reactor: Entity, kind: ReactionKind) {
        if battle.rules.0.reaction_pool == ReactionPool::Vigor {
            let (cost, what) = vigor_price(kind);
            battle.spend_vigor(reactor, cost, what);
        }
    }

    fn assess_contest(
        &self,
        ctx: &Ctx,
        kind: ContestKind,
        actor: &UnitSnap,
        target: &UnitSnap,
    ) -> Option<ContestAssessment> {
        let (a, t, mods) = ctx.contest_dice(kind == ContestKind::Escape, actor, target);
        Some(ContestAssessment {
            dice: Some((a, t)),
            ..ContestAssessment::assemble(kind, actor, target, mods)
        })
    }

    fn contest_chance(&self, kind: ContestKind, c: &ContestAssessment) -> Option<Chance> {
        let (a, t) = c.dice?;
        Some(Chance::from_f64(dice_contest_chance(
            kind == ContestKind::Escape,
            a,
            t,
        )))
    }

    fn roll_contest(
        &self,
        battle: &mut Battle,
        kind: ContestKind,
        names: (&str, &str),
        c: &ContestAssessment,
    ) -> Option<bool> {
        let dice = c.dice?;
        Some(battle.dice_contest(kind, names, dice, c.modifiers.clone()))
    }

    fn collision_defence(
        &self,
        battle: &mut Battle,
        occupant: Entity,
        name: &str,
        pushed: &str,
    ) -> Option<bool> {
        (battle.rules.0.hit == HitRule::GuardDice)
            .then(|| battle.collision_dice(occupant, name, pushed))
    }

    fn collision_defence_chance(&self, occupant: &UnitSnap) -> Option<Chance> {
        Some(Chance::from_f64(odds::collision_holds(occupant)))
    }

    fn collision_damage(&self, ctx: &Ctx, unit: &UnitSnap, raw: i32) -> Option<i32> {
        (ctx.rules.damage == DamageModel::DurabilityHealth)
            .then(|| odds::collision_damage(ctx, unit, raw))
    }
}

impl Hud for Seed004 {
    #[cfg(feature = "window")]
    fn primary_intents(&self) -> &'static [crate::game::controls::Intent] {
        use crate::game::controls::Intent;
        &[Intent::Ready, Intent::OffHand]
    }

    #[cfg(feature = "window")]
    fn action_text(
        &self,
        intent: crate::game::controls::Intent,
        action: Option<ActionKind>,
    ) -> Option<&'static str> {
        Some(match (intent, action) {
            (_, Some(ActionKind::FirstAid)) => {
                "d20 + medicine dice above 20: stabilize an ally in Shock, else +d10 Durability"
            }
            (_, Some(ActionKind::Ready)) => {
                "ready your weapon: strike the first enemy stepping into reach (5 Vigor)"
            }
            (crate::game::controls::Intent::OffHand, _) => {
                "melee attacks add an off-hand blow (8 Vigor, 2 Challenges)"
            }
            _ => return None,
        })
    }

    fn reactions_text(&self, u: &UnitSnap) -> Option<String> {
        Some(format!(
            "Vigor {}/{}",
            u.own.reserves().vigor,
            u.stats.seed004().vigor
        ))
    }

    #[cfg(feature = "window")]
    fn offers(&self, intent: crate::game::controls::Intent, _rules: &Ruleset) -> Option<bool> {
        // The off-hand blow (presets/Seed004.md, "Off-hand").
        (intent == crate::game::controls::Intent::OffHand).then_some(true)
    }

    fn reaction_prompt(
        &self,
        ctx: &Ctx,
        offer: &Offer,
        pending: Option<&Work>,
    ) -> Option<(String, String)> {
        let g = pending?.of_book::<GuardAttack>()?;
        if offer.kind != action_names::DODGE_REACTION {
            return None;
        }
        let r = ctx.snap.get(offer.reactor)?;
        let total = g.total.unwrap_or(0);
        let d = guard_odds::dodge_against(ctx, r, total);
        Some((
            odds_text::dodge_summary(&d, total, r.own.reserves().vigor),
            format!("{} Vigor", d.cost),
        ))
    }

    fn odds_text(&self, preview: &Preview, form: OddsForm) -> Option<String> {
        let g: &GuardOdds = preview.odds_of()?;
        Some(match form {
            OddsForm::Label => odds_text::label(g),
            OddsForm::Summary => odds_text::summary(g),
            OddsForm::Body => odds_text::text(g),
        })
    }

    fn strike_of<'a>(&self, ev: &'a BattleEvent) -> Option<(&'a str, &'a str, &'a str)> {
        match ev.of_book()? {
            Seed004Event::GuardRolled(r) => Some((&r.attacker, &r.target, &r.weapon)),
            _ => None,
        }
    }

    fn mark_of<'a>(&self, ev: &'a BattleEvent) -> Option<Mark<'a>> {
        Some(match ev.of_book()? {
            Seed004Event::GuardRolled(r) => Mark::Roll {
                target: &r.target,
                missed: !r.hit,
                critical: false,
            },
            Seed004Event::DodgeRolled(r) if r.dodged => Mark::Word {
                unit: &r.unit,
                word: "DODGE".into(),
                harm: false,
            },
            Seed004Event::PoolsDamaged {
                unit,
                damage_type,
                breakdown,
                ..
            } => Mark::Blow {
                unit,
                dealt: breakdown.dealt,
                damage_type: *damage_type,
            },
            Seed004Event::PoolsLost { unit, amount, .. } => Mark::Loss {
                unit,
                amount: *amount,
            },
            _ => return None,
        })
    }

    fn side_panel_lines(&self, unit: &UnitSnap, _rules: &Ruleset) -> [Option<String>; 2] {
        [Some(panel::seed004_line(unit)), None]
    }
}

impl Computer for Seed004 {
    fn needs_first_aid(&self, ally: &UnitSnap) -> Option<bool> {
        Some(
            ally.has(ConditionKind::Shock)
                && !ally.has(ConditionKind::Stabilized)
                && !ally.has(ConditionKind::Dead),
        )
    }

    fn expected_damage(&self, preview: &Preview) -> Option<f64> {
        let g: &GuardOdds = preview.odds_of()?;
        Some(g.hit * g.on_hit.mean)
    }

    fn attack_worth(
        &self,
        preview: &Preview,
        _target: &UnitSnap,
        share: &dyn Fn(f64) -> f64,
    ) -> Option<f64> {
        let g: &GuardOdds = preview.odds_of()?;
        // The honest chance to land: past the Dodge where the target can make one (the
        // preview's own number), so what Knocked Down takes from the Dodge is weighed.
        Some(g.hit_dodged.unwrap_or(g.hit) * (g.on_hit.shock + share(g.on_hit.mean)))
    }

    fn lands_and_stands(&self, preview: &Preview, _target: &UnitSnap) -> Option<f64> {
        let g: &GuardOdds = preview.odds_of()?;
        Some(if g.kills { 0.0 } else { g.hit })
    }

    fn hard_spare_ap(&self, view: &View, me: &UnitSnap) -> Option<Command> {
        computer::ready_attack(view, me)
    }

    fn hard_instead_of_walk(
        &self,
        view: &View,
        me: &UnitSnap,
        walk: &Command,
        ap: u32,
    ) -> Option<Command> {
        computer::ready_instead_of_walk(view, me, walk, ap)
    }

    fn hard_answer(&self, view: &View, question: &Question) -> Option<Command> {
        computer::futile_dodge(view, question)
    }
}
