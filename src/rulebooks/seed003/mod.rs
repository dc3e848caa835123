//! Seed003 (presets/Seed003.md): its ruleset, words and conditions.

mod describe;
mod ruleset;
mod words;

pub use ruleset::*;

use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View};
use crate::battle::describe::Words;
use crate::battle::engine::{Attack3Work, Battle, PendingAttack};
use crate::battle::events::AttackKind;
use crate::battle::events::BattleEvent;
use crate::battle::events::Command;
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::seed003::odds::odds3;
use crate::battle::snapshot::UnitSnap;
use crate::level::{SEED003_STAT_BOUNDS, bounds};
use crate::rulebook::Rulebook;
use crate::rules::combat_roll::Maneuver;
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Seed003";

/// Seed003, for the registry.
pub struct Seed003;

impl Rulebook for Seed003 {
    fn name(&self) -> &'static str {
        NAME
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
        let shared = ["stamina", "ranged_evasion", "speed"];
        shared
            .contains(&field)
            .then(|| bounds(&SEED003_STAT_BOUNDS, field))
    }

    fn plan_action(
        &self,
        view: &View,
        actor: &UnitSnap,
        cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        crate::battle::command::seed003::plan_seed003(view, actor, cmd)
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
            three: Some(o),
            ..Preview::default()
        })
    }

    fn declare_attack(&self, battle: &mut Battle, p: PendingAttack, _named: Option<Maneuver>) {
        battle.declare_attack3(Attack3Work::new(p.attacker, p.target, p.weapon, p.kind));
    }

    fn describe(&self, ev: &BattleEvent) -> Option<String> {
        describe::describe(ev)
    }

    fn words(&self) -> &'static Words {
        &words::WORDS
    }

    fn condition_effect(&self, kind: ConditionKind) -> Option<&'static str> {
        use ConditionKind as C;
        Some(match kind {
            C::Prone => {
                "melee attacks against it +3, ranged −3; each step costs double; ends when it stands up"
            }
            C::Dazed => "−2 on its attacks and checks",
            C::Defending => {
                "until its next turn or a wound, each Defense is the best of it + 2 and the others"
            }
            C::Bleeding => "a Light wound at the start of each of its turns; Stabilize ends it",
            C::Exhausted => "−2 on its attacks and checks",
            _ => return None,
        })
    }
}
