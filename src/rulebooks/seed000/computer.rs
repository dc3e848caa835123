//! What the computer player does with Seed000's own actions: `Hard` holds an attack where
//! an enemy will likely walk into its reach to strike, rather than walk into the enemy's.

use super::commands::Seed000Command;
use super::held::held_actions;
use crate::battle::command::View;
use crate::battle::events::{Command, HeldAction, Trigger};
use crate::battle::players::lying_in_wait::{coming, wait_instead_of_walk};
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;

/// `Hard`'s held attack: with the AP for an attack and no enemy to strike now, `me` holds
/// an attack that fires as an enemy within its reach declares an attack (before that
/// attack's d20), where an able enemy could walk to strike it next turn and would have to
/// come within `me`'s reach to do it (no enemy's reach is longer, `coming`). Nothing
/// carries over, so AP left at a turn's end are lost: the enemy that walks in to strike is
/// struck first. `None`: it holds nothing, already holds an action, or no enemy will
/// likely come.
pub(super) fn hold_attack(view: &View, me: &UnitSnap) -> Option<Command> {
    (can_hold(view, me) && coming(view, me).next().is_some()).then(|| hold(me))
}

/// Whether `me` could hold an attack: the rules have held actions, its AP pay, it holds
/// nothing yet.
fn can_hold(view: &View, me: &UnitSnap) -> bool {
    let rules = view.ctx.rules;
    rules.held_actions
        && me.able()
        && rules.cost(ActionKind::Attack).is_some_and(|c| me.ap >= c)
        && !held_actions(view.turn)
            .iter()
            .any(|h| h.holder == me.entity)
}

/// `Hard`'s held attack in place of `walk`, a walk toward an enemy that spends `ap` AP and
/// leaves too few for an attack: where that enemy will walk in to strike `me` anyway, the
/// walk would only hand it the first blow (Seed000 has no free opportunity attack), and
/// the held attack takes it instead (`wait_instead_of_walk`).
pub(super) fn hold_instead_of_walk(
    view: &View,
    me: &UnitSnap,
    walk: &Command,
    ap: u32,
) -> Option<Command> {
    (can_hold(view, me) && wait_instead_of_walk(view, me, walk, ap)).then(|| hold(me))
}

fn hold(me: &UnitSnap) -> Command {
    Command::from(Seed000Command::Hold {
        unit: me.name.to_string(),
        action: HeldAction::Attack(None),
        trigger: Trigger::EnemyAttack(None),
    })
}
