//! `Hard`'s Switch Places (presets/Seed000.md): a frail ally swapped out of the enemies' reach and a sound fighter into it, or a fighter put where it strikes.

use super::action_names;
use super::commands::Seed000Command;
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::{Player, attack_worth_of, attacks_left_of, exposure, provoked_price};
use crate::battle::preview::preview;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use bevy::prelude::Entity;

/// What a swap must gain beyond what it costs: the AP and the ally's Reaction Point, and
/// the fighter's tile of choice given up for its ally's.
const SWITCH_MARGIN: f64 = 0.1;

/// `Hard`'s Switch Places with each 8-adjacent ally the rules let it swap with (its
/// preview), worth (`switch_worth`) what the swap gains on the planner's scale less the
/// reactions it provokes (`provoked_price`); only those worth something.
pub(super) fn switches(view: &View, me: &UnitSnap) -> Vec<(f64, Command)> {
    let Some(cost) = view.ctx.rules.cost(action_names::SWITCH_PLACES) else {
        return Vec::new();
    };
    if !me.able() || me.ap < cost {
        return Vec::new();
    }
    view.ctx
        .snap
        .allies_of(me)
        .filter(|a| a.able() && a.pos.is_adjacent(me.pos))
        .filter_map(|a| {
            let cmd = Command::from(Seed000Command::SwitchPlaces {
                unit: me.name.to_string(),
                ally: a.name.to_string(),
            });
            preview(view, &cmd).ok()?;
            let v = switch_worth(view, me, a, me.ap - cost) - provoked_price(view, me, &cmd);
            (v > 0.0).then_some((v, cmd))
        })
        .collect()
}

/// What swapping `me` (left with `ap_left` AP) and `ally` is worth: the blows `me` strikes
/// from the ally's tile with the AP left (`attack_worth_of`, each); what the ally's own blow
/// gains or loses from its new tile, unless its turn is done this round; and what the swap
/// spares each of the two (the share of it the enemies able to strike its tile next turn
/// could take there less on the other tile, `exposure`: a frail unit that leaves the front
/// gains, a sound one that takes its place loses a little), the ally's only where it is
/// done this round or acts in this slot (a union partner: then both ways of the swap are
/// weighed alike, so the partner never swaps back), since an ally still to come could walk
/// off by itself; less `SWITCH_MARGIN`.
fn switch_worth(view: &View, me: &UnitSnap, ally: &UnitSnap, ap_left: u32) -> f64 {
    let mut swapped = view.ctx.snap.clone();
    for u in swapped.units.iter_mut() {
        if u.entity == me.entity {
            u.pos = ally.pos;
            u.ap = ap_left;
        } else if u.entity == ally.entity {
            u.pos = me.pos;
        }
    }
    let mine =
        blow(view, &swapped, me.entity, ap_left) * f64::from(attacks_left_of(view, me, ap_left));
    // A union partner acts in this slot with the AP it holds; an ally still to come, with
    // a turn's; one done this round strikes nothing more before the enemies.
    let acting_now =
        view.turn.union.contains(&ally.entity) || view.turn.active() == Some(ally.entity);
    let done = view.turn.done.contains(&ally.entity);
    let ally_ap = if acting_now {
        ally.ap
    } else {
        view.ctx.rules.ap_per_turn.max(ally.ap)
    };
    let ally_blows = if done {
        0.0
    } else {
        blow(view, &swapped, ally.entity, ally_ap) - blow(view, view.ctx.snap, ally.entity, ally_ap)
    };
    let ally_spared = if done || acting_now {
        exposure(view, ally, ally.pos) - exposure(view, ally, me.pos)
    } else {
        0.0
    };
    let my_part = exposure(view, me, me.pos) - exposure(view, me, ally.pos);
    mine + ally_blows + ally_spared + my_part - SWITCH_MARGIN
}

/// The worth of the best attack unit `who` could make in battle `snap` with `ap` AP.
fn blow(view: &View, snap: &Snapshot, who: Entity, ap: u32) -> f64 {
    let mut snap = snap.clone();
    let Some(u) = snap.units.iter_mut().find(|u| u.entity == who) else {
        return 0.0;
    };
    u.ap = ap;
    let on = View {
        ctx: Ctx {
            snap: &snap,
            ..view.ctx
        },
        ..*view
    };
    let Some(u) = snap.get(who) else { return 0.0 };
    attack_worth_of(&on, u, Player::Hard).map_or(0.0, |a| a.0)
}
