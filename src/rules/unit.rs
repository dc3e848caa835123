//! Combatant statistics and weapons, resolved from templates and overrides (RULES §2).

use super::book_value::{BookState, Carries};
use super::combat::{Affinity, DamageType, Size};
use super::dice::DiceExpr;
use super::ruleset::{ConditionKind, Duration};
use serde::{Deserialize, Serialize};

/// Melee or ranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum WeaponKind {
    #[default]
    Melee,
    Ranged,
}

/// A condition a weapon inflicts on a hit or a critical hit, with its duration resolved
/// (a weapon that names none gets [`ConditionKind::default_weapon_duration`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Inflict {
    pub condition: ConditionKind,
    pub duration: Duration,
}

/// Who a weapon's teleport moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeleportWho {
    /// The wielder blinks straight away from the target it hit.
    User,
    /// The target it hit vanishes and reappears straight away from the wielder.
    Target,
}

/// A weapon's teleport (RULES §8; docs/RULES_NOTES.md, "Teleport"): on a hit, `who` lands
/// exactly `distance` tiles straight away from the other, passing over anything between;
/// it never provokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Teleport {
    pub who: TeleportWho,
    /// Tiles (metres) along the line.
    pub distance: u32,
}

/// Melee reach when a weapon does not say (RULES §2: melee base range 1 m).
pub const DEFAULT_REACH: u32 = 1;

/// A resolved weapon.
#[derive(Clone, Debug, PartialEq)]
pub struct Weapon {
    pub name: String,
    pub kind: WeaponKind,
    pub hit: i32,
    pub damage: DiceExpr,
    pub damage_type: DamageType,
    /// Melee reach in metres.
    pub reach: u32,
    /// Ranged: (normal, long) in metres.
    pub range: (u32, u32),
    /// Metres of forced movement on a hit.
    pub push: u32,
    /// A teleport on a hit (RULES §8), of the wielder or of the target.
    pub teleport: Option<Teleport>,
    pub on_hit: Vec<Inflict>,
    pub on_crit: Vec<Inflict>,
    /// Held in a hand, so it can be disarmed (Seed000, Seed001); natural weapons are not.
    pub held: bool,
    /// How the rulebooks read it, each in its own type: what the weapon's fields set for a
    /// rulebook, and its conversion of the rest (`Rulebook::own_weapon`). A weapon the core
    /// makes ([`Weapon::fists`]) carries none: each rulebook reads it as bare hands.
    pub own: BookState,
}

/// Which of the wielder's bonus dice a weapon's damage adds (Seed004).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BonusDiceKind {
    Strength,
    Skill,
    None,
}

impl Weapon {
    /// Bare hands, for a combatant that lost every weapon (the catalog's `fists`).
    pub fn fists() -> Weapon {
        Weapon {
            name: "fists".into(),
            kind: WeaponKind::Melee,
            hit: 2,
            damage: DiceExpr::new(1, 4, 0),
            damage_type: DamageType::Physical,
            reach: DEFAULT_REACH,
            range: (0, 0),
            push: 0,
            teleport: None,
            on_hit: Vec::new(),
            on_crit: Vec::new(),
            held: false,
            own: BookState::default(),
        }
    }

    pub fn is_melee(&self) -> bool {
        self.kind == WeaponKind::Melee
    }

    /// The farthest a ranged weapon shoots: its long range, or with no range bands
    /// (Seed000) its normal range.
    pub fn max_range(&self, bands: bool) -> u32 {
        if bands { self.range.1 } else { self.range.0 }
    }

    /// Whether a target at `distance` metres is within reach (melee) or range (ranged: long
    /// range with range `bands`, else normal range).
    pub fn in_range(&self, distance: u32, bands: bool) -> bool {
        match self.kind {
            WeaponKind::Melee => distance >= 1 && distance <= self.reach,
            WeaponKind::Ranged => distance >= 1 && distance <= self.max_range(bands),
        }
    }
}

/// A combatant's resolved statistics: RULES §2's, and each rulebook's own with defaults
/// derived from them (so every template plays under every rulebook).
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    pub vitality: i32,
    pub evasion: i32,
    pub armor: i32,
    pub movement: u32,
    pub initiative: i32,
    pub might: i32,
    pub agility: i32,
    pub size: Size,
    pub weapons: Vec<Weapon>,
    /// Resistances and vulnerabilities with their flat values (Seed001; a plain Core
    /// entry counts 3). Under Core any entry halves or multiplies by 1.5.
    pub resist: Vec<(DamageGroup, i32)>,
    pub immune: Vec<DamageType>,
    pub vulnerable: Vec<(DamageGroup, i32)>,
    /// The bonus to a First Aid check, where the ruleset's `stabilize` asks for one.
    pub first_aid: i32,
    /// Its reaction features, where the ruleset's `opportunity` asks for one.
    pub reactions: Vec<ReactionFeature>,
    /// Defense Roll values that meet a damage type in place of armor, where the ruleset's
    /// `dr_values` is on.
    pub dr_values: Vec<(DamageType, i32)>,
    /// Each rulebook's own statistics, in its own type: what the stat block sets for it,
    /// and its conversion of the rest (`Rulebook::own_stats`), so that every template plays
    /// under every rulebook.
    pub own: BookState,
}

/// Seed003's wound tracks [003:18-36]: a player character's `Full` track takes its
/// Moderate, Severe and Critical slots from `vit`; the NPC tracks have 1, 2 or 3 of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum WoundTrack {
    #[default]
    Full,
    Minion,
    Standard,
    Elite,
}

/// How a combatant stands (Seed003's Change Posture).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Posture {
    #[default]
    Standing,
    Crouching,
    Prone,
}

/// A reaction a unit has as a feature (Seed000).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReactionFeature {
    Opportunity,
}

/// What a resistance or vulnerability covers: one damage type, or every Magic type (Heat,
/// Cold and Shock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DamageGroup {
    Type(DamageType),
    Magic,
}

impl DamageGroup {
    pub fn covers(self, t: DamageType) -> bool {
        match self {
            DamageGroup::Type(x) => x == t,
            DamageGroup::Magic => {
                matches!(t, DamageType::Heat | DamageType::Cold | DamageType::Shock)
            }
        }
    }
}

/// The flat value of a plain resistance or vulnerability entry (Seed001: "a Core entry `T`
/// reads `(T, 3)`").
pub const PLAIN_AFFINITY_VALUE: i32 = 3;

impl Stats {
    pub fn affinity(&self, t: DamageType) -> Affinity {
        Affinity {
            resistant: self.resist.iter().any(|(g, _)| g.covers(t)),
            immune: self.immune.contains(&t),
            vulnerable: self.vulnerable.iter().any(|(g, _)| g.covers(t)),
        }
    }

    /// The highest flat resistance and vulnerability covering a damage type (Seed001).
    pub fn flat_affinity(&self, t: DamageType) -> (i32, i32) {
        let best = |list: &[(DamageGroup, i32)]| {
            list.iter()
                .filter(|(g, _)| g.covers(t))
                .map(|(_, v)| *v)
                .max()
                .unwrap_or(0)
        };
        (best(&self.resist), best(&self.vulnerable))
    }

    /// The longest melee reach among the weapons (0 with no melee weapon).
    pub fn melee_reach(&self) -> u32 {
        self.weapons
            .iter()
            .filter(|w| w.is_melee())
            .map(|w| w.reach)
            .max()
            .unwrap_or(0)
    }

    /// The melee weapon used for reactions: the longest reach, first listed on ties.
    pub fn reaction_weapon(&self, distance: u32) -> Option<usize> {
        self.weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.is_melee() && w.in_range(distance, true))
            .max_by_key(|(i, w)| (w.reach, std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    /// The DR value that meets a damage type instead of armor, if it has one.
    pub fn dr_value(&self, t: DamageType) -> Option<i32> {
        self.dr_values
            .iter()
            .find(|(of, _)| *of == t)
            .map(|(_, v)| *v)
    }

    /// The higher of might and agility (resisting contests).
    pub fn resist_bonus(&self) -> i32 {
        self.might.max(self.agility)
    }
}

impl Carries for Stats {
    fn book(&self) -> &BookState {
        &self.own
    }
    fn book_mut(&mut self) -> &mut BookState {
        &mut self.own
    }
}

impl Carries for Weapon {
    fn book(&self) -> &BookState {
        &self.own
    }
    fn book_mut(&mut self) -> &mut BookState {
        &mut self.own
    }
}
