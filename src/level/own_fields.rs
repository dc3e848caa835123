//! A level's fields that belong to a rulebook: a stat block's `melee_evasion` or
//! `wound_track` is written beside the core's `vitality`, but only the rulebooks that read
//! it know it. A rulebook names its fields (`Rulebook::stat_fields`) and reads their values
//! (`Rulebook::read_stat`, made by [`level_fields!`](crate::level_fields)); the level keeps
//! each value, of its rulebook's type, in the order written, and writes it back as it was.

use crate::rules::book_value::{book_value, book_value_methods};
/// How a rulebook reads its fields (`level_fields!`).
pub use erased_serde;
use serde::Serialize;
use std::fmt;
use std::panic::{RefUnwindSafe, UnwindSafe};

/// What a rulebook's field value is: compared, printed and written back as RON; plain data
/// (a level stays safe to read across a caught panic).
pub trait LevelField:
    Clone + PartialEq + fmt::Debug + Serialize + Send + Sync + RefUnwindSafe + UnwindSafe + 'static
{
}

impl<T> LevelField for T where
    T: Clone
        + PartialEq
        + fmt::Debug
        + Serialize
        + Send
        + Sync
        + RefUnwindSafe
        + UnwindSafe
        + 'static
{
}

/// The object-safe face of a [`LevelField`].
trait DynField:
    erased_serde::Serialize + fmt::Debug + Send + Sync + RefUnwindSafe + UnwindSafe
{
    book_value_methods!(DynField);
}

impl<C: LevelField> DynField for C {
    book_value_methods!(DynField, C);
}

/// One value of a rulebook's field, of the type its rulebook reads it as.
pub struct FieldValue(Box<dyn DynField>);

book_value!(FieldValue, DynField, LevelField);

/// The rulebooks' fields of one block, each once, in the order written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OwnFields(Vec<(&'static str, FieldValue)>);

impl OwnFields {
    /// The value of a field, as the type `T` (`None` when it is not written, or is of
    /// another type).
    pub fn get<T: LevelField>(&self, name: &str) -> Option<&T> {
        self.0.iter().find(|(n, _)| *n == name)?.1.get()
    }

    /// A whole-number field.
    pub fn int(&self, name: &str) -> Option<i64> {
        self.get::<i64>(name).copied()
    }

    /// A whole-number field as an `i32`, or `default` when it is not written (validation
    /// keeps written numbers within their bounds).
    pub fn int_or(&self, name: &str, default: i32) -> i32 {
        self.int(name).map_or(default, |v| v as i32)
    }

    /// Every whole-number field, in the order written.
    pub fn ints(&self) -> impl Iterator<Item = (&'static str, i64)> + '_ {
        self.0
            .iter()
            .filter_map(|(n, v)| v.get::<i64>().map(|v| (*n, *v)))
    }

    /// Every field, in the order written.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &FieldValue)> + '_ {
        self.0.iter().map(|(n, v)| (*n, v))
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether a field is written.
    pub fn has(&self, name: &str) -> bool {
        self.0.iter().any(|(n, _)| *n == name)
    }

    /// Add a field not written yet.
    /// Take away the field `name`, where it is written.
    pub fn remove(&mut self, name: &str) {
        self.0.retain(|(n, _)| *n != name);
    }

    pub fn push(&mut self, name: &'static str, value: FieldValue) {
        self.0.push((name, value));
    }

    /// `self` with every field that `over` writes replaced (and those only it writes added
    /// after).
    pub fn overlaid(&self, over: &OwnFields) -> OwnFields {
        let mut out: Vec<(&'static str, FieldValue)> = self
            .0
            .iter()
            .map(|(n, v)| {
                let v = over.0.iter().find(|(o, _)| o == n).map_or(v, |(_, o)| o);
                (*n, v.clone())
            })
            .collect();
        out.extend(over.0.iter().filter(|(n, _)| !self.has(n)).cloned());
        OwnFields(out)
    }
}

/// The error of reading a field no rulebook of this name has.
pub fn no_field(name: &str) -> erased_serde::Error {
    serde::de::Error::custom(format_args!("no field `{name}`"))
}

/// A rulebook's level fields: `level_fields!(stat_fields, read_stat; melee_evasion: i64,
/// wound_track: WoundTrack, heavy: bool = plain)` in its `impl Rulebook` names them and
/// reads each as its type: written as the type or `Some(…)` of it (`None` leaves it
/// unwritten); a `plain` one only as the type, and its default is as if unwritten.
#[macro_export]
macro_rules! level_fields {
    ($names:ident, $read:ident; $($field:ident: $ty:ty $(= $plain:ident)?),* $(,)?) => {
        fn $names(&self) -> &'static [&'static str] {
            &[$(stringify!($field)),*]
        }

        fn $read(
            &self,
            name: &str,
            de: &mut dyn $crate::level::own_fields::erased_serde::Deserializer<'_>,
        ) -> Result<
            Option<$crate::level::own_fields::FieldValue>,
            $crate::level::own_fields::erased_serde::Error,
        > {
            match name {
                $(stringify!($field) => $crate::level_fields!(@read de, $ty $(, $plain)?),)*
                _ => Err($crate::level::own_fields::no_field(name)),
            }
        }
    };
    (@read $de:ident, $ty:ty) => {
        Ok($crate::level::own_fields::erased_serde::deserialize::<Option<$ty>>($de)?
            .map($crate::level::own_fields::FieldValue::new))
    };
    (@read $de:ident, $ty:ty, plain) => {{
        let value: $ty = $crate::level::own_fields::erased_serde::deserialize($de)?;
        Ok((value != <$ty>::default()).then(|| $crate::level::own_fields::FieldValue::new(value)))
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(list: &[(&'static str, i64)]) -> OwnFields {
        let mut out = OwnFields::default();
        for (n, v) in list {
            out.push(n, FieldValue::new(*v));
        }
        out
    }

    #[test]
    fn overlaid_fields_replace_in_place_and_new_ones_follow() {
        let base = fields(&[("guard", 1), ("vit", 2)]);
        let over = fields(&[("vit", 5), ("persona", -1)]);
        let both = base.overlaid(&over);
        let ints: Vec<_> = both.ints().collect();
        assert_eq!(ints, [("guard", 1), ("vit", 5), ("persona", -1)]);
        assert_eq!(both.int("vit"), Some(5));
        assert_eq!(both.get::<bool>("vit"), None, "read only as its own type");
        assert_eq!(both.int("speed"), None);
    }
}
