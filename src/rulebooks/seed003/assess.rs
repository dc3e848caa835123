//! Seed003's pure assessment against a snapshot (presets/Seed003.md, H1–H5, F2–F4, D1):
//! the Defenses, the Flanked state and who may ignore whom, graded cover with posture, and
//! every modifier of an attack or a check with the Defense it meets and the target's
//! Toughness. Resolution, previews and the UI share these.

use super::rules::*;
use crate::battle::assess::Ctx;
use crate::battle::events::{AttackStyle, Effect, Modifier, Reason};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::stats::{Seed003Of, Seed003WeaponOf};
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::combat::DamageType;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ConditionKind;
use crate::rules::unit::Weapon;
use bevy::prelude::Entity;

/// Cover penalties by grade (none, a quarter, half, three quarters, nine tenths) for
/// melee and ranged attacks (H3).
const MELEE_COVER: [i32; 5] = [0, 0, -2, -3, -5];
const RANGED_COVER: [i32; 5] = [0, -1, -2, -3, -5];
/// The best partial cover (nine tenths) that posture can raise cover to.
const BEST_GRADE: u8 = 4;
/// Posture against melee (a bonus) and ranged (a penalty): Prone 3, Crouching 2.
const PRONE_POSTURE: i32 = 3;
const CROUCHING_POSTURE: i32 = 2;

/// Which Defense an attack meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefenseKind {
    Melee,
    Ranged,
}

/// Everything about one attack before its dice: the modifiers, the roll's bonus, the
/// Defense it must reach, and what the damage will subtract.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack3 {
    pub weapon: usize,
    pub ranged: bool,
    pub modifiers: Vec<Modifier>,
    /// Added to 3d6: the weapon's `hit`, the modifiers, and for a penetrating weapon might
    /// and wound damage.
    pub bonus: i32,
    pub defense: i32,
    pub defense_name: &'static str,
    /// Added to a hit's total for the final damage: might and wound damage (none for a
    /// penetrating weapon, which added them to the roll).
    pub damage_bonus: i32,
    pub toughness: i32,
    /// A creature on the line gives the cover, and takes a ranged miss that would hit it.
    pub cover_creature: Option<Entity>,
}

impl Ctx<'_> {
    /// Power Defense: 10 + might + size (H2).
    pub fn power_defense(&self, u: &UnitSnap) -> i32 {
        DEFENSE_BASE + u.stats.might + u.stats.size.value()
    }

    /// Agility Defense: 10 + agility − size, or Immobile 5 − size while Pinned (H2).
    pub fn agility_defense(&self, u: &UnitSnap) -> i32 {
        if u.has(ConditionKind::Pinned) {
            return self.immobile_defense(u);
        }
        DEFENSE_BASE + u.stats.agility - u.stats.size.value()
    }

    pub fn immobile_defense(&self, u: &UnitSnap) -> i32 {
        IMMOBILE_BASE - u.stats.size.value()
    }

    /// The higher of Power and Agility Defense: what Shove, Trip, Pin and Escape meet.
    pub fn maneuver_defense(&self, u: &UnitSnap) -> i32 {
        self.power_defense(u).max(self.agility_defense(u))
    }

    /// The higher of Power and Agility check bonus: might + size or agility − size.
    pub fn better_check(&self, u: &UnitSnap) -> i32 {
        let size = u.stats.size.value();
        (u.stats.might + size).max(u.stats.agility - size)
    }

    /// The melee or ranged Defense an attack meets (H1), Immobile while Pinned, and while
    /// Defending the best of its own + 2 and the Power, Agility, Fortitude and Willpower
    /// Defenses (H4).
    pub fn defense3(&self, u: &UnitSnap, kind: DefenseKind) -> (i32, &'static str) {
        if u.has(ConditionKind::Pinned) {
            return (self.immobile_defense(u), "Immobile Defense");
        }
        let (own, name) = match kind {
            DefenseKind::Melee => (u.stats.evasion, "melee Defense"),
            DefenseKind::Ranged => (u.stats.seed003().ranged_evasion, "ranged Defense"),
        };
        if !u.has(ConditionKind::Defending) {
            return (own, name);
        }
        let s = u.stats.seed003();
        let best = [
            own + DEFEND_BONUS,
            self.power_defense(u),
            self.agility_defense(u),
            DEFENSE_BASE + s.vit,
            DEFENSE_BASE + s.persona,
        ]
        .into_iter()
        .max()
        .unwrap_or(own);
        (best, "Defense (Defending)")
    }

    /// Toughness: vit + size + armor; Poison and Psychic meet it without armor (D1, D2).
    pub fn toughness(&self, u: &UnitSnap, damage_type: DamageType) -> i32 {
        let base = u.stats.seed003().vit + u.stats.size.value();
        match damage_type {
            DamageType::Poison | DamageType::Psychic => base,
            _ => base + u.stats.armor,
        }
    }

    /// The best partial cover grade on the line from `from` to `t`, posture raising
    /// terrain cover (F4); and a creature in the way that gives half cover (ranged only).
    pub fn cover_grade(
        &self,
        attacker: &UnitSnap,
        t: &UnitSnap,
        ranged: bool,
    ) -> (u8, Option<Entity>) {
        let sight = self.grid.sight(attacker.pos, t.pos);
        let mut grade = sight.grade;
        if grade > 0 {
            let raise = if t.has(ConditionKind::Prone) {
                2
            } else {
                u8::from(t.has(ConditionKind::Crouching))
            };
            grade = (grade + raise).min(BEST_GRADE);
        }
        let creature = if ranged && self.rules.creature_cover {
            self.creature_cover(attacker, t, &sight).map(|c| c.entity)
        } else {
            None
        };
        if creature.is_some() {
            grade = grade.max(2);
        }
        (grade, creature)
    }

    /// Whether `a` may attack `t` with weapon `wi` (range, sight, full cover), and every
    /// number of the attack (H1–H5, D1).
    pub fn attack3(
        &self,
        a: &UnitSnap,
        t: &UnitSnap,
        wi: usize,
        style: AttackStyle,
        nonlethal: bool,
    ) -> Result<Attack3, Refusal> {
        let w: &Weapon = a.stats.weapons.get(wi).ok_or(Refusal::NoWeapons)?;
        self.weapon_allowed(a, t, w)?;
        let ranged = !w.is_melee();
        if ranged && (style != AttackStyle::Standard || nonlethal) {
            return Err(Refusal::NotAnOption {
                option: "a Quick, Strong or Nonlethal Attack with a ranged weapon".into(),
            });
        }
        let mut mods = Vec::new();
        let mut m = |reason, n: i32| {
            if n != 0 {
                mods.push(Modifier::actor(reason, Effect::Roll(n)));
            }
        };
        // Posture: a bonus in melee, a penalty at range (H3).
        let posture = if t.has(ConditionKind::Prone) {
            Some((Reason::TargetProne, PRONE_POSTURE))
        } else if t.has(ConditionKind::Crouching) {
            Some((Reason::TargetCrouching, CROUCHING_POSTURE))
        } else {
            None
        };
        let (grade, cover_creature) = self.cover_grade(a, t, ranged);
        let cover = if ranged {
            RANGED_COVER[grade as usize]
        } else {
            MELEE_COVER[grade as usize]
        };
        let cover_reason = match grade {
            1 => Reason::QuarterCover,
            2 if cover_creature.is_some() && self.grid.sight(a.pos, t.pos).grade < 2 => {
                Reason::CreatureCover
            }
            2 => Reason::HalfCover,
            3 => Reason::ThreeQuartersCover,
            _ => Reason::NineTenthsCover,
        };
        match (ranged, posture) {
            // At range only the larger of the posture and cover penalties counts.
            (true, Some((r, p))) if -p < cover => m(r, -p),
            (true, _) => m(cover_reason, cover),
            (false, p) => {
                if let Some((r, p)) = p {
                    m(r, p);
                }
                m(cover_reason, cover);
            }
        }
        // A flanker the target ignores strikes from its rear (+4), instead of flanking's +2.
        if t.own.track().ignoring.contains(&a.entity)
            || self.rules.facing && !crate::rules::grid::in_front_arc(t.facing, t.pos, a.pos)
        {
            m(Reason::RearArc, REAR_BONUS);
        } else if self.flanked_state(t) {
            m(Reason::Flanked, FLANK_BONUS);
        }
        if ranged && a.pos.distance(t.pos) > w.range.0 {
            m(Reason::LongRange, -LONG_RANGE_PENALTY);
        }
        if ranged && a.has(ConditionKind::Harried) {
            m(Reason::Harried, -CONDITION_PENALTY);
        }
        if a.has(ConditionKind::Exhausted) {
            m(Reason::Exhausted, -CONDITION_PENALTY);
        }
        if a.has(ConditionKind::Dazed) {
            m(Reason::Dazed, -CONDITION_PENALTY);
        }
        if nonlethal {
            m(Reason::Nonlethal, -NONLETHAL_PENALTY);
        }
        let strength = a.stats.might + w.seed003().wound_damage;
        if w.seed003().penetrating {
            m(Reason::Penetrating, strength);
        }
        let kind = if ranged {
            DefenseKind::Ranged
        } else {
            DefenseKind::Melee
        };
        let (defense, defense_name) = self.defense3(t, kind);
        let bonus = w.hit + roll_bonus(&mods);
        Ok(Attack3 {
            weapon: wi,
            ranged,
            bonus,
            defense,
            defense_name,
            damage_bonus: if w.seed003().penetrating { 0 } else { strength },
            toughness: self.toughness(t, w.damage_type),
            cover_creature,
            modifiers: mods,
        })
    }

    /// The modifiers of a combat check by `a` (H3's conditions): Exhausted and Dazed, and
    /// Harried for a ranged check.
    pub fn check_modifiers(&self, a: &UnitSnap) -> Vec<Modifier> {
        let mut mods = Vec::new();
        for (has, reason) in [
            (a.has(ConditionKind::Exhausted), Reason::Exhausted),
            (a.has(ConditionKind::Dazed), Reason::Dazed),
        ] {
            if has {
                mods.push(Modifier::actor(reason, Effect::Roll(-CONDITION_PENALTY)));
            }
        }
        mods
    }

    /// Whether `unit` may act out of turn while `active` acts (I4): an able combatant of
    /// another side whose initiative is above 0 and strictly above the active one's, not
    /// Pinned, with AP or yards to act with (a side with nothing to act with is not
    /// asked).
    pub fn may_act_out_of_turn(&self, u: &UnitSnap, active: &UnitSnap) -> bool {
        // With no AP and no yards left it could do nothing: its side is not asked.
        (u.ap > 0 || u.pool.metres > 0)
            && u.able()
            && u.side != active.side
            && !u.has(ConditionKind::Pinned)
            && u.initiative.total > 0
            && u.initiative.total > active.initiative.total
    }

    /// The distance at which a reach weapon may Rebuff: the melee weapon with reach 2 or
    /// more with the longest reach (X1).
    pub fn rebuff_weapon(&self, r: &UnitSnap) -> Option<usize> {
        r.stats
            .weapons
            .iter()
            .enumerate()
            .filter(|(_, w)| w.is_melee() && w.reach >= 2)
            .max_by_key(|(i, w)| (w.reach, std::cmp::Reverse(*i)))
            .map(|(i, _)| i)
    }

    /// The enemies that may Rebuff `mover` stepping from `from` to `to`: each able, seeing
    /// it, with a reach weapon whose reach the step crosses inwards, and the AP (X1).
    pub fn rebuffers(&self, mover: &UnitSnap, from: Pos, to: Pos) -> Vec<Entity> {
        let cost = self.rules.cost(action_names::REBUFF);
        let mut out: Vec<&UnitSnap> = self
            .snap
            .units
            .iter()
            .filter(|r| r.side != mover.side && r.able() && !r.has(ConditionKind::Pinned))
            .filter(|r| r.initiative.total > 0 && cost.is_some_and(|c| r.ap >= c))
            .filter(|r| {
                self.rebuff_weapon(r).is_some_and(|wi| {
                    let reach = r.stats.weapons[wi].reach;
                    let (before, after) = (r.pos.distance(from), r.pos.distance(to));
                    before >= reach
                        && after < reach
                        && after >= 1
                        && self.grid.sight(r.pos, to).targetable()
                })
            })
            .collect();
        out.sort_by_key(|r| (-r.initiative.total, r.index));
        out.into_iter().map(|r| r.entity).collect()
    }
}

/// The sum of the roll modifiers.
pub fn roll_bonus(mods: &[Modifier]) -> i32 {
    mods.iter()
        .map(|m| match m.effect {
            Effect::Roll(n) => n,
            _ => 0,
        })
        .sum()
}
