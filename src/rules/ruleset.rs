//! The rules as data: RULES §11's switches and the axes on which the rulebooks differ, with
//! Core's values as the default; the condition kinds and durations that levels and weapons
//! name. The presets' values and a level's `rules:` block are in `preset.rs`.

use super::actions::ActionKind;
use super::path::DiagonalCost;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub use super::condition::{ConditionKind, Duration};

/// Core's flat bonus to hit a flanked target (RULES §5).
pub const FLANKING_BONUS: i32 = 2;
/// Core's Evasion from half cover (RULES §5).
pub const HALF_COVER_EVASION: i32 = 2;

/// Which positions flank a target (RULES §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Flanking {
    /// The segment between attacker and ally passes through the target's tile (Core).
    #[default]
    Line,
    /// The angle attacker–target–ally is at least 120°; ranged attacks within normal range
    /// flank too.
    Arc120,
    /// A state of the target: any two hostile creatures at least 120° apart that can
    /// attack it flank it, and every attack on it gets +2; the target may ignore a flanker
    /// (Seed003).
    Surround120,
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
    /// Ranged attacks only, the best of each: Light cover +10 Guard; Partial (half cover
    /// between) +3 Guard and +5 armor; Full (Partial while Taking Cover) +5 Guard and +10
    /// armor (Seed004).
    GuardArmor,
    /// Graded cover against melee and ranged attacks alike: a quarter, half, three
    /// quarters, nine tenths, with posture raising it (Seed003).
    Graded,
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
    /// The rulebook these rules come from: the registry (`src/rulebooks/`) finds its own
    /// words, checks and actions by this name.
    pub rulebook: RulebookId,
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
    /// An attack may be non-lethal (a d4 off its damage, never below 0 vitality); Holy
    /// damage is non-lethal unless the attack says otherwise.
    pub non_lethal: bool,
    /// A weapon's push that ends in a collision adds the collision damage to the hit's, as
    /// one instance, when the weapon deals Physical damage; the push comes before damage.
    pub push_joins_hit: bool,
    /// What Defend and Take Cover do besides their Evasion.
    pub stances: StanceRule,
    pub stabilize: StabilizeRule,
    // -- movement
    /// A path may pass through a standing enemy's tile, at double cost and after a contest
    /// when the sizes are less than 2 apart.
    pub pass_enemies: bool,
    /// A ranged attack may lean out of full cover from an adjacent tile.
    pub leaning: bool,
    // -- which reactions exist
    pub opportunity: OpportunityRule,
    pub held_actions: bool,
    pub hiding: bool,
    // -- resources
    /// An extra pool that pays for reactions and off-hand blows, with its state at 0 and
    /// its recovery at the end of each round.
    pub resource: ResourceRule,
    /// Armor wears down as it stops damage, and breaks (Seed004).
    pub armor_wears: bool,
    /// Any action but Move empties the movement pool (Seed004).
    pub actions_end_moves: bool,
    /// What lying Prone does to movement.
    pub prone_movement: ProneMovement,
    /// How AP buy movement.
    pub move_buying: MoveBuying,
}

impl Default for Ruleset {
    fn default() -> Self {
        Ruleset {
            rulebook: RulebookId::CORE,
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
            non_lethal: false,
            push_joins_hit: false,
            stances: StanceRule::Contests,
            stabilize: StabilizeRule::AdjacentAlly,
            pass_enemies: false,
            leaning: false,
            opportunity: OpportunityRule::Everyone,
            held_actions: false,
            hiding: false,
            resource: ResourceRule::None,
            armor_wears: false,
            actions_end_moves: false,
            prone_movement: ProneMovement::DoubleCost,
            move_buying: MoveBuying::PerAp,
        }
    }
}

impl Ruleset {
    /// Whether the AP a combatant has left when its own turn ends are lost: they come
    /// back each turn (Core). Under `PerRound` they serve the rest of the round, under
    /// `SpeedTable` they carry over.
    pub fn turn_end_loses_ap(&self) -> bool {
        self.ap_refresh == ApRefresh::PerTurn
    }

    /// The AP an action costs, or `None` when this rulebook does not have it.
    pub fn cost(&self, action: ActionKind) -> Option<u32> {
        self.costs.get(action)
    }

    /// Whether the rulebook has this action at all.
    pub fn has(&self, action: ActionKind) -> bool {
        self.costs.get(action).is_some()
    }
}

/// A rulebook's name, as a level's `rules: (preset: …)` gives it: `Core`, `Seed002`, or the
/// name a rulebook registered from outside the crate took. The registry (`src/rulebooks/`)
/// finds the rulebook by it; the core never asks which one it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RulebookId(pub &'static str);

impl RulebookId {
    /// Core, the rules of RULES.md: what a level without a `preset` plays.
    pub const CORE: RulebookId = RulebookId("Core");

    /// The name for `name`, kept for the life of the program (names are few, each kept
    /// once).
    pub fn named(name: &str) -> RulebookId {
        RulebookId(super::names::kept(name))
    }
}

impl Default for RulebookId {
    fn default() -> Self {
        RulebookId::CORE
    }
}

impl std::fmt::Display for RulebookId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

/// Written as a bare name (`preset: Seed002`), as levels always have.
impl Serialize for RulebookId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_unit_variant("Rulebook", 0, self.0)
    }
}

impl<'de> Deserialize<'de> for RulebookId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        super::names::read_name(d, "a rulebook's name, such as Core")
            .map(|name| RulebookId::named(&name))
    }
}

/// Who acts when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InitiativeRule {
    /// d6 + `initiative` once at the start (Core, Seed001).
    RolledOnce,
    /// No die: the order is rebuilt each round from the current `initiative` values
    /// (Seed000).
    FixedEachRound,
    /// d20 + `initiative_dice` bursting bonus dice once at the start (Seed004, whose
    /// `initiative_tie` gives ties to more initiative dice).
    BonusDice,
    /// No turns: the sides take alternate activations of one action each, and a unit
    /// attacked may Seize the initiative (Seed002).
    Activations,
    /// 3d6 + `initiative` + 5 once, then a score that criticals and Seize Initiative move
    /// and out-of-turn actions spend; each turn goes to the highest score still to act,
    /// and a combatant with a higher score than the active one may act during its turn
    /// (Seed003).
    Spendable,
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
    /// It is Ambushed: one action in its round-1 turns, Unaware of everyone and no
    /// reactions until each one's first turn; every other side gets one extra action in
    /// round 1 (Seed004).
    Ambush,
    /// Surprised (Unguarded, no Seize or Swift Attack) until round 1 ends; round 1 opens
    /// with the first side that is not surprised (Seed002).
    RoundOne,
    /// It loses max(0, 5 − `initiative`) initiative and gets no round-start AP in round 1
    /// (Seed003).
    LoseInitiative,
}

/// When AP come back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ApRefresh {
    /// Each turn start (Core).
    PerTurn,
    /// Each round start, for the whole round: turns and reactions alike (Seed001).
    PerRound,
    /// From the Speed table at each round start and again at the end of the combatant's
    /// own turn, carried over up to its maximum (Seed003).
    SpeedTable,
}

/// What reactions are paid from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReactionPool {
    /// Their own Reaction Points, `reactions_per_round` each round (Core).
    Rp,
    /// 1 AP each from the same AP as actions (Seed001).
    SharedAp,
    /// Vigor, at each reaction's own price (Seed004).
    Vigor,
    /// The same AP as actions, at each reaction's price in the cost table (Seed003).
    PricedAp,
}

/// Who rolls, and against what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HitRule {
    /// d20 + hit against the target's Evasion; natural 20 and 1 (Core, Seed000).
    VsEvasion,
    /// Opposed tests counting successes, with the defender's chosen defence (Seed001).
    CombatRoll,
    /// d20 + bursting bonus dice must beat a flat Guard; the target may pay Vigor to Dodge
    /// with its own roll (Seed004).
    GuardDice,
    /// The attacker's fixed Attack Value against the defender's exploding Evasion roll; a
    /// separate d20 Combat roll decides criticals, Exposure and armor (Seed002).
    DefenderRolls,
    /// 3d6 + hit against a Defense; the margin, strength and weapon make the wound, and
    /// natural 17–18 and 3–4 move initiative (Seed003).
    ThreeDice,
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
    /// Durability, then Health: Wounded at 0 Durability, Shock (Down, dying within
    /// `stamina` rounds) at 0 Health, Dead on any further harm (Seed004).
    DurabilityHealth,
    /// Aura that never goes below 0, and fighting on at 0: further wounds call for Death
    /// rolls; Down means Unconscious or Dead (Seed002).
    AuraDeathRolls,
    /// Wounds fill slots of a track that overflow upwards to the single Fatal slot
    /// (Seed003).
    WoundSlots,
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
    /// Resistance halves, Weakness (Core's vulnerability) doubles, rounded down (Seed002).
    Doubling,
}

/// What Defend and Take Cover do besides the disadvantage and Evasion they give attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StanceRule {
    /// They help against contests: Defending gives advantage, Taking Cover advantage
    /// against forced movement; a creature Taking Cover gives no creature cover (Core).
    Contests,
    /// They help defence rolls instead (Seed000): Defending gives advantage on them, Taking
    /// Cover +1 to them and to DR values, and a creature Taking Cover covers only targets
    /// smaller than itself.
    DefenceRolls,
}

/// Who may be stabilized, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StabilizeRule {
    /// An adjacent Bleeding ally stops bleeding (Core).
    AdjacentAlly,
    /// Any Bleeding creature within 1 m, oneself included, standing or Down, ally or enemy:
    /// d20 + `first_aid` must reach `target` (Seed000).
    FirstAid { target: i32 },
}

/// Who makes opportunity attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpportunityRule {
    /// Every combatant (Core).
    Everyone,
    /// Only combatants whose `reactions` list `Opportunity` (Seed000).
    Feature,
    /// Take Opening: every combatant, against an enemy in its reach stepping to a tile
    /// outside it or standing up, in any direction it faces; paid in Vigor (Seed004).
    TakeOpening,
    /// No opportunity attacks: a willing step that starts or ends in reach sets off a
    /// Swift Attack instead (Seed002).
    SwiftSteps,
    /// No opportunity attacks: a reach weapon may Rebuff an enemy stepping inside its
    /// reach (Seed003).
    Rebuff,
}

/// An extra resource pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResourceRule {
    None,
    /// Vigor pays for Dodge, Take Opening, readied attacks and off-hand blows; at 0 the
    /// combatant is Winded until a round-end Recovery leaves it 5 or more (Seed004).
    Vigor,
    /// Stamina caps each round's Energy and pays for Sprints and a missing Energy; Agility
    /// pays for footwork; both come back each round (Seed002).
    StaminaAgility,
    /// Stamina pays for Dashes, Strong Attacks, Pins and Drags; what it cannot pay becomes
    /// fatigue, which lowers it for good and leaves the combatant Exhausted, then
    /// Staggered (Seed003).
    StaminaFatigue,
}

/// How AP buy movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveBuying {
    /// Each AP adds `movement` metres to the turn's pool (Core).
    PerAp,
    /// The A-th AP spent on movement this round brings the pool to ⌊rate × A / 4⌋ yards in
    /// all; the pool lasts to the end of the round (Seed003).
    RateQuarters,
}

/// What lying Prone does to willing movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ProneMovement {
    /// Every step costs double (Core).
    DoubleCost,
    /// Steps cost as usual, but a Move buys only a quarter of `movement` (at least 1)
    /// (Seed004's Knocked Down).
    QuarterPool,
    /// Only a Shift (a crawl), at double cost (Seed002).
    ShiftOnly,
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
