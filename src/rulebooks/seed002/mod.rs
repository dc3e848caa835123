//! Seed002 (presets/Seed002.md): its ruleset, words and conditions.

pub mod action_names;
mod activations;
mod assess;
mod attack;
mod aura;
pub mod av_odds;
mod commands;
mod computer;
mod describe;
mod energy;
mod events;
mod footing;
pub mod footing_state;
mod footwork;
mod guard;
mod odds;
mod odds_text;
mod panel;
mod plan;
pub mod plans;
mod play;
mod refusals;
pub mod reports;
mod rise;
mod rules;
mod ruleset;
mod seize;
mod shift;
mod sprint;
pub mod stats;
mod swift;
mod words;
pub mod work;

pub use commands::Seed002Command;
pub use events::Seed002Event;
pub use refusals::Seed002Refusal;
pub use ruleset::*;
pub use swift::swift_ways;

use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View};
use crate::battle::describe::Words;
use crate::battle::engine::{
    Battle, Gait, Offer, PendingAttack, Question, Resolution, Roster, TurnState, Walk, Work,
};
use crate::battle::events::{BattleEvent, Command, ReactionKind};
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::level::schema::{StatBlock, UnitFile, WeaponFile};
use crate::rulebook::FieldCheck;
use crate::rulebook::ReactionChoice;
use crate::rulebook::{Hud, Mark, Play};
use crate::rulebook::{OddsForm, Rulebook};
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::reports::Maneuver002;
use crate::rules::actions::{ActionKind, ReactionManeuver};
use crate::rules::book_value::BookValue;
use crate::rules::combat::Chance;
use crate::rules::condition::ConditionKind;
use crate::rules::damage::Blow;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::reach::Reach;
use crate::rules::ruleset::{ReactionPool, Ruleset};
use crate::rules::unit::{Stats, Weapon};
use bevy::prelude::Entity;
use odds::av_odds;
pub use plans::Seed002Plan;
use work::AvAttack;
use work::Gait002;

/// The name levels give it.
pub const NAME: &str = "Seed002";

/// Seed002, for the registry.
pub struct Seed002;
impl Rulebook for Seed002 {
    fn reaction_words(&self) -> &'static [crate::rules::actions::ReactionWords] {
        &action_names::REACTIONS
    }

    fn action_words(&self) -> &'static [crate::rules::actions::ActionWords] {
        &action_names::WORDS
    }

    fn reaction_maneuvers(&self) -> &'static [ReactionManeuver] {
        &swift::SWIFT_MANEUVERS
    }

    fn reload_command(&self, unit: &str, aim: &crate::battle::events::Aim) -> Option<Command> {
        self.command_of(action_names::LOAD, unit, aim)
    }

    crate::level_fields!(weapon_fields, read_weapon_field; av: i64, accuracy: i64, load: i64);

    crate::level_fields!(stat_fields, read_stat; melee_evasion: i64, ranged_evasion: i64, guard: i64, fortitude: i64, coverage: i64, stamina: i64, max_agility: i64, speed: i64);

    fn fresh_own(&self, stats: &Stats) -> Option<BookValue> {
        Some(BookValue::new(footing_state::Footing::fresh(stats)))
    }

    fn own_stats(&self, block: &StatBlock, _unit: &UnitFile, stats: &mut Stats) {
        stats::put_stats(block, stats);
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
        "chance to hit, then damage (dead %: the chance it dies)"
    }

    fn primer(&self) -> &'static [crate::rulebook::primer::PrimerTopic] {
        words::PRIMER
    }

    fn title(&self) -> &'static str {
        "Aura and Energy"
    }

    fn summary(&self) -> &'static str {
        "alternating activations of 5-Energy rounds, a fixed Attack Value against the defender's exploding d10, fighting on at 0 Aura"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn meaningless(&self, switch: &str) -> Option<&'static str> {
        match switch {
            "attacks_per_round" | "free_movement" => Some(
                "Seed002 has no turns and no free movement: each activation is one action paid in Energy",
            ),
            _ => None,
        }
    }

    fn stat_bounds(&self, field: &str) -> Option<(i64, i64)> {
        crate::rulebook::bounds_in(&stats::SEED002_STAT_BOUNDS, field)
    }

    fn describe(&self, ev: &BattleEvent) -> Option<String> {
        describe::describe(ev)
    }

    fn describe_step(&self, ev: &BattleEvent) -> Option<String> {
        describe::step_text(ev)
    }

    fn words(&self) -> &'static Words {
        &words::WORDS
    }

    crate::rulebook_commands!(Seed002Command, commands::command_of);

    crate::rulebook_events!(Seed002Event);

    crate::rulebook_refusals!(Seed002Refusal);

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
        use ConditionKind as C;
        Some(match kind {
            C::Exposed => {
                "maneuvers against it are easier; lasts to the end of the round (the next round after a natural 1-3)"
            }
            C::Defending => {
                "wins Defense-roll ties; ends on any attack of its own or on moving more than its Speed in a round"
            }
            C::Surprised => "Unguarded, and disadvantage on its Defense rolls",
            C::Prone => {
                "melee attacks against it are easier, ranged ones harder; implies Exposed; ends when it stands up or kneels"
            }
            _ => return None,
        })
    }
}

impl Play for Seed002 {
    fn plan_action(
        &self,
        view: &View,
        actor: &UnitSnap,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        plan::plan_seed002(view, actor, cmd)
    }

    fn begin_round(&self, battle: &mut Battle) -> bool {
        battle.start_activation_round();
        true
    }

    fn next_turn(&self, battle: &mut Battle) -> bool {
        battle.next_activation();
        true
    }

    fn close_turn(&self, battle: &mut Battle, unit: Entity) -> bool {
        play::end_turn(battle, unit);
        true
    }

    fn action_begins(&self, battle: &mut Battle, plan: &Plan) {
        play::action_begins(battle, plan);
    }

    fn action_done(&self, battle: &mut Battle) -> bool {
        play::action_done(battle)
    }

    fn pay_for(&self, battle: &mut Battle, unit: Entity, action: ActionKind, cost: u32) -> bool {
        battle.pay_energy(unit, action, cost);
        true
    }

    fn can_pay(&self, rules: &Ruleset, unit: &UnitSnap, cost: u32) -> bool {
        footing::can_pay(rules, unit, cost)
    }

    fn reachable(&self, ctx: &Ctx, mover: &UnitSnap) -> Option<Reach> {
        Some(footing::run_reach(ctx, mover))
    }

    fn reaction_takes_ap(&self) -> bool {
        false
    }

    fn pay_reaction_cost(&self, battle: &mut Battle, reactor: Entity, _kind: ReactionKind) {
        // A reaction is paid like an action: its Energy, which Stamina may stand in for.
        if battle.rules.0.reaction_pool == ReactionPool::SharedAp {
            self.pay_for(battle, reactor, action_names::SWIFT_ATTACK, 1);
        }
    }

    fn activations(&self) -> bool {
        true
    }

    fn finishable(&self, target: &UnitSnap) -> bool {
        // Unconscious: D4's Coup, or any attack (H1 and H4 roll no defence).
        target.has(ConditionKind::Unconscious)
    }

    fn down_at_zero(&self) -> bool {
        // Aura at 0 calls for Death rolls (its own `lose_vitality`).
        false
    }

    fn move_price(&self, mover: &UnitSnap, metres: u32) -> Option<u32> {
        Some(footing::run_energy(metres, footing::speed_of(mover)))
    }

    fn step_extra(&self, mover: &UnitSnap, gait: &Gait, step: Dir8) -> u32 {
        match gait.of::<Gait002>() {
            Some(Gait002::Run { .. }) => {
                rules::run_path::turn_penalty(mover.own.footing().heading, step)
            }
            _ => 0,
        }
    }

    fn pay_step(&self, battle: &mut Battle, mover: &UnitSnap, walk: &Walk, cost: u32) -> bool {
        match walk.gait.of::<Gait002>() {
            // A Run is paid at its end, a Sprint before it.
            Some(Gait002::Run { .. }) => true,
            Some(Gait002::Shift { agility }) => battle.pay_shift(mover, cost, *agility),
            Some(Gait002::Agile) => battle.pay_agility(mover, cost),
            None => false,
        }
    }

    fn gait_provokes(&self, gait: &Gait) -> bool {
        gait.of::<Gait002>() != Some(&Gait002::Agile)
    }

    fn step_taken(&self, battle: &mut Battle, walk: &Walk, from: Pos, to: Pos, cost: u32) {
        battle.footwork_step(walk, from, to, cost);
    }

    fn action_taken(&self, battle: &mut Battle, unit: Entity, action: ActionKind) {
        battle.footwork_after_action(unit, action);
    }

    fn loaded(&self, u: &UnitSnap, weapon: usize) -> bool {
        u.own.footing().loaded(weapon)
    }

    fn step_reactions(&self, battle: &Battle, walk: &Walk, from: Pos) -> Vec<Work> {
        battle.swift_after_step(walk, from)
    }

    fn finish_walk(&self, battle: &mut Battle, walk: &Walk) {
        if walk.gait.of() == Some(&Gait002::Run { sprint: false }) {
            battle.pay_run(walk.mover, walk.walked);
        }
    }

    fn execute(&self, battle: &mut Battle, plan: Plan) -> Option<Plan> {
        match plan.take_book::<Seed002Plan>() {
            Ok(own) => play::carry_out(battle, own),
            Err(plan) => return Some(plan),
        }
        None
    }

    fn perform(&self, battle: &mut Battle, work: Work) -> Option<Work> {
        match work.take_book::<AvAttack>() {
            Ok(a) => battle.av_attack(a),
            Err(work) => return Some(work),
        }
        None
    }

    fn preview_plan(&self, view: &View, plan: &Plan) -> Option<Result<Preview, Refusal>> {
        let own = plan.of_book::<Seed002Plan>()?;
        // A Run, Sprint or Shift lists the Swift Attacks its steps set off; an Agile Move none.
        if let Seed002Plan::Footwork { unit, path, gait } = own {
            let m = view.ctx.unit(*unit);
            return Some(m.map(|m| Preview {
                reactions: match gait {
                    work::Gait002::Agile => Vec::new(),
                    _ => crate::battle::preview::move_reactions(&view.ctx, view.turn, m, path),
                },
                move_cost: plan::run_price(&view.ctx, m, path, *gait),
                ..Preview::default()
            }));
        }
        matches!(
            own,
            Seed002Plan::AvAttack { .. } | Seed002Plan::EscapeHold { .. }
        )
        .then(|| odds::preview_plan(view, own))
    }

    fn plan_asked(
        &self,
        view: &View,
        question: &Question,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        question.of_book::<work::SeizedAction>()?;
        Some(plan::plan_seized(view, question.asked(), cmd))
    }

    fn accept_reaction(&self, battle: &mut Battle, offer: &Offer) -> bool {
        if offer.kind != action_names::SEIZE_REACTION {
            return false;
        }
        battle.seize(offer.reactor, offer.target);
        true
    }

    fn reaction_maneuver(
        &self,
        view: &View,
        offer: Offer,
        maneuver: Option<ReactionManeuver>,
    ) -> Result<Option<BookValue>, Refusal> {
        Ok(swift::swift_answer(view, offer, maneuver)?.map(BookValue::new))
    }

    fn maneuver_work(
        &self,
        offer: &Offer,
        weapon: Option<usize>,
        maneuver: &BookValue,
    ) -> Option<Work> {
        let maneuver = *maneuver.get::<Maneuver002>()?;
        // X1: a Trip with the weapon of the blow; a Push or Restrain bare-handed.
        let weapon = match maneuver {
            Maneuver002::Trip => Some(weapon?),
            Maneuver002::Push { .. } | Maneuver002::Restrain => None,
        };
        Some(Work::book(AvAttack::swift_maneuver(
            offer, weapon, maneuver,
        )))
    }

    fn reaction_choices(&self, ctx: &Ctx, offer: &Offer) -> Vec<ReactionChoice> {
        swift::swift_choices(ctx, offer)
    }

    fn reaction_chance(&self, ctx: &Ctx, offer: &Offer) -> Option<Chance> {
        if offer.kind != action_names::SEIZE_REACTION {
            return None;
        }
        let (r, t) = (ctx.snap.get(offer.reactor)?, ctx.snap.get(offer.target)?);
        Some(odds::seize_odds(r, t))
    }

    fn after_blow(
        &self,
        battle: &mut Battle,
        unit: Entity,
        before: i32,
        dealt: i32,
        blow: &Blow,
    ) -> bool {
        battle.after_aura_blow(unit, before, dealt, (blow.non_lethal, blow.coup));
        true
    }

    fn stabilize(&self, battle: &mut Battle, target: Entity, by: &str) -> bool {
        battle.stabilize_seed002(target, by);
        true
    }

    fn attack(&self, battle: &mut Battle, p: PendingAttack) {
        battle.av_attack(AvAttack::swift(p.attacker, p.target, p.weapon));
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
        Ok(Preview::of_odds(av_odds(
            ctx,
            a,
            t,
            Some(weapon),
            None,
            false,
            false,
        )?))
    }
}

impl Hud for Seed002 {
    #[cfg(feature = "window")]
    fn primary_intents(&self) -> &'static [crate::game::controls::Intent] {
        use crate::game::controls::Intent;
        &[Intent::Shift, Intent::Sprint]
    }

    #[cfg(feature = "window")]
    fn action_text(
        &self,
        _intent: crate::game::controls::Intent,
        action: Option<ActionKind>,
    ) -> Option<&'static str> {
        Some(match action? {
            action_names::SHIFT => "one metre to a neighbouring tile, 2 Agility (or 1 Energy)",
            action_names::KNEEL => "from Prone to Kneeling (Unguarded); Stand Up then stands",
            action_names::LOAD => "load the ranged weapon",
            action_names::CATCH_BREATH => "3 Energy (or all that is left): +1 Stamina",
            action_names::COUP => {
                "a blow on an Unconscious enemy in reach: no Evasion roll; at 0 Aura it kills"
            }
            _ => return None,
        })
    }

    #[cfg(feature = "window")]
    fn move_hint(&self) -> Option<&'static str> {
        // Any able unit of the side may take the activation's action.
        Some(
            "click a shaded tile to run (yellow/orange/red: 1/2/3 Energy), or another of your units to act with it. Esc cancels. T terrain marks (cost to enter, cover).",
        )
    }

    #[cfg(feature = "window")]
    fn tile_action(&self, intent: crate::game::controls::Intent) -> Option<ActionKind> {
        use crate::game::controls::Intent;
        // A Shift steps to the tile clicked; a Sprint runs to it.
        match intent {
            Intent::Shift => Some(action_names::SHIFT),
            Intent::Sprint => Some(ActionKind::Sprint),
            _ => None,
        }
    }

    #[cfg(feature = "window")]
    fn intent_action(&self, intent: crate::game::controls::Intent) -> Option<ActionKind> {
        use crate::game::controls::Intent;
        Some(match intent {
            Intent::Shift => action_names::SHIFT,
            Intent::Kneel => action_names::KNEEL,
            Intent::Load => action_names::LOAD,
            Intent::CatchBreath => action_names::CATCH_BREATH,
            Intent::Coup => action_names::COUP,
            _ => return None,
        })
    }

    #[cfg(feature = "window")]
    fn steps_before_attack(&self) -> Option<&'static str> {
        // M5: Agile steps before the attack.
        Some("Agile steps before it (1 Agility a metre, up to the attack's Energy)")
    }

    fn reaction_prompt(
        &self,
        ctx: &Ctx,
        offer: &Offer,
        _pending: Option<&Work>,
    ) -> Option<(String, String)> {
        if offer.kind != action_names::SEIZE_REACTION {
            return None;
        }
        let win = self.reaction_chance(ctx, offer).unwrap_or(Chance::never());
        let t = ctx.snap.get(offer.target)?;
        Some((
            format!(
                "d20 + initiative against {}'s d20 + initiative (strictly higher wins): {:.1}% to act first",
                t.name,
                win.percent()
            ),
            "its initiative roll this round".into(),
        ))
    }

    fn strike_of<'a>(&self, ev: &'a BattleEvent) -> Option<(&'a str, &'a str, &'a str)> {
        match ev.of_book()? {
            Seed002Event::AvRolled(r) => Some((&r.attacker, &r.target, &r.weapon)),
            _ => None,
        }
    }

    fn mark_of<'a>(&self, ev: &'a BattleEvent) -> Option<Mark<'a>> {
        match ev.of_book()? {
            Seed002Event::AvRolled(r) => Some(Mark::Roll {
                target: &r.target,
                missed: !r.outcome.hits(),
                critical: r.outcome == crate::rulebooks::seed002::reports::AvOutcome::Critical,
            }),
            _ => None,
        }
    }

    fn turn_bar_text(
        &self,
        turn: &TurnState,
        _resolution: &Resolution,
        roster: &Roster,
    ) -> Option<String> {
        let side = turn.book.get::<work::Activations>()?.side?;
        Some(format!("   {}'s activation", roster.side_name(side)))
    }

    fn odds_text(&self, preview: &Preview, form: OddsForm) -> Option<String> {
        Some(odds_text::odds_text(preview.odds_of()?, form))
    }

    fn side_panel_lines(&self, unit: &UnitSnap, rules: &Ruleset) -> [Option<String>; 2] {
        [
            Some(panel::seed002_line(unit)),
            Some(panel::seed002_resources(unit, rules)),
        ]
    }

    fn bare_hands(&self) -> bool {
        true
    }
}
