//! `Hard`'s Switch Places and Hide under Seed000 (issue 37, presets/Seed000.md): each test
//! sets up a small map where the action pays, or does not, and checks the exact command
//! `Hard` takes.

mod common;

use common::seed000::{seed000, start, unit_with};
use common::*;
use skirmish::battle::events::Command;
use skirmish::battle::players::Player;
use skirmish::rulebooks::seed000::Seed000Command;
use skirmish::rules::ruleset::ConditionKind;

/// A room on the left and a corridor one tile wide to its right: a unit in the corridor
/// bars the way to the tiles behind it.
const CORRIDOR: [&str; 5] = [
    "###########",
    "#...#######",
    "#.........#",
    "#...#######",
    "###########",
];

fn switch(u: &str, ally: &str) -> Command {
    Command::from(Seed000Command::SwitchPlaces {
        unit: u.into(),
        ally: ally.into(),
    })
}

/// Blue's archer A (its turn done) at the corridor's front, fighter F behind it, Red's
/// fighter R at `r` down the corridor; A with `archer` overrides.
fn corridor(archer: &str, r: (i32, i32)) -> Fight {
    let a = unit_with(seed000(&CORRIDOR), "A", "Blue", "archer", (5, 2), archer);
    let a = unit_with(a, "F", "Blue", "fighter", (4, 2), "(initiative: 2)");
    let a = unit_with(a, "R", "Red", "fighter", r, "(initiative: 1)");
    let mut f = start(a, &[]);
    f.ok(end("A"));
    assert_eq!(f.active(), "F");
    f
}

/// Switch Places [000:23]: the wounded archer (3 vitality) stands where R walks in to
/// strike it next turn (R's blade, 1d6, would put it Down half the time), and nobody can
/// reach F's tile behind it. Hard swaps the sound fighter to the front: R can reach only F
/// now (20 vitality, armor 1); Normal leaves the archer there.
#[test]
fn switch_places_hard_swaps_a_wounded_archer_out_of_reach() {
    let mut f = corridor("(initiative: 3, vitality: 3)", (8, 2));
    assert_ne!(f.choice(Player::Normal), switch("F", "A"));
    assert_eq!(f.choice(Player::Hard), switch("F", "A"));
    f.ok(switch("F", "A"));
    assert_eq!(f.pos("F"), skirmish::rules::grid::Pos::new(5, 2));
    assert_eq!(f.pos("A"), skirmish::rules::grid::Pos::new(4, 2));
}

/// Switch Places: R already stands next to the (sound) archer, out of F's reach behind it.
/// Swapping puts F next to R with 2 AP, a blow's worth: Hard swaps, then strikes.
#[test]
fn switch_places_hard_swaps_a_fighter_in_to_strike() {
    let mut f = corridor("(initiative: 3)", (6, 2));
    let taken = f.play_turn(Player::Hard);
    assert_eq!(taken[0], switch("F", "A"), "{taken:?}");
    assert!(
        matches!(&taken[1], Command::Attack { unit, target, .. } if unit == "F" && target == "R"),
        "{taken:?}"
    );
}

/// Switch Places, the guard: the archer is sound (12 vitality) and R a turn's walk away;
/// what the swap spares it (a blow's share of 12) is no more than what it costs F (its own
/// share of 20, the AP and the ally's Reaction Point). Hard does not swap.
#[test]
fn switch_places_hard_leaves_a_sound_archer_where_it_stands() {
    let mut f = corridor("(initiative: 3)", (8, 2));
    let taken = f.play_turn(Player::Hard);
    assert!(!taken.contains(&switch("F", "A")), "{taken:?}");
}

/// Two rooms, a wall between them with a gap at the bottom row.
const WALLED: [&str; 5] = [
    "###########",
    "#....#....#",
    "#....#....#",
    "#.........#",
    "###########",
];

fn hide(u: &str) -> Command {
    Command::from(Seed000Command::Hide { unit: u.into() })
}

/// Blue's slow fighter A (1 m of movement, stealth 3, `a` overrides) behind the wall from
/// Red's spearman R (perception 1, `r` overrides): A cannot reach R this turn.
fn behind_the_wall(a: &str, r: &str, dice: &[u32]) -> Fight {
    let arena = unit_with(seed000(&WALLED), "A", "Blue", "fighter", (1, 1), a);
    let arena = unit_with(arena, "R", "Red", "fighter", (8, 1), r);
    start(arena, dice)
}

/// Hide [000:36]: A (3 vitality, stealth 5), its free metre walked, is out of R's sight with nothing
/// to strike; R (movement 5, a spear's reach 2, so no held attack of A's would meet it
/// first) could walk round the wall and strike it next turn. Hidden, R cannot target it
/// (it must first step into its sight): Hard hides rather than walk on with its AP (d20
/// 15 + 5 against R's 2 + 1: hidden); Normal does not.
#[test]
fn hide_hard_hides_a_wounded_unit_out_of_sight() {
    let a = "(initiative: 3, movement: 1, vitality: 3, stealth: 5)";
    let r = r#"(initiative: 1, movement: 5, perception: 1, weapons: ["spear"])"#;
    let mut normal = behind_the_wall(a, r, &[]);
    normal.ok(mv("A", (1, 2)));
    assert!(!normal.play_turn(Player::Normal).contains(&hide("A")));
    let mut f = behind_the_wall(a, r, &[15, 2]);
    f.ok(mv("A", (1, 2)));
    assert_eq!(f.choice(Player::Hard), hide("A"));
    f.ok(hide("A"));
    assert!(f.has("A", ConditionKind::Hidden));
}

/// Hide, the guard: a sound A (20 vitality) that R, as slow as A, cannot reach next turn,
/// nor A R: hiding would buy nothing. Hard does not hide.
#[test]
fn hide_hard_does_not_hide_where_nothing_is_near() {
    let a = "(initiative: 3, movement: 1, stealth: 3)";
    let r = r#"(initiative: 1, movement: 1, perception: 1, weapons: ["spear"])"#;
    let mut f = behind_the_wall(a, r, &[15, 2]);
    f.ok(mv("A", (1, 2)));
    let taken = f.play_turn(Player::Hard);
    assert!(!taken.contains(&hide("A")), "{taken:?}");
}

/// Two corridors, a wall between them open only at either end: a unit in one is out of
/// sight of a unit in the other but at its ends.
const TWO_CORRIDORS: [&str; 5] = [
    "###########",
    "#.........#",
    "#.#######.#",
    "#.........#",
    "###########",
];

/// Blue's slow archer A (1 m of movement, stealth 5, `a` overrides), its free metre walked
/// from `from` to `to`, in the top corridor; Red's wounded fighter R (4 vitality,
/// perception 1, `r_moves` metres of movement) at `r` in the bottom one, out of A's sight.
fn across_the_wall(
    a: &str,
    (from, to): ((i32, i32), (i32, i32)),
    r: (i32, i32),
    r_moves: u32,
) -> Fight {
    let archer = format!("(initiative: 3, movement: 1, stealth: 5, {a})");
    let red = format!("(initiative: 1, movement: {r_moves}, vitality: 4, perception: 1)");
    let arena = unit_with(
        seed000(&TWO_CORRIDORS),
        "A",
        "Blue",
        "archer",
        from,
        &archer,
    );
    let arena = unit_with(arena, "R", "Red", "fighter", r, &red);
    let mut f = start(arena, &[15, 2]);
    f.ok(mv("A", to));
    f
}

/// Hide [000:36] ("a Hidden attacker has advantage"), weighed on the weapon that would
/// strike: A, with a bow alone, cannot shoot R this turn (its AP walk 1 m, to (8,1), and the
/// wall is in the way there), but next turn it walks its 2 m to the corridor's end (9,2)
/// and shoots R from next to it, at disadvantage (a ranged attack with an enemy adjacent),
/// or plain once Hidden. That blow is what hiding buys (R, rooted, cannot reach A): Hard
/// hides (d20 15 + 5 against R's 2 + 1: hidden). Counted only from where A stands (a bow
/// in range and sight there), the advantage was worth nothing and A did not hide.
#[test]
fn hide_hard_hides_an_archer_that_walks_to_shoot_next_turn() {
    let mut f = across_the_wall(r#"weapons: ["bow"]"#, ((6, 1), (7, 1)), (8, 3), 0);
    let taken = f.play_turn(Player::Hard);
    assert!(taken.contains(&hide("A")), "{taken:?}");
    assert!(f.has("A", ConditionKind::Hidden));
}

/// Hide, the guard: R stands 2 m from A straight across the wall, within A's movement and
/// its knife's reach as the crow flies, but the way round is 6 m long and no tile A could
/// walk to next turn sees R: neither the knife nor the bow would strike it, so the
/// advantage buys nothing. Hard does not hide (it did, counting the bow's advantage for a
/// knife blow the wall denies).
#[test]
fn hide_hard_does_not_hide_for_a_blow_the_wall_denies() {
    let mut f = across_the_wall(r#"weapons: ["bow", "knife"]"#, ((4, 1), (5, 1)), (5, 3), 1);
    let first = f.choice(Player::Hard);
    assert_ne!(first, hide("A"));
    let taken = f.play_turn(Player::Hard);
    assert!(!taken.contains(&hide("A")), "{taken:?}");
}
