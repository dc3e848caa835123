//! The rules as data: RULES §11's switches and the axes on which the rulebooks differ, with
//! Core's values as the default; the condition kinds and durations that levels and weapons
//! name. The presets' values and a level's `rules:` block are in `preset.rs`.

use super::actions::ActionKind;
use super::path::DiagonalCost;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Which positions flank a target (RULES §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Flanking {
    /// The segment between attacker and ally passes through the target's tile (Core).
    #[default]
    Line,
    /// The angle attacker–target–ally is at least 120°; ranged attacks within normal range
    /// flank too.
    Arc120,
    Off,
}

/// How half cover protects against ranged attacks (RULES §11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum CoverRule {
    /// +2 Evasion (Core).
    #[default]
    Evasion,
    /// −2 to hit behind low (half) cover, −5 behind high cover (half cover while Taking Cover).
    Penalty,
}

/// Core: AP each turn.
pub const CORE_AP_PER_TURN: u32 = 3;
/// Core: Reaction Points each round.
pub const CORE_REACTIONS_PER_ROUND: u32 = 2;
/// Core: attacks (actions and reactions together) each round.
pub const CORE_ATTACKS_PER_ROUND: u32 = 2;
/// Largest value a level may give the counting switches.
pub const MAX_RULESET_COUNT: u32 = 20;

/// The rules in force: RULES §11's switches and the axes on which the rulebooks differ
/// (PRESETS.md). Core is one value of it ([`Ruleset::default`]); each preset is another
/// (`preset.rs`); a level's `rules:` block names a preset and overrides switches
/// ([`super::preset::RulesBlock`]). The systems read these fields; no system asks which
/// preset is in force.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ruleset {
    /// The rulebook these rules come from, for the summary and the HUD.
    pub preset: Preset,
    // -- RULES §11 switches
    pub flanking: Flanking,
    pub diagonal_cost: DiagonalCost,
    /// AP each turn, or each round under `ApRefresh::PerRound`.
    pub ap_per_turn: u32,
    pub free_movement: bool,
    pub reactions_per_round: u32,
    pub attacks_per_round: u32,
    pub facing: bool,
    pub collision_ignores_armor: bool,
    pub cover: CoverRule,
    // -- who acts when
    pub initiative: InitiativeRule,
    pub surprise: SurpriseRule,
    // -- what a turn buys
    pub ap_refresh: ApRefresh,
    pub reaction_pool: ReactionPool,
    pub costs: ActionCosts,
    // -- who rolls, and against what
    pub hit: HitRule,
    /// Exposed and Unguarded exist (criticals, fumbles, pushes and standing up give them),
    /// and with them swift attacks.
    pub exposure: bool,
    /// A ranged weapon reaches to its long range (at disadvantage beyond normal range);
    /// without bands it reaches its normal range only.
    pub range_bands: bool,
    /// A ranged attack with an able enemy adjacent has disadvantage.
    pub ranged_in_melee: bool,
    /// A creature in the way gives half cover, and a miss may hit it.
    pub creature_cover: bool,
    /// Restrained and Grappling give disadvantage on attacks.
    pub grapple_penalties: bool,
    /// A mover knocked Prone on the way stops there (Core: only a charge does).
    pub prone_ends_moves: bool,
    pub maneuvers: Maneuvers,
    // -- how wounds work
    pub damage: DamageModel,
    pub armor_vs: ArmorVs,
    pub affinities: Affinities,
    /// Poison and Psychic meet `endurance` and `will` (with cover bonuses) instead of
    /// ignoring armor.
    pub dr_values: bool,
    // -- which reactions exist
    pub opportunity: OpportunityRule,
    pub held_actions: bool,
    pub hiding: bool,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset {
            preset: Preset::Core,
            flanking: Flanking::Line,
            diagonal_cost: DiagonalCost::Uniform,
            ap_per_turn: CORE_AP_PER_TURN,
            free_movement: true,
            reactions_per_round: CORE_REACTIONS_PER_ROUND,
            attacks_per_round: CORE_ATTACKS_PER_ROUND,
            facing: true,
            collision_ignores_armor: true,
            cover: CoverRule::Evasion,
            initiative: InitiativeRule::RolledOnce,
            surprise: SurpriseRule::ActLast,
            ap_refresh: ApRefresh::PerTurn,
            reaction_pool: ReactionPool::Rp,
            costs: ActionCosts::core(),
            hit: HitRule::VsEvasion,
            exposure: true,
            range_bands: true,
            ranged_in_melee: true,
            creature_cover: true,
            grapple_penalties: true,
            prone_ends_moves: false,
            maneuvers: Maneuvers::None,
            damage: DamageModel::Vitality,
            armor_vs: ArmorVs::All,
            affinities: Affinities::Halving,
            dr_values: false,
            opportunity: OpportunityRule::Everyone,
            held_actions: false,
            hiding: false,
        }
    }
}

impl Ruleset {
    /// The AP an action costs, or `None` when this rulebook does not have it.
    pub fn cost(&self, action: ActionKind) -> Option<u32> {
        self.costs.get(action)
    }

    /// Whether the rulebook has this action at all.
    pub fn has(&self, action: ActionKind) -> bool {
        self.costs.get(action).is_some()
    }
}

/// A named rulebook (PRESETS.md): Core, or one of the seed rulebooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Preset {
    #[default]
    Core,
    Seed000,
    Seed001,
}

/// Who acts when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InitiativeRule {
    /// d6 + `initiative` once at the start (Core, Seed001).
    RolledOnce,
    /// No die: the order is rebuilt each round from the current `initiative` values
    /// (Seed000).
    FixedEachRound,
}

/// What a side marked `surprised` loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SurpriseRule {
    /// It acts last in round 1, Unguarded and making no reactions until its first turn
    /// (Core).
    ActLast,
    /// It acts last in round 1 and makes no reactions until its first turn; every enemy
    /// starts Hidden from it (Seed000).
    ActLastUnseen,
    /// Its round-1 turns are skipped and it takes no reactions in round 1 (Seed001).
    LoseFirstTurn,
}

/// When AP come back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ApRefresh {
    /// Each turn start (Core).
    PerTurn,
    /// Each round start, for the whole round: turns and reactions alike (Seed001).
    PerRound,
}

/// What reactions are paid from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReactionPool {
    /// Their own Reaction Points, `reactions_per_round` each round (Core).
    Rp,
    /// 1 AP each from the same AP as actions (Seed001).
    SharedAp,
}

/// Who rolls, and against what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HitRule {
    /// d20 + hit against the target's Evasion; natural 20 and 1 (Core, Seed000).
    VsEvasion,
    /// Opposed tests counting successes, with the defender's chosen defence (Seed001).
    CombatRoll,
}

/// What may follow a critical win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Maneuvers {
    None,
    /// The winner of a Combat Roll by a critical win picks a maneuver (Seed001).
    OnCriticalWin,
}

/// How wounds work and what "Down" means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageModel {
    /// Vitality down to 0, then Down (Core).
    Vitality,
    /// Vitality may fall to −maximum: Down and Bleeding at 0 or less, Dead at −maximum
    /// (Seed000).
    BleedOut,
}

/// Which damage armor stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArmorVs {
    /// Every type but Poison and Psychic (Core).
    All,
    /// Physical only (Seed001).
    PhysicalOnly,
}

/// How resistance and vulnerability count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Affinities {
    /// Halved, ×1.5, rounded down (Core).
    Halving,
    /// Flat values subtracted and added, one clamp at 0 (Seed001).
    Flat,
}

/// Who makes opportunity attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpportunityRule {
    /// Every combatant (Core).
    Everyone,
    /// Only combatants whose `reactions` list `Opportunity` (Seed000).
    Feature,
}

/// The AP each action costs; an action missing from the table does not exist in the
/// rulebook.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionCosts(pub BTreeMap<ActionKind, u32>);

impl ActionCosts {
    pub fn get(&self, action: ActionKind) -> Option<u32> {
        self.0.get(&action).copied()
    }

    /// RULES §4.
    pub fn core() -> ActionCosts {
        use ActionKind as A;
        ActionCosts(BTreeMap::from([
            (A::Move, 1),
            (A::Sprint, 3),
            (A::Attack, 2),
            (A::Defend, 2),
            (A::TakeCover, 1),
            (A::Disengage, 1),
            (A::Shove, 1),
            (A::Trip, 2),
            (A::Grab, 2),
            (A::Escape, 2),
            (A::Release, 0),
            (A::StandUp, 1),
            (A::Charge, 3),
            (A::Stabilize, 3),
            (A::Face, 0),
            (A::Delay, 0),
            (A::EndTurn, 0),
        ]))
    }
}

/// The conditions of RULES §9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ConditionKind {
    Prone,
    Exposed,
    Unguarded,
    Dazed,
    Restrained,
    Grappling,
    Bleeding,
    Defending,
    TakingCover,
    Surprised,
    Down,
    /// Seed001: the next rolled defence test has a boon.
    Braced,
    /// Seed001: the next attack on the linked enemy has a boon.
    Feinting,
}

impl ConditionKind {
    pub const ALL: [ConditionKind; 13] = [
        ConditionKind::Prone,
        ConditionKind::Exposed,
        ConditionKind::Unguarded,
        ConditionKind::Dazed,
        ConditionKind::Restrained,
        ConditionKind::Grappling,
        ConditionKind::Bleeding,
        ConditionKind::Defending,
        ConditionKind::TakingCover,
        ConditionKind::Surprised,
        ConditionKind::Down,
        ConditionKind::Braced,
        ConditionKind::Feinting,
    ];

    /// The daughter conditions a condition implies (RULES §9 parent and daughter).
    pub fn implies(self) -> &'static [ConditionKind] {
        match self {
            ConditionKind::Prone
            | ConditionKind::Dazed
            | ConditionKind::Unguarded
            | ConditionKind::Restrained => &[ConditionKind::Exposed],
            ConditionKind::Surprised => &[ConditionKind::Unguarded],
            ConditionKind::Down => &[ConditionKind::Prone],
            _ => &[],
        }
    }

    /// How long the condition lasts when a weapon inflicts it without naming a duration
    /// (RULES §2): Exposed and Unguarded until the end of the round, Dazed until the end of
    /// the target's next turn, Prone until it stands up and Bleeding until stabilized.
    pub fn default_weapon_duration(self) -> Duration {
        match self {
            ConditionKind::Exposed | ConditionKind::Unguarded => Duration::EndOfRound,
            ConditionKind::Dazed => Duration::EndOfNextTurn,
            _ => Duration::UntilRemoved,
        }
    }

    /// How long the condition lasts for `duration`, in words: "until removed" is said as
    /// what removes it (Prone: standing up; Bleeding: Stabilize).
    pub fn lasting(self, duration: Duration) -> String {
        match (self, duration) {
            (ConditionKind::Prone, Duration::UntilRemoved) => "until it stands up".into(),
            (ConditionKind::Bleeding, Duration::UntilRemoved) => "until stabilized".into(),
            _ => duration.to_string(),
        }
    }

    /// Exposed and Unguarded: they exist only under rules with `exposure`.
    pub fn is_exposure(self) -> bool {
        matches!(self, ConditionKind::Exposed | ConditionKind::Unguarded)
    }

    /// Whether a weapon may inflict this condition through `on_hit` or `on_crit`.
    pub fn inflictable(self) -> bool {
        matches!(
            self,
            ConditionKind::Prone
                | ConditionKind::Exposed
                | ConditionKind::Unguarded
                | ConditionKind::Dazed
                | ConditionKind::Bleeding
        )
    }
}

impl fmt::Display for ConditionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            ConditionKind::TakingCover => "Taking Cover",
            other => return fmt::Debug::fmt(other, f),
        };
        f.write_str(s)
    }
}

/// How long a condition lasts (RULES §9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Duration {
    /// Until the end of the current round.
    EndOfRound,
    /// Until the start of the holder's next turn.
    StartOfNextTurn,
    /// Until the end of the holder's next turn.
    EndOfNextTurn,
    /// N rounds: the round it starts in is round 1; it ends at the end of round N.
    Rounds(u32),
    /// Until something removes it.
    UntilRemoved,
}

impl fmt::Display for Duration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Duration::EndOfRound => f.write_str("until the end of the round"),
            Duration::StartOfNextTurn => f.write_str("until the start of its next turn"),
            Duration::EndOfNextTurn => f.write_str("until the end of its next turn"),
            Duration::Rounds(n) => write!(f, "for {n} round(s)"),
            Duration::UntilRemoved => f.write_str("until removed"),
        }
    }
}
