//! B: a duel in the background — the computer at Hard against itself on the level as it
//! stands, game after game on a thread of its own (the seats swapping every other game, as
//! `skirmish duel` plays them), the level's first side's share of the decided games shown
//! live with its 95% interval. An edit of the level, or B again, stops it.

use super::{Editor, EditorAction};
use crate::battle::players::Player;
use crate::cli::duel::{Game, game, wilson};
use crate::game::screen_state::GameScreen;
use bevy::prelude::*;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};

/// Most games one duel plays.
const MAX_DUEL_GAMES: u32 = 400;
/// The dice seed of a duel's first pair of games.
const DUEL_SEED: u64 = 1;

/// A duel being fought.
struct Running {
    stop: Arc<AtomicBool>,
    /// The games played, as they end (in a mutex: a resource is shared between threads).
    games: Mutex<Receiver<Game>>,
    /// The level's text it is fought on.
    text: String,
    first_side: String,
    /// The level's balance band, in percent.
    band: (i64, i64),
    played: u32,
    first_wins: u32,
    decided: u32,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[derive(Resource, Default)]
struct Duel(Option<Running>);

pub fn plugin(app: &mut App) {
    app.init_resource::<Duel>()
        .add_systems(
            Update,
            (start_or_stop, tally)
                .chain()
                .after(super::actions::ActionSystems)
                .run_if(in_state(GameScreen::Editor)),
        )
        .add_systems(OnExit(GameScreen::Editor), |mut duel: ResMut<Duel>| {
            duel.0 = None
        });
}

/// The line the side panel shows for the duel so far, with what its interval says of the
/// level's balance band (`band`, in percent: `Balance::band`).
pub fn line(
    first_side: &str,
    played: u32,
    first_wins: u32,
    decided: u32,
    band: (i64, i64),
) -> String {
    let draws = played - decided;
    if decided == 0 {
        return format!("Duel, Hard vs Hard: {played} game(s), none decided yet");
    }
    let (lo, hi) = wilson(first_wins, decided);
    let share = f64::from(first_wins) / f64::from(decided) * 100.0;
    let (lo, hi) = (lo * 100.0, hi * 100.0);
    let (b_lo, b_hi) = (band.0 as f64, band.1 as f64);
    let the_band = format!("the band {}-{}%", band.0, band.1);
    let verdict = if lo >= b_lo && hi <= b_hi {
        format!("within {the_band}")
    } else if hi < b_lo || lo > b_hi {
        format!("OUTSIDE {the_band}")
    } else {
        // Not settled: say which edge the interval still crosses, and what settles it.
        let edge = match (lo < b_lo, hi > b_hi) {
            (true, true) => "is wider than".to_string(),
            (true, false) => format!("crosses the lower edge ({}%) of", band.0),
            _ => format!("crosses the upper edge ({}%) of", band.1),
        };
        format!("not settled yet: the interval {edge} {the_band}; more games narrow it")
    };
    format!(
        "Duel, Hard vs Hard: {first_side} won {first_wins} of {decided} ({share:.0}%, 95%: {lo:.0}-{hi:.0}%), {}: {verdict}",
        crate::editor::counted(draws as usize, "draw"),
    )
}

/// The line of a duel stopped for `why`: its last figure kept, if a game was decided.
fn stopped(last: Option<String>, why: &str) -> String {
    match last.filter(|l| l.contains(" won ")) {
        Some(figure) => format!("{figure}. Stopped: {why} (B starts another)"),
        None => format!("Duel stopped: {why} (B starts another)"),
    }
}

fn start_or_stop(
    mut actions: MessageReader<EditorAction>,
    mut duel: ResMut<Duel>,
    mut editor: ResMut<Editor>,
) {
    if !actions.read().any(|a| *a == EditorAction::Duel) {
        return;
    }
    if duel.0.take().is_some() {
        editor.duel = Some(stopped(editor.duel.take(), "you stopped it"));
        return;
    }
    let Some(doc) = editor.doc.as_ref() else {
        return;
    };
    let Some(level) = doc.view().level.clone() else {
        editor.duel = Some("Duel: the level has problems to fix first".into());
        return;
    };
    let (tx, rx) = channel();
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = stop.clone();
    let first_side = level
        .sides
        .first()
        .map_or(String::new(), |s| s.name.clone());
    let band = level.balance.band();
    std::thread::spawn(move || {
        for g in 0..MAX_DUEL_GAMES {
            if stopped.load(Ordering::Relaxed) {
                break;
            }
            let played = game(&level, DUEL_SEED, g, [Player::Hard, Player::Hard]);
            if tx.send(played).is_err() {
                break;
            }
        }
    });
    duel.0 = Some(Running {
        stop,
        games: Mutex::new(rx),
        text: doc.text().to_string(),
        first_side,
        band,
        played: 0,
        first_wins: 0,
        decided: 0,
    });
    editor.duel = Some("Duel, Hard vs Hard: the first game is being fought".into());
}

/// Count the games played since the last frame; stop when the level is edited.
fn tally(mut duel: ResMut<Duel>, mut editor: ResMut<Editor>) {
    let Some(run) = duel.0.as_mut() else { return };
    if editor.doc.as_ref().is_some_and(|d| d.text() != run.text) {
        duel.0 = None;
        // Another level opened has no duel line (`Editor::take`): nothing of this one shows.
        if let Some(last) = editor.duel.take() {
            editor.duel = Some(stopped(Some(last), "the level changed"));
        }
        editor.touched();
        return;
    }
    let games: Vec<Game> = match run.games.get_mut() {
        Ok(rx) => rx.try_iter().collect(),
        Err(_) => Vec::new(),
    };
    let mut new = false;
    for g in games {
        run.played += 1;
        if let Some(first) = g.first_side_won() {
            run.decided += 1;
            run.first_wins += u32::from(first);
        }
        new = true;
    }
    if new {
        editor.duel = Some(line(
            &run.first_side,
            run.played,
            run.first_wins,
            run.decided,
            run.band,
        ));
        editor.touched();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_duel_line_gives_the_share_and_its_interval() {
        assert_eq!(
            line("Blue", 20, 10, 20, (40, 60)),
            "Duel, Hard vs Hard: Blue won 10 of 20 (50%, 95%: 30-70%), 0 draws: not settled yet: the interval is wider than the band 40-60%; more games narrow it"
        );
        assert!(line("Blue", 3, 0, 0, (40, 60)).contains("none decided"));
        // The interval inside the band, or wholly outside it.
        assert!(line("Blue", 401, 200, 400, (40, 60)).ends_with("1 draw: within the band 40-60%"));
        assert!(line("Blue", 16, 2, 16, (40, 60)).ends_with("OUTSIDE the band 40-60%"));
        assert!(line("Blue", 16, 2, 16, (0, 30)).ends_with(
            "the interval crosses the upper edge (30%) of the band 0-30%; more games narrow it"
        ));
    }

    /// A stopped duel keeps its last figure (a designer reads it after stopping).
    #[test]
    fn a_stopped_duel_keeps_its_figure() {
        let figure = line("Blue", 20, 10, 20, (40, 60));
        let said = stopped(Some(figure.clone()), "you stopped it");
        assert!(
            said.starts_with(&figure)
                && said.ends_with("Stopped: you stopped it (B starts another)")
        );
        let early = stopped(Some(line("Blue", 0, 0, 0, (40, 60))), "the level changed");
        assert_eq!(early, "Duel stopped: the level changed (B starts another)");
    }
}
