//! What blows are worth: the share of a unit an attack takes out (its chance to put it Down
//! and the damage's share of what it has left), how hard a unit hits, and the best option.

use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::preview::{Preview, preview};
use crate::battle::snapshot::UnitSnap;
use crate::rules::odds::Dist;
use crate::rules::ruleset::Ruleset;
use crate::rules::unit::Weapon;

/// What the expected damage of an attack is worth beside its chance to put the target Down
/// (a Down target is worth 1): damage that wears an enemy down counts as much as the chance
/// to put it Down (0.5 won 2 to 3 points fewer duels against `greedy`, docs/ai-experiments.md).
pub const DAMAGE_SHARE_WEIGHT: f64 = 1.0;

/// What an attack is worth: its chance to put the target Down, and its expected damage as
/// a share of what the target has left (its wounds as the rulebook `rules` values them).
pub(super) fn attack_worth(p: &Preview, t: &UnitSnap, rules: &Ruleset) -> f64 {
    let share = |dmg: f64| share_of(t, dmg);
    if let Some(a) = &p.attack {
        return a.fate.down.value() + dealt_share(t, &a.fate.dealt);
    }
    (rules.rulebook.book().attack_worth(p, t, &share)).unwrap_or(0.0)
}

/// The chance a contest's or a check's preview `p` gives its command to succeed: the
/// contest's win, else the rulebook's check (`Rulebook::check_chance`), else the preview's
/// chance. For Trip, Escape, and Seed003's Grapple and Pin.
pub fn success_chance(p: &Preview, rules: &Ruleset) -> Option<f64> {
    let book = rules.rulebook.book();
    p.contest.as_ref().map(|c| c.win.value()).or_else(|| {
        book.check_chance(p)
            .or(p.chance.as_ref().map(|c| c.1.value()))
    })
}

/// The attack `cmd` with the weapon worth the most against its target, where it names none
/// (the window's automatic weapon): each of the attacker's weapons previewed, the first of
/// equals kept. A command that names a weapon, attacks bare-handed, or that no weapon can
/// make is given back as it is (the engine then refuses it in its own words).
pub fn with_best_weapon(view: &View, cmd: Command) -> Command {
    let Command::Attack {
        unit,
        target,
        weapon: None,
        options,
    } = &cmd
    else {
        return cmd;
    };
    let snap = &view.ctx.snap;
    let (Some(me), Some(t)) = (snap.by_name(unit), snap.by_name(target)) else {
        return cmd;
    };
    if options.unarmed {
        return cmd;
    }
    let tries = me.stats.weapons.iter().filter_map(|w| {
        let c = Command::Attack {
            unit: unit.clone(),
            target: target.clone(),
            weapon: Some(w.name.clone()),
            options: options.clone(),
        };
        let p = preview(view, &c).ok()?;
        Some((attack_worth(&p, t, view.ctx.rules), c))
    });
    best(tries).map_or(cmd, |(_, c)| c)
}

/// What the damage `dealt` to `t` is worth beside putting it Down: its share, no more of
/// each outcome than `t` has left (damage past that takes out nothing more).
pub(super) fn dealt_share(t: &UnitSnap, dealt: &Dist) -> f64 {
    let left = t.vitality.max(1);
    share_of(t, dealt.map(|d| d.min(left)).mean())
}

/// What `damage` to `t` is worth beside putting it Down: its share of what `t` has left.
pub fn share_of(t: &UnitSnap, damage: f64) -> f64 {
    DAMAGE_SHARE_WEIGHT * (damage / health(t)).min(1.0)
}

/// A unit's health for shares: what it has left, at least 1.
pub(super) fn health(u: &UnitSnap) -> f64 {
    f64::from(u.vitality.max(1))
}

/// How hard a unit hits: the mean damage of its strongest weapon.
pub(super) fn menace(u: &UnitSnap) -> f64 {
    u.stats.weapons.iter().map(mean_damage).fold(0.0, f64::max)
}

/// A weapon's mean damage: the middle of its dice's range.
pub(super) fn mean_damage(w: &Weapon) -> f64 {
    f64::from(w.damage.min() + w.damage.max()) / 2.0
}

/// The option worth the most (the first of equals).
pub(super) fn best(options: impl Iterator<Item = (f64, Command)>) -> Option<(f64, Command)> {
    options.fold(None, |best, c| match best {
        Some(b) if b.0 >= c.0 => Some(b),
        _ => Some(c),
    })
}
