//! The level's own fields beyond its name: the description (typed), the rulebook's
//! switches of the `rules` block (RULES §11: each unset, so the rulebook's, or one of its
//! values), and the balance band (`balance: (first_side, within)`).

use crate::level::edit::{EditError, LevelText};
use crate::level::schema::{Balance, LevelFile};
use crate::rules::preset::RulesBlock;
use crate::rules::ruleset::{MAX_RULESET_COUNT, Ruleset};

/// The longest description the editor writes, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 600;

/// A switch of a `rules` block and the values it is cycled through, as RON writes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switch {
    /// Its field in the `rules` block.
    pub name: &'static str,
    /// Its name in a designer's words, on its button.
    pub label: &'static str,
    pub values: &'static [&'static str],
    /// What it changes, in a player's words (the Rules page shows it under the switch).
    pub what: &'static str,
}

const ON_OFF: &[&str] = &["true", "false"];

/// RULES §11's switches, in the order `RulesBlock` has them.
pub const SWITCHES: [Switch; 9] = [
    Switch {
        name: "flanking",
        label: "Flanking",
        values: &["Line", "Arc120", "Surround120", "Off"],
        what: "how a target is flanked. Line: an attacker and its ally on a line through it. Arc120: attacker and ally at least 120 degrees apart around it (shots within normal range too). Surround120: any two enemies that can attack it, 120 degrees apart, flank it against every attack. Off: never",
    },
    Switch {
        name: "diagonal_cost",
        label: "Diagonal steps",
        values: &["Uniform", "Alternating"],
        what: "what a diagonal step costs: always one step, or every second one two",
    },
    Switch {
        name: "ap_per_turn",
        label: "Action points a turn",
        values: &["1", "2", "3", "4", "5", "6"],
        what: "the action points each unit has a turn",
    },
    Switch {
        name: "free_movement",
        label: "Free movement",
        values: ON_OFF,
        what: "whether a unit gets its movement (a tile is 1 m) free each turn, besides its action points",
    },
    Switch {
        name: "reactions_per_round",
        label: "Reactions a round",
        values: &["0", "1", "2", "3", "4"],
        what: "how many reactions (opportunity attacks, defences) a unit has a round",
    },
    Switch {
        name: "attacks_per_round",
        label: "Attacks a round",
        values: &["1", "2", "3", "4"],
        what: "how many attacks a unit may make a round",
    },
    Switch {
        name: "facing",
        label: "Facing",
        values: ON_OFF,
        what: "whether units face a way: flank and rear attacks, turning",
    },
    Switch {
        name: "collision_ignores_armor",
        label: "Collisions ignore armor",
        values: ON_OFF,
        what: "whether a collision's damage (a unit pushed into a wall or another unit) ignores armor",
    },
    Switch {
        name: "cover",
        label: "Cover",
        values: &["Evasion", "Penalty", "GuardArmor", "Graded"],
        what: "how cover protects: added evasion, a penalty to hit, added guard and armor, or graded by how much shows",
    },
];

/// A switch's value as its button shows it: `on` and `off` for RON's `true` and `false`,
/// "no limit" for the count a rulebook without a cap sets (`MAX_RULESET_COUNT`), other
/// values as written.
pub fn value_words(ron: &str) -> &str {
    match ron {
        "true" => "on",
        "false" => "off",
        v if v.parse() == Ok(MAX_RULESET_COUNT) => "no limit",
        v => v,
    }
}

/// The switches the level sets for itself, in a player's words: "Flanking: Arc120".
pub fn switches_set(file: &LevelFile) -> Vec<String> {
    SWITCHES
        .iter()
        .filter_map(|sw| {
            let v = switch_value(&file.rules, sw.name)?;
            Some(format!("{}: {}", sw.label, value_words(&v)))
        })
        .collect()
}

/// The value `block` gives switch `name`, as RON writes it (`None`: the rulebook's).
pub fn switch_value(block: &RulesBlock, name: &str) -> Option<String> {
    fn shown<T: std::fmt::Debug>(v: Option<T>) -> Option<String> {
        v.map(|v| format!("{v:?}"))
    }
    match name {
        "flanking" => shown(block.flanking),
        "diagonal_cost" => shown(block.diagonal_cost),
        "ap_per_turn" => shown(block.ap_per_turn),
        "free_movement" => shown(block.free_movement),
        "reactions_per_round" => shown(block.reactions_per_round),
        "attacks_per_round" => shown(block.attacks_per_round),
        "facing" => shown(block.facing),
        "collision_ignores_armor" => shown(block.collision_ignores_armor),
        "cover" => shown(block.cover),
        _ => None,
    }
}

/// The value the rules in force give switch `name`, as RON writes it.
pub fn ruleset_value(r: &Ruleset, name: &str) -> String {
    match name {
        "flanking" => format!("{:?}", r.flanking),
        "diagonal_cost" => format!("{:?}", r.diagonal_cost),
        "ap_per_turn" => r.ap_per_turn.to_string(),
        "free_movement" => r.free_movement.to_string(),
        "reactions_per_round" => r.reactions_per_round.to_string(),
        "attacks_per_round" => r.attacks_per_round.to_string(),
        "facing" => r.facing.to_string(),
        "collision_ignores_armor" => r.collision_ignores_armor.to_string(),
        "cover" => format!("{:?}", r.cover),
        _ => String::new(),
    }
}

/// The value a switch takes after `now` when its button is pressed, the rulebook giving it
/// `rulebooks`: unset (so the rulebook's), the value after the rulebook's, then each in
/// turn, around the list, until the next would be the rulebook's again: unset. So each press
/// changes the value in force (a toggle for an on-off switch). A value not listed goes back
/// to unset; where the rulebook's is not listed, the first value comes first.
pub fn next_switch_value(
    switch: &Switch,
    now: Option<&str>,
    rulebooks: &str,
) -> Option<&'static str> {
    let values = switch.values;
    let after = |v: &str| {
        let at = values.iter().position(|s| *s == v)?;
        Some(values[(at + 1) % values.len()])
    };
    match now {
        None => after(rulebooks).or(values.first().copied()),
        Some(v) => after(v).filter(|next| *next != rulebooks),
    }
}

/// The value the level's rulebook alone gives switch `name`, as RON writes it (an unknown
/// rulebook: none).
pub fn rulebooks_value(file: &LevelFile, name: &str) -> Option<String> {
    let book = file.rules.preset.unwrap_or_default();
    book.find().map(|b| ruleset_value(&b.ruleset(), name))
}

/// Why switch `name` means nothing under the level's rulebook, if it does not (the
/// registry's rulebook says; an unknown rulebook: none).
pub fn meaningless(file: &LevelFile, name: &str) -> Option<&'static str> {
    let book = file.rules.preset.unwrap_or_default();
    book.find().and_then(|b| b.meaningless(name))
}

/// Set switch `name` to `value` (`None`: taken out, so the rulebook's): the `rules` block
/// gains it, or is added when the level has none; a block left empty goes.
pub fn set_switch(
    file: &LevelFile,
    text: &mut LevelText,
    name: &str,
    value: Option<&str>,
) -> Result<(), EditError> {
    if !SWITCHES.iter().any(|s| s.name == name) {
        return Err(EditError::NoValue(format!("rules.{name}")));
    }
    match value {
        Some(v) if text.range("rules").is_some() => text.set_field("rules", name, v),
        Some(v) => text.set_field("", "rules", &format!("({name}: {v})")),
        None => {
            let others = file.rules.preset.is_some()
                || (SWITCHES.iter())
                    .any(|s| s.name != name && switch_value(&file.rules, s.name).is_some());
            if others {
                text.remove_field("rules", name)
            } else {
                text.remove_field("", "rules")
            }
        }
    }
}

/// The description typed, trimmed; or why it cannot be one.
pub fn typed_description(typed: &str) -> Result<String, String> {
    let d = typed.trim();
    if d.chars().count() > MAX_DESCRIPTION_CHARS {
        return Err(format!(
            "A description is at most {MAX_DESCRIPTION_CHARS} characters (this one has {})",
            d.chars().count()
        ));
    }
    Ok(d.to_string())
}

/// Describe the level (empty: the field taken out).
pub fn set_description(text: &mut LevelText, description: &str) -> Result<(), EditError> {
    if description.is_empty() {
        return text.remove_field("", "description");
    }
    text.set_field("", "description", &format!("{description:?}"))
}

/// The balance band the level is held to (`None`: even, the field taken out); the
/// share is held to 0–100 and the margin to 0–50, as the level's checks want them.
pub fn set_balance(text: &mut LevelText, balance: Option<Balance>) -> Result<(), EditError> {
    let Some(b) = balance else {
        return text.remove_field("", "balance");
    };
    let (first, within) = (b.first_side.clamp(0, 100), b.within.clamp(0, 50));
    let written = if within == Balance::EVEN.within {
        format!("(first_side: {first})")
    } else {
        format!("(first_side: {first}, within: {within})")
    };
    text.set_field("", "balance", &written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::EditorDoc;
    use crate::rules::ruleset::Flanking;

    const FIRST_BLOOD: &str = include_str!("../../levels/first_blood.ron");

    fn doc() -> EditorDoc {
        EditorDoc::new(FIRST_BLOOD.into(), Some("first_blood.ron".into()))
    }

    #[test]
    fn the_switches_a_level_sets_are_listed_in_words() {
        let mut d = doc();
        assert!(switches_set(d.view().file.as_ref().unwrap()).is_empty());
        d.edit(|f, t| set_switch(f, t, "flanking", Some("Arc120")))
            .unwrap();
        d.edit(|f, t| set_switch(f, t, "facing", Some("false")))
            .unwrap();
        assert_eq!(
            switches_set(d.view().file.as_ref().unwrap()),
            ["Flanking: Arc120", "Facing: off"]
        );
    }

    #[test]
    fn a_rulebook_without_an_attack_cap_reads_no_limit() {
        let uncapped = Ruleset {
            attacks_per_round: MAX_RULESET_COUNT,
            ..Ruleset::default()
        };
        let v = ruleset_value(&uncapped, "attacks_per_round");
        assert_eq!(value_words(&v), "no limit");
        let core = ruleset_value(&Ruleset::default(), "attacks_per_round");
        assert_eq!(value_words(&core), "2");
        assert_eq!(value_words("true"), "on");
        assert_eq!(value_words("Graded"), "Graded");
    }

    #[test]
    fn the_description_is_rewritten_in_place_or_taken_out() {
        let mut d = doc();
        let typed = typed_description("  A ford, \"deep\" in places.  ").unwrap();
        d.edit(|_, t| set_description(t, &typed)).unwrap();
        let old = FIRST_BLOOD.lines().nth(4).unwrap();
        let new = "    description: \"A ford, \\\"deep\\\" in places.\",";
        assert_eq!(d.text(), FIRST_BLOOD.replace(old, new));
        assert_eq!(
            d.view().level.as_ref().unwrap().description,
            "A ford, \"deep\" in places."
        );
        d.edit(|_, t| set_description(t, "")).unwrap();
        assert_eq!(d.text(), FIRST_BLOOD.replace(&format!("{old}\n"), ""));
        assert!(d.view().problems.is_empty());
        assert!(
            typed_description(&"x".repeat(601))
                .unwrap_err()
                .contains("at most 600")
        );
        assert!(d.undo() && d.undo());
        assert_eq!(d.text(), FIRST_BLOOD);
    }

    #[test]
    fn a_switch_is_cycled_through_its_values_and_back_to_the_rulebooks() {
        let mut d = doc();
        let flanking = SWITCHES[0];
        // Each press changes the value in force: from the rulebook's Line, on to Arc120,
        // Surround120 and Off, then unset (Line again).
        assert_eq!(
            rulebooks_value(d.view().file.as_ref().unwrap(), "flanking").as_deref(),
            Some("Line")
        );
        let next = next_switch_value(&flanking, None, "Line");
        assert_eq!(next, Some("Arc120"));
        assert_eq!(
            next_switch_value(&flanking, Some("Arc120"), "Line"),
            Some("Surround120")
        );
        assert_eq!(
            next_switch_value(&flanking, Some("Off"), "Arc120"),
            Some("Line")
        );
        assert_eq!(next_switch_value(&flanking, Some("Line"), "Arc120"), None);
        // An on-off switch toggles; a rulebook's value not listed: the first comes first.
        let facing = SWITCHES.iter().find(|s| s.name == "facing").unwrap();
        assert_eq!(next_switch_value(facing, None, "true"), Some("false"));
        assert_eq!(next_switch_value(facing, Some("false"), "true"), None);
        let attacks = SWITCHES
            .iter()
            .find(|s| s.name == "attacks_per_round")
            .unwrap();
        assert_eq!(next_switch_value(attacks, None, "20"), Some("1"));
        d.edit(|f, t| set_switch(f, t, "flanking", Some("Arc120")))
            .unwrap();
        assert!(
            d.text()
                .ends_with("    ],\n    rules: (flanking: Arc120),\n)\n"),
            "{}",
            d.text()
        );
        assert_eq!(
            d.view().level.as_ref().unwrap().rules.flanking,
            Flanking::Arc120
        );
        d.edit(|f, t| set_switch(f, t, "facing", Some("false")))
            .unwrap();
        assert!(
            d.text()
                .contains("rules: (flanking: Arc120, facing: false),")
        );
        assert_eq!(next_switch_value(&flanking, Some("Off"), "Line"), None);
        d.edit(|f, t| set_switch(f, t, "flanking", None)).unwrap();
        assert!(d.text().contains("rules: (facing: false),"));
        // The last switch out: the block goes, and the file is as it was.
        d.edit(|f, t| set_switch(f, t, "facing", None)).unwrap();
        assert_eq!(d.text(), FIRST_BLOOD);
        assert!(d.edit(|f, t| set_switch(f, t, "luck", Some("1"))).is_err());
        // A preset stays when its switches go.
        d.edit(|f, t| crate::editor::ops::set_rulebook(f, t, "Seed001"))
            .unwrap();
        d.edit(|f, t| set_switch(f, t, "ap_per_turn", Some("4")))
            .unwrap();
        assert!(meaningless(d.view().file.as_ref().unwrap(), "reactions_per_round").is_some());
        d.edit(|f, t| set_switch(f, t, "ap_per_turn", None))
            .unwrap();
        assert!(d.text().contains("rules: (preset: Seed001),"));
        while d.undo() {}
        assert_eq!(d.text(), FIRST_BLOOD);
    }

    #[test]
    fn the_balance_band_is_one_line_held_to_its_bounds() {
        let mut d = doc();
        let b = Balance {
            first_side: 30,
            within: 10,
        };
        d.edit(|_, t| set_balance(t, Some(b))).unwrap();
        assert!(
            d.text()
                .ends_with("    ],\n    balance: (first_side: 30),\n)\n")
        );
        assert_eq!(d.view().level.as_ref().unwrap().balance, b);
        let wide = Balance {
            first_side: 130,
            within: 70,
        };
        d.edit(|_, t| set_balance(t, Some(wide))).unwrap();
        assert!(
            d.text()
                .contains("    balance: (first_side: 100, within: 50),\n")
        );
        assert!(d.view().problems.is_empty());
        d.edit(|_, t| set_balance(t, None)).unwrap();
        assert_eq!(d.text(), FIRST_BLOOD);
        assert!(d.undo());
        assert!(d.text().contains("within: 50"));
    }
}
