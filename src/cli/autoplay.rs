//! `skirmish autoplay`: the computer player (`src/battle/ai.rs`) fights both sides of a
//! level; the battle is written as a replay and as a mouse-only input script for the
//! window tests.

#[cfg(feature = "window")]
mod script;

use crate::battle::command::View;
use crate::battle::describe::Wording;
use crate::battle::events::ReactionKind;
use crate::battle::headless::Headless;
use crate::battle::players::{Player, next_command};
use crate::battle::setup::BattleSetup;
use crate::battle::{BattleEvent, Command, events::Outcome};
use crate::level::Level;
use crate::paths;
use crate::replay::Replay;
use crate::rules::actions::ActionKind;
use crate::rules::dice::DiceSource;
use crate::rules::grid::Pos;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Options of `autoplay`.
#[derive(Clone, Debug, PartialEq, Eq, Args)]
pub struct AutoplayArgs {
    /// The level file
    #[arg(value_name = "LEVEL")]
    pub level: PathBuf,
    /// Dice seed [default: the level's seed, else 1]
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Save the battle as a replay in FILE
    #[arg(long, value_name = "FILE")]
    pub replay: Option<PathBuf>,
    /// Save a mouse-only input script for `play --script` in FILE (needs the window)
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// Stop after N commands
    #[arg(long, value_name = "N", default_value_t = 5000)]
    pub max: usize,
    /// SIDE is the window's computer player at LEVEL (for `play --ai SIDE[:LEVEL]`): it
    /// plays that side as the window will, and the --script leaves its commands out; give
    /// it once per side
    #[arg(long, value_name = "SIDE[:LEVEL]", value_parser = super::parse_ai_seat)]
    pub computer: Vec<super::AiSeat>,
}

/// The combatant whose turn it was when a command was chosen.
#[cfg_attr(not(feature = "window"), allow(dead_code))]
struct Actor {
    name: String,
    side: usize,
    /// Its weapons' names, in order.
    weapons: Vec<String>,
    /// Whether the player picks it to act in place of the active unit (a union member, or
    /// another unit of the side in a Seed002 activation).
    picked: bool,
}

/// One command the computer player chose, with what a script needs to give it by mouse.
#[cfg_attr(not(feature = "window"), allow(dead_code))]
struct Choice {
    command: Command,
    actor: Option<Actor>,
    /// Where an attack's target stood.
    target: Option<Pos>,
    /// Whether the command answers a reaction prompt.
    answers_prompt: bool,
    /// A choice prompt's answer: its place among the answers shown and its name.
    answer: Option<(usize, String)>,
    /// The reaction a prompt offered, when the command answers one.
    reaction: Option<ReactionKind>,
    /// The command was refused, so the actor's turn was ended after it.
    ended_after_refusal: bool,
    /// Its End Turn (the command's, or the one after a refusal) throws away AP: the window
    /// asks first, and the script confirms.
    confirm_end: bool,
    /// A pass the window's auto-pass (on by default) makes by itself: the script leaves
    /// it out.
    auto_passed: bool,
    /// The side that gave the command (the one asked, for an answer).
    side: Option<usize>,
}

/// A battle the computer player fought.
struct Battle {
    choices: Vec<Choice>,
    outcome: Option<Outcome>,
    /// The rulebook's words, which the window's buttons speak.
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    wording: Wording,
}

impl Battle {
    /// Every command sent, in order.
    fn commands(&self) -> Vec<Command> {
        let mut out = Vec::new();
        for c in &self.choices {
            out.push(c.command.clone());
            if c.ended_after_refusal
                && let Some(a) = &c.actor
            {
                out.push(Command::EndTurn {
                    unit: a.name.clone(),
                });
            }
        }
        out
    }
}

/// Run `autoplay`.
pub(super) fn autoplay(o: &AutoplayArgs) -> ExitCode {
    #[cfg(not(feature = "window"))]
    if o.script.is_some() {
        eprintln!(
            "skirmish: autoplay --script writes the window's input steps, and this build has \
             no window (build with the default `window` feature)"
        );
        return ExitCode::FAILURE;
    }
    let level = match super::load_or_refuse(&o.level) {
        Ok(l) => l,
        Err(code) => return code,
    };
    let seed = o.seed.or(level.seed).unwrap_or(1);
    // Who plays each side: the greedy player, or the window's computer player at its level.
    let mut seats = vec![Player::Greedy; level.sides.len()];
    for seat in &o.computer {
        match level.sides.iter().position(|s| s.name == seat.side) {
            Some(i) => seats[i] = Player::of(seat.level),
            None => {
                let names: Vec<&str> = level.sides.iter().map(|s| s.name.as_str()).collect();
                eprintln!(
                    "skirmish: --computer {}: the level has no side named `{}` (its sides: {})",
                    seat.side,
                    seat.side,
                    names.join(", ")
                );
                return ExitCode::from(2);
            }
        }
    }
    let battle = play_out(level, seed, o.max, &seats);
    let commands = battle.commands();
    say!("{} commands; outcome: {:?}", commands.len(), battle.outcome);
    if let Some(path) = &o.replay {
        let level_file = std::fs::canonicalize(&o.level).unwrap_or_else(|_| o.level.clone());
        let replay = Replay::recorded(
            paths::display(&level_file),
            DiceSource::Seed(seed),
            commands,
        );
        if let Err(code) = write(path, &replay.to_ron()) {
            return code;
        }
    }
    #[cfg(feature = "window")]
    if let Some(path) = &o.script {
        let computer: Vec<usize> = (0..seats.len())
            .filter(|i| seats[*i] != Player::Greedy)
            .collect();
        if let Err(code) = write(path, &script::to_ron(&battle, &computer)) {
            return code;
        }
    }
    ExitCode::SUCCESS
}

/// Write a file, or say why not and give the exit code.
fn write(path: &Path, text: &str) -> Result<(), ExitCode> {
    std::fs::write(path, text).map_err(|e| {
        eprintln!("{}: {e}", path.display());
        ExitCode::FAILURE
    })
}

/// Let the computer players fight (side i played by `seats[i]`) for at most `max` commands.
fn play_out(level: Level, seed: u64, max: usize, seats: &[Player]) -> Battle {
    let wording = Wording::of(&level.rules);
    let mut h =
        Headless::new(BattleSetup::new(level, DiceSource::Seed(seed)).with_level_policies());
    let mut choices = Vec::new();
    for _ in 0..max {
        if h.turn().outcome.is_some() {
            break;
        }
        let Some(mut choice) = choose(&mut h, seats) else {
            break;
        };
        let before = h.log().len();
        if let Command::EndTurn { unit } = &choice.command {
            choice.confirm_end = h.with_view(|v| end_loses_ap(v, unit));
        }
        h.send(choice.command.clone());
        let refused = h.log()[before..]
            .iter()
            .any(|e| matches!(e, BattleEvent::Rejected { .. }));
        if refused
            && !matches!(choice.command, Command::EndTurn { .. })
            && let Some(actor) = &choice.actor
        {
            choice.confirm_end = h.with_view(|v| end_loses_ap(v, &actor.name));
            h.send(Command::EndTurn {
                unit: actor.name.clone(),
            });
            choice.ended_after_refusal = true;
        }
        choices.push(choice);
    }
    Battle {
        choices,
        outcome: h.turn().outcome.clone(),
        wording,
    }
}

/// Whether `unit` ending its turn now throws away AP (the window asks first).
fn end_loses_ap(v: &View, unit: &str) -> bool {
    v.ctx.rules.turn_end_loses_ap() && v.ctx.snap.by_name(unit).is_some_and(|u| u.ap > 0)
}

/// Where an answer stands among those the choice prompt shows (`Hud::choice_ask`), with
/// its name.
fn answer_of(v: &View, command: &Command) -> Option<(usize, String)> {
    let ask = v.ctx.rules.rulebook.book().choice_ask(v)?;
    let i = ask.options.iter().position(|row| row.command == *command)?;
    Some((i, ask.options[i].name.clone()))
}

/// The computer player's next command, or `None` when it has none.
fn choose(h: &mut Headless, seats: &[Player]) -> Option<Choice> {
    h.with_view(|v| {
        let deciding = v
            .awaiting
            .map(|q| q.asked())
            .or(v.turn.active())
            .and_then(|e| v.ctx.snap.get(e))
            .map_or(0, |u| u.side);
        let player = seats.get(deciding).copied().unwrap_or(Player::Greedy);
        let command = next_command(v, player)?;
        // A question answered on the map (a Seize's winner, a side asked to act out of
        // turn): the unit asked acts, as on a turn.
        let seized = v.awaiting.filter(|q| q.on_map()).map(|q| q.asked());
        let named = v.ctx.snap.by_name(command.actor()).map(|u| u.entity);
        let actor_entity = seized
            .or(named.filter(|e| v.turn.is_turn_of(*e)))
            .or(v.turn.active());
        let actor = actor_entity.and_then(|e| v.ctx.snap.get(e)).map(|u| Actor {
            name: u.name.to_string(),
            side: u.side,
            weapons: u.stats.weapons.iter().map(|w| w.name.clone()).collect(),
            picked: seized.is_none() && v.turn.active() != Some(u.entity),
        });
        let auto_passed = command.by_side()
            && v.awaiting
                .filter(|q| q.on_map())
                .is_some_and(|q| v.ctx.rules.rulebook.book().nothing_to_do(v, q));
        let aimed = matches!(command, Command::Attack { .. } | Command::Stabilize { .. })
            || command.action() == Some(ActionKind::FirstAid);
        let target = command
            .target()
            .filter(|_| aimed)
            .and_then(|t| v.ctx.snap.by_name(t))
            .map(|t| t.pos);
        let side = v
            .awaiting
            .map(|q| q.asked())
            .or(actor_entity)
            .and_then(|e| v.ctx.snap.get(e))
            .map(|u| u.side);
        Some(Choice {
            side,
            answer: answer_of(v, &command),
            reaction: v.awaiting.and_then(|q| q.offer()).map(|o| o.kind),
            command,
            actor,
            target,
            answers_prompt: v.awaiting.is_some() && seized.is_none(),
            ended_after_refusal: false,
            confirm_end: false,
            auto_passed,
        })
    })
}
