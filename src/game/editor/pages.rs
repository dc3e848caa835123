//! The side panel's pages besides the level's own (`panels.rs`): the tabs, the Rules
//! page (the rulebook and RULES §11's switches), the Sides page (each side's name, player
//! and surprise, a new side, the objectives), and the unit picked (its name, template,
//! statistics with their steps, Seed000's union, its buttons).

use super::widgets::{GOLD, MUTED, PROBLEM_RED, button, line, row};
use super::{Editor, EditorAction, Page, TextField};
use crate::editor::EditorDoc;
use crate::editor::level_fields::{
    SWITCHES, meaningless, rulebooks_value, ruleset_value, switch_value, value_words,
};
use crate::editor::objectives::{ObjectiveKind, describe};
use crate::editor::{sides, units};
use crate::level::schema::{Controller, LevelFile, ObjectiveFile};
use bevy::prelude::*;

/// The pages' tabs.
pub fn tabs(p: &mut ChildSpawnerCommands, editor: &Editor) {
    let on = |page: Page| editor.selected.is_none() && editor.page == page;
    row(p, |r| {
        for page in [Page::Level, Page::Rules, Page::Sides] {
            let label = format!("{} page", page.name());
            button(r, &label, EditorAction::Page(page), on(page));
        }
    });
}

/// The title of the level's rulebook (its id where the registry has none of that name).
pub fn rulebook_title(file: &LevelFile) -> String {
    let book = file.rules.preset.unwrap_or_default();
    book.find()
        .map_or(book.0.to_string(), |b| b.title().to_string())
}

/// The rulebook's button: the next registered one.
fn rulebook_button(p: &mut ChildSpawnerCommands, file: &LevelFile) {
    let title = rulebook_title(file);
    button(
        p,
        &format!("Rules: {title} (click: the next rulebook)"),
        EditorAction::NextRulebook,
        false,
    );
}

/// The rulebook and its switches: each press gives a switch its next value, then the
/// rulebook's again; one that means nothing under the rulebook says why.
pub fn rules_page(p: &mut ChildSpawnerCommands, doc: &EditorDoc, file: &LevelFile) {
    rulebook_button(p, file);
    line(
        p,
        "Switches, lit where the level sets its own value; each press: the next value, back to the rulebook's after the last",
        12.0,
        MUTED,
    );
    let rules = doc.view().level.as_ref().map(|l| &l.rules);
    for (i, sw) in SWITCHES.iter().enumerate() {
        if meaningless(file, sw.name).is_some() {
            line(
                p,
                &format!("{}: not under this rulebook", sw.label),
                12.0,
                MUTED,
            );
            continue;
        }
        let set = switch_value(&file.rules, sw.name);
        let shown = match (&set, rulebooks_value(file, sw.name)) {
            // Set: beside it, what the rulebook would give.
            (Some(v), Some(own)) if own != *v => {
                format!("{} (the rulebook's: {})", value_words(v), value_words(&own))
            }
            (Some(v), _) => value_words(v).to_string(),
            (None, _) => unset_shown(rules, sw.name),
        };
        button(
            p,
            &format!("{}: {shown}", sw.label),
            EditorAction::Switch(i),
            set.is_some(),
        );
        line(
            p,
            &format!("{} (`{}` in the file)", sw.what, sw.name),
            11.0,
            MUTED,
        );
    }
}

/// A switch the level leaves unset: the rulebook's value, as the level in force has it.
fn unset_shown(rules: Option<&crate::rules::ruleset::Ruleset>, name: &str) -> String {
    match rules {
        Some(r) => format!("{} (the rulebook's)", value_words(&ruleset_value(r, name))),
        None => "the rulebook's".into(),
    }
}

/// Each side's name, player and surprise; a new side; the objectives.
pub fn sides_page(p: &mut ChildSpawnerCommands, editor: &Editor, file: &LevelFile) {
    for (i, side) in file.sides.iter().enumerate() {
        let colour = super::view::side_colour(file, &side.name);
        row(p, |r| {
            line(r, &side.name, 14.0, colour);
            let name = &side.name;
            button(
                r,
                &format!("Rename {name}"),
                EditorAction::Type(TextField::SideName(i)),
                false,
            );
            let who = match side.controller {
                Controller::Human => "a person".to_string(),
                Controller::Ai(level) => format!("the computer ({level:?})"),
            };
            button(
                r,
                &format!("{name}: {who}"),
                EditorAction::CycleController(i),
                false,
            );
            let surprised = if side.surprised { "yes" } else { "no" };
            button(
                r,
                &format!("{name} surprised: {surprised}"),
                EditorAction::Surprised(i),
                side.surprised,
            );
            button(
                r,
                &format!("Remove {name}"),
                EditorAction::RemoveSide(i),
                false,
            );
        });
    }
    if file.sides.len() < sides::MAX_SIDES {
        button(p, "Add a side", EditorAction::AddSide, false);
    }
    line(p, "Objectives, besides defeating every enemy:", 14.0, GOLD);
    if file.objectives.is_empty() {
        line(p, "None: a side wins by defeating every enemy", 12.0, MUTED);
    }
    for (n, o) in file.objectives.iter().enumerate() {
        objective_row(p, editor, n, o);
    }
    let side = file.sides.get(editor.side).map_or("", |s| s.name.as_str());
    line(
        p,
        &format!("Add one for {side} (Tab: the next side):"),
        12.0,
        MUTED,
    );
    row(p, |r| {
        for kind in ObjectiveKind::ALL {
            button(
                r,
                &format!("Add {}", kind.label()),
                EditorAction::AddObjective(kind),
                false,
            );
        }
    });
}

/// The height an objective's line keeps, in logical pixels: two lines of its 12-pixel text.
const OBJECTIVE_LINES: f32 = 30.0;

/// Objective `n`: its line, its number's steps, its area's button and its removal.
fn objective_row(p: &mut ChildSpawnerCommands, editor: &Editor, n: usize, o: &ObjectiveFile) {
    let shown = n + 1;
    // What the steps count: rounds (Survive, Hold area) or units (Reach area).
    let counts = match o {
        ObjectiveFile::ReachArea { .. } => "units",
        _ => "rounds",
    };
    // Two lines' height kept for it, so that a tile put in the area, which may wrap it
    // onto a second, moves none of the buttons under the pointer.
    p.spawn(Node {
        min_height: px(OBJECTIVE_LINES),
        ..default()
    })
    .with_children(|l| line(l, &format!("{shown}. {}", describe(o)), 12.0, Color::WHITE));
    // A button a line, each as wide as the panel: a label that changes (Edit area, Done
    // with the area) never re-wraps the others from under the pointer.
    button(
        p,
        &format!("Objective {shown} {counts} -"),
        EditorAction::StepObjective(n, -1),
        false,
    );
    button(
        p,
        &format!("Objective {shown} {counts} +"),
        EditorAction::StepObjective(n, 1),
        false,
    );
    if !matches!(o, ObjectiveFile::Survive { .. }) {
        let editing = editor.area == Some(n);
        let label = if editing {
            "Done with the area".to_string()
        } else {
            format!("Edit area {shown}")
        };
        button(p, &label, EditorAction::EditArea(n), editing);
    }
    button(
        p,
        &format!("Remove objective {shown}"),
        EditorAction::RemoveObjective(n),
        false,
    );
}

/// The unit picked: its name, template, side and tile, its statistics as resolved, each
/// statistic with its steps, its union, and its buttons.
pub fn unit_page(p: &mut ChildSpawnerCommands, doc: &EditorDoc, i: usize) {
    let Some(file) = doc.view().file.as_ref() else {
        return;
    };
    let Some(u) = file.units.get(i) else {
        return;
    };
    let name = u
        .name
        .clone()
        .unwrap_or_else(|| format!("({})", u.template));
    line(
        p,
        &format!(
            "{name}: {} of {}, at ({}, {})",
            u.template, u.side, u.pos.x, u.pos.y
        ),
        15.0,
        GOLD,
    );
    own_problems(p, doc, i);
    resolved(p, doc, i);
    button(
        p,
        "Rename the unit",
        EditorAction::Type(TextField::UnitName(i)),
        false,
    );
    line(
        p,
        "Statistics (gold: its own, not its template's; (rulebook): neither sets it, the \
         rules derive it; click a value to type it):",
        12.0,
        MUTED,
    );
    let stats = units::stats(file);
    let shorts = short_names(&stats);
    for (n, (stat, short)) in stats.iter().zip(&shorts).enumerate() {
        stat_row(p, doc, file, (i, n), (stat, short));
    }
    union_rows(p, file, i);
    row(p, |r| {
        button(r, "Duplicate (Ctrl+D)", EditorAction::Duplicate, false);
        button(r, "Delete (Del)", EditorAction::Delete, false);
        let turn = format!("Turn (R){}", super::facing_note(Some(doc)));
        button(r, &turn, EditorAction::TurnFacing, false);
    });
}

/// The problems about unit `i`, at the top of its page (the list under the page may be
/// below the panel's foot).
fn own_problems(p: &mut ChildSpawnerCommands, doc: &EditorDoc, i: usize) {
    use crate::editor::problems::{Fault, fault_of};
    let text = crate::level::edit::LevelText::new(doc.text());
    for problem in &doc.view().problems {
        if fault_of(&text, problem) == Fault::Unit(i) {
            line(
                p,
                &format!("Problem: {}", problem.message),
                12.0,
                PROBLEM_RED,
            );
        }
    }
}

/// The unit's statistics as the level resolves them; its facing as the file writes it, or
/// where it writes none, the one towards the enemies (which moves as they do).
fn resolved(p: &mut ChildSpawnerCommands, doc: &EditorDoc, i: usize) {
    let written = (doc.view().file.as_ref())
        .and_then(|f| f.units.get(i))
        .and_then(|u| u.facing);
    let Some(def) = doc.view().level.as_ref().and_then(|l| l.units.get(i)) else {
        let weapons = doc
            .view()
            .file
            .as_ref()
            .map_or(String::new(), |f| units::weapons_written(f, i).join(", "));
        let facing = written.map_or("towards the enemies".into(), |f| format!("{f:?}"));
        line(p, &format!("Facing {facing}"), 12.0, Color::WHITE);
        return line(
            p,
            &format!("Weapons: {weapons} (as written: the level has problems to fix)"),
            12.0,
            Color::WHITE,
        );
    };
    let s = &def.stats;
    let weapons: Vec<&str> = s.weapons.iter().map(|w| w.name.as_str()).collect();
    let towards = if written.is_none() {
        " (towards the enemies)"
    } else {
        ""
    };
    let size_facing = format!("Size {:?}, facing {:?}{towards}", s.size, def.facing);
    line(p, &size_facing, 12.0, Color::WHITE);
    line(
        p,
        &format!("Weapons: {}", weapons.join(", ")),
        12.0,
        Color::WHITE,
    );
}

/// Each statistic's short name on its buttons: its first three letters ("Vit"), or where an
/// earlier one has them, those and each further word's first ("ArmD" for armor_durability
/// after armor); where that still gives two the same (the core's vitality and Seed003's
/// vit), each of them its first four letters, or all it has ("Vita" and "Vit").
fn short_names(stats: &[&str]) -> Vec<String> {
    let mut shorts: Vec<String> = Vec::new();
    for stat in stats {
        let word = crate::editor::ops::display_name(stat);
        let mut short: String = word.chars().take(3).collect();
        if shorts.contains(&short) {
            let rest = word.split(' ').skip(1).filter_map(|w| w.chars().next());
            short.extend(rest.map(|c| c.to_ascii_uppercase()));
        }
        shorts.push(short);
    }
    let twice: Vec<String> = (shorts.iter())
        .filter(|s| shorts.iter().filter(|o| o == s).count() > 1)
        .cloned()
        .collect();
    (stats.iter().zip(shorts))
        .map(|(stat, short)| match twice.contains(&short) {
            true => crate::editor::ops::display_name(stat)
                .chars()
                .take(4)
                .collect(),
            false => short,
        })
        .collect()
}

/// `Vitality 30 (template 26)`, `Stealth 3 (rulebook)` ([`units::stat_line`]; a click:
/// type the value), with its steps and, for the unit's own value, the button back to the
/// template's.
fn stat_row(
    p: &mut ChildSpawnerCommands,
    doc: &EditorDoc,
    file: &LevelFile,
    (i, n): (usize, usize),
    (stat, short): (&str, &str),
) {
    let level = doc.view().level.as_deref();
    let (text, own) = units::stat_line(file, level, i, stat);
    let colour = if own { GOLD } else { Color::WHITE };
    row(p, |r| {
        r.spawn((
            Button,
            Node {
                width: px(120),
                ..default()
            },
            EditorAction::Type(TextField::Stat(i, n)),
        ))
        .with_children(|c| line(c, &text, 12.0, colour));
        button(r, &format!("{short} -"), EditorAction::Stat(n, -1), false);
        button(r, &format!("{short} +"), EditorAction::Stat(n, 1), false);
        if own {
            button(r, &format!("{short} ="), EditorAction::ResetStat(n), false);
        }
    });
}

/// Seed000's unions: the unit's, and the units of its side it may pair with.
fn union_rows(p: &mut ChildSpawnerCommands, file: &LevelFile, i: usize) {
    let book = file.rules.preset.unwrap_or_default();
    let fixed = book.find().is_some_and(|b| {
        b.ruleset().initiative == crate::rules::ruleset::InitiativeRule::FixedEachRound
    });
    let mine = sides::union_of(file, i);
    if !fixed && mine.is_none() {
        return;
    }
    let u = &file.units[i];
    let mates: Vec<(usize, &str)> = (file.units.iter().enumerate())
        .filter(|(k, m)| *k != i && m.side == u.side)
        .filter(|(k, _)| mine.is_none() || sides::union_of(file, *k) != mine)
        .filter_map(|(k, m)| Some((k, m.name.as_deref()?)))
        .collect();
    row(p, |r| {
        match (mine, mates.is_empty()) {
            (Some((s, j)), _) => {
                let members = file.sides[s].unions[j].join(" + ");
                let said = format!("Union (they act in one turn slot): {members}");
                line(r, &said, 12.0, Color::WHITE);
                button(r, "Leave the union", EditorAction::LeaveUnion, false);
            }
            (None, true) => line(
                r,
                "Union: none (no other named unit on its side)",
                12.0,
                MUTED,
            ),
            (None, false) => line(
                r,
                "Union (units that act in one turn slot): none. Pair with:",
                12.0,
                MUTED,
            ),
        }
        for (k, name) in mates {
            button(
                r,
                &format!("Union with {name}"),
                EditorAction::JoinUnion(k),
                false,
            );
        }
    });
}

#[cfg(test)]
mod tests {
    use super::short_names;

    #[test]
    fn each_statistic_has_a_short_name_of_its_own() {
        assert_eq!(
            short_names(&["vitality", "armor", "armor_durability", "agility"]),
            ["Vit", "Arm", "ArmD", "Agi"]
        );
        // Seed003's vit after the core's vitality: four letters, or all it has.
        assert_eq!(
            short_names(&["vitality", "evasion", "vit"]),
            ["Vita", "Eva", "Vit"]
        );
    }
}
