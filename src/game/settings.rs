//! The player's settings, remembered between runs in `settings.ron` in the settings folder
//! (`paths::config_dir`): auto-pass, the confirmation of an End Turn that throws away AP,
//! the HUD's scale, the animation speed, the window's size and fullscreen, and the last
//! choice made against the computer. The Esc menu (`screens/pause.rs`) and the keys that
//! change them (F2, F11) save each change at once.

use super::{AnimationSpeed, Matchup};
use crate::level::schema::AiLevel;
use crate::paths;
use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The settings file's name in the settings folder.
pub const SETTINGS_FILE: &str = "settings.ron";

/// The window sizes the settings offer, smallest first.
pub const WINDOW_SIZES: [(u32, u32); 4] = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440)];

/// The HUD scales the settings offer: times the size the window's height gives it.
pub const UI_SCALES: [f32; 5] = [0.8, 0.9, 1.0, 1.15, 1.3];

/// What the player chose, kept between runs.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// A window to act out of turn where the player's side could do nothing worth it
    /// passes by itself (`Hud::nothing_to_do`).
    pub auto_pass: bool,
    /// An End Turn that throws away AP asks first.
    pub confirm_end_turn: bool,
    /// The HUD's scale, times the size the window's height gives it.
    pub ui_scale: f32,
    pub animation: AnimationSpeed,
    /// The window's size at start, in logical pixels (the command line's `--window-size`
    /// goes first).
    pub window_size: (u32, u32),
    pub fullscreen: bool,
    /// "Play vs computer": the side the person plays (0: the level's first) and the
    /// computer's strength.
    pub you: usize,
    pub strength: AiLevel,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            auto_pass: true,
            confirm_end_turn: true,
            ui_scale: 1.0,
            animation: AnimationSpeed::Normal,
            window_size: super::WINDOW_SIZE,
            fullscreen: false,
            you: 0,
            strength: AiLevel::Normal,
        }
    }
}

impl Settings {
    /// The settings file.
    pub fn path() -> PathBuf {
        paths::config_dir().join(SETTINGS_FILE)
    }

    /// Read the settings file: the defaults when there is none, or, when it cannot be
    /// read, the defaults and what is wrong with it (file:line:col).
    pub fn load_from(path: &Path) -> (Settings, Option<String>) {
        let Ok(text) = std::fs::read_to_string(path) else {
            return (Settings::default(), None);
        };
        match ron::from_str::<Settings>(&text) {
            Ok(s) => (s.checked(), None),
            Err(e) => (
                Settings::default(),
                Some(format!(
                    "{}:{}:{}: {}; using the default settings",
                    paths::display(path),
                    e.span.start.line,
                    e.span.start.col,
                    e.code
                )),
            ),
        }
    }

    /// Values out of range replaced by the defaults'.
    fn checked(mut self) -> Settings {
        let d = Settings::default();
        if !UI_SCALES.contains(&self.ui_scale) {
            self.ui_scale = d.ui_scale;
        }
        if !WINDOW_SIZES.contains(&self.window_size) {
            self.window_size = d.window_size;
        }
        self.you = self.you.min(1);
        self
    }

    /// Write the settings file. A file that could not be read is kept beside it as
    /// `settings.ron.bad` first, so that nothing the player wrote is lost.
    pub fn save_to(&self, path: &Path) -> Result<(), String> {
        if path.is_file()
            && ron::from_str::<Settings>(&std::fs::read_to_string(path).unwrap_or_default())
                .is_err()
        {
            let _ = std::fs::rename(path, path.with_extension("ron.bad"));
        }
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", paths::display(dir)))?;
        }
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::new())
            .map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("{}: {e}", paths::display(path)))
    }

    /// The matchup "Play vs computer" starts from.
    pub fn vs_computer(&self) -> Matchup {
        Matchup::VsComputer {
            you: self.you,
            strength: self.strength,
        }
    }

    /// The next of `options` after `now` (the first after the last, or when `now` is none).
    pub fn next_of<T: PartialEq + Copy>(options: &[T], now: T) -> T {
        let i = options.iter().position(|o| *o == now).map_or(0, |i| i + 1);
        options[i % options.len()]
    }
}

/// A problem with the settings file, shown once as a notice.
#[derive(Resource, Debug, Default)]
pub struct SettingsProblem(pub Option<String>);

pub fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .init_resource::<SettingsProblem>()
        .add_systems(Startup, say_problem)
        .add_systems(
            Update,
            (follow_speed, apply_to_window, save_changes).chain(),
        );
}

/// A settings file that could not be read is said once, as a notice.
fn say_problem(
    problem: Res<SettingsProblem>,
    mut notice: ResMut<super::notice::Notice>,
    time: Res<Time>,
) {
    if let Some(p) = &problem.0 {
        notice.say(p.clone(), &time);
    }
}

/// The animation speed follows the setting, and F2's new speed becomes the setting.
fn follow_speed(mut speed: ResMut<AnimationSpeed>, mut settings: ResMut<Settings>) {
    if speed.is_changed() && !speed.is_added() {
        if settings.animation != *speed {
            settings.animation = *speed;
        }
    } else if *speed != settings.animation {
        *speed = settings.animation;
    }
}

/// The window takes a new size or fullscreen setting (at start, the fullscreen one; the
/// size was given when the window was made, the command line's first).
fn apply_to_window(
    settings: Res<Settings>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
    mut applied: Local<Option<((u32, u32), bool)>>,
) {
    let now = (settings.window_size, settings.fullscreen);
    let before = applied.replace(now);
    if before == Some(now) {
        return;
    }
    if before.is_some_and(|(size, _)| size != now.0) {
        window.resolution.set(now.0.0 as f32, now.0.1 as f32);
    }
    let mode = if now.1 {
        WindowMode::BorderlessFullscreen(MonitorSelection::Current)
    } else {
        WindowMode::Windowed
    };
    if window.mode != mode {
        window.mode = mode;
    }
}

/// Each change is written at once; a file that cannot be written is said.
fn save_changes(
    settings: Res<Settings>,
    mut notice: ResMut<super::notice::Notice>,
    time: Res<Time>,
) {
    if settings.is_changed()
        && !settings.is_added()
        && let Err(e) = settings.save_to(&Settings::path())
    {
        warn!("cannot save the settings: {e}");
        notice.say(format!("cannot save the settings: {e}"), &time);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings read back as saved; a missing file gives the defaults; a broken one gives
    /// the defaults and where it is broken, and is kept beside the new file when the
    /// settings are saved again; a value the settings do not offer falls back.
    #[test]
    fn settings_are_kept_and_a_broken_file_is_not_lost() {
        let dir = std::env::temp_dir().join(format!("skirmish-settings-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join(SETTINGS_FILE);
        assert_eq!(Settings::load_from(&path), (Settings::default(), None));
        let mine = Settings {
            auto_pass: false,
            ui_scale: 1.15,
            strength: AiLevel::Hard,
            ..Settings::default()
        };
        mine.save_to(&path).unwrap();
        assert_eq!(Settings::load_from(&path), (mine.clone(), None));
        std::fs::write(&path, "(\n    ui_scale: big,\n)").unwrap();
        let (read, problem) = Settings::load_from(&path);
        assert_eq!(read, Settings::default());
        let problem = problem.expect("a problem");
        assert!(problem.contains("settings.ron:2:"), "{problem}");
        mine.save_to(&path).unwrap();
        let kept = std::fs::read_to_string(path.with_extension("ron.bad")).unwrap();
        assert!(kept.contains("ui_scale: big"));
        std::fs::write(&path, "(ui_scale: 7.0, window_size: (3, 4))").unwrap();
        assert_eq!(Settings::load_from(&path), (Settings::default(), None));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The settings page's buttons step through the values offered, round again.
    #[test]
    fn each_setting_steps_round_its_values() {
        assert_eq!(Settings::next_of(&UI_SCALES, 1.0), 1.15);
        assert_eq!(Settings::next_of(&UI_SCALES, 1.3), 0.8);
        assert_eq!(Settings::next_of(&WINDOW_SIZES, (2560, 1440)), (1280, 720));
    }
}
