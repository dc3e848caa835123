//! How a [`StatBlock`] is read and written: the core's fields by their types, a
//! rulebook's by the rulebook that names it (`Rulebook::stat_fields`, `read_stat`); a name
//! neither knows is refused with every name a block may have, a name written twice too.

use super::own_fields::FieldValue;
use super::schema::StatBlock;
use crate::rulebook::Rulebook;
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::Mutex;

/// Calls `$m!` with the core's fields of a stat block, in the order they are written.
macro_rules! core_fields {
    ($m:ident) => {
        $m!(
            vitality, evasion, armor, movement, initiative, might, agility, size, weapons, resist,
            immune, vulnerable, first_aid, reactions
        )
    };
}

/// Every name a stat block may have: the core's, then each rulebook's (once each), as
/// the registry holds them now.
fn field_names() -> &'static [&'static str] {
    /// The names, with the number of rulebooks they were gathered from.
    static NAMES: Mutex<Option<(usize, &'static [&'static str])>> = Mutex::new(None);
    let books = crate::rulebooks::all();
    let mut cached = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((count, names)) = *cached
        && count == books.len()
    {
        return names;
    }
    macro_rules! names {
        ($($f:ident),*) => { vec![$(stringify!($f)),*] };
    }
    let mut names: Vec<&'static str> = core_fields!(names);
    for name in books.iter().flat_map(|b| b.stat_fields()) {
        if !names.contains(name) {
            names.push(name);
        }
    }
    // Leaked once per registry size: a few hundred bytes for the program's life.
    let names: &'static [&'static str] = Box::leak(names.into_boxed_slice());
    *cached = Some((books.len(), names));
    names
}

/// Reads one rulebook field's value through the rulebook that names it.
struct OwnSeed {
    book: &'static dyn Rulebook,
    name: &'static str,
}

impl<'de> DeserializeSeed<'de> for OwnSeed {
    type Value = Option<FieldValue>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        self.book
            .read_stat(self.name, &mut erased)
            .map_err(de::Error::custom)
    }
}

struct BlockVisitor;

impl<'de> Visitor<'de> for BlockVisitor {
    type Value = StatBlock;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct StatBlock")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<StatBlock, A::Error> {
        let mut block = StatBlock::default();
        let mut seen: Vec<&'static str> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            macro_rules! core {
                ($($f:ident),*) => {
                    match key.as_str() {
                        $(stringify!($f) => {
                            if seen.contains(&stringify!($f)) {
                                return Err(de::Error::duplicate_field(stringify!($f)));
                            }
                            seen.push(stringify!($f));
                            block.$f = map.next_value()?;
                            continue;
                        })*
                        _ => {}
                    }
                };
            }
            core_fields!(core);
            let owner = crate::rulebooks::all().into_iter().find_map(|book| {
                let name = book.stat_fields().iter().find(|n| **n == key)?;
                Some((book, *name))
            });
            let Some((book, name)) = owner else {
                return Err(de::Error::unknown_field(&key, field_names()));
            };
            if seen.contains(&name) {
                return Err(de::Error::duplicate_field(name));
            }
            seen.push(name);
            if let Some(value) = map.next_value_seed(OwnSeed { book, name })? {
                block.own.push(name, value);
            }
        }
        Ok(block)
    }
}

impl<'de> Deserialize<'de> for StatBlock {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<StatBlock, D::Error> {
        d.deserialize_struct("StatBlock", field_names(), BlockVisitor)
    }
}

/// Written as read: the core's fields that are set, then the rulebooks' in their order.
impl Serialize for StatBlock {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        macro_rules! count {
            ($($f:ident),*) => { 0 $(+ usize::from(self.$f.is_some()))* };
        }
        let len = core_fields!(count) + self.own.iter().count();
        let mut out = s.serialize_struct("StatBlock", len)?;
        macro_rules! write {
            ($($f:ident),*) => {
                $(match &self.$f {
                    Some(v) => out.serialize_field(stringify!($f), v)?,
                    None => out.skip_field(stringify!($f))?,
                })*
            };
        }
        core_fields!(write);
        for (name, value) in self.own.iter() {
            out.serialize_field(name, value)?;
        }
        out.end()
    }
}
