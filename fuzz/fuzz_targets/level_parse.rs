//! Fuzz target: any bytes as a level file. Parsing and validation must never panic; a
//! refused file gets at least one problem, syntax problems carry a line and column; an
//! accepted level satisfies the level invariants and starts a battle that the computer
//! player can play for a few commands.
#![no_main]

#[path = "../../tests/proptest_support/mod.rs"]
mod support;

use libfuzzer_sys::fuzz_target;
use skirmish::battle::headless::Headless;
use skirmish::battle::setup::BattleSetup;
use skirmish::level::parse_level;
use skirmish::level::schema::ReactionPolicy;
use skirmish::rules::dice::DiceSource;

fuzz_target!(|data: &[u8]| {
    match parse_level("fuzz.ron", data, skirmish::paths::cached_catalog()) {
        Err(problems) => {
            assert!(!problems.is_empty(), "refused without a problem");
            for p in &problems {
                assert!(!p.message.trim().is_empty());
                if p.message.starts_with("RON syntax") || p.message.contains("UTF-8") {
                    assert!(p.line.is_some() && p.col.is_some(), "no location: {p}");
                }
            }
        }
        Ok(level) => {
            support::check_level(&level).unwrap_or_else(|e| panic!("{e}"));
            let mut setup = BattleSetup::new(level, DiceSource::Seed(data.len() as u64));
            setup.policy_override = Some(ReactionPolicy::Always);
            let mut h = Headless::new(setup);
            for _ in 0..16 {
                let Some(cmd) = h.with_view(skirmish::battle::ai::next_command) else {
                    break;
                };
                h.send(cmd);
            }
        }
    }
});
