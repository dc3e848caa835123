//! `Hard`'s Shove under Seed003 (C1): the shover names any of the 8 directions and the distance (up to 1 + ⌊margin/3⌋), and a collision wounds by the whole distance less vit and size (D7).

use super::odds::Check3Odds;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::push_worth;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Dir8;

/// `Hard`'s Shove of each able enemy in its melee reach, in the direction and to the
/// distance worth the most (`best_shove`), where the push brings something.
pub fn shove_options(view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
    let ctx = &view.ctx;
    let reach = me.stats.melee_reach().max(1);
    ctx.snap
        .enemies_of(me)
        .filter(|t| t.able() && ctx.melee_reaches(me.pos, t.pos, reach))
        .filter_map(|t| best_shove(view, me, t))
        .collect()
}

/// The Shove of `t` worth the most on the planner's scale, over the 8 directions and each
/// distance the check can reach: for each distance it may roll (the preview's odds), its
/// chance times what the push that far brings (`players::push_worth`, the collision's wound
/// above all; a named distance stops a longer roll), per AP against a Standard Attack's 4
/// as Hard weighs Seed003's attack styles (`attacks.rs`: unspent AP carry over, so what an
/// action takes out for its AP is what counts). `None` where no push brings anything.
fn best_shove(view: &View, me: &UnitSnap, t: &UnitSnap) -> Option<(f64, Command)> {
    let p = preview(view, &shove(me, t, None, None)).ok()?;
    let odds = p.odds_of::<Check3Odds>()?;
    let rules = view.ctx.rules;
    let per_ap = f64::from(rules.cost(ActionKind::Attack)?)
        / f64::from(rules.cost(ActionKind::Shove)?.max(1));
    let mut best: Option<(f64, Command)> = None;
    for dir in Dir8::ALL {
        // What each distance's push brings.
        let Some(brings) = odds
            .distances
            .iter()
            .map(|(d, _)| {
                let p = preview(view, &shove(me, t, Some(dir), Some(*d))).ok()?;
                push_worth(view, me, t, &p)
            })
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        for (named, (d, _)) in odds.distances.iter().enumerate() {
            // The distances are consecutive: a roll past the named one pushes that far.
            let push: f64 = (odds.distances.iter().enumerate())
                .map(|(rolled, (_, chance))| chance.value() * brings[rolled.min(named)])
                .sum();
            if push > 0.0 && best.as_ref().is_none_or(|b| push * per_ap > b.0) {
                best = Some((push * per_ap, shove(me, t, Some(dir), Some(*d))));
            }
        }
    }
    best
}

/// `me`'s Shove of `t` in `dir` (none: away from `me`) to `distance` (none: the whole).
fn shove(me: &UnitSnap, t: &UnitSnap, dir: Option<Dir8>, distance: Option<u32>) -> Command {
    Command::Shove {
        unit: me.name.to_string(),
        target: t.name.to_string(),
        dir,
        distance,
    }
}
