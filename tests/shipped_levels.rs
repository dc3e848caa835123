//! The shipped levels as a whole (issue 37): every one plays to a victory between two
//! computer players at Hard, on its own dice, with no command refused; and every rulebook
//! ships at least three battles, one of them larger than 20×15.

use skirmish::battle::players::Player;
use skirmish::cli::duel::fight;
use skirmish::level::{Level, load_level, ron_files};
use std::collections::BTreeMap;
use std::path::Path;

/// The rulebooks a player can pick a battle of (the house-rules example's three battles
/// live beside it, outside `levels/`: `tests/house_rules.rs` holds them to the same; the
/// tutorial is a lesson, not a battle).
const RULEBOOKS: [&str; 6] = [
    "Core", "Seed000", "Seed001", "Seed002", "Seed003", "Seed004",
];
/// Battles each rulebook ships at least.
const LEVELS_PER_RULEBOOK: usize = 3;
/// A rulebook's largest battle is larger than this, in tiles across and down.
const LARGE: (u32, u32) = (20, 15);

fn shipped() -> Vec<(String, Level)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let catalog = skirmish::paths::cached_catalog();
    ron_files(&root.join("levels"))
        .into_iter()
        .map(|path| {
            let label = path.file_name().unwrap().to_string_lossy().into_owned();
            let level = load_level(&path, catalog).unwrap_or_else(|p| panic!("{label}: {p:?}"));
            (label, level)
        })
        .filter(|(_, level)| level.tutorial.is_empty())
        .collect()
}

#[test]
fn every_shipped_battle_plays_to_a_victory() {
    let levels = shipped();
    assert!(levels.len() >= RULEBOOKS.len() * LEVELS_PER_RULEBOOK);
    for (label, level) in levels {
        let seed = level.seed.unwrap_or(1);
        let fought = fight(level, seed, &[Player::Hard]);
        assert!(
            fought.refused.is_empty(),
            "{label}: refused {:?}",
            fought.refused
        );
        assert!(
            fought.winner.is_some(),
            "{label}: no side won in {} rounds ({} commands) at seed {seed}",
            fought.rounds,
            fought.commands.len()
        );
    }
}

#[test]
fn every_rulebook_ships_three_battles_one_of_them_large() {
    let mut by_book: BTreeMap<String, Vec<(String, u32, u32)>> = BTreeMap::new();
    for (label, level) in shipped() {
        let (w, h) = (level.grid.width, level.grid.height);
        let book = level.rules.rulebook.0.to_string();
        by_book.entry(book).or_default().push((label, w, h));
    }
    for book in RULEBOOKS {
        let levels = by_book.get(book).cloned().unwrap_or_default();
        assert!(
            levels.len() >= LEVELS_PER_RULEBOOK,
            "{book} ships {levels:?}"
        );
        assert!(
            levels.iter().any(|(_, w, h)| *w > LARGE.0 && *h > LARGE.1),
            "{book}: no level larger than {}x{}: {levels:?}",
            LARGE.0,
            LARGE.1
        );
    }
}
