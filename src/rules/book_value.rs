//! A rulebook's own value inside a core type that carries it without reading it: a plan
//! (`Plan::Book`), a step of resolution (`Work::Book`), a preview's odds (`Preview::odds`),
//! or the battle's state of its own ([`BookState`] in `TurnState::book` and
//! `Resolution::book`). The rulebook that made it reads it back as its own type
//! ([`BookValue::get`], [`BookValue::take`]); every other code passes it on. No Bevy here.

use std::any::Any;
use std::fmt;

/// What a value must be to ride in a [`BookValue`]: cloned, compared and printed with the
/// core value that carries it.
pub trait BookItem: Any + Clone + PartialEq + fmt::Debug + Send + Sync {}

impl<T: Any + Clone + PartialEq + fmt::Debug + Send + Sync> BookItem for T {}

/// The object-safe face of a [`BookItem`].
trait DynItem: fmt::Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn DynItem>;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn same(&self, other: &dyn DynItem) -> bool;
}

impl<T: BookItem> DynItem for T {
    fn clone_box(&self) -> Box<dyn DynItem> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
    fn same(&self, other: &dyn DynItem) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

/// A rulebook's own value, of whatever type its rulebook gave it.
pub struct BookValue(Box<dyn DynItem>);

impl BookValue {
    pub fn new<T: BookItem>(value: T) -> BookValue {
        BookValue(Box::new(value))
    }

    /// The value as type `T` (`None` when it is of another type: another rulebook's).
    pub fn get<T: BookItem>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }

    /// The value as type `T`, to change it.
    pub fn get_mut<T: BookItem>(&mut self) -> Option<&mut T> {
        self.0.as_any_mut().downcast_mut()
    }

    /// The value as type `T`, taken out; itself back when it is of another type.
    pub fn take<T: BookItem>(self) -> Result<T, BookValue> {
        if self.get::<T>().is_none() {
            return Err(self);
        }
        match self.0.into_any().downcast::<T>() {
            Ok(value) => Ok(*value),
            Err(_) => unreachable!("the type was checked above"),
        }
    }
}

impl Clone for BookValue {
    fn clone(&self) -> Self {
        BookValue(self.0.clone_box())
    }
}

impl PartialEq for BookValue {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

/// Values of one type compare as that type does; values of two types never equal.
impl Eq for BookValue {}

impl fmt::Debug for BookValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Rulebooks' own state, at most one value of each type, each as it was last set; a type
/// never set reads as its default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BookState(Vec<BookValue>);

impl BookState {
    /// The value of type `T`, if one was set.
    pub fn get<T: BookItem>(&self) -> Option<&T> {
        self.0.iter().find_map(BookValue::get)
    }

    /// The value of type `T`, to change it: its default the first time.
    pub fn get_mut<T: BookItem + Default>(&mut self) -> &mut T {
        let i = match self.0.iter().position(|v| v.get::<T>().is_some()) {
            Some(i) => i,
            None => {
                self.0.push(BookValue::new(T::default()));
                self.0.len() - 1
            }
        };
        self.0[i]
            .get_mut()
            .expect("the value at i is of type T: found or pushed above")
    }

    /// The value of type `T`, or `fallback` when none was set.
    pub fn get_or<'a, T: BookItem>(&'a self, fallback: &'a T) -> &'a T {
        self.get().unwrap_or(fallback)
    }

    /// Set a value, in place of the one of its type if there was one.
    pub fn put(&mut self, value: BookValue) {
        let of_type = value.0.as_any().type_id();
        match self
            .0
            .iter_mut()
            .find(|v| v.0.as_any().type_id() == of_type)
        {
            Some(old) => *old = value,
            None => self.0.push(value),
        }
    }
}

/// A core value that carries rulebooks' own values for them: a combatant's statistics, a
/// weapon, a combatant's own state in the battle.
pub trait Carries {
    fn book(&self) -> &BookState;
    fn book_mut(&mut self) -> &mut BookState;
}

/// A rulebook's reading of its own value in a core value that [`Carries`] it:
/// `book_reading!(Seed9Of: seed9, Stats => Seed9Stats, Seed9Stats::default())` declares a
/// trait `Seed9Of` whose `stats.seed9()` gives the value of that type, or the fallback
/// when the core made the value without asking the rulebook (bare hands). With
/// `seed9 / seed9_mut`, `seed9_mut()` changes it (its default the first time).
#[macro_export]
macro_rules! book_reading {
    ($(#[$doc:meta])* $reading:ident: $method:ident $(/ $method_mut:ident)?, $carrier:ty => $own:ty, $fallback:expr) => {
        $(#[$doc])*
        pub trait $reading {
            fn $method(&self) -> &$own;
            $(fn $method_mut(&mut self) -> &mut $own;)?
        }

        impl $reading for $carrier {
            fn $method(&self) -> &$own {
                static FALLBACK: std::sync::LazyLock<$own> = std::sync::LazyLock::new(|| $fallback);
                $crate::rules::book_value::Carries::book(self).get_or(&FALLBACK)
            }
            $(fn $method_mut(&mut self) -> &mut $own {
                $crate::rules::book_value::Carries::book_mut(self).get_mut::<$own>()
            })?
        }
    };
}

/// What a boxed rulebook value that is written and read (`BookCommand`, `BookEvent`,
/// `BookRefusal`, a level's `FieldValue`) is: `$book` holds a
/// `Box<dyn $dyn>`, `$dyn` has `clone_box`, `as_any` and `same` (written by
/// [`book_value_methods!`]), and every `$trait` type is a `$dyn`. Makes its constructor,
/// its downcast, how a rulebook reads one, and its `Clone`, `PartialEq`, `Debug` (the
/// value's own) and `Serialize` (the value's own, under its own name).
macro_rules! book_value {
    ($book:ident, $dyn:ident, $trait:ident) => {
        impl $book {
            pub fn new<C: $trait>(value: C) -> $book {
                $book(Box::new(value))
            }

            /// The value as its rulebook's type (`None` when it is another rulebook's).
            pub fn get<C: $trait>(&self) -> Option<&C> {
                self.0.as_any().downcast_ref()
            }

            /// Read a value of type `C`: what a rulebook's `read_…` does.
            pub fn read<C: $trait + serde::de::DeserializeOwned>(
                de: &mut dyn erased_serde::Deserializer<'_>,
            ) -> Result<$book, erased_serde::Error> {
                erased_serde::deserialize::<C>(de).map($book::new)
            }
        }

        impl Clone for $book {
            fn clone(&self) -> Self {
                $book(self.0.clone_box())
            }
        }

        impl PartialEq for $book {
            fn eq(&self, other: &Self) -> bool {
                self.0.same(&*other.0)
            }
        }

        impl Eq for $book {}

        impl std::fmt::Debug for $book {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl serde::Serialize for $book {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                erased_serde::serialize(&*self.0, s)
            }
        }

        erased_serde::serialize_trait_object!($dyn);
    };
}

/// The methods every `$dyn` of [`book_value!`] has: in the trait (`book_value_methods!($dyn)`)
/// and in its blanket impl for a type `C` (`book_value_methods!($dyn, C)`).
macro_rules! book_value_methods {
    ($dyn:ident) => {
        fn clone_box(&self) -> Box<dyn $dyn>;
        fn as_any(&self) -> &dyn std::any::Any;
        fn same(&self, other: &dyn $dyn) -> bool;
    };
    ($dyn:ident, $c:ty) => {
        fn clone_box(&self) -> Box<dyn $dyn> {
            Box::new(self.clone())
        }
        fn as_any(&self) -> &dyn std::any::Any {
            self
        }
        fn same(&self, other: &dyn $dyn) -> bool {
            other.as_any().downcast_ref::<$c>() == Some(self)
        }
    };
}

pub(crate) use {book_value, book_value_methods};

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq)]
    enum Mine {
        Kneel(u32),
    }

    #[derive(Clone, Debug, PartialEq)]
    struct Theirs(u32);

    #[test]
    fn a_value_reads_back_only_as_its_own_type() {
        let v = BookValue::new(Mine::Kneel(3));
        assert_eq!(v.get::<Mine>(), Some(&Mine::Kneel(3)));
        assert_eq!(v.get::<Theirs>(), None);
        let v = v.take::<Theirs>().expect_err("not its type");
        assert_eq!(v.take::<Mine>(), Ok(Mine::Kneel(3)));
    }

    #[test]
    fn values_compare_by_type_and_value_and_print_as_themselves() {
        let a = BookValue::new(Mine::Kneel(3));
        assert_eq!(a, a.clone());
        assert_ne!(a, BookValue::new(Mine::Kneel(4)));
        assert_ne!(a, BookValue::new(Theirs(3)));
        assert_eq!(format!("{a:?}"), "Kneel(3)");
        let mut b = a.clone();
        if let Some(Mine::Kneel(n)) = b.get_mut::<Mine>() {
            *n = 5;
        }
        assert_eq!(b.get::<Mine>(), Some(&Mine::Kneel(5)));
    }

    #[test]
    fn state_holds_one_value_a_type_its_default_until_set() {
        let mut state = BookState::default();
        assert_eq!(state.get::<Theirs>(), None);
        assert_eq!(*state.get_mut::<u32>(), 0);
        *state.get_mut::<u32>() += 2;
        state.get_mut::<Vec<Theirs>>().push(Theirs(1));
        *state.get_mut::<u32>() += 3;
        assert_eq!(state.get::<u32>(), Some(&5));
        assert_eq!(state.get::<Vec<Theirs>>(), Some(&vec![Theirs(1)]));
        assert_eq!(state.0.len(), 2);
        let copy = state.clone();
        assert_eq!(copy, state);
        state.put(BookValue::new(7u32));
        state.put(BookValue::new(Theirs(9)));
        assert_eq!(state.get::<u32>(), Some(&7));
        assert_eq!(state.get_or(&Theirs(0)), &Theirs(9));
        assert_eq!(state.get_or(&Mine::Kneel(1)), &Mine::Kneel(1));
        assert_eq!(state.0.len(), 3);
    }
}
