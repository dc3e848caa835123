//! Seed004 (presets/Seed004.md): its ruleset, words and conditions.

mod describe;
mod ruleset;
mod words;

pub use ruleset::*;

use crate::battle::assess::Ctx;
use crate::battle::describe::Words;
use crate::battle::engine::Work;
use crate::battle::engine::{Battle, GuardAttack, PendingAttack};
use crate::battle::events::BattleEvent;
use crate::battle::guard_odds::guard_odds;
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebook::Rulebook;
use crate::rules::combat_roll::Maneuver;
use crate::rules::condition::ConditionKind;
use crate::rules::ruleset::Ruleset;

/// The name levels give it.
pub const NAME: &str = "Seed004";

/// Seed004, for the registry.
pub struct Seed004;

impl Rulebook for Seed004 {
    fn name(&self) -> &'static str {
        NAME
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
            guard: Some(odds),
            ..Preview::default()
        })
    }

    fn declare_attack(&self, battle: &mut Battle, p: PendingAttack, _named: Option<Maneuver>) {
        let attack = GuardAttack::new(p.attacker, p.target, Some(p.weapon), p.kind);
        battle.resolution.stack.push(Work::GuardAttack(attack));
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
