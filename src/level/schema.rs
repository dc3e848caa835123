//! The RON schema of level files, unit templates and the weapon catalog, exactly as a level
//! designer writes them (before validation).

use crate::rules::combat::{DamageType, Size};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::{ConditionKind, Duration, Ruleset};
use crate::rules::terrain::TerrainKind;
use crate::rules::unit::WeaponKind;
use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
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

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Controller {
    #[default]
    Human,
    /// Reserved for the computer player; not available yet.
    Ai,
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
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFile {
    pub name: String,
    /// `"#3a6ee8"`; a default palette colour when missing.
    #[serde(default)]
    pub colour: Option<String>,
    #[serde(default)]
    pub controller: Controller,
    #[serde(default)]
    pub reactions: ReactionPolicy,
    #[serde(default)]
    pub surprised: bool,
}

/// Statistics, every one optional: a template, or a unit's overrides of its template.
/// Numbers are wide so that absurd values reach validation instead of failing to parse.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
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
    pub resist: Option<Vec<DamageType>>,
    pub immune: Option<Vec<DamageType>>,
    pub vulnerable: Option<Vec<DamageType>>,
}

impl StatBlock {
    /// `self` with every field that `over` sets replaced.
    pub fn overlaid(&self, over: &StatBlock) -> StatBlock {
        StatBlock {
            vitality: over.vitality.or(self.vitality),
            evasion: over.evasion.or(self.evasion),
            armor: over.armor.or(self.armor),
            movement: over.movement.or(self.movement),
            initiative: over.initiative.or(self.initiative),
            might: over.might.or(self.might),
            agility: over.agility.or(self.agility),
            size: over.size.or(self.size),
            weapons: over.weapons.clone().or_else(|| self.weapons.clone()),
            resist: over.resist.clone().or_else(|| self.resist.clone()),
            immune: over.immune.clone().or_else(|| self.immune.clone()),
            vulnerable: over.vulnerable.clone().or_else(|| self.vulnerable.clone()),
        }
    }
}

/// A weapon as written in `assets/weapons.ron` or a level's `weapons` block.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponFile {
    pub kind: WeaponKind,
    #[serde(default)]
    pub hit: i64,
    /// A dice expression such as `1d8+2`.
    pub damage: String,
    #[serde(default)]
    pub damage_type: DamageType,
    /// Melee reach in metres (default 1).
    #[serde(default)]
    pub reach: Option<i64>,
    /// Ranged: (normal, long) range in metres.
    #[serde(default)]
    pub range: Option<(i64, i64)>,
    #[serde(default)]
    pub push: i64,
    #[serde(default)]
    pub on_hit: Vec<InflictFile>,
    #[serde(default)]
    pub on_crit: Vec<InflictFile>,
}

/// A condition a weapon inflicts, as written: the duration may be left out, and then the
/// condition's default applies ([`ConditionKind::default_weapon_duration`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InflictFile {
    pub condition: ConditionKind,
    #[serde(default)]
    pub duration: Option<Duration>,
}

/// A unit placed on the map.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    /// Unique within the level; `"<side> <n>"` when missing.
    #[serde(default)]
    pub name: Option<String>,
    pub side: String,
    /// A template from `assets/units/` (file name without `.ron`) or the level's `templates`.
    pub template: String,
    pub pos: Pos,
    /// Towards the enemies' centre when missing.
    #[serde(default)]
    pub facing: Option<Dir8>,
    #[serde(default)]
    pub overrides: StatBlock,
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

/// A whole level file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// Optional (width, height); must match the map when given.
    #[serde(default)]
    pub size: Option<(i64, i64)>,
    /// Seed for the dice in play; a fresh one each battle when missing.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Extra terrain kinds, or replacements for built-in ones.
    #[serde(default)]
    pub terrain: UniqueMap<String, TerrainKind>,
    /// Map character → terrain kind names joined by `+` (their costs multiply).
    pub legend: UniqueMap<char, String>,
    pub map: Vec<String>,
    pub sides: Vec<SideFile>,
    #[serde(default)]
    pub weapons: UniqueMap<String, WeaponFile>,
    #[serde(default)]
    pub templates: UniqueMap<String, StatBlock>,
    pub units: Vec<UnitFile>,
    #[serde(default)]
    pub rules: Ruleset,
    #[serde(default)]
    pub objectives: Vec<ObjectiveFile>,
}
