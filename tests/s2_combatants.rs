//! RULES §2: combatants and their weapons — here, the conditions a weapon inflicts and how
//! long they last when the weapon names no duration.

mod common;
use common::*;
use skirmish::battle::events::BattleEvent;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::{ConditionKind, Duration};

/// The duration each condition was given, as the events report it.
fn durations(ev: &[BattleEvent], unit: &str) -> Vec<(ConditionKind, Duration)> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::ConditionAdded {
                unit: u,
                condition,
                duration,
                implied_by: None,
                ..
            } if u == unit => Some((*condition, *duration)),
            _ => None,
        })
        .collect()
}

fn hit_with(weapon: &str) -> Fight {
    // Initiative A 6, B 1; A's hit: d20 15, 1d4 2. Nobody reacts.
    let mut f = Arena::new(&["....", "...."])
        .unit("A", "Blue", "jolter", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (1, 0), Dir8::W)
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Never)"#)
        .start_with(&[6, 1, 15, 2], None);
    f.ok(attack_with("A", "B", weapon));
    f
}

#[test]
fn s2_exposed_and_unguarded_from_a_weapon_without_a_duration_last_until_the_end_of_the_round() {
    let mut f = hit_with("exposer");
    let ev = f.log();
    assert_eq!(
        durations(&ev, "B"),
        vec![
            (ConditionKind::Exposed, Duration::EndOfRound),
            (ConditionKind::Unguarded, Duration::EndOfRound)
        ]
    );
    f.ok(end("A"));
    f.ok(end("B"));
    assert_eq!(f.h.turn().round, 2);
    assert!(!f.has("B", ConditionKind::Exposed));
    assert!(!f.has("B", ConditionKind::Unguarded));
    f.all_dice_used();
}

#[test]
fn s2_dazed_from_a_weapon_without_a_duration_lasts_until_the_end_of_the_targets_next_turn() {
    let mut f = hit_with("shocker");
    assert_eq!(
        durations(&f.log(), "B"),
        vec![(ConditionKind::Dazed, Duration::EndOfNextTurn)]
    );
    f.ok(end("A"));
    assert_eq!(f.active(), "B");
    assert!(
        f.has("B", ConditionKind::Dazed),
        "B's next turn is under way"
    );
    f.ok(end("B"));
    assert!(!f.has("B", ConditionKind::Dazed));
    f.all_dice_used();
}

#[test]
fn s2_prone_from_a_weapon_without_a_duration_lasts_until_it_stands_up() {
    let mut f = hit_with("tripper");
    assert_eq!(
        durations(&f.log(), "B"),
        vec![(ConditionKind::Prone, Duration::UntilRemoved)]
    );
    f.ok(end("A"));
    f.ok(end("B"));
    f.ok(end("A"));
    assert!(
        f.has("B", ConditionKind::Prone),
        "rounds pass; B still lies"
    );
    f.ok(simple("StandUp", "B"));
    assert!(!f.has("B", ConditionKind::Prone));
}

#[test]
fn s2_bleeding_from_a_weapon_without_a_duration_lasts_until_stabilized() {
    // `ripper` makes Bleeding on a critical without naming a duration.
    let mut f = Arena::new(&["....", "...."])
        .unit("A", "Blue", "ripper", (0, 0), Dir8::E)
        .unit("B", "Red", "dummy", (1, 0), Dir8::W)
        .unit("C", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 2, 1, 20, 1, 1, 1]);
    f.ok(attack_with("A", "B", "ripper"));
    assert_eq!(
        durations(&f.log(), "B"),
        vec![
            (ConditionKind::Exposed, Duration::EndOfRound),
            (ConditionKind::Bleeding, Duration::UntilRemoved)
        ]
    );
    f.ok(end("A"));
    f.ok(end("B"));
    f.ok(end("C"));
    f.ok(end("A"));
    f.ok(end("B"));
    assert!(
        f.has("B", ConditionKind::Bleeding),
        "it bled twice and bleeds on"
    );
    f.ok(stabilize("C", "B"));
    assert!(!f.has("B", ConditionKind::Bleeding));
    f.all_dice_used();
}

#[test]
fn s2_the_level_check_summary_names_the_durations_it_resolved() {
    let level = Arena::new(&["...."])
        .unit("A", "Blue", "jolter", (0, 0), Dir8::E)
        .unit("B", "Red", "ripper", (3, 0), Dir8::W)
        .level();
    let summary = level.summary();
    for note in [
        "exposer on_hit Exposed until the end of the round",
        "exposer on_hit Unguarded until the end of the round",
        "shocker on_hit Dazed until the end of its next turn",
        "tripper on_hit Prone until it stands up",
        "ripper on_crit Bleeding until stabilized",
    ] {
        assert!(summary.contains(note), "`{note}` is not in: {summary}");
    }
    assert!(
        !summary.contains("jolter on_hit"),
        "a duration the weapon names is not a default: {summary}"
    );
}
