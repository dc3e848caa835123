//! Seed003 (presets/Seed003.md): wound slots, AP from Speed carried over, 3d6 against
//! Defense, a spendable initiative that decides each next turn and lets the faster act out
//! of turn, flanking as a state of the target, graded cover, posture, Stamina and fatigue,
//! and the reactions paid in AP. `assess.rs` holds the pure numbers; `schedule.rs` the
//! turns and AP; `window.rs` acting out of turn; `attack.rs` attacks and wounds;
//! `actions.rs` the other actions; `reactions.rs` Rebuff, Harry, Interpose, Cling and
//! readied actions; `flank.rs` the offer to ignore a new flanker.

pub mod actions;
pub mod assess;
pub mod attack;
pub mod flank;
pub mod odds;
pub mod reactions;
pub mod schedule;
pub mod window;
