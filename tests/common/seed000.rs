//! Seed000's test rooms: its catalog, small maps and the units of the acceptance scenarios,
//! shared by the scenarios (`preset000.rs`) and the preview checks (`preview_seed000.rs`).

use super::{Arena, Fight};
use skirmish::rules::grid::Dir8;

/// The scenarios' weapons and templates.
pub const CATALOG: &str = r#"
    weapons: {
        "blade": (kind: Melee, hit: 3, damage: "1d6"),
        "bow": (kind: Ranged, hit: 4, damage: "1d8", range: (6, 12)),
        "knife": (kind: Melee, hit: 1, damage: "1d4"),
        "spear": (kind: Melee, hit: 3, damage: "1d8", reach: 2),
        "hammer": (kind: Melee, hit: 3, damage: "1d4", push: 3),
        "venom": (kind: Melee, hit: 3, damage: "1d6", damage_type: Poison),
        "mind": (kind: Ranged, hit: 4, damage: "1d6+2", damage_type: Psychic, range: (10, 20)),
    },
    templates: {
        "fighter": (vitality: 20, evasion: 12, armor: 1, movement: 3, initiative: 0, might: 2, agility: 1, weapons: ["blade"]),
        "archer": (vitality: 12, evasion: 11, armor: 0, movement: 3, initiative: 0, might: 0, agility: 2, weapons: ["bow", "knife"]),
    },
"#;

pub const ROOM: [&str; 5] = [
    "#########",
    "#.......#",
    "#.......#",
    "#.......#",
    "#########",
];

pub const HALL: [&str; 5] = [
    "###########",
    "#.........#",
    "#.........#",
    "#.........#",
    "###########",
];

pub const SIDES: &str = r#"(name: "Blue", reactions: Always), (name: "Red", reactions: Always)"#;

/// A map with Seed000's rules, its catalog and both sides `Always`.
pub fn seed000(rows: &[&str]) -> Arena {
    Arena::new(rows)
        .catalog(CATALOG)
        .rules("(preset: Seed000)")
        .sides(SIDES)
}

/// A map with crates (half cover) on the given tiles.
pub fn with_crates(rows: &[&str], crates: &[(i32, i32)]) -> Vec<String> {
    let mut out: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    for &(x, y) in crates {
        out[y as usize].replace_range(x as usize..x as usize + 1, "c");
    }
    out
}

pub fn rows(v: &[String]) -> Vec<&str> {
    v.iter().map(|s| s.as_str()).collect()
}

pub fn start(arena: Arena, dice: &[u32]) -> Fight {
    arena.start_with(dice, None)
}

pub fn unit_with(a: Arena, name: &str, side: &str, t: &str, pos: (i32, i32), o: &str) -> Arena {
    a.unit_with(name, side, t, pos, Dir8::E, o)
}

pub fn bleeding_room(first_aid: i32) -> Arena {
    let a = unit_with(
        seed000(&ROOM),
        "R",
        "Red",
        "fighter",
        (3, 2),
        "(initiative: 5)",
    );
    let a = unit_with(
        a,
        "B",
        "Blue",
        "fighter",
        (4, 2),
        "(initiative: 4, vitality: 4)",
    );
    unit_with(
        a,
        "C",
        "Blue",
        "fighter",
        (5, 2),
        &format!("(initiative: 2, first_aid: {first_aid})"),
    )
}

pub fn non_lethal_room() -> Arena {
    let a = seed000(&ROOM).unit("A", "Blue", "fighter", (2, 2), Dir8::E);
    unit_with(a, "B", "Red", "fighter", (3, 2), "(vitality: 1)")
}

pub fn through_room(reactions: &str) -> Arena {
    let a = unit_with(
        seed000(&ROOM),
        "A",
        "Blue",
        "fighter",
        (2, 2),
        "(initiative: 1)",
    );
    unit_with(
        a,
        "B",
        "Red",
        "fighter",
        (3, 2),
        &format!("(might: 3{reactions})"),
    )
}

pub fn hide_map() -> Arena {
    let a = seed000(&["#######", "#..#..#", "#.....#", "#######"]);
    let a = unit_with(
        a,
        "A",
        "Blue",
        "fighter",
        (1, 1),
        "(initiative: 3, stealth: 3)",
    );
    unit_with(a, "B", "Red", "fighter", (4, 1), "(perception: 1)")
}

pub fn collision_room() -> Arena {
    let map = with_crates(&ROOM, &[(4, 1)]);
    let a = unit_with(
        seed000(&rows(&map)),
        "C",
        "Red",
        "fighter",
        (4, 2),
        "(initiative: 5)",
    );
    let a = unit_with(
        a,
        "A",
        "Blue",
        "fighter",
        (2, 2),
        r#"(initiative: 3, weapons: ["hammer"])"#,
    );
    a.unit("B", "Red", "fighter", (3, 2), Dir8::W)
}

pub fn held_hall() -> Arena {
    let a = unit_with(
        seed000(&HALL),
        "A",
        "Blue",
        "archer",
        (1, 2),
        "(initiative: 3)",
    );
    a.unit("B", "Red", "fighter", (9, 2), Dir8::W)
}
