//! The "proof" benchmarks: how the headless rules core measures up.
//!
//! 1. `reachable`: the reachable set with paths on a 64×64 map of mixed terrain with allies
//!    and enemies, against `pathfinding::dijkstra_all` on the same graph (same neighbours,
//!    same step costs, same blocked tiles and corner-cutting rule). Prints the ratio.
//! 2. `battle_commands`: commands resolved per second through the headless ECS over a long
//!    battle, replaying commands recorded from the built-in computer player.
//! 3. `level_parse`: parse plus validation of a 128×128 level.
//! 4. `sight`: line of sight and cover (terrain and creature) for every ordered pair of 40
//!    units on a 64×64 map.
//!
//! 5. `computer_turn`: the time the computer player (`battle::players`) takes to decide a
//!    whole turn (every command of one combatant's turn) on a 64×64 map with 40 units, at
//!    each strength: the 50th and 95th percentiles over the turns of a battle.
//!
//! Every map is generated here from a fixed seed, so every run measures the same input.
//! Run with `cargo bench --bench proof`; see BENCHMARKS.md for the figures.

use bevy::ecs::schedule::{MultiThreadedExecutor, Schedules};
use bevy::prelude::Update;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use pathfinding::directed::dijkstra::{dijkstra_all, dijkstra_reach};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use skirmish::battle::events::{BattleEvent, Command};
use skirmish::battle::headless::Headless;
use skirmish::battle::players::{Player, next_command};
use skirmish::battle::setup::BattleSetup;
use skirmish::level::catalog::Catalog;
use skirmish::level::schema::ReactionPolicy;
use skirmish::level::{Level, parse_level};
use skirmish::rules::dice::DiceSource;
use skirmish::rules::grid::{Dir8, Pos};
use skirmish::rules::path::{
    DiagonalCost, MoveProfile, Occupancy, Reachable, reachable, step_cost,
};
use skirmish::rules::terrain::TerrainGrid;
use std::hint::black_box;
use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------
// Synthetic levels
// ---------------------------------------------------------------------------------------

/// Legend used by every generated level: (character, terrain, weight in 1000).
const TERRAIN: [(char, &str, u32); 10] = [
    ('.', "grass", 520),
    (',', "rubble", 90),
    ('u', "undergrowth", 80),
    ('~', "shallow_water", 70),
    ('m', "mud", 40),
    ('W', "deep_water", 30),
    ('c', "crates", 40),
    ('l', "low_wall", 40),
    ('#', "wall", 80),
    ('X', "chasm", 10),
];

/// Templates from `assets/units/` the generated armies use.
const TEMPLATES: [&str; 8] = [
    "soldier",
    "archer",
    "knight",
    "spearman",
    "skirmisher",
    "brute",
    "goblin",
    "wolf",
];

/// A generated level: its RON text.
struct Generated {
    ron: String,
}

/// Where generated units are placed.
enum Placement {
    /// Anywhere on the map.
    Scattered,
    /// Blue in the left quarter, Red in the right quarter (a long approach, then a melee).
    Opposed,
}

fn generate_level(
    seed: u64,
    width: usize,
    height: usize,
    units: usize,
    placement: Placement,
    vitality: Option<u32>,
) -> Generated {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let total: u32 = TERRAIN.iter().map(|t| t.2).sum();
    let mut map: Vec<Vec<char>> = (0..height)
        .map(|_| {
            (0..width)
                .map(|_| {
                    let mut roll = rng.random_range(0..total);
                    for &(c, _, w) in &TERRAIN {
                        if roll < w {
                            return c;
                        }
                        roll -= w;
                    }
                    '.'
                })
                .collect()
        })
        .collect();
    // A few straight wall runs with gaps, so that paths must detour.
    for _ in 0..(width * height / 400) {
        let (x, y) = (rng.random_range(0..width), rng.random_range(0..height));
        let horizontal = rng.random_bool(0.5);
        let len = rng.random_range(4..12);
        for k in 0..len {
            let (tx, ty) = if horizontal { (x + k, y) } else { (x, y + k) };
            if tx < width && ty < height && k % 5 != 2 {
                map[ty][tx] = '#';
            }
        }
    }
    let passable = |c: char| !matches!(c, '#' | 'X');
    let mut taken = std::collections::HashSet::new();
    let mut unit_lines = Vec::new();
    for i in 0..units {
        let blue = i.is_multiple_of(2);
        let (x0, x1) = match placement {
            Placement::Scattered => (0, width),
            Placement::Opposed if blue => (0, width / 4),
            Placement::Opposed => (width - width / 4, width),
        };
        let pos = loop {
            let p = (rng.random_range(x0..x1), rng.random_range(0..height));
            if passable(map[p.1][p.0]) && taken.insert(p) {
                break p;
            }
        };
        let side = if blue { "Blue" } else { "Red" };
        let template = TEMPLATES[(i / 2) % TEMPLATES.len()];
        let overrides = vitality
            .map(|v| format!(", overrides: (vitality: {v})"))
            .unwrap_or_default();
        unit_lines.push(format!(
            "        (name: \"{side} {i}\", side: \"{side}\", template: \"{template}\", pos: ({}, {}){overrides}),",
            pos.0, pos.1
        ));
    }
    let legend: Vec<String> = TERRAIN
        .iter()
        .map(|&(c, name, _)| format!("'{c}': \"{name}\""))
        .collect();
    let rows: Vec<String> = map
        .iter()
        .map(|r| format!("        \"{}\",", r.iter().collect::<String>()))
        .collect();
    let ron = format!(
        "// Generated benchmark level: seed {seed}, {width}x{height}, {units} units.\n(\n    name: \"Bench {width}x{height}\",\n    legend: {{ {} }},\n    map: [\n{}\n    ],\n    sides: [(name: \"Blue\"), (name: \"Red\")],\n    units: [\n{}\n    ],\n)\n",
        legend.join(", "),
        rows.join("\n"),
        unit_lines.join("\n"),
    );
    Generated { ron }
}

fn load(catalog: &Catalog, g: &Generated) -> Level {
    parse_level("bench.ron", g.ron.as_bytes(), catalog).unwrap_or_else(|p| {
        panic!(
            "generated level invalid:\n{}",
            p.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        )
    })
}

// ---------------------------------------------------------------------------------------
// 1. The reachable set against pathfinding::dijkstra_all
// ---------------------------------------------------------------------------------------

/// The mover (the unit nearest the centre) and what every tile is to it.
fn mover_and_occupancy(level: &Level) -> (Pos, Vec<Occupancy>) {
    let g = &level.grid;
    let centre = Pos::new(g.width as i32 / 2, g.height as i32 / 2);
    let mover = level
        .units
        .iter()
        .min_by_key(|u| (u.pos.distance(centre), u.pos.y, u.pos.x))
        .expect("units");
    let mut occ = vec![Occupancy::Empty; (g.width * g.height) as usize];
    for u in &level.units {
        if u.pos == mover.pos {
            continue;
        }
        let i = g.index(u.pos).expect("on the map");
        occ[i] = if u.side == mover.side {
            Occupancy::PassThrough
        } else {
            Occupancy::Blocked
        };
    }
    (mover.pos, occ)
}

/// The successors of a tile for `pathfinding`: exactly the steps `reachable` considers, with
/// the same `step_cost` (impassable tiles, corner cutting, off-map) and enemies blocking.
fn successors<'a>(
    grid: &'a TerrainGrid,
    occ: &'a [Occupancy],
    profile: &'a MoveProfile,
    here: Pos,
    odd: bool,
) -> impl Iterator<Item = ((Pos, bool), u32)> + 'a {
    Dir8::ALL.into_iter().filter_map(move |dir| {
        let next = here.step(dir);
        let i = grid.index(next)?;
        if occ[i] == Occupancy::Blocked {
            return None;
        }
        let (cost, next_odd) = step_cost(grid, here, next, profile, odd).ok()?;
        Some(((next, next_odd), cost))
    })
}

/// `dijkstra_all` over tiles (uniform diagonals: one state per tile).
fn dijkstra_all_uniform(
    grid: &TerrainGrid,
    occ: &[Occupancy],
    profile: &MoveProfile,
    start: Pos,
) -> std::collections::HashMap<Pos, (Pos, u32)> {
    dijkstra_all(&start, |&p| {
        successors(grid, occ, profile, p, false).map(|((n, _), c)| (n, c))
    })
}

/// `dijkstra_all` over (tile, odd diagonal count) states (alternating diagonals).
fn dijkstra_all_alternating(
    grid: &TerrainGrid,
    occ: &[Occupancy],
    profile: &MoveProfile,
    start: Pos,
) -> std::collections::HashMap<(Pos, bool), ((Pos, bool), u32)> {
    dijkstra_all(&(start, profile.odd_diagonals), |&(p, odd)| {
        successors(grid, occ, profile, p, odd)
    })
}

/// Checks (outside any timed loop) that both searches found the same tiles at the same
/// costs, and that our paths are real paths of that cost.
fn assert_same_costs(
    grid: &TerrainGrid,
    occ: &[Occupancy],
    profile: &MoveProfile,
    start: Pos,
    ours: &Reachable,
    best_cost: impl Fn(Pos) -> Option<u32>,
    budget: u32,
) -> usize {
    let mut stoppable = 0;
    for i in 0..(grid.width * grid.height) as usize {
        let p = grid.pos_of(i);
        if p == start {
            continue;
        }
        let theirs = best_cost(p).filter(|&c| c <= budget);
        assert_eq!(ours.reaches(p), theirs.is_some(), "reach of {p}");
        if occ[i] == Occupancy::Empty {
            assert_eq!(ours.cost(p), theirs, "cost of {p}");
            if let Some(c) = theirs {
                stoppable += 1;
                let path = ours.path(p).expect("a path");
                let mut cur = start;
                let mut odd = profile.odd_diagonals;
                let mut sum = 0;
                for step in path {
                    let (sc, o) = step_cost(grid, cur, step, profile, odd).expect("a legal step");
                    assert_ne!(occ[grid.index(step).unwrap()], Occupancy::Blocked);
                    sum += sc;
                    odd = o;
                    cur = step;
                }
                assert_eq!((cur, sum), (p, c), "path to {p}");
            }
        } else {
            assert_eq!(ours.cost(p), None, "{p} is occupied");
        }
    }
    stoppable
}

/// Median wall time of `f` over `runs` runs, interleaved with `g` so that both see the same
/// machine state; returns (median f, median g).
fn interleaved_medians(
    runs: usize,
    mut f: impl FnMut(),
    mut g: impl FnMut(),
) -> (Duration, Duration) {
    let mut tf = Vec::with_capacity(runs);
    let mut tg = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        f();
        tf.push(t.elapsed());
        let t = Instant::now();
        g();
        tg.push(t.elapsed());
    }
    tf.sort();
    tg.sort();
    (tf[runs / 2], tg[runs / 2])
}

fn print_ratio(what: &str, theirs_name: &str, ours: Duration, theirs: Duration) {
    let ratio = ours.as_secs_f64() / theirs.as_secs_f64();
    println!(
        "RATIO {what}: reachable {:.1} µs, {theirs_name} {:.1} µs, ours/theirs = {ratio:.3} ({:.2}x {})",
        ours.as_secs_f64() * 1e6,
        theirs.as_secs_f64() * 1e6,
        if ratio <= 1.0 { 1.0 / ratio } else { ratio },
        if ratio <= 1.0 { "faster" } else { "SLOWER" },
    );
}

fn bench_reachable(c: &mut Criterion) {
    let catalog = skirmish::paths::load_catalog();
    let level = load(
        &catalog,
        &generate_level(64, 64, 64, 40, Placement::Scattered, None),
    );
    let grid = &level.grid;
    let (start, occ) = mover_and_occupancy(&level);
    let uniform = MoveProfile::default();
    let alternating = MoveProfile {
        diagonal: DiagonalCost::Alternating,
        ..MoveProfile::default()
    };
    // The whole map: a budget no path can exceed, so both searches settle every reachable
    // tile and do the same work.
    let unbounded = u32::MAX;
    // A long turn: movement 5, the free pool plus 3 AP spent on moving (5 + 3 × 5 m).
    let turn_budget = 20;

    // Correctness first: the same costs, outside the timed loops.
    let ours = reachable(grid, &occ, start, unbounded, &uniform);
    let theirs = dijkstra_all_uniform(grid, &occ, &uniform, start);
    let n = assert_same_costs(
        grid,
        &occ,
        &uniform,
        start,
        &ours,
        |p| theirs.get(&p).map(|e| e.1),
        unbounded,
    );
    let ours_alt = reachable(grid, &occ, start, unbounded, &alternating);
    let theirs_alt = dijkstra_all_alternating(grid, &occ, &alternating, start);
    let best_alt = |p: Pos| {
        [false, true]
            .into_iter()
            .filter_map(|o| theirs_alt.get(&(p, o)).map(|e| e.1))
            .min()
    };
    let n_alt = assert_same_costs(
        grid,
        &occ,
        &alternating,
        start,
        &ours_alt,
        best_alt,
        unbounded,
    );
    let ours_turn = reachable(grid, &occ, start, turn_budget, &uniform);
    let n_turn = assert_same_costs(
        grid,
        &occ,
        &uniform,
        start,
        &ours_turn,
        |p| theirs.get(&p).map(|e| e.1),
        turn_budget,
    );
    let blocked = occ.iter().filter(|o| **o == Occupancy::Blocked).count();
    let through = occ.iter().filter(|o| **o == Occupancy::PassThrough).count();
    println!(
        "reachable: 64x64 map, mover at {start}, {through} allies, {blocked} enemies; {n} tiles reachable \
         (uniform), {n_alt} (alternating), {n_turn} within {turn_budget} m; costs identical to pathfinding"
    );

    let mut group = c.benchmark_group("reachable_64x64");
    group.bench_function("ours_full_map_uniform", |b| {
        b.iter(|| reachable(grid, black_box(&occ), black_box(start), unbounded, &uniform))
    });
    group.bench_function("dijkstra_all_full_map_uniform", |b| {
        b.iter(|| dijkstra_all_uniform(grid, black_box(&occ), &uniform, black_box(start)))
    });
    group.bench_function("ours_full_map_alternating", |b| {
        b.iter(|| {
            reachable(
                grid,
                black_box(&occ),
                black_box(start),
                unbounded,
                &alternating,
            )
        })
    });
    group.bench_function("dijkstra_all_full_map_alternating", |b| {
        b.iter(|| dijkstra_all_alternating(grid, black_box(&occ), &alternating, black_box(start)))
    });
    // With a turn's budget `dijkstra_all` cannot stop early; `pathfinding`'s lazy
    // `dijkstra_reach`, cut off at the budget, is the fair counterpart.
    let bounded_reach = |budget: u32| {
        dijkstra_reach(&start, |&p| {
            successors(grid, &occ, &uniform, p, false).map(|((n, _), c)| (n, c))
        })
        .take_while(|item| item.total_cost <= budget)
        .map(|item| (item.node, item.parent, item.total_cost))
        .collect::<Vec<_>>()
    };
    assert_eq!(bounded_reach(turn_budget).len() - 1, {
        let mut k = 0;
        for i in 0..(grid.width * grid.height) as usize {
            let p = grid.pos_of(i);
            if p != start && ours_turn.reaches(p) {
                k += 1;
            }
        }
        k
    });
    group.bench_function("ours_turn_budget_20m", |b| {
        b.iter(|| {
            reachable(
                grid,
                black_box(&occ),
                black_box(start),
                turn_budget,
                &uniform,
            )
        })
    });
    group.bench_function("dijkstra_reach_turn_budget_20m", |b| {
        b.iter(|| bounded_reach(black_box(turn_budget)))
    });
    group.finish();

    // The ratio, measured directly (interleaved runs, medians).
    let (o, t) = interleaved_medians(
        400,
        || {
            black_box(reachable(grid, &occ, start, unbounded, &uniform));
        },
        || {
            black_box(dijkstra_all_uniform(grid, &occ, &uniform, start));
        },
    );
    print_ratio("full map, uniform diagonals", "dijkstra_all", o, t);
    let (o, t) = interleaved_medians(
        400,
        || {
            black_box(reachable(grid, &occ, start, unbounded, &alternating));
        },
        || {
            black_box(dijkstra_all_alternating(grid, &occ, &alternating, start));
        },
    );
    print_ratio("full map, alternating diagonals", "dijkstra_all", o, t);
    let (o, t) = interleaved_medians(
        2000,
        || {
            black_box(reachable(grid, &occ, start, turn_budget, &uniform));
        },
        || {
            black_box(bounded_reach(turn_budget));
        },
    );
    print_ratio(
        "20 m turn budget, uniform diagonals",
        "dijkstra_reach",
        o,
        t,
    );
}

// ---------------------------------------------------------------------------------------
// 2. Commands per second through the headless ECS
// ---------------------------------------------------------------------------------------

/// The scripted battle: a level, a seed and the commands the computer player chose.
struct Script {
    level: Level,
    seed: u64,
    commands: Vec<Command>,
    log: Vec<BattleEvent>,
}

fn setup(level: &Level, seed: u64) -> BattleSetup {
    let mut s = BattleSetup::new(level.clone(), DiceSource::Seed(seed));
    s.policy_override = Some(ReactionPolicy::Always);
    s
}

/// Play the battle with the computer player on every side and record its commands.
fn record_battle(level: Level, seed: u64, max_commands: usize) -> Script {
    let mut h = Headless::new(setup(&level, seed));
    let mut commands = Vec::new();
    while commands.len() < max_commands {
        let Some(cmd) = h.with_view(skirmish::battle::ai::next_command) else {
            break;
        };
        let before = h.log().len();
        h.send(cmd.clone());
        commands.push(cmd.clone());
        let rejected = h.log()[before..]
            .iter()
            .any(|e| matches!(e, BattleEvent::Rejected { .. }));
        if rejected {
            // Never loop on a command the battle refuses: end the turn instead.
            let unit = cmd.actor().to_string();
            h.send(Command::EndTurn { unit });
            commands.push(Command::EndTurn {
                unit: cmd.actor().to_string(),
            });
        }
    }
    let log = h.log().to_vec();
    Script {
        level,
        seed,
        commands,
        log,
    }
}

/// The same battle with every schedule on Bevy's multi-threaded executor (Bevy's default;
/// `Headless` uses the single-threaded one): shows what the thread hand-offs cost.
fn multi_threaded(mut h: Headless) -> Headless {
    let mut schedules = h.app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(MultiThreadedExecutor::new());
    }
    h
}

fn replay_one_by_one(script: &Script, mut h: Headless) -> Headless {
    for c in &script.commands {
        h.send(c.clone());
    }
    h
}

fn replay_queued(script: &Script, mut h: Headless) -> Headless {
    for c in &script.commands {
        h.app.world_mut().write_message(c.clone());
    }
    h.run_until_idle();
    h
}

/// Frames counted by a system added to the battle app.
static FRAMES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Vitality of every unit in the scripted battle (templates have 8 to 60).
const VITALITY: u32 = 40;

fn bench_commands(c: &mut Criterion) {
    let catalog = skirmish::paths::load_catalog();
    let level = load(
        &catalog,
        &generate_level(2024, 64, 64, 48, Placement::Opposed, Some(VITALITY)),
    );
    let script = record_battle(level, 7, 20_000);
    let n = script.commands.len();
    let rejected = script
        .log
        .iter()
        .filter(|e| matches!(e, BattleEvent::Rejected { .. }))
        .count();
    let finished = script
        .log
        .iter()
        .any(|e| matches!(e, BattleEvent::BattleEnded(_)));
    let rounds = script
        .log
        .iter()
        .filter(|e| matches!(e, BattleEvent::RoundStarted { .. }))
        .count();
    let mut mix: Vec<(&str, usize)> = Vec::new();
    for c in &script.commands {
        match mix.iter_mut().find(|(k, _)| *k == c.action_name()) {
            Some(e) => e.1 += 1,
            None => mix.push((c.action_name(), 1)),
        }
    }
    println!(
        "battle: 64x64 map, {} units with {VITALITY} vitality, {n} commands ({rejected} rejected), {rounds} rounds, \
         {} events, ended: {finished}; commands: {mix:?}",
        script.level.units.len(),
        script.log.len()
    );
    // Replaying gives the same log, both ways (checked outside the timed loop).
    let h = replay_one_by_one(&script, Headless::new(setup(&script.level, script.seed)));
    assert_eq!(h.log(), &script.log[..], "replay one by one differs");
    let queued_same = {
        let h = replay_queued(&script, Headless::new(setup(&script.level, script.seed)));
        h.log() == &script.log[..]
    };
    if !queued_same {
        println!("note: replaying with every command queued at once gives a different log");
    }
    let fresh_multi = || multi_threaded(Headless::new(setup(&script.level, script.seed)));
    let h = replay_one_by_one(&script, fresh_multi());
    assert_eq!(
        h.log(),
        &script.log[..],
        "replay on the multi-threaded executor differs"
    );
    // Frames: how many `App::update` calls the replay takes.
    let frames = {
        let mut h = Headless::new(setup(&script.level, script.seed));
        let mut frames = 0u64;
        h.app
            .add_systems(Update, move |mut n: bevy::prelude::Local<u64>| {
                *n += 1;
                FRAMES.store(*n, std::sync::atomic::Ordering::Relaxed);
            });
        let start = FRAMES.load(std::sync::atomic::Ordering::Relaxed);
        let h = replay_one_by_one(&script, h);
        frames += FRAMES.load(std::sync::atomic::Ordering::Relaxed) - start;
        drop(h);
        frames
    };
    println!(
        "battle: the replay runs {frames} frames ({:.2} per command)",
        frames as f64 / n as f64
    );

    let mut group = c.benchmark_group("battle_commands");
    group.throughput(Throughput::Elements(n as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("send_one_by_one", |b| {
        b.iter_batched(
            || Headless::new(setup(&script.level, script.seed)),
            |h| replay_one_by_one(&script, h),
            BatchSize::PerIteration,
        )
    });
    group.bench_function("send_one_by_one_multi_threaded_executor", |b| {
        b.iter_batched(
            fresh_multi,
            |h| replay_one_by_one(&script, h),
            BatchSize::PerIteration,
        )
    });
    if queued_same {
        group.bench_function("queued_at_once", |b| {
            b.iter_batched(
                || Headless::new(setup(&script.level, script.seed)),
                |h| replay_queued(&script, h),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();

    for (what, multi) in [
        ("Headless: single-threaded executor", false),
        ("multi-threaded executor", true),
    ] {
        let mut times = Vec::new();
        for _ in 0..5 {
            let mut h = Headless::new(setup(&script.level, script.seed));
            if multi {
                h = multi_threaded(h);
            }
            let t = Instant::now();
            black_box(replay_one_by_one(&script, h));
            times.push(t.elapsed());
        }
        times.sort();
        let median = times[times.len() / 2];
        println!(
            "COMMANDS/S ({what}): {n} commands in {:.1} ms (median of 5) = {:.0} commands/s (goal 50000)",
            median.as_secs_f64() * 1e3,
            n as f64 / median.as_secs_f64()
        );
    }
}

// ---------------------------------------------------------------------------------------
// 3. Parse and validate a 128×128 level
// ---------------------------------------------------------------------------------------

fn bench_parse(c: &mut Criterion) {
    let catalog = skirmish::paths::load_catalog();
    let level = generate_level(128, 128, 128, 64, Placement::Scattered, None);
    let bytes = level.ron.as_bytes();
    let parsed = load(&catalog, &level);
    assert_eq!(
        (parsed.grid.width, parsed.grid.height, parsed.units.len()),
        (128, 128, 64)
    );
    println!("level_parse: 128x128 map, 64 units, {} bytes", bytes.len());
    let mut group = c.benchmark_group("level_parse");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("parse_and_validate_128x128", |b| {
        b.iter(|| parse_level("bench.ron", black_box(bytes), &catalog))
    });
    group.finish();
}

// ---------------------------------------------------------------------------------------
// 4. Line of sight and cover for every pair of 40 units
// ---------------------------------------------------------------------------------------

fn bench_sight(c: &mut Criterion) {
    let catalog = skirmish::paths::load_catalog();
    let level = load(
        &catalog,
        &generate_level(4040, 64, 64, 40, Placement::Scattered, None),
    );
    let mut h = Headless::new(setup(&level, 1));
    let mut group = c.benchmark_group("sight_64x64_40_units");
    group.throughput(Throughput::Elements(40 * 39));
    h.with_view(|view| {
        let ctx = &view.ctx;
        let units = &ctx.snap.units;
        assert_eq!(units.len(), 40);
        // Every ordered pair: line of sight, terrain cover, and the creature giving cover.
        let all_pairs = || {
            let mut seen = 0u32;
            let mut half = 0u32;
            let mut creature = 0u32;
            for a in units {
                for t in units {
                    if a.entity == t.entity {
                        continue;
                    }
                    let s = ctx.grid.sight(a.pos, t.pos);
                    if s.targetable() {
                        seen += 1;
                        half += u32::from(s.half_cover);
                        creature += u32::from(ctx.creature_cover(a, t, &s).is_some());
                    }
                }
            }
            (seen, half, creature)
        };
        let (seen, half, creature) = all_pairs();
        println!(
            "sight: 64x64 map, 40 units, 1560 ordered pairs: {seen} targetable, {half} behind half cover, \
             {creature} behind a creature"
        );
        group.bench_function("all_pairs_sight_and_cover", |b| b.iter(|| black_box(all_pairs())));
        // Terrain only, as the rules module sees it.
        group.bench_function("all_pairs_terrain_sight", |b| {
            b.iter(|| {
                let mut k = 0u32;
                for a in units {
                    for t in units {
                        if a.entity != t.entity {
                            k += u32::from(ctx.grid.sight(a.pos, t.pos).clear);
                        }
                    }
                }
                black_box(k)
            })
        });
    });
    group.finish();
}

/// Turns timed per strength in `computer_turn`.
const TIMED_TURNS: usize = 60;

/// The computer's time to decide whole turns: play a battle with `player` on every side,
/// timing each command's choice, and sum them per turn (a turn ends at End Turn).
fn turn_times(level: &Level, player: Player) -> Vec<Duration> {
    let mut h = Headless::new(setup(level, 11));
    let mut turns = Vec::new();
    let mut this_turn = Duration::ZERO;
    for _ in 0..20_000 {
        if turns.len() >= TIMED_TURNS || h.turn().outcome.is_some() {
            break;
        }
        let t = Instant::now();
        let Some(cmd) = h.with_view(|v| next_command(v, player)) else {
            break;
        };
        this_turn += t.elapsed();
        let before = h.log().len();
        h.send(cmd.clone());
        let rejected = h.log()[before..]
            .iter()
            .any(|e| matches!(e, BattleEvent::Rejected { .. }));
        if rejected {
            h.send(Command::EndTurn {
                unit: cmd.actor().to_string(),
            });
        }
        if rejected || matches!(cmd, Command::EndTurn { .. }) {
            turns.push(std::mem::take(&mut this_turn));
        }
    }
    turns
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(i).copied().unwrap_or_default()
}

/// One shipped level of each rulebook (its largest), where Hard weighs that rulebook's
/// own actions (Seed000's Switch Places and Hide, Seed003's openings and drags…).
const RULEBOOK_LEVELS: [&str; 6] = [
    "ambush",
    "granary",
    "palisade",
    "marsh_road",
    "hedgerows",
    "watchtowers",
];

/// The sorted turn times' p50, p95 and max, in a line.
fn turn_line(what: &str, mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    format!(
        "computer_turn {what}: {} turns, p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(times.last().copied().unwrap_or_default())
    )
}

fn bench_computer(c: &mut Criterion) {
    let catalog = skirmish::paths::load_catalog();
    let level = load(
        &catalog,
        &generate_level(2025, 64, 64, 40, Placement::Opposed, Some(VITALITY)),
    );
    for player in [Player::Easy, Player::Normal, Player::Hard] {
        println!(
            "{}",
            turn_line(&format!("{player:?}"), turn_times(&level, player))
        );
    }
    for name in RULEBOOK_LEVELS {
        let path = skirmish::paths::levels_dir().join(format!("{name}.ron"));
        let shipped = skirmish::level::load_level(&path, &catalog)
            .unwrap_or_else(|p| panic!("{name}: {}", p[0]));
        let book = shipped.rules.rulebook.book().title();
        let what = format!("Hard on {name} ({book})");
        println!("{}", turn_line(&what, turn_times(&shipped, Player::Hard)));
    }
    // Criterion's own measure: one decision at the battle's start, per strength.
    let mut group = c.benchmark_group("computer_turn");
    group.sample_size(10);
    let h = std::cell::RefCell::new(Headless::new(setup(&level, 11)));
    for player in [Player::Easy, Player::Normal, Player::Hard] {
        group.bench_function(format!("first_command_{player:?}"), |b| {
            b.iter(|| black_box(h.borrow_mut().with_view(|v| next_command(v, player))))
        });
    }
    group.finish();
}

criterion_group!(
    proof,
    bench_reachable,
    bench_commands,
    bench_parse,
    bench_sight,
    bench_computer
);
criterion_main!(proof);
