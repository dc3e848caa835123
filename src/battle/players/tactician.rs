//! The `Tactician`: one command's choice for a player, the battle as it stands, and the
//! little every tactic asks of it (the able enemies, how many attacks AP pay for).

use super::Player;
use super::strike_zone::StrikeZone;
use crate::battle::command::View;
use crate::battle::snapshot::UnitSnap;
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

impl<'v, 'a> Tactician<'v, 'a> {
    /// `player`'s choice on the battle `view`, its strike zones not worked out yet.
    pub(super) fn new(view: &'v View<'a>, player: Player) -> Self {
        Tactician {
            view,
            player,
            zones: OnceCell::new(),
        }
    }
}

impl Tactician<'_, '_> {
    /// The enemies of `me` still able to fight.
    pub(super) fn able_enemies<'s>(
        &'s self,
        me: &'s UnitSnap,
    ) -> impl Iterator<Item = &'s UnitSnap> {
        self.view.ctx.snap.enemies_of(me).filter(|e| e.able())
    }

    /// The AP `u` has for a turn of its own: the rules' AP a turn, or, where AP carry over
    /// and come from Speed (Seed003: `ap_per_turn` 0), those it holds now (its next turn
    /// has at least those).
    pub(super) fn turn_ap(&self, u: &UnitSnap) -> u32 {
        match self.view.ctx.rules.ap_per_turn {
            0 => u.ap,
            n => n,
        }
    }

    /// How many attacks `u` may still make this turn with `ap`: for `Hard`, those the AP pay
    /// for, no more than the attacks the rules' limit leaves it this round
    /// (`attacks_left_of`: RULES §3, Attack limit [001]); for the others, those the AP pay
    /// for.
    pub(super) fn attacks_left(&self, u: &UnitSnap, ap: u32) -> u32 {
        match self.player {
            Player::Hard => super::attacks_left_of(self.view, u, ap),
            _ => super::ap_attacks(self.view, ap),
        }
    }

    /// How many attacks `ap` pays for in a whole turn to come (a fresh round's attacks):
    /// for `Hard`, no more than the rules' attacks a round (`attacks_paid`); for the others,
    /// those the AP pay for.
    pub(super) fn turn_attacks(&self, ap: u32) -> u32 {
        match self.player {
            Player::Hard => super::attacks_paid(self.view, ap),
            _ => super::ap_attacks(self.view, ap),
        }
    }
}
