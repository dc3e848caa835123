//! Seed001's rules as data: its values of the core's `Ruleset` (presets/Seed001.md).

use crate::rulebooks::seed001::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::*;
use std::collections::BTreeMap;

/// Seed001 (presets/Seed001.md): 3 AP a round shared by actions and reactions, the opposed
/// Combat Roll with a defence choice and maneuvers on a critical win, flat resistances,
/// armor against physical damage only, cover as penalties, surprise that loses the first
/// turn, no facing.
pub fn ruleset() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        rulebook: RulebookId(super::NAME),
        facing: false,
        cover: CoverRule::Penalty,
        surprise: SurpriseRule::LoseFirstTurn,
        ap_refresh: ApRefresh::PerRound,
        reaction_pool: ReactionPool::SharedAp,
        costs: ActionCosts(BTreeMap::from([
            (A::Move, 1),
            (A::Attack, 1),
            (A::Disengage, 1),
            (A::Grab, 1),
            (A::Escape, 1),
            (A::StandUp, 1),
            (A::TakeCover, 1),
            (action_names::MANIPULATE, 1),
            (A::Release, 0),
            (A::Stabilize, 3),
            (A::Delay, 0),
            (A::EndTurn, 0),
        ])),
        hit: HitRule::CombatRoll,
        exposure: false,
        ranged_in_melee: false,
        creature_cover: false,
        grapple_penalties: false,
        prone_ends_moves: true,
        maneuvers: Maneuvers::OnCriticalWin,
        armor_vs: ArmorVs::PhysicalOnly,
        affinities: Affinities::Flat,
        ..Ruleset::default()
    }
}
