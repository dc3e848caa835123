//! `Hard`'s maneuver after its own critical win (presets/Seed001.md, Maneuvers), as the attacker (a spell's critical too) or the defender: every offered maneuver weighed on the planner's scale, the one worth the most taken.

use super::Seed001Command;
use super::answers::{pending_maneuvers, pending_strike};
use super::computer::{TURN_AP_WORTH, strike_worth};
use super::maneuvers::maneuver_chance;
use super::rearm::rearmed_worth;
use super::stats::Seed001Of;
use super::strike_odds::{all_defences, dealt};
use super::work::Seed001Question;
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::engine::Question;
use crate::battle::events::Command;
use crate::battle::fate::dice_of;
use crate::battle::players::{
    acts_before, attacks_left_of, attacks_paid, share_of, turns_of_blows, with_condition,
};
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::combat_roll::{DisarmItem, Maneuver};
use crate::rules::odds::Dist;
use crate::rules::ruleset::ConditionKind;
use crate::rules::unit::Weapon;
use std::sync::Arc;

/// How many turns `Hard` counts a shield taken for, as a weapon taken (`rearm.rs`'s
/// `REARMED_TURNS`): the loser picks it up again with the AP a defence would have had.
const SHIELD_LOST_TURNS: f64 = 2.0;

/// `Hard`'s answer to its own critical win, attacker or defender: of the maneuvers offered,
/// the one worth the most on the planner's scale, each the chance it takes effect
/// (`maneuver_chance`: the loser's test failed, the winner's Deception for a Feint) times the
/// chance the loser still stands after the strike's rolled damage (nothing is done to a loser
/// taken Down; a defender's win deals none) times what it brings:
///
/// - Precision: what every die at its maximum adds to the blow (its chance to put the loser
///   Down and the damage's share, `strike_worth`'s measure), certain.
/// - Disarm of a weapon: the loser's blows without it for the turns it is lost
///   (`rearm::rearmed_worth`), at most the AP its re-arming costs it (`TURN_AP_WORTH`).
/// - Disarm of the shield: what the winner's blow on the loser gains without its Block, for
///   `SHIELD_LOST_TURNS` turns of blows, at most `TURN_AP_WORTH` likewise.
/// - Trip (Prone): what Prone adds to the blows of the winner's side on the loser before its
///   next turn (`side_blows`: the winner's left this turn, each ally's whose turn comes
///   first, each its best blow: a melee blow's boon, a ranged one's bane, so a caster that
///   will bolt it again loses by it), plus the AP its Stand Up costs it (`TURN_AP_WORTH`).
/// - Bash (Dazed): what the bane on its defence tests adds to those blows, and what the bane
///   on its attack tests takes from its own blows on its next turn.
/// - Feint: what the boon adds to the winner's next blow on the loser.
/// - Brace: what the boon on the winner's next defence takes from the blow worth the most of
///   the enemies that can strike it from where they stand (certain; the loser need not stand).
/// - Push (1 m, `critical_push.rs`): the collision it is pushed into (`players::push_worth`
///   on the engine's push preview), weighed on what the strike's damage leaves of the loser
///   (a collision that takes the last of it puts it Down), and what the tile it ends on
///   changes: the opportunity attacks it no longer makes on the spells of the winner's side
///   cast within its reach, less the winner's follow-up blows it leaves.
///
/// Ties go Precision, Brace, then the options' order.
pub(super) fn hards_maneuver(view: &View, question: &Question) -> Option<Command> {
    let asked: &Seed001Question = question.of_book()?;
    let Seed001Question::Maneuver { winner, loser } = *asked else {
        return None;
    };
    let strike = pending_strike(view)?;
    let snap = view.ctx.snap;
    let (a, t) = (snap.get(winner)?, snap.get(loser)?);
    let attacker_won = winner == strike.attacker;
    let w = snap
        .get(strike.attacker)?
        .stats
        .weapons
        .get(strike.weapon)?;
    let rolled = if attacker_won {
        dealt(&view.ctx, t, w, &dice_of(w), false)
    } else {
        Dist::certain(0)
    };
    let weigh = Critical {
        view,
        a,
        t,
        weapon: w,
        attacker_won,
        stands: rolled.chance_of(|d| d < t.vitality).value(),
        rolled,
    };
    let mut options = pending_maneuvers(view, asked);
    options.sort_by_key(|m| match m {
        Maneuver::Precision => 0,
        Maneuver::Brace => 1,
        _ => 2,
    });
    let chosen = options
        .into_iter()
        .map(|m| (weigh.worth(&m), m))
        .fold(None, |best: Option<(f64, Maneuver)>, (v, m)| match best {
            Some(b) if b.0 >= v => Some(b),
            _ => Some((v, m)),
        })?
        .1;
    Some(
        Seed001Command::ChooseManeuver {
            unit: a.name.to_string(),
            maneuver: Some(chosen),
        }
        .into(),
    )
}

/// A critical win being weighed: its winner `a`, its loser `t`, the strike's weapon, whether
/// the attacker won, the damage the strike deals `t` (none where the defender won) and the
/// chance `t` stands after it.
pub(super) struct Critical<'v, 'a> {
    pub(super) view: &'v View<'a>,
    pub(super) a: &'v UnitSnap,
    pub(super) t: &'v UnitSnap,
    weapon: &'v Weapon,
    pub(super) attacker_won: bool,
    pub(super) rolled: Dist,
    pub(super) stands: f64,
}

impl Critical<'_, '_> {
    /// What maneuver `m` is worth (see `hards_maneuver`).
    fn worth(&self, m: &Maneuver) -> f64 {
        let (a, t) = (self.a, self.t);
        let chance = maneuver_chance(a, t, m).value();
        let effect = chance * self.stands;
        match m {
            Maneuver::Precision => self.precision_gain(),
            Maneuver::Brace => self.brace_gain(),
            // Weighed over the damage the loser is left with (`push.rs`).
            Maneuver::Push => chance * self.push_gain(),
            Maneuver::Disarm(DisarmItem::Weapon(name)) => {
                effect * weapon_loss(self.view, t, name).min(TURN_AP_WORTH)
            }
            Maneuver::Disarm(DisarmItem::Shield) => effect * self.shield_loss().min(TURN_AP_WORTH),
            Maneuver::Trip => effect * (self.held_gain(ConditionKind::Prone) + TURN_AP_WORTH),
            Maneuver::Bash => effect * (self.held_gain(ConditionKind::Dazed) + self.dazed_loss()),
            Maneuver::Feint => effect * self.feint_gain(),
        }
    }

    /// What every die at its maximum adds to the blow (`blow_worth`), certain.
    fn precision_gain(&self) -> f64 {
        let w = self.weapon;
        let precise = dealt(
            &self.view.ctx,
            self.t,
            w,
            &Dist::certain(w.damage.max()),
            false,
        );
        blow_worth(&precise, self.t) - blow_worth(&self.rolled, self.t)
    }

    /// The battle's context with battle `s` in place of the one as it stands.
    pub(super) fn ctx_of<'s>(&'s self, s: &'s Snapshot) -> Ctx<'s> {
        Ctx {
            snap: s,
            ..self.view.ctx
        }
    }

    /// The battle as it stands, with `t` changed by `change`.
    pub(super) fn with_loser(&self, change: impl FnOnce(&mut UnitSnap)) -> Snapshot {
        let mut s = self.view.ctx.snap.clone();
        if let Some(u) = s.units.iter_mut().find(|u| u.entity == self.t.entity) {
            change(u);
        }
        s
    }

    /// `snap` with `who` in condition `kind` (linked to `link`) from this round.
    fn held(&self, who: &UnitSnap, kind: ConditionKind, link: Option<&UnitSnap>) -> Snapshot {
        let round = self.view.turn.round;
        with_condition(
            self.view.ctx.snap,
            who.entity,
            kind,
            link.map(|u| u.entity),
            round,
        )
    }

    /// What `t` in condition `kind` adds to the blows of the winner's side on it before its
    /// next turn (`side_blows`), less what they are worth on it as it is.
    fn held_gain(&self, kind: ConditionKind) -> f64 {
        let held = self.held(self.t, kind, None);
        self.side_blows(&held) - self.side_blows(self.view.ctx.snap)
    }

    /// The blows of the winner's side on `t` in battle `s` before `t`'s next turn, each
    /// striker's best blow from where it stands: the winner's own left this turn where it is
    /// the attacker (else a turn's, where its turn comes first), and each ally's a turn's
    /// where its turn comes first.
    fn side_blows(&self, s: &Snapshot) -> f64 {
        let view = self.view;
        let ctx = self.ctx_of(s);
        let Some(t) = s.get(self.t.entity) else {
            return 0.0;
        };
        let own = if self.attacker_won {
            self.strikes_left()
        } else if acts_before(view, self.a, self.t) {
            turn_blows(view)
        } else {
            0
        };
        let allies = view
            .ctx
            .snap
            .allies_of(self.a)
            .filter(|u| u.able() && acts_before(view, u, self.t))
            .map(|u| (u, turn_blows(view)));
        std::iter::once((self.a, own))
            .chain(allies)
            .filter(|(_, n)| *n > 0)
            .filter_map(|(u, n)| Some(f64::from(n) * strike_on(&ctx, s.get(u.entity)?, t)))
            .sum()
    }

    /// The strikes the winner has left this turn where it is the attacker: its AP's, no
    /// more than the round's attacks it has not made.
    pub(super) fn strikes_left(&self) -> u32 {
        attacks_left_of(self.view, self.a, self.a.ap)
    }

    /// What Dazed takes from `t`'s own blows on its next turn: its best blow on the winner's
    /// side from where it stands, Dazed against as it is, times a turn's blows.
    fn dazed_loss(&self) -> f64 {
        let dazed = self.held(self.t, ConditionKind::Dazed, None);
        let best = |s: &Snapshot| {
            let ctx = self.ctx_of(s);
            let Some(t) = s.get(self.t.entity) else {
                return 0.0;
            };
            s.enemies_of(t)
                .filter(|e| e.able())
                .map(|e| strike_on(&ctx, t, e))
                .fold(0.0, f64::max)
        };
        f64::from(turn_blows(self.view)) * (best(self.view.ctx.snap) - best(&dazed))
    }

    /// What the boon of Feinting `t` adds to the winner's next blow on it.
    fn feint_gain(&self) -> f64 {
        let feinting = self.held(self.a, ConditionKind::Feinting, Some(self.t));
        self.blow_on_loser(&feinting) - self.blow_on_loser(self.view.ctx.snap)
    }

    /// The winner's best blow on `t` in battle `s`, from where it stands.
    pub(super) fn blow_on_loser(&self, s: &Snapshot) -> f64 {
        let ctx = self.ctx_of(s);
        match (s.get(self.a.entity), s.get(self.t.entity)) {
            (Some(a), Some(t)) => strike_on(&ctx, a, t),
            _ => 0.0,
        }
    }

    /// What the boon of Braced takes from the blow worth the most of the enemies that can
    /// strike the winner from where they stand, the winner with the AP for a defence.
    fn brace_gain(&self) -> f64 {
        let ready = |s: &mut Snapshot| {
            if let Some(u) = s.units.iter_mut().find(|u| u.entity == self.a.entity) {
                u.ap = u.ap.max(1);
            }
        };
        let mut open = self.view.ctx.snap.clone();
        ready(&mut open);
        let mut braced = self.held(self.a, ConditionKind::Braced, None);
        ready(&mut braced);
        let on = |s: &Snapshot, e: &UnitSnap| {
            let ctx = self.ctx_of(s);
            match (s.get(e.entity), s.get(self.a.entity)) {
                (Some(e), Some(a)) => strike_on(&ctx, e, a),
                _ => 0.0,
            }
        };
        self.view
            .ctx
            .snap
            .enemies_of(self.a)
            .filter(|e| e.able())
            .map(|e| (on(&open, e), e))
            .max_by(|x, y| x.0.total_cmp(&y.0))
            .map_or(0.0, |(v, e)| v - on(&braced, e))
    }

    /// What `t` loses without its shield: the winner's blow on it without its Block less
    /// with it, for `SHIELD_LOST_TURNS` turns of blows.
    fn shield_loss(&self) -> f64 {
        let bare = self.with_loser(|u| Arc::make_mut(&mut u.stats).seed001_mut().block_rating = 0);
        let per_blow = self.blow_on_loser(&bare) - self.blow_on_loser(self.view.ctx.snap);
        turns_of_blows(self.view, per_blow.max(0.0), SHIELD_LOST_TURNS)
    }
}

/// The blows a unit's turn pays for under Seed001: its AP's attacks, no more than a round's.
pub(super) fn turn_blows(view: &View) -> u32 {
    attacks_paid(view, view.ctx.rules.ap_per_turn)
}

/// `a`'s best strike on `t` from where it stands, each weapon met by `t`'s best defence
/// (the least worth, as `Seed001::attack_worth` weighs a preview); 0 where none reaches.
pub(super) fn strike_on(ctx: &Ctx, a: &UnitSnap, t: &UnitSnap) -> f64 {
    (0..a.stats.weapons.len())
        .filter_map(|wi| all_defences(ctx, a, t, wi).ok())
        .filter_map(|odds| odds.iter().map(|s| strike_worth(s, t)).reduce(f64::min))
        .fold(0.0, f64::max)
}

/// What a blow dealing `d` takes out of `t`: its chance to put `t` Down and the share of
/// the damage, no more than `t` has left (`computer::strike_worth`'s measure).
pub(super) fn blow_worth(d: &Dist, t: &UnitSnap) -> f64 {
    let left = t.vitality.max(1);
    d.chance_of(|v| v >= left).value() + share_of(t, d.map(|v| v.min(left)).mean())
}

/// What `t` loses without its weapon `name`: its blows with the weapons it would keep
/// (its fists where none) against its blows now, for the turns `Hard` counts a weapon for.
fn weapon_loss(view: &View, t: &UnitSnap, name: &str) -> f64 {
    let mut kept: Vec<Weapon> = t
        .stats
        .weapons
        .iter()
        .filter(|w| w.name != name)
        .cloned()
        .collect();
    if kept.is_empty() {
        kept.push(Weapon::fists());
    }
    rearmed_worth(view, t, &t.stats.weapons, &kept)
}
