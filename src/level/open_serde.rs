//! How the level blocks that rulebooks add fields to are read and written: a stat block, a
//! weapon and a unit. Each holds the core's fields, by their types, and in `own` the
//! fields of the rulebooks that name them (`Rulebook::stat_fields`, `weapon_fields`,
//! `unit_fields`), read by that rulebook; a name neither knows is refused with every name
//! the block may have, a name written twice too, each where it is written.

use super::own_fields::FieldValue;
use super::schema::{StatBlock, UnitFile, WeaponFile, is_default};
use crate::rulebook::Rulebook;
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::Mutex;

/// How a rulebook reads one of its fields of a kind of block.
type ReadField = fn(
    &dyn Rulebook,
    &str,
    &mut dyn erased_serde::Deserializer<'_>,
) -> Result<Option<FieldValue>, erased_serde::Error>;

/// Reads one rulebook field's value through the rulebook that names it.
struct OwnSeed {
    book: &'static dyn Rulebook,
    name: &'static str,
    read: ReadField,
}

impl<'de> DeserializeSeed<'de> for OwnSeed {
    type Value = Option<FieldValue>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (self.read)(self.book, self.name, &mut erased).map_err(de::Error::custom)
    }
}

/// The names a block may have, the core's then each rulebook's (once each), kept for as
/// long as the registry holds as many rulebooks.
fn all_names(
    cache: &Mutex<Option<(usize, &'static [&'static str])>>,
    core: &[&'static str],
    own: fn(&dyn Rulebook) -> &'static [&'static str],
) -> &'static [&'static str] {
    let mut cached = cache.lock().unwrap_or_else(|e| e.into_inner());
    let books = crate::rulebooks::all();
    if let Some((count, names)) = *cached
        && count == books.len()
    {
        return names;
    }
    let mut names = core.to_vec();
    for name in books.iter().flat_map(|b| own(*b)) {
        if !names.contains(name) {
            names.push(name);
        }
    }
    // Leaked once per registry size: a few hundred bytes for the program's life.
    let names: &'static [&'static str] = Box::leak(names.into_boxed_slice());
    *cached = Some((books.len(), names));
    names
}

/// The rulebook that names a field, with the name as it gives it.
fn owner_of(
    key: &str,
    own: fn(&dyn Rulebook) -> &'static [&'static str],
) -> Option<(&'static dyn Rulebook, &'static str)> {
    crate::rulebooks::all().into_iter().find_map(|book| {
        let name = own(book).iter().find(|n| **n == key)?;
        Some((book, *name))
    })
}

/// Makes `Deserialize` and `Serialize` for a block with an `own: OwnFields` field: its core
/// fields in the order written, each `required` (refused when missing), `keep` (its
/// default when missing, always written) or `skip(f)` (its default when missing, not
/// written when `f` says so); the rulebooks' fields through `$names` and `$read`.
macro_rules! open_block {
    (
        $block:ident, $names:ident, $read:ident;
        $($field:ident: $ty:ty = $mode:ident $(($skip:path))?),* $(,)?
    ) => {
        impl $block {
            /// The core's names of the block's fields.
            pub fn core_names() -> &'static [&'static str] {
                &[$(stringify!($field)),*]
            }

            /// Every name the block may have now.
            fn field_names() -> &'static [&'static str] {
                static NAMES: Mutex<Option<(usize, &'static [&'static str])>> = Mutex::new(None);
                all_names(&NAMES, $block::core_names(), |b| b.$names())
            }
        }

        impl<'de> Deserialize<'de> for $block {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$block, D::Error> {
                struct BlockVisitor;
                impl<'de> Visitor<'de> for BlockVisitor {
                    type Value = $block;

                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        f.write_str(concat!("struct ", stringify!($block)))
                    }

                    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<$block, A::Error> {
                        $(let mut $field: Option<$ty> = None;)*
                        let mut own = super::own_fields::OwnFields::default();
                        // Rulebooks' names read so far (one written `None` is kept in none).
                        let mut seen: Vec<&'static str> = Vec::new();
                        while let Some(key) = map.next_key::<String>()? {
                            match key.as_str() {
                                $(stringify!($field) => {
                                    if $field.is_some() {
                                        return Err(de::Error::duplicate_field(stringify!($field)));
                                    }
                                    $field = Some(map.next_value()?);
                                    continue;
                                })*
                                _ => {}
                            }
                            let Some((book, name)) = owner_of(&key, |b| b.$names()) else {
                                return Err(de::Error::unknown_field(&key, $block::field_names()));
                            };
                            if seen.contains(&name) {
                                return Err(de::Error::duplicate_field(name));
                            }
                            seen.push(name);
                            let read: ReadField = |b, n, d| b.$read(n, d);
                            if let Some(value) = map.next_value_seed(OwnSeed { book, name, read })? {
                                own.push(name, value);
                            }
                        }
                        Ok($block {
                            $($field: open_block!(@take $mode, $field),)*
                            own,
                        })
                    }
                }
                d.deserialize_struct(stringify!($block), $block::field_names(), BlockVisitor)
            }
        }

        /// Written as read: the core's fields, then the rulebooks' in their order.
        impl Serialize for $block {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let len = 0 $(+ usize::from(!open_block!(@skipped self, $field $(, $skip)?)))*
                    + self.own.iter().count();
                let mut out = s.serialize_struct(stringify!($block), len)?;
                $(if open_block!(@skipped self, $field $(, $skip)?) {
                    out.skip_field(stringify!($field))?;
                } else {
                    out.serialize_field(stringify!($field), &self.$field)?;
                })*
                for (name, value) in self.own.iter() {
                    out.serialize_field(name, value)?;
                }
                out.end()
            }
        }
    };
    (@take required, $field:ident) => {
        $field.ok_or_else(|| de::Error::missing_field(stringify!($field)))?
    };
    (@take $mode:ident, $field:ident) => {
        $field.unwrap_or_default()
    };
    (@skipped $self:ident, $field:ident) => {
        false
    };
    (@skipped $self:ident, $field:ident, $skip:path) => {
        $skip(&$self.$field)
    };
}

open_block!(StatBlock, stat_fields, read_stat;
    vitality: Option<i64> = skip(Option::is_none),
    evasion: Option<i64> = skip(Option::is_none),
    armor: Option<i64> = skip(Option::is_none),
    movement: Option<i64> = skip(Option::is_none),
    initiative: Option<i64> = skip(Option::is_none),
    might: Option<i64> = skip(Option::is_none),
    agility: Option<i64> = skip(Option::is_none),
    size: Option<crate::rules::combat::Size> = skip(Option::is_none),
    weapons: Option<Vec<String>> = skip(Option::is_none),
    resist: Option<Vec<super::schema::AffinityEntry>> = skip(Option::is_none),
    immune: Option<Vec<crate::rules::combat::DamageType>> = skip(Option::is_none),
    vulnerable: Option<Vec<super::schema::AffinityEntry>> = skip(Option::is_none),
    first_aid: Option<i64> = skip(Option::is_none),
    reactions: Option<Vec<crate::rules::unit::ReactionFeature>> = skip(Option::is_none),
);

open_block!(WeaponFile, weapon_fields, read_weapon_field;
    kind: crate::rules::unit::WeaponKind = required,
    hit: i64 = keep,
    damage: String = required,
    damage_type: crate::rules::combat::DamageType = skip(is_default),
    reach: Option<i64> = skip(Option::is_none),
    range: Option<super::schema::RangeFile> = skip(Option::is_none),
    push: i64 = skip(is_default),
    teleport: Option<super::TeleportFile> = skip(Option::is_none),
    on_hit: Vec<super::schema::InflictFile> = skip(Vec::is_empty),
    on_crit: Vec<super::schema::InflictFile> = skip(Vec::is_empty),
    held: Option<bool> = skip(Option::is_none),
);

open_block!(UnitFile, unit_fields, read_unit_field;
    name: Option<String> = skip(Option::is_none),
    side: String = required,
    template: String = required,
    pos: crate::rules::grid::Pos = required,
    facing: Option<crate::rules::grid::Dir8> = skip(Option::is_none),
    overrides: StatBlock = skip(StatBlock::is_empty),
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::ron_options;

    fn read<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
        ron_options().from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn a_rulebooks_field_is_read_as_its_type_and_written_back() {
        let w: WeaponFile =
            read(r#"(kind: Melee, damage: "1d4", quality: Heroic, charge: 2)"#).unwrap();
        assert_eq!(w.own.int("charge"), Some(2));
        let text = ron::to_string(&w).unwrap();
        assert_eq!(read::<WeaponFile>(&text), Ok(w));
        let u: UnitFile =
            read(r#"(side: "Red", template: "soldier", pos: (1, 2), posture: Prone)"#).unwrap();
        assert!(u.own.has("posture"));
        let err = read::<StatBlock>("(vitality: 3, melee_evasoin: 4)").unwrap_err();
        assert!(
            err.contains("`melee_evasoin`") && err.contains("`melee_evasion`"),
            "{err}"
        );
    }

    #[test]
    fn a_field_written_twice_is_refused_even_after_none() {
        for text in [
            "(endurance: None, endurance: 3)",
            "(vitality: 3, vitality: 4)",
        ] {
            let err = read::<StatBlock>(text).unwrap_err();
            assert!(err.contains("duplicate field"), "{text}: {err}");
        }
    }

    #[test]
    fn a_plain_flag_is_only_a_bool_and_false_is_as_if_unwritten() {
        let plain: WeaponFile = read(r#"(kind: Melee, damage: "1d4")"#).unwrap();
        let off: WeaponFile = read(r#"(kind: Melee, damage: "1d4", heavy: false)"#).unwrap();
        assert_eq!(off, plain);
        let on: WeaponFile = read(r#"(kind: Melee, damage: "1d4", heavy: true)"#).unwrap();
        assert_eq!(on.own.get::<bool>("heavy"), Some(&true));
        let err = read::<WeaponFile>(r#"(kind: Melee, damage: "1d4", heavy: None)"#).unwrap_err();
        assert!(err.contains("boolean"), "{err}");
    }
}
