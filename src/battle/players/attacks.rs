//! Attacks: the one worth the most now, among every weapon, target and (Seed003, `Hard`)
//! attack style, and what a ranged miss may do to the creature in the way.

use super::Player;
use super::tactician::Tactician;
use super::worth::{attack_worth, dealt_share, menace};
use crate::battle::ai;
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::events::{AttackStyle, Command};
use crate::battle::fate::dice_of;
use crate::battle::preview::{Preview, preview};
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::ActionKind;
use crate::rules::combat::hit_chance;
use crate::rules::damage::{Blow, damage_dealt};
use crate::rules::unit::Weapon;

impl Tactician<'_, '_> {
    /// The attack worth the most now, with its worth.
    pub(super) fn best_attack(&self, view: &View, me: &UnitSnap) -> Option<(f64, Command)> {
        let mut best: Option<(f64, Command)> = None;
        let enemies: Vec<&UnitSnap> = view.ctx.snap.enemies_of(me).filter(|t| t.able()).collect();
        let typical = enemies.iter().map(|t| menace(t)).sum::<f64>() / enemies.len().max(1) as f64;
        for (t, cmd, per_ap) in self.attack_choices(view, me) {
            // Hard takes out the enemies that hit hardest first.
            let weight = match self.player {
                Player::Hard if typical > 0.0 => menace(t) / typical,
                _ => 1.0,
            };
            let Ok(p) = preview(view, &cmd) else { continue };
            // Hard also counts what a miss may do to the creature in the way.
            let stray = match self.player {
                Player::Hard => {
                    stray_worth(&view.ctx, me, &p) + self.knock_worth(&view.ctx, me, t, &p)
                }
                _ => 0.0,
            };
            let v = per_ap * (weight * attack_worth(&p, t, view.ctx.rules) + stray);
            if best.as_ref().is_none_or(|(b, _)| v > *b) {
                best = Some((v, cmd));
            }
        }
        best
    }

    /// Every attack `me` could make, each with what its worth is multiplied by for the AP it
    /// takes: 1 for an ordinary attack. Under Seed003 `Hard` also weighs a melee Quick Attack
    /// (3 AP, the wound a step lighter) and a Strong Attack (5 AP and 1 Stamina, a d6 more
    /// on a hit), each per AP against a Standard Attack's 4: unspent AP carry over, so what
    /// an attack takes out for its AP is what counts. A Strong Attack only while the unit has
    /// the Stamina (beyond it, fatigue would make it Exhausted).
    fn attack_choices<'s>(
        &self,
        view: &'s View,
        me: &'s UnitSnap,
    ) -> impl Iterator<Item = (&'s UnitSnap, Command, f64)> + 's {
        let rules = view.ctx.rules;
        let styles: &[AttackStyle] = if self.player == Player::Hard {
            rules.rulebook.book().attack_styles()
        } else {
            &[AttackStyle::Standard]
        };
        let ap = |kind: ActionKind| f64::from(rules.cost(kind).unwrap_or(1).max(1));
        let standard = ap(ActionKind::Attack);
        ai::attack_commands(view.ctx.snap, me)
            .flat_map(move |(t, cmd)| {
                styles
                    .iter()
                    .filter(move |style| rules.rulebook.book().style_usable(me, **style))
                    .map(move |style| {
                        let mut cmd = cmd.clone();
                        if let Command::Attack { options, .. } = &mut cmd {
                            options.style = *style;
                        }
                        let per_ap = match style {
                            AttackStyle::Standard => 1.0,
                            _ => standard / ap(cmd.action().unwrap_or(ActionKind::Attack)),
                        };
                        (t, cmd, per_ap)
                    })
            })
            // The attacks only the rulebook in force has, which the Hard player weighs too
            // (Seed002: attacks with Agile steps before them, Swift Attacks as an action).
            .chain(
                (self.player == Player::Hard)
                    .then(|| view.ctx.rules.rulebook.book().computer_attacks(view, me))
                    .into_iter()
                    .flatten(),
            )
    }
}

/// What a ranged attack's miss may do to the creature in the way (RULES §5: the same total
/// against that creature's Evasion hits it): the chance the total falls between the two
/// Evasions, times what a plain hit of the weapon takes out of the creature, as
/// `attack_worth` counts it (its chance to put the creature Down and the share of the
/// damage dealt, through `rules/damage.rs`: armor, DR and affinities); a loss when the
/// creature is an ally, a gain when an able enemy.
fn stray_worth(ctx: &Ctx, me: &UnitSnap, p: &Preview) -> f64 {
    let Some(a) = &p.attack else { return 0.0 };
    let Some(c) = a
        .cover_creature
        .as_deref()
        .and_then(|n| ctx.snap.by_name(n))
    else {
        return 0.0;
    };
    if !c.able() {
        return 0.0;
    }
    let Some(w) = me.stats.weapons.iter().find(|w| w.name == a.weapon) else {
        return 0.0;
    };
    let reaches = |evasion: i32| hit_chance(a.bonus, evasion, a.mode).0.value();
    let chance = (reaches(c.stats.evasion) - reaches(a.evasion)).max(0.0);
    let taken = hit_worth(ctx, w, c);
    if c.side == me.side {
        -chance * taken
    } else {
        chance * taken
    }
}

/// What a plain hit of weapon `w` takes out of `c`, as `attack_worth` counts it: its chance
/// to put `c` Down and the share of the damage dealt (through `rules/damage.rs`: armor, DR
/// and affinities).
pub fn hit_worth(ctx: &Ctx, w: &Weapon, c: &UnitSnap) -> f64 {
    let dealt = dice_of(w)
        .map(|raw| damage_dealt(ctx.rules, &c.stats, Blow::new(raw, w.damage_type)).dealt);
    let down = dealt.chance_of(|d| d >= c.vitality.max(1)).value();
    down + dealt_share(c, &dealt)
}
