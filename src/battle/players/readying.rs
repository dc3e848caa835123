//! Getting ready to fight: `Hard`'s Prone unit stands up, and a unit with nothing to strike
//! with loads its empty ranged weapon.

use super::Player;
use super::tactician::Tactician;
use crate::battle::events::{Aim, Command};
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;

/// What standing up is worth to a Prone unit that stands before anything else.
const STAND_WORTH: f64 = 1.0;

/// What loading a weapon is worth when the unit has nothing to strike with: more than
/// closing in.
const LOAD_WORTH: f64 = 0.3;

impl Tactician<'_, '_> {
    /// `Hard`'s Prone unit stands up first (RULES §9: melee attacks on it have advantage,
    /// and its steps cost double) where standing provokes no reaction and leaves the AP an
    /// attack needs, or where it has no attack this turn. Next to an enemy it stays down:
    /// the opportunity attack, at advantage, costs what standing would spare it.
    pub(super) fn stand_up(&self, me: &UnitSnap, can_attack: bool) -> Option<(f64, Command)> {
        if self.player != Player::Hard || !me.has(ConditionKind::Prone) {
            return None;
        }
        let cmd = Command::StandUp {
            unit: me.name.to_string(),
        };
        let quiet = preview(self.view, &cmd).ok()?.reactions.is_empty();
        let cost = self.view.ctx.rules.cost(ActionKind::StandUp).unwrap_or(1);
        let attacks_after = self.attacks_left(me, me.ap.saturating_sub(cost)) > 0;
        (quiet && (attacks_after || !can_attack)).then_some((STAND_WORTH, cmd))
    }

    /// Load an unloaded ranged weapon (Seed002), when the unit has no attack now.
    pub(super) fn load(&self, me: &UnitSnap) -> Option<(f64, Command)> {
        me.stats
            .weapons
            .iter()
            .enumerate()
            .filter(|(i, w)| !w.is_melee() && !self.view.ctx.rules.rulebook.book().loaded(me, *i))
            .filter_map(|(_, w)| {
                let aim = Aim {
                    weapon: Some(w.name.clone()),
                    ..Aim::default()
                };
                self.view
                    .ctx
                    .rules
                    .rulebook
                    .book()
                    .reload_command(&me.name, &aim)
            })
            .find(|cmd| preview(self.view, cmd).is_ok())
            .map(|cmd| (LOAD_WORTH, cmd))
    }
}
