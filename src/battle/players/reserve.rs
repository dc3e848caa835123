//! Seed001's AP reserve: each defence costs 1 AP of the turn's, so a unit that may have to
//! meet a blow before its AP come back keeps one for it.

use super::Player;
use super::tactician::Tactician;
use super::threat::Threat;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;

impl Tactician<'_, '_> {
    /// Under Seed001 each defence (Block, Parry, Dodge) costs 1 AP from the turn's AP: a
    /// unit that may have to meet a blow before its AP come back (`defence_needed`) keeps
    /// its last AP for it, and spends it only on an attack (keeping it from the attack too
    /// lost more duels than it won, docs/ai-experiments.md).
    pub(super) fn keeps_last_ap(&self, me: &UnitSnap) -> bool {
        me.ap == 1 && self.defence_needed(|| self.threat(me, me.pos))
    }

    /// Under Seed001, whether a unit facing `threat` (asked only under Seed001) may have to
    /// meet a blow before its AP come back at the next round's start: an enemy still to act
    /// this round could strike its tile.
    fn defence_needed(&self, threat: impl FnOnce() -> Threat) -> bool {
        self.defences_cost_ap() && threat().before_round_end
    }

    /// Whether each defence costs an AP of the turn's, as the rulebook in force says.
    pub(super) fn defences_cost_ap(&self) -> bool {
        self.view
            .ctx
            .rules
            .rulebook
            .book()
            .computer_keeps_ap_for_defences()
    }

    /// The AP Hard keeps back for a defence when it plans a move to a tile where it may
    /// have to meet a blow before its AP come back (`defence_needed`): under Seed001 a blow
    /// met with no defence (no AP left) is a critical win for the attacker, Precision's full
    /// damage and a maneuver. A tile is ranked by the attacks the rest of the AP pays for;
    /// whether the unit spends the kept AP on an attack once there is `keeps_last_ap`'s
    /// call. On `shield_wall` Hard went from 64.6% to 70.6% of 1,200 games against greedy,
    /// and from 53.6% to 55.6% of 800 against Normal; counting only the enemies still to act
    /// won 0.2 to 0.9 points more against Normal (4,000 games, docs/ai-experiments.md).
    pub(super) fn defence_reserve(&self, threat: &Threat) -> u32 {
        u32::from(self.player == Player::Hard && self.defence_needed(|| *threat))
    }

    /// The AP a move command takes (`None` for any other command).
    pub(super) fn move_ap(&self, cmd: &Command) -> Option<u32> {
        match cmd {
            Command::Move { .. } => preview(self.view, cmd).ok()?.move_cost.map(|c| c.1),
            _ => None,
        }
    }
}
