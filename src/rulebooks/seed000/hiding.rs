//! `Hard`'s Hide (presets/Seed000.md, "Hiding"): out of every enemy's sight, its walk done, where its chance buys a blow at advantage next turn and spares it blows.

use super::commands::Seed000Command;
use super::hide::hide_chance;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::players::exposure;
use crate::battle::players::next_blow::advantage_next_turn;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::ruleset::ConditionKind;

/// The share of the blows the enemies could strike a hidden unit with next turn that
/// hiding spares it: they cannot target it, but an enemy that ends a step in sight of it
/// (walking toward another) reveals it at once and may then strike it.
const HIDDEN_SPARES: f64 = 0.5;

/// What a Hide must be worth beyond the option it is weighed against.
const HIDE_MARGIN: f64 = 0.02;

/// `Hard`'s Hide as one of its options, worth `hide_worth` less `HIDE_MARGIN`, once its
/// free metres are spent (a walk after it could end in an enemy's sight, which reveals it
/// at the turn's end): beside a walk bought with AP, a Sprint or the turn's end.
pub(super) fn hide_option(view: &View, me: &UnitSnap) -> Option<(f64, Command)> {
    if me.pool.metres > 0 {
        return None;
    }
    let (worth, cmd) = hide(view, me)?;
    Some((worth - HIDE_MARGIN, cmd))
}

/// `Hard`'s Hide with AP its turn's end would lose, where it is worth `HIDE_MARGIN`.
pub(super) fn hide_with_spare_ap(view: &View, me: &UnitSnap) -> Option<Command> {
    hide(view, me)
        .filter(|(worth, _)| *worth > HIDE_MARGIN)
        .map(|h| h.1)
}

/// `me`'s Hide and its worth (`hide_worth`), where it is legal (no standing enemy sees
/// `me`, the AP) and `me` is not hidden yet.
fn hide(view: &View, me: &UnitSnap) -> Option<(f64, Command)> {
    if me.has(ConditionKind::Hidden) {
        return None;
    }
    let cmd = Command::from(Seed000Command::Hide {
        unit: me.name.to_string(),
    });
    preview(view, &cmd).ok()?;
    Some((hide_worth(view, me), cmd))
}

/// What hiding is worth to `me`, on the planner's scale: its chance (`hide_chance`, the
/// preview's) times what Hidden brings until its next turn: its advantage [000:36] on the
/// blow it would strike then, on an enemy it could walk to strike, with the weapon it
/// would strike with from where that weapon reaches (`advantage_next_turn`: its best blow
/// at advantage less its best at its plain roll, a ranged weapon's at disadvantage where it
/// could shoot only from next to an enemy), and `HIDDEN_SPARES` of the share of it the
/// enemies could take where it stands (`exposure`).
fn hide_worth(view: &View, me: &UnitSnap) -> f64 {
    let advantage = advantage_next_turn(view, me);
    let spared = HIDDEN_SPARES * exposure(view, me, me.pos);
    hide_chance(&view.ctx, me).value() * (advantage + spared)
}
