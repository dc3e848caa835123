//! Who plays each side in the window: the level's controllers, the title's matchup (one
//! person against the computer, or two at one desk), the command line's `--ai` and the
//! level list's seat buttons over them.

use crate::level::schema::{AiLevel, Controller};
use bevy::prelude::*;

/// Who plays a side, when the command line, the level select screen or a saved battle says.
pub use crate::replay::Seat;

/// Who plays, as the title's choice sets it for every battle until another is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Matchup {
    /// Each side as the level says, with the seat buttons' choices over it.
    #[default]
    AsTheLevelSays,
    /// One person plays the side `you` (0: the level's first), the computer every other
    /// side at `strength`.
    VsComputer { you: usize, strength: AiLevel },
    /// People play every side, at one desk (hot seat).
    TwoPlayers,
}

impl Matchup {
    /// The choice "Play vs computer" starts from: the level's first side, against Normal.
    pub const VS_COMPUTER: Matchup = Matchup::VsComputer {
        you: 0,
        strength: AiLevel::Normal,
    };
}

/// Who plays each side in the window: the level's `controller`s, with the title's matchup
/// over them, and the command line's `--ai SIDE[:LEVEL]` and the level select screen's
/// seat buttons over both (by side name, so they hold for every level opened).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Seats {
    pub overrides: Vec<(String, Seat)>,
    pub matchup: Matchup,
}

impl Seats {
    /// The command line's `--ai SIDE[:LEVEL]` choices, each side as the level says else.
    pub fn from_command_line(ai: &[(String, AiLevel)]) -> Seats {
        Seats {
            overrides: ai
                .iter()
                .map(|(side, level)| (side.clone(), Seat::Computer(*level)))
                .collect(),
            matchup: Matchup::AsTheLevelSays,
        }
    }

    /// Each side as a saved battle says it was played (people at every side it does not
    /// say).
    pub fn seat_as_played(&mut self, loaded: &crate::replay::LoadedReplay) {
        let players = loaded.replay.players.clone().unwrap_or_default();
        self.matchup = Matchup::TwoPlayers;
        self.overrides = (loaded.level.sides.iter())
            .zip(players)
            .map(|(side, seat)| (side.name.clone(), seat))
            .collect();
    }

    /// Who plays each side of the battle, in order.
    pub fn players(&self, roster: &crate::battle::Roster) -> Vec<Seat> {
        (0..roster.sides.len())
            .map(|i| {
                self.computer(roster, i)
                    .map_or(Seat::Person, Seat::Computer)
            })
            .collect()
    }

    /// The computer's strength for side `side`, or `None` when a person plays it.
    pub fn computer(&self, roster: &crate::battle::Roster, side: usize) -> Option<AiLevel> {
        let s = roster.sides.get(side)?;
        self.seat_of(side, &s.name, s.controller, roster.sides.len())
    }

    /// The computer's strength for the side at `index` of `count`, named `name`, whose level
    /// gives it `controller`; `None` when a person plays it.
    pub fn seat_of(
        &self,
        index: usize,
        name: &str,
        controller: Controller,
        count: usize,
    ) -> Option<AiLevel> {
        match (self.chosen(name), self.matchup) {
            (Some(Seat::Person), _) => None,
            (Some(Seat::Computer(level)), _) => Some(level),
            (None, Matchup::TwoPlayers) => None,
            (None, Matchup::VsComputer { you, strength }) => {
                let you = if you < count { you } else { 0 };
                (index != you).then_some(strength)
            }
            (None, Matchup::AsTheLevelSays) => match controller {
                Controller::Ai(level) => Some(level),
                Controller::Human => None,
            },
        }
    }

    /// What was chosen for the side named `side`, if anything.
    pub fn chosen(&self, side: &str) -> Option<Seat> {
        self.overrides
            .iter()
            .find(|(n, _)| n == side)
            .map(|(_, s)| *s)
    }

    /// The level select screen's next choice for a side: as the level says, a person, then
    /// the computer at each level, and round again.
    pub fn cycle(&mut self, side: &str) {
        let next = match self.chosen(side) {
            None => Some(Seat::Person),
            Some(Seat::Person) => Some(Seat::Computer(AiLevel::Easy)),
            Some(Seat::Computer(AiLevel::Easy)) => Some(Seat::Computer(AiLevel::Normal)),
            Some(Seat::Computer(AiLevel::Normal)) => Some(Seat::Computer(AiLevel::Hard)),
            Some(Seat::Computer(AiLevel::Hard)) => None,
        };
        self.overrides.retain(|(n, _)| n != side);
        if let Some(seat) = next {
            self.overrides.push((side.to_string(), seat));
        }
    }

    /// The choice for a side in words, for the level select screen.
    pub fn label(&self, side: &str) -> String {
        match self.chosen(side) {
            None => format!("{side}: as the level says"),
            Some(Seat::Person) => format!("{side}: a person"),
            Some(Seat::Computer(level)) => format!("{side}: the computer ({level:?})"),
        }
    }
}
