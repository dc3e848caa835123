//! The shipped tutorial (`levels/tutorial.ron`) played headless, command by command as its
//! prompts ask: each step is done by the command it asks for and by no earlier one, and
//! the lesson ends with the battle won.

use skirmish::battle::BattleSetup;
use skirmish::battle::events::{BattleEvent, Command};
use skirmish::battle::headless::Headless;
use skirmish::battle::lesson::{LessonPlace, Scene, Standing, advance};
use skirmish::level::Level;
use skirmish::rules::dice::DiceSource;
use skirmish::rules::grid::{Dir8, Pos};

/// A battle of the tutorial and the lesson's place in it.
struct Lesson {
    level: Level,
    battle: Headless,
    place: LessonPlace,
}

impl Lesson {
    fn start() -> Lesson {
        let catalog = skirmish::paths::load_catalog();
        let file = skirmish::paths::levels_dir().join("tutorial.ron");
        let level = skirmish::level::load_level(&file, &catalog).expect("the tutorial loads");
        assert_eq!(level.tutorial.len(), 7);
        let dice = DiceSource::Seed(level.seed.expect("the tutorial has a seed"));
        let battle = Headless::new(BattleSetup::new(level.clone(), dice));
        Lesson {
            level,
            battle,
            place: LessonPlace::default(),
        }
    }

    /// Send a command (it must be accepted) and move the lesson on; the step it waits for.
    fn send(&mut self, cmd: Command) -> usize {
        let before = self.battle.log().len();
        self.battle.send(cmd.clone());
        let refused = self.battle.log()[before..]
            .iter()
            .find(|e| matches!(e, BattleEvent::Rejected { .. }));
        assert!(refused.is_none(), "{cmd:?}: {refused:?}");
        let units: Vec<Standing> = self
            .battle
            .snapshot()
            .units
            .iter()
            .map(Standing::of)
            .collect();
        let scene = Scene {
            grid: &self.level.grid,
            units: &units,
            learner: 0,
            learner_side: "Blue",
        };
        self.place = advance(&self.level.tutorial, self.battle.log(), &scene, self.place);
        self.place.step
    }

    fn active(&mut self) -> String {
        self.battle.active().expect("a turn runs")
    }
}

fn move_to(unit: &str, x: i32, y: i32) -> Command {
    Command::Move {
        unit: unit.into(),
        to: Pos::new(x, y),
    }
}

fn attack(unit: &str, target: &str) -> Command {
    Command::Attack {
        unit: unit.into(),
        target: target.into(),
        weapon: None,
        options: Default::default(),
    }
}

fn end(unit: &str) -> Command {
    Command::EndTurn { unit: unit.into() }
}

/// Red's turns: the sentries stand still (the computer plays them in the window).
fn red_passes(l: &mut Lesson) {
    while l.active() != "Ada" {
        let red = l.active();
        l.send(end(&red));
    }
}

#[test]
fn the_tutorial_is_done_step_by_step_as_its_prompts_ask() {
    let mut l = Lesson::start();
    assert_eq!(l.active(), "Ada", "Ada acts first");
    // 1. Move: a step short of the marked tile is not there.
    assert_eq!(l.send(move_to("Ada", 1, 5)), 0);
    assert_eq!(l.send(move_to("Ada", 2, 4)), 1);
    // 2. Face: turning away from Grub does not do; facing him does.
    assert_eq!(
        l.send(Command::Face {
            unit: "Ada".into(),
            facing: Dir8::N
        }),
        1
    );
    assert_eq!(
        l.send(Command::Face {
            unit: "Ada".into(),
            facing: Dir8::E
        }),
        2
    );
    // 3. End Turn.
    assert_eq!(l.send(end("Ada")), 3);
    // 4. Cover: a move in the open does not do; behind the crates from Snik does.
    assert_eq!(l.send(move_to("Bram", 2, 0)), 3);
    assert_eq!(l.send(move_to("Bram", 4, 2)), 4);
    l.send(end("Bram"));
    red_passes(&mut l);
    // 5. Attack: Ada next to Grub, alone (no flank yet).
    assert_eq!(l.send(move_to("Ada", 4, 4)), 4);
    assert_eq!(l.send(attack("Ada", "Grub")), 5, "an attack, not flanking");
    l.send(end("Ada"));
    // 6. Flank: Bram across Grub from Ada.
    assert_eq!(l.send(move_to("Bram", 6, 4)), 5);
    assert_eq!(l.send(attack("Bram", "Grub")), 6);
    l.send(end("Bram"));
    // 7. Win: both strike Grub, then Snik, until the battle ends.
    let mut turns = 0;
    while !l.place.finished(&l.level.tutorial) {
        turns += 1;
        assert!(turns < 40, "the battle is won in 40 turns");
        red_passes(&mut l);
        for unit in ["Ada", "Bram"] {
            assert_eq!(l.active(), unit);
            let grub_down = l.battle.unit("Grub").is_some_and(|u| !u.able());
            let target = if grub_down { "Snik" } else { "Grub" };
            if grub_down {
                let to = if unit == "Ada" { (7, 2) } else { (7, 3) };
                if l.battle
                    .unit(unit)
                    .is_some_and(|u| u.pos != Pos::new(to.0, to.1))
                {
                    l.send(move_to(unit, to.0, to.1));
                }
            }
            l.send(attack(unit, target));
            if l.place.finished(&l.level.tutorial) {
                break;
            }
            l.send(end(unit));
        }
    }
    assert!(matches!(
        l.battle.log().last(),
        Some(BattleEvent::BattleEnded(_))
    ));
}
