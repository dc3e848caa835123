//! Map overlays: the reachable tiles (free movement and tiles that need AP shaded apart),
//! the path preview with its cost and the opportunity attacks it provokes, and, when an
//! action is picked, every target with its exact odds and where a push would land.

use super::map_view::{MapGeometry, TILE, Z_HIGHLIGHT, Z_LABELS};
use super::unit_view::ZoomLabel;
use super::{Mode, UiState};
use crate::battle::BattleLog;
use crate::battle::events::{Command, DelayUntil};
use crate::battle::preview::{BattleView, Preview, preview};
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use bevy::prelude::*;

/// Spawned by this module; rebuilt whenever what it shows may change.
#[derive(Component)]
struct Overlay;

/// Shades by AP needed: free movement, 1, 2, 3 AP.
const SHADES: [Color; 4] = [
    Color::srgba(0.25, 0.7, 1.0, 0.30),
    Color::srgba(1.0, 0.85, 0.25, 0.24),
    Color::srgba(1.0, 0.55, 0.2, 0.24),
    Color::srgba(1.0, 0.3, 0.25, 0.24),
];

/// The text shown over a target for a preview.
pub fn preview_label(kind: ActionKind, p: &Preview) -> String {
    if let Some(a) = &p.attack {
        let (lo, hi) = a.damage.range();
        return format!("{:.0}% {}-{}", a.hit.percent(), lo, hi);
    }
    if let Some(c) = &p.contest {
        return format!("{:.0}% win", c.win.percent());
    }
    if kind == ActionKind::Stabilize {
        return "stabilize".into();
    }
    String::new()
}

/// What the overlay shows depends on these; rebuild when one changes.
#[derive(Clone, PartialEq, Debug)]
struct Key {
    battle: u32,
    events: usize,
    mode: Mode,
    hovered: Option<Pos>,
    weapon: Option<String>,
    blocked: bool,
    active: Option<Entity>,
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, rebuild.after(super::controls::ControlSystems));
}

fn tile_sprite(
    commands: &mut Commands,
    geo: &MapGeometry,
    p: Pos,
    colour: Color,
    size: f32,
    z: f32,
) {
    let w = geo.world_of(p);
    commands.spawn((
        Sprite::from_color(colour, Vec2::splat(size)),
        Transform::from_xyz(w.x, w.y, z),
        Overlay,
    ));
}

fn label(commands: &mut Commands, geo: &MapGeometry, p: Pos, text: String, colour: Color, dy: f32) {
    let w = geo.world_of(p);
    commands.spawn((
        Text2d::new(text),
        TextFont::from_font_size(9.0),
        TextColor(colour),
        Transform::from_xyz(w.x, w.y + dy, Z_LABELS),
        ZoomLabel,
        Overlay,
    ));
}

#[allow(clippy::too_many_arguments)]
fn rebuild(
    mut commands: Commands,
    old: Query<Entity, With<Overlay>>,
    ui: Res<UiState>,
    view: BattleView,
    log: Res<BattleLog>,
    geo: Res<MapGeometry>,
    mut last: Local<Option<Key>>,
) {
    let key = Key {
        battle: log.battle,
        events: log.events.len(),
        mode: ui.mode,
        hovered: ui.hovered,
        weapon: ui.weapon.clone(),
        blocked: ui.blocked,
        active: view.turn.active(),
    };
    if last.as_ref() == Some(&key) {
        return;
    }
    *last = Some(key);
    for e in &old {
        commands.entity(e).despawn();
    }
    if ui.blocked || view.resolution.awaiting.is_some() {
        return;
    }
    let Some(active) = view.turn.active() else {
        return;
    };
    let snap = view.snapshot();
    let v = view.view(&snap);
    let Some(me) = snap.get(active) else { return };
    let hover_mark = Color::srgba(1.0, 1.0, 1.0, 0.18);
    match ui.mode {
        Mode::Move | Mode::Face => {
            if ui.mode == Mode::Move && v.ctx.can_move(me).is_ok() {
                let reach = v.ctx.reachable(me);
                for (p, cost) in reach.tiles() {
                    let ap = v.ctx.ap_for_cost(me, cost).min(3) as usize;
                    tile_sprite(&mut commands, &geo, p, SHADES[ap], TILE * 0.94, Z_HIGHLIGHT);
                }
                if let Some(h) = ui.hovered
                    && let Some(path) = reach.path(h)
                {
                    let cmd = Command::Move {
                        unit: me.name.to_string(),
                        to: h,
                    };
                    if let Ok(p) = preview(&v, &cmd) {
                        let provoking: Vec<Pos> = p.reactions.iter().map(|r| r.at).collect();
                        let mut prev = me.pos;
                        for step in &path {
                            let c = if provoking.contains(&prev) {
                                Color::srgb(1.0, 0.3, 0.25)
                            } else {
                                Color::srgb(1.0, 1.0, 1.0)
                            };
                            tile_sprite(
                                &mut commands,
                                &geo,
                                *step,
                                c,
                                TILE * 0.18,
                                Z_HIGHLIGHT + 0.2,
                            );
                            prev = *step;
                        }
                        let (m, ap) = p.move_cost.unwrap_or((0, 0));
                        let mut text = if ap == 0 {
                            format!("{m} m")
                        } else {
                            format!("{m} m, {ap} AP")
                        };
                        if !p.reactions.is_empty() {
                            let who: Vec<&str> =
                                p.reactions.iter().map(|r| r.reactor.as_str()).collect();
                            text.push_str(&format!("\n! provokes {}", who.join(", ")));
                        }
                        let colour = if p.reactions.is_empty() {
                            Color::WHITE
                        } else {
                            Color::srgb(1.0, 0.5, 0.45)
                        };
                        label(&mut commands, &geo, h, text, colour, TILE * 0.62);
                    }
                }
            }
            if let Some(h) = ui.hovered {
                tile_sprite(&mut commands, &geo, h, hover_mark, TILE, Z_HIGHLIGHT + 0.1);
            }
        }
        Mode::Target(kind) => {
            for u in &snap.units {
                let Some(cmd) = Command::targeted(kind, &me.name, &u.name, ui.weapon.clone())
                else {
                    continue;
                };
                let Ok(p) = preview(&v, &cmd) else { continue };
                let hovered = ui.hovered == Some(u.pos);
                let colour = if kind == ActionKind::Stabilize {
                    Color::srgba(0.3, 1.0, 0.4, 0.35)
                } else {
                    Color::srgba(1.0, 0.25, 0.2, if hovered { 0.5 } else { 0.3 })
                };
                tile_sprite(&mut commands, &geo, u.pos, colour, TILE * 0.94, Z_HIGHLIGHT);
                label(
                    &mut commands,
                    &geo,
                    u.pos,
                    preview_label(kind, &p),
                    Color::WHITE,
                    TILE * 0.95,
                );
                if hovered && let Some(push) = &p.push {
                    for step in &push.path {
                        tile_sprite(
                            &mut commands,
                            &geo,
                            *step,
                            Color::srgba(1.0, 0.6, 0.1, 0.35),
                            TILE * 0.5,
                            Z_HIGHLIGHT + 0.2,
                        );
                    }
                    tile_sprite(
                        &mut commands,
                        &geo,
                        push.end,
                        Color::srgba(1.0, 0.6, 0.1, 0.55),
                        TILE * 0.7,
                        Z_HIGHLIGHT + 0.3,
                    );
                    if let Some(c) = &push.collision {
                        let text = match &c.occupant {
                            Some(o) => format!(
                                "crash into {}: {} / {} dmg\n({:.0}% it holds: half)",
                                o.name,
                                o.on_failure.0,
                                o.on_failure.1,
                                o.defence.percent()
                            ),
                            None => format!("crash: {} dmg", c.target_damage),
                        };
                        label(
                            &mut commands,
                            &geo,
                            push.end,
                            text,
                            Color::srgb(1.0, 0.75, 0.4),
                            -TILE * 0.8,
                        );
                    }
                }
            }
        }
        Mode::Delay => {
            for u in &snap.units {
                let cmd = Command::Delay {
                    unit: me.name.to_string(),
                    until: DelayUntil::After(u.name.to_string()),
                };
                if preview(&v, &cmd).is_ok() {
                    tile_sprite(
                        &mut commands,
                        &geo,
                        u.pos,
                        Color::srgba(0.6, 0.5, 1.0, 0.35),
                        TILE * 0.94,
                        Z_HIGHLIGHT,
                    );
                }
            }
        }
    }
}
