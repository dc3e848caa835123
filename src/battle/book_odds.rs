//! A rulebook's own odds in a preview (an attack against a fixed Attack Value, against
//! Guard, or on 3d6), of whatever type its rulebook gives them: the core carries them in
//! `Preview::odds` without knowing them, and the rulebook puts them in words
//! (`Hud::odds_text`) and weighs them for the computer player (`Computer`).

use std::any::Any;
use std::fmt;

/// What a rulebook's own odds type is.
pub trait RulebookOdds: Clone + PartialEq + fmt::Debug + Send + Sync + 'static {}

impl<T: Clone + PartialEq + fmt::Debug + Send + Sync + 'static> RulebookOdds for T {}

/// The object-safe face of a [`RulebookOdds`].
trait DynOdds: fmt::Debug + Send + Sync {
    fn clone_box(&self) -> Box<dyn DynOdds>;
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn DynOdds) -> bool;
}

impl<T: RulebookOdds> DynOdds for T {
    fn clone_box(&self) -> Box<dyn DynOdds> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn DynOdds) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

/// A rulebook's own odds, of whatever type its rulebook gave them.
pub struct BookOdds(Box<dyn DynOdds>);

impl BookOdds {
    pub fn new<T: RulebookOdds>(odds: T) -> BookOdds {
        BookOdds(Box::new(odds))
    }

    /// The odds as the type `T` (`None` when they are of another type).
    pub fn get<T: RulebookOdds>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
}

impl Clone for BookOdds {
    fn clone(&self) -> Self {
        BookOdds(self.0.clone_box())
    }
}

impl PartialEq for BookOdds {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

impl fmt::Debug for BookOdds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
