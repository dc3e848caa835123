//! Seed000 (presets/Seed000.md): its ruleset, words and conditions.

pub mod action_names;
mod command;
mod commands;
mod computer;
mod describe;
mod disarm;
mod disarming;
mod events;
pub mod held;
mod hide;
mod hiding;
pub mod plans;
mod refusals;
pub mod reports;
mod ruleset;
pub mod stats;
mod switch;
mod switching;
mod words;
pub mod work;

pub use commands::Seed000Command;
pub use events::Seed000Event;
pub use refusals::Seed000Refusal;
pub use ruleset::*;

use crate::battle::command::{Plan, View};
use crate::battle::contests::ContestPreview;
use crate::battle::describe::Words;
use crate::battle::engine::{Battle, PendingAttack, Work};
use crate::battle::events::BattleEvent;
use crate::battle::events::{Command, ContestKind};
use crate::battle::preview::{Aim, Preview};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::level::schema::{StatBlock, UnitFile};
use crate::rulebook::Rulebook;
use crate::rulebook::{Computer, Hud, Play};
use crate::rulebooks::seed000::stats::Seed000Of;
#[cfg(feature = "window")]
use crate::rules::actions::ActionKind;
use crate::rules::book_value::BookValue;
use crate::rules::combat::Chance;
use crate::rules::condition::ConditionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::Ruleset;
use crate::rules::unit::Stats;
use bevy::prelude::Entity;
use hide::hide_chance;
pub use plans::Seed000Plan;
use work::{HeldFire, Swap};

/// The name levels give it.
pub const NAME: &str = "Seed000";

/// Seed000, for the registry.
pub struct Seed000;
impl Rulebook for Seed000 {
    fn action_words(&self) -> &'static [crate::rules::actions::ActionWords] {
        &action_names::WORDS
    }

    crate::level_fields!(stat_fields, read_stat; endurance: i64, will: i64, stealth: i64, perception: i64);

    fn stat_bounds(&self, field: &str) -> Option<(i64, i64)> {
        crate::rulebook::bounds_in(&stats::SEED000_STAT_BOUNDS, field)
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

    fn primer(&self) -> &'static [crate::rulebook::primer::PrimerTopic] {
        words::PRIMER
    }

    fn title(&self) -> &'static str {
        "Hold and Hide"
    }

    fn summary(&self) -> &'static str {
        "AP and RP, Evasion, Defense Rolls, held actions, hiding, a fixed initiative ladder, bleeding out"
    }

    fn ruleset(&self) -> Ruleset {
        ruleset()
    }

    fn describe(&self, ev: &BattleEvent) -> Option<String> {
        describe::describe(ev)
    }

    fn words(&self) -> &'static Words {
        &words::WORDS
    }

    crate::rulebook_commands!(Seed000Command, commands::command_of);

    crate::rulebook_events!(Seed000Event);

    crate::rulebook_refusals!(Seed000Refusal);

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
        use ConditionKind as C;
        Some(match kind {
            C::Prone => {
                "melee attacks against it have advantage, ranged ones disadvantage; moving costs double; ends when it stands up"
            }
            C::Dazed => "disadvantage on its attacks and contests",
            C::Restrained => {
                "cannot move; disadvantage on its attacks; ends with an Escape, its grappler Down, or the two apart"
            }
            _ => return None,
        })
    }
}

impl Play for Seed000 {
    fn plan_action(
        &self,
        view: &View,
        a: &UnitSnap,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        let ctx = &view.ctx;
        Some(match cmd.of_book::<Seed000Command>()? {
            Seed000Command::Disarm { target, weapon, .. } => view
                .unit(target)
                .and_then(|t| command::plan_disarm(ctx, a, t, weapon.as_deref())),
            Seed000Command::Hide { .. } => command::plan_hide(ctx, a),
            Seed000Command::SwitchPlaces { ally, .. } => view
                .unit(ally)
                .and_then(|b| command::plan_switch(ctx, a, b)),
            Seed000Command::Hold {
                action, trigger, ..
            } => command::plan_hold(view, a, action, trigger),
        })
    }

    fn execute(&self, battle: &mut Battle, plan: Plan) -> Option<Plan> {
        let own = match plan.take_book::<Seed000Plan>() {
            Ok(own) => own,
            Err(plan) => return Some(plan),
        };
        match own {
            Seed000Plan::Disarm {
                unit,
                target,
                weapon,
            } => {
                battle.spend_ap(unit, action_names::DISARM);
                battle.take_weapon(unit, target, weapon);
            }
            Seed000Plan::Hide { unit } => battle.hide(unit),
            Seed000Plan::SwitchPlaces { unit, ally } => battle.switch_places(unit, ally),
            Seed000Plan::Hold {
                unit,
                action,
                trigger,
                cost,
            } => battle.hold(unit, action, trigger, cost),
        }
        None
    }

    fn perform(&self, battle: &mut Battle, work: Work) -> Option<Work> {
        let work = match work.take_book::<Swap>() {
            Ok(Swap { unit, ally }) => {
                battle.swap(unit, ally);
                return None;
            }
            Err(work) => work,
        };
        let HeldFire {
            holder,
            seq,
            against,
        } = match work.take_book::<HeldFire>() {
            Ok(fire) => fire,
            Err(work) => return Some(work),
        };
        battle.fire_held(holder, seq, against);
        None
    }

    fn slot_begins(&self, battle: &mut Battle, unit: Entity) {
        battle.lapse_held(unit);
    }

    fn before_attack(&self, battle: &mut Battle, pending: &PendingAttack) -> bool {
        battle.held_before_attack(pending)
    }

    fn after_step(&self, battle: &mut Battle, mover: Entity, _from: Pos) -> Vec<Work> {
        battle.held_after_step(mover)
    }

    fn preview_notes(
        &self,
        view: &View,
        mover: &UnitSnap,
        path: Option<&[Pos]>,
    ) -> Option<BookValue> {
        let held = match path {
            Some(path) => held::held_on_walk(view, mover, path),
            None => held::held_on_attack(view, mover),
        };
        (!held.is_empty()).then(|| BookValue::new(held::HeldPreviews(held)))
    }

    fn preview_plan(&self, view: &View, plan: &Plan) -> Option<Result<Preview, Refusal>> {
        let ctx = &view.ctx;
        let chance = |aim, chance| Preview {
            chance: Some((aim, chance)),
            ..Preview::default()
        };
        Some(match *plan.of_book::<Seed000Plan>()? {
            Seed000Plan::Disarm { unit, target, .. } => (|| {
                let (a, t) = (ctx.unit(unit)?, ctx.unit(target)?);
                let c = ctx.assess_contest(ContestKind::Disarm, a, t)?;
                Ok(Preview {
                    contest: Some(ContestPreview::of(ctx, ContestKind::Disarm, &c)),
                    modifiers: c.modifiers,
                    ..Preview::default()
                })
            })(),
            Seed000Plan::Hide { unit } => ctx
                .unit(unit)
                .map(|a| chance(Aim::Hide, hide_chance(ctx, a))),
            Seed000Plan::SwitchPlaces { ally, .. } => ctx.unit(ally).map(|b| {
                let aim = Aim::SwitchPlaces {
                    ally: b.name.to_string(),
                    rp_left: b.reactions.points.saturating_sub(1),
                };
                chance(aim, Chance::certain())
            }),
            Seed000Plan::Hold { .. } => return None,
        })
    }
}

impl Hud for Seed000 {
    #[cfg(feature = "window")]
    fn primary_intents(&self) -> &'static [crate::game::controls::Intent] {
        use crate::game::controls::Intent;
        &[Intent::Hide, Intent::Hold, Intent::NonLethal]
    }

    fn notes_text(&self, preview: &Preview) -> Option<String> {
        preview
            .notes_of::<held::HeldPreviews>()
            .map(held::HeldPreviews::text)
    }

    #[cfg(feature = "window")]
    fn intent_action(&self, intent: crate::game::controls::Intent) -> Option<ActionKind> {
        use crate::game::controls::Intent;
        Some(match intent {
            Intent::Disarm => action_names::DISARM,
            Intent::SwitchPlaces => action_names::SWITCH_PLACES,
            Intent::Hide => action_names::HIDE,
            Intent::Hold => action_names::HOLD,
            _ => return None,
        })
    }

    #[cfg(feature = "window")]
    fn action_text(
        &self,
        intent: crate::game::controls::Intent,
        action: Option<ActionKind>,
    ) -> Option<&'static str> {
        Some(match (intent, action) {
            (_, Some(action_names::DISARM)) => "contest; take an adjacent enemy's held weapon",
            (_, Some(action_names::SWITCH_PLACES)) => {
                "trade places with an adjacent ally (its 1 RP)"
            }
            (_, Some(action_names::HIDE)) => {
                "stealth against every enemy's perception, out of sight"
            }
            (_, Some(action_names::HOLD)) => "ready an attack for the next enemy step in reach",
            (crate::game::controls::Intent::NonLethal, _) => "attacks take a d4 off and never kill",
            _ => return None,
        })
    }

    fn side_panel_extra(&self, u: &UnitSnap, rules: &Ruleset) -> Option<String> {
        // The DR values against Poison and Psychic and the skills.
        let s = u.stats.seed000();
        rules.hiding.then(|| {
            format!(
                "Endurance {:+}   Will {:+}   Stealth {:+}   Perception {:+}   First Aid {:+}",
                s.endurance, s.will, s.stealth, s.perception, u.stats.first_aid
            )
        })
    }
}

impl Computer for Seed000 {
    fn hard_options(&self, view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
        let mut options = disarming::disarms(view, me);
        options.extend(switching::switches(view, me));
        options.extend(hiding::hide_option(view, me));
        options
    }

    fn hard_spare_ap(&self, view: &View, me: &UnitSnap) -> Option<Command> {
        computer::hold_attack(view, me).or_else(|| hiding::hide_with_spare_ap(view, me))
    }

    fn hard_instead_of_walk(
        &self,
        view: &View,
        me: &UnitSnap,
        walk: &Command,
        ap: u32,
    ) -> Option<Command> {
        computer::hold_instead_of_walk(view, me, walk, ap)
    }
}
