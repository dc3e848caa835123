//! Seed001 (presets/Seed001.md): its ruleset, words and conditions, and its opposed Combat
//! Roll: the defences, the strike, the maneuvers after a critical win, their exact odds and
//! the prompts that ask for them.

pub mod action_names;
mod answers;
mod choice;
mod commands;
mod computer;
mod contest;
mod critical;
mod critical_push;
pub mod defence;
mod describe;
mod events;
pub mod maneuvers;
mod odds_text;
mod panel;
mod rearm;
mod refusals;
pub mod reports;
mod ruleset;
pub mod stats;
mod strike;
pub mod strike_odds;
mod words;
pub mod work;

pub use answers::{pending_defences, pending_maneuvers};
pub use commands::Seed001Command;
pub use events::Seed001Event;
pub use refusals::Seed001Refusal;
pub use ruleset::*;

use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View};
use crate::battle::contests::ContestAssessment;
use crate::battle::describe::Words;
use crate::battle::engine::{Battle, PendingAttack, Question, Work};
use crate::battle::events::BattleEvent;
use crate::battle::events::Command;
use crate::battle::events::{ContestKind, ContestWin};
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::level::schema::{StatBlock, UnitFile, WeaponFile};
use crate::rulebook::FieldCheck;
use crate::rulebook::Rulebook;
use crate::rulebook::{ChoiceAsk, Computer, Hud, Mark, OddsForm, Play};
use crate::rules::combat::Chance;
use crate::rules::combat_roll::Defence;
use crate::rules::combat_roll::Maneuver;
use crate::rules::combat_roll::{SizeEdge, size_edge, successes, successes_contest_chance};
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;
use crate::rules::unit::Stats;
use crate::rules::unit::Weapon;
use strike_odds::{Strikes, all_defences, strikes_of};
use work::{ManeuverWork, Seed001Plan, Strike};

/// The name levels give it.
pub const NAME: &str = "Seed001";

/// Seed001, for the registry.
pub struct Seed001;
impl Rulebook for Seed001 {
    fn action_words(&self) -> &'static [crate::rules::actions::ActionWords] {
        &action_names::WORDS
    }

    crate::level_fields!(weapon_fields, read_weapon_field; heavy: bool = plain, two_handed: bool = plain, spell: bool = plain);

    fn own_weapon(&self, file: &WeaponFile, weapon: &mut Weapon, _: &mut dyn FieldCheck) {
        stats::put_weapon(file, weapon);
    }

    crate::level_fields!(stat_fields, read_stat; dodge: i64, parry: i64, block: i64, block_rating: i64, focus: i64);

    fn stat_bounds(&self, field: &str) -> Option<(i64, i64)> {
        crate::rulebook::bounds_in(&stats::SEED001_STAT_BOUNDS, field)
    }

    fn own_stats(&self, block: &StatBlock, _unit: &UnitFile, stats: &mut Stats) {
        stats::put_stats(block, stats);
    }

    fn stat_value(&self, field: &str, stats: &Stats) -> Option<i64> {
        stats::stat_value(field, stats)
    }

    fn name(&self) -> &'static str {
        NAME
    }

    fn label_legend(&self) -> &'static str {
        "chance the strike lands against the likeliest defence, then damage"
    }

    fn primer(&self) -> &'static [crate::rulebook::primer::PrimerTopic] {
        words::PRIMER
    }

    fn title(&self) -> &'static str {
        "Crossed Blades"
    }

    fn summary(&self) -> &'static str {
        "opposed Combat Rolls paid from one 3-AP round budget, maneuvers on a critical win"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn meaningless(&self, switch: &str) -> Option<&'static str> {
        match switch {
            "reactions_per_round" => Some(
                "Seed001 pays reactions from the same AP as actions, so there are no Reaction Points",
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

    crate::rulebook_commands!(Seed001Command, commands::command_of);

    crate::rulebook_events!(Seed001Event);

    crate::rulebook_refusals!(Seed001Refusal);

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
        use ConditionKind as C;
        Some(match kind {
            C::Prone => {
                "melee attacks against it have advantage, ranged ones disadvantage; moving costs double; ends when it stands up"
            }
            C::Dazed => "a bane on all its tests",
            C::Restrained => "cannot move",
            C::Grappling => "movement halved (a free hand: no attack penalty); Release ends it",
            _ => return None,
        })
    }
}

impl Play for Seed001 {
    fn plan_action(
        &self,
        view: &View,
        a: &UnitSnap,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        match cmd.of_book::<Seed001Command>()? {
            Seed001Command::Manipulate { .. } => Some(commands::plan_manipulate(view, a)),
            // Answers: planned while their question waits (`plan_asked`).
            Seed001Command::ChooseDefence { .. } | Seed001Command::ChooseManeuver { .. } => None,
        }
    }

    fn attack(&self, battle: &mut Battle, p: PendingAttack) {
        battle.strike(Strike::new(p.attacker, p.target, p.weapon, p.kind));
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
        Ok(Preview {
            modifiers: ctx.assess_strike(a, t, weapon, Defence::None)?.modifiers,
            ..Preview::of_odds(Strikes(all_defences(ctx, a, t, weapon)?))
        })
    }

    fn declare_attack(&self, battle: &mut Battle, p: PendingAttack, named: Option<Maneuver>) {
        battle.declare_strike(p.attacker, p.target, p.weapon, named);
    }

    fn execute(&self, battle: &mut Battle, plan: Plan) -> Option<Plan> {
        match plan.take_book::<Seed001Plan>() {
            Ok(own) => battle.carry_out_seed001(own),
            Err(plan) => return Some(plan),
        }
        None
    }

    fn perform(&self, battle: &mut Battle, work: Work) -> Option<Work> {
        let work = match work.take_book::<Strike>() {
            Ok(strike) => {
                battle.strike(strike);
                return None;
            }
            Err(work) => work,
        };
        match work.take_book::<ManeuverWork>() {
            Ok(m) => battle.maneuver(m.winner, m.loser, &m.maneuver),
            Err(work) => return Some(work),
        }
        None
    }

    fn plan_asked(
        &self,
        view: &View,
        question: &Question,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        answers::plan_asked(view, question, cmd)
    }

    fn assess_contest(
        &self,
        _ctx: &Ctx,
        kind: ContestKind,
        actor: &UnitSnap,
        target: &UnitSnap,
    ) -> Option<ContestAssessment> {
        let mods = contest::test_contest_modifiers(kind, actor, target);
        let target_fails = kind != ContestKind::Escape
            && size_edge(target.stats.size.rank() - actor.stats.size.rank()) == SizeEdge::Fails;
        Some(ContestAssessment {
            target_fails,
            ..ContestAssessment::assemble(kind, actor, target, mods)
        })
    }

    fn contest_chance(&self, _kind: ContestKind, c: &ContestAssessment) -> Option<Chance> {
        Some(successes_contest_chance(
            (c.actor_bonus, c.actor_mode),
            (c.target_bonus, c.target_mode),
            c.target_fails,
        ))
    }

    fn contest_win(&self, c: &ContestAssessment, actor: i32, target: i32) -> Option<ContestWin> {
        Some(if c.target_fails {
            ContestWin::TargetFailsBySize
        } else {
            ContestWin::Successes {
                actor: successes(actor),
                target: successes(target),
            }
        })
    }
}

impl Hud for Seed001 {
    fn choice_ask(&self, view: &View) -> Option<ChoiceAsk> {
        choice::choice_ask(view)
    }

    fn odds_text(&self, preview: &Preview, form: OddsForm) -> Option<String> {
        odds_text::odds_text(strikes_of(preview), form)
    }

    fn strike_of<'a>(&self, ev: &'a BattleEvent) -> Option<(&'a str, &'a str, &'a str)> {
        match ev.of_book()? {
            Seed001Event::CombatRolled(r) => Some((&r.attacker, &r.target, &r.weapon)),
            _ => None,
        }
    }

    fn mark_of<'a>(&self, ev: &'a BattleEvent) -> Option<Mark<'a>> {
        use crate::rules::combat_roll::CombatOutcome as O;
        match ev.of_book()? {
            Seed001Event::CombatRolled(r) => Some(Mark::Roll {
                target: &r.target,
                missed: matches!(r.outcome, O::BothFail | O::Miss | O::DefenderCriticalWin),
                critical: r.outcome == O::AttackerCriticalWin,
            }),
            _ => None,
        }
    }

    fn side_panel_lines(&self, u: &UnitSnap, _rules: &Ruleset) -> [Option<String>; 2] {
        let line = format!(
            "Vitality {}/{}   Armor {}   {}",
            u.vitality,
            u.max_vitality,
            u.stats.armor,
            panel::defence_line(u)
        );
        [Some(line), None]
    }
}

impl Computer for Seed001 {
    fn computer_answer(&self, view: &View, question: &Question) -> Option<Command> {
        computer::greedy_answer(view, question)
    }

    /// The target picks its best defence.
    fn attack_worth(
        &self,
        preview: &Preview,
        target: &UnitSnap,
        _share: &dyn Fn(f64) -> f64,
    ) -> Option<f64> {
        let worth = |s| computer::strike_worth(s, target);
        strikes_of(preview).iter().map(worth).reduce(f64::min)
    }

    /// The target picks its best defence, and a blocked hit does not push.
    fn lands_and_stands(&self, preview: &Preview, target: &UnitSnap) -> Option<f64> {
        let strikes = strikes_of(preview);
        (strikes.iter().map(|s| s.pushes(target.vitality).value())).reduce(f64::min)
    }

    fn hard_options(&self, view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
        rearm::pick_ups(view, me)
    }

    fn hard_answer(&self, view: &View, question: &Question) -> Option<Command> {
        computer::defence_before_turn(view, question)
            .or_else(|| critical::hards_maneuver(view, question))
    }

    fn computer_keeps_ap_for_defences(&self) -> bool {
        true
    }
}
