//! The rules as plain Rust: grid geometry, terrain, paths, dice, combat arithmetic, actions,
//! statistics and the ruleset switches. No Bevy here: everything is a pure function or a
//! small value type, tested next to its code.

pub mod actions;
pub mod bonus_dice;
pub mod book_value;
pub mod combat;
pub mod combat_roll;
pub mod condition;
pub mod condition_text;
pub mod damage;
pub mod dice;
pub mod exploding;
pub mod grid;
pub mod names;
pub mod odds;
pub mod path;
pub mod preset;
pub mod reach;
pub mod ruleset;
pub mod terrain;
pub mod unit;
pub mod wound_level;
