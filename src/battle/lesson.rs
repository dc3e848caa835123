//! Whether a tutorial's step is done (`tutorial:` in a level, `level/lesson.rs`): the
//! battle's events since the step began and where the units stand now go in, yes or no
//! comes out. Plain functions over plain data; the window keeps the lesson's place
//! (`game/tutorial.rs`).

use super::events::{AttackKind, BattleEvent, Outcome, Reason};
use super::snapshot::UnitSnap;
use crate::level::lesson::{LessonStep, PROMPT_NUMBERS, Until, prompt_number};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::Ruleset;
use crate::rules::terrain::TerrainGrid;
use crate::rules::unit::WeaponKind;

/// A combatant as a lesson sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub name: String,
    pub side: usize,
    pub pos: Pos,
    pub facing: Dir8,
    /// Not Down.
    pub able: bool,
    /// Has a ranged weapon: cover counts against its shots (RULES §5).
    pub shoots: bool,
}

impl Standing {
    pub fn of(u: &UnitSnap) -> Standing {
        Standing {
            name: u.name.to_string(),
            side: u.side,
            pos: u.pos,
            facing: u.facing,
            able: u.able(),
            shoots: (u.stats.weapons.iter()).any(|w| w.kind == WeaponKind::Ranged),
        }
    }
}

/// The battle as it stands, for a lesson: the map, the combatants, and the learner's side
/// (the level's first) with its name.
#[derive(Clone, Copy, Debug)]
pub struct Scene<'a> {
    pub grid: &'a TerrainGrid,
    pub units: &'a [Standing],
    pub learner: usize,
    pub learner_side: &'a str,
}

impl Scene<'_> {
    fn unit(&self, name: &str) -> Option<&Standing> {
        self.units.iter().find(|u| u.name == name)
    }

    /// The learner's unit of this name, if it is one.
    fn learners(&self, name: &str) -> Option<&Standing> {
        self.unit(name).filter(|u| u.side == self.learner)
    }

    /// Whether half cover lies between `u` and a standing enemy that shoots (a shot at it
    /// gets the cover's Evasion, RULES §5; cover is nothing against a blow).
    fn in_cover(&self, u: &Standing) -> bool {
        self.units
            .iter()
            .filter(|e| e.side != u.side && e.able && e.shoots)
            .any(|e| {
                let sight = self.grid.sight(e.pos, u.pos);
                sight.half_cover && !sight.full_cover
            })
    }
}

/// Whether the step waiting for `until` is done, given the events since it began.
pub fn step_done(until: &Until, since: &[BattleEvent], scene: &Scene) -> bool {
    let learner = |name: &str| scene.learners(name).is_some();
    let attack = |test: &dyn Fn(&super::events::AttackReport) -> bool| {
        since.iter().any(|e| match e {
            BattleEvent::AttackRolled(r) => learner(&r.attacker) && test(r),
            _ => false,
        })
    };
    match until {
        Until::MoveTo(p) => (scene.units.iter()).any(|u| u.side == scene.learner && u.able && u.pos == *p),
        Until::Face(name) => faced(name, since, scene),
        Until::Cover => since.iter().any(|e| match e {
            BattleEvent::Moved { unit, .. } => scene
                .learners(unit)
                .is_some_and(|u| u.able && scene.in_cover(u)),
            _ => false,
        }),
        Until::Attack => attack(&|r| r.kind == AttackKind::Action),
        Until::Hit => attack(&|r| r.outcome.hits()),
        Until::Flank => attack(&|r| r.modifiers.iter().any(|m| m.reason == Reason::Flanked)),
        Until::EndTurn => (since.iter())
            .any(|e| matches!(e, BattleEvent::TurnEnded { unit } if learner(unit))),
        Until::Win => since.iter().any(|e| {
            matches!(e, BattleEvent::BattleEnded(Outcome::Victory { side, .. }) if side == scene.learner_side)
        }),
    }
}

/// Whether a learner's unit turned since the step began and now faces `target`.
fn faced(target: &str, since: &[BattleEvent], scene: &Scene) -> bool {
    let Some(t) = scene.unit(target) else {
        return false;
    };
    since.iter().any(|e| match e {
        BattleEvent::Faced { unit, .. } => scene
            .learners(unit)
            .is_some_and(|u| Dir8::towards(u.pos, t.pos) == Some(u.facing)),
        _ => false,
    })
}

/// A step's prompt with the numbers it names in braces (`{ap}`, `{flank}`: see
/// [`PROMPT_NUMBERS`]) taken from the rules in force.
pub fn prompt_text(say: &str, rules: &Ruleset) -> String {
    let mut text = say.to_string();
    for (name, _) in PROMPT_NUMBERS {
        if let Some(n) = prompt_number(name, rules) {
            text = text.replace(&format!("{{{name}}}"), &n);
        }
    }
    text
}

/// Where a lesson stands: the step waiting (`steps.len()` once every step is done) and the
/// battle log's length when it began.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LessonPlace {
    pub step: usize,
    pub from: usize,
}

impl LessonPlace {
    /// Whether every step is done.
    pub fn finished(&self, steps: &[LessonStep]) -> bool {
        self.step >= steps.len()
    }
}

/// The lesson's place after the events in `log` (the whole battle's): each step done moves
/// it on, and the next step counts only what happens after that.
pub fn advance(
    steps: &[LessonStep],
    log: &[BattleEvent],
    scene: &Scene,
    mut at: LessonPlace,
) -> LessonPlace {
    while let Some(s) = steps.get(at.step) {
        let since = log.get(at.from..).unwrap_or(&[]);
        if !step_done(&s.until, since, scene) {
            break;
        }
        at = LessonPlace {
            step: at.step + 1,
            from: log.len(),
        };
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::events::{AttackReport, Effect, Modifier};
    use crate::rules::combat::{HitOutcome, RollMode};
    use crate::rules::terrain::{Cover, Look, TileKind};

    /// `.` grass, `c` crates (half cover).
    fn grid(rows: &[&str]) -> TerrainGrid {
        let kind = |c: char, cover| TileKind {
            name: c.to_string(),
            symbol: c,
            cost: 1,
            cover,
            passable: true,
            blocks_sight: false,
            look: Look::Grass,
            looks: vec![],
        };
        TerrainGrid {
            width: rows[0].len() as u32,
            height: rows.len() as u32,
            palette: vec![kind('.', Cover::None), kind('c', Cover::Half)],
            tiles: (rows.iter().flat_map(|r| r.chars()))
                .map(|c| u16::from(c == 'c'))
                .collect(),
        }
    }

    fn unit(name: &str, side: usize, (x, y): (i32, i32), facing: Dir8) -> Standing {
        Standing {
            name: name.into(),
            side,
            pos: Pos::new(x, y),
            facing,
            able: true,
            shoots: true,
        }
    }

    /// Ada (Blue) at (1, 1) facing E, Bram (Blue) at (3, 1) facing W, Grub (Red) at (2, 1),
    /// Snik (Red) at (6, 1); crates at (4, 3).
    fn units() -> Vec<Standing> {
        vec![
            unit("Ada", 0, (1, 1), Dir8::E),
            unit("Bram", 0, (3, 1), Dir8::W),
            unit("Grub", 1, (2, 1), Dir8::W),
            unit("Snik", 1, (6, 1), Dir8::W),
        ]
    }

    const MAP: [&str; 5] = [".......", ".......", ".......", "....c..", "......."];

    fn done(until: Until, since: &[BattleEvent], units: &[Standing]) -> bool {
        let g = grid(&MAP);
        let scene = Scene {
            grid: &g,
            units,
            learner: 0,
            learner_side: "Blue",
        };
        step_done(&until, since, &scene)
    }

    fn attack(attacker: &str, outcome: HitOutcome, flanked: bool) -> BattleEvent {
        let modifiers = match flanked {
            true => vec![Modifier::actor(Reason::Flanked, Effect::Roll(2))],
            false => vec![Modifier::actor(Reason::RearArc, Effect::Advantage)],
        };
        BattleEvent::AttackRolled(AttackReport {
            attacker: attacker.into(),
            target: "Grub".into(),
            weapon: "sword".into(),
            kind: AttackKind::Action,
            mode: RollMode::Normal,
            rolls: vec![12],
            natural: 12,
            bonus: 4,
            total: 16,
            evasion: 14,
            modifiers,
            outcome,
        })
    }

    fn moved(unit: &str, to: (i32, i32)) -> BattleEvent {
        BattleEvent::Moved {
            unit: unit.into(),
            from: Pos::new(0, 0),
            to: to.into(),
            cost: 1,
            pool: 2,
        }
    }

    #[test]
    fn a_move_step_waits_for_a_learners_unit_standing_on_the_tile() {
        let mut us = units();
        assert!(done(Until::MoveTo(Pos::new(1, 1)), &[], &us));
        assert!(!done(Until::MoveTo(Pos::new(1, 2)), &[], &us));
        // An enemy there is not the learner's unit.
        assert!(!done(Until::MoveTo(Pos::new(2, 1)), &[], &us));
        us[0].able = false;
        assert!(!done(Until::MoveTo(Pos::new(1, 1)), &[], &us));
    }

    #[test]
    fn a_face_step_waits_for_a_turn_that_ends_facing_the_unit() {
        let us = units();
        let faced = |unit: &str, facing| BattleEvent::Faced {
            unit: unit.into(),
            facing,
        };
        // Ada already faces Grub, but she has not turned since the step began.
        assert!(!done(Until::Face("Grub".into()), &[], &us));
        assert!(done(
            Until::Face("Grub".into()),
            &[faced("Ada", Dir8::E)],
            &us
        ));
        // Bram faces W, towards Grub too; Snik is E of both.
        assert!(!done(
            Until::Face("Snik".into()),
            &[faced("Bram", Dir8::W)],
            &us
        ));
        // An enemy turning is not the learner.
        assert!(!done(
            Until::Face("Ada".into()),
            &[faced("Grub", Dir8::W)],
            &us
        ));
    }

    #[test]
    fn a_cover_step_waits_for_a_move_that_ends_behind_half_cover_from_an_enemy() {
        let mut us = units();
        // Behind the crates at (4, 3), seen from Snik at (6, 1): the line crosses them.
        us[1].pos = Pos::new(3, 4);
        assert!(done(Until::Cover, &[moved("Bram", (3, 4))], &us));
        assert!(
            !done(Until::Cover, &[], &us),
            "no move since the step began"
        );
        us[1].pos = Pos::new(3, 2);
        assert!(
            !done(Until::Cover, &[moved("Bram", (3, 2))], &us),
            "in the open"
        );
        // Snik Down: nobody shoots from there.
        us[1].pos = Pos::new(3, 4);
        us[3].able = false;
        assert!(!done(Until::Cover, &[moved("Bram", (3, 4))], &us));
        // Snik with no ranged weapon: cover is nothing against blows.
        us[3].able = true;
        us[3].shoots = false;
        assert!(!done(Until::Cover, &[moved("Bram", (3, 4))], &us));
    }

    #[test]
    fn attack_hit_and_flank_steps_read_the_learners_attack_reports() {
        let us = units();
        let miss = attack("Ada", HitOutcome::Miss, false);
        let flank_miss = attack("Bram", HitOutcome::Miss, true);
        let hit = attack("Ada", HitOutcome::Hit, false);
        assert!(done(Until::Attack, std::slice::from_ref(&miss), &us));
        assert!(!done(Until::Hit, std::slice::from_ref(&miss), &us));
        assert!(done(Until::Hit, &[miss.clone(), hit.clone()], &us));
        assert!(!done(Until::Flank, &[miss, hit], &us));
        assert!(done(Until::Flank, &[flank_miss], &us));
        let red = attack("Grub", HitOutcome::Critical, true);
        for until in [Until::Attack, Until::Hit, Until::Flank] {
            assert!(
                !done(until, std::slice::from_ref(&red), &us),
                "an enemy's attack"
            );
        }
        let mut reaction = attack("Ada", HitOutcome::Hit, false);
        if let BattleEvent::AttackRolled(r) = &mut reaction {
            r.kind = AttackKind::Opportunity;
        }
        assert!(!done(Until::Attack, std::slice::from_ref(&reaction), &us));
        assert!(done(Until::Hit, &[reaction], &us));
    }

    #[test]
    fn end_turn_and_win_steps_are_the_learners() {
        let us = units();
        let ended = |unit: &str| BattleEvent::TurnEnded { unit: unit.into() };
        assert!(done(Until::EndTurn, &[ended("Bram")], &us));
        assert!(!done(Until::EndTurn, &[ended("Grub")], &us));
        let won = |side: &str| {
            BattleEvent::BattleEnded(Outcome::Victory {
                side: side.into(),
                reason: "the last side standing".into(),
            })
        };
        assert!(done(Until::Win, &[won("Blue")], &us));
        assert!(!done(Until::Win, &[won("Red")], &us));
        assert!(!done(
            Until::Win,
            &[BattleEvent::BattleEnded(Outcome::Draw)],
            &us
        ));
    }

    #[test]
    fn a_prompt_names_the_numbers_of_the_rules_in_force() {
        let mut rules = Ruleset::default();
        let say = "{ap} AP; Attack {attack_ap}; cover +{cover}; flank +{flank}; {other}";
        assert_eq!(
            prompt_text(say, &rules),
            "3 AP; Attack 2; cover +2; flank +2; {other}"
        );
        rules.ap_per_turn = 5;
        assert!(prompt_text(say, &rules).starts_with("5 AP;"));
    }

    #[test]
    fn each_step_counts_only_what_happens_after_the_one_before() {
        let steps: Vec<LessonStep> = [Until::MoveTo(Pos::new(1, 1)), Until::Attack, Until::Hit]
            .into_iter()
            .map(|until| LessonStep {
                say: "Go on.".into(),
                until,
                mark: None,
            })
            .collect();
        let g = grid(&MAP);
        let us = units();
        let scene = Scene {
            grid: &g,
            units: &us,
            learner: 0,
            learner_side: "Blue",
        };
        // The move step is done (Ada stands there); the hit before it does not count for
        // the attack step.
        let mut log = vec![attack("Ada", HitOutcome::Hit, false)];
        let at = advance(&steps, &log, &scene, LessonPlace::default());
        assert_eq!(
            at,
            LessonPlace { step: 1, from: 1 },
            "the attack came before"
        );
        log.push(attack("Ada", HitOutcome::Hit, false));
        let at = advance(&steps, &log, &scene, at);
        assert_eq!(at, LessonPlace { step: 2, from: 2 });
        assert!(!at.finished(&steps));
        log.push(attack("Ada", HitOutcome::Miss, false));
        assert_eq!(advance(&steps, &log, &scene, at), at, "a miss is no hit");
        log.push(attack("Bram", HitOutcome::Hit, false));
        let at = advance(&steps, &log, &scene, at);
        assert!(at.finished(&steps));
        assert_eq!(
            advance(&steps, &log, &scene, at),
            at,
            "a finished lesson stays so"
        );
    }
}
