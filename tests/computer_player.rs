//! The computer player (`battle::players`, issue 12) on small arenas: each test sets up a
//! moment where a good player does one thing, and shows the computer choosing it (and, where
//! it differs, the greedy baseline choosing otherwise). Dice are scripted.

mod common;

use common::*;
use skirmish::battle::events::{BattleEvent, Command};
use skirmish::battle::players::{Player, next_command};
use skirmish::cli::duel::fight;
use skirmish::rulebooks::seed002::Seed002Command;
use skirmish::rulebooks::seed003::Seed003Command;
use skirmish::rulebooks::seed003::track::Seed003Track;
use skirmish::rules::actions::ReactionKind;
use skirmish::rules::grid::{Dir8, Pos, flanks_line, in_front_arc};
use skirmish::rules::ruleset::ConditionKind;

/// What `player` would do now (`Fight::choice`).
fn choice(f: &mut Fight, player: Player) -> Command {
    f.choice(player)
}

fn target_of(cmd: &Command) -> Option<&str> {
    match cmd {
        Command::Attack { target, .. }
        | Command::Shove { target, .. }
        | Command::Stabilize { target, .. } => Some(target),
        _ => None,
    }
}

/// The target and options of an attack command (a test fails on any other command).
fn attack_of(cmd: &Command) -> (&str, &skirmish::battle::events::AttackOptions) {
    match cmd {
        Command::Attack {
            target, options, ..
        } => (target, options),
        _ => panic!("an attack: {cmd:?}"),
    }
}

/// The window's computer thinks about a copy of the battle (`BattleView::position`) in a
/// task off the frame: the copy gives each player the same command as the battle itself.
#[test]
fn a_copy_of_the_battle_gives_the_same_commands() {
    use bevy::ecs::system::RunSystemOnce;
    use skirmish::battle::preview::BattleView;
    let mut f = Arena::new(&[".......", ".......", "......."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("B", "Blue", "fighter", (1, 2), Dir8::E)
        .unit_with("T", "Red", "fighter", (5, 1), Dir8::W, "(vitality: 4)")
        .start(&[6, 1, 1]);
    let position =
        f.h.app
            .world_mut()
            .run_system_once(|v: BattleView| v.position())
            .expect("the view runs");
    for player in Player::ALL {
        let here = choice(&mut f, player);
        assert_eq!(
            next_command(&position.view(), player),
            Some(here),
            "{player:?}"
        );
    }
}

/// It reads the exact odds and strikes where the attack takes the most out of the enemy:
/// the wounded one it can put Down, not the one it would merely hurt more. (Hard first
/// Disengages and steps round to strike Low from a better tile: its commands are played
/// until it attacks.)
#[test]
fn it_strikes_the_enemy_it_can_put_down() {
    let mut f = Arena::new(&[".....", ".....", "....."])
        .unit("A", "Blue", "fighter", (2, 1), Dir8::E)
        .unit_with("Easy", "Red", "fighter", (3, 1), Dir8::W, "(evasion: 8)")
        .unit_with(
            "Low",
            "Red",
            "fighter",
            (1, 1),
            Dir8::E,
            "(evasion: 14, vitality: 3)",
        )
        .start(&[6, 1, 1]);
    for player in [Player::Easy, Player::Normal] {
        let cmd = choice(&mut f, player);
        assert_eq!(target_of(&cmd), Some("Low"), "{player:?}: {cmd:?}");
    }
    let greedy = choice(&mut f, Player::Greedy);
    assert_eq!(target_of(&greedy), Some("Easy"), "the greedy baseline");
    let mut cmd = choice(&mut f, Player::Hard);
    for _ in 0..2 {
        if target_of(&cmd).is_some() {
            break;
        }
        assert!(
            matches!(cmd, Command::Disengage { .. } | Command::Move { .. }),
            "Hard: {cmd:?}"
        );
        f.ok(cmd);
        cmd = choice(&mut f, Player::Hard);
    }
    assert_eq!(target_of(&cmd), Some("Low"), "Hard: {cmd:?}");
}

/// It moves to the tile where an ally flanks the target (and strikes its rear), not to the
/// nearest tile from which it can strike.
#[test]
fn it_flanks() {
    let mut f = Arena::new(&[".......", ".......", ".......", "......."])
        .unit("A", "Blue", "tank", (3, 3), Dir8::N)
        .unit("B", "Blue", "tank", (2, 1), Dir8::E)
        .unit("T", "Red", "tank", (3, 1), Dir8::W)
        .start(&[6, 1, 1]);
    let Command::Move { to, .. } = choice(&mut f, Player::Normal) else {
        panic!("it moves first");
    };
    assert!(
        flanks_line(to, Pos::new(3, 1), Pos::new(2, 1)),
        "{to:?} does not flank T with B"
    );
    let Command::Move { to: nearest, .. } = choice(&mut f, Player::Greedy) else {
        panic!("the greedy player moves too");
    };
    assert!(
        !flanks_line(nearest, Pos::new(3, 1), Pos::new(2, 1)),
        "the greedy player takes the nearest tile, {nearest:?}"
    );
}

/// Closing in on an archer, it keeps a crate between them when the way allows.
#[test]
fn it_takes_cover_against_archers() {
    let mut f = Arena::new(&[
        "....................",
        "....................",
        ".............c......",
        "....................",
        "....................",
    ])
    .unit("A", "Blue", "tank", (0, 2), Dir8::E)
    .unit("E", "Red", "archer", (19, 2), Dir8::W)
    .start(&[6, 1]);
    let Command::Move { to, .. } = choice(&mut f, Player::Normal) else {
        panic!("it closes in");
    };
    assert_eq!(
        to,
        Pos::new(12, 2),
        "as near as it gets, behind the crate at (13, 2)"
    );
    let Command::Move { to: greedy, .. } = choice(&mut f, Player::Greedy) else {
        panic!("the greedy player closes in too");
    };
    assert_eq!(greedy.x, 12, "as near");
    assert_ne!(greedy, Pos::new(12, 2), "but not behind the crate");
}

/// A badly wounded unit whose attack would do little pulls back out of reach and sight,
/// while a sound ally fights on.
#[test]
fn it_pulls_back_when_badly_wounded() {
    let mut f = Arena::new(&["....#.....", "....#.....", ".........."])
        .unit_with("A", "Blue", "fighter", (5, 2), Dir8::E, "(vitality: 18)")
        .unit("B", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with("E", "Red", "fighter", (8, 0), Dir8::W, "(initiative: 10)")
        .start(&[1, 1, 6, 20, 6]);
    let ev = f.ok(attack_with("E", "A", "bow"));
    assert_eq!(damage(&ev), [("A".to_string(), 12)]);
    f.ok(end("E"));
    assert_eq!(f.active(), "A");
    let Command::Move { to, .. } = choice(&mut f, Player::Normal) else {
        panic!("it pulls back");
    };
    let e = Pos::new(8, 0);
    assert!(to.distance(e) > 4, "{to:?} is within the enemy's reach");
    assert!(
        f.h.with_view(|v| !v.ctx.grid.sight(e, to).targetable()),
        "{to:?} is in the archer's sight"
    );
    assert!(matches!(
        choice(&mut f, Player::Greedy),
        Command::Attack { .. }
    ));
}

/// A badly wounded unit next to an enemy Disengages before it pulls back: the walk away
/// then gives the enemy no opportunity attack. The greedy baseline strikes on.
#[test]
fn it_disengages_before_pulling_back() {
    let mut f = Arena::new(&["......#.......", "......#.......", ".............."])
        .unit_with("A", "Blue", "fighter", (7, 1), Dir8::E, "(vitality: 18)")
        .unit("B", "Blue", "fighter", (13, 2), Dir8::W)
        .unit_with("E", "Red", "fighter", (8, 1), Dir8::W, "(initiative: 10)")
        .start(&[1, 1, 6, 20, 6]);
    let ev = f.ok(attack_with("E", "A", "blade"));
    let (_, dealt) = damage(&ev)[0].clone();
    assert!(dealt >= 12, "A is badly wounded: {dealt} of 18");
    f.ok(end("E"));
    assert_eq!(f.active(), "A");
    let disengage = Command::Disengage { unit: "A".into() };
    for player in [Player::Normal, Player::Hard] {
        assert_eq!(choice(&mut f, player), disengage, "{player:?}");
    }
    assert!(matches!(
        choice(&mut f, Player::Greedy),
        Command::Attack { .. }
    ));
    f.ok(disengage);
    let step = choice(&mut f, Player::Hard);
    let Command::Move { to, .. } = step else {
        panic!("then it pulls back: {step:?}");
    };
    let e = Pos::new(8, 1);
    assert!(to.distance(e) > 4, "{to:?} is within E's reach");
    assert!(
        f.h.with_view(|v| !v.ctx.grid.sight(e, to).targetable()),
        "{to:?} is in E's sight"
    );
    let ev = f.ok(step);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, skirmish::battle::BattleEvent::ReactionTaken { .. })),
        "the walk provoked a reaction: {ev:?}"
    );
}

/// An enemy threatens every tile it could strike next turn: its free movement and what
/// the AP an attack leaves it buy, then its reach (here 3 + 3 + 1 tiles). An archer that
/// has shot and cannot get away Takes Cover with its last AP against a tank 6 tiles off,
/// beyond the tank's plain movement and reach.
#[test]
fn it_takes_cover_from_an_enemy_that_can_walk_in_and_strike() {
    // The crate next to A is the half cover Take Cover needs.
    let mut f = Arena::new(&["c.......", "........", "........"])
        .unit("A", "Blue", "archer", (0, 1), Dir8::E)
        .unit("E", "Red", "tank", (6, 1), Dir8::W)
        .start(&[6, 1, 2, 1]);
    f.ok(attack_with("A", "E", "bow"));
    for player in [Player::Normal, Player::Hard] {
        let cmd = choice(&mut f, player);
        assert_eq!(cmd, Command::TakeCover { unit: "A".into() }, "{player:?}");
    }
}

/// A badly wounded unit fights on while a sound ally fights next to an enemy: pulling
/// back would leave the ally to face the enemies alone.
#[test]
fn it_fights_on_beside_an_engaged_ally() {
    let mut f = Arena::new(&["....#.....", "....#.....", ".........."])
        .unit_with("A", "Blue", "fighter", (5, 2), Dir8::E, "(vitality: 18)")
        .unit("B", "Blue", "fighter", (0, 0), Dir8::E)
        .unit_with("E", "Red", "fighter", (8, 0), Dir8::W, "(initiative: 10)")
        .unit("F", "Red", "tank", (1, 0), Dir8::W)
        .start(&[1, 1, 6, 1, 20, 6]);
    let ev = f.ok(attack_with("E", "A", "bow"));
    assert_eq!(damage(&ev), [("A".to_string(), 12)]);
    f.ok(end("E"));
    assert_eq!(f.active(), "A");
    for player in [Player::Normal, Player::Hard] {
        let cmd = choice(&mut f, player);
        let fights = match &cmd {
            Command::Attack { .. } => true,
            Command::Move { to, .. } => to.distance(Pos::new(8, 0)) <= 1,
            _ => false,
        };
        assert!(fights, "{player:?} pulls back: {cmd:?}");
    }
}

/// `Hard` shoves an enemy into a wall when the collision takes it out, where an attack
/// would hardly hit.
#[test]
fn hard_shoves_an_enemy_into_a_wall() {
    let mut f = Arena::new(&["...#.", "....."])
        .unit("A", "Blue", "tank", (1, 0), Dir8::E)
        .unit_with(
            "T",
            "Red",
            "fighter",
            (2, 0),
            Dir8::W,
            "(evasion: 30, vitality: 1)",
        )
        .start(&[6, 1]);
    let hard = choice(&mut f, Player::Hard);
    assert!(matches!(hard, Command::Shove { .. }), "{hard:?}");
    assert!(matches!(
        choice(&mut f, Player::Normal),
        Command::Attack { .. }
    ));
}

/// `Hard` counts what its weapon's push does once the blow lands: struck towards the wall
/// behind it, an enemy takes the collision and, stopped in the striker's reach and
/// Unguarded, a swift attack (RULES §8). It strikes that one, though the other is a little
/// easier to hit; `Normal`, counting only the blow, strikes the other. Played out, the
/// hammer's hit drives the enemy into the wall and the swift attack follows.
#[test]
fn hard_strikes_the_enemy_its_push_drives_into_a_wall() {
    let mut f = Arena::new(&["#......", "#......", "#......"])
        .unit_with("A", "Blue", "bruiser", (2, 1), Dir8::E, "(movement: 0)")
        .unit_with("P", "Red", "fighter", (1, 1), Dir8::E, "(evasion: 13)")
        .unit("O", "Red", "fighter", (3, 1), Dir8::W)
        .start(&[6, 1, 1, 15, 3, 15, 3]);
    assert_eq!(f.active(), "A");
    let hard = choice(&mut f, Player::Hard);
    assert_eq!(attack_of(&hard).0, "P", "{hard:?}");
    assert_eq!(attack_of(&choice(&mut f, Player::Normal)).0, "O");
    let events = f.ok(hard);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, BattleEvent::Collided { unit, .. } if unit == "P")),
        "{events:?}"
    );
    assert!(
        events.iter().any(|e| matches!(
            e,
            BattleEvent::ReactionTaken { reactor, kind: ReactionKind::Swift, .. } if reactor == "A"
        )),
        "{events:?}"
    );
    f.all_dice_used();
}

/// A collision with an enemy already Down takes nothing more out of the battle: `Hard`
/// strikes the enemy in front rather than shove it onto the fallen one.
#[test]
fn hard_counts_no_gain_in_shoving_an_enemy_onto_a_fallen_one() {
    let mut f = Arena::new(&[".....", "....."])
        .unit("A", "Blue", "tank", (1, 0), Dir8::E)
        .unit("B", "Blue", "fighter", (4, 0), Dir8::W)
        .unit("E", "Red", "fighter", (2, 0), Dir8::W)
        .unit_with("D", "Red", "fighter", (3, 0), Dir8::E, "(vitality: 1)")
        .start(&[5, 6, 1, 1, 15, 4]);
    assert_eq!(f.active(), "B");
    f.ok(attack_with("B", "D", "blade"));
    assert!(f.has("D", ConditionKind::Down));
    f.ok(end("B"));
    assert_eq!(f.active(), "A");
    let hard = choice(&mut f, Player::Hard);
    assert_eq!(
        (matches!(hard, Command::Attack { .. }), target_of(&hard)),
        (true, Some("E")),
        "{hard:?}"
    );
    f.all_dice_used();
}

/// `Hard` spends the AP an attack leaves on a Shove that pushes the enemy next to an ally:
/// the pushed enemy is Unguarded, and the ally gets a swift attack on it (RULES §8). No
/// collision pays for this one; `Normal` does not shove.
#[test]
fn hard_shoves_an_enemy_into_an_allys_swift_attack() {
    let mut f = Arena::new(&[".......", ".......", "......."])
        .unit("A", "Blue", "fighter", (1, 1), Dir8::E)
        .unit("B", "Blue", "fighter", (4, 1), Dir8::W)
        .unit("T", "Red", "fighter", (2, 1), Dir8::W)
        .start(&[6, 5, 1, 2, 13, 3, 15, 4, 3]);
    f.ok(attack("A", "T"));
    assert_eq!(f.unit("A").ap, 1, "the attack leaves A one AP");
    let hard = choice(&mut f, Player::Hard);
    assert_eq!(
        (matches!(hard, Command::Shove { .. }), target_of(&hard)),
        (true, Some("T")),
        "{hard:?}"
    );
    assert!(!matches!(
        choice(&mut f, Player::Normal),
        Command::Shove { .. }
    ));
    // The shove lands (13 against 3) and B swift-attacks T where it ends (15 hits, 4 and 3 damage).
    let events = f.ok(hard);
    assert!(
        events.iter().any(|e| matches!(
            e,
            BattleEvent::ReactionTaken { reactor, kind: ReactionKind::Swift, .. } if reactor == "B"
        )),
        "{events:?}"
    );
    f.all_dice_used();
}

/// Under Seed001 a defence costs 1 AP from the turn's 3, and the AP come back at the next
/// round's start: a unit an enemy still to act this round can strike keeps its last AP to
/// meet the blow rather than spend it closing in. Once that enemy has taken its turn, and
/// under Core, where defences cost nothing, the same unit closes in.
#[test]
fn it_keeps_its_last_ap_for_a_defence_under_seed001() {
    // (rules, whether E acts before A this round, whether A keeps its last AP)
    for (rules, enemy_first, keeps) in [
        ("(preset: Seed001)", false, true),
        ("(preset: Seed001)", true, false),
        ("()", false, false),
    ] {
        let case = format!("{rules}, enemy first: {enemy_first}");
        let mut f = Arena::new(&["............"])
            .catalog(SEED001_CATALOG)
            .rules(rules)
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit("E", "Red", "fighter", (11, 0), Dir8::W)
            .start(if enemy_first { &[1, 10] } else { &[10, 1] });
        if enemy_first {
            f.ok(end("E"));
        }
        assert_eq!(f.active(), "A", "{case}");
        f.ok(mv("A", (6, 0)));
        f.ok(mv("A", (9, 0)));
        assert_eq!(f.unit("A").ap, 1, "{case}");
        for player in [Player::Easy, Player::Normal, Player::Hard] {
            let cmd = choice(&mut f, player);
            let spends = matches!(cmd, Command::Move { .. });
            assert_eq!(spends, !keeps, "{case} {player:?}: {cmd:?}");
        }
    }
}

/// Under Seed001 each defence costs 1 AP of the round's 3. Before its own turn, `Hard`
/// takes a light blow on its armor and keeps the AP for its turn, where `Normal` parries
/// (the greedy player's choice); it still meets a blow that could put it Down, and once its
/// turn is over it meets every blow, as the AP would go unused.
#[test]
fn hard_keeps_its_ap_for_its_turn_rather_than_parry_a_light_blow_under_seed001() {
    use skirmish::rulebooks::seed001::Seed001Command;
    use skirmish::rules::combat_roll::Defence;
    let defence = |f: &mut Fight, player: Player| match choice(f, player).of_book() {
        Some(Seed001Command::ChooseDefence { unit, defence }) if unit == "E" => *defence,
        cmd => panic!("{player:?} answers the blow: {cmd:?}"),
    };
    // (E's vitality, whether E's turn is over, Hard's defence)
    for (vitality, turn_over, hard_defends) in
        [(20, false, false), (5, false, true), (20, true, true)]
    {
        let case = format!("vitality {vitality}, turn over: {turn_over}");
        let mut f = Arena::new(&["......"])
            .catalog(SEED001_CATALOG)
            .rules("(preset: Seed001)")
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit_with(
                "E",
                "Red",
                "fighter",
                (1, 0),
                Dir8::W,
                &format!("(vitality: {vitality})"),
            )
            .start_with(if turn_over { &[1, 10] } else { &[10, 1] }, None);
        if turn_over {
            f.ok(end("E"));
        }
        assert_eq!(f.active(), "A", "{case}");
        f.ok(attack_with("A", "E", "blade"));
        assert_eq!(f.unit("E").ap, 3, "{case}");
        let normal = defence(&mut f, Player::Normal);
        assert_eq!(normal, Defence::Parry, "{case}: Normal");
        let hard = defence(&mut f, Player::Hard);
        let expected = if hard_defends { normal } else { Defence::None };
        assert_eq!(hard, expected, "{case}: Hard");
    }
}

/// `Hard` stabilizes an adjacent ally who is bleeding.
#[test]
fn hard_stabilizes_a_bleeding_ally() {
    let mut f = Arena::new(&["......", "......"])
        .unit("E", "Red", "ripper", (1, 0), Dir8::E)
        .unit("B", "Blue", "fighter", (2, 0), Dir8::W)
        .unit("C", "Blue", "fighter", (4, 0), Dir8::W)
        .start(&[6, 1, 2, 20, 2]);
    f.ok(attack_with("E", "B", "ripper"));
    assert!(f.has("B", ConditionKind::Bleeding));
    f.ok(end("E"));
    assert_eq!(f.active(), "C");
    f.ok(mv("C", (3, 0)));
    let hard = choice(&mut f, Player::Hard);
    assert_eq!(
        (matches!(hard, Command::Stabilize { .. }), target_of(&hard)),
        (true, Some("B")),
        "{hard:?}"
    );
    assert!(!matches!(
        choice(&mut f, Player::Normal),
        Command::Stabilize { .. }
    ));
}

/// Two allies bleed next to C after the rippers' critical hits: D, listed first, at 1
/// vitality, bled to 0 at its turn's start and is Down; B still stands. `Hard` stabilizes
/// B, whose Bleeding it stops while B still fights.
#[test]
fn hard_stabilizes_the_standing_ally_before_the_down_one() {
    let mut f = Arena::new(&["......", "......", "......"])
        .unit("E", "Red", "ripper", (1, 0), Dir8::E)
        .unit("F", "Red", "ripper", (1, 2), Dir8::E)
        .unit_with("D", "Blue", "fighter", (2, 1), Dir8::W, "(vitality: 9)")
        .unit("B", "Blue", "fighter", (2, 0), Dir8::W)
        .unit("C", "Blue", "fighter", (3, 1), Dir8::W)
        .start(&[6, 5, 4, 1, 3, 20, 2, 20, 2]);
    f.ok(attack_with("E", "B", "ripper"));
    f.ok(end("E"));
    f.ok(attack_with("F", "D", "ripper"));
    f.ok(end("F"));
    assert!(f.has("B", ConditionKind::Bleeding) && !f.has("B", ConditionKind::Down));
    assert!(f.has("D", ConditionKind::Bleeding) && f.has("D", ConditionKind::Down));
    assert_eq!(f.active(), "C");
    let hard = choice(&mut f, Player::Hard);
    assert_eq!(
        (matches!(hard, Command::Stabilize { .. }), target_of(&hard)),
        (true, Some("B")),
        "{hard:?}"
    );
}

/// A Down ally never stands again, so `Hard` spends its AP on the fight rather than on
/// stabilizing one (Seed000: the fallen bleed out), while there is an enemy to strike; with
/// nothing to strike (no weapon, and no enemy beside it whose weapon it could take with a
/// Disarm) it does stabilize it.
#[test]
fn hard_fights_on_before_it_stabilizes_a_down_ally() {
    use common::seed000::{HALL, seed000};
    for (overrides, at, stabilizes) in [("()", (3, 2), false), ("(weapons: [])", (4, 2), true)] {
        let mut f = seed000(&HALL)
            .unit_with("B", "Blue", "fighter", (3, 1), Dir8::E, "(vitality: 3)")
            .unit_with("C", "Blue", "fighter", at, Dir8::E, overrides)
            .unit_with("E", "Red", "fighter", (2, 1), Dir8::E, "(initiative: 5)")
            .start(&[15, 4, 1]);
        f.ok(attack("E", "B"));
        let b = f.unit("B");
        assert!(b.has(ConditionKind::Down) && b.has(ConditionKind::Bleeding));
        f.ok(end("E"));
        assert_eq!(f.active(), "C");
        let hard = choice(&mut f, Player::Hard);
        let target = if stabilizes { "B" } else { "E" };
        assert_eq!(
            (matches!(hard, Command::Stabilize { .. }), target_of(&hard)),
            (stabilizes, Some(target)),
            "{overrides}: {hard:?}"
        );
    }
}

/// A side that must survive (one standing unit at the end of round 3 wins) keeps away from
/// the enemy with Hard, each unit to its safest tile; with no such objective Hard closes
/// in, as Normal does even with it.
#[test]
fn hard_keeps_away_when_its_side_must_survive() {
    let arena = |objective: bool| {
        let a = Arena::new(&[
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
            "............",
        ])
        .unit("A", "Blue", "tank", (4, 4), Dir8::E)
        .unit("E", "Red", "tank", (9, 4), Dir8::W);
        let a = if objective {
            a.objectives(r#"Survive(side: "Blue", rounds: 3)"#)
        } else {
            a
        };
        a.start(&[6, 1])
    };
    let from = Pos::new(9, 4);
    let distance = |cmd: Command| match cmd {
        Command::Move { to, .. } => to.distance(from),
        other => panic!("a move: {other:?}"),
    };
    let mut f = arena(true);
    let hard = distance(choice(&mut f, Player::Hard));
    assert!(hard > 5, "Hard keeps away: {hard} tiles from the enemy");
    let normal = distance(choice(&mut f, Player::Normal));
    assert!(normal < 5, "Normal closes in: {normal}");
    let mut g = arena(false);
    let closing = distance(choice(&mut g, Player::Hard));
    assert!(
        closing < 5,
        "without the objective Hard closes in: {closing}"
    );
}

/// Where a turn pays for several attacks (Seed001: 1 AP each, of 3), an enemy that must
/// walk to strike a tile strikes it fewer times, but no more than the attack limit allows
/// (RULES §3, Attack limit [001]: 2 a round). A slow unit (one metre a turn free, one more
/// an AP) of a side that must survive stands three tiles from a swordsman, who could walk
/// its free three metres and strike it twice; two tiles further on he would spend an AP
/// walking and still strike twice, so `Hard` does not walk on (counting 3 blows for his 3
/// AP, it did). Under Core one attack a turn is all he has, walking or not: every tile in
/// his reach is as dangerous, and `Hard` stands.
#[test]
fn hard_keeps_to_where_an_enemy_must_walk_to_strike_it_fewer_times() {
    for (rules, walks_on) in [("(preset: Seed001)", false), ("()", false)] {
        let mut f = Arena::new(&["............", "............", "............"])
            .catalog(SEED001_CATALOG)
            .rules(rules)
            .unit("E", "Red", "fighter", (0, 1), Dir8::E)
            .unit_with("A", "Blue", "fighter", (3, 1), Dir8::W, "(movement: 1)")
            .objectives(r#"Survive(side: "Blue", rounds: 3)"#)
            .start(&[1, 6]);
        assert_eq!(f.active(), "A", "{rules}");
        let hard = choice(&mut f, Player::Hard);
        let to = match &hard {
            Command::Move { to, .. } => Some(to.x),
            _ => None,
        };
        if walks_on {
            assert!(to.is_some_and(|x| x >= 5), "{rules}: {hard:?}");
        } else {
            assert_eq!(to, None, "{rules}: {hard:?}");
        }
    }
}

/// It heads for the area its side must reach, not for the enemy far away.
#[test]
fn it_plays_for_the_objective() {
    let mut f = Arena::new(&[
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ])
    .unit("A", "Blue", "tank", (0, 0), Dir8::S)
    .unit("E", "Red", "tank", (9, 0), Dir8::W)
    .objectives(r#"ReachArea(side: "Blue", tiles: [(0, 9), (1, 9)], count: 1)"#)
    .start(&[6, 1]);
    let Command::Move { to, .. } = choice(&mut f, Player::Normal) else {
        panic!("it moves");
    };
    assert!(to.y >= 5, "{to:?} does not head for the area");
    let Command::Move { to: greedy, .. } = choice(&mut f, Player::Greedy) else {
        panic!("the greedy player moves too");
    };
    assert!(
        greedy.x > 0 && greedy.y < 5,
        "the greedy player walks at the enemy"
    );
}

/// Before it ends its turn, it turns to face the nearest enemy.
#[test]
fn it_faces_the_enemy_before_ending_its_turn() {
    // A chasm keeps A where it stands: it can neither strike nor close in.
    let mut f = Arena::new(&[".X...."])
        .unit("A", "Blue", "tank", (0, 0), Dir8::W)
        .unit("E", "Red", "tank", (5, 0), Dir8::W)
        .start(&[6, 1]);
    let turn = choice(&mut f, Player::Normal);
    assert_eq!(turn, face("A", Dir8::E));
    f.ok(turn);
    assert_eq!(choice(&mut f, Player::Normal), end("A"));
    assert_eq!(
        choice(&mut f, Player::Greedy),
        end("A"),
        "the greedy player does not turn"
    );
}

/// Between a light hitter to the west and a heavy one to the east, both able to strike it
/// next turn, `Normal` faces the nearer (west) and leaves the heavy one at its rear;
/// `Hard` faces across the line between them, which keeps both in its front arc (a
/// half-plane, RULES §7).
#[test]
fn hard_faces_to_keep_every_striker_in_front() {
    // A has no weapon and cannot move: all it can do is turn.
    let mut f = Arena::new(&["........"])
        .unit_with("A", "Blue", "dummy", (4, 0), Dir8::E, "(movement: 0)")
        .unit("Light", "Red", "jolter", (2, 0), Dir8::E)
        .unit("Heavy", "Red", "tank", (7, 0), Dir8::W)
        .start(&[6, 1, 1]);
    assert_eq!(f.active(), "A");
    let (west, east) = (Pos::new(2, 0), Pos::new(7, 0));
    let facing = |cmd: Command| match cmd {
        Command::Face { facing, .. } => facing,
        cmd => panic!("it turns: {cmd:?}"),
    };
    let normal = facing(choice(&mut f, Player::Normal));
    assert_eq!(normal, Dir8::W, "Normal faces the nearest enemy");
    assert!(!in_front_arc(normal, Pos::new(4, 0), east));
    let hard = facing(choice(&mut f, Player::Hard));
    assert!(
        in_front_arc(hard, Pos::new(4, 0), west) && in_front_arc(hard, Pos::new(4, 0), east),
        "Hard faces {hard:?}"
    );
    f.ok(face("A", hard));
    assert_eq!(choice(&mut f, Player::Hard), end("A"));
}

/// RULES §7: a blow from the rear arc has advantage, and a melee enemy may walk round to
/// any tile it can reach. With a wall at A's back (south), `Normal` faces the enemy to the
/// east and leaves the open tiles to its west in its rear arc; `Hard` faces north, which
/// keeps the enemy in front (90° included) and puts only the wall behind it. A `Hard` enemy
/// then walks round to strike Normal's A from the rear, and cannot do so to Hard's.
#[test]
fn hard_turns_its_back_to_a_wall_against_an_enemy_that_can_walk_round() {
    let arena = Arena::new(&["........", "........", "........", "########"])
        .unit_with("A", "Blue", "dummy", (3, 2), Dir8::S, "(movement: 0)")
        .unit("E", "Red", "tank", (6, 2), Dir8::W);
    let a = Pos::new(3, 2);
    for (player, expected) in [(Player::Normal, Dir8::E), (Player::Hard, Dir8::N)] {
        let mut f = arena.start(&[6, 1]);
        assert_eq!(f.active(), "A");
        let turn = choice(&mut f, player);
        assert_eq!(turn, face("A", expected), "{player:?}");
        f.ok(turn);
        f.ok(end("A"));
        let Command::Move { to, .. } = choice(&mut f, Player::Hard) else {
            panic!("E walks in to strike");
        };
        assert_eq!(to.distance(a), 1, "E strikes from next to A, {to:?}");
        let from_rear = !in_front_arc(expected, a, to);
        assert_eq!(
            from_rear,
            player == Player::Normal,
            "{player:?}: E strikes from {to:?}"
        );
    }
}

/// A unit that has struck this turn is in the fight already. With the AP left after
/// striking, `Normal` closes in on the three tanks as if still far off (it weighs danger at
/// `CLOSING_CAUTION`), into the tiles they can all strike next turn; `Hard` weighs that
/// danger in full and keeps out of their reach.
#[test]
fn hard_keeps_out_of_reach_with_the_ap_left_after_striking() {
    let mut f = Arena::new(&[".............", ".............", "............."])
        .unit_with("A", "Blue", "fighter", (0, 1), Dir8::E, "(vitality: 8)")
        .unit_with("T", "Red", "tiny", (1, 1), Dir8::W, "(vitality: 1)")
        .unit("R1", "Red", "tank", (12, 0), Dir8::W)
        .unit("R2", "Red", "tank", (12, 1), Dir8::W)
        .unit("R3", "Red", "tank", (12, 2), Dir8::W)
        .start(&[6, 1, 1, 1, 1, 15, 3]);
    assert_eq!(f.active(), "A");
    f.ok(attack_with("A", "T", "blade"));
    assert!(f.has("T", ConditionKind::Down), "A's blow puts T Down");
    // The tanks strike any tile within 7 of x = 12 next turn: 6 m of walking and a reach of 1.
    let reach = |to: Pos| to.x >= 12 - 7;
    let Command::Move { to: normal, .. } = choice(&mut f, Player::Normal) else {
        panic!("Normal closes in");
    };
    assert!(
        reach(normal),
        "Normal walks into their reach, to {normal:?}"
    );
    match choice(&mut f, Player::Hard) {
        Command::Move { to, .. } => assert!(!reach(to), "Hard keeps out of reach, not {to:?}"),
        cmd => assert!(
            matches!(cmd, Command::EndTurn { .. } | Command::Face { .. }),
            "{cmd:?}"
        ),
    }
}

/// Seed004: a Dodge must roll higher than the attack's total and costs Vigor either way.
/// B's Dodge is a plain d20 (no speed dice): against a total of 20 it cannot succeed, and
/// `Hard` keeps its Vigor; against 18 it may, and `Hard` Dodges. The greedy answer (which
/// `Normal` gives) takes every Dodge.
#[test]
fn hard_declines_a_dodge_that_cannot_succeed_under_seed004() {
    for (d20, dodges) in [(14, false), (12, true)] {
        let mut f = common::seed004::arena(&["...."])
            .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Ask)"#)
            .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
            .unit_with("B", "Red", "fighter", (1, 0), Dir8::W, "(speed_dice: 0)")
            .start_with(&[15, 3, d20, 6], None);
        assert_eq!(f.active(), "A");
        let ev = f.ok(attack_with("A", "B", "sword"));
        assert_eq!(
            common::seed004::guard_rolls(&ev)[0].roll.total,
            d20 as i32 + 6
        );
        let answer = |accept: bool| Command::AnswerReaction {
            reactor: "B".into(),
            accept,
            maneuver: None,
        };
        assert_eq!(
            choice(&mut f, Player::Normal),
            answer(true),
            "total {}",
            d20 + 6
        );
        assert_eq!(
            choice(&mut f, Player::Hard),
            answer(dodges),
            "total {}",
            d20 + 6
        );
    }
}

/// A miss against a target an ally stands in front of may hit the ally (RULES §5: the same
/// total against the ally's Evasion). The wounded enemy behind the frail ally is worth the
/// most to `Normal` (A cannot move); `Hard` counts the arrow's chance to put its own ally Down, and shoots
/// the enemy in the open.
#[test]
fn hard_does_not_shoot_past_a_frail_ally() {
    let mut f = Arena::new(&["........", "........", "........"])
        .unit_with("A", "Blue", "archer", (0, 1), Dir8::E, "(movement: 0)")
        .unit_with(
            "B",
            "Blue",
            "dummy",
            (3, 1),
            Dir8::E,
            "(vitality: 3, evasion: 4, movement: 0)",
        )
        .unit_with(
            "Behind",
            "Red",
            "dummy",
            (6, 1),
            Dir8::W,
            "(vitality: 4, movement: 0)",
        )
        .unit_with(
            "Open",
            "Red",
            "dummy",
            (5, 0),
            Dir8::W,
            "(vitality: 6, movement: 0)",
        )
        .start(&[6, 1, 1, 1]);
    assert_eq!(f.active(), "A");
    let normal = choice(&mut f, Player::Normal);
    assert_eq!(target_of(&normal), Some("Behind"), "{normal:?}");
    let hard = choice(&mut f, Player::Hard);
    assert_eq!(target_of(&hard), Some("Open"), "{hard:?}");
}

/// A standoff: A's way to a strike passes through the pikeman's reach and provokes it.
/// `Normal` prices that reaction (`PROVOKED`) above the strike's worth, so A holds; were
/// the pikeman as wary, the battle would never end: after round 10 the side at least as
/// strong presses on. `Hard` prices the pike's blow by what it would take out of a tank
/// (30 vitality, armour 3), little, and walks in from the first round.
#[test]
fn the_stronger_side_presses_on_after_a_standoff() {
    let mut f = Arena::new(&["........"])
        .unit("A", "Blue", "tank", (0, 0), Dir8::E)
        .unit("E", "Red", "pikeman", (4, 0), Dir8::W)
        .start(&[6, 1]);
    assert_eq!(f.active(), "A");
    let normal = choice(&mut f, Player::Normal);
    assert!(
        !matches!(normal, Command::Move { .. }),
        "round 1, Normal: {normal:?}"
    );
    let hard = choice(&mut f, Player::Hard);
    assert!(
        matches!(hard, Command::Move { to, .. } if to.distance(Pos::new(4, 0)) == 1),
        "round 1, Hard walks in: {hard:?}"
    );
    for (player, to) in moves_in_round_11(&mut f) {
        assert_eq!(to.distance(Pos::new(4, 0)), 1, "{player:?}: to strike");
    }
}

/// Every unit ends its turns until round 11 comes to A; then where Normal and Hard would
/// move A (each must move it; Hard may Sprint first, and then moves).
fn moves_in_round_11(f: &mut Fight) -> Vec<(Player, Pos)> {
    while f.h.turn().round <= 10 {
        let unit = f.active();
        f.ok(end(&unit));
    }
    assert_eq!((f.h.turn().round, f.active()), (11, "A".to_string()));
    [Player::Normal, Player::Hard]
        .into_iter()
        .map(|player| {
            let mut cmd = choice(f, player);
            if player == Player::Hard && matches!(cmd, Command::Sprint { .. }) {
                f.ok(cmd);
                cmd = choice(f, player);
            }
            match cmd {
                Command::Move { to, .. } => (player, to),
                other => panic!("round 11, {player:?}: it moves, not {other:?}"),
            }
        })
        .collect()
}

/// Two archers, each in range of the other but out of its sight behind a pillar, and too far
/// apart to walk into sight and still shoot this turn: stepping out first only gives the
/// other the first shot, so each waits. After round 10 the stronger side (A: 15 vitality
/// against 5) presses on and walks towards E, out of its pillar's shadow; a battle between
/// two such players ends rather than standing still to the command limit (river_ford, seed
/// 5002, Hard against Normal, did so before).
#[test]
fn the_stronger_side_closes_in_on_an_archer_out_of_sight_after_a_standoff() {
    let arena = Arena::new(&[
        "........................",
        ".#....................#.",
        "........................",
    ])
    .catalog(
        r#"weapons: { "longbow": (kind: Ranged, hit: 3, damage: "1d6", range: (30, 60)) },
        templates: { "bowman": (vitality: 15, evasion: 12, armor: 0, movement: 3, initiative: 0,
            might: 0, agility: 2, weapons: ["longbow"]) },"#,
    )
    .unit("A", "Blue", "bowman", (0, 1), Dir8::E)
    .unit_with("E", "Red", "bowman", (23, 1), Dir8::W, "(vitality: 5)");
    let mut f = arena.start(&[6, 1]);
    assert_eq!(f.active(), "A");
    for player in [Player::Normal, Player::Hard] {
        let cmd = choice(&mut f, player);
        assert!(
            !matches!(cmd, Command::Move { .. } | Command::Attack { .. }),
            "round 1, {player:?} waits behind the pillar: {cmd:?}"
        );
    }
    for (player, to) in moves_in_round_11(&mut f) {
        assert!(
            to.distance(Pos::new(23, 1)) < 23,
            "{player:?}: towards E, to {to:?}"
        );
    }
    let fought = fight(arena.level(), 1, &[Player::Hard, Player::Normal]);
    assert!(
        fought.winner.is_some(),
        "the battle ends in {} commands",
        fought.commands.len()
    );
}

/// The same battle gives the same commands, and no player gives a command the battle
/// refuses, on any shipped level.
#[test]
fn the_computer_is_deterministic_and_gives_only_legal_commands() {
    let catalog = skirmish::paths::load_catalog();
    let levels = skirmish::paths::levels_dir();
    let mut files: Vec<_> = std::fs::read_dir(&levels)
        .expect("levels/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    for (i, file) in files.iter().enumerate() {
        let level = skirmish::level::load_level(file, &catalog).expect("a valid level");
        let players = [Player::ALL[i % 4], Player::ALL[(i + 1) % 4]];
        let once = fight(level.clone(), 7, &players);
        let again = fight(level, 7, &players);
        assert_eq!(once, again, "{}", file.display());
        assert!(
            once.refused.is_empty(),
            "{}: {:?}",
            file.display(),
            once.refused
        );
        assert!(once.winner.is_some(), "{}: no winner", file.display());
    }
}

/// Under Seed001 a blow met with no defence is the attacker's critical win (Precision's full
/// damage and a maneuver), each defence costs 1 AP, and the AP come back only at the next
/// round's start. A can walk 6 m to the frail W (1 AP) and strike it twice, ending with
/// no AP and within W's reach, or strike N where it stands (behind N, so the walk provokes
/// nothing, and each player prices the walk alike). `Normal` walks to W under Core, and
/// strikes N under Seed001 (it counts 3 blows on N, the attack limit aside). `Hard`,
/// while N and W are still to act this round, counts only the one blow it would strike
/// there, keeping an AP back for a defence, and strikes N (2 blows, RULES §3, Attack limit
/// [001]); once N and W have taken their turns it walks to W, as it does under Core, where
/// a defence costs nothing. (W at 9 vitality: at 7, one blow on it was worth more than
/// two on N once the limit was counted.)
#[test]
fn hard_keeps_an_ap_for_a_defence_where_it_plans_to_strike_under_seed001() {
    // (rules, whether N and W act before A this round, whether Hard strikes N)
    for (rules, enemies_first, hard_stays) in [
        ("(preset: Seed001)", false, true),
        ("(preset: Seed001)", true, false),
        ("()", false, false),
    ] {
        let case = format!("{rules}, enemies first: {enemies_first}");
        // The initiative d6 of A, N and W.
        let initiative: &[u32] = if enemies_first {
            &[1, 6, 5]
        } else {
            &[6, 1, 1]
        };
        let mut f = Arena::new(&["..............", "..............", ".............."])
            .catalog(SEED001_CATALOG)
            .rules(rules)
            .unit("A", "Blue", "fighter", (5, 1), Dir8::E)
            .unit("N", "Red", "fighter", (4, 1), Dir8::W)
            .unit_with("W", "Red", "fighter", (12, 1), Dir8::W, "(vitality: 9)")
            .start(initiative);
        if enemies_first {
            f.ok(end("N"));
            f.ok(end("W"));
        }
        assert_eq!(f.active(), "A", "{case}");
        let walks_to_w = |cmd: &Command| matches!(cmd, Command::Move { to, .. } if to.distance(Pos::new(12, 1)) <= 1);
        let normal = choice(&mut f, Player::Normal);
        if rules == "()" {
            assert!(walks_to_w(&normal), "{case}: Normal walks to W: {normal:?}");
        } else {
            assert_eq!(target_of(&normal), Some("N"), "{case}: Normal strikes N");
        }
        let hard = choice(&mut f, Player::Hard);
        if hard_stays {
            assert_eq!(
                target_of(&hard),
                Some("N"),
                "{case}: Hard strikes N: {hard:?}"
            );
        } else {
            assert!(walks_to_w(&hard), "{case}: Hard walks to W: {hard:?}");
        }
    }
}

/// A step out of an enemy's reach provokes its opportunity attack. `Normal` prices each
/// provoked reaction alike (`PROVOKED`); `Hard` prices it by what the blow is expected to
/// take out of the unit. A frail archer (4 vitality) next to a swordsman could walk round
/// the wall to strike the frail T (3 vitality): Normal walks, provoking the swordsman; the
/// blade, which would put A Down on most hits, costs Hard more than T is worth, and it
/// strikes the swordsman instead. (With 2 AP a turn, a Disengage first would leave none
/// for the strike: `hard_disengages_before_it_walks_off_to_strike`.)
#[test]
fn hard_prices_the_opportunity_attack_a_step_would_provoke() {
    let mut f = Arena::new(&["....#...", "....#...", "........"])
        .rules("(ap_per_turn: 2)")
        .unit_with("A", "Blue", "archer", (2, 0), Dir8::E, "(vitality: 4)")
        .unit("E", "Red", "fighter", (3, 0), Dir8::W)
        .unit_with("T", "Red", "fighter", (6, 2), Dir8::W, "(vitality: 3)")
        .start(&[6, 1, 1]);
    assert_eq!(f.active(), "A");
    let normal = choice(&mut f, Player::Normal);
    assert!(
        matches!(normal, Command::Move { .. }) && provoked(&mut f, &normal) > 0,
        "Normal walks off, provoking E: {normal:?}"
    );
    let hard = choice(&mut f, Player::Hard);
    assert_eq!(target_of(&hard), Some("E"), "Hard strikes E: {hard:?}");
}

/// How many reactions `cmd` would provoke.
fn provoked(f: &mut Fight, cmd: &Command) -> usize {
    f.h.with_view(|v| skirmish::battle::preview::preview(v, cmd).map(|p| p.reactions.len()))
        .expect("a legal command")
}

/// Seed003: unspent AP carry over, so an attack is worth what it takes out for its AP. A
/// Strong Attack (5 AP and 1 Stamina) adds a d6 to the wound, a step or two heavier, for
/// one AP more than a Standard Attack (4): `Hard` swings hard while W has the Stamina, and
/// once a Dash has spent it (fatigue would make W Exhausted) it attacks as `Normal` always
/// does.
#[test]
fn hard_makes_a_strong_attack_while_it_has_the_stamina_under_seed003() {
    use skirmish::battle::events::AttackStyle;
    let style = |cmd: &Command| match cmd {
        Command::Attack { options, .. } => Some(options.style),
        _ => None,
    };
    for (dashed, hard) in [(false, AttackStyle::Strong), (true, AttackStyle::Standard)] {
        let mut f = common::seed003::dasher_and_target(&[5, 5, 5, 1, 1, 2]);
        assert_eq!(f.active(), "W");
        if dashed {
            f.ok(Command::from(Seed003Command::Dash { unit: "W".into() }));
            assert_eq!(f.unit("W").own.track().stamina, 0);
        }
        let normal = choice(&mut f, Player::Normal);
        assert_eq!(target_of(&normal), Some("T"));
        assert_eq!(
            style(&normal),
            Some(AttackStyle::Standard),
            "dashed {dashed}"
        );
        let chosen = choice(&mut f, Player::Hard);
        assert_eq!(target_of(&chosen), Some("T"));
        assert_eq!(style(&chosen), Some(hard), "dashed {dashed}");
        f.ok(chosen);
    }
}

/// Seed003: a Quick Attack (3 AP) lowers the wound a step, but costs one AP less than a
/// Standard Attack (4). W (speed −5) starts the round with 3 AP: Normal, which makes only
/// Standard Attacks, cannot attack T; Hard makes the Quick Attack.
#[test]
fn hard_makes_a_quick_attack_with_the_ap_for_no_other_under_seed003() {
    use skirmish::battle::events::AttackStyle;
    let mut f = common::seed003::arena(&["......"])
        .unit_with("W", "Red", "fighter", (0, 0), Dir8::E, "(speed: -5)")
        .unit_with("T", "Blue", "fighter", (1, 0), Dir8::W, "(evasion: 12)")
        .start_with(&[5, 5, 5, 1, 1, 2], None);
    assert_eq!(f.active(), "W");
    assert_eq!(f.unit("W").ap, 3);
    let normal = choice(&mut f, Player::Normal);
    assert!(
        !matches!(normal, Command::Attack { .. }),
        "Normal has no AP for a Standard Attack: {normal:?}"
    );
    let hard = choice(&mut f, Player::Hard);
    let (target, options) = attack_of(&hard);
    assert_eq!((target, options.style), ("T", AttackStyle::Quick));
    f.declared(hard);
    assert_eq!(f.unit("W").ap, 0);
}

/// Seed001: a critical win gives its winner a maneuver, and Precision is the attacker's
/// only. The ogre O parries A's blade with a critical win (the dice of
/// `preset001_3_…`): Normal answers as the greedy player does and Trips A. Hard weighs
/// every maneuver (`rulebooks/seed001/critical.rs`): A, one size smaller, falls at 0.58,
/// and the Stand Up's AP and O's club blows at a boon on its next turn (0.28) beat the boon
/// a Brace gives O's next Parry (0.04): Hard Trips too, and A is Prone.
#[test]
fn hard_weighs_its_maneuver_after_a_defenders_critical_win_under_seed001() {
    use skirmish::rules::combat_roll::{Defence, Maneuver};
    let mut f = Arena::new(&["...."])
        .catalog(SEED001_CATALOG)
        .rules("(preset: Seed001)")
        .unit("A", "Blue", "fighter", (0, 0), Dir8::E)
        .unit("O", "Red", "ogre", (1, 0), Dir8::W)
        .start_with(&[4, 1, 5, 12, 14, 6], None);
    f.ok(attack_with("A", "O", "blade"));
    f.ok(defend_with("O", Defence::Parry));
    use skirmish::rulebooks::seed001::work::Seed001Question;
    let asked = f.h.with_view(|v| v.awaiting.cloned());
    assert!(matches!(
        asked.as_ref().and_then(|q| q.of_book()),
        Some(Seed001Question::Maneuver { .. })
    ));
    let trip = maneuver("O", Some(Maneuver::Trip));
    assert_eq!(choice(&mut f, Player::Normal), trip);
    assert_eq!(choice(&mut f, Player::Hard), trip);
    f.ok(trip);
    assert!(f.has("A", ConditionKind::Prone));
    assert!(!f.has("O", ConditionKind::Braced));
}

/// Seed002: an attack carries agile steps before it (1 Agility a metre, up to the attack's
/// Energy). B stands 3 tiles from A, out of the sword's reach: Normal spends A's activation
/// walking in, Hard steps in and strikes in the one activation.
#[test]
fn hard_steps_in_and_strikes_in_one_activation_under_seed002() {
    let mut f = common::seed002::arena(&["..........", "..........", ".........."])
        .unit_with(
            "A",
            "Blue",
            "duelist",
            (1, 1),
            Dir8::E,
            r#"(weapons: ["sword"])"#,
        )
        .unit("B", "Red", "duelist", (4, 1), Dir8::W)
        .start_with(&[], None);
    assert_eq!(f.active(), "A");
    // Normal walks in or waits (a Run into B's reach sets off B's Swift Attack, X1 b), but
    // never strikes in this activation.
    let normal = choice(&mut f, Player::Normal);
    assert!(!matches!(normal, Command::Attack { .. }), "{normal:?}");
    let hard = choice(&mut f, Player::Hard);
    let (target, options) = attack_of(&hard);
    assert_eq!(target, "B");
    let stand = *options.agile_before.last().expect("agile steps");
    assert!(stand.distance(Pos::new(4, 1)) <= 1, "{stand:?}");
    let ev = f.ok(hard);
    assert_eq!(common::seed002::av_rolls(&ev).len(), 1);
    assert_eq!(f.unit("A").pos, stand);
}

/// A unit next to one enemy that can walk to a wounded one and strike it with its free
/// movement Disengages first when the AP allow both (Core: Disengage 1 AP, the walk
/// free, the attack 2): the walk then gives the enemy it leaves no opportunity attack.
/// Normal walks on through the blow, and the greedy baseline strikes the enemy next to it.
#[test]
fn hard_disengages_before_it_walks_off_to_strike() {
    let mut f = Arena::new(&["........", "........", "........"])
        .unit_with(
            "A",
            "Blue",
            "fighter",
            (2, 1),
            Dir8::E,
            r#"(weapons: ["blade"])"#,
        )
        .unit("E", "Red", "fighter", (1, 1), Dir8::E)
        .unit_with("T", "Red", "fighter", (5, 1), Dir8::W, "(vitality: 3)")
        .start(&[6, 1, 1]);
    assert_eq!(f.active(), "A");
    let disengage = Command::Disengage { unit: "A".into() };
    assert_eq!(choice(&mut f, Player::Hard), disengage);
    let normal = choice(&mut f, Player::Normal);
    assert!(matches!(normal, Command::Move { .. }), "{normal:?}");
    assert_eq!(target_of(&choice(&mut f, Player::Greedy)), Some("E"));
    f.ok(disengage);
    let step = choice(&mut f, Player::Hard);
    let Command::Move { to, .. } = step else {
        panic!("then it walks to T: {step:?}");
    };
    assert!(to.is_adjacent(Pos::new(5, 1)), "{to:?}");
    let ev = f.ok(step);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, BattleEvent::ReactionOffered { .. })),
        "the walk provoked a reaction: {ev:?}"
    );
    assert_eq!(target_of(&choice(&mut f, Player::Hard)), Some("T"));
}

/// A Prone unit stands up before it strikes (melee blows on it have advantage) where
/// standing provokes nothing and leaves the AP for an attack; next to an enemy, whose
/// opportunity attack standing would provoke, it fights on from the ground. Normal never
/// stands.
#[test]
fn hard_stands_up_where_standing_provokes_nothing() {
    for walks_off in [false, true] {
        let mut f = Arena::new(&["........", "........"])
            .unit("A", "Blue", "tank", (1, 0), Dir8::E)
            .unit("B", "Red", "fighter", (2, 0), Dir8::W)
            .start(&[6, 1, 10, 5]);
        f.ok(trip("A", "B"));
        assert!(f.has("B", ConditionKind::Prone));
        if walks_off {
            f.ok(simple("Disengage", "A"));
            f.ok(mv("A", (0, 1)));
        }
        f.ok(end("A"));
        assert_eq!(f.active(), "B");
        let stand = simple("StandUp", "B");
        let hard = choice(&mut f, Player::Hard);
        assert_eq!(hard == stand, walks_off, "{hard:?}");
        assert_ne!(choice(&mut f, Player::Normal), stand);
        if walks_off {
            f.ok(hard);
            assert!(!f.has("B", ConditionKind::Prone));
            let strike = choice(&mut f, Player::Hard);
            assert_eq!(target_of(&strike), Some("A"), "{strike:?}");
        }
    }
}

/// Seed003 (I4): a faster combatant may act before a slower enemy's declared action, for 2
/// initiative. Red's A (initiative 20) has had its turn; Blue's B (15) declares a Standard
/// Attack on it, and Red is asked. A's club puts B's Minion track into its Fatal slot on a
/// good roll: Hard strikes first (out of turn), Normal passes. The blow is struck: B is Down
/// and its declaration is void.
#[test]
fn hard_strikes_out_of_turn_when_the_blow_is_worth_it_under_seed003() {
    let catalog = common::seed003::CATALOG.replace(
        r#""sword":"#,
        r#""club": (kind: Melee, hit: 4, damage: "2d8+3", wound_damage: 5), "sword":"#,
    );
    let mut f = common::seed003::arena(&["....."])
        .catalog(&catalog)
        .unit_with(
            "A",
            "Red",
            "fighter",
            (0, 0),
            Dir8::E,
            r#"(weapons: ["club"])"#,
        )
        .unit_with(
            "B",
            "Blue",
            "fighter",
            (1, 0),
            Dir8::W,
            "(wound_track: Minion)",
        )
        .start_with(&[5, 5, 5, 3, 3, 4, 6, 5, 5], None);
    f.declared(end("A"));
    assert_eq!(f.active(), "B");
    let ev = f.ok(attack("B", "A"));
    assert!(common::seed003::window_for(&ev, "Red"));
    assert_eq!(choice(&mut f, Player::Normal), common::seed003::pass("Red"));
    let hard = choice(&mut f, Player::Hard);
    let Some(Seed003Command::Interrupt { unit, command }) = hard.of_book::<Seed003Command>() else {
        panic!("Hard acts out of turn: {hard:?}");
    };
    assert_eq!(unit, "A");
    assert_eq!(attack_of(command).0, "B");
    f.ok(hard);
    assert!(f.unit("B").is_down());
}

/// The same window, but B's Defense (20) leaves A's club a blow worth little: Hard keeps its
/// AP and initiative for its own turn and passes, as Normal does.
#[test]
fn hard_lets_a_blow_worth_little_wait_for_its_turn_under_seed003() {
    let mut f = common::seed003::arena(&["....."])
        .unit("A", "Red", "fighter", (0, 0), Dir8::E)
        .unit_with("B", "Blue", "fighter", (1, 0), Dir8::W, "(evasion: 20)")
        .start_with(&[5, 5, 5, 3, 3, 4], None);
    f.declared(end("A"));
    let ev = f.ok(attack("B", "A"));
    assert!(common::seed003::window_for(&ev, "Red"));
    assert_eq!(choice(&mut f, Player::Hard), common::seed003::pass("Red"));
}

/// Seed002 (I4): B wins a Seize against A's declared maul blow (the dice of
/// `preset002_10_seize`: 14 against 11). The blow would likely put B (6 Aura) to a Death
/// roll; B's sword takes little out of A. Swift Attacks are off (`reactions_per_round: 0`),
/// so a step out of reach provokes nothing. Normal (the greedy answer) strikes with the
/// Seed002: B, struck at by A's declared maul, wins the Seize. A Shift out of the maul's reach
/// would cancel the declared blow (I4), but its step starts in A's reach and sets off A's
/// Swift Attack with the same maul (X1 b), which the preview now lists: Hard does not step
/// out into the blow it fled. It takes its best attack instead (the shortbow: the sword is
/// Normal's), where it once Shifted, blind to the Swift Attack.
#[test]
fn hard_does_not_shift_out_of_a_seized_blow_into_a_swift_one_under_seed002() {
    let catalog = common::seed002::CATALOG.replace(
        r#""sword":"#,
        r#""maul": (kind: Melee, damage: "3d10+4", av: 22), "sword":"#,
    );
    let mut f = common::seed002::arena(&["......", "......", "......"])
        .catalog(&catalog)
        .rules("(preset: Seed002, reactions_per_round: 0)")
        .sides(r#"(name: "Blue", reactions: Never), (name: "Red", reactions: Ask)"#)
        .unit_with(
            "A",
            "Blue",
            "duelist",
            (1, 1),
            Dir8::E,
            r#"(weapons: ["maul"])"#,
        )
        .unit_with("B", "Red", "duelist", (2, 1), Dir8::W, "(vitality: 6)")
        .start_with(&[12, 9], None);
    f.ok(attack_with("A", "B", "maul"));
    let seize = answer("B", true);
    assert_eq!(choice(&mut f, Player::Hard), seize);
    f.ok(seize);
    let shift: Command = Seed002Command::Shift {
        unit: "B".into(),
        to: Pos::new(3, 1),
        agility: None,
    }
    .into();
    let swift =
        f.h.with_view(|v| skirmish::battle::preview::preview(v, &shift));
    assert_eq!(
        swift.expect("the Shift's preview").reactions.len(),
        1,
        "A's Swift Attack"
    );
    let hard = choice(&mut f, Player::Hard);
    assert_eq!(attack_of(&hard).0, "A", "{hard:?}");
    assert!(hard.of_book::<Seed002Command>().is_none(), "{hard:?}");
}

/// Seed002 (D4): A knocks B out with two bare-handed blows (Stamina 0, the dice of
/// `preset002_12_…`); B would roll to wake each round, and C still stands, out of A's reach.
/// Normal and Hard spend A's last Energy on a Coup, which kills B; the greedy baseline,
/// which strikes only enemies still standing, walks on.
#[test]
fn it_makes_a_coup_on_an_enemy_that_could_wake_under_seed002() {
    use skirmish::battle::events::AttackOptions;
    let mut f = common::seed002::duel(r#"(weapons: ["sword"])"#, "(vitality: 1, stamina: 4)")
        .unit("C", "Red", "duelist", (5, 2), Dir8::W)
        .start_with(&[13, 2, 15, 1, 10, 5], None);
    let unarmed = |u: &str, t: &str| Command::Attack {
        unit: u.into(),
        target: t.into(),
        weapon: Some("sword".into()),
        options: AttackOptions {
            unarmed: true,
            ..AttackOptions::default()
        },
    };
    f.ok(unarmed("A", "B"));
    f.ok(end("C"));
    f.ok(unarmed("A", "B"));
    assert!(f.has("B", ConditionKind::Unconscious));
    f.ok(end("C"));
    let coup = Command::from(Seed002Command::Coup {
        unit: "A".into(),
        target: "B".into(),
        weapon: Some("sword".into()),
    });
    assert_eq!(choice(&mut f, Player::Normal), coup);
    assert_eq!(choice(&mut f, Player::Hard), coup);
    assert_ne!(choice(&mut f, Player::Greedy), coup);
    f.ok(coup);
    assert!(f.has("B", ConditionKind::Dead));
}
