//! Blows you can see: a melee attacker lunges at its target and a ranged attack's shot flies
//! to it; over the creature each blow lands on, a label rises and fades: the damage it takes
//! (coloured by the damage's type), `MISS`, `CRIT!`, `DODGE`, a Seed003 wound, `THUD` for a
//! collision, `DOWN` with a flash. Driven by the same `BattleEvent`s as the combat log and
//! in their order: the labels of one creature follow one another, after the strike lands.
//! `Space` finishes them (`SkipAnimations`) and `F2`'s speed paces them.

use super::label_layout::ZoomLabel;
use super::map_view::{MapGeometry, TILE, Z_LABELS};
use super::screen_state::OnMap;
use super::unit_view::{Nudge, UnitVisual};
use super::{AnimationSpeed, SkipAnimations, UiState};
use crate::battle::components::{Combatant, GridPos, UnitStats};
use crate::battle::events::BattleEvent;
use crate::rulebook::Mark;
use crate::rules::combat::{DamageType, HitOutcome};
use crate::rules::unit::WeaponKind;
use bevy::prelude::*;

/// How long a label shows, in seconds.
const LIFE: f32 = 1.2;
/// How far it rises meanwhile, in world units.
const RISE: f32 = TILE * 0.8;
/// Between two labels of one creature, in seconds.
const STAGGER: f32 = 0.3;
/// A label's text size.
const LABEL_SIZE: f32 = 20.0;

/// A rising label (its text is the entity's `Text2d`): its age and how long it waits
/// before it shows.
#[derive(Component, Debug)]
pub struct BlowLabel {
    age: f32,
    wait: f32,
    from: Vec2,
    /// How far it is pushed up by the labels over the same creature that came after it
    /// (`stacked_under`), eased towards that.
    lift: f32,
}

/// How quickly a label moves up to make room for a newer one (per second).
const LIFT_RATE: f32 = 14.0;

/// For each label showing (where it rises from, and how long ago it started), how many
/// labels over the same creature started after it: that many label heights it is pushed
/// up, so that a MISS and the damage of the next blow never overlap.
fn stacked_under(showing: &[(Vec2, f32)]) -> Vec<usize> {
    showing
        .iter()
        .map(|(from, ago)| {
            (showing.iter())
                .filter(|(f, a)| f == from && a < ago)
                .count()
        })
        .collect()
}

/// A Down creature's flash: a disc that swells and fades.
#[derive(Component, Debug)]
struct Flash {
    age: f32,
}

/// A melee attacker's lunge: how far towards its target (a share of the way) and how long.
const LUNGE_REACH: f32 = 0.35;
const LUNGE_TIME: f32 = 0.22;
/// A shot's speed in tiles a second, its shortest flight, and the size of its streak.
const SHOT_SPEED: f32 = 24.0;
const SHOT_MIN_TIME: f32 = 0.15;
const SHOT_SIZE: Vec2 = Vec2::new(TILE * 0.6, TILE * 0.12);
const SHOT_COLOUR: Color = Color::srgb(1.0, 0.88, 0.45);
/// A blow's label shows once the lunge has reached its target (a shot: once it arrives).
const STRIKE_LANDS: f32 = 0.12;

/// A melee attacker moving out towards its target and back.
#[derive(Component, Debug)]
struct Lunge {
    towards: Vec2,
    age: f32,
}

/// A ranged attack's missile on its way.
#[derive(Component, Debug)]
struct Shot {
    from: Vec2,
    to: Vec2,
    age: f32,
    /// Its flight time.
    time: f32,
}

/// When each attack of this frame lands, in the events' order: `strike` writes them,
/// `label_blows` waits for them.
#[derive(Resource, Debug, Default)]
struct Landings(std::collections::VecDeque<f32>);

pub fn plugin(app: &mut App) {
    app.init_resource::<Landings>().add_systems(
        Update,
        (
            strike,
            label_blows,
            (rise_and_fade, lunge_and_fly),
            skip_all,
            note_animating,
        )
            .chain()
            .before(super::unit_view::GlideSystems),
    );
}

/// An attack between two creatures, from any ruleset's report: (attacker, target, weapon).
pub fn strike_of(ev: &BattleEvent) -> Option<(&str, &str, &str)> {
    Some(match ev {
        BattleEvent::AttackRolled(r) => (&*r.attacker, &*r.target, &*r.weapon),
        _ => return ev.rulebook_strike(),
    })
}

/// Each attack shows: a melee attacker lunges at its target, a ranged one's shot flies.
fn strike(
    mut commands: Commands,
    mut events: MessageReader<BattleEvent>,
    units: Query<(Entity, &Combatant, &GridPos, &UnitStats)>,
    geo: Res<MapGeometry>,
    mut landings: ResMut<Landings>,
) {
    for ev in events.read() {
        let Some((attacker, target, weapon)) = strike_of(ev) else {
            continue;
        };
        let find = |name: &str| units.iter().find(|u| &*u.1.name == name);
        let (Some(a), Some(t)) = (find(attacker), find(target)) else {
            landings.0.push_back(0.0);
            continue;
        };
        let (from, to) = (geo.world_of(a.2.0), geo.world_of(t.2.0));
        let ranged =
            a.3.0
                .weapons
                .iter()
                .any(|w| w.name == weapon && w.kind == WeaponKind::Ranged);
        if ranged {
            let time = (from.distance(to) / TILE / SHOT_SPEED).max(SHOT_MIN_TIME);
            landings.0.push_back(time);
            commands.spawn((
                Sprite::from_color(SHOT_COLOUR, SHOT_SIZE),
                Transform::from_translation(from.extend(Z_LABELS - 1.0))
                    .with_rotation(Quat::from_rotation_z((to - from).to_angle())),
                Shot {
                    from,
                    to,
                    age: 0.0,
                    time,
                },
            ));
        } else {
            landings.0.push_back(STRIKE_LANDS);
            commands.entity(a.0).insert((
                Lunge {
                    towards: (to - from) * LUNGE_REACH,
                    age: 0.0,
                },
                Nudge::default(),
            ));
        }
    }
}

/// The colour of a damage type's number.
pub fn damage_colour(kind: DamageType) -> Color {
    match kind {
        DamageType::Physical => Color::srgb(1.0, 0.92, 0.85),
        DamageType::Heat => Color::srgb(1.0, 0.55, 0.2),
        DamageType::Cold => Color::srgb(0.55, 0.85, 1.0),
        DamageType::Shock => Color::srgb(1.0, 1.0, 0.35),
        DamageType::Poison | DamageType::Chemical => Color::srgb(0.55, 0.95, 0.35),
        DamageType::Holy => Color::srgb(1.0, 0.95, 0.6),
        DamageType::Curse | DamageType::Spirit => Color::srgb(0.8, 0.5, 1.0),
        _ => Color::srgb(0.95, 0.6, 0.95),
    }
}

/// A miss's label colour.
const MISS_COLOUR: Color = Color::srgb(0.8, 0.8, 0.8);
/// A critical's label colour.
const CRIT_COLOUR: Color = Color::srgb(1.0, 0.85, 0.2);
/// Harm without a damage type: Vitality lost, a Seed003 wound.
const HARM_COLOUR: Color = Color::srgb(0.9, 0.25, 0.25);

/// An attack's roll, as a label over its target: `MISS`, `CRIT!`, or none for a plain hit
/// (its damage follows).
fn roll_label(target: &str, missed: bool, critical: bool) -> Option<(&str, String, Color)> {
    if missed {
        Some((target, "MISS".into(), MISS_COLOUR))
    } else if critical {
        Some((target, "CRIT!".into(), CRIT_COLOUR))
    } else {
        None
    }
}

/// The label an event puts over a creature, if any: (creature, text, colour). Every
/// ruleset's attack report counts: Core's d20, Seed000's AV rolls, Seed002's combat roll,
/// Seed003's 3d6 check, Seed004's roll against Guard and its Dodge.
pub fn label_of(ev: &BattleEvent) -> Option<(&str, String, Color)> {
    Some(match ev {
        BattleEvent::AttackRolled(r) => {
            let missed = matches!(r.outcome, HitOutcome::Miss | HitOutcome::Fumble);
            return roll_label(&r.target, missed, r.outcome == HitOutcome::Critical);
        }
        BattleEvent::Damaged {
            unit,
            damage_type,
            breakdown,
            ..
        } => (
            unit.as_str(),
            format!("-{}", breakdown.dealt),
            damage_colour(*damage_type),
        ),
        // Harm without a blow: Core's Vitality.
        BattleEvent::VitalityLost { unit, amount, .. } => {
            (unit.as_str(), format!("-{amount}"), HARM_COLOUR)
        }
        BattleEvent::Collided { unit, .. } => {
            (unit.as_str(), "THUD".into(), Color::srgb(0.95, 0.7, 0.4))
        }
        BattleEvent::WentDown { unit } => {
            (unit.as_str(), "DOWN".into(), Color::srgb(1.0, 0.3, 0.3))
        }
        _ => return ev.rulebook_mark().and_then(mark_label),
    })
}

/// The label of what a rulebook marks: (creature, text, colour).
fn mark_label(mark: Mark<'_>) -> Option<(&str, String, Color)> {
    Some(match mark {
        Mark::Roll {
            target,
            missed,
            critical,
        } => return roll_label(target, missed, critical),
        Mark::Blow {
            unit,
            dealt,
            damage_type,
        } => (unit, format!("-{dealt}"), damage_colour(damage_type)),
        Mark::Loss { unit, amount } => (unit, format!("-{amount}"), HARM_COLOUR),
        Mark::Word {
            unit,
            word,
            harm: true,
        } => (unit, word, HARM_COLOUR),
        Mark::Word { unit, word, .. } => (unit, word, MISS_COLOUR),
    })
}

/// A label for each blow, staggered per creature in the order of the events.
fn label_blows(
    mut commands: Commands,
    mut events: MessageReader<BattleEvent>,
    units: Query<(&Combatant, &GridPos)>,
    showing: Query<&BlowLabel>,
    geo: Res<MapGeometry>,
    mut landings: ResMut<Landings>,
) {
    let mut queued: Vec<(Vec2, f32)> = Vec::new();
    // The labels after an attack wait for its lunge or shot to land.
    let mut lands = 0.0f32;
    for ev in events.read() {
        if strike_of(ev).is_some() {
            lands = landings.0.pop_front().unwrap_or(0.0);
        }
        let Some((name, text, colour)) = label_of(ev) else {
            continue;
        };
        let Some((_, pos)) = units.iter().find(|(c, _)| &*c.name == name) else {
            continue;
        };
        let at = geo.world_of(pos.0) + Vec2::Y * TILE * 0.55;
        // After the labels still waiting over this creature, and those queued this frame.
        let waiting = showing
            .iter()
            .filter(|l| l.from == at)
            .map(|l| l.wait - l.age + STAGGER)
            .fold(0.0f32, f32::max);
        let wait = queued
            .iter()
            .filter(|q| q.0 == at)
            .map(|q| q.1 + STAGGER)
            .fold(waiting.max(lands), f32::max);
        queued.push((at, wait));
        if matches!(ev, BattleEvent::WentDown { .. }) {
            commands.spawn((
                Sprite::from_color(Color::srgba(1.0, 0.9, 0.8, 0.8), Vec2::splat(TILE)),
                Transform::from_translation(geo.world_of(pos.0).extend(Z_LABELS - 0.5)),
                Flash { age: -wait },
                DespawnOnExit(OnMap),
            ));
        }
        commands.spawn((
            Text2d::new(text),
            TextFont::from_font_size(LABEL_SIZE),
            TextColor(colour),
            Transform::from_translation(at.extend(Z_LABELS + 0.5)),
            Visibility::Hidden,
            ZoomLabel,
            BlowLabel {
                age: 0.0,
                wait,
                from: at,
                lift: 0.0,
            },
            DespawnOnExit(OnMap),
        ));
    }
}

/// Labels rise and fade; flashes swell and fade; both go when done.
fn rise_and_fade(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut labels: Query<(
        Entity,
        &mut BlowLabel,
        &mut Transform,
        &mut Visibility,
        &mut TextColor,
    )>,
    mut flashes: Query<(Entity, &mut Flash, &mut Transform, &mut Sprite), Without<BlowLabel>>,
) {
    let dt = time.delta_secs() * speed.factor();
    let mut showing = Vec::new();
    for (e, mut label, ..) in &mut labels {
        label.age += dt;
        let t = (label.age - label.wait) / LIFE;
        if (0.0..1.0).contains(&t) {
            showing.push((e, label.from, label.age - label.wait));
        }
    }
    let spots: Vec<(Vec2, f32)> = showing.iter().map(|(_, f, a)| (*f, *a)).collect();
    let under = stacked_under(&spots);
    for (e, mut label, mut tf, mut vis, mut colour) in &mut labels {
        let t = (label.age - label.wait) / LIFE;
        if t >= 1.0 {
            commands.entity(e).despawn();
        } else if t >= 0.0 {
            *vis = Visibility::Inherited;
            let newer = (showing.iter().zip(&under))
                .find(|((s, ..), _)| *s == e)
                .map_or(0, |(_, n)| *n);
            // A label's height on the map: its text size at the zoom's scale.
            let goal = newer as f32 * LABEL_SIZE * tf.scale.y * 1.1;
            label.lift += (goal - label.lift) * (dt * LIFT_RATE).min(1.0);
            tf.translation.y = label.from.y + RISE * t + label.lift;
            colour.0.set_alpha(1.0 - t * t);
        }
    }
    for (e, mut flash, mut tf, mut sprite) in &mut flashes {
        flash.age += dt;
        let t = flash.age / (LIFE * 0.6);
        if t >= 1.0 {
            commands.entity(e).despawn();
        } else if t >= 0.0 {
            tf.scale = Vec3::splat(1.0 + t);
            sprite.color.set_alpha(0.8 * (1.0 - t));
        } else {
            sprite.color.set_alpha(0.0);
        }
    }
}

/// Lunges go out and back; shots fly to their target and vanish.
fn lunge_and_fly(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut lunges: Query<(Entity, &mut Lunge, &mut Nudge)>,
    mut shots: Query<(Entity, &mut Shot, &mut Transform)>,
) {
    let dt = time.delta_secs() * speed.factor();
    for (e, mut lunge, mut nudge) in &mut lunges {
        lunge.age += dt;
        let t = lunge.age / LUNGE_TIME;
        if t >= 1.0 {
            nudge.0 = Vec2::ZERO;
            commands.entity(e).remove::<Lunge>();
        } else {
            nudge.0 = lunge.towards * (t * std::f32::consts::PI).sin();
        }
    }
    for (e, mut shot, mut tf) in &mut shots {
        shot.age += dt;
        let t = shot.age / shot.time;
        if t >= 1.0 {
            commands.entity(e).despawn();
        } else {
            let at = shot.from.lerp(shot.to, t);
            (tf.translation.x, tf.translation.y) = (at.x, at.y);
        }
    }
}

/// What passes and goes: a blow's label, a flash, a shot.
type Passing = Or<(With<BlowLabel>, With<Flash>, With<Shot>)>;

/// `Space` while something moves: every label, flash and shot goes, every lunge is back.
fn skip_all(
    mut commands: Commands,
    mut skip: MessageReader<SkipAnimations>,
    gone: Query<Entity, Passing>,
    mut lunges: Query<(Entity, &mut Nudge), With<Lunge>>,
) {
    if skip.read().count() == 0 {
        return;
    }
    for e in &gone {
        commands.entity(e).despawn();
    }
    for (e, mut nudge) in &mut lunges {
        nudge.0 = Vec2::ZERO;
        commands.entity(e).remove::<Lunge>();
    }
}

/// Whether anything on the map still moves: a label, flash, shot or lunge, or a unit
/// sprite not yet on its tile.
fn note_animating(
    mut ui: ResMut<UiState>,
    shown: Query<(), Or<(Passing, With<Lunge>)>>,
    units: Query<(&GridPos, &Transform), With<UnitVisual>>,
    geo: Res<MapGeometry>,
) {
    let gliding = || {
        units
            .iter()
            .any(|(p, tf)| tf.translation.truncate().distance(geo.world_of(p.0)) > 0.5)
    };
    let animating = !shown.is_empty() || gliding();
    if ui.animating != animating {
        ui.animating = animating;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::combat::DamageBreakdown;

    #[test]
    fn blows_are_labelled_over_the_creature_they_land_on() {
        let damaged = BattleEvent::Damaged {
            unit: "Grub".into(),
            source: "Ada's sword".into(),
            damage_type: DamageType::Heat,
            breakdown: DamageBreakdown {
                raw: 9,
                armor: 2,
                after_armor: 7,
                dealt: 7,
                notes: vec![],
                raw_text: String::new(),
            },
            vitality: 19,
        };
        let (unit, text, colour) = label_of(&damaged).unwrap();
        assert_eq!((unit, text.as_str()), ("Grub", "-7"));
        assert_eq!(colour, damage_colour(DamageType::Heat));
        assert_ne!(
            damage_colour(DamageType::Heat),
            damage_colour(DamageType::Cold)
        );
        let down = BattleEvent::WentDown {
            unit: "Snik".into(),
        };
        assert_eq!(label_of(&down).unwrap().1, "DOWN");
        assert_eq!(label_of(&down).unwrap().0, "Snik");
        assert!(
            label_of(&BattleEvent::TurnEnded { unit: "X".into() }).is_none(),
            "a turn's end is no blow"
        );
    }

    /// Labels over one creature stack: each is pushed up by as many labels as came after it
    /// there; another creature's labels do not count.
    #[test]
    fn later_labels_over_a_creature_push_the_earlier_ones_up() {
        let (grub, snik) = (Vec2::new(0.0, 0.0), Vec2::new(64.0, 0.0));
        let showing = [(grub, 0.5), (grub, 0.2), (snik, 0.1), (grub, 0.0)];
        assert_eq!(stacked_under(&showing), vec![2, 1, 0, 0]);
    }

    /// The presets' own reports give the same labels: a Seed003 check that is an attack
    /// (and not any other check), Seed004's roll against Guard and its Dodge, a wound.
    #[test]
    fn the_presets_misses_criticals_and_wounds_are_labelled_too() {
        // A rulebook's own event, as the log writes it: the rulebook marks it.
        let logged = |name: &str, report: String| {
            ron::from_str::<BattleEvent>(&format!("{name}({report})")).expect("an event")
        };
        let check = |what: &str, natural: u32, success: bool| {
            let report = format!(
                "(actor: \"Bo\", what: \"{what}\", dice: [], natural: {natural}, bonus: 0, \
                 total: {natural}, against: 12, against_name: \"Defense\", \
                 success: {success}, modifiers: [])"
            );
            logged("CheckRolled", report)
        };
        let text = |ev: &BattleEvent| label_of(ev).map(|(u, t, _)| (u.to_string(), t));
        let miss = check("attacks Sir Ulf with long sword", 9, false);
        assert_eq!(text(&miss), Some(("Sir Ulf".into(), "MISS".into())));
        assert_eq!(strike_of(&miss), Some(("Bo", "Sir Ulf", "long sword")));
        let crit = check("shoots Grub with bow", 17, true);
        assert_eq!(text(&crit), Some(("Grub".into(), "CRIT!".into())));
        assert_eq!(text(&check("shoots Grub with bow", 12, true)), None);
        assert_eq!(text(&check("Power check (Shove)", 3, false)), None);
        let guard = |hit| {
            let report = format!(
                "(attacker: \"Bo\", target: \"Ada\", weapon: \"axe\", kind: Action, \
                 roll: (d20: 4, dice: [], total: 9), guard: 15, modifiers: [], hit: {hit})"
            );
            logged("GuardRolled", report)
        };
        assert_eq!(text(&guard(false)), Some(("Ada".into(), "MISS".into())));
        assert_eq!(text(&guard(true)), None);
        let wound = logged(
            "WoundTaken",
            "(unit: \"Ada\", source: \"Bo's axe\", parts: [], final_damage: 14, \
             level: Some(Severe), landed: Some(Severe), filled: (0, 0, 0, 0, 0), \
             slots: (1, 1, 1, 1, 1))"
                .into(),
        );
        assert_eq!(text(&wound), Some(("Ada".into(), "Severe wound".into())));
    }
}
