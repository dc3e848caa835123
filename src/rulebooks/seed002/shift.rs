//! `Hard`'s Seed002 Shift as an action (M4: a metre for 2 Agility) in place of a one-metre Run, where the Agility has no agile step to buy and the Run's Energy is kept.

use super::Seed002Command;
use crate::battle::command::{View, plan};
use crate::battle::events::Command;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;

/// `Hard`'s Shift in place of `walk`, a Run of `me` to a neighbouring tile that spends `ap`
/// Energy (at least 1, M1). Both step onto the same tile and draw the same Swift Attacks
/// (X1 b names the Shift's step beside the Run's), and a Shift pays no turn penalty (M3),
/// so paid in Agility it keeps the Run's Energy for a blow (a Swift Attack is a whole blow
/// for 1 Energy) at the cost of Agility alone. It shifts where that Agility buys nothing
/// else this round (`agility_spare`). `None`: it runs.
pub fn shift_instead(view: &View, me: &UnitSnap, walk: &Command, ap: u32) -> Option<Command> {
    let Command::Move { to, .. } = walk else {
        return None;
    };
    if ap == 0 || !me.pos.is_adjacent(*to) || !agility_spare(view, me, *to) {
        return None;
    }
    let cmd = Command::from(Seed002Command::Shift {
        unit: me.name.to_string(),
        to: *to,
        agility: Some(true),
    });
    plan(view, &cmd).ok()?;
    Some(cmd)
}

/// Whether `me`'s Agility buys no agile step this round (M5: they ride along an action
/// that spends Energy, most often a Melee Attack, to close on an enemy out of reach): from
/// `to` an able enemy stands in reach of one of its melee weapons (its next blow needs no
/// step), or its Energy cannot pay another Melee Attack this round.
fn agility_spare(view: &View, me: &UnitSnap, to: crate::rules::grid::Pos) -> bool {
    let ctx = &view.ctx;
    let melee = ctx.rules.cost(ActionKind::Attack).unwrap_or(3);
    let reach = me
        .stats
        .weapons
        .iter()
        .filter(|w| w.is_melee())
        .map(|w| w.reach)
        .max();
    let Some(reach) = reach else {
        return true;
    };
    me.ap < melee
        || ctx
            .snap
            .enemies_of(me)
            .any(|t| t.able() && ctx.melee_reaches(to, t.pos, reach))
}
