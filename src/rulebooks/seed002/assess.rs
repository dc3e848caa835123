//! Seed002's attacks as the assessment sees them (presets/Seed002.md, H1–H7, C1–C6): the
//! weapon (bare hands included), the AV or the Miss Chance before the Ranged Evasion roll,
//! who rolls with advantage or disadvantage and why, whether armor can count, and what a
//! maneuver needs. Resolution (`attack.rs`) and the odds (`odds.rs`) read these.

use super::Seed002Refusal;
use crate::battle::assess::Ctx;
use crate::battle::events::{Effect, Modifier, Party, Reason};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed002::footing_state::Seed002Footing;
use crate::rulebooks::seed002::reports::Maneuver002;
use crate::rulebooks::seed002::stats::{Seed002Of, Seed002WeaponOf};
use crate::rules::combat::{RollMode, Size};
use crate::rules::dice::DiceExpr;
use crate::rules::grid::in_front_arc;
use crate::rules::ruleset::{ConditionKind, Flanking};
use crate::rules::unit::{Weapon, WeaponKind};

/// A maneuver's AV is the weapon's less this (C3, C4, C6).
pub const MANEUVER_AV_PENALTY: i32 = 5;
/// Bare hands: AV 15 + (might + agility) / 3, damage (might + agility) / 3, at least 1.
pub const UNARMED_AV: i32 = 15;
pub const UNARMED_DIVISOR: i32 = 3;
/// The Miss Chance starts at this less the weapon's accuracy (H4).
pub const MISS_CHANCE_BASE: i32 = 8;
/// Miss Chance for a target that has not moved this round, and one that Sprinted.
pub const STILL_TARGET: i32 = -5;
pub const SPRINTING_TARGET: i32 = 5;
/// Miss Chance behind half cover.
pub const COVER_MISS_CHANCE: i32 = 2;
/// AV for a flanked target, when a level switches flanking on (M8).
pub const FLANKING_AV: i32 = 2;

/// Everything about a Seed002 attack before its dice.
#[derive(Clone, Debug, PartialEq)]
pub struct AvAssessment {
    pub weapon: Weapon,
    pub ranged: bool,
    /// Melee: the AV the Evasion roll must not pass (a maneuver's −5 included).
    pub av: i32,
    /// A maneuver's AV before its −5: the Fortitude roll must pass it.
    pub maneuver_av: i32,
    /// The attacker's Combat or Hit roll.
    pub combat_mode: RollMode,
    /// The defender's Evasion (melee) or Ranged Evasion roll: its bonus and mode.
    pub evasion_bonus: i32,
    pub evasion_mode: RollMode,
    /// The defender's Fortitude bonus, and whether it rolls with disadvantage.
    pub fortitude: i32,
    pub fortitude_disadvantage: bool,
    /// The defender is Defending: it wins ties.
    pub defending: bool,
    /// The defender is Unconscious: it rolls no defence.
    pub unconscious: bool,
    /// A Coup (D4): no Evasion roll, and one at 0 Aura that it hurts is Dead.
    pub coup: bool,
    /// Armor counts when the Combat roll is under this (and it is no critical).
    pub coverage: i32,
    /// Ranged: the Miss Chance before the Ranged Evasion roll.
    pub miss_base: i32,
    /// Ranged: the parts of `miss_base` (H4), for the log.
    pub miss_parts: Vec<(String, i32)>,
    /// The actor is left Unguarded once the maneuver resolves (C2).
    pub unguards_actor: bool,
    pub modifiers: Vec<Modifier>,
}

impl AvAssessment {
    /// Whether a hit with this Combat roll meets the target's armor (H7).
    pub fn armor_applies(&self, combat: u32) -> bool {
        combat != 20 && (combat as i32) < self.coverage
    }
}

/// Bare hands for a combatant (Seed002's Unarmed Attack).
pub fn unarmed(u: &UnitSnap) -> Weapon {
    let v = (u.stats.might + u.stats.agility).div_euclid(UNARMED_DIVISOR);
    let mut w = Weapon::fists();
    w.damage = DiceExpr::new(0, 1, v.max(1));
    w.seed002_mut().av = UNARMED_AV + v;
    w
}

/// The Miss Chance's size part: Tiny +4, Small +2, Medium 0, Large −2, Huge −4.
pub fn size_miss_chance(size: Size) -> i32 {
    -2 * size.rank()
}

impl Ctx<'_> {
    /// The numbers of an attack by `a` on `t` with weapon `wi` (`None`: bare hands), a
    /// maneuver or not, made as a Swift Attack or not, a Coup (D4) or not.
    pub fn av_assessment(
        &self,
        a: &UnitSnap,
        t: &UnitSnap,
        wi: Option<usize>,
        maneuver: Option<Maneuver002>,
        swift: bool,
        coup: bool,
    ) -> Result<AvAssessment, Refusal> {
        let weapon = match wi {
            Some(i) => a.stats.weapons.get(i).cloned().ok_or(Refusal::NoWeapons)?,
            None => unarmed(a),
        };
        let sight = self.weapon_allowed(a, t, &weapon)?;
        // An Unconscious enemy may be struck or shot (D4, H1, H4), not tripped, pushed or
        // held: it has no footing or Fortitude roll to meet a maneuver with.
        if maneuver.is_some() && t.is_down() {
            return Err(Refusal::TargetDown {
                target: t.name.to_string(),
            });
        }
        if coup && !t.has(ConditionKind::Unconscious) {
            let target = t.name.to_string();
            return Err(Seed002Refusal::NotUnconscious { target }.into());
        }
        let ranged = weapon.kind == WeaponKind::Ranged;
        let s = t.stats.seed002();
        let mut mods = Vec::new();
        let mut m = |reason, effect, party| {
            mods.push(Modifier {
                reason,
                effect,
                party,
            })
        };
        // H6: the attacker's own state.
        for (kind, reason) in [
            (ConditionKind::Dazed, Reason::Dazed),
            (ConditionKind::Blinded, Reason::Blinded),
        ] {
            if a.has(kind) {
                m(reason, Effect::Disadvantage, Party::Actor);
            }
        }
        // H6: the defender's state and the rear arc.
        let rear = self.rules.facing && !in_front_arc(t.facing, t.pos, a.pos);
        for (on, reason) in [
            (t.has(ConditionKind::Dazed), Reason::Dazed),
            (t.has(ConditionKind::Surprised), Reason::Surprised),
            (t.has(ConditionKind::Prone), Reason::TargetProne),
            (t.has(ConditionKind::Blinded), Reason::Blinded),
            (rear, Reason::RearArc),
        ] {
            if on {
                m(reason, Effect::Disadvantage, Party::Target);
            }
        }
        let exposed = t.has(ConditionKind::Exposed);
        let guarded_maneuver = maneuver.is_some() && !swift && !exposed;
        if guarded_maneuver {
            m(Reason::TargetGuarded, Effect::Advantage, Party::Target);
        }
        let mut miss_parts = Vec::new();
        let mut evasion_bonus = s.melee_evasion;
        if ranged {
            let d = a.pos.distance(t.pos);
            let w = &weapon;
            if d <= w.seed002().close {
                m(Reason::CloseRange, Effect::Advantage, Party::Actor);
            } else if d > w.range.0 {
                m(Reason::LongRange, Effect::Disadvantage, Party::Actor);
            }
            let movement = if t.own.footing().sprinted {
                SPRINTING_TARGET
            } else if t.own.footing().moved == 0 {
                STILL_TARGET
            } else {
                0
            };
            let creature = self.rules.creature_cover && self.creature_cover(a, t, &sight).is_some();
            let cover = if sight.half_cover || creature {
                m(
                    Reason::HalfCover,
                    Effect::Roll(COVER_MISS_CHANCE),
                    Party::Target,
                );
                COVER_MISS_CHANCE
            } else {
                0
            };
            let moved = if t.own.footing().sprinted {
                "sprinted"
            } else if t.own.footing().moved == 0 {
                "has not moved"
            } else {
                "moved"
            };
            miss_parts = vec![
                (
                    format!("(8 - accuracy {})", w.seed002().accuracy),
                    MISS_CHANCE_BASE - w.seed002().accuracy,
                ),
                (
                    format!("size {:?}", t.stats.size),
                    size_miss_chance(t.stats.size),
                ),
                (moved.to_string(), movement),
                ("cover".to_string(), cover),
            ];
            evasion_bonus = s.ranged_evasion;
        } else if rear {
            evasion_bonus -= s.guard;
        }
        let penalty = if maneuver.is_some() {
            MANEUVER_AV_PENALTY
        } else {
            0
        };
        let flanked =
            !ranged && self.rules.flanking != Flanking::Off && self.flanked(a, t, &weapon);
        let flank = if flanked {
            m(Reason::Flanked, Effect::Roll(FLANKING_AV), Party::Actor);
            FLANKING_AV
        } else {
            0
        };
        let mode = |party: Party| {
            let count = |e| {
                mods.iter()
                    .filter(|x| x.party == party && x.effect == e)
                    .count()
            };
            RollMode::from_sources(count(Effect::Advantage), count(Effect::Disadvantage))
        };
        let (combat_mode, evasion_mode) = (mode(Party::Actor), mode(Party::Target));
        let coup = coup && !ranged && maneuver.is_none();
        Ok(AvAssessment {
            av: weapon.seed002().av + flank - penalty,
            maneuver_av: weapon.seed002().av + flank,
            ranged,
            combat_mode,
            evasion_bonus,
            evasion_mode,
            fortitude: s.fortitude,
            fortitude_disadvantage: t.has(ConditionKind::Dazed) || t.has(ConditionKind::Surprised),
            defending: t.has(ConditionKind::Defending),
            unconscious: t.has(ConditionKind::Unconscious),
            coup,
            coverage: s.coverage,
            miss_base: miss_parts.iter().map(|(_, n)| n).sum(),
            miss_parts,
            unguards_actor: guarded_maneuver,
            modifiers: mods,
            weapon,
        })
    }
}
