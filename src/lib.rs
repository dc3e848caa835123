//! Skirmish: a turn-based tactical grid battle game on Bevy.
//!
//! - [`rules`]: plain-Rust geometry, dice, paths and combat arithmetic;
//! - [`level`]: the RON level format and its validation;
//! - [`battle`]: the headless ECS battle core (commands in, events out);
//! - [`replay`]: replay files, run headless;
//! - [`editor`]: the level editor's document and edits, headless (its window: `game::editor`);
//! - `game` (feature `window`): the rendered hot-seat game.

pub mod battle;
pub mod cli;
pub mod editor;
#[cfg(feature = "window")]
pub mod game;
pub mod level;
pub mod paths;
pub mod replay;
pub mod rulebook;
pub mod rulebooks;
pub mod rules;
