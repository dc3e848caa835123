//! Flanking as a state of the target (`Flanking::Surround120`, presets/Seed003.md F2): a
//! target is Flanked when two hostile creatures able to attack it now stand at least 120°
//! apart around it, whoever attacks. A core knob: any level may set it.

use super::assess::Ctx;
use super::snapshot::UnitSnap;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ConditionKind;

impl Ctx<'_> {
    /// Whether `a` could attack `t` right now with some weapon (for flanking, F2): melee
    /// with `t` within reach and a clear line, or ranged within normal range and in sight.
    fn threatens3(&self, a: &UnitSnap, t: &UnitSnap) -> bool {
        if !a.able() || a.has(ConditionKind::Pinned) || a.side == t.side {
            return false;
        }
        let d = a.pos.distance(t.pos);
        let sight = self.grid.sight(a.pos, t.pos);
        sight.targetable()
            && a.stats.weapons.iter().any(|w| match w.is_melee() {
                true => d >= 1 && d <= w.reach,
                false => d >= 1 && d <= w.range.0,
            })
    }

    /// The hostile creatures that count towards flanking `t`: able, not Pinned, not
    /// ignored by it, and able to attack it now.
    pub fn flankers(&self, t: &UnitSnap) -> Vec<&UnitSnap> {
        let book = self.rules.rulebook.book();
        self.snap
            .units
            .iter()
            .filter(|a| !book.ignores(t, a.entity) && self.threatens3(a, t))
            .collect()
    }

    /// Whether `t` is Flanked: two of its flankers stand at least 120° apart (F2).
    pub fn flanked_state(&self, t: &UnitSnap) -> bool {
        let f = self.flankers(t);
        f.iter()
            .enumerate()
            .any(|(i, a)| f[i + 1..].iter().any(|b| flank_angle(t.pos, a.pos, b.pos)))
    }
}

/// Whether two creatures at `a` and `b` flank a target at `t`: at least 120° apart seen
/// from the target's centre (F2). Exactly, with u and v the offsets: u·v < 0 and
/// 4(u·v)² ≥ |u|²|v|².
pub fn flank_angle(t: Pos, a: Pos, b: Pos) -> bool {
    let (ux, uy) = a.offset_from(t);
    let (vx, vy) = b.offset_from(t);
    let dot = ux * vx + uy * vy;
    dot < 0 && 4 * dot * dot >= (ux * ux + uy * uy) * (vx * vx + vy * vy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flanking_needs_120_degrees() {
        let t = Pos::new(2, 2);
        // 135° flanks; 90° does not; 180° does.
        assert!(flank_angle(t, Pos::new(1, 2), Pos::new(3, 3)));
        assert!(!flank_angle(t, Pos::new(1, 2), Pos::new(2, 3)));
        assert!(flank_angle(t, Pos::new(1, 2), Pos::new(3, 2)));
        // (−2, 1) against (1, 1): cos = −1/√10, about 108°: not enough.
        assert!(!flank_angle(t, Pos::new(0, 3), Pos::new(3, 3)));
    }
}
