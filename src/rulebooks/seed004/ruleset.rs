//! Seed004's rules as data: its values of the core's `Ruleset` (presets/Seed004.md).

use crate::rules::actions::ActionKind;
use crate::rules::ruleset::*;
use std::collections::BTreeMap;

/// Seed004's actions per turn [004:19].
pub const SEED004_ACTIONS_PER_TURN: u32 = 2;

/// Seed004 (presets/Seed004.md): two actions a turn of any mix, d20 plus bursting bonus
/// dice against a flat Guard with a Dodge paid in Vigor, Durability then Health then Shock,
/// armor that stops physical damage only and wears down, Take Opening instead of
/// opportunity attacks, cover that raises Guard and armor, an ambush that costs actions.
pub fn ruleset() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        rulebook: RulebookId(super::NAME),
        flanking: Flanking::Off,
        ap_per_turn: SEED004_ACTIONS_PER_TURN,
        free_movement: false,
        reactions_per_round: MAX_RULESET_COUNT,
        attacks_per_round: MAX_RULESET_COUNT,
        cover: CoverRule::GuardArmor,
        initiative: InitiativeRule::BonusDice,
        surprise: SurpriseRule::Ambush,
        reaction_pool: ReactionPool::Vigor,
        costs: ActionCosts(BTreeMap::from([
            (A::Move, 1),
            (A::Attack, 1),
            (A::Defend, 1),
            (A::TakeCover, 1),
            (A::Ready, 1),
            (A::StandUp, 1),
            (A::Shove, 1),
            (A::Trip, 1),
            (A::Grab, 1),
            (A::Escape, 1),
            (A::FirstAid, 2),
            (A::Release, 0),
            (A::Face, 0),
            (A::EndTurn, 0),
        ])),
        hit: HitRule::GuardDice,
        exposure: false,
        ranged_in_melee: false,
        creature_cover: false,
        prone_ends_moves: true,
        damage: DamageModel::DurabilityHealth,
        armor_vs: ArmorVs::PhysicalOnly,
        opportunity: OpportunityRule::TakeOpening,
        resource: ResourceRule::Vigor,
        armor_wears: true,
        actions_end_moves: true,
        prone_movement: ProneMovement::QuarterPool,
        ..Ruleset::default()
    }
}
