//! The tutorial: while the battle's level has a lesson (`tutorial:`), the current step's
//! prompt shows in a panel over the map ("step 2 of 7"), and the tile it names is marked.
//! The lesson's place is kept here (`Lesson`) and moved on by `battle::lesson::advance`
//! whenever the battle log grows; a new battle (a restart, a reload) starts it over. The
//! panel sits in a corner of the map's free area, whichever hides least of the marked tile,
//! the acting unit and the others, and never takes the pointer: clicks go through it to the
//! map.

use super::map_view::{BOTTOM_BAR, GameCamera, MapGeometry, TILE, TOP_BAR, Z_HIGHLIGHT};
use super::screen_state::OnMap;
use super::{ControlSystems, Menu, Seats, UiState};
use crate::battle::BattleSystems;
use crate::battle::lesson::{self, LessonPlace, Scene, Standing};
use crate::battle::preview::BattleView;
use crate::battle::{BattleLog, BattleSetup, Roster};
use crate::level::lesson::LessonStep;
use crate::rules::grid::Pos;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Where the lesson of the battle being played stands.
#[derive(Resource, Debug, Default)]
pub struct Lesson {
    /// The battle (`BattleLog::battle`) the place belongs to.
    pub battle: Option<u32>,
    pub place: LessonPlace,
    /// When the last step was done (`Time::elapsed_secs`), for a short "Well done!".
    pub done_at: Option<f32>,
}

/// How long "Well done!" shows after a step is done, in seconds.
const PRAISE_SECONDS: f32 = 3.0;
/// The panel's widest, and its gap to the HUD, in the HUD's pixels.
const PANEL_WIDTH: f32 = 600.0;
const GAP: f32 = 10.0;
/// The panel's accent (its border, heading and the marked tile).
const ACCENT: Color = Color::srgb(1.0, 0.82, 0.3);
/// How much more the marked tile and the acting unit count than another unit, where the
/// panel would hide them.
const FOCUS_WEIGHT: usize = 10;
/// Above the map's overlays (`Z_HIGHLIGHT`), under the units.
const Z_MARK: f32 = Z_HIGHLIGHT + 1.0;

#[derive(Component)]
struct LessonPanel;
#[derive(Component)]
struct LessonHeading;
#[derive(Component)]
struct LessonText;
/// The marked tile's square, with the tile it marks.
#[derive(Component)]
struct LessonMark(Pos);

pub fn plugin(app: &mut App) {
    app.init_resource::<Lesson>()
        .add_systems(OnEnter(OnMap), spawn_panel)
        .add_systems(
            Update,
            (follow_lesson, show_prompt, place_panel, mark_tile)
                .chain()
                .after(ControlSystems)
                .after(BattleSystems::Outcome),
        );
}

/// The battle's lesson, if its level has one.
fn steps_of<'a>(setup: &'a Option<Res<BattleSetup>>) -> &'a [LessonStep] {
    setup.as_ref().map_or(&[], |s| &s.level.tutorial)
}

/// Start the lesson over with each new battle, and move it on as the battle log grows.
fn follow_lesson(
    setup: Option<Res<BattleSetup>>,
    log: Res<BattleLog>,
    view: BattleView,
    mut lesson: ResMut<Lesson>,
    time: Res<Time>,
) {
    let steps = steps_of(&setup);
    if steps.is_empty() {
        return;
    }
    if lesson.battle != Some(log.battle) {
        *lesson = Lesson {
            battle: Some(log.battle),
            ..default()
        };
    } else if !log.is_changed() {
        return;
    }
    let snap = view.snapshot();
    let units: Vec<Standing> = snap.units.iter().map(Standing::of).collect();
    let scene = Scene {
        grid: &view.map.grid,
        units: &units,
        learner: 0,
        learner_side: view.roster.side_name(0),
    };
    let at = lesson::advance(steps, &log.events, &scene, lesson.place);
    if at != lesson.place {
        lesson.place = at;
        lesson.done_at = Some(time.elapsed_secs());
        info!("tutorial: {}", heading(at, steps.len(), false));
    }
}

/// The panel's heading: where the lesson stands, with "Well done!" just after a step.
fn heading(at: LessonPlace, steps: usize, praise: bool) -> String {
    let praise = if praise { "Well done! " } else { "" };
    if at.step >= steps {
        format!("{praise}Tutorial: the lesson is over")
    } else {
        format!("{praise}Tutorial: step {} of {steps}", at.step + 1)
    }
}

/// What the panel says once every step is done.
const LESSON_OVER: &str = "That was the last step: you can move, face, take cover, attack and \
     flank. Level select (L) has real battles; Restart (R) plays the lesson again.";

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                left: px(GAP),
                // Never over the side panel, however narrow the window.
                right: px(super::map_view::PANEL_WIDTH + GAP),
                max_width: px(PANEL_WIDTH),
                bottom: px(BOTTOM_BAR + GAP),
                flex_direction: FlexDirection::Column,
                padding: UiRect::axes(px(12), px(8)),
                row_gap: px(4),
                border: UiRect::all(px(2)),
                ..default()
            },
            BackgroundColor(Color::srgba(0.04, 0.05, 0.09, 0.93)),
            BorderColor::all(ACCENT),
            GlobalZIndex(4),
            Visibility::Hidden,
            Pickable::IGNORE,
            LessonPanel,
            DespawnOnExit(OnMap),
        ))
        .with_children(|p| {
            let line = |size: f32, colour: Color| {
                (
                    Text::new(""),
                    TextFont::from_font_size(size),
                    TextColor(colour),
                    Pickable::IGNORE,
                )
            };
            p.spawn((line(13.0, ACCENT), LessonHeading));
            p.spawn((line(15.0, Color::WHITE), LessonText));
        });
}

/// What decides whether the panel shows.
#[derive(bevy::ecs::system::SystemParam)]
struct Showing<'w> {
    setup: Option<Res<'w, BattleSetup>>,
    ui: Res<'w, UiState>,
    menu: Res<'w, Menu>,
    seats: Res<'w, Seats>,
    roster: Res<'w, Roster>,
}

impl Showing<'_> {
    /// A lesson in a battle played (not watched), with no menu over it, and a person at
    /// the learner's side (the level's first: against the computer, one may take the
    /// other).
    fn shows(&self) -> bool {
        let learner_is_a_person = self.seats.computer(&self.roster, 0).is_none();
        !steps_of(&self.setup).is_empty()
            && !self.ui.watching
            && !self.menu.is_open()
            && learner_is_a_person
    }
}

/// Show the current step's prompt (its numbers from the rules in force), or hide the panel.
#[allow(clippy::too_many_arguments)]
fn show_prompt(
    showing: Showing,
    lesson: Res<Lesson>,
    view: BattleView,
    time: Res<Time>,
    mut panel: Query<&mut Visibility, With<LessonPanel>>,
    mut heading_text: Query<&mut Text, (With<LessonHeading>, Without<LessonText>)>,
    mut body_text: Query<&mut Text, (With<LessonText>, Without<LessonHeading>)>,
) {
    let shows = showing.shows();
    for mut v in &mut panel {
        v.set_if_neq(if shows {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    if !shows {
        return;
    }
    let steps = steps_of(&showing.setup);
    let praise = lesson
        .done_at
        .is_some_and(|t| time.elapsed_secs() - t < PRAISE_SECONDS);
    let head = heading(lesson.place, steps.len(), praise);
    let body = match steps.get(lesson.place.step) {
        Some(step) => lesson::prompt_text(&step.say, &view.rules.0),
        None => LESSON_OVER.to_string(),
    };
    for mut t in &mut heading_text {
        if t.0 != head {
            t.0.clone_from(&head);
        }
    }
    for mut t in &mut body_text {
        if t.0 != body {
            t.0.clone_from(&body);
        }
    }
}

/// The tile the current step marks, if the lesson shows.
fn marked_tile(setup: &Option<Res<BattleSetup>>, lesson: &Lesson) -> Option<Pos> {
    steps_of(setup)
        .get(lesson.place.step)
        .and_then(LessonStep::marked_tile)
}

/// Put the panel in the corner of the map's area where it hides least (above the action bar
/// or below the turn bar, on the left or the right): the marked tile and the acting unit
/// count `FOCUS_WEIGHT` times as much as any other unit.
#[allow(clippy::too_many_arguments)]
fn place_panel(
    setup: Option<Res<BattleSetup>>,
    lesson: Res<Lesson>,
    view: BattleView,
    geo: Res<MapGeometry>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<GameCamera>>,
    ui_scale: Res<UiScale>,
    mut panel: Query<(&mut Node, &ComputedNode), With<LessonPanel>>,
) {
    if steps_of(&setup).is_empty() {
        return;
    }
    let Ok((mut node, computed)) = panel.single_mut() else {
        return;
    };
    let (cam, cam_tf) = *camera;
    let acting = view.acting().and_then(|e| view.units.get(e).ok());
    let everyone = view.units.iter().map(|u| (u.pos.0, 1));
    let focus: Vec<(Vec2, usize)> = (marked_tile(&setup, &lesson).into_iter())
        .chain(acting.map(|u| u.pos.0))
        .map(|p| (p, FOCUS_WEIGHT))
        .chain(everyone)
        .filter_map(|(p, weight)| {
            let at = cam.world_to_viewport(cam_tf, geo.world_of(p).extend(0.0));
            at.ok().map(|at| (at, weight))
        })
        .collect();
    let k = ui_scale.0;
    let size = computed.size() / window.scale_factor();
    let free = super::map_view::free_rect(&window, k, 0.0);
    // A tile's half, so a tile partly under the panel counts as under it.
    let reach = TILE / 2.0;
    let (w, h) = (size.x + GAP * k, size.y + GAP * k);
    let under = |(top, right): (bool, bool)| {
        let left = if right { free.max.x - w } else { 0.0 };
        let y = if top { free.min.y } else { free.max.y - h };
        let band = Rect::new(left, y, left + w, y + h).inflate(reach);
        (focus.iter())
            .filter(|(p, _)| band.contains(*p))
            .map(|(_, weight)| weight)
            .sum::<usize>()
    };
    // The corner that hides least; on a tie, the first: bottom left, bottom right, top
    // left, top right.
    let corners = [(false, false), (false, true), (true, false), (true, true)];
    let (top, right) = (corners.iter().enumerate())
        .min_by_key(|(i, c)| (under(**c), *i))
        .map_or((false, false), |(_, c)| *c);
    let (want_top, want_bottom) = if top {
        (px(TOP_BAR + GAP), Val::Auto)
    } else {
        (Val::Auto, px(BOTTOM_BAR + GAP))
    };
    // On the right: as far left as leaves its width to the map's right edge (a box with no
    // left edge would not wrap its text to its width).
    let want_left = if right {
        px(((free.max.x - size.x) / k - GAP).max(GAP))
    } else {
        px(GAP)
    };
    let moved = |a: Val, b: Val| match (a, b) {
        (Val::Px(a), Val::Px(b)) => (a - b).abs() > 1.0,
        (a, b) => a != b,
    };
    if moved(node.top, want_top) || moved(node.bottom, want_bottom) || moved(node.left, want_left) {
        node.top = want_top;
        node.bottom = want_bottom;
        node.left = want_left;
    }
}

/// Mark the tile the current step names with a pulsing square.
fn mark_tile(
    mut commands: Commands,
    showing: Showing,
    lesson: Res<Lesson>,
    geo: Res<MapGeometry>,
    time: Res<Time>,
    mut marks: Query<(Entity, &LessonMark, &mut Sprite)>,
) {
    let wanted = marked_tile(&showing.setup, &lesson).filter(|_| showing.shows());
    let pulse = 0.3 + 0.15 * (time.elapsed_secs() * 4.0).sin();
    let mut have = false;
    for (e, mark, mut sprite) in &mut marks {
        if Some(mark.0) == wanted && !geo.is_changed() {
            sprite.color = ACCENT.with_alpha(pulse);
            have = true;
        } else {
            commands.entity(e).despawn();
        }
    }
    if let (Some(p), false) = (wanted, have) {
        let w = geo.world_of(p);
        commands
            .spawn((
                Sprite::from_color(ACCENT.with_alpha(pulse), Vec2::splat(TILE)),
                Transform::from_xyz(w.x, w.y, Z_MARK),
                LessonMark(p),
                DespawnOnExit(OnMap),
            ))
            .with_children(|frame| {
                // A solid frame round the tile, so the mark reads over any terrain.
                let (edge, thick) = (TILE / 2.0 - 1.5, 3.0);
                for (dx, dy, wide) in [
                    (0.0, edge, true),
                    (0.0, -edge, true),
                    (edge, 0.0, false),
                    (-edge, 0.0, false),
                ] {
                    let size = if wide {
                        Vec2::new(TILE, thick)
                    } else {
                        Vec2::new(thick, TILE)
                    };
                    frame.spawn((
                        Sprite::from_color(ACCENT, size),
                        Transform::from_xyz(dx, dy, 0.1),
                    ));
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heading_counts_steps_from_one_and_says_when_the_lesson_is_over() {
        let at = |step| LessonPlace { step, from: 0 };
        assert_eq!(heading(at(0), 7, false), "Tutorial: step 1 of 7");
        assert_eq!(heading(at(1), 7, true), "Well done! Tutorial: step 2 of 7");
        assert_eq!(
            heading(at(7), 7, true),
            "Well done! Tutorial: the lesson is over"
        );
        assert_eq!(heading(at(9), 7, false), "Tutorial: the lesson is over");
    }
}
