//! The windowed game (to be written).

use crate::cli::PlayOptions;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(level: PathBuf, _o: PlayOptions) -> ExitCode {
    eprintln!("window not written yet: {}", level.display());
    ExitCode::SUCCESS
}
