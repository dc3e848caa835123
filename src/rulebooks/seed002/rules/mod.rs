//! Seed002's plain arithmetic, free of Bevy: the run search over (tile, heading).

pub mod run_path;
