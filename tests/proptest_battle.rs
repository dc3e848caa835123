//! Property tests of the battle core: random small levels, random dice seeds, random
//! reaction policies and random command streams, legal and illegal, through the real
//! headless ECS battle.
//!
//! After every command: no panic; vitality stays within 0..=max; at most one creature on
//! any tile; AP, RP and the attack count stay within the ruleset's limits; a rejected
//! command adds exactly one `Rejected` event and changes nothing else (units, schedule,
//! resolution stack, objectives, dice). After the stream: no combatant rolled more attacks
//! in a round than the limit, and the replay of the stream (written to RON and read back)
//! gives the same event log.
//!
//! Cases: 1,500 + 3,500 here, 5,000 in `proptest_levels.rs`: 10,000 in all.

mod proptest_support;

use proptest::collection::vec;
use proptest::option;
use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use proptest_support::{
    App, CmdSeed, LevelSpec, POLICIES, RulesSpec, UnitSpec, check_replay, play,
};

fn unit_spec() -> impl Strategy<Value = UnitSpec> {
    (
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
        option::of(0u8..8),
        option::weighted(0.8, any::<u8>()),
    )
        .prop_map(|(template, x, y, facing, vitality)| UnitSpec {
            template,
            x,
            y,
            facing,
            vitality,
        })
}

fn rules_spec() -> impl Strategy<Value = RulesSpec> {
    (
        0u8..3,
        any::<bool>(),
        0u8..4,
        prop::bool::weighted(0.8),
        0u8..4,
        0u8..4,
        prop::bool::weighted(0.7),
        any::<bool>(),
        any::<bool>(),
        0u8..6,
    )
        .prop_map(
            |(
                flanking,
                alternating,
                ap,
                free,
                reactions,
                attacks,
                facing,
                collision,
                penalty,
                preset,
            )| {
                RulesSpec {
                    flanking,
                    alternating,
                    ap_per_turn: ap,
                    free_movement: free,
                    reactions_per_round: reactions,
                    attacks_per_round: attacks,
                    facing,
                    collision_ignores_armor: collision,
                    penalty_cover: penalty,
                    preset,
                }
            },
        )
}

fn level_spec() -> impl Strategy<Value = LevelSpec> {
    (2u8..=7, 2u8..=7).prop_flat_map(|(width, height)| {
        (
            vec(any::<u8>(), usize::from(width) * usize::from(height)),
            vec(unit_spec(), 2..=6),
            2u8..=3,
            option::weighted(0.2, any::<u8>()),
            option::weighted(0.6, rules_spec()),
            any::<u8>(),
        )
            .prop_map(move |(tiles, units, sides, surprised, rules, objective)| {
                LevelSpec {
                    width,
                    height,
                    tiles,
                    units,
                    sides,
                    surprised,
                    rules,
                    objective,
                }
            })
    })
}

/// Any command seed: a third of them defer to the computer player.
fn cmd_seed() -> impl Strategy<Value = CmdSeed> {
    (
        any::<u8>(),
        any::<u8>(),
        any::<u8>(),
        any::<i8>(),
        any::<i8>(),
        any::<u8>(),
        vec(any::<u8>(), 0..6),
    )
        .prop_map(|(op, actor, target, x, y, extra, steps)| CmdSeed {
            op,
            actor,
            target,
            x,
            y,
            extra,
            steps,
        })
}

/// Mostly the computer player (legal moves, attacks and reaction answers), so that
/// battles get far: reactions, conditions, Down combatants, objectives and victories.
fn mostly_legal_seed() -> impl Strategy<Value = CmdSeed> {
    prop_oneof![
        4 => (any::<u8>(), 0u8..8).prop_map(|(actor, op)| CmdSeed {
            op,
            actor,
            target: 0,
            x: 0,
            y: 0,
            extra: 0,
            steps: Vec::new(),
        }),
        1 => cmd_seed(),
    ]
}

/// Play one case on this thread's reused app; replay it on a fresh app on the
/// multi-threaded executor for one case in `fresh_every`, else again on the reused app.
fn run_case(
    spec: &LevelSpec,
    seed: u64,
    policy: usize,
    cmds: &[CmdSeed],
    fresh_every: u64,
) -> Result<(), TestCaseError> {
    let level = spec
        .level(skirmish::paths::cached_catalog())
        .map_err(TestCaseError::fail)?;
    let policy = POLICIES[policy % POLICIES.len()];
    let played = play(&level, seed, policy, cmds, App::Reused).map_err(TestCaseError::fail)?;
    prop_assert_eq!(played.commands.len(), cmds.len());
    let replay_app = if seed.is_multiple_of(fresh_every) {
        App::FreshMultiThreaded
    } else {
        App::Reused
    };
    check_replay(&level, seed, policy, &played, replay_app).map_err(TestCaseError::fail)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(proptest_support::proptest_seed()),
        cases: 3_500,
        max_shrink_iters: 4_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Any commands at all, legal or not.
    #[test]
    fn random_command_streams_keep_the_invariants(
        spec in level_spec(),
        seed in any::<u64>(),
        policy in 0usize..3,
        cmds in vec(cmd_seed(), 1..=12),
    ) {
        run_case(&spec, seed, policy, &cmds, 4)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        rng_seed: RngSeed::Fixed(proptest_support::proptest_seed()),
        cases: 1_500,
        max_shrink_iters: 4_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Longer, mostly legal streams that play battles far.
    #[test]
    fn mostly_legal_streams_keep_the_invariants(
        spec in level_spec(),
        seed in any::<u64>(),
        policy in 0usize..3,
        cmds in vec(mostly_legal_seed(), 6..=24),
    ) {
        run_case(&spec, seed, policy, &cmds, 2)?;
    }
}

/// The invariant checks themselves can fail: a state with too many attacks is caught.
#[test]
fn the_attack_limit_check_catches_an_excess() {
    use skirmish::battle::events::{AttackKind, AttackReport, BattleEvent};
    use skirmish::rules::combat::{HitOutcome, RollMode};
    let roll = |n: u32| {
        BattleEvent::AttackRolled(AttackReport {
            attacker: "A".into(),
            target: "B".into(),
            weapon: "sword".into(),
            kind: AttackKind::Action,
            mode: RollMode::Normal,
            rolls: vec![n],
            natural: n,
            bonus: 0,
            total: n as i32,
            evasion: 10,
            modifiers: vec![],
            outcome: HitOutcome::Miss,
        })
    };
    let round = |r: u32| BattleEvent::RoundStarted {
        round: r,
        order: vec![],
    };
    let ok = [round(1), roll(1), roll(2), round(2), roll(3), roll(4)];
    assert!(proptest_support::check_attack_limit(&ok, 2).is_ok());
    let bad = [round(1), roll(1), roll(2), roll(3)];
    assert!(proptest_support::check_attack_limit(&bad, 2).is_err());
}
