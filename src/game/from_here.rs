//! What a move leads to, shown while a reachable tile is hovered (as XCOM does): the front
//! arc the mover would end with, where the rules use facing (towards its last step); over
//! each enemy it could then attack with the AP the move leaves, its chance to hit from
//! there; and in the side panel (`MoveOutlook`), each attack's odds with what changes them
//! there (cover, flanking, the rear arc), or why there is none. The attacks wait until the
//! pointer rests on the tile (`OUTLOOK_DELAY`).

use super::UiState;
use super::label_layout::RANK_HOVER;
use super::map_view::{MapGeometry, TILE, Z_HIGHLIGHT};
use super::overlay_parts::{HoverLayer, LabelAt, label};
use crate::battle::events::Reason;
use crate::battle::preview::{BattleView, Preview, preview};
use crate::battle::snapshot::Snapshot;
use crate::game::odds_text::preview_label;
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};
use bevy::prelude::*;
use std::f32::consts::{FRAC_PI_2, FRAC_PI_4};

/// The front arc at the hovered tile: a white half disc, this far out.
const ARC_COLOUR: Color = Color::srgba(1.0, 1.0, 1.0, 0.35);
const ARC_RADIUS: f32 = TILE * 0.56;
/// The colour of an attack's label from the hovered tile (the targets' own are white).
const LABEL_COLOUR: Color = Color::srgb(0.75, 0.9, 1.0);

/// What an attack's label from the hovered tile names among its modifiers.
const TOLD: [Reason; 14] = [
    Reason::HalfCover,
    Reason::CreatureCover,
    Reason::TakingCover,
    Reason::LowCover,
    Reason::HighCover,
    Reason::LightCover,
    Reason::PartialCover,
    Reason::QuarterCover,
    Reason::ThreeQuartersCover,
    Reason::NineTenthsCover,
    Reason::TargetCrouching,
    Reason::Flanked,
    Reason::RearArc,
    Reason::LongRange,
];

/// The attacks a move to `at` leads to, in words, for the side panel's tile readout.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct MoveOutlook {
    pub at: Option<Pos>,
    pub lines: Vec<String>,
}

/// How long the pointer rests on a tile before the attacks from there are worked out, in
/// seconds: a sweep of the pointer across the map works out none (each costs a preview of
/// every enemy's odds), and a tooltip's pause is hardly felt.
pub const OUTLOOK_DELAY: f32 = 0.12;

/// The drawing of a move's outcome, with the half disc's mesh made once.
#[derive(bevy::ecs::system::SystemParam)]
pub struct FromHere<'w, 's> {
    outlook: ResMut<'w, MoveOutlook>,
    meshes: ResMut<'w, Assets<Mesh>>,
    materials: ResMut<'w, Assets<ColorMaterial>>,
    arc: Local<'s, Option<(Handle<Mesh>, Handle<ColorMaterial>)>>,
    time: Res<'w, Time>,
    /// The tile hovered, since when, and whether it has rested there `OUTLOOK_DELAY`.
    rest: Local<'s, (Option<Pos>, f32, bool)>,
}

impl FromHere<'_, '_> {
    /// Whether the pointer has rested on `hovered` long enough for the attacks from there.
    pub fn rested(&mut self, hovered: Option<Pos>) -> bool {
        let now = self.time.elapsed_secs();
        if self.rest.0 != hovered {
            *self.rest = (hovered, now, false);
        }
        self.rest.2 = now - self.rest.1 >= OUTLOOK_DELAY;
        self.rest.2
    }

    /// No move's outcome shown (the hover changed).
    pub fn clear(&mut self) {
        if self.outlook.at.is_some() {
            *self.outlook = MoveOutlook::default();
        }
    }

    /// Draw, on the hover layer, what the move of `mover` (in `snap`) from `start` along
    /// `path`, previewed as `moved`, leads to.
    pub fn draw(
        &mut self,
        commands: &mut Commands,
        geo: &MapGeometry,
        view: &BattleView,
        ui: &UiState,
        (snap, mover): (&Snapshot, Entity),
        (start, path, moved): (Pos, &[Pos], &Preview),
    ) {
        let Some(me) = snap.get(mover) else {
            return;
        };
        let to = path.last().copied().unwrap_or(start);
        let from = path.len().checked_sub(2).map_or(start, |i| path[i]);
        // Its last step's facing, or the one chosen for this move (R).
        let facing = match ui.planned_facing {
            Some((at, chosen)) if at == to => chosen,
            _ => Dir8::towards(from, to).unwrap_or(me.facing),
        };
        if view.rules.0.facing {
            self.draw_arc(commands, geo, to, facing);
        }
        if !self.rest.2 {
            return;
        }
        // The battle as the move leaves it: the mover there, facing its last step, with
        // the AP the move cost spent.
        let mut after = snap.clone();
        if let Some(u) = after.units.iter_mut().find(|u| u.entity == mover) {
            u.pos = to;
            u.facing = facing;
            u.ap = u.ap.saturating_sub(moved.move_cost.map_or(0, |(_, ap)| ap));
        }
        let lines = attacks_from(commands, geo, view, ui, &after, mover);
        *self.outlook = MoveOutlook {
            at: Some(to),
            lines,
        };
    }

    /// The front arc the mover would have on `at`, facing `facing`.
    fn draw_arc(&mut self, commands: &mut Commands, geo: &MapGeometry, at: Pos, facing: Dir8) {
        let (meshes, materials) = (&mut self.meshes, &mut self.materials);
        let (mesh, material) = self
            .arc
            .get_or_insert_with(|| {
                let half_disc = CircularSector::new(ARC_RADIUS, FRAC_PI_2);
                (meshes.add(half_disc), materials.add(ARC_COLOUR))
            })
            .clone();
        let w = geo.world_of(at);
        let turn = Quat::from_rotation_z(-(facing.index() as f32) * FRAC_PI_4);
        commands.spawn((
            Mesh2d(mesh),
            MeshMaterial2d(material),
            Transform::from_xyz(w.x, w.y, Z_HIGHLIGHT + 0.15).with_rotation(turn),
            HoverLayer,
        ));
    }
}

/// Over each enemy the mover could attack in the battle `after` its move, the chance to
/// hit; the side panel's lines: each attack's odds and what changes them, or why none.
fn attacks_from(
    commands: &mut Commands,
    geo: &MapGeometry,
    view: &BattleView,
    ui: &UiState,
    after: &Snapshot,
    mover: Entity,
) -> Vec<String> {
    let v = view.view(after);
    let Some(me) = after.get(mover) else {
        return Vec::new();
    };
    let (mut lines, mut refused, mut marks) = (Vec::new(), None, Vec::new());
    for t in after
        .enemies_of(me)
        .filter(|t| t.able() && !t.hidden_from(me.side))
    {
        let Some(cmd) = ui.command_in(&v, ActionKind::Attack, &me.name, &t.name) else {
            continue;
        };
        let p = match preview(&v, &cmd) {
            Ok(p) => p,
            Err(why) => {
                refused.get_or_insert(why);
                continue;
            }
        };
        let odds = preview_label(ActionKind::Attack, &p);
        // On the map, the chance alone: short labels seldom meet.
        let chance = odds
            .split_whitespace()
            .next()
            .unwrap_or_default()
            .to_string();
        marks.push((t.pos, chance));
        let told: Vec<&str> = (p.modifiers.iter())
            .filter(|m| TOLD.contains(&m.reason))
            .map(|m| m.reason.describe())
            .collect();
        let because = if told.is_empty() {
            String::new()
        } else {
            format!(" ({})", told.join(", "))
        };
        lines.push(format!("  {}: {odds}{because}", t.name));
    }
    for (p, chance) in marks {
        let at = LabelAt {
            p,
            below_first: false,
            rank: RANK_HOVER,
        };
        label(commands, geo, at, chance, LABEL_COLOUR, HoverLayer);
    }
    if lines.is_empty() {
        let wording = crate::battle::describe::Wording::of(&view.rules.0);
        let why = refused.map_or("no enemy in reach or sight".into(), |r| r.text_in(wording));
        lines.push(format!("  no attack: {why}"));
    }
    lines
}
