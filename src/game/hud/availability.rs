//! Whether each action of the bar (`BAR` in `hud/mod.rs`) can be taken now, and why not:
//! asked of the rules' preview once per battle state, kept in `ActionAvailability` for the
//! action bar's colours and its status line (`action_bar.rs`).

use super::BAR;
use crate::battle::command::View;
use crate::battle::describe::Wording;
use crate::battle::events::{Aim, Command, DelayUntil};
use crate::battle::preview::{BattleView, preview};
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::battle::{BattleLog, Refusal};
use crate::game::UiState;
use crate::game::controls::{Intent, action_of, own_action_of, own_command, pass_now};
use crate::rules::actions::ActionKind;
use bevy::prelude::*;

/// Whether each action can be taken now, and why not.
#[derive(Resource, Debug, Default)]
pub struct ActionAvailability {
    /// Each button's action: whether it can be taken, or why not.
    pub actions: Vec<(Intent, Result<(), Unavailable>)>,
    /// The rulebook's own actions that can be taken: their previews (`Rulebook::preview_own`).
    pub own: Vec<(Intent, String)>,
}

/// Why an action bar button is greyed out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// The rules refuse the action (for every target, this refusal first).
    Refused(Refusal),
    /// Cycling weapons needs a second weapon.
    OnlyOneWeapon,
    /// Nobody on the map could be its target.
    NoTarget,
    /// Pass: no question answered on the map is open.
    NothingToPass,
    /// End Turn while the side is asked whether to act out of turn: Pass answers that.
    PassFirst,
}

impl Unavailable {
    /// Why, in a ruleset's wording.
    pub fn text_in(&self, wording: Wording) -> String {
        match self {
            Unavailable::Refused(r) => r.text_in(wording),
            other => other.to_string(),
        }
    }
}

impl std::fmt::Display for Unavailable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unavailable::Refused(r) => write!(f, "{r}"),
            Unavailable::OnlyOneWeapon => f.write_str("only one weapon"),
            Unavailable::NoTarget => f.write_str("no target"),
            Unavailable::NothingToPass => f.write_str("nothing to pass now"),
            Unavailable::PassFirst => f.write_str(
                "your side is asked whether to act out of turn: act with a unit, or Pass",
            ),
        }
    }
}

/// Which actions can be taken now, each with the reason it cannot.
pub(super) fn availability(
    view: BattleView,
    log: Res<BattleLog>,
    ui: Res<UiState>,
    mut out: ResMut<ActionAvailability>,
    mut key: Local<(u32, usize, Option<Entity>, Option<String>)>,
) {
    let k = (
        log.battle,
        log.events.len(),
        view.acting(),
        ui.weapon.clone(),
    );
    if *key == k && !out.actions.is_empty() {
        return;
    }
    *key = k;
    let snap = view.snapshot();
    let v = view.view(&snap);
    let me = view.acting().and_then(|e| snap.get(e));
    out.actions = BAR
        .iter()
        .map(|&intent| {
            let r = match me {
                Some(me) => available(&v, &snap, me, intent, &ui),
                None => Err(Unavailable::Refused(Refusal::NoTurn)),
            };
            (intent, r)
        })
        .collect();
    out.own = own_previews(&v, me);
}

/// The previews of the rulebook's own actions `me` can take now: what each would do, and
/// its exact chance when it rolls.
fn own_previews(v: &View, me: Option<&UnitSnap>) -> Vec<(Intent, String)> {
    let Some(me) = me else {
        return Vec::new();
    };
    [Intent::OwnAction1, Intent::OwnAction2, Intent::OwnAction3]
        .into_iter()
        .filter_map(|intent| {
            let spec = own_action_of(intent, v.ctx.rules)?;
            let p = preview(v, &own_command(spec, &me.name)).ok()?;
            Some((intent, p.own?.text))
        })
        .collect()
}

/// Whether `me` can take the action of one button now.
fn available(
    v: &View,
    snap: &Snapshot,
    me: &UnitSnap,
    intent: Intent,
    ui: &UiState,
) -> Result<(), Unavailable> {
    let unit = me.name.to_string();
    match (intent, action_of(intent, v.ctx.rules)) {
        (Intent::Undo, _) => allowed(v, Command::UndoMove { unit }),
        (Intent::Pass, _) => pass_now(v).map(|_| ()).ok_or(Unavailable::NothingToPass),
        (Intent::EndTurn, _) if pass_now(v).is_some() => Err(Unavailable::PassFirst),
        (Intent::OwnAction1 | Intent::OwnAction2 | Intent::OwnAction3, _) => {
            match own_action_of(intent, v.ctx.rules) {
                Some(spec) => allowed(v, own_command(spec, &unit)),
                None => Ok(()),
            }
        }
        (Intent::CycleWeapon, _) => {
            if me.stats.weapons.len() > 1 {
                Ok(())
            } else {
                Err(Unavailable::OnlyOneWeapon)
            }
        }
        (_, Some(k)) if k.targets_unit() => any_target(v, snap, k, &unit, ui),
        // An action that walks a path (Seed003's Drag): refused only for what no path
        // changes (no partner, no AP or Stamina).
        (_, Some(k)) if v.ctx.rules.rulebook.book().walks_to(k) => {
            let book = v.ctx.rules.rulebook.book();
            let Some(probe) = book.command_of(k, &unit, &Aim::default()) else {
                let refusal = Refusal::NotInRules { action: k };
                return Err(Unavailable::Refused(refusal));
            };
            match allowed(v, probe) {
                Err(Unavailable::Refused(Refusal::EmptyPath)) => Ok(()),
                other => other,
            }
        }
        (_, Some(ActionKind::Delay)) => allowed(
            v,
            Command::Delay {
                unit,
                until: DelayUntil::EndOfRound,
            },
        ),
        (_, Some(ActionKind::Face)) => allowed(
            v,
            Command::Face {
                unit,
                facing: me.facing,
            },
        ),
        (_, Some(k)) => match ui.command_alone(k, &unit) {
            Some(cmd) => allowed(v, cmd),
            None => Ok(()),
        },
        _ => Ok(()),
    }
}

/// The combatants in the order a refusal for a targeted action is sought: enemies, nearest
/// first; then allies, nearest first; then the unit named `unit` itself.
fn targets_for_reasons<'a>(snap: &'a Snapshot, unit: &str) -> Vec<&'a UnitSnap> {
    let me = snap.units.iter().find(|u| &*u.name == unit);
    let rank = |t: &UnitSnap| match me {
        Some(me) if t.entity == me.entity => (2, 0),
        Some(me) => (u8::from(t.side == me.side), me.pos.distance(t.pos)),
        None => (0, 0),
    };
    let mut targets: Vec<&UnitSnap> = snap.units.iter().collect();
    targets.sort_by_key(|t| rank(t));
    targets
}

/// Whether the rules allow a command now.
fn allowed(v: &View, cmd: Command) -> Result<(), Unavailable> {
    preview(v, &cmd).map(|_| ()).map_err(Unavailable::Refused)
}

/// An action on a target is available when some combatant can be its target; otherwise the
/// reason is the refusal for the nearest enemy (an ally's, then the unit's own, where no
/// enemy has one: an attack refused on the attacker itself says nothing useful), or a lack
/// of AP when that is among them.
fn any_target(
    v: &View,
    snap: &Snapshot,
    kind: ActionKind,
    unit: &str,
    ui: &UiState,
) -> Result<(), Unavailable> {
    let mut first_err = None;
    let mut ok = false;
    for t in targets_for_reasons(snap, unit) {
        if let Some(cmd) = ui.command_on(kind, unit, &t.name) {
            match allowed(v, cmd) {
                Ok(()) => ok = true,
                Err(e)
                    if first_err.is_none()
                        || matches!(e, Unavailable::Refused(Refusal::NotEnoughAp { .. })) =>
                {
                    first_err = Some(e)
                }
                Err(_) => {}
            }
        }
    }
    if ok {
        Ok(())
    } else {
        Err(first_err.unwrap_or(Unavailable::NoTarget))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::headless::Headless;
    use crate::battle::setup::BattleSetup;
    use crate::rules::dice::DiceSource;

    /// First Blood: Blue's Ada (2, 7) and Bram (1, 8); Red's Grub (11, 2) and Snik (12, 3).
    #[test]
    fn a_refusal_is_sought_on_the_nearest_enemy_first_and_on_the_unit_itself_last() {
        let text = include_str!("../../../levels/first_blood.ron");
        let level = crate::level::parse_level(
            "first_blood.ron",
            text.as_bytes(),
            &crate::paths::current_catalog(),
        )
        .unwrap();
        let mut battle = Headless::new(BattleSetup::new(level, DiceSource::Seed(1)));
        let snap = battle.snapshot();
        let order: Vec<&str> = targets_for_reasons(&snap, "Bram")
            .iter()
            .map(|u| &*u.name)
            .collect();
        assert_eq!(order, ["Grub", "Snik", "Ada", "Bram"]);
    }
}
