//! Open backs on the map (a hint, `Ctx::open_back_to`): while a person's side acts, a red
//! wedge behind each of its units whose rear arc an enemy could strike on its next turn,
//! so that a back turned by a move or an attack shows before End Turn.

use super::map_view::{MapGeometry, TILE, Z_UNITS};
use super::{ControlSystems, Seats};
use crate::battle::BattleLog;
use crate::battle::preview::BattleView;
use bevy::prelude::*;
use std::f32::consts::{FRAC_PI_4, PI};

/// The wedge: a quarter disc this far out from the unit's centre, this red, over the
/// unit's disc and under its figure.
const WEDGE_RADIUS: f32 = TILE * 0.62;
const WEDGE_COLOUR: Color = Color::srgba(0.95, 0.15, 0.1, 0.75);
const WEDGE_Z: f32 = Z_UNITS + 0.05;

/// A wedge behind a unit whose back is open.
#[derive(Component)]
struct OpenBackMark;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        mark_open_backs
            .run_if(
                resource_changed::<BattleLog>
                    .or_eager(resource_changed::<Seats>)
                    .or_eager(resource_changed::<super::viewer::Watching>),
            )
            .after(ControlSystems),
    );
}

/// Mark again, after each change of the battle, the acting person's units whose back is
/// open (none while the computer acts, or once the battle is over).
#[allow(clippy::too_many_arguments)]
fn mark_open_backs(
    mut commands: Commands,
    view: BattleView,
    seats: Res<Seats>,
    geo: Res<MapGeometry>,
    old: Query<Entity, With<OpenBackMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut wedge: Local<Option<(Handle<Mesh>, Handle<ColorMaterial>)>>,
    watching: Res<super::viewer::Watching>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let snap = view.snapshot();
    let Some(side) = view.acting().and_then(|e| snap.get(e)).map(|u| u.side) else {
        return;
    };
    let nobody_plays = watching.0.is_some() || seats.computer(&view.roster, side).is_some();
    if view.turn.outcome.is_some() || nobody_plays {
        return;
    }
    let v = view.view(&snap);
    let (mesh, material) = wedge
        .get_or_insert_with(|| {
            (
                meshes.add(CircularSector::new(WEDGE_RADIUS, FRAC_PI_4)),
                materials.add(WEDGE_COLOUR),
            )
        })
        .clone();
    for (e, _) in v.ctx.open_backs(side) {
        let Some(u) = snap.get(e) else { continue };
        let w = geo.world_of(u.pos);
        // The sector points north unturned; the back is half a turn from the facing.
        let back = PI - u.facing.index() as f32 * FRAC_PI_4;
        commands.spawn((
            Mesh2d(mesh.clone()),
            MeshMaterial2d(material.clone()),
            Transform::from_xyz(w.x, w.y, WEDGE_Z).with_rotation(Quat::from_rotation_z(back)),
            OpenBackMark,
        ));
    }
}
