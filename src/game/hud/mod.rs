//! The HUD: the plugin, the pieces its parts share (colours, text, the toast, the actions of
//! the bar) and the pointer handling common to all of them. The parts:
//! - `turn_bar.rs`: the round and the turn order along the top;
//! - `side_panel.rs`: the active combatant, what the cursor points at and the preview's
//!   numbers (the same labels as the map overlays, `overlays.rs`);
//! - `log.rs`: the combat log in the side panel, and refusals into the toast;
//! - `action_bar.rs`: the buttons with each action's AP cost and hotkey, and the status line;
//! - `availability.rs`: whether each action of the bar can be taken now, and why not.
//!
//! The buttons send `controls::Pressed`, so a click does what the hotkey does.

mod action_bar;
mod availability;
mod log;
mod side_panel;
mod turn_bar;

pub use action_bar::ActionButton;
pub use availability::{ActionAvailability, Unavailable};

use super::controls::Intent;
use super::{AnimationSpeed, ControlSystems, HudSystems, Scrollable, UiState};
use crate::battle::BattleLog;
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;

/// The colour of a refusal on the status line.
pub const REFUSAL_COLOUR: Color = Color::srgb(1.0, 0.45, 0.4);
/// The HUD panels' background: opaque, so that a zoomed map never shows under their text.
const PANEL_BG: Color = Color::srgb(0.06, 0.07, 0.09);
const TEXT_DIM: Color = Color::srgb(0.7, 0.72, 0.76);

/// A line the status line shows for a while, in its colour: the last refusal, a changed
/// setting.
#[derive(Resource, Debug, Default)]
pub struct Toast {
    pub text: String,
    pub colour: Color,
    pub until: f32,
}

impl Toast {
    /// Show `text` from now.
    pub fn show(&mut self, text: String, colour: Color, now: f32) {
        *self = Toast {
            text,
            colour,
            until: now + TOAST_SECS,
        };
    }
}

/// How long a toast shows, in seconds.
const TOAST_SECS: f32 = 6.0;

/// The HUD grows and shrinks with the window (`map_view::hud_scale`), times the player's
/// own scale (`Settings::ui_scale`).
fn scale_with_window(
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    settings: Res<crate::game::settings::Settings>,
    mut ui_scale: ResMut<UiScale>,
) {
    let k = super::map_view::hud_scale(&window) * settings.ui_scale;
    if ui_scale.0 != k {
        ui_scale.0 = k;
    }
}

/// A new animation speed (`F2`) shows in the status line.
fn speed_toast(speed: Res<AnimationSpeed>, mut toast: ResMut<Toast>, time: Res<Time>) {
    if speed.is_changed() && !speed.is_added() {
        toast.show(
            format!("Animation speed: {:?} (F2: normal, fast, instant)", *speed),
            Color::WHITE,
            time.elapsed_secs(),
        );
    }
}

/// Actions in the bar, in order (`controls::action_of` gives the action of each).
pub const BAR: [Intent; 46] = [
    Intent::Attack,
    Intent::Shove,
    Intent::Trip,
    Intent::Grab,
    Intent::Charge,
    Intent::Stabilize,
    Intent::Defend,
    Intent::TakeCover,
    Intent::Disengage,
    Intent::Sprint,
    Intent::StandUp,
    Intent::Escape,
    Intent::Release,
    Intent::Face,
    Intent::Delay,
    Intent::Disarm,
    Intent::SwitchPlaces,
    Intent::Hide,
    Intent::Hold,
    Intent::NonLethal,
    Intent::FirstAid,
    Intent::Ready,
    Intent::OffHand,
    Intent::Shift,
    Intent::Kneel,
    Intent::Load,
    Intent::CatchBreath,
    Intent::Coup,
    Intent::Dash,
    Intent::Crouch,
    Intent::LieDown,
    Intent::QuickStyle,
    Intent::StrongStyle,
    Intent::Opening,
    Intent::Pin,
    Intent::SeizeInitiative,
    Intent::Ignore,
    Intent::DragPartner,
    Intent::WoundCap,
    Intent::OwnAction1,
    Intent::OwnAction2,
    Intent::OwnAction3,
    Intent::Undo,
    Intent::CycleWeapon,
    Intent::Pass,
    Intent::EndTurn,
];

pub fn plugin(app: &mut App) {
    // The scrolled boxes' bars, beside the wheel's scrolling here.
    app.add_plugins(crate::game::scroll_bars::plugin);
    app.init_resource::<ActionAvailability>()
        .init_resource::<action_bar::MoreActions>()
        .init_resource::<Toast>()
        .init_resource::<crate::game::from_here::MoveOutlook>()
        .add_systems(OnEnter(crate::game::screen_state::OnMap), spawn_hud)
        // A toast of the battle left goes with it.
        .add_systems(
            OnExit(crate::game::screen_state::OnMap),
            |mut toast: ResMut<Toast>| *toast = Toast::default(),
        )
        .add_systems(
            Update,
            (
                scale_with_window,
                pointer_over_ui,
                action_bar::button_clicks,
                action_bar::more_button,
                scroll_log,
            )
                .in_set(HudSystems),
        )
        .add_systems(
            Update,
            (
                (
                    turn_bar::turn_bar,
                    turn_bar::keep_active_chip_in_view,
                    turn_bar::centre_on_a_clicked_chip,
                )
                    .chain(),
                // The cards read the battle and the pointer: they change only with an event
                // or with the UI state (and setting their text re-lays it out).
                (side_panel::active_card, side_panel::info_card).run_if(
                    resource_changed::<BattleLog>
                        .or_eager(resource_changed::<UiState>)
                        .or_eager(resource_changed::<crate::game::from_here::MoveOutlook>),
                ),
                log::update_log,
                speed_toast,
                availability::availability,
                action_bar::label_buttons,
                action_bar::action_bar,
                action_bar::status_line,
            )
                .after(ControlSystems),
        );
}

fn text(s: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text::new(s),
        TextFont::from_font_size(size),
        TextColor(colour),
    )
}

fn spawn_hud(mut commands: Commands, current: Res<crate::game::level_asset::CurrentLevel>) {
    turn_bar::spawn_turn_bar(&mut commands, current.playtest);
    side_panel::spawn_side_panel(&mut commands);
    action_bar::spawn_action_bar(&mut commands);
}

/// Whether the pointer is over the HUD (then the map ignores it): over its bars and side
/// panel, whose area the map may run under, or over any other node picking finds (a
/// prompt, a toast). Picking alone is not enough: a label drawn on the map under the
/// panel is picked before the panel.
fn pointer_over_ui(
    hover: Res<HoverMap>,
    nodes: Query<(), With<Node>>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    mut ui: ResMut<UiState>,
    ui_scale: Res<UiScale>,
) {
    let outside_map = window
        .cursor_position()
        .is_some_and(|at| !crate::game::map_view::free_rect(&window, ui_scale.0, 0.0).contains(at));
    let over = outside_map
        || hover
            .get(&PointerId::Mouse)
            .is_some_and(|hits| hits.keys().any(|e| nodes.contains(*e)));
    if ui.over_ui != over {
        ui.over_ui = over;
    }
}

/// The mouse wheel scrolls the log (or any `Scrollable`) under the pointer.
fn scroll_log(
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    hover: Res<HoverMap>,
    mut boxes: Query<(Entity, &mut ScrollPosition, &ComputedNode), With<Scrollable>>,
    parents: Query<&ChildOf>,
) {
    let delta: f32 = wheel
        .read()
        .map(|w| match w.unit {
            bevy::input::mouse::MouseScrollUnit::Line => w.y * 36.0,
            bevy::input::mouse::MouseScrollUnit::Pixel => w.y,
        })
        .sum();
    if delta == 0.0 {
        return;
    }
    let Some(hits) = hover.get(&PointerId::Mouse) else {
        return;
    };
    for (e, mut pos, node) in &mut boxes {
        let inside = hits
            .keys()
            .any(|h| *h == e || parents.iter_ancestors(*h).any(|a| a == e));
        if inside {
            let max = (node.content_size.y - node.size.y).max(0.0) * node.inverse_scale_factor;
            pos.0.y = (pos.0.y - delta).clamp(0.0, max);
        }
    }
}
