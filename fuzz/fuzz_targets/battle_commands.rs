//! Fuzz target: arbitrary command streams into a valid level. The bytes choose a small
//! level (valid by construction), the dice seed, the reaction policy and then one command
//! after another (the same decoder the property tests use). Every command is checked: no
//! panic, the state invariants, a refused command changes nothing; then the attack limit
//! over the log, and the replay gives the same log.
#![no_main]

#[path = "../../tests/proptest_support/mod.rs"]
mod support;

use libfuzzer_sys::fuzz_target;
use skirmish::level::catalog::Catalog;
use std::sync::OnceLock;
use support::{App, Bytes, POLICIES, check_replay, play};

fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(skirmish::paths::load_catalog)
}

/// Most commands one input plays.
const MAX_COMMANDS: usize = 40;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let spec = bytes.level_spec();
    let seed = bytes.u64();
    let policy = POLICIES[bytes.u8() as usize % POLICIES.len()];
    let mut seeds = Vec::new();
    while !bytes.is_empty() && seeds.len() < MAX_COMMANDS {
        seeds.push(bytes.cmd_seed());
    }
    let level = spec.level(catalog()).unwrap_or_else(|e| panic!("{e}"));
    let played = play(&level, seed, policy, &seeds, App::Fresh).unwrap_or_else(|e| panic!("{e}"));
    check_replay(&level, seed, policy, &played, App::Fresh).unwrap_or_else(|e| panic!("{e}"));
});
