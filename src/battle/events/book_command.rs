//! A rulebook's own commands, typed in its folder and carried by the core as
//! [`Command::Book`](super::Command::Book) without knowing them. A replay writes each under its
//! own name (`Kneel(unit: "Ada")`); reading one asks the registered rulebooks which of them
//! knows that name (`Rulebook::read_command`).

use crate::rules::actions::ActionKind;
use serde::de::{self, DeserializeOwned, IntoDeserializer};
use serde::{Deserialize, Deserializer, Serialize};
use std::any::Any;
use std::fmt;

/// What a rulebook's own command type gives the core: who issues it and the action it takes.
/// Its `Serialize` writes it as the replay does, as a RON enum variant.
pub trait RulebookCommand:
    Clone + PartialEq + Eq + fmt::Debug + Serialize + Send + Sync + 'static
{
    /// Its variants' names, as a replay writes them.
    const NAMES: &'static [&'static str];

    /// The combatant who issues it.
    fn actor(&self) -> &str;
    /// The action it takes (`None` for answers).
    fn action(&self) -> Option<ActionKind>;

    /// The combatant it is aimed at, if any.
    fn target(&self) -> Option<&str> {
        None
    }

    /// Whether it answers a question the battle asks (refused when none is asked), as its
    /// answers without an action do.
    fn answers(&self) -> bool {
        self.action().is_none()
    }

    /// Whether a side issues it, not a combatant: its actor is a side's name.
    fn by_side(&self) -> bool {
        false
    }
}

/// The object-safe face of a [`RulebookCommand`].
trait DynCommand: erased_serde::Serialize + fmt::Debug + Send + Sync {
    fn actor(&self) -> &str;
    fn action(&self) -> Option<ActionKind>;
    fn target(&self) -> Option<&str>;
    fn answers(&self) -> bool;
    fn by_side(&self) -> bool;
    fn clone_box(&self) -> Box<dyn DynCommand>;
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn DynCommand) -> bool;
}

erased_serde::serialize_trait_object!(DynCommand);

impl<C: RulebookCommand> DynCommand for C {
    fn actor(&self) -> &str {
        RulebookCommand::actor(self)
    }
    fn action(&self) -> Option<ActionKind> {
        RulebookCommand::action(self)
    }
    fn target(&self) -> Option<&str> {
        RulebookCommand::target(self)
    }
    fn answers(&self) -> bool {
        RulebookCommand::answers(self)
    }
    fn by_side(&self) -> bool {
        RulebookCommand::by_side(self)
    }
    fn clone_box(&self) -> Box<dyn DynCommand> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn DynCommand) -> bool {
        other.as_any().downcast_ref::<C>() == Some(self)
    }
}

/// A rulebook's own command, of whatever type its rulebook gave it.
pub struct BookCommand(Box<dyn DynCommand>);

impl BookCommand {
    pub fn new<C: RulebookCommand>(command: C) -> BookCommand {
        BookCommand(Box::new(command))
    }

    /// The command as its rulebook's type (`None` when it is another rulebook's).
    pub fn get<C: RulebookCommand>(&self) -> Option<&C> {
        self.0.as_any().downcast_ref()
    }

    pub fn actor(&self) -> &str {
        self.0.actor()
    }

    pub fn action(&self) -> Option<ActionKind> {
        self.0.action()
    }

    pub fn target(&self) -> Option<&str> {
        self.0.target()
    }

    pub fn answers(&self) -> bool {
        self.0.answers()
    }

    pub fn by_side(&self) -> bool {
        self.0.by_side()
    }

    /// Read a command of type `C` from a replay: what a rulebook's `read_command` does.
    pub fn read<C: RulebookCommand + DeserializeOwned>(
        de: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<BookCommand, erased_serde::Error> {
        erased_serde::deserialize::<C>(de).map(BookCommand::new)
    }
}

impl Clone for BookCommand {
    fn clone(&self) -> Self {
        BookCommand(self.0.clone_box())
    }
}

impl PartialEq for BookCommand {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

impl Eq for BookCommand {}

impl fmt::Debug for BookCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for BookCommand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        erased_serde::serialize(&*self.0, s)
    }
}

/// A variant's name, read as the identifier it is.
pub(super) struct VariantName(pub String);

impl<'de> Deserialize<'de> for VariantName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Name;
        impl de::Visitor<'_> for Name {
            type Value = VariantName;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a command's name")
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
pub(super) struct NamedVariant<A> {
    pub name: String,
    pub rest: A,
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
