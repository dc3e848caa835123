//! The `Tactician`: one command's choice for a player, the battle as it stands, and the
//! little every tactic asks of it (the able enemies, how many attacks AP pay for, a
//! contest's chance).

use super::Player;
use super::strike_zone::StrikeZone;
use crate::battle::command::View;
use crate::battle::preview::Preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use std::cell::OnceCell;

/// One command's choice: the battle as `player` sees it (`view`), and the strike zones
/// worked out for it.
pub(super) struct Tactician<'v, 'a> {
    pub(super) view: &'v View<'a>,
    pub(super) player: Player,
    /// Where each unit could stand and strike next turn with a melee weapon, in snapshot
    /// order (`StrikeZone::of`, made when first asked).
    pub(super) zones: OnceCell<Vec<Option<StrikeZone>>>,
}

impl Tactician<'_, '_> {
    /// The enemies of `me` still able to fight.
    pub(super) fn able_enemies<'s>(
        &'s self,
        me: &'s UnitSnap,
    ) -> impl Iterator<Item = &'s UnitSnap> {
        self.view.ctx.snap.enemies_of(me).filter(|e| e.able())
    }

    /// How many attacks `ap` pays for this turn.
    pub(super) fn attacks_left(&self, ap: u32) -> u32 {
        ap / self
            .view
            .ctx
            .rules
            .cost(ActionKind::Attack)
            .unwrap_or(1)
            .max(1)
    }

    /// The chance the contest (Shove, Trip, Grab, Escape) in preview `p` is won: the core's
    /// contest, else the rulebook's check or the preview's chance. `None` where it shows none.
    pub(super) fn contest_chance(&self, p: &Preview) -> Option<f64> {
        let book = self.view.ctx.rules.rulebook.book();
        p.contest.as_ref().map(|c| c.win.value()).or_else(|| {
            book.check_chance(p)
                .or(p.chance.as_ref().map(|c| c.1.value()))
        })
    }
}
