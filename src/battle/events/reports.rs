//! What events carry beside their own fields: the kind of an attack and its report, what a
//! push hits, how a battle ends, and the reports of the rulebooks' checks, wounds, exploding
//! and Attack Value rolls, dice and Guard, a Dodge, armor and pools, hiding, tests and the
//! Combat Roll.

use super::*;

/// Which kind of attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackKind {
    /// The Attack action.
    Action,
    /// A reaction to an enemy moving in or out of reach, or standing up.
    Opportunity,
    /// A reaction to an enemy becoming Unguarded.
    Swift,
    /// Seed000: a held action fired by its trigger.
    Held,
    /// Seed004: Take Opening, against an enemy leaving reach or standing up.
    Opening,
    /// Seed004: a readied attack set off by an enemy's step.
    Readied,
    /// Seed004: the off-hand blow after a melee attack.
    OffHand,
}

/// Everything about one attack roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub mode: RollMode,
    /// The d20s rolled (two with advantage or disadvantage).
    pub rolls: Vec<u32>,
    pub natural: u32,
    /// Weapon hit bonus plus flat modifiers.
    pub bonus: i32,
    pub total: i32,
    /// The target's effective Evasion.
    pub evasion: i32,
    pub modifiers: Vec<Modifier>,
    pub outcome: HitOutcome,
}

/// What a pushed creature ran into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Obstacle {
    MapEdge,
    Terrain(String),
    Creature(String),
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstacle::MapEdge => f.write_str("the edge of the map"),
            Obstacle::Terrain(name) | Obstacle::Creature(name) => f.write_str(name),
        }
    }
}

/// How the battle ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Victory { side: String, reason: String },
    Draw,
}

/// Seed003: one 3d6 roll and what it was against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckReport {
    pub actor: String,
    /// What was rolled: `attacks Bo with sword`, `Power check (Shove)`.
    pub what: String,
    pub dice: Vec<u32>,
    pub natural: u32,
    pub bonus: i32,
    pub total: i32,
    /// The Defense or target number, and its name.
    pub against: i32,
    pub against_name: String,
    pub success: bool,
    pub modifiers: Vec<Modifier>,
}

/// Seed003: the verbs an attack's check names itself by (`what`: `{verb} {target} with
/// {weapon}`): a Rebuff, a readied strike, a shot, an attack.
pub const ATTACK_VERBS: [&str; 4] = ["Rebuffs", "strikes (readied) at", "shoots", "attacks"];

impl CheckReport {
    /// The target and the weapon, when the check is an attack's roll.
    pub fn attack(&self) -> Option<(&str, &str)> {
        ATTACK_VERBS.iter().find_map(|verb| {
            let rest = self.what.strip_prefix(verb)?.strip_prefix(' ')?;
            rest.rsplit_once(" with ")
        })
    }
}

/// Seed003: a wound: the final damage with its parts, its level and where it landed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WoundReport {
    pub unit: String,
    pub source: String,
    /// The named numbers added up to the final damage (`attack total`, `might`, …).
    pub parts: Vec<(String, i32)>,
    pub final_damage: i32,
    /// The level after Quick, Rebuff, affinities and a nonlethal cap (`None`: no wound).
    pub level: Option<crate::rules::wound_level::WoundLevel>,
    /// The slot it filled after overflow (`None`: no wound).
    pub landed: Option<crate::rules::wound_level::WoundLevel>,
    /// Why the level differs from the final damage's, if it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub filled: [u8; 5],
    pub slots: [u8; 5],
}

/// Seed002's maneuvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Maneuver002 {
    Trip,
    /// A Push, or the Push at the end of a Sprint Push (3 m).
    Push {
        distance: u32,
    },
    Restrain,
}

impl Maneuver002 {
    /// The maneuver's name: Trip, Push, Restrain.
    pub fn name(self) -> &'static str {
        match self {
            Maneuver002::Trip => "Trip",
            Maneuver002::Push { .. } => "Push",
            Maneuver002::Restrain => "Restrain",
        }
    }
}

/// Seed002: how an attack roll came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AvOutcome {
    /// A natural 1: a miss, with no defence roll.
    Fumble,
    Miss,
    Hit,
    /// A natural 20: a hit with no defence roll, through armor.
    Critical,
}

impl AvOutcome {
    pub fn hits(self) -> bool {
        matches!(self, AvOutcome::Hit | AvOutcome::Critical)
    }
}

/// Seed002: an exploding defence roll with its bonus.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExplodingReport {
    pub roll: ExplodingRoll,
    pub bonus: i32,
    pub total: i32,
}

/// Seed002: an attack's rolls.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AvReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub ranged: bool,
    /// The Combat roll (melee) or Hit roll (ranged): its mode, dice and the one kept.
    pub mode: RollMode,
    pub rolls: Vec<u32>,
    pub kept: u32,
    /// The Evasion (melee) or Ranged Evasion roll, when one was rolled.
    pub defence: Option<ExplodingReport>,
    /// Melee: the AV; ranged: the Miss Chance, the Ranged Evasion included.
    pub against: i32,
    pub outcome: AvOutcome,
    /// The hit meets the target's armor (the Combat roll under its coverage).
    pub on_armor: bool,
    pub modifiers: Vec<Modifier>,
    /// The maneuver the roll is for, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maneuver: Option<Maneuver002>,
    /// A Coup (D4): no Evasion roll, only a natural 1 misses.
    #[serde(default, skip_serializing_if = "is_false")]
    pub coup: bool,
    /// Ranged: the parts of the Miss Chance besides the Ranged Evasion roll (H4).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub miss_parts: Vec<(String, i32)>,
}

/// Seed004: one roll of d20 + bursting bonus dice, with what it was for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceReport {
    pub d20: u32,
    pub dice: Vec<BurstDie>,
    pub total: i32,
}

/// Seed004: an attack roll against Guard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GuardReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub roll: DiceReport,
    /// The effective Guard the total had to beat.
    pub guard: i32,
    /// Charges, Challenges and the parts of Guard.
    pub modifiers: Vec<Modifier>,
    /// The total beat Guard (before any Dodge).
    pub hit: bool,
}

/// Seed004: a Dodge against an attack that beat Guard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DodgeReport {
    pub unit: String,
    pub against: String,
    pub roll: DiceReport,
    /// The attack total it had to beat.
    pub attack: i32,
    pub modifiers: Vec<Modifier>,
    /// A higher total: the attack misses.
    pub dodged: bool,
}

/// How armor met a blow (Seed004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ArmorMet {
    /// No armor, or armor does not stop this damage type.
    None,
    /// It stopped its rank and wore down.
    Stopped,
    /// Three ranks or more above the weapon: it stopped its rank without wear.
    StoppedUnworn,
    /// The weapon is three ranks or more above it: ignored.
    Outclassed,
}

/// What happened to a blow on its way into Durability and Health (Seed004).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolBreakdown {
    pub raw: i32,
    /// A damage bonus die burst.
    pub critical: bool,
    /// The weapon's quality is below the target's superior durability: no damage.
    pub beneath: bool,
    pub armor_met: ArmorMet,
    /// Armor Rank subtracted.
    pub armor: i32,
    /// Armor durability lost.
    pub wear: i32,
    /// Cover's armor subtracted.
    pub cover: i32,
    /// After affinities.
    pub dealt: i32,
    /// Affinity notes, as Core's breakdown has them.
    pub notes: Vec<String>,
    pub to_durability: i32,
    pub to_health: i32,
}

/// Seed000: a hider's d20 + stealth against each standing enemy's d20 + perception; it
/// hides only with a strictly higher total than every one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HideReport {
    pub unit: String,
    pub roll: u32,
    pub bonus: i32,
    pub total: i32,
    /// (enemy, roll, perception, total), in level order.
    pub watchers: Vec<(String, u32, i32, i32)>,
    pub hidden: bool,
}

/// One side's test in a Combat Roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestReport {
    pub mode: RollMode,
    pub rolls: Vec<u32>,
    pub bonus: i32,
    pub total: i32,
    pub successes: u32,
}

/// Everything about one Combat Roll (Seed001).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatReport {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub kind: AttackKind,
    pub defence: Defence,
    pub attack: TestReport,
    /// `None`: the defence rolled no die (no defence, no AP, Surprised) and failed.
    pub defend: Option<TestReport>,
    pub modifiers: Vec<Modifier>,
    pub outcome: CombatOutcome,
}
