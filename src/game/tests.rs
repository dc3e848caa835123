//! The window's own state, tested without a window: seats, pages and the UI state's commands.

use super::*;
use crate::battle::Roster;
use crate::level::SideDef;
use crate::level::schema::{Controller, ReactionPolicy};

fn side(name: &str, controller: Controller) -> SideDef {
    SideDef {
        name: name.into(),
        colour: [0, 0, 0],
        controller,
        reactions: ReactionPolicy::Ask,
        surprised: false,
        unions: Vec::new(),
    }
}

/// Blue, played by a person, and Red, by the computer at Easy, as the level says.
fn blue_and_red() -> Roster {
    Roster::new(
        "t".into(),
        vec![
            side("Blue", Controller::Human),
            side("Red", Controller::Ai(AiLevel::Easy)),
        ],
        vec![ReactionPolicy::Ask; 2],
        Vec::new().into(),
        [],
    )
}

/// The level's controllers hold unless the command line names the side.
#[test]
fn seats_follow_the_level_and_the_command_line_over_it() {
    let roster = blue_and_red();
    let level = Seats::default();
    assert_eq!(
        [level.computer(&roster, 0), level.computer(&roster, 1)],
        [None, Some(AiLevel::Easy)]
    );
    let cli = Seats {
        matchup: crate::game::Matchup::AsTheLevelSays,
        overrides: vec![
            ("Blue".into(), Seat::Computer(AiLevel::Hard)),
            ("Red".into(), Seat::Person),
        ],
    };
    assert_eq!(
        [cli.computer(&roster, 0), cli.computer(&roster, 1)],
        [Some(AiLevel::Hard), None]
    );
    assert_eq!(cli.computer(&roster, 2), None, "no such side");
}

/// The title's matchups: one person against the computer on either side, at its strength,
/// or people on every side; a seat button's choice still wins over them.
#[test]
fn a_matchup_seats_the_person_and_the_computer() {
    use crate::game::Matchup;
    let roster = blue_and_red();
    let seated = |matchup| {
        let seats = Seats {
            matchup,
            ..Seats::default()
        };
        [seats.computer(&roster, 0), seats.computer(&roster, 1)]
    };
    assert_eq!(seated(Matchup::VS_COMPUTER), [None, Some(AiLevel::Normal)]);
    let second = Matchup::VsComputer {
        you: 1,
        strength: AiLevel::Hard,
    };
    assert_eq!(seated(second), [Some(AiLevel::Hard), None]);
    let beyond = Matchup::VsComputer {
        you: 5,
        strength: AiLevel::Easy,
    };
    assert_eq!(
        seated(beyond),
        [None, Some(AiLevel::Easy)],
        "no such side: the first"
    );
    assert_eq!(seated(Matchup::TwoPlayers), [None, None]);
    assert_eq!(seated(Matchup::AsTheLevelSays), [None, Some(AiLevel::Easy)]);
    let mut seats = Seats {
        matchup: Matchup::TwoPlayers,
        ..Seats::default()
    };
    seats.cycle("Red");
    seats.cycle("Red");
    assert_eq!(
        seats.computer(&roster, 1),
        Some(AiLevel::Easy),
        "the seat button wins"
    );
}

/// The level select cycles a side through every choice and back to the level's.
#[test]
fn the_level_select_cycles_every_seat() {
    let mut seats = Seats::default();
    let mut seen = vec![seats.label("Red")];
    for _ in 0..5 {
        seats.cycle("Red");
        seen.push(seats.label("Red"));
    }
    assert_eq!(
        seen,
        [
            "Red: as the level says",
            "Red: a person",
            "Red: the computer (Easy)",
            "Red: the computer (Normal)",
            "Red: the computer (Hard)",
            "Red: as the level says",
        ]
    );
    assert!(seats.overrides.is_empty());
}

/// Pages open over the screen and Back returns to the one under them; a page's own key
/// closes the page it opened; a page already open further down comes to the top, once.
#[test]
fn pages_open_over_the_screen_and_back_returns_to_the_one_under() {
    let mut menu = Menu(vec![Page::Paused]);
    menu.toggle(Page::Settings);
    assert_eq!(menu.top(), Some(Page::Settings));
    menu.toggle(Page::HowToPlay);
    assert_eq!(menu.0, vec![Page::Paused, Page::Settings, Page::HowToPlay]);
    menu.back();
    assert_eq!(menu.top(), Some(Page::Settings));
    menu.toggle(Page::Settings);
    assert_eq!(menu.top(), Some(Page::Paused));
    menu.toggle(Page::HowToPlay);
    menu.toggle(Page::Paused);
    assert_eq!(menu.0, vec![Page::HowToPlay, Page::Paused]);
    menu.close();
    assert!(!menu.is_open());
    // F1 opens How to play and F1 again closes it.
    menu.toggle(Page::HowToPlay);
    menu.toggle(Page::HowToPlay);
    assert_eq!(menu, Menu::default());
}

#[test]
fn a_nonlethal_attack_with_a_cap_is_a_nonlethal_attack_command() {
    use crate::battle::events::{AttackOptions, Command};
    use crate::rules::actions::ActionKind;
    use crate::rules::wound_level::WoundLevel;
    let ui = UiState {
        non_lethal: true,
        cap: Some(WoundLevel::Moderate),
        ..UiState::default()
    };
    let cmd = ui
        .command_on(ActionKind::Attack, "A", "T")
        .expect("a command");
    let Command::Attack { options, .. } = &cmd else {
        panic!("{cmd:?}")
    };
    assert_eq!(
        options,
        &AttackOptions {
            non_lethal: Some(true),
            cap: Some(WoundLevel::Moderate),
            ..AttackOptions::default()
        }
    );
    assert_eq!(
        cmd.action().map(ActionKind::label),
        Some("Nonlethal Attack")
    );
    // No cap picked, or non-lethal off: no cap is sent.
    let off = UiState {
        cap: Some(WoundLevel::Moderate),
        ..UiState::default()
    };
    let Some(Command::Attack { options, .. }) = off.command_on(ActionKind::Attack, "A", "T") else {
        panic!()
    };
    assert_eq!(options.cap, None);
    let book = crate::rules::ruleset::RulebookId("Seed003").book();
    assert_eq!(
        book.status_note(true, Some(WoundLevel::Severe)),
        " | Nonlethal Attack: wounds capped at Severe"
    );
}
