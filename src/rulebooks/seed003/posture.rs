//! `Hard`'s Change Posture under Seed003 (M5, H3, F4): a shooter crouches where only shots can reach it before its next turn and the shots it spares beat the blows its AP would buy; stand where a crouched unit is in an enemy's melee reach.

use super::Seed003Command;
use super::action_names;
use crate::battle::command::{View, plan};
use crate::battle::events::Command;
use crate::battle::players::{
    Player, attack_worth_of, blows_on, steps_within_reach, with_condition,
};
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;
use crate::rules::unit::Posture;

/// A change of posture must spare this much more than the blows its AP forgo (the
/// planner's scale).
const POSTURE_GAIN: f64 = 0.02;

/// `Hard`'s change of posture for `me` and its worth: to Crouching from Standing, for a
/// unit with a ranged weapon (`shooter`), where no enemy could walk to strike it before
/// its next turn (a crouched unit is struck in melee
/// at +2, H3), to Standing from Crouching; each worth what it spares of the enemies' blows
/// and shots on `me` before its next turn (`blows_on`, from where each stands, on `me` as
/// it is less on `me` in the new posture) plus the blows its AP left pay for, and taken
/// only where that beats the blows all its AP pay for by `POSTURE_GAIN`. One round's
/// blows are counted, though a posture lasts.
pub fn posture_option(view: &View, me: &UnitSnap) -> Option<(f64, Command)> {
    let snap = view.ctx.snap;
    let enemies: Vec<&UnitSnap> = snap.enemies_of(me).filter(|e| e.able()).collect();
    let to = match me.posture() {
        Posture::Standing if shooter(me) && !enemies.iter().any(|e| melee_threat(view, me, e)) => {
            Posture::Crouching
        }
        Posture::Crouching => Posture::Standing,
        _ => return None,
    };
    let cmd = Command::from(Seed003Command::ChangePosture {
        unit: me.name.to_string(),
        to,
    });
    plan(view, &cmd).ok()?;
    let after = in_posture(view, snap, me, to);
    let spared =
        blows_on(view, snap, &enemies, me, false) - blows_on(view, &after, &enemies, me, false);
    let left = me
        .ap
        .checked_sub(view.ctx.rules.cost(action_names::CHANGE_POSTURE)?)?;
    let blow = attack_worth_of(view, me, Player::Hard).map_or(0.0, |a| a.0);
    let attacks = |ap: u32| {
        f64::from(ap / view.ctx.rules.cost(ActionKind::Attack).unwrap_or(1).max(1)) * blow
    };
    let worth = spared + attacks(left);
    (worth > attacks(me.ap) + POSTURE_GAIN).then_some((worth, cmd))
}

/// Whether `me` fights from where it stands, with a ranged weapon: a unit that must walk
/// to its blows would walk into melee crouched (+2 to the blows on it), and pay 2 AP to
/// stand.
fn shooter(me: &UnitSnap) -> bool {
    me.stats.weapons.iter().any(|w| !w.is_melee())
}

/// Whether enemy `e` could strike `me` in melee before `me`'s next turn: from where it
/// stands, or by walking to it (`steps_within_reach`).
fn melee_threat(view: &View, me: &UnitSnap, e: &UnitSnap) -> bool {
    let reach = e.stats.melee_reach();
    (reach > 0 && view.ctx.melee_reaches(e.pos, me.pos, reach))
        || steps_within_reach(view, me, e, u32::MAX)
}

/// Battle `snap` with `me` in posture `to` (Standing: neither Crouching nor Prone).
fn in_posture(view: &View, snap: &Snapshot, me: &UnitSnap, to: Posture) -> Snapshot {
    let mut s = snap.clone();
    if let Some(u) = s.units.iter_mut().find(|u| u.entity == me.entity) {
        u.conditions
            .0
            .retain(|c| !matches!(c.kind, ConditionKind::Crouching | ConditionKind::Prone));
    }
    match to {
        Posture::Crouching => with_condition(
            &s,
            me.entity,
            ConditionKind::Crouching,
            None,
            view.turn.round,
        ),
        _ => s,
    }
}
