//! What the computer player does with Seed000's own actions: `Hard` holds an attack where
//! an enemy will likely walk into its reach to strike, rather than walk into the enemy's.

use super::commands::Seed000Command;
use super::held::held_actions;
use crate::battle::command::View;
use crate::battle::events::{Command, HeldAction, Trigger};
use crate::battle::players::steps_within_reach;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;

/// The farthest `me` could strike with any of its weapons: a melee weapon's reach, a ranged
/// one's range.
fn reach_of(view: &View, me: &UnitSnap) -> u32 {
    let bands = view.ctx.rules.range_bands;
    me.stats
        .weapons
        .iter()
        .map(|w| {
            if w.is_melee() {
                w.reach
            } else {
                w.max_range(bands)
            }
        })
        .max()
        .unwrap_or(0)
}

/// `Hard`'s held attack: with the AP for an attack and no enemy to strike now, `me` holds
/// an attack that fires as an enemy within its reach declares an attack (before that
/// attack's d20), where an able enemy could walk to strike it next turn and would have to
/// come within `me`'s reach to do it (no enemy's reach is longer). Nothing carries over,
/// so AP left at a turn's end are lost: the enemy that walks in to strike is struck first.
/// `None`: it holds nothing, already holds an action, or no enemy will likely come.
pub(super) fn hold_attack(view: &View, me: &UnitSnap) -> Option<Command> {
    coming(view, me).next().map(|_| hold(me))
}

/// The enemies that could walk to strike `me` where it stands next turn and would come
/// within its reach to do it, where `me` could hold an attack for them (its AP pay, it
/// holds nothing yet): none where it could not.
fn coming<'v>(view: &'v View, me: &'v UnitSnap) -> impl Iterator<Item = &'v UnitSnap> + 'v {
    let rules = view.ctx.rules;
    let can_hold = rules.held_actions
        && me.able()
        && rules.cost(ActionKind::Attack).is_some_and(|c| me.ap >= c)
        && !held_actions(view.turn)
            .iter()
            .any(|h| h.holder == me.entity);
    let reach = reach_of(view, me);
    view.ctx
        .snap
        .enemies_of(me)
        .filter(move |e| can_hold && e.able() && steps_within_reach(view, me, e, reach))
}

/// `Hard`'s held attack in place of `walk`, a walk toward an enemy that spends `ap` AP and
/// leaves too few for an attack: where that enemy will walk in to strike `me` anyway, the
/// walk would only hand it the first blow (Seed000 has no free opportunity attack), and
/// the held attack takes it instead.
pub(super) fn hold_instead_of_walk(
    view: &View,
    me: &UnitSnap,
    walk: &Command,
    ap: u32,
) -> Option<Command> {
    let Command::Move { to, .. } = walk else {
        return None;
    };
    let cost = view.ctx.rules.cost(ActionKind::Attack)?;
    if me.ap.saturating_sub(ap) >= cost {
        return None;
    }
    let mut toward = coming(view, me).filter(|e| e.pos.distance(*to) < e.pos.distance(me.pos));
    toward.next().map(|_| hold(me))
}

fn hold(me: &UnitSnap) -> Command {
    Command::from(Seed000Command::Hold {
        unit: me.name.to_string(),
        action: HeldAction::Attack(None),
        trigger: Trigger::EnemyAttack(None),
    })
}
