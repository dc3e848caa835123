//! Seed000's rules as data: its values of the core's `Ruleset` (presets/Seed000.md).

use crate::rulebooks::seed000::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::*;
use std::collections::BTreeMap;

pub const SEED000_FIRST_AID_TARGET: i32 = 8;

/// Seed000 (presets/Seed000.md): no facing, flanking or attack cap; a fixed initiative
/// ladder; armored collisions; Defense Rolls against Poison and Psychic; no Exposed,
/// Unguarded or swift attacks; opportunity attacks only as a feature; held actions; hiding;
/// bleeding out.
pub fn ruleset() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        rulebook: RulebookId(super::NAME),
        flanking: Flanking::Off,
        facing: false,
        attacks_per_round: MAX_RULESET_COUNT,
        collision_ignores_armor: false,
        initiative: InitiativeRule::FixedEachRound,
        surprise: SurpriseRule::ActLastUnseen,
        costs: ActionCosts(BTreeMap::from([
            (A::Move, 1),
            (A::Sprint, 3),
            (A::Attack, 2),
            (A::Defend, 2),
            (A::TakeCover, 1),
            (A::Shove, 1),
            (A::Trip, 2),
            (A::Grab, 2),
            (action_names::DISARM, 2),
            (action_names::HIDE, 2),
            (A::Stabilize, 3),
            (action_names::SWITCH_PLACES, 1),
            (action_names::HOLD, 0),
            (A::Escape, 2),
            (A::Release, 0),
            (A::StandUp, 1),
            (A::Delay, 0),
            (A::EndTurn, 0),
        ])),
        exposure: false,
        range_bands: false,
        damage: DamageModel::BleedOut,
        prone_ends_moves: true,
        dr_values: true,
        non_lethal: true,
        push_joins_hit: true,
        stances: StanceRule::DefenceRolls,
        stabilize: StabilizeRule::FirstAid {
            target: SEED000_FIRST_AID_TARGET,
        },
        pass_enemies: true,
        leaning: true,
        opportunity: OpportunityRule::Feature,
        held_actions: true,
        hiding: true,
        ..Ruleset::default()
    }
}
