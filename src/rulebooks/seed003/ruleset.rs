//! Seed003's rules as data: its values of the core's `Ruleset` (presets/Seed003.md).

use crate::rulebooks::seed003::action_names;
use crate::rules::actions::ActionKind;
use crate::rules::path::DiagonalCost;
use crate::rules::ruleset::*;
use std::collections::BTreeMap;

/// Seed003 (presets/Seed003.md): AP from Speed at each round start and turn end, carried
/// over; 3d6 against Defense for every roll; wounds that fill slots; a spendable
/// initiative that decides each next turn and lets the faster act out of turn; flanking as
/// a state of the target; graded cover for melee too; Rebuff, Harry, Interpose, Cling and
/// readied actions paid in AP; Stamina and fatigue.
pub fn ruleset() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        rulebook: RulebookId(super::NAME),
        flanking: Flanking::Surround120,
        diagonal_cost: DiagonalCost::Alternating,
        ap_per_turn: 0,
        free_movement: false,
        reactions_per_round: MAX_RULESET_COUNT,
        attacks_per_round: MAX_RULESET_COUNT,
        facing: false,
        cover: CoverRule::Graded,
        initiative: InitiativeRule::Spendable,
        surprise: SurpriseRule::LoseInitiative,
        ap_refresh: ApRefresh::SpeedTable,
        reaction_pool: ReactionPool::PricedAp,
        costs: ActionCosts(BTreeMap::from([
            (A::Move, 1),
            (action_names::DASH, 2),
            (action_names::CHANGE_POSTURE, 2),
            (A::Attack, 4),
            (action_names::QUICK_ATTACK, 3),
            (action_names::STRONG_ATTACK, 5),
            (action_names::NONLETHAL_ATTACK, 4),
            (A::Defend, 3),
            (action_names::CREATE_OPENING, 3),
            (A::Shove, 3),
            (A::Trip, 3),
            (A::Grab, 4),
            (action_names::PIN, 4),
            (action_names::DRAG, 2),
            (A::Escape, 4),
            (action_names::SEIZE_INITIATIVE, 4),
            (A::Ready, 1),
            (A::Stabilize, 4),
            (action_names::IGNORE, 0),
            (A::Release, 0),
            (A::EndTurn, 0),
            (action_names::REBUFF, 4),
            (action_names::HARRY, 2),
            (action_names::INTERPOSE, 2),
            (action_names::CLING, 2),
        ])),
        hit: HitRule::ThreeDice,
        exposure: false,
        ranged_in_melee: false,
        grapple_penalties: false,
        damage: DamageModel::WoundSlots,
        opportunity: OpportunityRule::Rebuff,
        resource: ResourceRule::StaminaFatigue,
        move_buying: MoveBuying::RateQuarters,
        ..Ruleset::default()
    }
}
