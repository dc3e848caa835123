//! The window's Seed003 commands that need more than a target: Drag (C5), whose command
//! names the AP it pays for movement and the dragger's path (the grapple partner is the
//! one it holds), and the Nonlethal Attack's cap (C4), which a key cycles.

use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::preview::{Preview, preview};
use crate::battle::snapshot::UnitSnap;
use crate::rules::grid::Pos;
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
    let cmd = |ap| Command::Drag {
        unit: unit.to_string(),
        ap,
        path: path.clone(),
    };
    DRAG_AP
        .map(cmd)
        .find(|c| fits(c))
        .or_else(|| Some(cmd(*DRAG_AP.end())))
}

/// The Drag of `me` to the tile `to` by the path a move there would take, with its preview
/// (the Power check's chance) when the battle would take it.
pub fn drag_to(view: &View, me: &UnitSnap, to: Pos) -> Option<(Command, Option<Preview>)> {
    let path = view.ctx.path_to(me, to)?;
    let cmd = drag_command(&me.name, path, |c| preview(view, c).is_ok())?;
    let p = preview(view, &cmd).ok();
    Some((cmd, p))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::events::AttackOptions;
    use crate::game::UiState;
    use crate::rules::actions::ActionKind;

    fn path() -> Vec<Pos> {
        vec![Pos::new(0, 1), Pos::new(0, 0)]
    }

    #[test]
    fn a_drag_pays_the_fewest_ap_the_battle_takes() {
        let fits = |c: &Command| matches!(c, Command::Drag { ap, .. } if *ap >= 3);
        assert_eq!(
            drag_command("A", path(), fits),
            Some(Command::Drag {
                unit: "A".into(),
                ap: 3,
                path: path(),
            })
        );
    }

    #[test]
    fn a_drag_the_battle_refuses_pays_4_so_the_refusal_says_why() {
        let cmd = drag_command("A", path(), |_| false);
        assert!(matches!(cmd, Some(Command::Drag { ap: 4, .. })));
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

    #[test]
    fn a_nonlethal_attack_with_a_cap_is_a_nonlethal_attack_command() {
        let ui = UiState {
            non_lethal: true,
            cap: Some(WoundLevel::Moderate),
            ..UiState::default()
        };
        let cmd = ui
            .command_on(ActionKind::Attack, "A", "T")
            .expect("a command");
        let Command::Attack { options, .. } = &cmd else {
            panic!("{cmd:?}")
        };
        assert_eq!(
            options,
            &AttackOptions {
                non_lethal: Some(true),
                cap: Some(WoundLevel::Moderate),
                ..AttackOptions::default()
            }
        );
        assert_eq!(cmd.action(), Some(ActionKind::NonlethalAttack));
        // No cap picked, or non-lethal off: no cap is sent.
        let off = UiState {
            cap: Some(WoundLevel::Moderate),
            ..UiState::default()
        };
        let Some(Command::Attack { options, .. }) = off.command_on(ActionKind::Attack, "A", "T")
        else {
            panic!()
        };
        assert_eq!(options.cap, None);
        assert_eq!(
            cap_note(true, Some(WoundLevel::Severe)),
            " | Nonlethal Attack: wounds capped at Severe"
        );
    }
}
