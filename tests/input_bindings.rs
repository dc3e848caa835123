//! The controls: the shipped bindings file parses and binds every intent, and keys and mouse
//! buttons reach the intents through leafwing-input-manager (headless, no window).
#![cfg(feature = "window")]

use bevy::input::InputPlugin;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use skirmish::game::controls::{Binding, Intent, default_bindings, input_map, load_bindings};

#[test]
fn shipped_bindings_file_parses_and_covers_every_default_intent() {
    let (map, problem) = load_bindings();
    assert_eq!(problem, None);
    let text = std::fs::read_to_string(skirmish::paths::assets_dir().join("input.ron")).unwrap();
    let file: std::collections::BTreeMap<Intent, Vec<Binding>> =
        skirmish::level::ron_options().from_str(&text).unwrap();
    for intent in default_bindings().keys() {
        assert!(
            file.contains_key(intent),
            "assets/input.ron lacks {intent:?}"
        );
        assert!(!map[intent].is_empty());
    }
}

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        InputPlugin,
        InputManagerPlugin::<Intent>::default(),
    ));
    app.world_mut().spawn(input_map(&default_bindings()));
    app.update();
    app
}

fn state(app: &mut App) -> ActionState<Intent> {
    let mut q = app.world_mut().query::<&ActionState<Intent>>();
    q.single(app.world()).unwrap().clone()
}

#[test]
fn keyboard_reaches_intents() {
    let mut app = app();
    KeyCode::Enter.press(app.world_mut());
    KeyCode::Digit2.press(app.world_mut());
    app.update();
    let s = state(&mut app);
    assert!(s.pressed(&Intent::EndTurn));
    assert!(s.pressed(&Intent::Shove));
    assert!(!s.pressed(&Intent::Attack));
}

#[test]
fn mouse_reaches_intents() {
    let mut app = app();
    MouseButton::Left.press(app.world_mut());
    MouseButton::Right.press(app.world_mut());
    app.update();
    let s = state(&mut app);
    assert!(s.pressed(&Intent::Select));
    assert!(s.pressed(&Intent::Cancel));
}

#[test]
fn a_broken_bindings_file_falls_back_to_the_defaults_with_a_message() {
    let dir = std::env::temp_dir().join(format!("skirmish-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("input.ron");
    std::fs::write(&file, "{\n    Select: [Key(NoSuchKey)],\n}").unwrap();
    let (map, problem) = skirmish::game::controls::load_bindings_from(&file);
    let problem = problem.expect("a message");
    assert!(problem.contains("input.ron:2:"), "{problem}");
    assert_eq!(map, default_bindings());
    // A partial file keeps the defaults for what it leaves out.
    std::fs::write(&file, "{ EndTurn: [Key(KeyK)] }").unwrap();
    let (map, problem) = skirmish::game::controls::load_bindings_from(&file);
    assert_eq!(problem, None);
    assert_eq!(map[&Intent::EndTurn], vec![Binding::Key(KeyCode::KeyK)]);
    assert_eq!(map[&Intent::Select], default_bindings()[&Intent::Select]);
    std::fs::remove_dir_all(&dir).ok();
}

/// An input app with the game's tap catcher in place.
fn tap_app() -> App {
    let mut app = app();
    app.insert_resource(skirmish::game::controls::Bindings {
        map: default_bindings(),
        problem: None,
    })
    .add_systems(
        PreUpdate,
        skirmish::game::controls::catch_taps
            .in_set(leafwing_input_manager::plugin::InputManagerSystem::ManualControl),
    );
    app
}

#[test]
fn a_key_tapped_within_one_frame_acts_exactly_once() {
    // Leafwing alone misses a key pressed and released in the same frame.
    let mut plain = app();
    KeyCode::Digit1.press(plain.world_mut());
    KeyCode::Digit1.release(plain.world_mut());
    plain.update();
    assert!(!state(&mut plain).just_pressed(&Intent::Attack));
    // With the tap catcher, the tap is one press of Attack: just pressed for one frame.
    let mut app = tap_app();
    KeyCode::Digit1.press(app.world_mut());
    KeyCode::Digit1.release(app.world_mut());
    app.update();
    assert!(state(&mut app).just_pressed(&Intent::Attack));
    app.update();
    let s = state(&mut app);
    assert!(!s.just_pressed(&Intent::Attack) && !s.pressed(&Intent::Attack));
}

#[test]
fn a_click_tapped_within_one_frame_acts_exactly_once() {
    let mut app = tap_app();
    MouseButton::Left.press(app.world_mut());
    MouseButton::Left.release(app.world_mut());
    app.update();
    assert!(state(&mut app).just_pressed(&Intent::Select));
    app.update();
    assert!(!state(&mut app).pressed(&Intent::Select));
    // A held click is not doubled by the catcher.
    MouseButton::Left.press(app.world_mut());
    app.update();
    assert!(state(&mut app).just_pressed(&Intent::Select));
    app.update();
    let s = state(&mut app);
    assert!(s.pressed(&Intent::Select) && !s.just_pressed(&Intent::Select));
}

#[test]
fn a_syntax_problem_in_the_bindings_file_points_at_the_first_unreadable_character() {
    let dir = std::env::temp_dir().join(format!("skirmish-input-syntax-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("input.ron");
    // A stray token on the line after `{`: RON stops reading at the end of line 1.
    std::fs::write(&file, "{\n    7\n    Select: [Mouse(Left)],\n}").unwrap();
    let (_, problem) = skirmish::game::controls::load_bindings_from(&file);
    let problem = problem.expect("a message");
    assert!(problem.contains("input.ron:2:5: RON syntax"), "{problem}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Seed003's Drag (0, shared with Seed002's Shift) and the Nonlethal Attack's cap (]) come
/// from the shipped bindings.
#[test]
fn the_drag_and_cap_keys_reach_their_intents() {
    let mut app = app();
    KeyCode::Digit0.press(app.world_mut());
    KeyCode::BracketRight.press(app.world_mut());
    app.update();
    let s = state(&mut app);
    assert!(s.pressed(&Intent::DragPartner));
    assert!(s.pressed(&Intent::WoundCap));
}
