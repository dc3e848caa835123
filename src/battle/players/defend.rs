//! Defend and Take Cover with the AP left after attacking, for a unit an enemy could strike
//! where it stands.

use super::tactician::Tactician;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;

/// What Defend (attacks against the unit at disadvantage) and Take Cover (+2 Evasion) are
/// worth to a unit an enemy could strike next: less than any attack or real move, so they
/// take only the AP that would go unused.
const DEFEND_WORTH: f64 = 0.06;
const TAKE_COVER_WORTH: f64 = 0.05;

impl Tactician<'_, '_> {
    /// Defend or Take Cover with the AP left after attacking, for a unit an enemy could
    /// strike where it stands.
    pub(super) fn guard(&self, me: &UnitSnap) -> Vec<(f64, Command)> {
        // Under activations every action is an activation of the side's: it fights on
        // instead.
        let activations = self.view.ctx.rules.rulebook.book().activations();
        if activations || me.attacks == 0 || self.safety(me, &self.threat(me, me.pos), false) >= 0.0
        {
            return Vec::new();
        }
        let unit = me.name.to_string();
        [
            (DEFEND_WORTH, Command::Defend { unit: unit.clone() }),
            (TAKE_COVER_WORTH, Command::TakeCover { unit }),
        ]
        .into_iter()
        .filter(|(_, cmd)| preview(self.view, cmd).is_ok())
        .collect()
    }
}
