//! `Hard`'s weighing of a critical win's Push (presets/Seed001.md, Maneuvers: the loser
//! pushed 1 m straight away, the Core's forced movement and collisions, after the strike's
//! damage): what the collision does to what the damage leaves of the loser, and what the
//! tile it ends on changes of the blows either way.

use super::critical::{Critical, strike_on};
use super::maneuvers::PUSH_MANEUVER_METRES;
use super::stats::Seed001WeaponOf;
use crate::battle::assess::push_direction;
use crate::battle::players::{acts_before, push_worth};
use crate::battle::preview::{Preview, push_preview};
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::grid::Pos;

/// What a collision that takes the last of the loser's vitality adds to its share: the
/// loser Down, as a blow's chance to put it Down counts (`critical::blow_worth`).
const DOWN_WORTH: f64 = 1.0;

impl Critical<'_, '_> {
    /// What the Push brings once the loser's test fails (see `hards_maneuver`): over each
    /// damage the strike may deal that leaves the loser standing, the collision on what is
    /// left of it (`collision_on`), plus, where it stands, what its new tile changes
    /// (`reach_gain`).
    pub(super) fn push_gain(&self) -> f64 {
        let ctx = &self.view.ctx;
        let dir = push_direction(self.a.pos, self.t.pos);
        let push = push_preview(ctx, self.a, self.t, dir, PUSH_MANEUVER_METRES);
        let end = push.end;
        let p = Preview {
            push: Some(push),
            ..Preview::default()
        };
        let vitality = self.t.vitality;
        let crash: f64 = self
            .rolled
            .outcomes()
            .filter(|(d, _)| *d < vitality)
            .map(|(d, chance)| chance.value() * self.collision_on(&p, vitality - d))
            .sum();
        crash + self.stands * self.reach_gain(end)
    }

    /// What the collision in preview `p` is worth with the loser left at `left` vitality:
    /// `players::push_worth` (its share of the loser and of a unit it is pushed into) on
    /// the loser as the strike leaves it, and `DOWN_WORTH` where it takes the rest.
    fn collision_on(&self, p: &Preview, left: i32) -> f64 {
        let mut t = self.t.clone();
        t.vitality = left;
        let down = p
            .push
            .as_ref()
            .and_then(|push| push.collision.as_ref())
            .is_some_and(|c| c.target_damage >= left);
        let worth = push_worth(self.view, self.a, &t, p).unwrap_or(0.0);
        worth + if down { DOWN_WORTH } else { 0.0 }
    }

    /// What the loser's move to `end` changes before its next turn: the opportunity
    /// attacks it no longer makes on spells cast within its reach (`spells_freed`), less
    /// the winner's follow-up blows it leaves (`follow_ups_lost`). Every other striker of
    /// the winner's side acts on a turn of its own, its free metres fresh: a metre's push
    /// neither keeps it out of reach nor brings the loser into it.
    fn reach_gain(&self, end: Pos) -> f64 {
        if end == self.t.pos {
            return 0.0;
        }
        let pushed = self.with_loser(|u| u.pos = end);
        self.spells_freed(&pushed) - self.follow_ups_lost(&pushed)
    }

    /// The winner's strikes left this turn (it is the attacker) times what its best blow
    /// on the loser loses from where it stands in battle `pushed`, where its free metres
    /// cannot take it back into reach.
    fn follow_ups_lost(&self, pushed: &Snapshot) -> f64 {
        if !self.attacker_won || self.a.pool.metres >= PUSH_MANEUVER_METRES {
            return 0.0;
        }
        let lost = self.blow_on_loser(self.view.ctx.snap) - self.blow_on_loser(pushed);
        f64::from(self.strikes_left()) * lost.max(0.0)
    }

    /// The loser's opportunity attacks (presets/Seed001.md: a spell cast within an enemy's
    /// melee reach provokes) on the casters of the winner's side it reaches now and not
    /// from where the push leaves it in battle `pushed`: the winner where it is the
    /// attacker with a strike left this turn (else where its turn comes first), each ally
    /// whose turn comes first; each the loser's best melee blow on it.
    fn spells_freed(&self, pushed: &Snapshot) -> f64 {
        let view = self.view;
        let now = view.ctx.snap;
        let casts = |u: &UnitSnap| u.stats.weapons.iter().any(|w| w.seed001().spell);
        let winner_casts = if self.attacker_won {
            self.strikes_left() > 0
        } else {
            acts_before(view, self.a, self.t)
        };
        let strikers = now
            .allies_of(self.a)
            .filter(|u| u.able() && acts_before(view, u, self.t))
            .chain(winner_casts.then_some(self.a));
        strikers
            .filter(|u| casts(u))
            .filter(|u| self.reaches(now, u) && !self.reaches(pushed, u))
            .map(|u| self.melee_blow(now, u))
            .sum()
    }

    /// Whether the loser, in battle `s`, reaches `u` with a melee blow.
    fn reaches(&self, s: &Snapshot, u: &UnitSnap) -> bool {
        let ctx = self.ctx_of(s);
        s.get(self.t.entity)
            .is_some_and(|t| t.able() && ctx.melee_reaches(t.pos, u.pos, t.stats.melee_reach()))
    }

    /// The loser's best melee blow on `u` in battle `s` (its ranged weapons left out).
    fn melee_blow(&self, s: &Snapshot, u: &UnitSnap) -> f64 {
        let mut t = self.t.clone();
        let stats = std::sync::Arc::make_mut(&mut t.stats);
        stats.weapons.retain(|w| w.is_melee());
        strike_on(&self.ctx_of(s), &t, u)
    }
}
