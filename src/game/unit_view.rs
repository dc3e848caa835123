//! Combatants on the map: the template's sprite (`assets/sprites/`, its trim in the side's
//! colour; a generic token with the template's initial for a template without one; Large
//! and Huge creatures drawn larger) on a disc in the side's colour, a wedge for the facing,
//! a vitality bar, condition badges, a name, and a ring around the active one. All drawn
//! from the battle's components; nothing here changes them. A unit that moves glides along
//! the tiles it passed through (its `Moved` and `Pushed` events: a push slides it), not
//! straight to its tile, at `F2`'s speed; `Space` puts it there at once, and a `Nudge`
//! (a lunge, `blows`) offsets it. Its name and badges are laid out with the overlays'
//! labels (`label_layout`).

use super::badges::{badge, badges_text};
use super::label_layout::{Footprint, UnitLabel, ZoomLabel};
use super::map_view::{MapGeometry, TILE, Z_UNITS};
use super::{AnimationSpeed, SkipAnimations};
use crate::battle::components::{
    Combatant, Concealment, Conditions, Facing, GridPos, Side, UnitStats, Vitality,
};
use crate::battle::events::BattleEvent;
use crate::battle::preview::BattleView;
use crate::battle::{Roster, TurnState};
use crate::paths;
use crate::rules::combat::Size;
use crate::rules::grid::Pos;
use crate::rules::ruleset::ConditionKind;
use bevy::prelude::*;

/// Diameter of a unit's disc in world units.
const DISC: f32 = TILE * 0.78;
/// How fast sprites glide to their tile (per second).
const GLIDE_RATE: f32 = 14.0;
/// How near (world units) a gliding sprite comes to each tile of its path before turning.
const WAYPOINT_REACHED: f32 = TILE * 0.25;

/// The side's disc under a sprite: faint, so that the figure reads first.
const DISC_ALPHA: f32 = 0.45;
/// The front arc (RULES §7: within 90° of the facing, 90° included) under a combatant: a
/// half disc in the side's colour, this opaque, reaching this far from its centre; what
/// lies outside it is the rear arc.
const FRONT_ARC_ALPHA: f32 = 0.3;
const FRONT_ARC_RADIUS: f32 = TILE * 0.56;
/// The colour of a Down combatant's figure and disc.
const DOWN_GREY: Color = Color::srgba(0.35, 0.35, 0.35, 0.75);

/// The sprite parts of one combatant.
#[derive(Component)]
pub struct UnitVisual {
    facing: Entity,
    hp_fill: Entity,
    badges: Entity,
    body: Entity,
    trim: Entity,
}

/// The sprite of a template: its own (`assets/sprites/TEMPLATE.png` and `_trim.png`), or
/// the generic token (`false`) when it has none.
pub fn sprite_of(template: &str) -> (String, bool) {
    let own = format!("sprites/{template}");
    if paths::assets_dir().join(format!("{own}.png")).is_file() {
        (own, true)
    } else {
        ("sprites/generic".to_string(), false)
    }
}

/// How large a creature's figure is drawn, beside a Medium one's.
pub fn figure_scale(size: Size) -> f32 {
    match size {
        Size::Tiny => 0.7,
        Size::Small => 0.85,
        Size::Medium => 1.0,
        Size::Large => 1.25,
        Size::Huge => 1.5,
    }
}

/// The ring around the active combatant.
#[derive(Component)]
struct ActiveRing;

/// The size of the condition badges' text over a combatant.
const BADGE_FONT: f32 = 9.0;

/// Where a combatant's condition badges and its name go when nothing is in the way: over
/// its vitality bar, and under its disc.
const BADGES_HOME: Vec2 = Vec2::new(0.0, DISC * 0.62 + 8.0);
const NAME_HOME: Vec2 = Vec2::new(0.0, -DISC * 0.62 - 4.0);

/// What a combatant of figure scale `scale` covers around its centre: its disc and figure
/// (larger creatures grow upwards) and its vitality bar.
fn footprint(scale: f32) -> Footprint {
    let half_width = DISC * scale.max(1.0) / 2.0;
    let top = (DISC * 0.62 + 2.0).max(DISC * (scale - 0.5));
    Footprint(Rect::new(-half_width, -DISC / 2.0, half_width, top))
}

/// The condition badges' label over a combatant, on a dark plate so that it reads on any
/// tile.
fn badges_label() -> impl Bundle {
    (
        Text2d::new(""),
        TextFont::from_font_size(BADGE_FONT),
        TextColor(Color::WHITE),
        bevy::text::TextBackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.78)),
        Transform::from_xyz(BADGES_HOME.x, BADGES_HOME.y, 0.5),
        ZoomLabel,
        UnitLabel {
            home: BADGES_HOME,
            hides: false,
        },
    )
}

/// A combatant's name under it (the layout may move it into its tile, or hide it).
fn name_label(name: &str) -> impl Bundle {
    (
        Text2d::new(name.to_string()),
        TextFont::from_font_size(8.0),
        TextColor(Color::srgba(1.0, 1.0, 1.0, 0.95)),
        Transform::from_xyz(NAME_HOME.x, NAME_HOME.y, 0.5),
        ZoomLabel,
        UnitLabel {
            home: NAME_HOME,
            hides: true,
        },
    )
}

pub fn plugin(app: &mut App) {
    app.add_observer(dress_combatant)
        .add_systems(OnEnter(crate::game::screen_state::OnMap), spawn_ring)
        .add_systems(
            Update,
            (
                sync_units,
                record_trails,
                glide.in_set(GlideSystems),
                sync_ring,
                conceal_hidden,
            )
                .chain(),
        );
}

fn spawn_ring(mut commands: Commands, server: Res<AssetServer>) {
    commands.spawn((
        Sprite {
            image: server.load("ring.png"),
            custom_size: Some(Vec2::splat(TILE * 0.98)),
            color: Color::srgb(1.0, 0.92, 0.3),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, Z_UNITS - 0.5),
        Visibility::Hidden,
        ActiveRing,
        DespawnOnExit(crate::game::screen_state::OnMap),
    ));
}

/// The pivot at a combatant's centre that turns with its facing, with the facing arrow at
/// the disc's rim; under rules without facing (`shown` false) the arrow is hidden.
fn facing_pivot(commands: &mut Commands, server: &AssetServer, shown: bool) -> Entity {
    let visibility = if shown {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    let arrow = commands
        .spawn((
            Sprite {
                image: server.load("facing.png"),
                custom_size: Some(Vec2::splat(DISC * 0.42)),
                color: Color::srgb(1.0, 0.95, 0.6),
                ..default()
            },
            Transform::from_xyz(0.0, DISC * 0.5, 0.2),
            visibility,
        ))
        .id();
    commands
        .spawn((Transform::default(), Visibility::Inherited))
        .add_child(arrow)
        .id()
}

/// A new combatant's side colour, and whether the rules use facing: the battle being set
/// up says (its roster and rules come in after its combatants).
fn side_look(
    setup: Option<&crate::battle::setup::BattleSetup>,
    roster: &Roster,
    side: usize,
) -> (Color, bool) {
    let level = setup.map(|s| &s.level);
    let colour = (level.and_then(|l| l.sides.get(side))).map_or_else(
        || super::side_colour_of(roster, side),
        |s| super::side_colour(s.colour),
    );
    (colour, level.is_some_and(|l| l.rules.facing))
}

/// Give a new combatant its sprites.
#[allow(clippy::type_complexity)]
fn dress_combatant(
    add: On<Add, Combatant>,
    mut commands: Commands,
    units: Query<(&Combatant, &Side, &GridPos, &UnitStats)>,
    roster: Res<Roster>,
    geo: Res<MapGeometry>,
    server: Res<AssetServer>,
    (setup, mut meshes, mut materials): (
        Option<Res<crate::battle::setup::BattleSetup>>,
        ResMut<Assets<Mesh>>,
        ResMut<Assets<ColorMaterial>>,
    ),
) {
    let Ok((c, side, pos, stats)) = units.get(add.entity) else {
        return;
    };
    let (colour, facing_rules) = side_look(setup.as_deref(), &roster, side.0);
    let w = geo.world_of(pos.0);
    let facing = facing_pivot(&mut commands, &server, facing_rules);
    // Where the rules use facing, the front arc turns with the arrow, under the disc.
    if facing_rules {
        let half_disc = CircularSector::new(FRONT_ARC_RADIUS, std::f32::consts::FRAC_PI_2);
        commands.entity(facing).with_child((
            Mesh2d(meshes.add(half_disc)),
            MeshMaterial2d(materials.add(colour.with_alpha(FRONT_ARC_ALPHA))),
            Transform::from_xyz(0.0, 0.0, -0.3),
        ));
    }
    commands.spawn((
        Sprite::from_color(Color::srgb(0.15, 0.05, 0.05), Vec2::new(DISC, 4.0)),
        Transform::from_xyz(0.0, DISC * 0.62, 0.3),
        ChildOf(add.entity),
    ));
    let hp_fill = commands
        .spawn((
            Sprite::from_color(Color::srgb(0.3, 0.9, 0.35), Vec2::new(DISC, 4.0)),
            bevy::sprite::Anchor::CENTER_LEFT,
            Transform::from_xyz(-DISC / 2.0, DISC * 0.62, 0.4),
        ))
        .id();
    let badges = commands.spawn(badges_label()).id();
    let name = commands.spawn(name_label(&c.name)).id();
    // The figure: larger creatures grow upwards, their feet on their tile.
    let (sprite, own) = sprite_of(&c.template);
    let scale = figure_scale(stats.0.size);
    let figure = Transform::from_xyz(0.0, (scale - 1.0) * DISC / 2.0, 0.1);
    let layer = |image: String, color: Color, z: f32| {
        (
            Sprite {
                image: server.load(image),
                custom_size: Some(Vec2::splat(DISC * scale)),
                color,
                ..default()
            },
            figure.with_translation(figure.translation + Vec3::Z * z),
        )
    };
    let body = commands
        .spawn(layer(format!("{sprite}.png"), Color::WHITE, 0.0))
        .id();
    let trim = commands
        .spawn(layer(format!("{sprite}_trim.png"), colour, 0.01))
        .id();
    let mut children = vec![facing, hp_fill, badges, name, body, trim];
    if !own {
        let initial: String = c
            .template
            .chars()
            .take(1)
            .flat_map(char::to_uppercase)
            .collect();
        children.push(
            commands
                .spawn((
                    Text2d::new(initial),
                    TextFont::from_font_size(DISC * 0.45),
                    TextColor(Color::WHITE),
                    figure.with_translation(figure.translation + Vec3::Z * 0.02),
                ))
                .id(),
        );
    }
    commands
        .entity(add.entity)
        .insert((
            Sprite {
                image: server.load("unit.png"),
                custom_size: Some(Vec2::splat(DISC)),
                color: colour.with_alpha(DISC_ALPHA),
                ..default()
            },
            Transform::from_xyz(w.x, w.y, Z_UNITS),
            Visibility::Inherited,
            UnitVisual {
                facing,
                hp_fill,
                badges,
                body,
                trim,
            },
            footprint(scale),
        ))
        .add_children(&children);
}

/// Combatants whose looks changed.
type ChangedLooks = Or<(Changed<Facing>, Changed<Vitality>, Changed<Conditions>)>;

/// Facing, vitality, conditions and Down from the battle's components.
fn sync_units(
    units: Query<
        (
            &UnitVisual,
            &Facing,
            &Vitality,
            &Conditions,
            &Side,
            &mut Sprite,
        ),
        ChangedLooks,
    >,
    mut parts: Query<(&mut Transform, Option<&mut Sprite>), Without<UnitVisual>>,
    mut texts: Query<(&mut Text2d, &mut TextColor)>,
    roster: Res<Roster>,
) {
    for (vis, facing, vitality, conditions, side, mut sprite) in units {
        if let Ok((mut tf, _)) = parts.get_mut(vis.facing) {
            // The wedge art points north; rotate clockwise by 45° per step.
            tf.rotation =
                Quat::from_rotation_z(-(facing.0.index() as f32) * std::f32::consts::FRAC_PI_4);
        }
        let frac = (vitality.current as f32 / vitality.max.max(1) as f32).clamp(0.0, 1.0);
        if let Ok((mut tf, Some(mut s))) = parts.get_mut(vis.hp_fill) {
            tf.scale.x = frac.max(0.001);
            s.color = if frac > 0.5 {
                Color::srgb(0.3, 0.9, 0.35)
            } else if frac > 0.25 {
                Color::srgb(0.95, 0.8, 0.25)
            } else {
                Color::srgb(0.95, 0.3, 0.25)
            };
        }
        let down = conditions.is_down();
        let base = super::side_colour_of(&roster, side.0);
        let looks = [
            (None, base.with_alpha(DISC_ALPHA)),
            (Some(vis.body), Color::WHITE),
            (Some(vis.trim), base),
        ];
        for (part, colour) in looks {
            let colour = if down { DOWN_GREY } else { colour };
            match part {
                None => sprite.color = colour,
                Some(e) => {
                    if let Ok((_, Some(mut s))) = parts.get_mut(e) {
                        s.color = colour;
                    }
                }
            }
        }
        if let Ok((mut text, mut colour)) = texts.get_mut(vis.badges) {
            // Badges for the conditions held in their own right; the side panel lists the
            // implied ones (Exposed because Prone, ...) too.
            let mut kinds: Vec<ConditionKind> = Vec::new();
            for c in conditions.0.iter().filter(|c| c.parent.is_none()) {
                if !kinds.contains(&c.kind) {
                    kinds.push(c.kind);
                }
            }
            text.0 = badges_text(&kinds);
            colour.0 = kinds.first().map(|k| badge(*k).1).unwrap_or(Color::WHITE);
        }
    }
}

/// The tiles a unit passed through that its sprite has still to glide over.
#[derive(Component, Default)]
struct Trail(std::collections::VecDeque<Pos>);

/// Each step of a move and each tile of a push, in the order they happened.
fn record_trails(
    mut events: MessageReader<BattleEvent>,
    roster: Res<Roster>,
    mut trails: Query<&mut Trail>,
    mut commands: Commands,
) {
    // Units without a trail yet get theirs once, with every step of this frame.
    let mut new: Vec<(Entity, Trail)> = Vec::new();
    for ev in events.read() {
        let (BattleEvent::Moved { unit, to, .. } | BattleEvent::Pushed { unit, to, .. }) = ev
        else {
            continue;
        };
        let Some(e) = roster.entity(unit) else {
            continue;
        };
        if let Ok(mut t) = trails.get_mut(e) {
            t.0.push_back(*to);
        } else if let Some((_, t)) = new.iter_mut().find(|(x, _)| *x == e) {
            t.0.push_back(*to);
        } else {
            new.push((e, Trail([*to].into())));
        }
    }
    for (e, trail) in new {
        commands.entity(e).insert(trail);
    }
}

/// The glide of unit sprites to their tiles: what nudges them (`blows`) runs before.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GlideSystems;

/// An offset from where the glide puts a unit's sprite (a lunge, `blows`).
#[derive(Component, Debug, Default)]
pub struct Nudge(pub Vec2);

/// What the glide moves: a unit's sprite, from its tile, trail and nudge.
type Gliding = (
    &'static GridPos,
    &'static mut Transform,
    Option<&'static mut Trail>,
    Option<&'static Nudge>,
);

/// Slide each unit along its trail, then to its tile; a skip (`Space`) puts every unit on
/// its tile at once.
fn glide(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut skip: MessageReader<SkipAnimations>,
    geo: Res<MapGeometry>,
    mut units: Query<Gliding, With<UnitVisual>>,
) {
    let skipped = skip.read().count() > 0;
    let k = if skipped {
        1.0
    } else {
        (GLIDE_RATE * speed.factor() * time.delta_secs()).min(1.0)
    };
    for (pos, mut tf, trail, nudge) in &mut units {
        let nudge = nudge.map(|n| n.0).unwrap_or_default();
        let cur = tf.translation.truncate() - nudge;
        if skipped && let Some(mut trail) = trail {
            trail.0.clear();
            let to = geo.world_of(pos.0) + nudge;
            (tf.translation.x, tf.translation.y) = (to.x, to.y);
            continue;
        }
        let mut target = geo.world_of(pos.0);
        if let Some(mut trail) = trail {
            // A waypoint reached (or nearly) gives way to the next.
            while let Some(&p) = trail.0.front() {
                let w = geo.world_of(p);
                if cur.distance(w) < WAYPOINT_REACHED && trail.0.len() > 1 {
                    trail.0.pop_front();
                } else {
                    target = w;
                    if cur.distance(w) < 0.5 {
                        trail.0.pop_front();
                    }
                    break;
                }
            }
        }
        let next = if cur.distance(target) < 0.5 {
            target
        } else {
            cur.lerp(target, k)
        } + nudge;
        tf.translation.x = next.x;
        tf.translation.y = next.y;
    }
}

fn sync_ring(
    view: BattleView,
    time: Res<Time>,
    units: Query<&Transform, (With<UnitVisual>, Without<ActiveRing>)>,
    mut ring: Query<(&mut Transform, &mut Visibility, &mut Sprite), With<ActiveRing>>,
) {
    let Ok((mut tf, mut vis, mut sprite)) = ring.single_mut() else {
        return;
    };
    match view.acting().and_then(|e| units.get(e).ok()) {
        Some(u) => {
            tf.translation.x = u.translation.x;
            tf.translation.y = u.translation.y;
            *vis = Visibility::Inherited;
            let pulse = 0.65 + 0.35 * (time.elapsed_secs() * 4.0).sin().abs();
            sprite.color = Color::srgba(1.0, 0.92, 0.3, pulse);
        }
        None => *vis = Visibility::Hidden,
    }
}

/// A combatant hidden from the side acting is not drawn for its player (Seed000's Hide);
/// between turns, and once revealed, everyone is.
fn conceal_hidden(
    turn: Res<TurnState>,
    sides: Query<&Side>,
    mut units: Query<(&Concealment, &mut Visibility), With<UnitVisual>>,
) {
    let acting = turn.active().and_then(|e| sides.get(e).ok()).map(|s| s.0);
    for (concealment, mut vis) in &mut units {
        let hidden = acting.is_some_and(|s| concealment.from_side(s));
        let want = if hidden {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        vis.set_if_neq(want);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shipped template has its own sprite and trim; any other falls back to the
    /// generic token (which the game letters with the template's initial).
    #[test]
    fn each_template_has_its_sprite_and_others_the_generic_token() {
        let templates = std::fs::read_dir(paths::assets_dir().join("units")).expect("units/");
        let mut seen = 0;
        for entry in templates.flatten() {
            let name = entry
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let (sprite, own) = sprite_of(&name);
            assert!(own, "{name} has no sprite");
            assert_eq!(sprite, format!("sprites/{name}"));
            let trim = paths::assets_dir().join(format!("{sprite}_trim.png"));
            assert!(trim.is_file(), "{name} has no trim layer");
            seen += 1;
        }
        assert!(seen >= 13, "{seen} templates");
        assert_eq!(
            sprite_of("town_guard"),
            ("sprites/generic".to_string(), false)
        );
        let sizes = [
            Size::Tiny,
            Size::Small,
            Size::Medium,
            Size::Large,
            Size::Huge,
        ];
        let scales = sizes.map(figure_scale);
        assert!(scales.windows(2).all(|w| w[0] < w[1]), "{scales:?}");
        assert_eq!(figure_scale(Size::Medium), 1.0);
    }
}
