//! Open enums: `Command`, `BattleEvent` and `Refusal` hold the core's own variants and a `Book` variant
//! for a rulebook's own, which is written under its own name (`Kneel(unit: "Ada")`) as if it
//! were one of the core's. Reading a name that is not the core's asks the registered
//! rulebooks which of them owns it. [`open_enum!`] makes such an enum from one list of the
//! core's variants.

use crate::rulebook::Rulebook;
use serde::de::{self, IntoDeserializer};
use serde::{Deserialize, Deserializer};
use std::fmt;

/// What reading a rulebook's own variant needs: which rulebook owns a name, and how it
/// reads a value under that name.
pub trait OpenBook: Sized {
    fn owner(name: &str) -> Option<&'static dyn Rulebook>;
    fn read(
        book: &dyn Rulebook,
        de: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Self, erased_serde::Error>;
}

/// Read one variant of an open enum: the core's own through `core` (serde's derive of the
/// core's variants), else a rulebook's through `B`, wrapped by `book`.
pub fn read_open<'de, E, T, B>(
    e: E,
    core_names: &[&str],
    core: impl FnOnce(NamedVariant<E::Variant>) -> Result<T, E::Error>,
    book: impl FnOnce(B) -> T,
) -> Result<T, E::Error>
where
    E: de::EnumAccess<'de>,
    B: OpenBook,
{
    let (VariantName(name), rest) = e.variant()?;
    let owner = (!core_names.contains(&name.as_str()))
        .then(|| B::owner(&name))
        .flatten();
    let variant = NamedVariant { name, rest };
    match owner {
        Some(owner) => {
            let mut de = <dyn erased_serde::Deserializer>::erase(variant);
            B::read(owner, &mut de).map(book).map_err(de::Error::custom)
        }
        None => core(variant),
    }
}

/// An enum of the core's variants (given once) and `Book($book)`, a rulebook's own, with how
/// it reads (`$core`, serde's `remote` derive of the core's variants, and `$names`, their
/// names).
macro_rules! open_enum {
    (
        $(#[$attr:meta])*
        pub enum $name:ident: $remote:literal, $core:ident, $names:ident, $book:ty, $what:literal {
            $(
                $(#[$va:meta])*
                $variant:ident
                $({ $($(#[$fa:meta])* $field:ident : $fty:ty),* $(,)? })?
                $(($tty:ty))?
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        pub enum $name {
            $(
                $(#[$va])*
                $variant $({ $($(#[$fa])* $field: $fty),* })? $(($tty))?,
            )*
            /// A rulebook's own, of its own type, written under its own name and read by the
            /// rulebook that owns that name.
            #[serde(untagged)]
            Book($book),
        }

        /// The core's variants, as they are read.
        #[derive(serde::Deserialize)]
        #[serde(remote = $remote)]
        enum $core {
            $(
                $(#[$va])*
                $variant $({ $($(#[$fa])* $field: $fty),* })? $(($tty))?,
            )*
        }

        /// The names of the core's variants.
        const $names: &[&str] = &[$(stringify!($variant)),*];

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$name, D::Error> {
                struct Open;
                impl<'de> serde::de::Visitor<'de> for Open {
                    type Value = $name;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str($what)
                    }
                    fn visit_enum<E: serde::de::EnumAccess<'de>>(
                        self,
                        e: E,
                    ) -> Result<$name, E::Error> {
                        $crate::battle::events::open::read_open(e, $names, $core::deserialize, $name::Book)
                    }
                }
                d.deserialize_enum($remote, $names, Open)
            }
        }
    };
}

pub(crate) use open_enum;

/// A variant's name, read as the identifier it is.
pub struct VariantName(pub String);

impl<'de> Deserialize<'de> for VariantName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl de::Visitor<'_> for Name {
            type Value = VariantName;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<VariantName, E> {
                Ok(VariantName(v.into()))
            }
        }
        d.deserialize_identifier(Name)
    }
}

/// An enum variant whose name has been read already: it hands that name, then the rest of
/// the variant, to whichever enum type deserializes from it.
pub struct NamedVariant<A> {
    name: String,
    rest: A,
}

impl<'de, A: de::VariantAccess<'de>> de::EnumAccess<'de> for NamedVariant<A> {
    type Error = A::Error;
    type Variant = A;
    fn variant_seed<V: de::DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, A), A::Error> {
        let name = seed.deserialize(self.name.into_deserializer())?;
        Ok((name, self.rest))
    }
}

impl<'de, A: de::VariantAccess<'de>> Deserializer<'de> for NamedVariant<A> {
    type Error = A::Error;
    fn deserialize_any<V: de::Visitor<'de>>(self, v: V) -> Result<V::Value, A::Error> {
        v.visit_enum(self)
    }
    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}
