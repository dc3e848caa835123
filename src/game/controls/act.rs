//! What each intent does: a click or a hotkey (or an action bar button, as `Pressed`) becomes
//! a `Command` for the battle or a change of `UiState` (mode, inspected unit, weapon, marks).
//! One function per intent or group of alike intents; `act` only dispatches.

use super::turning::{TurnEnding, move_to, rotate_facing};
use super::{Bindings, Intent, Pressed, action_of, elsewhere};
use crate::battle::events::AttackStyle;
use crate::battle::events::{Aim, Command, DelayUntil};
use crate::battle::preview::{ActorChoice, BattleView};
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::game::screen_state::GameScreen;
use crate::game::{
    AnimationSpeed, BARE_HANDS, Menu, Mode, Page, SaveReplayRequest, SkipAnimations, UiState,
};
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::ruleset::Ruleset;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

/// The active combatant's entity and name.
type Active = (Entity, String);

/// What the map takes while the computer plays or a saved battle is watched: looking,
/// menus, hurrying it.
const WATCHING: [Intent; 8] = [
    Intent::ToggleMarks,
    Intent::LevelSelect,
    Intent::Help,
    Intent::Menu,
    Intent::Skip,
    Intent::AnimationSpeed,
    Intent::SaveReplay,
    Intent::NextUnit,
];

/// Clicks and hotkeys become commands or mode changes. The level list (L) leaves the
/// battle, which the autosave keeps for the title's Continue.
#[allow(clippy::too_many_arguments)]
pub(super) fn act(
    actions: Single<&ActionState<Intent>>,
    mut pressed: MessageReader<Pressed>,
    mut ui: ResMut<UiState>,
    view: BattleView,
    mut out: MessageWriter<Command>,
    mut menu: ResMut<Menu>,
    mut save: MessageWriter<SaveReplayRequest>,
    mut skip: MessageWriter<SkipAnimations>,
    mut speed: ResMut<AnimationSpeed>,
    bindings: Res<Bindings>,
    mut commands: Commands,
    mut turn_end: TurnEnding,
) {
    let mut intents = intents_now(&actions, &mut pressed, &ui, &bindings, &view.rules.0);
    // While the computer plays, the map only looks: no command for its side.
    if ui.computer_acting.is_some() || ui.watching {
        intents.retain(|i| WATCHING.contains(i));
    }
    if intents.is_empty() {
        return;
    }
    let snap = view.snapshot();
    let active = active(&view);
    // Esc drops the action picked, or the unit looked at; with neither, it opens the menu.
    let nothing_picked = ui.mode == Mode::Move && ui.inspected.is_none() && ui.agile.is_empty();
    for intent in intents {
        let unit = active.as_ref().map(|(_, n)| n.clone()).unwrap_or_default();
        let me = active.as_ref().and_then(|(e, _)| snap.get(*e));
        match intent {
            Intent::Select if walks_to(&ui, &view).is_some() => {
                walk_click(&mut ui, &mut out, &view, me)
            }
            Intent::Select => match picked_actor(&ui, &view, &snap) {
                Some(e) => {
                    commands.insert_resource(ActorChoice(Some((e, view.turn.slots))));
                    ui.inspected = None;
                }
                None if agile_click(&ui, &view, &snap) => place_agile(&mut ui, me),
                None => select(&mut ui, &mut out, &view, &snap, active.as_ref(), unit),
            },
            Intent::Cancel => cancel(&mut ui),
            Intent::Pass | Intent::EndTurn => {
                turn_end.pass_or_end(intent, &mut ui, &mut out, &view, me)
            }
            // While the computer plays, Space hurries it (`computer`) and skips what moves.
            Intent::Skip if ui.animating || ui.computer_acting.is_some() || ui.watching => {
                skip.write(SkipAnimations);
            }
            Intent::Skip => turn_end.pass_or_end(intent, &mut ui, &mut out, &view, me),
            Intent::AnimationSpeed => *speed = speed.next(),
            Intent::NextUnit => next_unit(&mut ui, &snap),
            Intent::RotateFacing => rotate_facing(&mut ui, &mut out, &view, me, unit),
            Intent::Face => toggle_face(&mut ui),
            Intent::Undo => undo(&mut out, unit),
            Intent::Attack
            | Intent::Shove
            | Intent::Trip
            | Intent::Grab
            | Intent::Charge
            | Intent::Stabilize
            | Intent::Disarm
            | Intent::SwitchPlaces
            | Intent::FirstAid
            | Intent::Opening
            | Intent::Coup
            | Intent::Ignore => toggle_target(&mut ui, intent, &view.rules.0),
            Intent::Crouch | Intent::LieDown => own_key(&mut out, &view, me, intent),
            Intent::QuickStyle => toggle_style(&mut ui, AttackStyle::Quick),
            Intent::StrongStyle => toggle_style(&mut ui, AttackStyle::Strong),
            // Actions taken by clicking a tile (the rulebook's own, and its own way of some of
            // the core's).
            _ if let Some(kind) = view.rules.0.rulebook.book().tile_action(intent) => {
                toggle_step(&mut ui, kind)
            }
            Intent::Defend
            | Intent::TakeCover
            | Intent::Disengage
            | Intent::Sprint
            | Intent::StandUp
            | Intent::Escape
            | Intent::Release
            | Intent::Hide
            | Intent::Hold
            | Intent::Ready
            | Intent::Kneel
            | Intent::Load
            | Intent::CatchBreath
            | Intent::Dash
            | Intent::Pin
            | Intent::SeizeInitiative => act_at_once(&ui, &mut out, intent, &unit, &view),
            Intent::NonLethal => ui.non_lethal = !ui.non_lethal,
            Intent::WoundCap => {
                ui.cap = view.rules.0.rulebook.book().next_wound_cap(ui.cap);
                ui.non_lethal = ui.cap.is_some();
            }
            Intent::OffHand => ui.off_hand = !ui.off_hand,
            Intent::OwnAction1 | Intent::OwnAction2 | Intent::OwnAction3 => {
                if let Some(spec) = super::own_action_of(intent, &view.rules.0) {
                    out.write(super::own_command(spec, &unit));
                }
            }
            Intent::Delay => delay(&mut ui, &mut out, unit),
            Intent::CycleWeapon => {
                let bare = view.rules.0.rulebook.book().bare_hands();
                cycle_weapon(&mut ui, me, bare)
            }
            Intent::ToggleMarks => toggle_marks(&mut ui),
            Intent::LevelSelect => commands.set_state_if_neq(GameScreen::LevelSelect),
            Intent::Help => menu.toggle(Page::HowToPlay),
            Intent::Menu if nothing_picked => menu.toggle(Page::Paused),
            Intent::SaveReplay => save_replay(&mut save),
            _ => {}
        }
    }
}

/// The intents of this frame: action bar buttons first, then keys and clicks (none while a
/// screen covers the map, and no map click while the pointer is over the HUD).
fn intents_now(
    actions: &ActionState<Intent>,
    pressed: &mut MessageReader<Pressed>,
    ui: &UiState,
    bindings: &Bindings,
    rules: &Ruleset,
) -> Vec<Intent> {
    let mut intents: Vec<Intent> = pressed.read().map(|p| p.0).collect();
    if !ui.blocked {
        for &intent in bindings.map.keys() {
            if intent == Intent::Select && ui.over_ui {
                continue;
            }
            // Presets share some keys: a key does what the rules in force have.
            if !in_rules(intent, rules) {
                continue;
            }
            if actions.just_pressed(&intent) {
                intents.push(intent);
            }
        }
    }
    intents
}

/// The name of the active combatant and its entity.
fn active(view: &BattleView) -> Option<Active> {
    let e = view.acting()?;
    Some((e, view.roster.name(e).to_string()))
}

/// A click while moving on a unit that may act in place of the acting one (a union member,
/// another unit of the side in an activation) picks it to act.
fn picked_actor(ui: &UiState, view: &BattleView, snap: &Snapshot) -> Option<Entity> {
    if ui.mode != Mode::Move {
        return None;
    }
    let e = snap.at(ui.hovered?)?.entity;
    view.may_choose(e).then_some(e)
}

/// A click on a free tile while picking an attack's target places a step before it, where
/// the rulebook has them (Seed002's Agile steps, M5).
fn agile_click(ui: &UiState, view: &BattleView, snap: &Snapshot) -> bool {
    ui.mode == Mode::Target(ActionKind::Attack)
        && view.rules.0.rulebook.book().steps_before_attack().is_some()
        && ui.hovered.is_some_and(|t| snap.at(t).is_none())
}

/// An agile step on the clicked tile, next to the last one placed (or the attacker), taken
/// before the attack; a click on the last one placed takes it back. The battle checks the
/// steps with the attack (up to its Energy, 1 Agility a metre).
fn place_agile(ui: &mut ResMut<UiState>, me: Option<&UnitSnap>) {
    let (Some(tile), Some(me)) = (ui.hovered, me) else {
        return;
    };
    let from = ui.agile.last().copied().unwrap_or(me.pos);
    if from == tile {
        ui.agile.pop();
    } else if from.is_adjacent(tile) {
        ui.agile.push(tile);
    }
}

/// A click on the map: what it does depends on the mode and on what is under the pointer.
fn select(
    ui: &mut ResMut<UiState>,
    out: &mut MessageWriter<Command>,
    view: &BattleView,
    snap: &Snapshot,
    active: Option<&Active>,
    unit: String,
) {
    let book = view.rules.0.rulebook.book();
    let Some(tile) = ui.hovered else { return };
    let clicked = snap.at(tile).map(|u| (u.entity, u.name.clone()));
    match (ui.mode, clicked) {
        (Mode::Move, Some((e, _))) => inspect(ui, e, active),
        (Mode::Move, None) => move_to(ui, out, unit, tile),
        // The rulebook's own command on a target, where it has one (Seed003's Ignore
        // toggles: one ignored already is no longer).
        (Mode::Target(kind), Some((e, target))) => {
            let me = active.and_then(|(a, _)| snap.get(*a));
            let own = me
                .zip(snap.get(e))
                .and_then(|(me, t)| book.window_command(me, Intent::Select, Some(kind), Some(t)));
            match own {
                Some(cmd) => {
                    out.write(cmd);
                    ui.mode = Mode::Move;
                }
                None => act_on_target(ui, out, &view.view(snap), kind, (&unit, &target)),
            }
        }
        (Mode::Delay, Some((_, target))) => delay_after(ui, out, unit, &target),
        (Mode::Face, _) => face_tile(ui, out, active.and_then(|(e, _)| snap.get(*e)), unit, tile),
        (Mode::Step(kind), None) => {
            let aim = Aim {
                tile: Some(tile),
                ..Aim::default()
            };
            let cmd = match kind {
                ActionKind::Sprint => Some(Command::Sprint {
                    unit,
                    to: Some(tile),
                }),
                _ => crate::rulebooks::command_of(kind, &unit, &aim),
            };
            if let Some(cmd) = cmd {
                out.write(cmd);
            }
            ui.mode = Mode::Move;
        }
        _ => {}
    }
}

/// A click on a combatant while moving shows its details (the active one's: none extra).
fn inspect(ui: &mut ResMut<UiState>, e: Entity, active: Option<&Active>) {
    ui.inspected = if Some(e) == active.map(|a| a.0) {
        None
    } else {
        Some(e)
    };
}

/// A click on a target in target mode takes the action on it.
fn act_on_target(
    ui: &mut ResMut<UiState>,
    out: &mut MessageWriter<Command>,
    v: &crate::battle::command::View,
    kind: ActionKind,
    (unit, target): (&str, &str),
) {
    if let Some(cmd) = ui.command_in(v, kind, unit, target) {
        out.write(cmd);
        ui.mode = Mode::Move;
        ui.agile.clear();
    }
}

/// A click on a combatant in delay mode delays until after it.
fn delay_after(
    ui: &mut ResMut<UiState>,
    out: &mut MessageWriter<Command>,
    unit: String,
    target: &str,
) {
    out.write(Command::Delay {
        unit,
        until: DelayUntil::After(target.to_string()),
    });
    ui.mode = Mode::Move;
}

/// A click on a tile in face mode turns towards it.
fn face_tile(
    ui: &mut ResMut<UiState>,
    out: &mut MessageWriter<Command>,
    me: Option<&UnitSnap>,
    unit: String,
    tile: Pos,
) {
    if let Some(dir) = me.and_then(|m| Dir8::towards(m.pos, tile)) {
        out.write(Command::Face { unit, facing: dir });
    }
    ui.mode = Mode::Move;
}

/// Esc or a right click leaves a mode, or else stops inspecting.
fn cancel(ui: &mut ResMut<UiState>) {
    ui.agile.clear();
    ui.planned_facing = None;
    if ui.mode != Mode::Move {
        ui.mode = Mode::Move;
    } else {
        ui.inspected = None;
    }
}

/// Inspect the next combatant still able to act, in turn order.
fn next_unit(ui: &mut ResMut<UiState>, snap: &Snapshot) {
    let ids: Vec<Entity> = snap
        .units
        .iter()
        .filter(|u| u.able())
        .map(|u| u.entity)
        .collect();
    let next = match ui.inspected.and_then(|e| ids.iter().position(|x| *x == e)) {
        Some(i) => ids.get(i + 1).copied(),
        None => ids.first().copied(),
    };
    ui.inspected = next;
}

fn toggle_face(ui: &mut ResMut<UiState>) {
    ui.mode = if ui.mode == Mode::Face {
        Mode::Move
    } else {
        Mode::Face
    }
}

fn undo(out: &mut MessageWriter<Command>, unit: String) {
    out.write(Command::UndoMove { unit });
}

/// An action on a target: pick targets with its mode, or leave the mode when it is on.
fn toggle_target(ui: &mut ResMut<UiState>, intent: Intent, rules: &Ruleset) {
    let Some(k) = action_of(intent, rules) else {
        return;
    };
    ui.agile.clear();
    ui.mode = if ui.mode == Mode::Target(k) {
        Mode::Move
    } else {
        Mode::Target(k)
    };
}

/// Whether the rules in force have what an intent does (a toggle counts when they have
/// the attacks it changes).
pub fn in_rules(intent: Intent, rules: &Ruleset) -> bool {
    match intent {
        Intent::NonLethal => rules.non_lethal || offers(intent, rules),
        Intent::QuickStyle
        | Intent::StrongStyle
        | Intent::WoundCap
        | Intent::OffHand
        | Intent::Pass => offers(intent, rules),
        _ => !elsewhere(intent, rules) && action_of(intent, rules).is_none_or(|k| rules.has(k)),
    }
}

/// Whether the rulebook in force offers one of the window's toggles of its own.
fn offers(intent: Intent, rules: &Ruleset) -> bool {
    rules.rulebook.book().offers(intent, rules).unwrap_or(false)
}

/// Seed003's attack style: Quick or Strong, pressed again back to a Standard Attack.
fn toggle_style(ui: &mut ResMut<UiState>, style: AttackStyle) {
    ui.style = if ui.style == style {
        AttackStyle::Standard
    } else {
        style
    };
}

/// A key whose command the rulebook in force makes from the acting unit (Seed003's Crouch
/// and Lie Down, from the posture now).
fn own_key(
    out: &mut MessageWriter<Command>,
    view: &BattleView,
    me: Option<&UnitSnap>,
    intent: Intent,
) {
    let book = view.rules.0.rulebook.book();
    if let Some(cmd) = me.and_then(|me| book.window_command(me, intent, None, None)) {
        out.write(cmd);
    }
}

/// An action without a target is taken at once.
fn act_at_once(
    ui: &UiState,
    out: &mut MessageWriter<Command>,
    intent: Intent,
    unit: &str,
    view: &BattleView,
) {
    let action = action_of(intent, &view.rules.0);
    if let Some(cmd) = action.and_then(|kind| ui.command_alone(kind, unit)) {
        out.write(cmd);
    }
}

/// The action whose tile mode is on, when a click in it walks a path to the tile.
fn walks_to(ui: &UiState, view: &BattleView) -> Option<ActionKind> {
    match ui.mode {
        Mode::Step(kind) if view.rules.0.rulebook.book().walks_to(kind) => Some(kind),
        _ => None,
    }
}

/// A rulebook's action that walks a path (Seed003's Drag: the grapple partner follows): a
/// click on a tile takes it along the path a move there would take, paying the fewest AP
/// the battle takes (`Rulebook::tile_command`).
fn walk_click(
    ui: &mut ResMut<UiState>,
    out: &mut MessageWriter<Command>,
    view: &BattleView,
    me: Option<&UnitSnap>,
) {
    let (Some(kind), Some(me), Some(tile)) = (walks_to(ui, view), me, ui.hovered) else {
        return;
    };
    let snap = view.snapshot();
    let v = view.view(&snap);
    let book = view.rules.0.rulebook.book();
    if let Some(shown) = book.tile_command(&v, me, kind, tile) {
        out.write(shown.command);
        ui.mode = Mode::Move;
    }
}

/// The first press picks whom to act after; the second delays to the end of the round.
fn delay(ui: &mut ResMut<UiState>, out: &mut MessageWriter<Command>, unit: String) {
    if ui.mode == Mode::Delay {
        out.write(Command::Delay {
            unit,
            until: DelayUntil::EndOfRound,
        });
        ui.mode = Mode::Move;
    } else {
        ui.mode = Mode::Delay;
    }
}

/// The next weapon for attacks, after the last one back to automatic.
/// Seed002's Shift and Sprint pick a tile; pressed again, they stop.
fn toggle_step(ui: &mut ResMut<UiState>, kind: ActionKind) {
    ui.mode = if ui.mode == Mode::Step(kind) {
        Mode::Move
    } else {
        Mode::Step(kind)
    };
}

/// The next weapon for attacks (after the last: the automatic one again); under Seed002
/// bare hands come last.
fn cycle_weapon(ui: &mut ResMut<UiState>, me: Option<&UnitSnap>, bare_hands: bool) {
    if let Some(m) = me {
        let mut names: Vec<String> = m.stats.weapons.iter().map(|w| w.name.clone()).collect();
        if bare_hands {
            names.push(BARE_HANDS.to_string());
        }
        ui.weapon = match ui
            .weapon
            .as_ref()
            .and_then(|w| names.iter().position(|n| n == w))
        {
            None => names.first().cloned(),
            Some(i) => names.get(i + 1).cloned(),
        };
    }
}

fn toggle_marks(ui: &mut ResMut<UiState>) {
    ui.terrain_marks = !ui.terrain_marks;
}

fn save_replay(save: &mut MessageWriter<SaveReplayRequest>) {
    save.write(SaveReplayRequest);
}
