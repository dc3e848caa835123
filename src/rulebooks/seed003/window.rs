//! Seed003's window actions that need more than a target (behind the `window` feature):
//! Drag (C5), whose command names the AP it pays for movement and the dragger's path (the
//! grapple partner is the one it holds), and the Nonlethal Attack's cap (C4), which a key
//! cycles; what each of its actions does and how its movement is bought, for the status
//! line. Reached through `Rulebook::tile_command`, `next_wound_cap`, `status_note`,
//! `action_text` and `move_hint`.

use super::Seed003Command;
use super::rules;
use crate::battle::command::View;
use crate::battle::events::{Command, Reason};
use crate::battle::preview::preview;
use crate::battle::snapshot::UnitSnap;
use crate::game::controls::Intent;
use crate::rulebook::TileCommand;
use crate::rulebooks::seed003::action_names;
use crate::rulebooks::seed003::track::Seed003Track;
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ConditionKind, Ruleset};
use crate::rules::unit::Posture;
use crate::rules::wound_level::WoundLevel;

/// The AP a Drag may pay for movement (C5: 1–4).
pub const DRAG_AP: std::ops::RangeInclusive<u32> = 1..=4;

/// The Drag command along `path`: the fewest AP (1–4) for which `fits` (the engine's own
/// check, through the preview) takes it; when none does, 4 AP, so that the battle's refusal
/// says why. `None` for an empty path.
pub fn drag_command(
    unit: &str,
    path: Vec<Pos>,
    fits: impl Fn(&Command) -> bool,
) -> Option<Command> {
    if path.is_empty() {
        return None;
    }
    let cmd = |ap| {
        Command::from(Seed003Command::Drag {
            unit: unit.to_string(),
            ap,
            path: path.clone(),
        })
    };
    DRAG_AP
        .map(cmd)
        .find(|c| fits(c))
        .or_else(|| Some(cmd(*DRAG_AP.end())))
}

/// The Drag of `me` to the tile `to` by the path a move there would take, with its path
/// and a label of its price and the Power check's chance (or that the battle refuses it).
pub fn drag_to(view: &View, me: &UnitSnap, to: Pos) -> Option<TileCommand> {
    let path = view.ctx.path_to(me, to)?;
    let command = drag_command(&me.name, path.clone(), |c| preview(view, c).is_ok())?;
    let Some(Seed003Command::Drag { ap, .. }) = command.of_book() else {
        return None;
    };
    // The Drag's own AP and Stamina, and the AP its path buys (C5).
    let own = view.ctx.rules.cost(action_names::DRAG).unwrap_or(0);
    let stamina = rules::stamina_cost(action_names::DRAG);
    let cost = format!("{} AP ({ap} for the path), {stamina} Stamina", own + ap);
    let label = match preview(view, &command).ok().and_then(|p| p.chance) {
        Some((_, c)) => format!("Drag, {cost}: {:.0}%", c.percent()),
        None => format!("Drag, {cost}: refused"),
    };
    Some(TileCommand {
        command,
        path,
        label,
    })
}

/// Crouch crouches (from a crouch: stands up; from Prone: crouches), Lie Down lies down
/// (C8's Change Posture); a click in Ignore mode ignores that flanker, or stops ignoring
/// it (F3).
pub fn window_command(
    me: &UnitSnap,
    intent: Intent,
    action: Option<ActionKind>,
    target: Option<&UnitSnap>,
) -> Option<Command> {
    let unit = me.name.to_string();
    let command = match (intent, action, target) {
        (Intent::LieDown, _, _) => Seed003Command::ChangePosture {
            unit,
            to: Posture::Prone,
        },
        (Intent::Crouch, _, _) => Seed003Command::ChangePosture {
            unit,
            to: match me.posture() {
                Posture::Crouching => Posture::Standing,
                _ => Posture::Crouching,
            },
        },
        (_, Some(action_names::IGNORE), Some(t)) => Seed003Command::Ignore {
            unit,
            target: t.name.to_string(),
            ignore: !me.own.track().ignoring.contains(&t.entity),
        },
        _ => return None,
    };
    Some(command.into())
}

/// The next cap of a Nonlethal Attack: Light, Moderate, Severe, Critical, then none (a
/// Fatal cap would cap nothing).
pub fn next_cap(cap: Option<WoundLevel>) -> Option<WoundLevel> {
    let caps = &WoundLevel::ALL[..WoundLevel::ALL.len() - 1];
    match cap.and_then(|c| caps.iter().position(|x| *x == c)) {
        None => caps.first().copied(),
        Some(i) => caps.get(i + 1).copied(),
    }
}

/// The status line's note of the Nonlethal Attack picked (empty when none is).
pub fn cap_note(non_lethal: bool, cap: Option<WoundLevel>) -> String {
    match (non_lethal, cap) {
        (true, Some(c)) => format!(" | Nonlethal Attack: wounds capped at {c}"),
        _ => String::new(),
    }
}

/// What a Seed003 action does (presets/Seed003.md), for the status line.
pub fn action_text(intent: Intent, kind: Option<ActionKind>) -> Option<&'static str> {
    Some(match (intent, kind) {
        (_, Some(ActionKind::Attack)) => {
            "3d6 + hit against Defense; the margin, might and wound damage make the wound"
        }
        (_, Some(ActionKind::Shove)) => {
            "Power check against Power/Agility Defense: pushed 1 + margin/3 tiles"
        }
        (_, Some(ActionKind::Trip)) => "Power check against Power/Agility Defense: Prone",
        (_, Some(ActionKind::Grab)) => "a melee roll with a reach-1 weapon: both Grappling",
        (_, Some(ActionKind::Escape)) => "Power or Agility check: ends a Pin, else the grapple",
        (_, Some(ActionKind::Release)) => "let go of the creature you grapple",
        (_, Some(ActionKind::Defend)) => {
            "until your next turn or a wound, each Defense is the best of it + 2 and the others"
        }
        (_, Some(ActionKind::Ready)) => {
            "ready an attack with the weapon picked: it strikes the first enemy entering reach (its AP then)"
        }
        (_, Some(ActionKind::Stabilize)) => "an adjacent Bleeding ally stops bleeding",
        (_, Some(action_names::DASH)) => {
            "2 Stamina: the move rate doubles this round (a second Dash: + Str check / 3)"
        }
        (Intent::Crouch, _) => "crouch behind cover (a grade more), or stand up from a crouch",
        (Intent::LieDown, _) => "lie down: harder to shoot, easier to strike, moves cost double",
        (_, Some(action_names::CREATE_OPENING)) => {
            "a melee roll: against this enemy's Rebuffs your Defense is at least its total"
        }
        (_, Some(action_names::PIN)) => {
            "1 Stamina, Power check − 2: your grapple partner is Pinned"
        }
        (_, Some(action_names::SEIZE_INITIATIVE)) => "initiative + 1d6",
        (_, Some(action_names::IGNORE)) => {
            "free: that enemy no longer flanks you, but its attacks on you come from the rear (+4)"
        }
        (Intent::NonLethal, _) => "−2: the wound may be capped, and knocks out instead of killing",
        (Intent::QuickStyle, _) => "melee attacks are Quick: 3 AP, the wound a step lighter",
        (Intent::StrongStyle, _) => "melee attacks are Strong: 5 AP and 1 Stamina, +1d6 on a hit",
        (Intent::WoundCap, _) => {
            "the Nonlethal Attack's cap: Light, Moderate, Severe, Critical, none (shown below)"
        }
        (_, Some(action_names::DRAG)) => {
            "2 AP, 1 Stamina, Power check against the partner's Power Defense: click a tile, the partner follows"
        }
        (Intent::Pass, _) => {
            "when your side is asked whether to act out of turn: act with none, let the enemy's action go ahead"
        }
        _ => return None,
    })
}

/// Why a cover grade is a grade or two better than the map's mark (1/4, 1/2, 3/4, 9/10):
/// the target crouches (one more) or lies prone (two more, E2); `None` for other reasons
/// or a target standing.
pub fn cover_note(reason: Reason, target: &UnitSnap) -> Option<String> {
    let cover = matches!(
        reason,
        Reason::QuarterCover
            | Reason::HalfCover
            | Reason::ThreeQuartersCover
            | Reason::NineTenthsCover
    );
    let raised = if target.has(ConditionKind::Prone) {
        "two grades better than the map's mark: it lies prone"
    } else if target.has(ConditionKind::Crouching) {
        "a grade better than the map's mark: it crouches behind it"
    } else {
        return None;
    };
    cover.then(|| format!("{}'s cover is {raised}", target.name))
}

/// The status line while the player picks where to Drag to.
pub const DRAG_HINT: &str = "Drag: click the tile to walk to; your grapple partner follows into each tile you leave (the map shows the path and the check's chance). Esc cancels.";

/// The action each of Seed003's keys stands for.
pub fn intent_action(intent: Intent) -> Option<ActionKind> {
    Some(match intent {
        Intent::Dash => action_names::DASH,
        Intent::Crouch | Intent::LieDown => action_names::CHANGE_POSTURE,
        Intent::Opening => action_names::CREATE_OPENING,
        Intent::Pin => action_names::PIN,
        Intent::SeizeInitiative => action_names::SEIZE_INITIATIVE,
        Intent::Ignore => action_names::IGNORE,
        Intent::DragPartner => action_names::DRAG,
        _ => return None,
    })
}

/// Whether the action bar offers Seed003's toggles: the attack styles, and the Nonlethal
/// Attack's switch and its cap, when the rules in force have those attacks.
pub fn offers(intent: Intent, rules: &Ruleset) -> Option<bool> {
    let action = match intent {
        Intent::QuickStyle => action_names::QUICK_ATTACK,
        Intent::StrongStyle => action_names::STRONG_ATTACK,
        Intent::NonLethal | Intent::WoundCap => action_names::NONLETHAL_ATTACK,
        // Its windows to act out of turn are passed with a key of their own.
        Intent::Pass => return Some(true),
        _ => return None,
    };
    Some(rules.has(action))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path() -> Vec<Pos> {
        vec![Pos::new(0, 1), Pos::new(0, 0)]
    }

    #[test]
    fn a_drag_pays_the_fewest_ap_the_battle_takes() {
        let fits =
            |c: &Command| matches!(c.of_book(), Some(Seed003Command::Drag { ap, .. }) if *ap >= 3);
        assert_eq!(
            drag_command("A", path(), fits),
            Some(
                Seed003Command::Drag {
                    unit: "A".into(),
                    ap: 3,
                    path: path(),
                }
                .into()
            )
        );
    }

    #[test]
    fn a_drag_the_battle_refuses_pays_4_so_the_refusal_says_why() {
        let cmd = drag_command("A", path(), |_| false);
        let cmd = cmd.as_ref().and_then(Command::of_book);
        assert!(matches!(cmd, Some(Seed003Command::Drag { ap: 4, .. })));
        assert_eq!(drag_command("A", Vec::new(), |_| true), None);
    }

    #[test]
    fn the_cap_cycles_light_to_critical_then_none() {
        let mut cap = None;
        let mut seen = Vec::new();
        for _ in 0..5 {
            cap = next_cap(cap);
            seen.push(cap);
        }
        use WoundLevel::*;
        assert_eq!(
            seen,
            vec![
                Some(Light),
                Some(Moderate),
                Some(Severe),
                Some(Critical),
                None
            ]
        );
    }
}
