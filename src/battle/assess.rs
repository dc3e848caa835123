//! Pure assessment of actions against a snapshot: who can reach whom, attack and contest
//! modifiers with their reasons, movement budgets and paths, who reacts to what, and where
//! a push ends. Resolution, the outcome preview and the UI all call these same functions.

use super::components::Conditions;
use super::events::{AttackKind, Effect, Modifier, Obstacle, Reason};
use super::refusal::Refusal;
use super::snapshot::{Snapshot, UnitSnap};
use crate::rules::bonus_dice::KNOCKED_DOWN_DIVISOR;
use crate::rules::combat::RollMode;
use crate::rules::grid::{Dir8, Pos, flanks_arc120, flanks_line, in_front_arc};
use crate::rules::path::Occupancy;
use crate::rules::ruleset::{
    ConditionKind, CoverRule, Flanking, ProneMovement, Ruleset, StanceRule,
};
use crate::rules::terrain::{Sight, TerrainGrid};
use crate::rules::unit::{Stats, Weapon};
use bevy::prelude::Entity;
use std::borrow::Cow;

pub use crate::rules::ruleset::{FLANKING_BONUS, HALF_COVER_EVASION};
/// Evasion from Taking Cover (RULES §5).
pub const TAKING_COVER_EVASION: i32 = 2;
/// The `Penalty` cover variant: to-hit penalties behind low and high cover.
pub const LOW_COVER_PENALTY: i32 = -2;
pub const HIGH_COVER_PENALTY: i32 = -5;
/// Sprint adds this many times `movement` to the pool.
pub const SPRINT_MULTIPLIER: u32 = 4;
/// Shortest charge in metres; the longest is `SPRINT_MULTIPLIER × movement`.
pub const CHARGE_MIN_DISTANCE: u32 = 3;
/// How far a won charge pushes.
pub const CHARGE_PUSH: u32 = 3;
/// How far a won shove pushes.
pub const SHOVE_PUSH: u32 = 1;
/// A collision defence roll is against this plus the pusher's might.
pub const COLLISION_DR_BASE: i32 = 10;

/// What the assessment functions look at.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub snap: &'a Snapshot,
    pub grid: &'a TerrainGrid,
    pub rules: &'a Ruleset,
    /// This round's initiative order, for ordering reactions.
    pub order: &'a [Entity],
}

impl<'a> Ctx<'a> {
    pub fn unit(&self, e: Entity) -> Result<&'a UnitSnap, Refusal> {
        self.snap.get(e).ok_or(Refusal::NotInBattle)
    }

    pub fn order_key(&self, e: Entity) -> usize {
        self.order
            .iter()
            .position(|o| *o == e)
            .unwrap_or(usize::MAX)
    }

    /// Whether `watcher` sees `other` in its front arc (always true when facing is off).
    pub fn in_front(&self, watcher: &UnitSnap, p: Pos) -> bool {
        !self.rules.facing || in_front_arc(watcher.facing, watcher.pos, p)
    }

    /// Whether a melee weapon with `reach` can strike from `from` at `to`: nothing between
    /// blocks sight, and no full cover stands between (RULES §5: reach attacks cannot
    /// target a creature in full cover either).
    pub fn melee_reaches(&self, from: Pos, to: Pos, reach: u32) -> bool {
        let d = from.distance(to);
        d >= 1 && d <= reach && self.grid.sight(from, to).targetable()
    }

    /// Whether the unit could attack `target_pos` in melee right now (for flanking).
    fn threatens_in_melee(&self, u: &UnitSnap, target_pos: Pos) -> bool {
        u.able()
            && !u.has(ConditionKind::Restrained)
            && self.melee_reaches(u.pos, target_pos, u.stats.melee_reach())
    }

    /// Whether `target` is flanked against an attack by `attacker` with `weapon`.
    pub fn flanked(&self, attacker: &UnitSnap, target: &UnitSnap, weapon: &Weapon) -> bool {
        let counts = match self.rules.flanking {
            Flanking::Off => false,
            // A state of the target, whoever attacks (`surround.rs`).
            Flanking::Surround120 => return self.flanked_state(target),
            Flanking::Line => weapon.is_melee(),
            Flanking::Arc120 => {
                weapon.is_melee() || attacker.pos.distance(target.pos) <= weapon.range.0
            }
        };
        counts
            && self.snap.units.iter().any(|b| {
                b.entity != attacker.entity
                    && b.side == attacker.side
                    && self.threatens_in_melee(b, target.pos)
                    && match self.rules.flanking {
                        Flanking::Line => flanks_line(attacker.pos, target.pos, b.pos),
                        Flanking::Arc120 => flanks_arc120(attacker.pos, target.pos, b.pos),
                        Flanking::Off | Flanking::Surround120 => false,
                    }
            })
    }

    /// The index of the weapon to use against `target`: the named one, or the first that
    /// can reach.
    pub fn pick_weapon(
        &self,
        attacker: &UnitSnap,
        target: &UnitSnap,
        name: Option<&str>,
    ) -> Result<usize, Refusal> {
        let weapons = &attacker.stats.weapons;
        let d = attacker.pos.distance(target.pos);
        match name {
            Some(n) => {
                weapons
                    .iter()
                    .position(|w| w.name == n)
                    .ok_or_else(|| Refusal::NoSuchWeapon {
                        weapon: n.to_string(),
                        weapons: weapons.iter().map(|w| w.name.clone()).collect(),
                    })
            }
            None if weapons.is_empty() => Err(Refusal::NoWeapons),
            None => weapons
                .iter()
                .position(|w| w.in_range(d, self.rules.range_bands))
                .ok_or_else(|| Refusal::NoWeaponReaches {
                    target: target.name.to_string(),
                    distance: d,
                }),
        }
    }

    /// Whether `attacker` may attack `target` with weapon `wi` at all (range, sight, full
    /// cover); the line between them, traced once, for the rest of the assessment.
    pub fn attack_allowed(
        &self,
        attacker: &UnitSnap,
        target: &UnitSnap,
        wi: usize,
    ) -> Result<Sight, Refusal> {
        let w = attacker.stats.weapons.get(wi).ok_or(Refusal::NoWeapons)?;
        self.weapon_allowed(attacker, target, w)
    }

    /// Whether a Down combatant can still be attacked: as the rulebook says, the Dead never.
    fn finishable(&self, target: &UnitSnap) -> bool {
        self.rules.rulebook.book().finishable(target) && !target.has(ConditionKind::Dead)
    }

    /// [`Self::attack_allowed`] for any weapon, bare hands included.
    pub fn weapon_allowed(
        &self,
        attacker: &UnitSnap,
        target: &UnitSnap,
        w: &Weapon,
    ) -> Result<Sight, Refusal> {
        let name = || target.name.to_string();
        if attacker.is_down() {
            return Err(Refusal::Down {
                unit: attacker.name.to_string(),
            });
        }
        if target.is_down() && !self.finishable(target) {
            return Err(Refusal::TargetDown { target: name() });
        }
        if target.side == attacker.side {
            return Err(Refusal::Ally { target: name() });
        }
        if target.hidden_from(attacker.side) {
            return Err(Refusal::Hidden { target: name() });
        }
        let distance = attacker.pos.distance(target.pos);
        if w.is_melee() && distance > w.reach {
            return Err(Refusal::OutOfReach {
                target: name(),
                distance,
                weapon: w.name.clone(),
                reach: w.reach,
            });
        }
        let max_range = w.max_range(self.rules.range_bands);
        if !w.is_melee() && distance > max_range {
            return Err(Refusal::OutOfRange {
                target: name(),
                distance,
                weapon: w.name.clone(),
                long_range: max_range,
            });
        }
        let sight = self.grid.sight(attacker.pos, target.pos);
        if !sight.clear {
            return Err(if w.is_melee() {
                Refusal::WallBetween { target: name() }
            } else {
                Refusal::NoLineOfSight {
                    target: name(),
                    blocked_by: self.grid.blocker_named(&sight),
                }
            });
        }
        // Full cover cannot be targeted, by ranged or by reach attacks (RULES §5).
        if sight.full_cover {
            return Err(Refusal::FullCover { target: name() });
        }
        Ok(sight)
    }

    /// The creature giving `target` cover against a ranged attack from `attacker`: the
    /// able creature nearest the target on the line, at least the target's size, that is
    /// not Taking Cover.
    pub fn creature_cover(
        &self,
        attacker: &UnitSnap,
        target: &UnitSnap,
        sight: &Sight,
    ) -> Option<&'a UnitSnap> {
        // A creature Taking Cover covers nobody (Core), or only the smaller (Seed000); a
        // hidden one covers nobody.
        let covers = |c: &UnitSnap| match self.rules.stances {
            StanceRule::Contests => {
                c.stats.size >= target.stats.size && !c.has(ConditionKind::TakingCover)
            }
            StanceRule::DefenceRolls if c.has(ConditionKind::TakingCover) => {
                c.stats.size > target.stats.size
            }
            StanceRule::DefenceRolls => c.stats.size >= target.stats.size,
        };
        sight.between.iter().rev().find_map(|p| {
            self.snap.units.iter().find(|c| {
                c.pos == *p
                    && c.able()
                    && c.entity != attacker.entity
                    && !c.concealment.hidden()
                    && covers(c)
            })
        })
    }

    /// Seed000's leaning (presets/Seed000.md): where a ranged attack that its own tile
    /// cannot make is measured from instead — the attacker's lean tile, else the target's
    /// (which then has half cover). Borrowed positions when nobody leans.
    pub fn line_of_attack<'b>(
        &self,
        attacker: &'b UnitSnap,
        target: &'b UnitSnap,
        wi: usize,
    ) -> Result<(Cow<'b, UnitSnap>, Cow<'b, UnitSnap>, Sight), Refusal> {
        let refused = match self.attack_allowed(attacker, target, wi) {
            Ok(sight) => return Ok((Cow::Borrowed(attacker), Cow::Borrowed(target), sight)),
            Err(r) => r,
        };
        let ranged = attacker
            .stats
            .weapons
            .get(wi)
            .is_some_and(|w| !w.is_melee());
        let from_afar = matches!(
            refused,
            Refusal::NoLineOfSight { .. } | Refusal::FullCover { .. } | Refusal::OutOfRange { .. }
        );
        if !(self.rules.leaning && ranged && from_afar) {
            return Err(refused);
        }
        let moved = |u: &UnitSnap, p: Pos| {
            let mut c = u.clone();
            c.pos = p;
            c
        };
        if let Some(l) = attacker.concealment.lean {
            let a = moved(attacker, l);
            if let Ok(sight) = self.attack_allowed(&a, target, wi) {
                return Ok((Cow::Owned(a), Cow::Borrowed(target), sight));
            }
        }
        if let Some(l) = target.concealment.lean {
            let t = moved(target, l);
            if let Ok(sight) = self.attack_allowed(attacker, &t, wi) {
                return Ok((Cow::Borrowed(attacker), Cow::Owned(t), sight));
            }
        }
        Err(refused)
    }

    /// Every modifier of an attack, the roll mode, the bonus and the effective Evasion.
    pub fn assess_attack(
        &self,
        attacker: &UnitSnap,
        target: &UnitSnap,
        wi: usize,
    ) -> Result<AttackAssessment, Refusal> {
        let (a, t, sight) = self.line_of_attack(attacker, target, wi)?;
        let w = &attacker.stats.weapons[wi];
        let mut mods = self.attack_modifiers(&a, &t, w);
        if a.pos != attacker.pos {
            // Leaning out: an adjacent enemy still counts from the attacker's own tile.
            let adjacent = self.enemy_adjacent(attacker) && self.rules.ranged_in_melee;
            mods.retain(|m| m.reason != Reason::EnemyAdjacent);
            if adjacent {
                mods.push(Modifier::actor(Reason::EnemyAdjacent, Effect::Disadvantage));
            }
        }
        let cover_creature = self.cover_modifiers(&a, &t, w, &sight, &mut mods);
        let covered = |m: &Modifier| matches!(m.reason, Reason::HalfCover | Reason::CreatureCover);
        if t.pos != target.pos && !mods.iter().any(covered) {
            mods.push(Modifier::actor(
                Reason::TargetLeaning,
                Effect::Evasion(HALF_COVER_EVASION),
            ));
        }
        Ok(AttackAssessment::from_modifiers(
            wi,
            w.hit,
            target.stats.evasion,
            mods,
            cover_creature,
        ))
    }

    /// Whether a standing enemy that `u` knows of stands next to it.
    fn enemy_adjacent(&self, u: &UnitSnap) -> bool {
        self.snap.units.iter().any(|o| {
            o.side != u.side && o.able() && !o.hidden_from(u.side) && o.pos.is_adjacent(u.pos)
        })
    }

    /// The modifiers of RULES §5 that come from positions and conditions: flanking, Prone,
    /// the rear arc, shooting next to an enemy or beyond normal range, Defending, and the
    /// attacker's own Dazed, Restrained or Grappling.
    fn attack_modifiers(
        &self,
        attacker: &UnitSnap,
        target: &UnitSnap,
        w: &Weapon,
    ) -> Vec<Modifier> {
        let mut mods = Vec::new();
        let mut m = |reason, effect| mods.push(Modifier::actor(reason, effect));
        if self.flanked(attacker, target, w) {
            m(Reason::Flanked, Effect::Roll(FLANKING_BONUS));
        }
        if attacker.hidden_from(target.side) {
            m(Reason::Unseen, Effect::Advantage);
        }
        if target.has(ConditionKind::Prone) {
            let effect = if w.is_melee() {
                Effect::Advantage
            } else {
                Effect::Disadvantage
            };
            m(Reason::TargetProne, effect);
        }
        if self.rules.facing && !in_front_arc(target.facing, target.pos, attacker.pos) {
            m(Reason::RearArc, Effect::Advantage);
        }
        if !w.is_melee() {
            if self.enemy_adjacent(attacker) && self.rules.ranged_in_melee {
                m(Reason::EnemyAdjacent, Effect::Disadvantage);
            }
            if self.rules.range_bands && attacker.pos.distance(target.pos) > w.range.0 {
                m(Reason::LongRange, Effect::Disadvantage);
            }
        }
        if target.has(ConditionKind::Defending) {
            m(Reason::TargetDefending, Effect::Disadvantage);
        }
        for (kind, reason) in [
            (ConditionKind::Dazed, Reason::Dazed),
            (ConditionKind::Restrained, Reason::Restrained),
            (ConditionKind::Grappling, Reason::Grappling),
        ] {
            let penalised = kind == ConditionKind::Dazed || self.rules.grapple_penalties;
            if attacker.has(kind) && penalised {
                m(reason, Effect::Disadvantage);
            }
        }
        mods
    }

    /// Half cover (terrain or a creature in the way) against a ranged attack, and Taking
    /// Cover against any attack, under the ruleset's cover rule (RULES §5, §11). Returns the
    /// creature whose body alone gives the cover (a miss may hit it).
    fn cover_modifiers(
        &self,
        attacker: &UnitSnap,
        target: &UnitSnap,
        w: &Weapon,
        sight: &Sight,
        mods: &mut Vec<Modifier>,
    ) -> Option<Entity> {
        let mut m = |reason, effect| mods.push(Modifier::actor(reason, effect));
        let taking_cover =
            target.has(ConditionKind::TakingCover) && self.grid.next_to_half_cover(target.pos);
        let mut cover_creature = None;
        let mut high_cover = false;
        let creature = (!w.is_melee() && self.rules.creature_cover)
            .then(|| self.creature_cover(attacker, target, sight))
            .flatten();
        if !w.is_melee() && (sight.half_cover || creature.is_some()) {
            let reason = if sight.half_cover {
                Reason::HalfCover
            } else {
                cover_creature = creature.map(|c| c.entity);
                Reason::CreatureCover
            };
            match self.rules.cover {
                CoverRule::Evasion | CoverRule::GuardArmor => {
                    m(reason, Effect::Evasion(HALF_COVER_EVASION))
                }
                CoverRule::Penalty if taking_cover => {
                    high_cover = true;
                    m(Reason::HighCover, Effect::Roll(HIGH_COVER_PENALTY));
                }
                CoverRule::Penalty => m(Reason::LowCover, Effect::Roll(LOW_COVER_PENALTY)),
                // Seed003 grades its cover in its own assessment (its folder's `assess.rs`).
                CoverRule::Graded => m(reason, Effect::Roll(LOW_COVER_PENALTY)),
            }
        }
        if taking_cover && !high_cover {
            m(Reason::TakingCover, Effect::Evasion(TAKING_COVER_EVASION));
        }
        cover_creature
    }
}

/// The result of assessing an attack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackAssessment {
    pub weapon: usize,
    pub mode: RollMode,
    /// Weapon hit plus flat roll modifiers.
    pub bonus: i32,
    /// Effective Evasion.
    pub evasion: i32,
    pub modifiers: Vec<Modifier>,
    /// The creature whose body gives the target cover (misses may hit it).
    pub cover_creature: Option<Entity>,
}

impl AttackAssessment {
    fn from_modifiers(
        weapon: usize,
        hit: i32,
        evasion: i32,
        modifiers: Vec<Modifier>,
        cover_creature: Option<Entity>,
    ) -> Self {
        let mut bonus = hit;
        let mut ev = evasion;
        let (mut adv, mut dis) = (0, 0);
        for m in &modifiers {
            match m.effect {
                Effect::Roll(n) => bonus += n,
                Effect::Evasion(n) => ev += n,
                Effect::Advantage => adv += 1,
                Effect::Disadvantage => dis += 1,
                // Seed004's dice and Guard are read by `guard.rs`.
                Effect::Charge(_)
                | Effect::Challenge(_)
                | Effect::Guard(_)
                | Effect::GuardHalved
                | Effect::Armor(_) => {}
            }
        }
        AttackAssessment {
            weapon,
            mode: RollMode::from_sources(adv, dis),
            bonus,
            evasion: ev,
            modifiers,
            cover_creature,
        }
    }
}

/// What a pushed creature runs into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collision {
    pub obstacle: Obstacle,
    /// The creature hit, if it is one.
    pub occupant: Option<Entity>,
    /// The tile it could not enter.
    pub at: Pos,
}

/// Metres one AP buys a combatant with these stats and conditions: its `movement`, halved
/// while Grappling (RULES §9); Knocked Down under Seed004, a quarter of it (at least 1).
/// Read from components directly by the schedule and Sprint.
pub fn metres_per_ap(rules: &Ruleset, stats: &Stats, conditions: &Conditions) -> u32 {
    let movement = if conditions.has(ConditionKind::Grappling) {
        stats.movement / 2
    } else {
        stats.movement
    };
    let quarter = rules.prone_movement == ProneMovement::QuarterPool;
    if quarter && conditions.has(ConditionKind::Prone) {
        (movement / KNOCKED_DOWN_DIVISOR).max(1)
    } else {
        movement
    }
}

/// What `other`'s tile is to `mover`: allies, the Down and enemies two or more sizes apart
/// can be passed through; other enemies block.
pub fn occupancy_of(mover: &UnitSnap, other: &UnitSnap) -> Occupancy {
    let size_gap = (other.stats.size.rank() - mover.stats.size.rank()).abs();
    if other.hidden_from(mover.side) {
        // The mover does not know it is there (Seed000): a walk that runs into it stops.
        Occupancy::Empty
    } else if other.side == mover.side || other.is_down() || size_gap >= 2 {
        Occupancy::PassThrough
    } else {
        Occupancy::Blocked
    }
}

/// Where a push takes its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushPlan {
    pub dir: Dir8,
    pub distance: u32,
    /// Tiles entered, in order.
    pub steps: Vec<Pos>,
    pub end: Pos,
    pub collision: Option<Collision>,
}

/// The direction in which `pusher` pushes `target`: straight away, to the nearest of 8.
pub fn push_direction(pusher: Pos, target: Pos) -> Dir8 {
    Dir8::towards(pusher, target).unwrap_or(Dir8::N)
}

/// Which attack kind a reaction makes.
pub fn attack_kind_of(kind: super::events::ReactionKind) -> AttackKind {
    use super::events::ReactionKind as R;
    match kind {
        R::Opportunity => AttackKind::Opportunity,
        R::Swift => AttackKind::Swift,
        R::Opening => AttackKind::Opening,
        R::Readied => AttackKind::Readied,
        // A rulebook's own: as its words say (Seed003's Rebuff strikes a mover).
        R::Own(_) if kind.words().is_some_and(|w| w.strikes_mover) => AttackKind::Opportunity,
        R::Own(_) => AttackKind::Opening,
    }
}
