//! Property test of the computer player (issue 12): on random small levels, with random
//! switches and every rules preset the engine has, computer players at random strengths
//! fight to the end, and the battle never refuses one of their commands.
//!
//! Cases: 1,000 (the same ones each run; `PROPTEST_RNG_SEED` explores others).

mod proptest_support;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use proptest_support::Bytes;
use skirmish::battle::players::Player;
use skirmish::cli::duel::fight;

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(proptest_support::proptest_seed()),
        cases: 1_000,
        max_shrink_iters: 500,
        max_global_rejects: 10_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn the_computer_gives_only_commands_the_battle_takes(
        bytes in vec(any::<u8>(), 16..160),
        seed in any::<u64>(),
        players in (0usize..4, 0usize..4, 0usize..4),
    ) {
        let spec = Bytes::new(&bytes).level_spec();
        // A byte string that makes no valid level is the level checks' business: another
        // case is drawn, so that 1,000 battles are fought.
        let level = spec.level(skirmish::paths::cached_catalog());
        prop_assume!(level.is_ok());
        let level = level.expect("valid");
        let seats = [Player::ALL[players.0], Player::ALL[players.1], Player::ALL[players.2]];
        let fought = fight(level, seed, &seats);
        prop_assert!(fought.refused.is_empty(), "refused: {:?}", fought.refused);
    }
}
