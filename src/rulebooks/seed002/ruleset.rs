//! Seed002's rules as data: its values of the core's `Ruleset` (presets/Seed002.md).

use crate::rulebooks::seed002::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::*;
use std::collections::BTreeMap;

/// Seed002's Energy per round [002:5]; Swift Attacks per round [002:479].
pub const SEED002_ENERGY: u32 = 5;
pub const SEED002_SWIFT_ATTACKS: u32 = 1;

/// Seed002 (presets/Seed002.md): no turns but alternating activations of one action, each
/// round 5 Energy for priced actions and reactions alike, the attacker's fixed AV against
/// the defender's exploding Evasion roll with a d20 Combat roll for criticals, Exposure and
/// armor, Aura and Death rolls, Swift Attacks instead of opportunity attacks, footwork paid
/// in Agility, Stamina that caps Energy.
pub fn ruleset() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        rulebook: RulebookId(super::NAME),
        flanking: Flanking::Off,
        ap_per_turn: SEED002_ENERGY,
        free_movement: false,
        reactions_per_round: SEED002_SWIFT_ATTACKS,
        attacks_per_round: MAX_RULESET_COUNT,
        initiative: InitiativeRule::Activations,
        surprise: SurpriseRule::RoundOne,
        ap_refresh: ApRefresh::PerRound,
        reaction_pool: ReactionPool::SharedAp,
        costs: ActionCosts(BTreeMap::from([
            (A::Move, 0),
            (A::Sprint, 3),
            (A::Attack, 3),
            (action_names::UNARMED_ATTACK, 2),
            (action_names::RANGED_ATTACK, 1),
            (action_names::SWIFT_ATTACK, 1),
            (action_names::COUP, 1),
            (action_names::LOAD, 1),
            (action_names::SHIFT, 1),
            (action_names::KNEEL, 1),
            (A::StandUp, 1),
            (A::Defend, 1),
            (A::Trip, 3),
            (A::Shove, 2),
            (A::Grab, 2),
            (A::Charge, 5),
            (A::Escape, 3),
            (A::Release, 0),
            (action_names::CATCH_BREATH, 3),
            (A::Stabilize, 3),
            (A::Face, 0),
            (A::EndTurn, 0),
        ])),
        hit: HitRule::DefenderRolls,
        ranged_in_melee: false,
        grapple_penalties: false,
        prone_ends_moves: true,
        damage: DamageModel::AuraDeathRolls,
        affinities: Affinities::Doubling,
        opportunity: OpportunityRule::SwiftSteps,
        resource: ResourceRule::StaminaAgility,
        prone_movement: ProneMovement::ShiftOnly,
        ..Ruleset::default()
    }
}
