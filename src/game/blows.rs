//! Blows you can see: over the creature each blow lands on, a label rises and fades: the
//! damage it takes (coloured by the damage's type), `MISS`, `CRIT!`, `THUD` for a
//! collision, `DOWN` with a flash. Driven by the same `BattleEvent`s as the combat log and
//! in their order: the labels of one creature follow one another.

use super::map_view::{MapGeometry, TILE, Z_LABELS};
use super::unit_view::ZoomLabel;
use crate::battle::components::{Combatant, GridPos};
use crate::battle::events::BattleEvent;
use crate::rules::combat::{DamageType, HitOutcome};
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
}

/// A Down creature's flash: a disc that swells and fades.
#[derive(Component, Debug)]
struct Flash {
    age: f32,
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (label_blows, rise_and_fade).chain());
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

/// The label an event puts over a creature, if any: (creature, text, colour).
pub fn label_of(ev: &BattleEvent) -> Option<(&str, String, Color)> {
    let grey = Color::srgb(0.8, 0.8, 0.8);
    Some(match ev {
        BattleEvent::AttackRolled(r) => match r.outcome {
            HitOutcome::Miss | HitOutcome::Fumble => (r.target.as_str(), "MISS".into(), grey),
            HitOutcome::Critical => (
                r.target.as_str(),
                "CRIT!".into(),
                Color::srgb(1.0, 0.85, 0.2),
            ),
            HitOutcome::Hit => return None,
        },
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
        BattleEvent::VitalityLost { unit, amount, .. } => (
            unit.as_str(),
            format!("-{amount}"),
            Color::srgb(0.9, 0.25, 0.25),
        ),
        BattleEvent::Collided { unit, .. } => {
            (unit.as_str(), "THUD".into(), Color::srgb(0.95, 0.7, 0.4))
        }
        BattleEvent::WentDown { unit } => {
            (unit.as_str(), "DOWN".into(), Color::srgb(1.0, 0.3, 0.3))
        }
        _ => return None,
    })
}

/// A label for each blow, staggered per creature in the order of the events.
fn label_blows(
    mut commands: Commands,
    mut events: MessageReader<BattleEvent>,
    units: Query<(&Combatant, &GridPos)>,
    showing: Query<&BlowLabel>,
    geo: Res<MapGeometry>,
) {
    let mut queued: Vec<(Vec2, f32)> = Vec::new();
    for ev in events.read() {
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
            .fold(waiting, f32::max);
        queued.push((at, wait));
        if matches!(ev, BattleEvent::WentDown { .. }) {
            commands.spawn((
                Sprite::from_color(Color::srgba(1.0, 0.9, 0.8, 0.8), Vec2::splat(TILE)),
                Transform::from_translation(geo.world_of(pos.0).extend(Z_LABELS - 0.5)),
                Flash { age: -wait },
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
            },
        ));
    }
}

/// Labels rise and fade; flashes swell and fade; both go when done.
fn rise_and_fade(
    mut commands: Commands,
    time: Res<Time>,
    mut labels: Query<(
        Entity,
        &mut BlowLabel,
        &mut Transform,
        &mut Visibility,
        &mut TextColor,
    )>,
    mut flashes: Query<(Entity, &mut Flash, &mut Transform, &mut Sprite), Without<BlowLabel>>,
) {
    let dt = time.delta_secs();
    for (e, mut label, mut tf, mut vis, mut colour) in &mut labels {
        label.age += dt;
        let t = (label.age - label.wait) / LIFE;
        if t >= 1.0 {
            commands.entity(e).despawn();
        } else if t >= 0.0 {
            *vis = Visibility::Inherited;
            tf.translation.y = label.from.y + RISE * t;
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
}
