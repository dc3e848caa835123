//! Seed004's initiative (presets/Seed004.md, "Initiative"): Over Watch, then d20 and the
//! bursting initiative dice; a missed watch or a surprised side leaves a unit Ambushed.

use super::Seed004Event;
use crate::battle::components::Initiative;
use crate::battle::engine::Battle;
use crate::battle::events::BattleEvent;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rulebooks::seed004::stats::Seed004Of;
use crate::rules::bonus_dice::DiceSpec;
use crate::rules::grid::Dir8;
use crate::rules::ruleset::{ConditionKind, Duration};

/// Seed004's Over Watch [004:15]: whether the enemy nearest `u` at battle start (ties: the
/// one listed first) lies within 45° of the watched direction, edges included.
pub fn over_watch_matches(snap: &Snapshot, u: &UnitSnap, dir: Dir8) -> bool {
    let Some(nearest) = snap
        .enemies_of(u)
        .min_by_key(|e| (u.pos.distance(e.pos), e.index))
    else {
        return false;
    };
    let (vx, vy) = nearest.pos.offset_from(u.pos);
    let (dx, dy) = dir.delta();
    let (dx, dy) = (i64::from(dx), i64::from(dy));
    let dot = vx * dx + vy * dy;
    // cos θ ≥ 1/√2, exactly: 2·dot² ≥ |v|²·|d|² with a positive dot.
    dot > 0 && 2 * dot * dot >= (vx * vx + vy * vy) * (dx * dx + dy * dy)
}

impl Battle<'_, '_> {
    /// Seed004's initiative: Over Watch first (a matched watch gives a die; a missed one,
    /// or a surprised side, leaves the unit Ambushed), then each unit in level order rolls
    /// d20 and its bursting initiative dice.
    pub(super) fn roll_initiative_dice(&mut self, snap: &Snapshot) {
        let ambush = self.roster.sides.iter().any(|s| s.surprised);
        for u in &snap.units {
            let surprised = self.roster.sides[u.side].surprised;
            let ambusher = ambush && !surprised;
            let watch = u.stats.seed004().over_watch.filter(|_| !ambusher);
            let matched = watch.map(|dir| {
                let matched = over_watch_matches(snap, u, dir);
                self.emit(BattleEvent::from(Seed004Event::OverWatch {
                    unit: u.name.to_string(),
                    watching: dir,
                    matched,
                }));
                matched
            });
            let dice = u.stats.seed004().initiative_dice + u32::from(matched == Some(true));
            let purpose = format!("{} initiative", u.name);
            let roll = self.roll_check(DiceSpec::new(dice, 0, 0), &purpose);
            if let Ok(mut q) = self.units.get_mut(u.entity) {
                *q.initiative = Initiative {
                    roll: roll.d20,
                    total: roll.total,
                    dice,
                };
            }
            self.emit(BattleEvent::InitiativeRolled {
                unit: u.name.to_string(),
                roll: roll.d20,
                bonus: roll.total - roll.d20 as i32,
                total: roll.total,
                dice: Some(roll.dice),
            });
            if matched == Some(false) || (surprised && matched.is_none()) {
                let source = if surprised {
                    "ambush"
                } else {
                    "Over Watch missed"
                };
                self.add_condition(
                    u.entity,
                    ConditionKind::Ambushed,
                    Duration::StartOfNextTurn,
                    source,
                    None,
                );
            }
        }
    }
}
