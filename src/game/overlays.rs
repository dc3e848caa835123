//! Map overlays: the reachable tiles (free movement and tiles that need AP shaded apart),
//! the path preview with its cost and the opportunity attacks it provokes, and, when an
//! action is picked, every target with its exact odds and where a push would land.
//!
//! What the rules say is worked out once per battle state (new events in `BattleLog`,
//! another active unit, mode or weapon, a screen put up or taken down) into `OverlayCache`,
//! and drawn as the state layer. A hover change only redraws the hover layer (the hover
//! mark, the path and its label, the hovered target's push) and the hovered target's shade,
//! from the cache. The labels' words are in `odds_text.rs`.

use super::label_layout::{RANK_HOVER, RANK_PATH, RANK_TARGETS, ZoomLabel};
use super::map_view::{MapGeometry, TILE, Z_HIGHLIGHT};
use super::overlay_parts::{HoverLayer, LabelAt, label, tile_sprite};
use super::{ControlSystems, Mode, UiState};
use crate::battle::describe::Wording;
use crate::battle::events::{Command, DelayUntil};
use crate::battle::preview::{BattleView, Preview, PushPreview, TeleportPreview, preview};
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::battle::{BattleLog, Rules};
use crate::game::odds_text::preview_label;
use crate::rules::actions::ActionKind;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::reach::Reach;
use bevy::prelude::*;
use std::collections::HashMap;

/// Drawn from the battle state: the reachable tiles, the targets and their labels, the
/// combatants one may delay after. Redrawn when the state changes.
#[derive(Component)]
struct StateLayer;

/// The shade under a target, brighter while it is hovered, and its label (yellow then).
#[derive(Component, Clone, Copy)]
struct TargetShade {
    pos: Pos,
    kind: ActionKind,
}

/// Shades by AP needed: free movement, 1, 2, 3 AP.
const SHADES: [Color; 4] = [
    Color::srgba(0.25, 0.7, 1.0, 0.30),
    Color::srgba(1.0, 0.85, 0.25, 0.24),
    Color::srgba(1.0, 0.55, 0.2, 0.24),
    Color::srgba(1.0, 0.3, 0.25, 0.24),
];
const HOVER_MARK: Color = Color::srgba(1.0, 1.0, 1.0, 0.18);

/// The battle state the overlays depend on; they are worked out again when it changes.
#[derive(Clone, PartialEq, Debug)]
struct StateKey {
    battle: u32,
    events: usize,
    mode: Mode,
    weapon: Option<String>,
    non_lethal: bool,
    cap: Option<crate::rules::wound_level::WoundLevel>,
    off_hand: bool,
    blocked: bool,
    watching: bool,
    active: Option<Entity>,
}

/// What the overlays show for the current battle state, worked out when it changes and read
/// on every hover change.
#[derive(Resource, Default)]
pub struct OverlayCache {
    key: Option<StateKey>,
    /// Counts the states worked out, so that the hover layer knows when to redraw.
    generation: u64,
    shown: Shown,
}

/// What the overlays show in the current mode.
#[derive(Default)]
enum Shown {
    /// Nothing: a screen is up, a reaction is being asked, or nobody acts.
    #[default]
    Nothing,
    /// Moving or facing: the hover mark, and where the active combatant can walk (only
    /// when moving and able to).
    Tiles(Option<Box<Walk>>),
    /// An action is picked: every combatant it may target, with its preview.
    Targets(ActionKind, Vec<(Pos, Preview)>),
    /// Delaying: the combatants one may delay after.
    Delay(Vec<Pos>),
}

/// Where the active combatant can walk.
struct Walk {
    /// The battle as it was worked out, for the previews of single moves.
    snap: Snapshot,
    mover: Entity,
    start: Pos,
    reach: Reach,
    /// Each reachable tile with the AP it needs (0 to 3 or more).
    shades: Vec<(Pos, usize)>,
    /// The path to each tile hovered so far and the preview of the move there (`None`: no
    /// move there), each worked out on its first hover.
    moves: HashMap<Pos, Option<(Vec<Pos>, Preview)>>,
}

impl Walk {
    /// The path to a tile and the preview of the move there.
    fn move_to(&mut self, view: &BattleView, to: Pos) -> Option<&(Vec<Pos>, Preview)> {
        let Walk {
            snap,
            mover,
            reach,
            moves,
            ..
        } = self;
        moves
            .entry(to)
            .or_insert_with(|| {
                let path = reach.path(to)?;
                let me = snap.get(*mover)?;
                let cmd = Command::Move {
                    unit: me.name.to_string(),
                    to,
                };
                let p = preview(&view.view(snap), &cmd).ok()?;
                Some((path, p))
            })
            .as_ref()
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<OverlayCache>()
        .init_resource::<super::from_here::MoveOutlook>()
        .add_systems(
            Update,
            (refresh_state, draw_hover, word_labels)
                .chain()
                .after(ControlSystems),
        );
}

/// Each new label on the map in the words of the rulebook in force (yards, Energy).
fn word_labels(rules: Res<Rules>, mut labels: Query<&mut Text2d, Added<ZoomLabel>>) {
    let wording = Wording::of(&rules.0);
    for mut text in &mut labels {
        let said = wording.say(&text.0);
        if said != text.0 {
            text.0 = said;
        }
    }
}

/// Work out what the overlays show when the battle state changes, and draw the state layer.
fn refresh_state(
    mut commands: Commands,
    old: Query<Entity, With<StateLayer>>,
    ui: Res<UiState>,
    view: BattleView,
    log: Res<BattleLog>,
    geo: Res<MapGeometry>,
    mut cache: ResMut<OverlayCache>,
) {
    let key = StateKey {
        battle: log.battle,
        events: log.events.len(),
        mode: ui.mode,
        weapon: ui.weapon.clone(),
        non_lethal: ui.non_lethal,
        cap: ui.cap,
        off_hand: ui.off_hand,
        blocked: ui.blocked,
        watching: ui.watching,
        active: view.acting(),
    };
    if cache.key.as_ref() == Some(&key) {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let shown = work_out(&view, &ui);
    draw_state(&mut commands, &geo, &shown, ui.hovered);
    let generation = cache.generation + 1;
    *cache = OverlayCache {
        key: Some(key),
        generation,
        shown,
    };
}

/// What the overlays show now, from the rules.
fn work_out(view: &BattleView, ui: &UiState) -> Shown {
    // A question answered on the map (a Seize's winner, a side acting out of turn) leaves
    // the overlays up; a watched battle shows none (nobody plays it).
    let on_prompt = view
        .resolution
        .awaiting
        .as_ref()
        .is_some_and(|q| !q.on_map());
    if ui.blocked || on_prompt || ui.watching {
        return Shown::Nothing;
    }
    let Some(active) = view.acting() else {
        return Shown::Nothing;
    };
    let snap = view.snapshot();
    let Some(me) = snap.get(active) else {
        return Shown::Nothing;
    };
    match ui.mode {
        Mode::Move => Shown::Tiles(walk(view, snap, active)),
        Mode::Face | Mode::Step(_) => Shown::Tiles(None),
        Mode::Target(kind) => Shown::Targets(kind, targets(view, &snap, me, kind, ui)),
        Mode::Delay => Shown::Delay(delay_targets(view, &snap, me)),
    }
}

/// Where `mover` can walk, if it can move at all.
fn walk(view: &BattleView, snap: Snapshot, mover: Entity) -> Option<Box<Walk>> {
    let v = view.view(&snap);
    let me = snap.get(mover)?;
    v.ctx.can_move(me).ok()?;
    let reach = v.ctx.reachable(me);
    let shades = reach
        .tiles()
        .map(|(p, cost)| (p, v.ctx.ap_for_cost(me, cost).min(3) as usize))
        .collect();
    let start = me.pos;
    Some(Box::new(Walk {
        snap,
        mover,
        start,
        reach,
        shades,
        moves: HashMap::new(),
    }))
}

/// Every combatant the action may target now, with its preview, in roster order.
fn targets(
    view: &BattleView,
    snap: &Snapshot,
    me: &UnitSnap,
    kind: ActionKind,
    ui: &UiState,
) -> Vec<(Pos, Preview)> {
    let v = view.view(snap);
    snap.units
        .iter()
        .filter_map(|u| {
            let cmd = ui.command_in(&v, kind, &me.name, &u.name)?;
            preview(&v, &cmd).ok().map(|p| (u.pos, p))
        })
        .collect()
}

/// The combatants `me` may delay after.
fn delay_targets(view: &BattleView, snap: &Snapshot, me: &UnitSnap) -> Vec<Pos> {
    let v = view.view(snap);
    snap.units
        .iter()
        .filter(|u| {
            let cmd = Command::Delay {
                unit: me.name.to_string(),
                until: DelayUntil::After(u.name.to_string()),
            };
            preview(&v, &cmd).is_ok()
        })
        .map(|u| u.pos)
        .collect()
}

/// The state layer: the reachable tiles, the targets with their labels, or the delay marks.
fn draw_state(commands: &mut Commands, geo: &MapGeometry, shown: &Shown, hovered: Option<Pos>) {
    match shown {
        Shown::Nothing | Shown::Tiles(None) => {}
        Shown::Tiles(Some(walk)) => {
            for &(p, ap) in &walk.shades {
                let size = TILE * 0.94;
                tile_sprite(commands, geo, p, SHADES[ap], size, Z_HIGHLIGHT, StateLayer);
            }
        }
        Shown::Targets(kind, targets) => {
            for (pos, p) in targets {
                let shade = TargetShade {
                    pos: *pos,
                    kind: *kind,
                };
                let colour = target_colour(*kind, hovered == Some(*pos));
                let size = TILE * 0.94;
                tile_sprite(
                    commands,
                    geo,
                    *pos,
                    colour,
                    size,
                    Z_HIGHLIGHT,
                    (StateLayer, shade),
                );
                let text = preview_label(*kind, p);
                let at = LabelAt {
                    p: *pos,
                    below_first: false,
                    rank: RANK_TARGETS,
                };
                let colour = label_colour(hovered == Some(*pos));
                label(commands, geo, at, text, colour, (StateLayer, shade));
            }
        }
        Shown::Delay(tiles) => {
            let colour = Color::srgba(0.6, 0.5, 1.0, 0.35);
            for &p in tiles {
                tile_sprite(
                    commands,
                    geo,
                    p,
                    colour,
                    TILE * 0.94,
                    Z_HIGHLIGHT,
                    StateLayer,
                );
            }
        }
    }
}

/// A target's label: the hovered one's stands out, so that in a crowd it is plain whose
/// label is whose.
fn label_colour(hovered: bool) -> Color {
    if hovered {
        Color::srgb(1.0, 0.9, 0.35)
    } else {
        Color::WHITE
    }
}

/// A target's shade.
fn target_colour(kind: ActionKind, hovered: bool) -> Color {
    if kind == ActionKind::Stabilize {
        Color::srgba(0.3, 1.0, 0.4, 0.35)
    } else {
        Color::srgba(1.0, 0.25, 0.2, if hovered { 0.5 } else { 0.3 })
    }
}

/// What the hover layer was drawn for: the cache's generation, the tile hovered, the facing
/// chosen for a move.
/// What the hover layer shows: the state's generation, the tile hovered, the facing chosen
/// for a move, and whether the pointer has rested there (`from_here`).
type HoverKey = (u64, Option<Pos>, Option<(Pos, Dir8)>, bool);

/// Redraw the hover layer from the cache when the hovered tile or the state changed.
#[allow(clippy::too_many_arguments)]
fn draw_hover(
    mut commands: Commands,
    old: Query<Entity, With<HoverLayer>>,
    mut shades: Query<(&TargetShade, &mut Sprite)>,
    mut target_labels: Query<(&TargetShade, &mut TextColor)>,
    ui: Res<UiState>,
    view: BattleView,
    geo: Res<MapGeometry>,
    mut cache: ResMut<OverlayCache>,
    mut drawn: Local<Option<HoverKey>>,
    mut from_here: super::from_here::FromHere,
) {
    // A facing chosen for the move (R) redraws it too.
    let rested = from_here.rested(ui.hovered);
    let now = (cache.generation, ui.hovered, ui.planned_facing, rested);
    if *drawn == Some(now) {
        return;
    }
    *drawn = Some(now);
    for e in &old {
        commands.entity(e).despawn();
    }
    from_here.clear();
    for (shade, mut sprite) in &mut shades {
        let colour = target_colour(shade.kind, ui.hovered == Some(shade.pos));
        if sprite.color != colour {
            sprite.color = colour;
        }
    }
    for (shade, mut text) in &mut target_labels {
        text.set_if_neq(TextColor(label_colour(ui.hovered == Some(shade.pos))));
    }
    let Some(h) = ui.hovered else { return };
    if let Mode::Step(action) = ui.mode
        && draw_tile_command(&mut commands, &geo, &view, action, h)
    {
        return;
    }
    match &mut cache.shown {
        Shown::Nothing | Shown::Delay(_) => {}
        Shown::Tiles(walk) => {
            let walk = walk.as_deref_mut();
            draw_walk_hover(&mut commands, &geo, &view, &ui, walk, h, &mut from_here)
        }
        Shown::Targets(_, targets) => {
            for (_, p) in targets.iter().filter(|(pos, _)| *pos == h) {
                if let Some(push) = &p.push {
                    draw_push(&mut commands, &geo, push);
                }
                if let Some(t) = &p.teleport {
                    draw_teleport(&mut commands, &geo, t);
                }
            }
        }
    }
}

/// Moving or facing: the path to the hovered tile with its cost, the front arc and the
/// attacks the move leads to (`from_here`), then the hover mark.
fn draw_walk_hover(
    commands: &mut Commands,
    geo: &MapGeometry,
    view: &BattleView,
    ui: &UiState,
    walk: Option<&mut Walk>,
    h: Pos,
    from_here: &mut super::from_here::FromHere,
) {
    if let Some(walk) = walk {
        let (start, mover) = (walk.start, walk.mover);
        if let Some((path, p)) = walk.move_to(view, h).cloned() {
            draw_path(commands, geo, start, h, &path, &p);
            from_here.draw(
                commands,
                geo,
                view,
                ui,
                (&walk.snap, mover),
                (start, &path, &p),
            );
        }
    }
    tile_sprite(
        commands,
        geo,
        h,
        HOVER_MARK,
        TILE,
        Z_HIGHLIGHT + 0.1,
        HoverLayer,
    );
}

/// The steps of a path (red where they provoke), and its cost and the attacks it provokes.
fn draw_path(
    commands: &mut Commands,
    geo: &MapGeometry,
    start: Pos,
    to: Pos,
    path: &[Pos],
    p: &Preview,
) {
    let provoking: Vec<Pos> = p.reactions.iter().map(|r| r.at).collect();
    let mut prev = start;
    for step in path {
        let c = if provoking.contains(&prev) {
            Color::srgb(1.0, 0.3, 0.25)
        } else {
            Color::srgb(1.0, 1.0, 1.0)
        };
        tile_sprite(
            commands,
            geo,
            *step,
            c,
            TILE * 0.18,
            Z_HIGHLIGHT + 0.2,
            HoverLayer,
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
        let who: Vec<&str> = p.reactions.iter().map(|r| r.reactor.as_str()).collect();
        text.push_str(&format!("\n! provokes {}", who.join(", ")));
    }
    let colour = if p.reactions.is_empty() {
        Color::WHITE
    } else {
        Color::srgb(1.0, 0.5, 0.45)
    };
    let at = LabelAt {
        p: to,
        below_first: false,
        rank: RANK_PATH,
    };
    label(commands, geo, at, text, colour, HoverLayer);
}

/// The rulebook's own command on the hovered tile, for an action of its own that picks a
/// tile (Seed003's Drag): the tiles it walks and its label. False when it has none.
fn draw_tile_command(
    commands: &mut Commands,
    geo: &MapGeometry,
    view: &BattleView,
    action: ActionKind,
    h: Pos,
) -> bool {
    let snap = view.snapshot();
    let v = view.view(&snap);
    let Some(me) = view.acting().and_then(|e| snap.get(e)) else {
        return false;
    };
    let book = view.rules.0.rulebook.book();
    let Some(shown) = book.tile_command(&v, me, action, h) else {
        return false;
    };
    let colour = Color::srgba(0.4, 0.8, 1.0, 0.35);
    for step in &shown.path {
        tile_sprite(
            commands,
            geo,
            *step,
            colour,
            TILE * 0.5,
            Z_HIGHLIGHT + 0.2,
            HoverLayer,
        );
    }
    let colour = Color::srgb(0.7, 0.9, 1.0);
    label(commands, geo, below(h), shown.label, colour, HoverLayer);
    true
}

/// A hover label that goes under tile `p` if it can (over it the path's label may be).
fn below(p: Pos) -> LabelAt {
    LabelAt {
        p,
        below_first: true,
        rank: RANK_HOVER,
    }
}

/// Where a hit's teleport would land, and what landing on a creature would cost.
fn draw_teleport(commands: &mut Commands, geo: &MapGeometry, t: &TeleportPreview) {
    let colour = Color::srgba(0.6, 0.3, 1.0, 0.55);
    let z = Z_HIGHLIGHT + 0.3;
    tile_sprite(commands, geo, t.to, colour, TILE * 0.7, z, HoverLayer);
    let text = match &t.occupant {
        Some(o) => format!("teleport into {o}: {} dmg each, stays", t.damage),
        None => format!("{} teleports here", t.unit),
    };
    let colour = Color::srgb(0.8, 0.65, 1.0);
    label(commands, geo, below(t.to), text, colour, HoverLayer);
}

/// Where the hovered target would be pushed, and what a collision would cost.
fn draw_push(commands: &mut Commands, geo: &MapGeometry, push: &PushPreview) {
    let step_colour = Color::srgba(1.0, 0.6, 0.1, 0.35);
    for step in &push.path {
        let z = Z_HIGHLIGHT + 0.2;
        tile_sprite(commands, geo, *step, step_colour, TILE * 0.5, z, HoverLayer);
    }
    let end_colour = Color::srgba(1.0, 0.6, 0.1, 0.55);
    let z = Z_HIGHLIGHT + 0.3;
    tile_sprite(
        commands,
        geo,
        push.end,
        end_colour,
        TILE * 0.7,
        z,
        HoverLayer,
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
        let colour = Color::srgb(1.0, 0.75, 0.4);
        label(commands, geo, below(push.end), text, colour, HoverLayer);
    }
}
