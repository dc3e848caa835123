//! Seed002 (presets/Seed002.md): its ruleset, words and conditions.

mod describe;
mod ruleset;
mod words;

pub use ruleset::*;

use crate::battle::assess::Ctx;
use crate::battle::av_odds::av_odds;
use crate::battle::command::{Plan, View};
use crate::battle::describe::Words;
use crate::battle::engine::{AvAttack, Battle, PendingAttack};
use crate::battle::events::BattleEvent;
use crate::battle::events::Command;
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::level::{SEED002_STAT_BOUNDS, bounds};
use crate::rulebook::Rulebook;
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Seed002";

/// Seed002, for the registry.
pub struct Seed002;

impl Rulebook for Seed002 {
    fn name(&self) -> &'static str {
        NAME
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
        let shared = ["guard", "stamina", "ranged_evasion", "speed"];
        shared
            .contains(&field)
            .then(|| bounds(&SEED002_STAT_BOUNDS, field))
    }

    fn plan_action(
        &self,
        view: &View,
        actor: &UnitSnap,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        crate::battle::command::seed002::plan_seed002(view, actor, cmd)
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
        Ok(Preview {
            av: Some(av_odds(ctx, a, t, Some(weapon), None, false, false)?),
            ..Preview::default()
        })
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
