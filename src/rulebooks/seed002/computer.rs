//! What the computer player knows of Seed002: a won Seize's action (every player), and
//! (`Hard`) melee attacks that carry agile steps before them, closing in and striking in one
//! activation.

use super::work::SeizedAction;
use crate::battle::ai::best_attack;
use crate::battle::assess::Ctx;
use crate::battle::command::{View, path_cost};
use crate::battle::engine::Question;
use crate::battle::events::{AttackOptions, Command};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};

/// A won Seize: the unit's best attack now, or it lets the chance go. `None` for the
/// core's questions.
pub fn seized_answer(view: &View, question: &Question) -> Option<Command> {
    question.of_book::<SeizedAction>()?;
    let e = question.asked();
    Some(
        view.ctx
            .snap
            .get(e)
            .and_then(|me| best_attack(view, me))
            .unwrap_or(Command::AnswerReaction {
                reactor: view.name(e),
                accept: false,
                maneuver: None,
            }),
    )
}

/// Seed002 (`Hard`): melee attacks that carry agile steps before them (M5: 1 Agility a
/// metre, at most as many steps as the attack costs Energy, and they provoke no Swift
/// Attack), from where the unit stands into reach of an enemy out of its reach now: one
/// activation closes in and strikes where a Run would spend it. Each is valued by its
/// preview from the tile the steps end on, as any other attack. The steps are the
/// shortest to each tile (`path_cost` checks each).
pub fn agile_attacks<'s>(view: &'s View, me: &'s UnitSnap) -> Vec<(&'s UnitSnap, Command)> {
    let ctx = &view.ctx;
    let most = (me.own.footing().agility.max(0) as u32)
        .min(ctx.rules.cost(ActionKind::Attack).unwrap_or(3));
    let paths = shortest_step_paths(ctx, me, most);
    let mut out = Vec::new();
    for t in ctx.snap.enemies_of(me).filter(|t| t.able()) {
        for w in me.stats.weapons.iter().filter(|w| w.is_melee()) {
            if me.pos.distance(t.pos) <= w.reach {
                continue;
            }
            for path in &paths[1..] {
                if path.last().is_none_or(|q| q.distance(t.pos) > w.reach) {
                    continue;
                }
                out.push((
                    t,
                    Command::Attack {
                        unit: me.name.to_string(),
                        target: t.name.to_string(),
                        weapon: Some(w.name.clone()),
                        options: AttackOptions {
                            agile_before: path.clone(),
                            ..AttackOptions::default()
                        },
                    },
                ));
            }
        }
    }
    out
}

/// The shortest step path to each tile within `most` steps of `me` (`path_cost` checks
/// each), the empty path first, then by length.
fn shortest_step_paths(ctx: &Ctx, me: &UnitSnap, most: u32) -> Vec<Vec<Pos>> {
    // Breadth first: the paths one step longer than those in `frontier` (a range of
    // `paths`; the empty path first) are added after them.
    let mut paths: Vec<Vec<Pos>> = vec![Vec::new()];
    let mut seen = vec![me.pos];
    let mut frontier = 0..1;
    for _ in 0..most {
        let longest = paths.len();
        for k in frontier {
            let at = *paths[k].last().unwrap_or(&me.pos);
            for d in Dir8::ALL {
                let q = at.step(d);
                if seen.contains(&q) || ctx.snap.at(q).is_some() {
                    continue;
                }
                let mut longer: Vec<Pos> = paths[k].clone();
                longer.push(q);
                if path_cost(ctx, me, &longer).is_err() {
                    continue;
                }
                seen.push(q);
                paths.push(longer);
            }
        }
        frontier = longest..paths.len();
    }
    paths
}
