//! What a Seed001 defender may do against a strike, and the modifiers of both tests of a
//! Combat Roll (presets/Seed001.md, "Tests and the Combat Roll"): which defences are open,
//! what each adds, and the boons and banes of Prone, range, flanking, cover, Feinting, Braced
//! and Dazed. The Combat Roll itself is in `strike.rs`.

use crate::battle::assess::Ctx;
use crate::battle::events::{Effect, Modifier, Party, Reason};
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebooks::seed001::stats::Seed001Of;
use crate::rules::combat::RollMode;
use crate::rules::combat_roll::Defence;
use crate::rules::ruleset::{ConditionKind, ReactionPool};
use crate::rules::unit::Weapon;

/// Low and high cover as a Dodge sees them (presets/Seed001.md: Dodge +2 against a ranged
/// attack in low cover, +5 in high).
pub const DODGE_LOW_COVER: i32 = 2;
pub const DODGE_HIGH_COVER: i32 = 5;

/// Everything a Combat Roll's tests need, assessed before any die.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrikeAssessment {
    /// The attacker's bonus and boon or bane.
    pub attack: (i32, RollMode),
    /// The defender's, or `None` when its defence rolls no die.
    pub defend: Option<(i32, RollMode)>,
    pub modifiers: Vec<Modifier>,
}

/// Whether `t` can meet a strike with a defence at all: standing, not Surprised, and with
/// the AP a defence costs.
pub fn can_defend(ctx: &Ctx, t: &UnitSnap) -> bool {
    let paid = match ctx.rules.reaction_pool {
        ReactionPool::SharedAp | ReactionPool::PricedAp => t.ap >= 1,
        ReactionPool::Rp | ReactionPool::Vigor => t.reactions.points >= 1,
    };
    t.able() && !t.has(ConditionKind::Surprised) && paid
}

/// The defences `t` may choose against `w` (always including `None`).
pub fn defence_options(ctx: &Ctx, t: &UnitSnap, w: &Weapon) -> Vec<Defence> {
    let mut out = Vec::new();
    if can_defend(ctx, t) {
        if w.damage_type == crate::rules::combat::DamageType::Psychic {
            out.push(Defence::Withstand);
        } else {
            let s = t.stats.seed001();
            if s.block_rating > 0 {
                out.push(Defence::Block);
            }
            if w.is_melee() && s.parry.is_some() {
                out.push(Defence::Parry);
            }
            out.push(Defence::Dodge);
        }
    }
    out.push(Defence::None);
    out
}

impl Ctx<'_> {
    /// The tests of a strike by `a` on `t` with weapon `wi` met by `defence` (RULES §5's
    /// checks, then presets/Seed001.md's modifiers).
    pub fn assess_strike(
        &self,
        a: &UnitSnap,
        t: &UnitSnap,
        wi: usize,
        defence: Defence,
    ) -> Result<StrikeAssessment, Refusal> {
        // The Core assessment gives range, sight, flanking, Prone, range band, Dazed and
        // cover as roll penalties; Evasion bonuses mean nothing here.
        let core = self.assess_attack(a, t, wi)?;
        let w = &a.stats.weapons[wi];
        let dodge_cover = dodge_cover(&core.modifiers);
        let mut modifiers: Vec<Modifier> = core
            .modifiers
            .into_iter()
            .filter(|m| !matches!(m.effect, Effect::Evasion(_)))
            .collect();
        if a.conditions.link(ConditionKind::Feinting) == Some(t.entity) {
            modifiers.push(Modifier::actor(Reason::Feinting, Effect::Advantage));
        }
        let defend = (defence != Defence::None && can_defend(self, t)).then(|| {
            let s = t.stats.seed001();
            let base = match defence {
                Defence::Block => s.block,
                Defence::Parry => s.parry.unwrap_or(0),
                Defence::Dodge => s.dodge,
                Defence::Withstand | Defence::None => s.focus,
            };
            let mut m = |reason, effect| {
                modifiers.push(Modifier {
                    reason,
                    effect,
                    party: Party::Target,
                })
            };
            if defence == Defence::Dodge && dodge_cover != 0 {
                m(Reason::DodgeInCover, Effect::Roll(dodge_cover));
            }
            if t.has(ConditionKind::Braced) {
                m(Reason::Braced, Effect::Advantage);
            }
            if t.has(ConditionKind::Dazed) {
                m(Reason::Dazed, Effect::Disadvantage);
            }
            base
        });
        let test = |party: Party, base: i32| {
            let mut bonus = base;
            let (mut adv, mut dis) = (0, 0);
            for m in modifiers.iter().filter(|m| m.party == party) {
                match m.effect {
                    Effect::Roll(n) => bonus += n,
                    Effect::Advantage => adv += 1,
                    Effect::Disadvantage => dis += 1,
                    _ => {}
                }
            }
            (bonus, RollMode::from_sources(adv, dis))
        };
        Ok(StrikeAssessment {
            attack: test(Party::Actor, w.hit),
            defend: defend.map(|base| test(Party::Target, base)),
            modifiers,
        })
    }
}

/// Dodge's bonus from the cover a ranged attack met: +2 behind low cover, +5 behind high.
fn dodge_cover(modifiers: &[Modifier]) -> i32 {
    let has = |r| modifiers.iter().any(|m| m.reason == r);
    if has(Reason::HighCover) {
        DODGE_HIGH_COVER
    } else if has(Reason::LowCover) {
        DODGE_LOW_COVER
    } else {
        0
    }
}
