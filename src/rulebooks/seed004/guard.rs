//! Seed004's attacks as the assessment sees them (presets/Seed004.md, "Hit resolution",
//! "Cover"): the weapon struck with, the effective Guard and its parts, the Charges and
//! Challenges of the attack and damage rolls, who may Dodge and with what dice, and the
//! dice of contests. Resolution is in `attack.rs`; exact odds in `guard_odds.rs`.

use crate::battle::assess::Ctx;
use crate::battle::events::{Effect, Modifier, Party, Reason};
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed004::stats::{Seed004Of, Seed004WeaponOf};
use crate::rules::bonus_dice::{DiceSpec, KNOCKED_DOWN_DIVISOR, chance_beats, roll_spread};
use crate::rules::grid::in_front_arc;
use crate::rules::ruleset::ConditionKind;
use crate::rules::terrain::{Cover, Sight};
use crate::rules::unit::{BonusDiceKind, Stats, Weapon};

/// Guard per size step the attacker is larger than its target [004:87].
pub const GUARD_PER_SIZE_STEP: i32 = 5;
/// Cover against ranged attacks [004:93-96]: (Guard, armor).
pub const LIGHT_COVER: (i32, i32) = (10, 0);
pub const PARTIAL_COVER: (i32, i32) = (3, 5);
pub const FULL_COVER: (i32, i32) = (5, 10);
/// Challenges of an off-hand blow, on attack and damage [004:21].
pub const OFF_HAND_CHALLENGES: u32 = 2;
/// Vigor prices [004:21,22,29,31,32].
pub const DODGE_COST: i32 = 5;
pub const DODGE_COST_DEFENDING: i32 = 3;
pub const OPENING_COST: i32 = 5;
pub const READIED_COST: i32 = 5;
pub const OFF_HAND_COST: i32 = 8;
/// Winded ends at a Recovery that leaves at least this much Vigor [004:43].
pub const WINDED_UNTIL: i32 = 5;
/// A collision occupant's d20 + strength dice must beat this to halve the damage.
pub const COLLISION_GUARD: i32 = 15;
/// First Aid's d20 + medicine dice must beat this [004:28].
pub const FIRST_AID_TARGET: i32 = 20;
/// The die of Durability that First Aid restores.
pub const FIRST_AID_DIE: u32 = 10;

/// What a reaction costs in Vigor, and its name in the log.
pub fn vigor_price(kind: crate::rules::actions::ReactionKind) -> (i32, &'static str) {
    use crate::rules::actions::ReactionKind as R;
    match kind {
        R::Readied => (READIED_COST, "readied attack"),
        super::action_names::DODGE_REACTION => (DODGE_COST, "Dodge"),
        R::Opportunity | R::Swift | R::Opening => (OPENING_COST, "Take Opening"),
        R::Own(_) => (0, kind.name()),
    }
}

/// Everything about a Seed004 attack before its dice.
#[derive(Clone, Debug, PartialEq)]
pub struct GuardAssessment {
    pub weapon: Weapon,
    /// d20 plus these: the attacker's agility dice.
    pub attack: DiceSpec,
    /// The damage's bonus dice (strength or skill), beside the weapon's own dice.
    pub damage: DiceSpec,
    /// The effective Guard the attack total must beat.
    pub guard: i32,
    /// Cover's armor against the blow's physical damage.
    pub cover_armor: i32,
    /// Charges, Challenges and the parts of Guard, for the log and the preview.
    pub modifiers: Vec<Modifier>,
}

/// The weapon struck with: one of the attacker's, or bare hands (`None`).
pub fn weapon_of(stats: &Stats, index: Option<usize>) -> Weapon {
    index
        .and_then(|i| stats.weapons.get(i).cloned())
        .unwrap_or_else(Weapon::fists)
}

/// The off-hand weapon: the second melee weapon, else bare hands [004:21].
pub fn off_hand_weapon(stats: &Stats) -> Option<usize> {
    stats
        .weapons
        .iter()
        .enumerate()
        .filter(|(_, w)| w.is_melee())
        .nth(1)
        .map(|(i, _)| i)
}

/// A roller's own Challenges: Wounded, and Dazed (not on damage).
fn own_challenges(u: &UnitSnap, damage: bool, mods: &mut Vec<Modifier>, party: Party) {
    let mut m = |reason| {
        mods.push(Modifier {
            reason,
            effect: Effect::Challenge(1),
            party,
        })
    };
    if u.has(ConditionKind::Wounded) {
        m(Reason::Wounded);
    }
    if !damage && u.has(ConditionKind::Dazed) {
        m(Reason::Dazed);
    }
}

/// Total Charges and Challenges of one party in a list of modifiers.
pub fn steps(mods: &[Modifier], party: Party) -> (u32, u32) {
    mods.iter()
        .filter(|m| m.party == party)
        .fold((0, 0), |(c, h), m| match m.effect {
            Effect::Charge(n) => (c + n, h),
            Effect::Challenge(n) => (c, h + n),
            _ => (c, h),
        })
}

/// The bonus dice a weapon's damage adds.
pub fn damage_dice_count(stats: &Stats, w: &Weapon) -> u32 {
    match w.seed004().bonus_dice {
        BonusDiceKind::Strength => stats.seed004().strength_dice,
        BonusDiceKind::Skill => stats.seed004().skill_dice,
        BonusDiceKind::None => 0,
    }
}

impl Ctx<'_> {
    /// Whether `target` is Unaware of `attacker`: Ambushed, or when this turn began it
    /// could not see the tile where the attacker stood (a blind spot: presets/Seed004.md).
    pub fn unaware(&self, target: &UnitSnap, attacker: &UnitSnap) -> bool {
        let from = target.flags.stood_at.unwrap_or(target.pos);
        let there = attacker.flags.stood_at.unwrap_or(attacker.pos);
        target.has(ConditionKind::Ambushed) || !self.grid.sight(from, there).clear
    }

    /// The attack's numbers. `sight` is the line already checked by `attack_allowed`.
    pub fn guard_assessment(
        &self,
        a: &UnitSnap,
        t: &UnitSnap,
        weapon: Weapon,
        off_hand: bool,
        sight: &Sight,
    ) -> GuardAssessment {
        let mut mods = Vec::new();
        let charge = weapon.seed004().charge;
        if charge > 0 {
            mods.push(Modifier::actor(
                Reason::WeaponCharge,
                Effect::Charge(charge),
            ));
        }
        if off_hand {
            mods.push(Modifier::actor(
                Reason::OffHand,
                Effect::Challenge(OFF_HAND_CHALLENGES),
            ));
        }
        own_challenges(a, false, &mut mods, Party::Actor);
        for (kind, reason) in [
            (ConditionKind::Restrained, Reason::Restrained),
            (ConditionKind::Grappling, Reason::Grappling),
        ] {
            if a.has(kind) {
                mods.push(Modifier::actor(reason, Effect::Challenge(1)));
            }
        }
        if !weapon.is_melee() {
            if a.pos.distance(t.pos) > weapon.range.0 {
                mods.push(Modifier::actor(Reason::LongRange, Effect::Challenge(1)));
            }
            if t.has(ConditionKind::Prone) {
                mods.push(Modifier::actor(Reason::TargetProne, Effect::Challenge(1)));
            }
        }
        let (charges, challenges) = steps(&mods, Party::Actor);
        let attack = DiceSpec::new(a.stats.seed004().agility_dice, charges, challenges);
        // Damage takes the Charges, but only the Challenges marked "and damage".
        let damage_challenges = u32::from(a.has(ConditionKind::Wounded))
            + if off_hand { OFF_HAND_CHALLENGES } else { 0 };
        let damage = DiceSpec::new(
            damage_dice_count(&a.stats, &weapon),
            charges,
            damage_challenges,
        );
        let (guard, cover_armor) = self.effective_guard(a, t, &weapon, sight, &mut mods);
        GuardAssessment {
            weapon,
            attack,
            damage,
            guard,
            cover_armor,
            modifiers: mods,
        }
    }

    /// Guard, in order: the stat; +5 per size step the attacker is larger; halved, rounded
    /// up, when the target is Unaware and has the attacker behind; + cover (ranged only,
    /// the best Guard and the best armor). Returns Guard and cover's armor.
    fn effective_guard(
        &self,
        a: &UnitSnap,
        t: &UnitSnap,
        weapon: &Weapon,
        sight: &Sight,
        mods: &mut Vec<Modifier>,
    ) -> (i32, i32) {
        let mut guard = t.stats.seed004().guard;
        let larger = a.stats.size.rank() - t.stats.size.rank();
        if larger > 0 {
            let bonus = GUARD_PER_SIZE_STEP * larger;
            guard += bonus;
            mods.push(Modifier::actor(Reason::LargerSize, Effect::Guard(bonus)));
        }
        let behind = !self.rules.facing || !in_front_arc(t.facing, t.pos, a.pos);
        if behind && self.unaware(t, a) {
            guard = (guard + 1).div_euclid(2);
            mods.push(Modifier::actor(Reason::UnawareBehind, Effect::GuardHalved));
        }
        if weapon.is_melee() {
            return (guard, 0);
        }
        // Not cumulative: the best Guard and the best armor of the covers that apply.
        let light = sight.light_cover || self.grid.cover(t.pos) == Cover::Light;
        let partial = sight.half_cover.then(|| {
            if t.has(ConditionKind::TakingCover) {
                (Reason::FullCover, FULL_COVER)
            } else {
                (Reason::PartialCover, PARTIAL_COVER)
            }
        });
        let covers = light
            .then_some((Reason::LightCover, LIGHT_COVER))
            .into_iter()
            .chain(partial);
        let best_guard = covers.clone().max_by_key(|(_, (g, _))| *g);
        let best_armor = covers
            .filter(|(_, (_, ar))| *ar > 0)
            .max_by_key(|(_, (_, ar))| *ar);
        if let Some((reason, (g, _))) = best_guard {
            guard += g;
            mods.push(Modifier::actor(reason, Effect::Guard(g)));
        }
        let cover_armor = best_armor.map_or(0, |(reason, (_, ar))| {
            mods.push(Modifier::actor(reason, Effect::Armor(ar)));
            ar
        });
        (guard, cover_armor)
    }

    /// What a Dodge costs the target: 3 Vigor while Defending, else 5.
    pub fn dodge_cost(&self, t: &UnitSnap) -> i32 {
        if t.has(ConditionKind::Defending) {
            DODGE_COST_DEFENDING
        } else {
            DODGE_COST
        }
    }

    /// The Dodge roll's dice: speed dice (a quarter when Knocked Down), with the dodger's
    /// own Challenges.
    pub fn dodge_dice(&self, t: &UnitSnap) -> (DiceSpec, Vec<Modifier>) {
        let mut mods = Vec::new();
        own_challenges(t, false, &mut mods, Party::Target);
        let (charges, challenges) = steps(&mods, Party::Target);
        let mut count = t.stats.seed004().speed_dice;
        if t.has(ConditionKind::Prone) {
            count /= KNOCKED_DOWN_DIVISOR;
        }
        (DiceSpec::new(count, charges, challenges), mods)
    }

    /// A contest's dice (presets/Seed004.md, "Contests"): the actor's strength dice (an
    /// escapee's better of strength and speed), the target's better of strength and speed
    /// (a grappler's strength); a Charge per size step for the larger; each side's own
    /// Challenges.
    pub fn contest_dice(
        &self,
        escape: bool,
        actor: &UnitSnap,
        target: &UnitSnap,
    ) -> (DiceSpec, DiceSpec, Vec<Modifier>) {
        let better = |u: &UnitSnap| {
            u.stats
                .seed004()
                .strength_dice
                .max(u.stats.seed004().speed_dice)
        };
        let (a_count, t_count) = if escape {
            (better(actor), target.stats.seed004().strength_dice)
        } else {
            (actor.stats.seed004().strength_dice, better(target))
        };
        let mut mods = Vec::new();
        let gap = actor.stats.size.rank() - target.stats.size.rank();
        if gap != 0 {
            let party = if gap > 0 { Party::Actor } else { Party::Target };
            mods.push(Modifier {
                reason: Reason::LargerSize,
                effect: Effect::Charge(gap.unsigned_abs()),
                party,
            });
        }
        own_challenges(actor, false, &mut mods, Party::Actor);
        own_challenges(target, false, &mut mods, Party::Target);
        let spec = |count, party| {
            let (c, h) = steps(&mods, party);
            DiceSpec::new(count, c, h)
        };
        (
            spec(a_count, Party::Actor),
            spec(t_count, Party::Target),
            mods,
        )
    }
}

/// The chance a Seed004 contest goes the actor's way: ties go to the actor, except an
/// escape, which must beat the grappler.
pub fn dice_contest_chance(escape: bool, actor: DiceSpec, target: DiceSpec) -> f64 {
    let (x, y) = (
        roll_spread(actor.count, actor.size),
        roll_spread(target.count, target.size),
    );
    if escape {
        chance_beats(&x, &y)
    } else {
        1.0 - chance_beats(&y, &x)
    }
}
