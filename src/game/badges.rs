//! The short badges a combatant's conditions show over its figure: each condition's three
//! or four letters and its colour.

use crate::rules::ruleset::ConditionKind;
use bevy::prelude::Color;

/// Short badge text and colour for each condition.
pub fn badge(kind: ConditionKind) -> (&'static str, Color) {
    match kind {
        ConditionKind::Prone => ("PRN", Color::srgb(0.95, 0.75, 0.3)),
        ConditionKind::Exposed => ("EXP", Color::srgb(1.0, 0.55, 0.3)),
        ConditionKind::Unguarded => ("UNG", Color::srgb(1.0, 0.35, 0.3)),
        ConditionKind::Dazed => ("DAZ", Color::srgb(0.85, 0.5, 1.0)),
        ConditionKind::Restrained => ("RST", Color::srgb(0.9, 0.6, 0.6)),
        ConditionKind::Grappling => ("GRP", Color::srgb(0.7, 0.8, 0.9)),
        ConditionKind::Bleeding => ("BLD", Color::srgb(0.95, 0.15, 0.15)),
        ConditionKind::Defending => ("DEF", Color::srgb(0.4, 0.9, 0.5)),
        ConditionKind::TakingCover => ("CVR", Color::srgb(0.4, 0.8, 0.9)),
        ConditionKind::Surprised => ("SUR", Color::srgb(1.0, 1.0, 0.4)),
        ConditionKind::Down => ("DOWN", Color::srgb(0.7, 0.7, 0.7)),
        ConditionKind::Braced => ("BRC", Color::srgb(0.5, 0.7, 1.0)),
        ConditionKind::Feinting => ("FNT", Color::srgb(0.9, 0.8, 0.5)),
        ConditionKind::Wounded => ("WND", Color::srgb(0.95, 0.45, 0.35)),
        ConditionKind::Winded => ("WIN", Color::srgb(0.6, 0.75, 1.0)),
        ConditionKind::Shock => ("SHK", Color::srgb(0.95, 0.2, 0.6)),
        ConditionKind::Stabilized => ("STB", Color::srgb(0.5, 0.95, 0.6)),
        ConditionKind::Ambushed => ("AMB", Color::srgb(1.0, 1.0, 0.4)),
        ConditionKind::Readied => ("RDY", Color::srgb(0.9, 0.9, 0.6)),
        ConditionKind::Kneeling => ("KNL", Color::srgb(0.95, 0.8, 0.4)),
        ConditionKind::Blinded => ("BLN", Color::srgb(0.6, 0.6, 0.7)),
        ConditionKind::Slowed => ("SLW", Color::srgb(0.5, 0.7, 0.95)),
        ConditionKind::Exhausted => ("EXH", Color::srgb(0.75, 0.6, 0.9)),
        ConditionKind::Shaken => ("SHN", Color::srgb(0.9, 0.75, 0.5)),
        ConditionKind::BleedingOut => ("BLO", Color::srgb(1.0, 0.2, 0.3)),
        ConditionKind::Unconscious => ("UNC", Color::srgb(0.7, 0.7, 0.75)),
        ConditionKind::Hidden => ("HID", Color::srgb(0.6, 0.6, 0.85)),
        ConditionKind::Leaning => ("LEAN", Color::srgb(0.6, 0.85, 0.85)),
        ConditionKind::Holding => ("HOLD", Color::srgb(1.0, 0.7, 0.2)),
        ConditionKind::Dead => ("DEAD", Color::srgb(0.5, 0.5, 0.5)),
        ConditionKind::Crouching => ("CRO", Color::srgb(0.85, 0.8, 0.5)),
        ConditionKind::Harried => ("HAR", Color::srgb(1.0, 0.6, 0.45)),
        ConditionKind::Pinned => ("PIN", Color::srgb(0.9, 0.5, 0.5)),
        ConditionKind::Dying => ("DYI", Color::srgb(1.0, 0.2, 0.3)),
        ConditionKind::Staggered => ("STG", Color::srgb(0.8, 0.55, 0.95)),
    }
}

/// Badge texts for a list of conditions, for the unit sprites.
pub fn badges_text(kinds: &[ConditionKind]) -> String {
    kinds
        .iter()
        .map(|k| badge(*k).0)
        .collect::<Vec<_>>()
        .join(" ")
}
