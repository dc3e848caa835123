//! The RON schema of level files, unit templates and the weapon catalog, exactly as a level
//! designer writes them (before validation).

use super::own_fields::OwnFields;
use crate::rules::combat::{DamageType, Size};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::preset::RulesBlock;
use crate::rules::ruleset::{ConditionKind, Duration};
use crate::rules::terrain::TerrainKind;
use crate::rules::unit::{ReactionFeature, WeaponKind};
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

/// A map that refuses duplicate keys, so that `legend: { '#': "wall", '#': "grass" }` is an
/// error with a position instead of a silent overwrite.
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueMap<K: Ord, V>(pub BTreeMap<K, V>);

impl<K: Ord, V> Default for UniqueMap<K, V> {
    fn default() -> Self {
        UniqueMap(BTreeMap::new())
    }
}

impl<K: Ord, V> UniqueMap<K, V> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl<K: Ord, V> From<BTreeMap<K, V>> for UniqueMap<K, V> {
    fn from(map: BTreeMap<K, V>) -> Self {
        UniqueMap(map)
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for UniqueMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        UniqueMap(iter.into_iter().collect())
    }
}

impl<K: Ord + Serialize, V: Serialize> Serialize for UniqueMap<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

/// Whether a value is its type's default: such fields are left out when a file is written.
pub(super) fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

impl<'de, K, V> Deserialize<'de> for UniqueMap<K, V>
where
    K: Deserialize<'de> + Ord + fmt::Debug,
    V: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V2<K, V>(PhantomData<(K, V)>);
        impl<'de, K, V> Visitor<'de> for V2<K, V>
        where
            K: Deserialize<'de> + Ord + fmt::Debug,
            V: Deserialize<'de>,
        {
            type Value = UniqueMap<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Self::Value, A::Error> {
                let mut map = BTreeMap::new();
                while let Some((k, v)) = access.next_entry::<K, V>()? {
                    if map.contains_key(&k) {
                        return Err(serde::de::Error::custom(format!(
                            "the key {k:?} appears twice"
                        )));
                    }
                    map.insert(k, v);
                }
                Ok(UniqueMap(map))
            }
        }
        d.deserialize_map(V2(PhantomData))
    }
}

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum AiLevel {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl AiLevel {
    pub const ALL: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Normal, AiLevel::Hard];

    /// The level named `name`, in any case (`hard`, `Hard`).
    pub fn named(name: &str) -> Option<AiLevel> {
        AiLevel::ALL
            .into_iter()
            .find(|l| format!("{l:?}").eq_ignore_ascii_case(name))
    }
}

/// Who plays a side: written `Human`, `Ai` (the computer at `Normal`) or
/// `Ai(level: Hard)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Controller {
    #[default]
    Human,
    /// The computer player.
    Ai(AiLevel),
}

impl Serialize for Controller {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStructVariant;
        match self {
            Controller::Human => serializer.serialize_unit_variant("Controller", 0, "Human"),
            Controller::Ai(level) => {
                let mut v = serializer.serialize_struct_variant("Controller", 1, "Ai", 1)?;
                v.serialize_field("level", level)?;
                v.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for Controller {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        /// `Human` or `Ai`.
        #[derive(Deserialize)]
        enum Bare {
            Human,
            Ai,
        }
        /// `Ai(level: …)`.
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        enum WithLevel {
            Ai {
                #[serde(default)]
                level: AiLevel,
            },
        }
        #[derive(Deserialize)]
        #[serde(
            untagged,
            expecting = "the controller must be `Human`, `Ai` or `Ai(level: Easy | Normal | Hard)`"
        )]
        enum Written {
            Bare(Bare),
            WithLevel(WithLevel),
        }
        Ok(match Written::deserialize(d)? {
            Written::Bare(Bare::Human) => Controller::Human,
            Written::Bare(Bare::Ai) => Controller::Ai(AiLevel::default()),
            Written::WithLevel(WithLevel::Ai { level }) => Controller::Ai(level),
        })
    }
}

/// Whether a side's combatants take the reactions they are offered (RULES §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ReactionPolicy {
    /// Ask the side's player each time.
    #[default]
    Ask,
    Always,
    Never,
}

/// A side as written in the level.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFile {
    pub name: String,
    /// `"#3a6ee8"`; a default palette colour when missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub controller: Controller,
    #[serde(default, skip_serializing_if = "is_default")]
    pub reactions: ReactionPolicy,
    #[serde(default, skip_serializing_if = "is_default")]
    pub surprised: bool,
    /// Seed000: units of this side that pair up and act in one slot each round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unions: Vec<Vec<String>>,
}

/// Statistics, every one optional: a template, or a unit's overrides of its template.
/// Numbers are wide so that absurd values reach validation instead of failing to parse.
/// Beside the core's, a block holds the fields that rulebooks add (`Rulebook::stat_fields`),
/// in `own`; it is read and written in `open_serde.rs`, which asks the registry.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StatBlock {
    pub vitality: Option<i64>,
    pub evasion: Option<i64>,
    pub armor: Option<i64>,
    pub movement: Option<i64>,
    pub initiative: Option<i64>,
    pub might: Option<i64>,
    pub agility: Option<i64>,
    pub size: Option<Size>,
    pub weapons: Option<Vec<String>>,
    pub resist: Option<Vec<AffinityEntry>>,
    pub immune: Option<Vec<DamageType>>,
    pub vulnerable: Option<Vec<AffinityEntry>>,
    /// The bonus to a First Aid check (where the ruleset's `stabilize` asks for one).
    pub first_aid: Option<i64>,
    /// Reaction features (where the ruleset's `opportunity` asks for one).
    pub reactions: Option<Vec<ReactionFeature>>,
    /// The rulebooks' fields, in the order written.
    pub own: OwnFields,
}

/// A resistance or vulnerability as written: a damage type (`Heat`, which Seed001 reads as
/// 3), or a type or `Magic` with a flat value (`(Magic, 2)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(
    untagged,
    expecting = "a damage type such as Heat, or a pair such as (Magic, 2)"
)]
pub enum AffinityEntry {
    Plain(DamageType),
    Valued(DamageGroupName, i64),
}

/// A damage type, or `Magic` (Heat, Cold and Shock together), as a level names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageGroupName {
    Physical,
    Chemical,
    Cold,
    Heat,
    Poison,
    Shock,
    Curse,
    Holy,
    Spirit,
    Psychic,
    Reality,
    Magic,
}

impl Serialize for AffinityEntry {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AffinityEntry::Plain(t) => t.serialize(s),
            AffinityEntry::Valued(g, v) => (g, v).serialize(s),
        }
    }
}

impl StatBlock {
    /// Whether no statistic is set (a unit without overrides).
    pub fn is_empty(&self) -> bool {
        *self == StatBlock::default()
    }

    /// `self` with every field that `over` sets replaced.
    pub fn overlaid(&self, over: &StatBlock) -> StatBlock {
        macro_rules! pick {
            ($($field:ident),*) => {
                StatBlock {
                    $($field: over.$field.clone().or_else(|| self.$field.clone()),)*
                    own: self.own.overlaid(&over.own),
                }
            };
        }
        pick!(
            vitality, evasion, armor, movement, initiative, might, agility, size, weapons, resist,
            immune, vulnerable, first_aid, reactions
        )
    }
}

/// A weapon as written in `assets/weapons.ron` or a level's `weapons` block. Beside the
/// core's, it holds the fields that rulebooks add (`Rulebook::weapon_fields`: Seed004's
/// `quality`, say), in `own`; read and written in `open_serde.rs`.
#[derive(Clone, Debug, PartialEq)]
pub struct WeaponFile {
    pub kind: WeaponKind,
    pub hit: i64,
    /// A dice expression such as `1d8+2`.
    pub damage: String,
    pub damage_type: DamageType,
    /// Melee reach in metres (default 1).
    pub reach: Option<i64>,
    /// Ranged: (normal, long) range in metres, or (close, normal, long) for a rulebook
    /// with a close range.
    pub range: Option<RangeFile>,
    pub push: i64,
    pub teleport: Option<super::TeleportFile>,
    pub on_hit: Vec<InflictFile>,
    pub on_crit: Vec<InflictFile>,
    /// Held in a hand (default), so that it can be disarmed; natural weapons are not.
    pub held: Option<bool>,
    /// The rulebooks' fields, in the order written.
    pub own: OwnFields,
}

/// A ranged weapon's range as written: Core's `(normal, long)`, or Seed002's `(close,
/// normal, long)` (the pair's close range is a quarter of the normal one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(
    untagged,
    expecting = "a range (normal, long) or (close, normal, long) in metres"
)]
pub enum RangeFile {
    Pair(i64, i64),
    Triple(i64, i64, i64),
}

impl RangeFile {
    /// (close, normal, long); the close range `None` when the file leaves it out.
    pub fn parts(self) -> (Option<i64>, i64, i64) {
        match self {
            RangeFile::Pair(n, l) => (None, n, l),
            RangeFile::Triple(c, n, l) => (Some(c), n, l),
        }
    }
}

impl Serialize for RangeFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match *self {
            RangeFile::Pair(n, l) => (n, l).serialize(s),
            RangeFile::Triple(c, n, l) => (c, n, l).serialize(s),
        }
    }
}

/// A condition a weapon inflicts, as written: the duration may be left out, and then the
/// condition's default applies ([`ConditionKind::default_weapon_duration`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InflictFile {
    pub condition: ConditionKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<Duration>,
}

/// A unit placed on the map. Beside the core's, it holds the fields that rulebooks add
/// (`Rulebook::unit_fields`: Seed003's `posture`, say), in `own`; read and written in
/// `open_serde.rs`.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitFile {
    /// Unique within the level; `"<side> <n>"` when missing.
    pub name: Option<String>,
    pub side: String,
    /// A template from `assets/units/` (file name without `.ron`) or the level's `templates`.
    pub template: String,
    pub pos: Pos,
    /// Towards the enemies' centre when missing.
    pub facing: Option<Dir8>,
    pub overrides: StatBlock,
    /// The rulebooks' fields, in the order written.
    pub own: OwnFields,
}

/// A level goal besides defeating every enemy.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ObjectiveFile {
    /// The side wins when, at the end of `rounds` consecutive rounds, one of its combatants
    /// stands on one of the tiles and no enemy does.
    HoldArea {
        side: String,
        tiles: Vec<Pos>,
        rounds: u32,
    },
    /// The side wins once `count` of its combatants have ended a move on one of the tiles.
    ReachArea {
        side: String,
        tiles: Vec<Pos>,
        count: u32,
    },
    /// The side wins if any of its combatants is still standing at the end of round `rounds`.
    Survive { side: String, rounds: u32 },
}

/// A level's intended lopsidedness: `balance: (first_side: 25)` says the first listed side
/// should win about 25% of the decided battles between two equal players (the same
/// computer player on both seats, `skirmish duel`), within `within` points either way (10
/// when left out). Both are whole percentage points: `first_side` 0–100, `within` 0–50.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Balance {
    pub first_side: i64,
    #[serde(
        default = "Balance::default_within",
        skip_serializing_if = "Balance::is_default_within"
    )]
    pub within: i64,
}

impl Balance {
    /// A level that says nothing of its balance is meant to be even: 50% ± 10 points.
    pub const EVEN: Balance = Balance {
        first_side: 50,
        within: 10,
    };

    fn default_within() -> i64 {
        Balance::EVEN.within
    }

    fn is_default_within(w: &i64) -> bool {
        *w == Balance::EVEN.within
    }

    /// The band of first-side shares the level is held to, in percent, clamped to 0–100.
    pub fn band(&self) -> (i64, i64) {
        (
            (self.first_side - self.within).max(0),
            (self.first_side + self.within).min(100),
        )
    }
}

/// A whole level file. Written back with [`LevelFile::to_ron`], it reads as the same level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// Optional (width, height); must match the map when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<(i64, i64)>,
    /// Seed for the dice in play; a fresh one each battle when missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The share of battles its first side is meant to win between equal players; absent:
    /// an even level (`Balance::EVEN`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub balance: Option<Balance>,
    /// Extra terrain kinds, or replacements for built-in ones.
    #[serde(default, skip_serializing_if = "UniqueMap::is_empty")]
    pub terrain: UniqueMap<String, TerrainKind>,
    /// Map character → terrain kind names joined by `+` (their costs multiply).
    pub legend: UniqueMap<char, String>,
    pub map: Vec<String>,
    pub sides: Vec<SideFile>,
    #[serde(default, skip_serializing_if = "UniqueMap::is_empty")]
    pub weapons: UniqueMap<String, WeaponFile>,
    #[serde(default, skip_serializing_if = "UniqueMap::is_empty")]
    pub templates: UniqueMap<String, StatBlock>,
    pub units: Vec<UnitFile>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub rules: RulesBlock,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<ObjectiveFile>,
    /// A tutorial's steps, in order (see `lesson.rs`); none in a plain battle.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tutorial: Vec<super::lesson::LessonStep>,
}

impl LevelFile {
    /// The level as RON text in the layout of the shipped levels: one line per legend
    /// entry, map row, side, weapon, template, unit and objective.
    pub fn to_ron(&self) -> String {
        let cfg = ron::ser::PrettyConfig::new()
            .depth_limit(2)
            .extensions(ron::extensions::Extensions::IMPLICIT_SOME);
        ron::ser::to_string_pretty(self, cfg).unwrap_or_default()
    }
}
