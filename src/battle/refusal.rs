//! Why a command is refused: `Refusal`, defined beside the events that carry it
//! (`events/refusal.rs`), as the rest of the battle names it.

pub use super::events::Refusal;
