//! Fuzz target: arbitrary command streams into a valid level. The bytes choose a small
//! level (valid by construction), the dice seed, the reaction policy and then one command
//! after another (the same decoder the property tests use). Every command is checked: no
//! panic, the state invariants, a refused command changes nothing; then the attack limit
//! over the log, and the replay gives the same log.
#![no_main]

#[path = "../../tests/proptest_support/mod.rs"]
mod support;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    support::check_command_bytes(data, skirmish::paths::cached_catalog())
        .unwrap_or_else(|e| panic!("{e}"));
});
