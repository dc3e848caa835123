//! RULES §8, teleport: a weapon's `teleport` moves its target (or its wielder) on a hit onto
//! the tile `distance` tiles straight away from the other, over anything between; into an
//! occupied tile both take Reality damage equal to the distance, ignoring Armor, and the
//! teleported creature stays where it started; teleporting never provokes. A bad
//! `teleport` field is a located validation error. Through the real plugin with scripted
//! dice.

mod common;
use common::*;
use skirmish::battle::describe::describe;
use skirmish::battle::events::BattleEvent;
use skirmish::level::parse_level;
use skirmish::level::problem::Problem;
use skirmish::rules::grid::Dir8;
use skirmish::rules::ruleset::ConditionKind;

/// The test catalog with a banisher (teleports its target 3 m) and a blinker (teleports its
/// wielder 2 m).
fn catalog() -> String {
    TEST_CATALOG
        .replace(
            "weapons: {",
            r#"weapons: {
        "banish": (kind: Melee, hit: 3, damage: "1d4", teleport: (who: Target, distance: 3)),
        "blink": (kind: Melee, hit: 3, damage: "1d4", teleport: (who: User, distance: 2)),"#,
        )
        .replace(
            "templates: {",
            r#"templates: {
        "banisher": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 2, agility: 1, weapons: ["banish"]),
        "blinker": (vitality: 20, evasion: 12, armor: 0, movement: 3, initiative: 0, might: 2, agility: 1, weapons: ["blink"]),"#,
        )
}

fn lines(ev: &[BattleEvent]) -> Vec<String> {
    ev.iter().map(describe).collect()
}

fn said(ev: &[BattleEvent], needle: &str) -> bool {
    lines(ev).iter().any(|l| l.contains(needle))
}

#[test]
fn s8_teleport_to_a_free_tile_lands_exactly_there_over_a_wall_and_a_creature() {
    // A hits T (15 + 3, 2 damage): T lands 3 m straight away, over the wall and O between.
    let mut f = Arena::new(&["......", "...#..", "......"])
        .catalog(&catalog())
        .unit("A", "Blue", "banisher", (1, 1), Dir8::E)
        .unit("T", "Red", "fighter", (2, 1), Dir8::W)
        .unit("O", "Red", "fighter", (4, 1), Dir8::W)
        .start(&[6, 1, 1, 15, 2]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!(f.pos("T"), p(5, 1));
    assert_eq!(damage(&ev), vec![(s("T"), 2)]);
    assert!(
        said(&ev, "T teleports from (2, 1) to (5, 1)"),
        "{:#?}",
        lines(&ev)
    );
    f.all_dice_used();
    // The wielder's own teleport: B blinks 2 m straight away from T.
    let mut g = Arena::new(&["......", "......", "......"])
        .catalog(&catalog())
        .unit("B", "Blue", "blinker", (2, 1), Dir8::E)
        .unit("T", "Red", "fighter", (3, 1), Dir8::W)
        .start(&[6, 1, 15, 2]);
    let ev = g.ok(attack("B", "T"));
    assert_eq!((g.pos("B"), g.pos("T")), (p(0, 1), p(3, 1)));
    assert!(said(&ev, "B teleports from (2, 1) to (0, 1)"));
    g.all_dice_used();
}

#[test]
fn s8_teleport_past_the_map_edge_lands_on_the_farthest_tile_of_the_line() {
    let mut f = Arena::new(&["....", "...."])
        .catalog(&catalog())
        .unit("A", "Blue", "banisher", (1, 0), Dir8::E)
        .unit("T", "Red", "fighter", (2, 0), Dir8::W)
        .start(&[6, 1, 15, 2]);
    f.ok(attack("A", "T"));
    assert_eq!(f.pos("T"), p(3, 0));
    f.all_dice_used();
}

#[test]
fn s8_teleport_into_an_occupied_tile_deals_the_distance_as_reality_damage_to_both_ignoring_armor_and_returns()
 {
    // O (a tank, armor 3) stands on T's landing tile: both take 3, T stays where it was.
    let mut f = Arena::new(&["......", "......"])
        .catalog(&catalog())
        .unit("A", "Blue", "banisher", (1, 0), Dir8::E)
        .unit("T", "Red", "fighter", (2, 0), Dir8::W)
        .unit("O", "Red", "tank", (5, 0), Dir8::W)
        .start(&[6, 1, 1, 15, 2]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!((f.pos("T"), f.pos("O")), (p(2, 0), p(5, 0)));
    assert_eq!(damage(&ev), vec![(s("T"), 2), (s("T"), 3), (s("O"), 3)]);
    assert_eq!((f.vit("T"), f.vit("O")), (15, 27));
    assert!(
        said(&ev, "T teleports towards (5, 0), which O holds"),
        "{:#?}",
        lines(&ev)
    );
    f.all_dice_used();
}

#[test]
fn s8_teleporting_never_provokes() {
    // T is teleported out of C's reach and front arc: no opportunity or swift attack, and
    // T is not Unguarded.
    let mut f = Arena::new(&["......", "......", "......"])
        .catalog(&catalog())
        .unit("A", "Blue", "banisher", (1, 1), Dir8::E)
        .unit("T", "Red", "fighter", (2, 1), Dir8::W)
        .unit("C", "Blue", "fighter", (2, 0), Dir8::S)
        .start(&[6, 1, 1, 15, 2]);
    let ev = f.ok(attack("A", "T"));
    assert_eq!(f.pos("T"), p(5, 1));
    assert_eq!(attacks(&ev).len(), 1, "only A's own attack");
    assert_eq!(f.unit("C").reactions.points, 2);
    assert!(!f.has("T", ConditionKind::Unguarded));
    f.all_dice_used();
    // The wielder blinks out of R's reach: R does not react.
    let mut g = Arena::new(&["......", "......", "......"])
        .catalog(&catalog())
        .unit("B", "Blue", "blinker", (2, 1), Dir8::E)
        .unit("T", "Red", "fighter", (3, 1), Dir8::W)
        .unit("R", "Red", "fighter", (2, 2), Dir8::N)
        .start(&[6, 1, 1, 15, 2]);
    let ev = g.ok(attack("B", "T"));
    assert_eq!(g.pos("B"), p(0, 1));
    assert_eq!(attacks(&ev).len(), 1);
    assert_eq!(g.unit("R").reactions.points, 2);
    g.all_dice_used();
}

fn s(x: &str) -> String {
    x.to_string()
}

fn problems(weapon: &str) -> Vec<Problem> {
    let src = format!(
        r#"(
    name: "Teleports",
    legend: {{ '.': "grass" }},
    map: ["....", "...."],
    weapons: {{ "warp": {weapon} }},
    sides: [(name: "Blue"), (name: "Red")],
    units: [
        (name: "A", side: "Blue", template: "soldier", pos: (0, 0), overrides: (weapons: ["warp"])),
        (name: "B", side: "Red", template: "soldier", pos: (3, 1)),
    ],
)"#
    );
    let catalog = skirmish::paths::load_catalog();
    match parse_level("test.ron", src.as_bytes(), &catalog) {
        Ok(_) => Vec::new(),
        Err(p) => p,
    }
}

#[test]
fn validation_a_bad_teleport_field_is_a_located_error() {
    let good = r#"(kind: Melee, hit: 1, damage: "1d4", teleport: (who: Target, distance: 3))"#;
    assert!(problems(good).is_empty(), "{:#?}", problems(good));
    let ps = problems(&good.replace("distance: 3", "distance: 0"));
    assert_eq!(ps.len(), 1, "{ps:#?}");
    assert_eq!(
        ps[0].message,
        "weapon `warp`: teleport distance must be at least 1 (got 0)"
    );
    assert_eq!((ps[0].line, ps[0].col.is_some()), (Some(5), true));
    let ps = problems(&good.replace("distance: 3", "distance: 99"));
    assert!(
        ps[0].message.contains("must be at most 20 (got 99)"),
        "{ps:#?}"
    );
    let ps = problems(&good.replace("hit: 1,", "hit: 1, push: 2,"));
    assert_eq!(
        ps[0].message,
        "weapon `warp`: a weapon cannot both push and teleport (remove `push` or `teleport`)"
    );
    assert_eq!(ps[0].line, Some(5));
    let ps = problems(&good.replace("who: Target", "who: Caster"));
    assert_eq!(ps.len(), 1, "{ps:#?}");
    assert!(ps[0].message.contains("`Caster`"), "{}", ps[0].message);
    assert!(ps[0].message.contains("`User`"), "{}", ps[0].message);
    assert_eq!(ps[0].line, Some(5));
}
