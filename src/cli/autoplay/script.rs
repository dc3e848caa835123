//! The input script of an autoplayed battle: the clicks a player would make with the mouse
//! alone, as the window's own [`Step`]s written with `ron`.

use super::{Actor, Battle, Choice};
use crate::battle::Command;
use crate::battle::describe::Wording;
use crate::battle::events::{Outcome, ReactionKind};
use crate::game::screens::{answer_label, maneuver_key};
use crate::game::script::Step;
use crate::rules::actions::ActionKind;

/// Where the script saves the victory screen (`tests/window/run.sh` moves it).
pub const VICTORY_SHOT: &str = "out/victory.png";

/// The script as RON, one step a line; the sides in `computer` are left to the computer.
pub(super) fn to_ron(battle: &Battle, computer: &[usize]) -> String {
    let cfg = ron::ser::PrettyConfig::new().depth_limit(1);
    ron::ser::to_string_pretty(&steps(battle, computer), cfg).unwrap_or_default() + "\n"
}

/// The steps that play `battle` in the window, with the computer playing `computer`.
fn steps(battle: &Battle, computer: &[usize]) -> Vec<Step> {
    let people = battle
        .choices
        .iter()
        .filter_map(|c| c.side)
        .filter(|s| !computer.contains(s))
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let mut w = Writer {
        steps: vec![Step::Wait(20)],
        shown_side: None,
        actor: None,
        weapon: None,
        handoffs: people > 1,
        wording: battle.wording,
    };
    for c in &battle.choices {
        if c.side.is_some_and(|s| computer.contains(&s)) {
            // The computer gives it in the window; the next person's turn is waited for.
            w.actor = None;
            continue;
        }
        w.choice(c);
    }
    if let Some(Outcome::Victory { side, .. }) = &battle.outcome {
        w.steps.extend([
            Step::Wait(10),
            Step::ExpectWinner(side.clone()),
            Step::Shot(VICTORY_SHOT.into()),
        ]);
    }
    w.steps.push(Step::Exit);
    w.steps
}

struct Writer {
    steps: Vec<Step>,
    /// The side whose hand-off screen was last passed.
    shown_side: Option<usize>,
    /// The combatant whose turn the script last waited for.
    actor: Option<String>,
    /// The weapon the Weapon button has picked this turn (`None`: not pressed yet).
    weapon: Option<usize>,
    /// Whether hand-off screens show (two people or more at the screen).
    handoffs: bool,
    /// The rulebook's words: a button is found by the label the window shows.
    wording: Wording,
}

impl Writer {
    fn button(&mut self, label: &str, wait: u32) {
        self.steps.push(Step::Button(self.wording.say(label)));
        self.steps.push(Step::Wait(wait));
    }

    fn choice(&mut self, c: &Choice) {
        if c.auto_passed {
            return;
        }
        if let Some(me) = &c.actor
            && !c.answers_prompt
        {
            if self.handoffs && self.shown_side != Some(me.side) {
                self.steps.push(Step::Button("your turn".into()));
                self.shown_side = Some(me.side);
            }
            // Each turn (and each member of a union) starts with the automatic weapon.
            if me.picked {
                self.steps.push(Step::Choose(me.name.clone()));
                self.actor = Some(me.name.clone());
                self.weapon = None;
            } else if self.actor.as_ref() != Some(&me.name) {
                self.steps.push(Step::WaitForTurn(me.name.clone()));
                self.actor = Some(me.name.clone());
                self.weapon = None;
            }
        }
        match (&c.command, &c.actor, c.target) {
            (Command::Move { to, .. }, _, _) => self.click_tile(to.x, to.y),
            (Command::Attack { weapon, .. }, Some(me), Some(t)) => {
                self.pick_weapon(me, weapon.as_deref());
                self.button("1 Attack", 2);
                self.click_tile(t.x, t.y);
            }
            (Command::Stabilize { .. }, _, Some(t)) => {
                self.button("Stabilize", 2);
                self.click_tile(t.x, t.y);
            }
            (c, _, Some(t)) if c.action() == Some(ActionKind::FirstAid) => {
                self.button("First Aid", 2);
                self.click_tile(t.x, t.y);
            }
            (Command::EndTurn { .. }, _, _) => self.end_turn(c.confirm_end),
            // A side asked to act out of turn passes with its own button.
            (c, _, _) if c.by_side() => self.button("Pass", 4),
            // A reaction taken as a maneuver (Seed002's Swift Attack) has its own button.
            (
                Command::AnswerReaction {
                    maneuver: Some(m), ..
                },
                _,
                _,
            ) => self.button(&answer_label(maneuver_key(*m), m.name()), 4),
            (Command::AnswerReaction { accept, .. }, _, _) => {
                let (take, leave) = reaction_buttons(c.reaction);
                self.button(if *accept { take } else { leave }, 4);
            }
            (_, _, _) if let Some((i, name)) = &c.answer => {
                self.button(&answer_label(*i, name), 4);
            }
            (other, _, _) => self
                .steps
                .push(Step::Say(format!("not scripted: {other:?}"))),
        }
        if c.ended_after_refusal {
            self.end_turn(c.confirm_end);
        }
    }

    /// End Turn, confirmed where it throws away AP.
    fn end_turn(&mut self, confirm: bool) {
        self.button("End Turn", 4);
        if confirm {
            self.button("End the turn", 4);
        }
    }

    fn click_tile(&mut self, x: i32, y: i32) {
        self.steps
            .extend([Step::Tile(x, y), Step::Wait(2), Step::Click, Step::Wait(4)]);
    }

    /// Press the Weapon button until it picks `weapon` (it cycles: none, first, second, …).
    fn pick_weapon(&mut self, me: &Actor, weapon: Option<&str>) {
        let want = weapon
            .and_then(|w| me.weapons.iter().position(|x| x == w))
            .unwrap_or(0);
        if self.weapon == Some(want) {
            return;
        }
        let n = me.weapons.len() + 1;
        let from = self.weapon.map_or(0, |now| now + 1);
        for _ in 0..((want + 1 + n - from) % n) {
            self.button("Weapon", 2);
        }
        self.weapon = Some(want);
    }
}

/// The reaction prompt's two buttons for a reaction of this kind.
fn reaction_buttons(kind: Option<ReactionKind>) -> (&'static str, &'static str) {
    crate::game::screens::reaction_buttons(kind.unwrap_or(ReactionKind::Opportunity))
}
