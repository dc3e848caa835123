//! Moving: the tile worth moving to this turn (to strike from, to close in, or to pull back
//! to), its path priced by the reactions it provokes, and a Disengage first where it pays.

use super::Player;
use super::tactician::Tactician;
use crate::battle::assess::Ctx;
use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::preview::preview;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use std::cmp::Ordering;

/// A tile a unit could move to this turn, as `Tactician::best_move` weighs it.
struct Tile {
    /// What its strikes this turn from there are worth (0 for none).
    strikes: f64,
    safety: f64,
    aims: f64,
    pos: Pos,
    /// What a Disengage before the move (then it provokes no opportunity attack) takes
    /// from its strikes: nothing for a move that strikes nothing, where the AP pay for the
    /// Disengage and the way; for `Hard`'s move to a strike, what the AP it spends would
    /// have struck, where the AP left still pay for a strike. `None` where they do not,
    /// and for the other players' moves to a strike.
    disengaged: Option<f64>,
}

/// The share of that danger a unit that cannot strike yet weighs while it closes in.
const CLOSING_CAUTION: f64 = 0.25;

/// What the AP a Disengage takes is worth, when it spares a move those reactions.
const DISENGAGE_COST: f64 = 0.1;

/// A move must beat staying put by this much.
const MOVE_GAIN: f64 = 0.02;

/// Moving before striking must beat striking from here by this much.
const MOVE_FIRST_MARGIN: f64 = 0.05;

/// What closing in is worth beside an attack (it comes after any).
pub(super) const APPROACH_WORTH: f64 = 0.001;

/// The best tiles whose paths are previewed for the reactions they would provoke.
const SHORTLIST: usize = 6;

/// How `Tactician::best_move` weighs what a tile is worth to stand on (`standing`).
struct Weighing {
    /// Some tile lets the unit strike this turn: only those count, by their strikes.
    striking: bool,
    /// The unit pulls back to the safest tile (`Tactician::retreats`).
    retreat: bool,
    /// `Hard`'s unit has struck this turn: it is in the fight already.
    struck: bool,
    /// The side presses on after a standoff (`Tactician::presses_on`).
    pressing: bool,
}

impl Weighing {
    /// What standing on `p` is worth to `me`, from its `safety` and `aims`. A unit closing
    /// in weighs danger less, or two wary sides would never meet. Hard's unit that has
    /// struck this turn is in the fight already: it weighs danger in full. A side pressing
    /// on after a standoff closes in on the nearest enemy whatever the danger, an archer
    /// too: where it stands in range but out of sight it would wait.
    fn standing(&self, t: &Tactician, me: &UnitSnap, p: Pos, safety: f64, aims: f64) -> f64 {
        if self.pressing {
            t.aims(me, p, false)
        } else if self.striking || self.retreat || self.struck {
            safety + aims
        } else {
            CLOSING_CAUTION * safety + aims
        }
    }
}

/// The order of ranked tiles: by score, then (among equals) the tile nearer the grid's
/// top, then its left.
fn tile_order(a: &(f64, Pos), b: &(f64, Pos)) -> Ordering {
    a.0.total_cmp(&b.0)
        .then(b.1.y.cmp(&a.1.y))
        .then(b.1.x.cmp(&a.1.x))
}

impl Tactician<'_, '_> {
    /// Where to move, with what the move is worth (on the scale of the attacks it leads
    /// to). A unit that can strike after moving picks the tile whose strikes this turn are
    /// worth the most (flanking, cover and focus fire all show in the preview from there),
    /// and moves only when that beats striking from where it stands. One that cannot strike
    /// closes in, or heads for the objective, by the safest way. A badly wounded one that
    /// cannot put an enemy Down pulls back to the safest tile, and so does `Hard`'s unit
    /// whose side must survive (`holds_out`).
    pub(super) fn best_move(
        &self,
        me: &UnitSnap,
        attack_here: Option<f64>,
    ) -> Option<(f64, Command)> {
        let ctx = &self.view.ctx;
        let retreat = self.retreats(me, attack_here);
        let strikes_here = attack_here.unwrap_or(0.0) * self.attacks_left(me, me.ap).max(1) as f64;
        let ranged = me
            .stats
            .weapons
            .iter()
            .enumerate()
            .any(|(i, w)| !w.is_melee() && ctx.rules.rulebook.book().loaded(me, i));
        let tiles = self.tiles_to_move_to(me, retreat, ranged)?;
        let striking = tiles.iter().any(|t| t.strikes > 0.0);
        let struck = self.player == Player::Hard && me.attacks > 0;
        let pressing = !striking && !retreat && !struck && self.presses_on(me);
        let weighing = Weighing {
            striking,
            retreat,
            struck,
            pressing,
        };
        let here_standing = weighing.standing(
            self,
            me,
            me.pos,
            self.safety(me, &self.threat(me, me.pos), retreat),
            self.aims(me, me.pos, ranged),
        );
        let ranked = self.ranked_tiles(me, &tiles, &weighing);
        let ((score, to), disengaging) = self.best_way(me, ranked, striking)?;
        // Under activations a move is the side's one action: the strike waits for another
        // activation, so a unit that can strike from here does.
        let one_action = ctx.rules.rulebook.book().activations();
        let worth = if striking {
            // Better than striking from here, or nothing.
            let better = score > strikes_here + here_standing + MOVE_FIRST_MARGIN;
            (attack_here.is_none() || (better && !one_action)).then_some(score - here_standing)?
        } else {
            // Closing in (or pulling back) is worth a little, after any attack.
            (score > here_standing + MOVE_GAIN).then_some(APPROACH_WORTH + score - here_standing)?
        };
        Some((
            worth,
            if disengaging {
                Command::Disengage {
                    unit: me.name.to_string(),
                }
            } else {
                move_to(me, to)
            },
        ))
    }

    /// Every tile `me` could move to this turn (free, and within its AP), each with what its
    /// strikes from there are worth (none for a unit that pulls back), its safety and its
    /// aims. `None` where `me` is not in the snapshot.
    fn tiles_to_move_to(&self, me: &UnitSnap, retreat: bool, ranged: bool) -> Option<Vec<Tile>> {
        let ctx = &self.view.ctx;
        let reach = ctx.reachable(me);
        let mut snap: Snapshot = ctx.snap.clone();
        let i = snap.units.iter().position(|u| u.entity == me.entity)?;
        let disengage_ap = ctx.rules.cost(ActionKind::Disengage);
        let mut tiles: Vec<Tile> = Vec::new();
        for (p, cost) in reach.tiles() {
            if p == me.pos || ctx.snap.at(p).is_some() {
                continue;
            }
            let ap = ctx.ap_for_cost(me, cost);
            if ap > me.ap {
                continue;
            }
            let threat = self.threat(me, p);
            let (safety, aims) = (self.safety(me, &threat, retreat), self.aims(me, p, ranged));
            // A Disengage first, for a move that strikes nothing: the AP for it and the way.
            let free_way = disengage_ap.filter(|d| ap + d <= me.ap).map(|_| 0.0);
            let (strikes, disengaged) = if retreat {
                (0.0, free_way)
            } else {
                let best = self.best_attack_from(&mut snap, i, p, me.ap - ap);
                let left = (me.ap - ap).saturating_sub(self.defence_reserve(&threat));
                self.strikes_with(me, best, left, free_way)
            };
            tiles.push(Tile {
                strikes,
                safety,
                aims,
                pos: p,
                disengaged,
            });
        }
        Some(tiles)
    }

    /// The worth of the best attack the unit at `snap.units[i]` could make from tile `p`
    /// with `ap_left` AP (0 for none): `snap` is moved there.
    fn best_attack_from(&self, snap: &mut Snapshot, i: usize, p: Pos, ap_left: u32) -> f64 {
        let ctx = &self.view.ctx;
        snap.units[i].pos = p;
        snap.units[i].ap = ap_left;
        let there = View {
            ctx: Ctx {
                snap: &*snap,
                ..*ctx
            },
            ..*self.view
        };
        self.best_attack(&there, &snap.units[i])
            .map_or(0.0, |a| a.0)
    }

    /// What a tile's strikes are worth, each worth `best`, with the `left` AP they may take;
    /// and what a Disengage before the move takes from them (`Tile::disengaged`): for a move
    /// that strikes nothing, `free_way`.
    fn strikes_with(
        &self,
        me: &UnitSnap,
        best: f64,
        left: u32,
        free_way: Option<f64>,
    ) -> (f64, Option<f64>) {
        let disengage_ap = self.view.ctx.rules.cost(ActionKind::Disengage);
        let strikes = |left: u32| best * self.attacks_left(me, left) as f64;
        let disengaged = if strikes(left) > 0.0 {
            // Hard: what a Disengage first takes from the strikes, where one is left.
            disengage_ap
                .filter(|_| self.player == Player::Hard)
                .and_then(|d| left.checked_sub(d))
                .filter(|after| self.attacks_left(me, *after) > 0)
                .map(|after| strikes(left) - strikes(after))
        } else {
            free_way
        };
        (strikes(left), disengaged)
    }

    /// The tiles worth considering, best first: striking tiles (where there are any) by
    /// their strikes and standing, the rest by standing.
    fn ranked_tiles<'t>(
        &self,
        me: &UnitSnap,
        tiles: &'t [Tile],
        weighing: &Weighing,
    ) -> Vec<(f64, &'t Tile)> {
        let striking = weighing.striking;
        // Striking tiles are ranked by their strikes and standing; the rest by standing.
        let rank = |t: &Tile| {
            let s = weighing.standing(self, me, t.pos, t.safety, t.aims);
            if striking { t.strikes + s } else { s }
        };
        let mut ranked: Vec<(f64, &Tile)> = tiles
            .iter()
            .filter(|t| !striking || t.strikes > 0.0)
            .map(|t| (rank(t), t))
            .collect();
        ranked.sort_by(|a, b| tile_order(&(b.0, b.1.pos), &(a.0, a.1.pos)));
        ranked
    }

    /// The best way among the best few tiles of `ranked`: each priced by the reactions its
    /// path would provoke, unless the unit can Disengage first with AP left for the way
    /// (`Tile::disengaged`). Its score and tile, and whether to Disengage first.
    fn best_way(
        &self,
        me: &UnitSnap,
        ranked: Vec<(f64, &Tile)>,
        striking: bool,
    ) -> Option<((f64, Pos), bool)> {
        let disengage = Command::Disengage {
            unit: me.name.to_string(),
        };
        // Asked only of a path that provokes.
        let can_disengage = || preview(self.view, &disengage).is_ok();
        let priced = !(striking && self.presses_on(me));
        ranked
            .into_iter()
            .take(SHORTLIST)
            .filter_map(|(score, tile)| {
                let p = tile.pos;
                let reactions = preview(self.view, &move_to(me, p)).ok()?.reactions;
                let price: f64 = if priced {
                    reactions.iter().map(|r| self.reaction_price(me, r)).sum()
                } else {
                    0.0
                };
                let paid = score - price;
                // A Disengage first spares every reaction a walk provokes (`move_reactions`),
                // for the strikes it takes (`Tile::disengaged`).
                let spare = !reactions.is_empty() && tile.disengaged.is_some() && can_disengage();
                let freed = score - DISENGAGE_COST - tile.disengaged.unwrap_or(0.0);
                Some(if spare && freed > paid {
                    ((freed, p), true)
                } else {
                    ((paid, p), false)
                })
            })
            .max_by(|a, b| tile_order(&a.0, &b.0))
    }
}

/// A move of `me` to `to`.
pub(super) fn move_to(me: &UnitSnap, to: Pos) -> Command {
    Command::Move {
        unit: me.name.to_string(),
        to,
    }
}
