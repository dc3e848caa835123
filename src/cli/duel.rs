//! `skirmish duel`: two computer players (`battle::players`) fight each level headless, N
//! games a level, the seats swapped every other game so that each side's start is played
//! by both; it prints each player's wins, the draws, the average rounds and a 95% interval
//! for the first player's share of the decided games (with one player on both seats, the
//! levels' first side's share instead), and how often each level's first
//! side won, whoever played it, a draw counting half, with its 95% interval: a level's
//! balance (with the same player on both seats, a fair level gives about 50%), checked
//! against the band the level's `balance` field holds it to (50% ± 10 points when it has
//! none). The games are shared out over the machine's cores.

use crate::battle::headless::Headless;
use crate::battle::players::{Player, next_command};
use crate::battle::setup::BattleSetup;
use crate::battle::{BattleEvent, Command, events::Outcome};
use crate::level::Level;
use crate::level::schema::Balance;
use crate::rules::dice::DiceSource;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// Commands after which an unfinished battle counts as a draw.
pub const MAX_COMMANDS: usize = 3000;
/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.96;

/// Options of `duel`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct DuelArgs {
    /// The level files
    #[arg(value_name = "LEVEL", required = true)]
    pub levels: Vec<PathBuf>,
    /// The first player: greedy, easy, normal or hard
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    pub blue: Player,
    /// The second player
    #[arg(long, value_name = "PLAYER", value_parser = parse_player)]
    pub red: Player,
    /// Games a level (the seats swap every other game)
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub games: u32,
    /// The first game's dice seed; game g uses seed + g / 2
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Also print each game: its seed, who played the level's first side, the winner
    #[arg(long)]
    pub each: bool,
}

fn parse_player(s: &str) -> Result<Player, String> {
    Player::named(s).ok_or_else(|| format!("no player `{s}` (greedy, easy, normal or hard)"))
}

/// How one battle ended, seen from the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// 0: the first player won, 1: the second; `None`: a draw.
    pub winner: Option<usize>,
    pub rounds: u32,
    /// The dice seed it was played on.
    pub seed: u64,
    /// Which player (0 or 1) played the level's first side.
    pub first: usize,
}

impl Game {
    /// Whether the level's first side won, whoever played it (`None` for a draw).
    pub fn first_side_won(&self) -> Option<bool> {
        self.winner.map(|i| i == self.first)
    }
}

/// A battle the computer players fought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fought {
    /// The winning side's index; `None` for a draw (or a battle cut off).
    pub winner: Option<usize>,
    pub rounds: u32,
    /// Every command, in order (a refused one is followed by the actor's End Turn).
    pub commands: Vec<Command>,
    /// The commands the battle refused: a computer player should never give one.
    pub refused: Vec<Command>,
}

/// Play one battle: `seats[i]` plays the level's side i (players cycle over more sides).
pub fn fight(level: Level, seed: u64, seats: &[Player]) -> Fought {
    let sides: Vec<String> = level.sides.iter().map(|s| s.name.clone()).collect();
    let mut h =
        Headless::new(BattleSetup::new(level, DiceSource::Seed(seed)).with_level_policies());
    let (mut commands, mut refused) = (Vec::new(), Vec::new());
    for _ in 0..MAX_COMMANDS {
        if h.turn().outcome.is_some() {
            break;
        }
        let Some((cmd, actor)) = h.with_view(|v| {
            let side = v
                .awaiting
                .map(|q| q.asked())
                .or(v.turn.active())
                .and_then(|e| v.ctx.snap.get(e))?;
            let player = seats[side.side % seats.len().max(1)];
            Some((next_command(v, player)?, side.name.to_string()))
        }) else {
            break;
        };
        let before = h.log().len();
        h.send(cmd.clone());
        commands.push(cmd.clone());
        if h.log()[before..]
            .iter()
            .any(|e| matches!(e, BattleEvent::Rejected { .. }))
        {
            refused.push(cmd.clone());
            if matches!(cmd, Command::EndTurn { .. }) {
                break;
            }
            let end = Command::EndTurn { unit: actor };
            h.send(end.clone());
            commands.push(end);
        }
    }
    let winner = match &h.turn().outcome {
        Some(Outcome::Victory { side, .. }) => sides.iter().position(|s| s == side),
        _ => None,
    };
    Fought {
        winner,
        rounds: h.turn().round,
        commands,
        refused,
    }
}

/// Game `g` of a level: the seats swap every other game, and each pair shares a seed.
pub fn game(level: &Level, seed: u64, g: u32, players: [Player; 2]) -> Game {
    let swapped = g % 2 == 1;
    let seats = if swapped {
        [players[1], players[0]]
    } else {
        players
    };
    let seed = seed + u64::from(g / 2);
    let fought = fight(level.clone(), seed, &seats);
    // Side i is played by seats[i % 2]: map the winning side back to the player.
    let winner = fought.winner.map(|s| usize::from((s % 2 == 1) != swapped));
    Game {
        winner,
        rounds: fought.rounds,
        seed,
        first: usize::from(swapped),
    }
}

/// Every game of every level (`games` a level from `seed`), in the levels' order and each
/// level's games in order, played on `threads` threads. The games are shared out, each
/// thread taking the next game not yet begun (a 40-unit level's game takes as long as a
/// small level's twenty, so sharing out whole levels left one thread playing the big level
/// alone). A game's seed and seats follow from its level and number alone, so the figures
/// do not depend on the threads.
fn play(
    levels: &[&Level],
    games: u32,
    seed: u64,
    players: [Player; 2],
    threads: usize,
) -> Vec<Vec<Game>> {
    // Game k is level k / games, its game k % games.
    let per_level = games as usize;
    let total = levels.len() * per_level;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut played: Vec<((usize, u32), Game)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.clamp(1, total.max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if k >= total {
                            return done;
                        }
                        let (i, g) = (k / per_level, (k % per_level) as u32);
                        done.push(((i, g), game(levels[i], seed, g, players)));
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    played.sort_by_key(|p| p.0);
    let mut tallies: Vec<Vec<Game>> = vec![Vec::new(); levels.len()];
    for ((i, _), result) in played {
        tallies[i].push(result);
    }
    tallies
}

/// The threads the duel's games are shared out over: one a core.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A 95% Wilson interval for a share of `wins` in `n`.
pub fn wilson(wins: u32, n: u32) -> (f64, f64) {
    wilson_share(f64::from(wins), f64::from(n))
}

/// A 95% Wilson interval for a share of `wins` in `n`, where a draw counts half a win.
fn wilson_share(wins: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = wins / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// One level's tally: each player's wins, the draws, the rounds and the games the level's
/// first side won.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: [u32; 2],
    draws: u32,
    rounds: u64,
    first_side: u32,
    games: u32,
}

impl Tally {
    fn of(results: &[Game]) -> Tally {
        let mut t = Tally::default();
        for result in results {
            match result.winner {
                Some(i) => t.wins[i] += 1,
                None => t.draws += 1,
            }
            t.first_side += u32::from(result.first_side_won() == Some(true));
            t.rounds += u64::from(result.rounds);
            t.games += 1;
        }
        t
    }

    fn add(&mut self, o: &Tally) {
        self.wins[0] += o.wins[0];
        self.wins[1] += o.wins[1];
        self.draws += o.draws;
        self.rounds += o.rounds;
        self.first_side += o.first_side;
        self.games += o.games;
    }

    /// The level's first side's share of the games, a draw counting half, with its 95%
    /// interval: `None` with no game.
    fn first_side_share(&self) -> Option<(f64, (f64, f64))> {
        let n = f64::from(self.games);
        let won = f64::from(self.first_side) + f64::from(self.draws) / 2.0;
        (self.games > 0).then(|| (won / n, wilson_share(won, n)))
    }
}

/// A level's row: its tally, then the first side's share (a draw counting half) with its 95%
/// interval, and the band the level's `balance` holds it to (`Balance::EVEN`, 40–60%, when
/// it names none) with `ok` when the share lies in it, else `OUT`.
fn level_row(name: &str, t: &Tally, balance: Balance, widths: [usize; 2]) -> String {
    let (lo, hi) = balance.band();
    let (share, verdict) = match t.first_side_share() {
        Some((p, (a, b))) => {
            let inside = (lo as f64..=hi as f64).contains(&(100.0 * p));
            let ok = if inside { "ok" } else { "OUT" };
            (
                format!("{:.1}% ({:.1}–{:.1}%)", 100.0 * p, 100.0 * a, 100.0 * b),
                ok,
            )
        }
        None => ("-".to_string(), "-"),
    };
    format!(
        "{:<28} {:>w0$} {:>w1$} {:>6} {:>7.1} {:>22} {:>8} {}",
        name,
        t.wins[0],
        t.wins[1],
        t.draws,
        t.rounds as f64 / f64::from(t.games.max(1)),
        share,
        format!("{lo}–{hi}%"),
        verdict,
        w0 = widths[0],
        w1 = widths[1],
    )
}

/// Run `duel`.
pub(super) fn duel(o: &DuelArgs) -> ExitCode {
    let mut levels = Vec::new();
    for path in &o.levels {
        match super::load_or_refuse(path) {
            Ok(l) => levels.push((path.display().to_string(), l)),
            Err(code) => return code,
        }
    }
    let players = [o.blue, o.red];
    let same = o.blue == o.red;
    // One player on both seats: each is named by the option that gave it.
    let names = [(players[0], "blue"), (players[1], "red")].map(|(p, seat)| {
        let name = format!("{p:?}").to_lowercase();
        if same {
            format!("{name} ({seat})")
        } else {
            name
        }
    });
    let headers = names.clone().map(|n| format!("{n} wins"));
    let widths = headers.clone().map(|h| h.chars().count().max(6));
    say!(
        "{:<28} {:>w0$} {:>w1$} {:>6} {:>7} {:>22} {:>8} {}",
        "level",
        headers[0],
        headers[1],
        "draws",
        "rounds",
        "first side (95%)",
        "band",
        "verdict",
        w0 = widths[0],
        w1 = widths[1],
    );
    let mut all = Tally::default();
    let loaded: Vec<&Level> = levels.iter().map(|(_, l)| l).collect();
    let tallies = play(&loaded, o.games, o.seed, players, threads());
    for ((name, level), results) in levels.iter().zip(tallies) {
        if o.each {
            for result in &results {
                let (seed, first) = (result.seed, &names[result.first]);
                let end = match (result.winner, result.first_side_won()) {
                    (Some(i), Some(first)) => {
                        let side = if first { "first" } else { "second" };
                        format!("{} won (the {side} side)", names[i])
                    }
                    _ => "a draw".to_string(),
                };
                say!("  {name} seed {seed}: {first} played the first side; {end}");
            }
        }
        let t = Tally::of(&results);
        say!("{}", level_row(name, &t, level.balance, widths));
        all.add(&t);
    }
    say_totals(&all, &names, same);
    ExitCode::SUCCESS
}

/// The totals over every level: each player's wins, the draws, the rounds; then the first
/// player's share of the decided games, or with one player on both seats (`same`) the
/// levels' first side's share of all the games.
fn say_totals(all: &Tally, names: &[String; 2], same: bool) {
    let decided = all.wins[0] + all.wins[1];
    let (lo, hi) = wilson(all.wins[0], decided);
    say!(
        "all {} games: {} {} wins, {} {} wins, {} draws, {:.1} rounds on average",
        all.games,
        names[0],
        all.wins[0],
        names[1],
        all.wins[1],
        all.draws,
        all.rounds as f64 / f64::from(all.games.max(1))
    );
    if same {
        // Its wins against itself say nothing; the level's first side's share is the figure.
        if let Some((p, (a, b))) = all.first_side_share() {
            say!(
                "{} against itself: the levels' first side won {:.1}% of all {} games, a draw counting half (95% interval {:.1}% to {:.1}%)",
                names[0].split(' ').next().unwrap_or_default(),
                100.0 * p,
                all.games,
                100.0 * a,
                100.0 * b
            );
        }
    } else if decided > 0 {
        say!(
            "{} won {:.1}% of the {decided} decided games (95% interval {:.1}% to {:.1}%)",
            names[0],
            100.0 * f64::from(all.wins[0]) / f64::from(decided),
            100.0 * lo,
            100.0 * hi
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sharing the games out over threads changes none of them: one thread and three give
    /// the same games, each level's in order, with the seats swapped every other game.
    #[test]
    fn the_games_do_not_depend_on_the_threads() {
        let catalog = crate::paths::load_catalog();
        let load = |name: &str| {
            let path = std::path::Path::new("levels").join(name);
            crate::level::load_level(&path, &catalog).expect("a shipped level loads")
        };
        let (a, b) = (load("first_blood.ron"), load("the_ford.ron"));
        let levels = [&a, &b];
        let players = [Player::Hard, Player::Greedy];
        let one = play(&levels, 3, 11, players, 1);
        assert_eq!(one, play(&levels, 3, 11, players, 3));
        assert_eq!(one.len(), 2);
        for level in &one {
            let seeds: Vec<(u64, usize)> = level.iter().map(|g| (g.seed, g.first)).collect();
            assert_eq!(seeds, [(11, 0), (11, 1), (12, 0)]);
        }
    }

    /// A level's row holds it to its `balance`: 20 first-side wins and 10 draws in 100
    /// games is 25% (a draw counting half), inside 25% ± 10 and outside an even level's
    /// 40–60%.
    #[test]
    fn a_levels_row_holds_it_to_its_band() {
        let t = Tally {
            wins: [45, 45],
            draws: 10,
            rounds: 400,
            first_side: 20,
            games: 100,
        };
        let lopsided = Balance {
            first_side: 25,
            within: 10,
        };
        let row = level_row("levels/x.ron", &t, lopsided, [6, 6]);
        assert!(row.contains(" 25.0% ("), "{row}");
        assert!(row.ends_with("15–35% ok"), "{row}");
        assert!(level_row("levels/x.ron", &t, Balance::EVEN, [6, 6]).ends_with("40–60% OUT"));
        let none = level_row("levels/x.ron", &Tally::default(), Balance::EVEN, [6, 6]);
        assert!(none.ends_with("40–60% -"), "{none}");
    }

    /// The interval holds the share and narrows as games are added.
    #[test]
    fn the_wilson_interval_holds_the_share() {
        let (lo, hi) = wilson(80, 100);
        assert!(lo < 0.8 && 0.8 < hi, "{lo} {hi}");
        assert!(
            (lo - 0.711).abs() < 0.001 && (hi - 0.867).abs() < 0.001,
            "{lo} {hi}"
        );
        let (lo2, hi2) = wilson(800, 1000);
        assert!(hi2 - lo2 < hi - lo);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
    }
}
