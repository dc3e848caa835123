//! The How to play page's text: the primer of the rulebook in force, then what each control
//! does, with the inputs bound to it now (`assets/input.ron` over the defaults), so a
//! rebound key shows as rebound; the rulebook's own keys are listed only under it.

use crate::game::controls::{Bindings, Intent, action_of, in_rules, own_action_of};
use crate::rules::ruleset::Ruleset;

/// A section of the page: its heading and its lines (the inputs, what they do).
pub type Section = (&'static str, Vec<(String, &'static str)>);

/// The page, section by section: the rules in force's primer and its own keys among the
/// controls.
pub fn how_to_play(b: &Bindings, rules: &Ruleset) -> Vec<Section> {
    let book = rules.rulebook.book();
    let primer = book
        .primer()
        .iter()
        .map(|(topic, says)| (topic.to_string(), *says));
    let mut page = vec![(book.title(), primer.collect())];
    page.extend(controls(b));
    let own = own_keys(b, rules);
    if !own.is_empty() {
        page.insert(3, ("This rulebook's own actions", own));
    }
    page
}

/// The keys of the rulebook in force's own actions and toggles, with what each does.
fn own_keys(b: &Bindings, rules: &Ruleset) -> Vec<(String, &'static str)> {
    let book = rules.rulebook.book();
    let own_slots = [Intent::OwnAction1, Intent::OwnAction2, Intent::OwnAction3];
    let first_own = crate::game::hud::BAR
        .iter()
        .position(|i| *i == Intent::Disarm)
        .unwrap_or(0);
    let last_own = crate::game::hud::BAR
        .iter()
        .position(|i| *i == Intent::WoundCap)
        .unwrap_or(0);
    crate::game::hud::BAR[first_own..=last_own]
        .iter()
        .chain(&own_slots)
        .chain(&[Intent::Pass])
        .filter(|i| match own_action_of(**i, rules) {
            Some(_) => true,
            None => !own_slots.contains(i) && in_rules(**i, rules),
        })
        .map(|i| {
            let kind = action_of(*i, rules);
            let does = own_action_of(*i, rules)
                .map(|s| s.help)
                .or_else(|| book.action_text(*i, kind))
                .or(kind.map(|k| k.label()))
                .unwrap_or("");
            (b.inputs_label(*i), does)
        })
        .collect()
}

/// The controls every rulebook shares.
fn controls(b: &Bindings) -> Vec<Section> {
    let line = |intents: &[Intent], does: &'static str| {
        let inputs: Vec<String> = intents.iter().map(|i| b.inputs_label(*i)).collect();
        (inputs.join(" / "), does)
    };
    vec![
        (
            "Your turn",
            vec![
                line(
                    &[Intent::Select],
                    "move to a shaded tile (blue: free; yellow, orange, red: 1, 2, 3 AP), or see a unit",
                ),
                line(
                    &[Intent::EndTurn],
                    "end the turn; on a screen: continue, or take the reaction offered",
                ),
                line(
                    &[Intent::Skip],
                    "finish the blows and moves playing; with none playing, end the turn",
                ),
                line(
                    &[Intent::Cancel],
                    "drop the action picked (none: Esc opens the menu); on a prompt: decline",
                ),
                line(&[Intent::Undo], "undo the moves made since the last roll"),
                line(&[Intent::NextUnit], "look at the next unit to act"),
            ],
        ),
        (
            "Actions (every one is on the action bar, with its AP cost and key)",
            vec![
                line(
                    &[Intent::Attack],
                    "attack: each target shows its exact hit chance and damage; click one",
                ),
                line(
                    &[Intent::Shove, Intent::Trip, Intent::Grab, Intent::Charge],
                    "shove, trip, grab, charge: pick a target the same way",
                ),
                line(&[Intent::Stabilize], "stabilize a bleeding ally"),
                line(
                    &[Intent::Defend, Intent::TakeCover, Intent::Disengage],
                    "defend, take cover, disengage",
                ),
                line(&[Intent::CycleWeapon], "change the weapon used"),
                line(
                    &[Intent::Face, Intent::RotateFacing],
                    "face a tile (then click it) / turn 45 degrees clockwise",
                ),
                line(
                    &[Intent::Delay],
                    "delay: click a unit to act after it, or press again: to the round's end",
                ),
            ],
        ),
        (
            "The map and the game",
            vec![
                line(
                    &[
                        Intent::PanUp,
                        Intent::PanDown,
                        Intent::PanLeft,
                        Intent::PanRight,
                    ],
                    "pan (or drag with the middle button)",
                ),
                line(
                    &[Intent::ZoomIn, Intent::ZoomOut],
                    "zoom (or the mouse wheel)",
                ),
                line(&[Intent::FitMap], "show the whole map"),
                line(&[Intent::Fullscreen], "fullscreen, or back to a window"),
                line(
                    &[Intent::AnimationSpeed],
                    "animation speed: normal, fast, instant",
                ),
                line(
                    &[Intent::ToggleMarks],
                    "terrain marks: movement cost, H and F for half and full cover",
                ),
                line(&[Intent::LevelSelect], "choose another battle"),
                line(
                    &[Intent::SaveReplay],
                    "save the battle so far as a replay in your data folder",
                ),
                line(&[Intent::Help], "this page"),
            ],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::controls::{Binding, default_bindings};
    use bevy::prelude::{KeyCode, MouseButton};

    fn row<'a>(page: &'a [Section], does: &str) -> &'a str {
        page.iter()
            .flat_map(|(_, lines)| lines)
            .find(|(_, d)| d.starts_with(does))
            .map(|(inputs, _)| inputs.as_str())
            .unwrap_or_else(|| panic!("no line for {does}"))
    }

    /// The page names the inputs bound now: the defaults, and a key rebound in the file.
    #[test]
    fn the_page_names_the_keys_in_force() {
        let mut b = Bindings {
            map: default_bindings(),
            problem: None,
        };
        let core = crate::rules::ruleset::Ruleset::default();
        let page = how_to_play(&b, &core);
        assert_eq!(row(&page, "end the turn"), "Enter");
        assert_eq!(row(&page, "finish the blows"), "Space");
        assert_eq!(row(&page, "drop the action"), "Right click / Esc");
        assert_eq!(row(&page, "shove, trip"), "2 / 3 / 4 / 5");
        assert_eq!(row(&page, "pan"), "Up / Down / Left / Right");
        assert_eq!(row(&page, "zoom"), "= / Num + / - / Num -");
        assert_eq!(row(&page, "this page"), "F1");
        b.map
            .insert(Intent::EndTurn, vec![Binding::Key(KeyCode::KeyK)]);
        b.map
            .insert(Intent::Select, vec![Binding::Mouse(MouseButton::Right)]);
        let page = how_to_play(&b, &core);
        assert_eq!(row(&page, "end the turn"), "K");
        assert_eq!(row(&page, "move to a shaded tile"), "Right click");
    }

    /// The page starts with the primer of the rulebook in force, in its words, and lists
    /// that rulebook's own keys; Core's page lists none of another rulebook's.
    #[test]
    fn the_page_teaches_the_rulebook_in_force() {
        let b = Bindings {
            map: default_bindings(),
            problem: None,
        };
        let core = crate::rules::ruleset::Ruleset::default();
        let page = how_to_play(&b, &core);
        assert_eq!(page[0].0, "Core Tactics");
        assert!(page[0].1.iter().any(|(t, _)| t == "Flanking"));
        assert!(
            page.iter()
                .all(|(h, _)| *h != "This rulebook's own actions")
        );
        let seed003 = crate::rules::ruleset::RulebookId::named("Seed003")
            .book()
            .ruleset();
        let page = how_to_play(&b, &seed003);
        assert_eq!(page[0].0, "Wounds and Will");
        assert!(page[0].1.iter().any(|(t, _)| t == "Wounds"));
        assert_eq!(page[3].0, "This rulebook's own actions");
        assert_eq!(row(&page, "2 Stamina: the move rate doubles"), "I");
        assert_eq!(
            row(&page, "when your side is asked whether to act out of turn"),
            "N"
        );
        assert!(
            page[3].1.iter().all(|(_, d)| !d.is_empty()),
            "{:?}",
            page[3].1
        );
    }
}
