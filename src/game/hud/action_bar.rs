//! The action bar along the bottom: a button per action of `BAR` (`hud/mod.rs`) with its
//! hotkey and AP cost, greyed when `ActionAvailability` (`availability.rs`) says it cannot be
//! taken and lit while its mode is on; a click sends `controls::Pressed`. Above the buttons
//! the status line: the hovered button's cost and reason, the last refusal (the toast, from
//! `log.rs`), or what the current mode asks for.

use super::availability::ActionAvailability;
use super::{BAR, PANEL_BG, TEXT_DIM, Toast, text};
use crate::battle::describe::Wording;
use crate::battle::engine::{Roster, Rules, TurnState};
use crate::battle::events::AttackStyle;
use crate::game::controls::{Bindings, Intent, Pressed, action_of, elsewhere, own_action_of};
use crate::game::level_asset::CurrentLevel;
use crate::game::map_view::{BOTTOM_BAR, PANEL_WIDTH};
use crate::game::{Mode, UiState};
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::Ruleset;
use bevy::prelude::*;

const BUTTON_ON: Color = Color::srgb(0.19, 0.23, 0.3);
const BUTTON_OFF: Color = Color::srgb(0.12, 0.12, 0.13);
const BUTTON_HOVER: Color = Color::srgb(0.28, 0.34, 0.45);
/// A button whose mode or toggle is on; darker when it cannot be taken now, its text still
/// readable.
const BUTTON_SELECTED: Color = Color::srgb(0.55, 0.45, 0.15);
const BUTTON_SELECTED_OFF: Color = Color::srgb(0.3, 0.25, 0.1);
const TEXT_ON: Color = Color::WHITE;
const TEXT_OFF: Color = Color::srgb(0.45, 0.45, 0.47);
const TEXT_SELECTED_OFF: Color = Color::srgb(0.85, 0.8, 0.62);
const BUTTON_MORE: Color = Color::srgb(0.22, 0.2, 0.3);

/// A button of the action bar.
#[derive(Component, Clone, Copy, Debug)]
pub struct ActionButton {
    pub intent: Intent,
    pub kind: Option<ActionKind>,
    /// Whether the rules in force have its action (else it never shows).
    pub in_rules: bool,
}

/// The actions always on the bar where the rules have them; the others wait under More,
/// but for one that matters now (`NOW_AND_THEN`, when it can be taken) and one whose mode
/// or toggle is on.
const PRIMARY: [Intent; 16] = [
    Intent::Attack,
    Intent::Shove,
    Intent::Trip,
    Intent::Grab,
    Intent::Defend,
    Intent::TakeCover,
    Intent::Disengage,
    Intent::Sprint,
    Intent::Face,
    Intent::Undo,
    Intent::CycleWeapon,
    Intent::OwnAction1,
    Intent::OwnAction2,
    Intent::OwnAction3,
    Intent::Pass,
    Intent::EndTurn,
];

/// Actions shown beside the primary ones while they can be taken: a way out of a state
/// (Prone, a grapple), help for an ally, the finish of a foe.
const NOW_AND_THEN: [Intent; 8] = [
    Intent::StandUp,
    Intent::Escape,
    Intent::Release,
    Intent::Stabilize,
    Intent::FirstAid,
    Intent::Coup,
    Intent::Pin,
    Intent::DragPartner,
];

/// Whether the bar shows every action the rules have (More), or the primary ones.
#[derive(Resource, Debug, Default)]
pub(super) struct MoreActions(pub bool);

/// The button that shows or hides the actions waiting under More.
#[derive(Component)]
pub(super) struct MoreButton;

/// The status line.
#[derive(Component)]
pub(super) struct StatusLine;

pub(super) fn spawn_action_bar(commands: &mut Commands) {
    commands
        .spawn((
            DespawnOnExit(crate::game::screen_state::OnMap),
            Node {
                position_type: PositionType::Absolute,
                bottom: px(0),
                left: px(0),
                right: px(PANEL_WIDTH),
                height: px(BOTTOM_BAR),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(6)),
                row_gap: px(4),
                ..default()
            },
            BackgroundColor(PANEL_BG),
        ))
        .with_children(|p| {
            // A fixed height, so that the buttons never move under the pointer.
            p.spawn(Node {
                height: px(34),
                overflow: Overflow::clip(),
                ..default()
            })
            .with_child((text("", 13.0, Color::WHITE), StatusLine));
            p.spawn(Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                column_gap: px(4),
                row_gap: px(3),
                ..default()
            })
            .with_children(|row| {
                for intent in BAR {
                    spawn_button(row, intent);
                }
                row.spawn((
                    Button,
                    Node {
                        padding: UiRect::axes(px(5), px(3)),
                        ..default()
                    },
                    BackgroundColor(BUTTON_MORE),
                    MoreButton,
                ))
                .with_child(text("More...", 11.0, Color::WHITE));
            });
        });
}

/// What an action costs under the rules in force: "2 AP", or that the rulebook lacks it.
fn cost_text(kind: Option<ActionKind>, rules: &Ruleset) -> String {
    match kind.map(|k| rules.cost(k)) {
        Some(Some(ap)) => format!(" ({ap} AP)"),
        Some(None) => " (not in these rules)".into(),
        None => String::new(),
    }
}

/// A button's name: its action's, or the name of what it toggles or picks.
fn button_name(b: ActionButton) -> &'static str {
    // Seed003's postures share Change Posture's cost.
    match b.intent {
        Intent::Crouch => return "Crouch/Stand",
        Intent::LieDown => return "Lie Down",
        _ => {}
    }
    b.kind.map(|k| k.label()).unwrap_or(match b.intent {
        Intent::Undo => "Undo",
        Intent::NonLethal => "Non-lethal",
        Intent::OffHand => "Off-hand",
        Intent::QuickStyle => "Quick",
        Intent::StrongStyle => "Strong",
        Intent::WoundCap => "Cap",
        Intent::Pass => "Pass",
        _ => "Weapon",
    })
}

/// A button's label: "hotkey name (AP cost)", the cost as the rules in force say.
fn button_label(b: ActionButton, bindings: &Bindings, rules: &Ruleset) -> String {
    let name = button_name(b);
    let cost = cost_text(b.kind, rules).replace(" AP)", ")");
    Wording::of(rules).say(&format!("{} {name}{cost}", bindings.key_label(b.intent)))
}

/// One button; its label is written by `label_buttons`.
fn spawn_button(row: &mut ChildSpawnerCommands, intent: Intent) {
    row.spawn((
        Button,
        Node {
            padding: UiRect::axes(px(5), px(3)),
            ..default()
        },
        BackgroundColor(BUTTON_ON),
        ActionButton {
            intent,
            kind: None,
            in_rules: true,
        },
    ))
    .with_child(text("", 11.0, Color::WHITE));
}

/// Write each button's label when the bindings or the rules in force change (a level with
/// another preset has other costs), or the bar is new, and hide the buttons of actions the
/// rules lack.
pub(super) fn label_buttons(
    rules: Res<Rules>,
    bindings: Res<Bindings>,
    mut buttons: Query<(&mut ActionButton, &Children)>,
    mut texts: Query<&mut Text>,
) {
    let new = buttons.iter_mut().any(|(b, _)| b.is_added());
    if !new && !rules.is_changed() && !bindings.is_changed() {
        return;
    }
    for (mut b, kids) in &mut buttons {
        // The rulebook's own actions: as many buttons as it lists (up to three).
        b.kind = match b.intent {
            Intent::OwnAction1 | Intent::OwnAction2 | Intent::OwnAction3 => {
                own_action_of(b.intent, &rules.0).map(|s| ActionKind::Own(s.action))
            }
            intent => action_of(intent, &rules.0),
        };
        let offers = |intent| rules.0.rulebook.book().offers(intent, &rules.0) == Some(true);
        let shown = match b.intent {
            Intent::OwnAction1 | Intent::OwnAction2 | Intent::OwnAction3 => {
                b.kind.is_some_and(|k| rules.0.has(k))
            }
            Intent::NonLethal => rules.0.non_lethal || offers(b.intent),
            Intent::WoundCap
            | Intent::OffHand
            | Intent::QuickStyle
            | Intent::StrongStyle
            | Intent::Pass => offers(b.intent),
            intent => !elsewhere(intent, &rules.0) && b.kind.is_none_or(|k| rules.0.has(k)),
        };
        b.in_rules = shown;
        let label = button_label(*b, &bindings, &rules.0);
        for k in kids {
            if let Ok(mut t) = texts.get_mut(*k)
                && t.0 != label
            {
                t.0.clone_from(&label);
            }
        }
    }
}

pub(super) fn button_clicks(
    buttons: Query<(&Interaction, &ActionButton), Changed<Interaction>>,
    mut pressed: MessageWriter<Pressed>,
    ui: Res<UiState>,
) {
    if ui.blocked {
        return;
    }
    for (i, b) in &buttons {
        if *i == Interaction::Pressed {
            pressed.write(Pressed(b.intent));
        }
    }
}

/// Buttons lit while their mode is on, greyed when the action cannot be taken, and shown
/// when primary, when More is on, or when they matter now.
pub(super) fn action_bar(
    avail: Res<ActionAvailability>,
    ui: Res<UiState>,
    more: Res<MoreActions>,
    rules: Res<Rules>,
    mut buttons: Query<(
        &ActionButton,
        &Interaction,
        &mut BackgroundColor,
        &Children,
        &mut Node,
    )>,
    mut texts: Query<&mut TextColor>,
) {
    for (b, interaction, mut bg, kids, mut node) in &mut buttons {
        // While the computer plays, no button is the player's to press.
        let ok = ui.computer_acting.is_none()
            && avail
                .actions
                .iter()
                .find(|(i, _)| *i == b.intent)
                .is_none_or(|(_, r)| r.is_ok());
        let selected = matches!((ui.mode, b.kind), (Mode::Target(k), Some(k2)) if k == k2)
            || (ui.mode == Mode::Delay && b.intent == Intent::Delay)
            || (ui.mode == Mode::Face && b.intent == Intent::Face)
            || matches!((ui.mode, b.kind), (Mode::Step(k), Some(k2)) if k == k2)
            || (ui.non_lethal && b.intent == Intent::NonLethal)
            || (ui.cap.is_some() && b.intent == Intent::WoundCap)
            || (ui.off_hand && b.intent == Intent::OffHand)
            || (ui.style == AttackStyle::Quick && b.intent == Intent::QuickStyle)
            || (ui.style == AttackStyle::Strong && b.intent == Intent::StrongStyle);
        let shown = b.in_rules
            && (more.0
                || selected
                || PRIMARY.contains(&b.intent)
                || rules
                    .0
                    .rulebook
                    .book()
                    .primary_intents()
                    .contains(&b.intent)
                || (ok && NOW_AND_THEN.contains(&b.intent)));
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
        let (colour, text) = match (selected, ok) {
            (true, true) => (BUTTON_SELECTED, TEXT_ON),
            (true, false) => (BUTTON_SELECTED_OFF, TEXT_SELECTED_OFF),
            (false, false) => (BUTTON_OFF, TEXT_OFF),
            (false, true) if *interaction == Interaction::Hovered => (BUTTON_HOVER, TEXT_ON),
            (false, true) => (BUTTON_ON, TEXT_ON),
        };
        bg.set_if_neq(BackgroundColor(colour));
        for k in kids {
            if let Ok(mut t) = texts.get_mut(*k) {
                t.set_if_neq(TextColor(text));
            }
        }
    }
}

/// What the bar's status line says: the hovered button's cost and reason, the last refusal,
/// or the current mode's instructions.
#[allow(clippy::too_many_arguments)]
pub(super) fn status_line(
    mut line: Single<(&mut Text, &mut TextColor), With<StatusLine>>,
    buttons: Query<(&ActionButton, &Interaction)>,
    avail: Res<ActionAvailability>,
    ui: Res<UiState>,
    toast: Res<Toast>,
    time: Res<Time>,
    bindings: Res<Bindings>,
    current: Res<CurrentLevel>,
    rules: Res<Rules>,
    roster: Res<Roster>,
    turn: Res<TurnState>,
) {
    let hovered = buttons
        .iter()
        .find(|(_, i)| **i != Interaction::None)
        .map(|(b, _)| *b);
    let (s, colour) = if let Some(side) = ui.computer_acting {
        let name = roster
            .sides
            .get(side)
            .map_or("The computer", |s| s.name.as_str());
        (
            format!(
                "{name} is thinking... (the computer plays {name}; Space skips to the end of its turn)"
            ),
            Color::srgb(0.95, 0.85, 0.5),
        )
    } else if let Some(b) = hovered {
        let (mut s, colour) = button_status(b, &avail, &bindings, &rules.0);
        if let Some((_, text)) = avail.own.iter().find(|(i, _)| *i == b.intent) {
            s = format!("{s}; {text}");
        }
        (s, colour)
    } else if time.elapsed_secs() < toast.until {
        (toast.text.clone(), toast.colour)
    } else if turn.outcome.is_some() {
        (ended_hint(&current), TEXT_DIM)
    } else {
        let cap = rules.0.rulebook.book().status_note(ui.non_lethal, ui.cap);
        (
            mode_hint(&ui, &bindings, &current, &rules.0) + &cap,
            TEXT_DIM,
        )
    };
    let s = Wording::of(&rules.0).say(&s);
    if line.0.0 != s {
        line.0.0 = s;
    }
    line.1.set_if_neq(TextColor(colour));
}

/// A hovered button: its key, cost, and what it does or why it cannot be taken.
fn button_status(
    b: ActionButton,
    avail: &ActionAvailability,
    bindings: &Bindings,
    rules: &Ruleset,
) -> (String, Color) {
    let cost = cost_text(b.kind, rules);
    let name = button_name(b);
    let key = bindings.key_label(b.intent);
    match avail
        .actions
        .iter()
        .find(|(i, _)| *i == b.intent)
        .map(|(_, r)| r.clone())
    {
        Some(Err(reason)) => (
            format!("[{key}] {name}{cost}: {reason}"),
            Color::srgb(1.0, 0.6, 0.5),
        ),
        _ => (
            format!("[{key}] {name}{cost}: {}", describe_action(b, rules)),
            Color::WHITE,
        ),
    }
}

/// The battle by the name its level gives it (its file, until it is read).
fn battle_name(current: &CurrentLevel) -> &str {
    (current.level.as_ref()).map_or(current.file.as_str(), |l| l.name.as_str())
}

/// What the line says once the battle is over: nothing is left to click on the map.
fn ended_hint(current: &CurrentLevel) -> String {
    format!(
        "{}: the battle is over. The combat log on the right tells how it went (the wheel scrolls it); the buttons over the map choose what next.",
        battle_name(current)
    )
}

/// What the current mode asks the player to do.
fn mode_hint(ui: &UiState, bindings: &Bindings, current: &CurrentLevel, rules: &Ruleset) -> String {
    let level = battle_name(current);
    match ui.mode {
        // A rulebook's own movement (Seed003: no free movement; AP buy yards, M1).
        Mode::Move if rules.rulebook.book().move_hint().is_some() => format!(
            "{}: {}",
            level,
            rules.rulebook.book().move_hint().unwrap_or_default()
        ),
        Mode::Move if rules.facing && !rules.rulebook.book().activations() => format!(
            "{}: click a shaded tile to move (blue: free, yellow/orange/red: 1/2/3 AP); R first turns the facing it ends with; a red wedge marks a back an enemy can reach. Esc cancels. T terrain marks (cost to enter, cover).",
            level
        ),
        Mode::Move => format!(
            "{}: click a shaded tile to move (blue: free, yellow/orange/red: 1/2/3 AP). Right-click or Esc cancels. T terrain marks (cost to enter, cover), wheel/arrows camera.",
            level
        ),
        // The rulebook's own steps before the attack (Seed002's Agile steps, M5).
        Mode::Target(ActionKind::Attack)
            if let Some(steps) = rules.rulebook.book().steps_before_attack() =>
        {
            let placed: Vec<String> = ui.agile.iter().map(|p| p.to_string()).collect();
            format!(
                "Attack: click a highlighted target. {steps}: click free tiles one by one from the attacker{}. Esc cancels. Q changes weapon.",
                if placed.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (placed: {}; click the last again to take it back)",
                        placed.join(" > ")
                    )
                }
            )
        }
        Mode::Target(k) => format!(
            "{}: click a highlighted target. Labels: {}. Esc cancels. Q changes weapon.",
            k.label(),
            rules.rulebook.book().label_legend()
        ),
        Mode::Delay => format!(
            "Delay: click the combatant to act after, or press {} again for the end of the round.",
            bindings.key_label(Intent::Delay)
        ),
        Mode::Face => "Face: click a tile to turn towards it.".into(),
        Mode::Step(k) => match rules.rulebook.book().step_hint(k) {
            Some(hint) => hint.into(),
            None => format!("{}: click a tile. Esc cancels.", k.label()),
        },
    }
}

/// What an action does, for the status line; the numbers come from the rules' constants.
fn describe_action(b: ActionButton, rules: &Ruleset) -> String {
    if let Some(s) = rules.rulebook.book().action_text(b.intent, b.kind) {
        return s.to_string();
    }
    use crate::battle::assess::{
        CHARGE_MIN_DISTANCE, CHARGE_PUSH, SHOVE_PUSH, SPRINT_MULTIPLIER, TAKING_COVER_EVASION,
    };
    let fixed = match b.kind {
        Some(ActionKind::Shove) => {
            return format!("contest; push an adjacent enemy {SHOVE_PUSH} m");
        }
        Some(ActionKind::Charge) => {
            return format!(
                "run {CHARGE_MIN_DISTANCE}+ m in a straight line, then shove {CHARGE_PUSH} m"
            );
        }
        Some(ActionKind::TakeCover) => {
            return format!(
                "+{TAKING_COVER_EVASION} Evasion next to half cover until your next turn"
            );
        }
        Some(ActionKind::Sprint) => {
            return format!("add {SPRINT_MULTIPLIER} x movement to the pool");
        }
        Some(ActionKind::Attack) => "one weapon attack; pick a target",
        Some(ActionKind::Trip) => "contest; an adjacent enemy falls Prone",
        Some(ActionKind::Grab) => "contest; an adjacent enemy is Restrained",
        Some(ActionKind::Stabilize) => "an adjacent Bleeding ally stops bleeding",
        Some(ActionKind::Defend) => "attacks against you have disadvantage until your next turn",
        Some(ActionKind::Disengage) => "your movement provokes no opportunity attacks this turn",
        Some(ActionKind::StandUp) => "end Prone; provokes, and you are Unguarded",
        Some(ActionKind::Escape) => "contest against your grappler",
        Some(ActionKind::Release) => "let go of the creature you hold",
        Some(ActionKind::Face) => "turn to face a tile",
        Some(ActionKind::Delay) => "act later this round",
        Some(ActionKind::EndTurn) if rules.turn_end_loses_ap() => {
            "unspent AP and movement are lost"
        }
        Some(ActionKind::EndTurn) => "unspent AP are kept: these rules carry them on",
        // A rulebook's own actions and toggles are in its words (`Hud::action_text`).
        _ => match b.intent {
            Intent::Undo => "take back moves made since the last roll",
            Intent::CycleWeapon => "choose the weapon for attacks",
            _ => "",
        },
    };
    match b.kind {
        // A rulebook's own action in the simple form: its help line.
        Some(ActionKind::Own(_)) => own_action_of(b.intent, rules).map_or(fixed, |s| s.help),
        _ => fixed,
    }
    .to_string()
}

/// The More button, when its interaction changed.
type MoreClicked = (With<MoreButton>, Changed<Interaction>);

/// More shows every action the rules have, Fewer the primary ones again; its label says how
/// many wait under it.
pub(super) fn more_button(
    mut more: ResMut<MoreActions>,
    button: Single<(&Interaction, &Children), MoreClicked>,
    ui: Res<UiState>,
    mut texts: Query<&mut Text>,
) {
    let (interaction, kids) = *button;
    if *interaction == Interaction::Pressed && !ui.blocked {
        more.0 = !more.0;
    }
    let label = if more.0 { "Fewer" } else { "More..." };
    for k in kids {
        if let Ok(mut t) = texts.get_mut(*k)
            && t.0 != label
        {
            t.0 = label.into();
        }
    }
}
