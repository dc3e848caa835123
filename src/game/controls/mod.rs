//! Input by intent: a leafwing-input-manager `Actionlike` enum and the systems that read it.
//! The bindings (defaults, `assets/input.ron`, quick taps) are in `bindings.rs`, the camera
//! and the hovered tile in `camera.rs`, and what each intent does (commands, mode changes) in
//! `act.rs`. Input only ever writes commands. The action bar's buttons (`hud/action_bar.rs`)
//! send the same intents as `Pressed` messages.

mod act;
pub use act::in_rules;
mod bindings;
mod camera;
/// The editor moves its view with the battles' camera keys.
pub(crate) use camera::camera_control;
mod turning;

pub use bindings::{
    BINDINGS_FILE, Binding, Bindings, catch_taps, default_bindings, input_map, key_name,
    load_bindings, load_bindings_from,
};

use super::map_view::GameCamera;
use super::{ControlSystems, HudSystems, Mode, UiState};
use crate::battle::preview::BattleView;
use crate::rules::actions::ActionKind;
use bevy::prelude::*;
use leafwing_input_manager::plugin::InputManagerSystem;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};

/// Everything a player can mean with a key or a click.
#[derive(
    Actionlike,
    PartialEq,
    Eq,
    Hash,
    Clone,
    Copy,
    Debug,
    Reflect,
    Serialize,
    Deserialize,
    PartialOrd,
    Ord,
)]
pub enum Intent {
    Select,
    Cancel,
    /// On a prompt: yes (accept the reaction, continue).
    Accept,
    /// On a prompt: no (decline the reaction, close).
    Decline,
    EndTurn,
    /// Let a question answered on the map go by (Seed003: a side asked whether to act out
    /// of turn passes); never ends a turn.
    Pass,
    NextUnit,
    RotateFacing,
    Face,
    Undo,
    Attack,
    Shove,
    Trip,
    Grab,
    Charge,
    Stabilize,
    Defend,
    TakeCover,
    Disengage,
    Sprint,
    StandUp,
    Escape,
    Release,
    Delay,
    /// Seed000: take the target's weapon.
    Disarm,
    /// Seed000: trade places with an adjacent ally.
    SwitchPlaces,
    /// Seed000: hide from every enemy.
    Hide,
    /// Seed000: ready an attack for an enemy's step.
    Hold,
    /// Seed000: attacks deal non-lethal damage (on or off).
    NonLethal,
    /// Seed004: tend an adjacent ally.
    FirstAid,
    /// Seed004: ready an attack for the first enemy that steps into reach or range.
    Ready,
    /// Seed004: melee attacks add an off-hand blow for 8 Vigor (on or off).
    OffHand,
    /// Seed002: one metre of footwork (then click a tile).
    Shift,
    /// Seed002: from Prone to Kneeling.
    Kneel,
    /// Seed002: load a ranged weapon.
    Load,
    /// Seed002: regain a Stamina.
    CatchBreath,
    /// Seed002: a 1-Energy blow on an Unconscious enemy in reach (then click it).
    Coup,
    /// Seed003: double the move rate for the round.
    Dash,
    /// Seed003: crouch, or stand up from a crouch (from Prone: crouch).
    Crouch,
    /// Seed003: lie down.
    LieDown,
    /// Seed003: melee attacks are Quick (3 AP, a step lighter) or Strong (5 AP and a
    /// Stamina, +d6): each on or off.
    QuickStyle,
    StrongStyle,
    /// Seed003: a melee roll that guards against the target's Rebuffs this turn.
    Opening,
    /// Seed003: hold the grapple partner down.
    Pin,
    /// Seed003: initiative + 1d6.
    SeizeInitiative,
    /// Seed003: ignore a flanker (or stop): click it.
    Ignore,
    /// Seed003: drag the grapple partner along (then click the tile to walk to).
    DragPartner,
    /// Seed003: the Nonlethal Attack's cap (Light, Moderate, Severe, Critical, none).
    WoundCap,
    /// The rulebook's own actions, in the order it lists them (`Rulebook::own_actions`).
    OwnAction1,
    OwnAction2,
    OwnAction3,
    CycleWeapon,
    ToggleMarks,
    LevelSelect,
    /// F1: the How to play page.
    Help,
    /// Esc with nothing to drop: the battle's menu (resume, restart, settings, quit).
    Menu,
    /// Space: finish the animations playing; with none playing, end the turn.
    Skip,
    /// F2: the animations' speed (normal, fast, instant).
    AnimationSpeed,
    SaveReplay,
    PanUp,
    PanDown,
    PanLeft,
    PanRight,
    ZoomIn,
    ZoomOut,
    FitMap,
    /// F11: fullscreen or a window.
    Fullscreen,
    #[actionlike(Axis)]
    Zoom,
    #[actionlike(DualAxis)]
    Drag,
}

/// The rulebook's own action an intent stands for (`OwnAction1`: the first it lists), if
/// it has that many.
pub fn own_action_of(
    intent: Intent,
    rules: &crate::rules::ruleset::Ruleset,
) -> Option<crate::battle::own::OwnActionSpec> {
    let i = match intent {
        Intent::OwnAction1 => 0,
        Intent::OwnAction2 => 1,
        Intent::OwnAction3 => 2,
        _ => return None,
    };
    rules.rulebook.book().own_actions().get(i).copied()
}

/// The command of a rulebook's own action without a target, for `unit`.
pub fn own_command(
    spec: crate::battle::own::OwnActionSpec,
    unit: &str,
) -> crate::battle::events::Command {
    crate::battle::events::Command::Own(crate::battle::own::OwnCommand {
        unit: unit.to_string(),
        action: spec.action,
        target: None,
        at: None,
    })
}

/// The action an intent stands for under the rules in force, if any: the core's keys
/// stand for the core's actions, the rulebook's own keys for its own
/// (`Rulebook::intent_action`).
pub fn action_of(intent: Intent, rules: &crate::rules::ruleset::Ruleset) -> Option<ActionKind> {
    core_action_of(intent).or_else(|| rules.rulebook.book().intent_action(intent))
}

/// The command that passes the question the side asked answers on the map, where the
/// rulebook has one (Seed003: a side asked whether to act out of turn passes).
pub fn pass_now(v: &crate::battle::command::View) -> Option<crate::battle::Command> {
    let q = v.awaiting.filter(|q| q.on_map())?;
    v.ctx.rules.rulebook.book().pass_command(v, q)
}

/// Whether the intent stands for a rulebook's own action, but not under the rules in
/// force: its key does nothing here, and its button is hidden.
pub fn elsewhere(intent: Intent, rules: &crate::rules::ruleset::Ruleset) -> bool {
    action_of(intent, rules).is_none()
        && crate::rulebooks::all()
            .iter()
            .any(|b| b.intent_action(intent).is_some())
}

/// The core's action a core key stands for.
fn core_action_of(intent: Intent) -> Option<ActionKind> {
    Some(match intent {
        Intent::Attack => ActionKind::Attack,
        Intent::Shove => ActionKind::Shove,
        Intent::Trip => ActionKind::Trip,
        Intent::Grab => ActionKind::Grab,
        Intent::Charge => ActionKind::Charge,
        Intent::Stabilize => ActionKind::Stabilize,
        Intent::Defend => ActionKind::Defend,
        Intent::TakeCover => ActionKind::TakeCover,
        Intent::Disengage => ActionKind::Disengage,
        Intent::Sprint => ActionKind::Sprint,
        Intent::StandUp => ActionKind::StandUp,
        Intent::Escape => ActionKind::Escape,
        Intent::Release => ActionKind::Release,
        Intent::Face => ActionKind::Face,
        Intent::Delay => ActionKind::Delay,
        Intent::EndTurn => ActionKind::EndTurn,
        Intent::FirstAid => ActionKind::FirstAid,
        Intent::Ready => ActionKind::Ready,
        _ => return None,
    })
}

/// Something the HUD asks the controls to do (a click on an action button).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pressed(pub Intent);

pub fn plugin(app: &mut App) {
    let (map, problem) = load_bindings();
    if let Some(p) = &problem {
        warn!("{p}");
    }
    app.add_plugins(InputManagerPlugin::<Intent>::default())
        .insert_resource(Bindings { map, problem })
        .add_message::<Pressed>()
        .add_systems(Startup, spawn_input_map)
        .add_systems(
            PreUpdate,
            catch_taps.in_set(InputManagerSystem::ManualControl),
        )
        .add_systems(
            Update,
            (
                camera::camera_control,
                camera::follow_the_active_unit,
                camera::track_hover,
                new_turn,
                act::act,
                turning::face_after_move.before(crate::battle::BattleSystems::Intake),
            )
                .chain()
                .in_set(ControlSystems)
                .after(HudSystems),
        )
        // F11 works on every screen, the title too.
        .add_systems(Update, camera::toggle_fullscreen.after(HudSystems));
}

fn spawn_input_map(
    mut commands: Commands,
    bindings: Res<Bindings>,
    camera: Query<Entity, With<GameCamera>>,
) {
    let map = input_map(&bindings.map);
    match camera.single() {
        Ok(cam) => {
            commands.entity(cam).insert(map);
        }
        Err(_) => {
            commands.spawn(map);
        }
    }
}

/// A new turn starts with a clean slate: moving, no inspected unit, the automatic weapon,
/// a standard attack.
fn new_turn(view: BattleView, mut ui: ResMut<UiState>, mut last: Local<Option<Entity>>) {
    let now = view.acting();
    if *last != now {
        *last = now;
        ui.mode = Mode::Move;
        ui.weapon = None;
        ui.inspected = None;
        ui.style = crate::battle::events::AttackStyle::Standard;
        ui.planned_facing = None;
        ui.face_after_move = None;
    }
}
