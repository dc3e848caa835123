//! The sixth rulebook, written outside `src/` (`examples/house_rules.rs`): registered from
//! outside the crate, a level names it, and each extension point works headless: Rally is
//! priced, checked and refused with its reason, resolved and logged in its words, previewed
//! with its exact odds (against every pair of dice resolved through the battle), used by
//! the computer player, and written in a replay that plays back.

mod common;

#[path = "../examples/house_rules.rs"]
#[allow(dead_code)]
mod house_rules;

use common::{Arena, Fight, end};
use house_rules::{RALLY, RALLY_COST};
use skirmish::battle::describe::{Wording, describe_in};
use skirmish::battle::events::{BattleEvent, Command};
use skirmish::battle::own::{OwnCommand, OwnEvent};
use skirmish::battle::players::{Player, next_command};
use skirmish::battle::preview::preview;
use skirmish::battle::refusal::Refusal;
use skirmish::replay::{load_replay, run};
use skirmish::rules::actions::ActionKind;
use skirmish::rules::grid::Dir8;
use skirmish::rules::odds::Chance;
use skirmish::rules::ruleset::ConditionKind;
use std::path::PathBuf;

fn rally(unit: &str) -> Command {
    Command::Own(OwnCommand {
        unit: unit.into(),
        action: RALLY,
        target: None,
        at: None,
    })
}

/// Ada and Bram (Blue) beside each other, Cole (Blue) 5 m off, Hex (Red) next to Bram
/// with a weapon that leaves its target Dazed for two rounds.
fn arena() -> Arena {
    arena_with_ada("()")
}

/// The same, with overrides of Ada's statistics.
fn arena_with_ada(overrides: &str) -> Arena {
    house_rules::register();
    Arena::new(&["........", "........", "........"])
        .rules("(preset: House)")
        .unit_with("Ada", "Blue", "fighter", (1, 1), Dir8::E, overrides)
        .unit("Bram", "Blue", "fighter", (2, 1), Dir8::E)
        .unit("Cole", "Blue", "fighter", (7, 1), Dir8::W)
        .unit("Hex", "Red", "hexer", (3, 1), Dir8::W)
}

/// Hex acts first and dazes Bram (d20 15, 1d4 2), then it is Ada's turn; `dice` follow.
fn bram_dazed(dice: &[u32]) -> Fight {
    bram_dazed_in(arena(), dice)
}

fn bram_dazed_in(arena: Arena, dice: &[u32]) -> Fight {
    let mut script = vec![5, 1, 1, 6, 15, 2];
    script.extend_from_slice(dice);
    let mut f = arena.start(&script);
    assert_eq!(f.active(), "Hex");
    f.ok(common::attack_with("Hex", "Bram", "dazer"));
    f.ok(end("Hex"));
    assert_eq!(f.active(), "Ada");
    assert!(f.has("Bram", ConditionKind::Dazed));
    f
}

fn own_events(ev: &[BattleEvent]) -> Vec<OwnEvent> {
    ev.iter()
        .filter_map(|e| match e {
            BattleEvent::Own(o) => Some(o.clone()),
            _ => None,
        })
        .collect()
}

fn text(ev: &[BattleEvent]) -> Vec<String> {
    ev.iter().map(|e| describe_in(e, Wording::CORE)).collect()
}

#[test]
fn a_level_names_the_registered_rulebook_and_its_ruleset_prices_rally() {
    let level = arena().level();
    assert_eq!(level.rules.rulebook.0, "House");
    assert_eq!(level.rules.cost(ActionKind::Own(RALLY)), Some(RALLY_COST));
    assert!(
        level.summary().contains("House rules"),
        "{}",
        level.summary()
    );
}

#[test]
fn rally_is_refused_with_its_reason_when_no_ally_within_3_m_is_dazed() {
    let mut f = arena().start(&[6, 1, 1, 1]);
    assert_eq!(f.active(), "Ada");
    assert_eq!(
        f.rejected(rally("Ada")),
        Refusal::Own {
            reason: "no ally of Ada within 3 m is Dazed".into()
        }
    );
    // The core checks the cost first, from the rulebook's own table.
    let mut f = bram_dazed(&[]);
    f.ok(common::simple("Sprint", "Ada"));
    assert_eq!(f.unit("Ada").ap, 0);
    assert!(matches!(
        f.rejected(rally("Ada")),
        Refusal::NotEnoughAp {
            need: 1,
            have: 0,
            ..
        }
    ));
}

#[test]
fn rally_of_9_or_more_clears_dazed_from_allies_within_3_m_and_is_logged_in_its_words() {
    let mut f = bram_dazed(&[8, 1]);
    let ev = f.ok(rally("Ada"));
    assert!(!f.has("Bram", ConditionKind::Dazed));
    assert_eq!(f.unit("Ada").ap, 2);
    let lines = text(&ev);
    assert!(
        lines.contains(&"Ada: Rally (1 AP, 2 left)".to_string()),
        "{lines:#?}"
    );
    assert!(
        lines.contains(&"Ada rallies: 2d10 = 8 + 1 = 9 vs 9: Bram shakes off Dazed".to_string()),
        "{lines:#?}"
    );
    let mut f = bram_dazed(&[4, 4]);
    let ev = f.ok(rally("Ada"));
    assert!(f.has("Bram", ConditionKind::Dazed));
    assert!(
        text(&ev).contains(&"Ada rallies: 2d10 = 4 + 4 = 8 vs 9: Bram stays Dazed".to_string())
    );
}

#[test]
fn preview_rally_gives_the_exact_chance_that_resolving_every_pair_of_dice_gives() {
    let mut f = bram_dazed(&[]);
    let shown =
        f.h.with_view(|v| preview(v, &rally("Ada")).expect("Rally is allowed"));
    let own = shown.own.expect("the rulebook's preview");
    assert_eq!(own.chance, Some(Chance::new(72, 100)));
    assert!(
        own.text.contains("that Bram shakes off Dazed"),
        "{}",
        own.text
    );
    let mut rallied = 0u128;
    for a in 1..=10 {
        for b in 1..=10 {
            let mut f = bram_dazed(&[a, b]);
            f.ok(rally("Ada"));
            if !f.has("Bram", ConditionKind::Dazed) {
                rallied += 1;
            }
        }
    }
    assert_eq!(own.chance, Some(Chance::new(rallied, 100)));
}

#[test]
fn a_rally_bonus_its_stat_blocks_write_is_checked_added_to_the_roll_and_previewed() {
    // A field of its own in a stat block: read, and added to the 2d10.
    let bold = || arena_with_ada("(rally: 2)");
    let mut f = bram_dazed_in(bold(), &[4, 3]);
    let shown =
        f.h.with_view(|v| preview(v, &rally("Ada")).expect("Rally is allowed"));
    let own = shown.own.expect("the rulebook's preview");
    // 2d10 + 2 reaches 9 on a 7 or more: every pair but the 15 that total 6 or less.
    assert_eq!(own.chance, Some(Chance::new(85, 100)));
    assert!(own.text.contains("(2d10 + 2 >= 9)"), "{}", own.text);
    let ev = f.ok(rally("Ada"));
    assert!(!f.has("Bram", ConditionKind::Dazed));
    let line = "Ada rallies: 2d10 + 2 = 4 + 3 + 2 = 9 vs 9: Bram shakes off Dazed";
    assert!(text(&ev).contains(&line.to_string()), "{:#?}", text(&ev));
    // Out of its bounds, the level says where and why.
    let ron = arena_with_ada("(rally: 6)").ron();
    let catalog = skirmish::paths::cached_catalog();
    let problems = skirmish::level::parse_level("arena.ron", ron.as_bytes(), catalog)
        .expect_err("a bonus of 6 is refused");
    let shown: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(
        shown
            .iter()
            .any(|p| p.contains("rally must be at most 5 (got 6)")),
        "{shown:#?}"
    );
}

#[test]
fn the_computer_player_rallies_a_dazed_ally_and_not_otherwise() {
    let mut f = bram_dazed(&[]);
    let cmd = f.h.with_view(|v| next_command(v, Player::Hard));
    assert_eq!(cmd, Some(rally("Ada")));
    // One Dazed ally, and only Rally's 1 AP to spare after a Defend: not worth it.
    let mut f = bram_dazed(&[]);
    f.ok(common::simple("Defend", "Ada"));
    assert_eq!(f.unit("Ada").ap, 1);
    let cmd = f.h.with_view(|v| next_command(v, Player::Hard));
    assert!(!matches!(cmd, Some(Command::Own(_))), "{cmd:?}");
    assert!(
        f.h.with_view(|v| preview(v, &rally("Ada"))).is_ok(),
        "Rally is allowed"
    );
}

#[test]
fn the_house_rules_replay_plays_headless_with_its_rallies_twice_the_same() {
    house_rules::register();
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/house_rules_replay.ron");
    let catalog = skirmish::paths::load_catalog();
    let loaded = load_replay(&path, &catalog).unwrap_or_else(|p| panic!("{p:?}"));
    let ev = run(&loaded);
    assert!(
        !ev.iter().any(|e| matches!(e, BattleEvent::Rejected { .. })),
        "a command was refused"
    );
    let rallies = own_events(&ev);
    assert_eq!(rallies.len(), 4, "{rallies:#?}");
    let red = ["Grub", "Snik", "Mog"];
    assert!(
        rallies.iter().any(|r| red.contains(&r.unit.as_str())),
        "Red rallies too"
    );
    for r in &rallies {
        let [a, b, total, need] = r.numbers[..] else {
            panic!("{r:?}")
        };
        assert_eq!(a + b, total);
        assert_eq!(r.what == house_rules::RALLIED, total >= need, "{r:?}");
    }
    assert!(matches!(ev.last(), Some(BattleEvent::BattleEnded(_))));
    assert_eq!(run(&loaded), ev, "the same events twice");
    // The replay writes Rally as the rulebook's own command, and reads it back.
    let written = ron::to_string(&rally("Ada")).unwrap();
    assert_eq!(written, r#"Own((unit:"Ada",action:"Rally"))"#);
    assert_eq!(ron::from_str::<Command>(&written).unwrap(), rally("Ada"));
}

/// The house rules' three battles (issue 37: every rulebook ships three, one larger than
/// 20×15, each fair, each played to a victory): each loads under the registered rulebook,
/// plays to a victory between two computer players at Hard on its own dice with no command
/// refused, and has its units rally.
#[test]
fn the_house_rules_ship_three_battles_that_play_to_a_victory_with_rallies() {
    house_rules::register();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    let catalog = skirmish::paths::cached_catalog();
    let names = [
        "house_rules.ron",
        "house_rules_alleys.ron",
        "house_rules_stream.ron",
    ];
    let mut large = false;
    for name in names {
        let level = skirmish::level::load_level(&root.join(name), catalog)
            .unwrap_or_else(|p| panic!("{name}: {p:?}"));
        assert_eq!(level.rules.rulebook.0.to_string(), "House", "{name}");
        large |= level.grid.width > 20 && level.grid.height > 15;
        let seed = level.seed.unwrap_or(1);
        let fought = skirmish::cli::duel::fight(level, seed, &[Player::Hard]);
        assert!(fought.refused.is_empty(), "{name}: {:?}", fought.refused);
        assert!(
            fought.winner.is_some(),
            "{name}: no side won at seed {seed}"
        );
        let rallies = fought
            .commands
            .iter()
            .filter(|c| matches!(c, Command::Own(o) if o.action == RALLY))
            .count();
        assert!(rallies > 0, "{name}: no unit rallied at seed {seed}");
    }
    assert!(large, "no house-rules battle larger than 20x15");
}
