//! `Hard`'s Seed002 Sprint (M2: 3 Energy and a Stamina, half as far again as a Run) in place of a full Run, where the tile only the Sprint reaches is worth more.

use super::footing::{can_spend_stamina, speed_of, sprint_speed};
use super::footing_state::Seed002Footing;
use super::guard::ENERGY_CAP;
use super::stats::Seed002Stats;
use crate::battle::command::{View, plan};
use crate::battle::events::Command;
use crate::battle::players::walk_worth;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use std::sync::Arc;

/// A Sprint must beat the plain walk by this much (as the core's Sprint, `sprint.rs`).
const SPRINT_GAIN: f64 = 0.02;

/// `Hard`'s Sprint in place of `walk`, a Run of `me` that spends `ap` Energy: where the
/// walk spends a Sprint's Energy or more, and the best walk the Sprint's reach allows
/// (`walk_worth` in the battle with `me`'s Speed half as far again: each tile beyond
/// its Run costs the Sprint's 3 Energy there) ends on a tile no Run reaches now and is
/// worth more than the plain walk. Only with a Stamina to spare that keeps the next
/// round's Energy at its cap (S1, E1). `None`: it runs.
pub fn sprint_instead(view: &View, me: &UnitSnap, walk: &Command, ap: u32) -> Option<Command> {
    let ctx = &view.ctx;
    let cost = ctx.rules.cost(ActionKind::Sprint)?;
    let stamina = me.own.footing().stamina;
    if !matches!(walk, Command::Move { .. })
        || ap < cost
        || me.ap < cost
        || !can_spend_stamina(me, 1)
        || stamina - 1 < ENERGY_CAP
    {
        return None;
    }
    let mut snap = ctx.snap.clone();
    let u = snap.units.iter_mut().find(|u| u.entity == me.entity)?;
    Arc::make_mut(&mut u.stats)
        .own
        .get_mut::<Seed002Stats>()
        .speed = sprint_speed(speed_of(me));
    let sprinter = u.clone();
    let (far, Command::Move { to, .. }) = walk_worth(view, &snap, &sprinter, true)? else {
        return None;
    };
    if ctx.reachable(me).tiles().any(|(p, _)| p == to) {
        return None;
    }
    let (near, _) = walk_worth(view, ctx.snap, me, true)?;
    let cmd = Command::Sprint {
        unit: me.name.to_string(),
        to: Some(to),
    };
    plan(view, &cmd).ok()?;
    (far > near + SPRINT_GAIN).then_some(cmd)
}
