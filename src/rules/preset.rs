//! The presets (PRESETS.md): each rulebook as one value of [`Ruleset`], and a level's
//! `rules:` block, which names a preset and overrides RULES §11's switches after it. A
//! switch that means nothing under the preset is refused, with the reason.

use super::actions::ActionKind;
use super::path::DiagonalCost;
use super::ruleset::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

impl Preset {
    /// Every preset, in the order of PRESETS.md.
    pub const ALL: [Preset; 6] = [
        Preset::Core,
        Preset::Seed000,
        Preset::Seed001,
        Preset::Seed002,
        Preset::Seed003,
        Preset::Seed004,
    ];

    /// The whole rulebook.
    pub fn ruleset(self) -> Ruleset {
        match self {
            Preset::Core => Ruleset::default(),
            Preset::Seed000 => seed000(),
            Preset::Seed001 => seed001(),
            Preset::Seed002 => seed002(),
            Preset::Seed003 => seed003(),
            Preset::Seed004 => seed004(),
        }
    }

    /// A line on what the rulebook is like, for the level list and the README.
    pub fn character(self) -> &'static str {
        match self {
            Preset::Core => "3 AP + free move, d20 vs Evasion, RP reactions, facing, collisions",
            Preset::Seed000 => {
                "AP and RP, Evasion, Defense Rolls, held actions, hiding, a fixed initiative ladder, bleeding out"
            }
            Preset::Seed001 => {
                "opposed Combat Rolls paid from one 3-AP round budget, maneuvers on a critical win"
            }
            Preset::Seed002 => {
                "alternating activations of 5-Energy rounds, a fixed Attack Value against the defender's exploding d10, fighting on at 0 Aura"
            }
            Preset::Seed003 => {
                "wound slots, AP from Speed carried over, 3d6 against Defense, initiative you can spend to act out of turn"
            }
            Preset::Seed004 => {
                "d20 plus bursting bonus dice against Guard 15, two actions, Vigor for Dodge, Durability then Health"
            }
        }
    }

    /// Why a §11 switch means nothing under this preset, if it does not.
    pub fn meaningless(self, switch: &str) -> Option<&'static str> {
        match (self, switch) {
            (Preset::Seed001, "reactions_per_round") => Some(
                "Seed001 pays reactions from the same AP as actions, so there are no Reaction Points",
            ),
            (Preset::Seed002, "attacks_per_round" | "free_movement") => Some(
                "Seed002 has no turns and no free movement: each activation is one action paid in Energy",
            ),
            (
                Preset::Seed003,
                "ap_per_turn" | "free_movement" | "reactions_per_round" | "attacks_per_round",
            ) => Some(
                "Seed003's AP come from each combatant's Speed, at each round start and turn end; movement is bought with AP and reactions are paid in AP",
            ),
            (Preset::Seed004, "reactions_per_round") => Some(
                "Seed004 pays reactions in Vigor (Dodge 5, Take Opening 5), so there are no Reaction Points",
            ),
            _ => None,
        }
    }
}

/// Seed000's First Aid check: d20 + `first_aid` reaches this [000:22].
pub const SEED000_FIRST_AID_TARGET: i32 = 8;

/// Seed000 (presets/Seed000.md): no facing, flanking or attack cap; a fixed initiative
/// ladder; armored collisions; Defense Rolls against Poison and Psychic; no Exposed,
/// Unguarded or swift attacks; opportunity attacks only as a feature; held actions; hiding;
/// bleeding out.
fn seed000() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        preset: Preset::Seed000,
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
            (A::Disarm, 2),
            (A::Hide, 2),
            (A::Stabilize, 3),
            (A::SwitchPlaces, 1),
            (A::Hold, 0),
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

/// Seed001 (presets/Seed001.md): 3 AP a round shared by actions and reactions, the opposed
/// Combat Roll with a defence choice and maneuvers on a critical win, flat resistances,
/// armor against physical damage only, cover as penalties, surprise that loses the first
/// turn, no facing.
fn seed001() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        preset: Preset::Seed001,
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
            (A::Manipulate, 1),
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

/// Seed002's Energy per round [002:5]; Swift Attacks per round [002:479].
pub const SEED002_ENERGY: u32 = 5;
pub const SEED002_SWIFT_ATTACKS: u32 = 1;

/// Seed002 (presets/Seed002.md): no turns but alternating activations of one action, each
/// round 5 Energy for priced actions and reactions alike, the attacker's fixed AV against
/// the defender's exploding Evasion roll with a d20 Combat roll for criticals, Exposure and
/// armor, Aura and Death rolls, Swift Attacks instead of opportunity attacks, footwork paid
/// in Agility, Stamina that caps Energy.
fn seed002() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        preset: Preset::Seed002,
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
            (A::UnarmedAttack, 2),
            (A::RangedAttack, 1),
            (A::SwiftAttack, 1),
            (A::Coup, 1),
            (A::Load, 1),
            (A::Shift, 1),
            (A::Kneel, 1),
            (A::StandUp, 1),
            (A::Defend, 1),
            (A::Trip, 3),
            (A::Shove, 2),
            (A::Grab, 2),
            (A::Charge, 5),
            (A::Escape, 3),
            (A::Release, 0),
            (A::CatchBreath, 3),
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

/// Seed003 (presets/Seed003.md): AP from Speed at each round start and turn end, carried
/// over; 3d6 against Defense for every roll; wounds that fill slots; a spendable
/// initiative that decides each next turn and lets the faster act out of turn; flanking as
/// a state of the target; graded cover for melee too; Rebuff, Harry, Interpose, Cling and
/// readied actions paid in AP; Stamina and fatigue.
fn seed003() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        preset: Preset::Seed003,
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
            (A::Dash, 2),
            (A::ChangePosture, 2),
            (A::Attack, 4),
            (A::QuickAttack, 3),
            (A::StrongAttack, 5),
            (A::NonlethalAttack, 4),
            (A::Defend, 3),
            (A::CreateOpening, 3),
            (A::Shove, 3),
            (A::Trip, 3),
            (A::Grab, 4),
            (A::Pin, 4),
            (A::Drag, 2),
            (A::Escape, 4),
            (A::SeizeInitiative, 4),
            (A::Ready, 1),
            (A::Stabilize, 4),
            (A::Ignore, 0),
            (A::Release, 0),
            (A::EndTurn, 0),
            (A::Rebuff, 4),
            (A::Harry, 2),
            (A::Interpose, 2),
            (A::Cling, 2),
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

/// Seed004's actions per turn [004:19].
pub const SEED004_ACTIONS_PER_TURN: u32 = 2;

/// Seed004 (presets/Seed004.md): two actions a turn of any mix, d20 plus bursting bonus
/// dice against a flat Guard with a Dodge paid in Vigor, Durability then Health then Shock,
/// armor that stops physical damage only and wears down, Take Opening instead of
/// opportunity attacks, cover that raises Guard and armor, an ambush that costs actions.
fn seed004() -> Ruleset {
    use ActionKind as A;
    Ruleset {
        preset: Preset::Seed004,
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

/// A level's `rules:` block: a preset (Core when missing) and RULES §11's switches, each
/// overriding the preset's value.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RulesBlock {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<Preset>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flanking: Option<Flanking>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagonal_cost: Option<DiagonalCost>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ap_per_turn: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub free_movement: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reactions_per_round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attacks_per_round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub facing: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub collision_ignores_armor: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cover: Option<CoverRule>,
}

/// A switch of a `rules:` block that cannot be used, with why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwitchProblem {
    /// The switch's field name (`ap_per_turn`), for locating the problem.
    pub switch: &'static str,
    pub message: String,
}

impl RulesBlock {
    /// The rules in force: the preset with the switches applied, or every problem.
    pub fn resolve(&self) -> Result<Ruleset, Vec<SwitchProblem>> {
        let preset = self.preset.unwrap_or_default();
        let mut r = preset.ruleset();
        let mut problems = Vec::new();
        for (switch, value, min) in [
            ("ap_per_turn", self.ap_per_turn, 1),
            ("reactions_per_round", self.reactions_per_round, 0),
            ("attacks_per_round", self.attacks_per_round, 1),
        ] {
            match value {
                Some(v) if v < min || v > MAX_RULESET_COUNT => problems.push(SwitchProblem {
                    switch,
                    message: format!(
                        "rules: {switch} must be between {min} and {MAX_RULESET_COUNT} (got {v})"
                    ),
                }),
                _ => {}
            }
        }
        for switch in self.set_switches() {
            if let Some(why) = preset.meaningless(switch) {
                problems.push(SwitchProblem {
                    switch,
                    message: format!("rules: `{switch}` has no meaning under {preset:?}: {why}"),
                });
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        set(&mut r.flanking, self.flanking);
        set(&mut r.diagonal_cost, self.diagonal_cost);
        set(&mut r.ap_per_turn, self.ap_per_turn);
        set(&mut r.free_movement, self.free_movement);
        set(&mut r.reactions_per_round, self.reactions_per_round);
        set(&mut r.attacks_per_round, self.attacks_per_round);
        set(&mut r.facing, self.facing);
        set(&mut r.collision_ignores_armor, self.collision_ignores_armor);
        set(&mut r.cover, self.cover);
        Ok(r)
    }

    /// The names of the switches the block sets.
    fn set_switches(&self) -> Vec<&'static str> {
        [
            ("flanking", self.flanking.is_some()),
            ("diagonal_cost", self.diagonal_cost.is_some()),
            ("ap_per_turn", self.ap_per_turn.is_some()),
            ("free_movement", self.free_movement.is_some()),
            ("reactions_per_round", self.reactions_per_round.is_some()),
            ("attacks_per_round", self.attacks_per_round.is_some()),
            ("facing", self.facing.is_some()),
            (
                "collision_ignores_armor",
                self.collision_ignores_armor.is_some(),
            ),
            ("cover", self.cover.is_some()),
        ]
        .into_iter()
        .filter(|(_, set)| *set)
        .map(|(name, _)| name)
        .collect()
    }
}

/// Put `v` in `slot` when the block sets it.
fn set<T>(slot: &mut T, v: Option<T>) {
    if let Some(v) = v {
        *slot = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_without_a_preset_is_core_with_its_switches() {
        let block = RulesBlock {
            ap_per_turn: Some(4),
            ..RulesBlock::default()
        };
        let r = block.resolve().unwrap();
        assert_eq!(
            r,
            Ruleset {
                ap_per_turn: 4,
                ..Ruleset::default()
            }
        );
    }

    #[test]
    fn switches_override_the_preset_and_meaningless_ones_are_refused() {
        let block = RulesBlock {
            preset: Some(Preset::Seed000),
            flanking: Some(Flanking::Line),
            ..RulesBlock::default()
        };
        let r = block.resolve().unwrap();
        assert_eq!(
            (r.preset, r.flanking, r.facing),
            (Preset::Seed000, Flanking::Line, false)
        );
        let block = RulesBlock {
            preset: Some(Preset::Seed001),
            reactions_per_round: Some(1),
            ..RulesBlock::default()
        };
        let problems = block.resolve().unwrap_err();
        assert_eq!(problems[0].switch, "reactions_per_round");
    }
}
