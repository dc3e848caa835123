//! The computer player at three strengths, beside the greedy baseline of `ai.rs` (kept as it
//! is, to measure against). Each command is chosen afresh from the battle as it stands,
//! through the exact previews a player sees, and nothing here draws dice: the same battle
//! gives the same command.
//! - Every strength values an attack by the share of the target it takes out: the chance
//!   to put it Down, and the expected damage as a share of what it has left. Wounded
//!   enemies are worth more to strike (focus fire).
//! - `Normal` and `Hard` choose where to move by what they could do from each tile they can
//!   reach (the preview from there, so flanking and cover count), the enemies that could
//!   strike them there (less those it has cover against), the reactions the path would
//!   provoke, and the level's objectives. A badly wounded unit weighs danger more and pulls
//!   back, unless a sound ally fights next to an enemy (then it fights on beside it). The
//!   enemies that could strike a tile are those that could walk into reach of it next
//!   turn with a fresh turn's movement, the AP an attack needs kept back (`StrikeZone`).
//!   A unit that strikes nothing this turn and whose way out of an enemy's reach
//!   would provoke it Disengages first, when it has the AP.
//! - `Hard`'s side that must survive to a round still to come (`Survive`) keeps away from
//!   the enemy, each unit to its safest tile, striking only a blow worth the risk.
//! - `Hard` also shoves enemies into walls, chasms and each other when the collision pays,
//!   or where the pushed enemy (Unguarded) draws its allies' swift attacks, counts the same
//!   for its weapon's push (a maul's knock-back) when the blow lands, trips an enemy where
//!   the blows on it Prone before its next turn gain more than a blow now,
//!   stabilizes a bleeding ally (one that is Down, and so out of the battle, only when it
//!   has nothing better to do), weighs each target by how hard it hits, and counts what a
//!   ranged miss may do to the creature in the way (an ally or an enemy), and prices each
//!   attack a move would provoke by what it is expected to take out of the mover (a frail
//!   unit keeps out of a heavy blow that a sound one walks through). A unit of its
//!   that has struck this turn weighs danger in full when it moves on. Where a turn pays
//!   for several attacks, it counts an enemy that must walk to strike a tile by the blows
//!   the AP left would pay for (`blows_share`). It counts a turn's blows within the rules'
//!   attacks a round, less those the unit has made this round (RULES §3, Attack limit
//!   [001]: `attacks_paid`, `attacks_left_of`). Under Seed004 it
//!   declines a Dodge whose dice cannot beat the attack's total. Its unit whose way to a
//!   strike would provoke an opportunity attack Disengages first where the AP still pay
//!   for the strike (Core: Disengage 1, the walk free, the attack 2), and its Prone units
//!   stand up first where standing provokes nothing. It Sprints where the walk the
//!   sprinted pool buys beats its other options (`sprint.rs`), Charges an enemy into a
//!   wall, a chasm or another creature where the push pays for the run (`charge.rs`), and
//!   its Restrained unit Escapes where the hold costs it more than the AP (`escape.rs`).
//!   Where its choice is a walk, with nothing to strike, that would end where an enemy
//!   still to act this round (one with no ranged weapon) could walk in and strike it
//!   first, and none of the enemies
//!   acting before that one could strike it where it stands, it Delays until after the
//!   last such enemy (RULES §3, `delay.rs`): that enemy moves first, and the unit walks
//!   (or strikes) after it and acts again before it next round. It
//!   Grabs an adjacent enemy where the contest's chance times what the hold is worth (what
//!   it takes from that enemy's next blow, a walk to any unit of ours counted, and what it
//!   adds to the blows on it, the grabber's own at Grappling's disadvantage) beats its other
//!   options, Releases a hold worth less than the grappler's turn free of it, and counts the
//!   hold against a walk that ends it (`grabs.rs`). Under Seed003 it weighs
//!   Quick and Strong Attacks beside the Standard one, each by what it takes out per AP,
//!   acts out of turn (I4) with a blow worth it or moves out of a declared blow's reach
//!   (`blow_worth`), Seizes Initiative with AP its turn's end would lose
//!   (`Rulebook::hard_spare_ap`), Grapples then Pins where the blows on the Pinned enemy
//!   gain more than the blows the 8 AP forgo (`hold_worth`, through `hard_options`), its
//!   Pinned unit Escapes, its trips count each ally's blows by the AP it holds
//!   (`Tactician::turn_ap`: Seed003's AP carry over), and it Dashes in place of a walk
//!   where the walk at the doubled rate is worth more (`walk_worth`, through
//!   `hard_instead_of_walk`), drags an enemy it holds into its allies' reach
//!   (`allies_blows_on`, through `hard_options`), and Shoves in the direction and to the
//!   distance whose push pays (its preview's push for each, `push_worth`, the collision's
//!   wound through `Rulebook::collision_worth`), and changes posture where it pays
//!   (`best_blow_on_any`, through `hard_options`: down where no melee enemy could reach
//!   the unit within two turns, up where one comes); under Seed002 it steps in (agile
//!   steps) and strikes in one activation, and its won Seize weighs its best attack
//!   against a Shift out of the declared blow's reach (the rulebooks' `hard_answer`,
//!   through `attack_worth_of` and `provoked_price`), Defends against the enemy blow its
//!   Defend blunts the most, takes a Swift Attack as its action on an Unguarded enemy
//!   (`Rulebook::hard_options`, `computer_attacks`), catches its breath with Energy
//!   nothing else would spend (`hard_spare_ap`), gets up from Prone (Kneel, then Stand)
//!   where standing spares it more than the Swift Attacks its Kneel draws (`hard_options`),
//!   and Sprints in place of a full Run where the tile only the Sprint reaches is worth
//!   more (`hard_instead_of_walk`, through `walk_worth`), and Shifts for Agility in place
//!   of a one-metre Run where the Agility buys no agile step. Under Seed000 it holds an attack
//!   for a melee enemy that will walk in to strike it rather than walk into that enemy's
//!   reach with the AP the blow needs, or with AP its turn's end would lose
//!   (`steps_within_reach`, `Rulebook::hard_instead_of_walk`), and under Seed004 it
//!   readies a blow on the same grounds for an enemy that must step into its reach, and
//!   cuts a walk of both its actions that would end within an enemy's blows short, to where
//!   that enemy would step into its reach, to ready with the action kept (all through
//!   `lying_in_wait.rs`). Under Seed000 it also Disarms an adjacent enemy where
//!   the contest's chance times what the weapon's blows are worth to each side (the
//!   enemy's lost, the taker's gained, the chance it is taken back) beats a blow
//!   (`Rulebook::hard_options`, through `hit_worth`), Switches Places with an adjacent
//!   ally where the blows the swapper then strikes and what the swap spares each of the
//!   two (`exposure`: a frail unit out of the enemies' reach, a sound one into it) beat its
//!   other options, and Hides, its walk done and out of every enemy's sight, where the
//!   Hide's chance times what advantage adds to the blow it would strike next turn, with
//!   the weapon that would strike from where it reaches (`next_blow.rs`), and the
//!   blows it spares beats walking on with its AP (`hard_options`, `hard_spare_ap`); under Seed001 it picks up its own
//!   dropped weapon (Manipulate) where what the weapon adds to its blows for two turns
//!   beats the blow the AP forgo (both through `weapon_worth.rs`'s `best_blow`).
//! - `Easy` values attacks like the others, but walks like the greedy player.
//! - Under Seed001, where each defence costs 1 AP and the AP come back each round, a unit
//!   an enemy still to act this round could strike keeps its last AP for a defence unless
//!   it attacks with it; `Hard` ranks such a tile by the attacks it pays for with an AP kept
//!   back for a defence, and, struck before its own turn, meets the blow only when the
//!   defence spares more than the AP is worth then. After a critical win of its own,
//!   attacker or defender, `Hard` takes the maneuver worth the most (`acts_before` counts
//!   the blows on the loser before its turn) where the greedy answer takes Precision, else
//!   Trips.
//! - After round 10, a side at least as strong as its enemies walks into the reactions its
//!   strikes provoke rather than wait for an enemy that waits too.
//! - All three load an empty ranged weapon when they have nothing to strike with, and turn
//!   to face the nearest enemy before they end a turn; `Hard` turns to keep the most
//!   menace of the enemies able to strike it in its front arc, and the least able to walk
//!   round to its rear.
//!
//! The planner (`planner.rs`) weighs each unit's options; each tactic is its own file:
//! attacks (`attacks.rs`, and those only the rulebook in force has: `Rulebook::computer_attacks`), moving (`moving.rs`, with
//! `aims.rs` and `retreat.rs`, and Sprint: `sprint.rs`), pushes (`pushes.rs`, and Charge:
//! `charge.rs`), trips (`trips.rs`), Escape (`escape.rs`), Grab and Release (`grabs.rs`),
//! aid (`aid.rs`), Defend and Take
//! Cover (`defend.rs`), Delay (`delay.rs`), standing up and loading (`readying.rs`),
//! facing (`facing.rs`),
//! lying in wait for an enemy that will walk in (`lying_in_wait.rs`, for the rulebooks'
//! held and readied attacks), Seed001's AP kept for a defence (`reserve.rs`) and the
//! answers given outside a turn
//! (`answers.rs`). They read the threat map (`threat.rs`, `strike_zone.rs`) and what blows
//! are worth (`worth.rs`, `provoked.rs`), through the `Tactician` (`tactician.rs`).

mod aid;
pub mod aims;
mod attacks;
mod charge;
mod defend;
mod delay;
mod escape;
mod facing;
mod grabs;
pub mod lying_in_wait;
mod moving;
pub mod next_blow;
mod planner;
mod provoked;
mod pushes;
mod readying;
mod reserve;
mod retreat;
mod sprint;
mod strike_zone;
mod tactician;
mod threat;
mod trips;
mod weapon_worth;
mod worth;

pub use attacks::hit_worth;
pub use planner::next_command;
pub use trips::with_condition;
pub use weapon_worth::{best_blow, blow_at, turns_of_blows, weapon_turns_worth};
pub use worth::{DAMAGE_SHARE_WEIGHT, share_of, success_chance, with_best_weapon};

use crate::battle::command::View;
use crate::battle::events::Command;
use crate::battle::preview::Preview;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::level::schema::AiLevel;
use crate::rules::actions::ActionKind;
use crate::rules::ruleset::ConditionKind;

/// The attack `player` would make with `me` now and its worth, on the scale the planner
/// weighs every option by (`Tactician::best_attack`: its chance to put the target Down and
/// the harm's share, `Hard` weighing each target by how hard it hits). For a rulebook's
/// answers outside a turn: Seed003's out-of-turn window, Seed002's seized action.
pub fn attack_worth_of(view: &View, me: &UnitSnap, player: Player) -> Option<(f64, Command)> {
    let t = tactician::Tactician::new(view, player);
    t.best_attack(view, me)
}

/// How a line holds an enemy: in condition `kind` (Seed003's Pinned), with `chance`, and
/// the AP it costs the enemy on its next turn to get free (`denied_ap`: an Escape's);
/// `lasting` where the hold stays until an Escape succeeds (Seed003's Pin, C4, C6), so that
/// a failed Escape costs the enemy its turn and the blows on it go on another round.
pub struct Hold {
    pub kind: ConditionKind,
    pub chance: f64,
    pub denied_ap: u32,
    pub lasting: bool,
}

/// What a line that holds enemy `t` (`hold`) is worth to `me`, on the planner's scale: the
/// hold's chance times what it adds to the melee blows on `t` before its next turn
/// (`Tactician::held_gain`, as `Hard` weighs a Trip: `me`'s with `ap_left` AP and each
/// ally's whose turn comes first, in battle `snap`; `t` weighed by how hard it hits) and
/// the blows `t`'s next turn loses to getting free (`blows_lost`), plus the blows `ap_left`
/// still pays for (`me`'s best attack now, each). A `lasting` hold also counts what it
/// brings should `t`'s Escape fail (`Tactician::escape_chance`): the rest of `t`'s blows
/// that turn, and what it adds to a round of blows after it (`Tactician::held_gain` over `HoldSpan::RoundAfter`: each
/// ally's, `me`'s with `ap_left`). Beside an attack's option (its worth times the blows all
/// the AP pay for), the line wins where the hold gains more than the blows its AP forgo.
/// For Seed003's Grapple and Pin.
pub fn hold_worth(
    view: &View,
    snap: &Snapshot,
    (me, t): (&UnitSnap, &UnitSnap),
    ap_left: u32,
    hold: &Hold,
) -> f64 {
    let tac = tactician::Tactician::new(view, Player::Hard);
    let now = view.ctx.snap.get(me.entity).unwrap_or(me);
    let blow = tac.best_attack(view, now).map_or(0.0, |a| a.0);
    let menace = tac.menace_weight(me, t);
    let lost = tac.blows_lost(snap, t, hold.denied_ap);
    let mut gain =
        menace * tac.held_gain(snap, me, t, (ap_left, trips::HoldSpan::ItsTurn), hold.kind) + lost;
    let kept = if hold.lasting {
        1.0 - tac.escape_chance(snap, t, hold.kind)
    } else {
        0.0
    };
    if kept > 0.0 {
        let whole_turn = tac.blows_lost(snap, t, u32::MAX);
        let round = menace
            * tac.held_gain(
                snap,
                me,
                t,
                (ap_left, trips::HoldSpan::RoundAfter),
                hold.kind,
            );
        gain += kept * (whole_turn - lost + round);
    }
    hold.chance * gain + f64::from(tac.attacks_left(now, ap_left)) * blow
}

/// What the push in preview `p` (a rulebook's own shove's) is worth against `t` once it
/// lands, on the planner's scale (`Tactician::push_worth`: the collision's share of `t` and
/// of an able enemy it is pushed into, and the swift attacks it draws), less the share a
/// collision takes of a unit of `me`'s side it is pushed into. `None` for no push.
pub fn push_worth(view: &View, me: &UnitSnap, t: &UnitSnap, p: &Preview) -> Option<f64> {
    let tac = tactician::Tactician::new(view, Player::Hard);
    let ctx = &view.ctx;
    let worth = tac.push_worth(ctx, me, t, p)?;
    let own = p
        .push
        .as_ref()
        .and_then(|push| push.collision.as_ref()?.occupant.as_ref())
        .and_then(|o| Some((ctx.snap.by_name(&o.name)?, o.on_failure.1)))
        .filter(|(u, _)| u.side == me.side)
        .map_or(0.0, |(u, damage)| pushes::collision_share(ctx, u, damage));
    Some(worth - own)
}

/// The melee blows `me`'s allies make on enemy `t` in battle `snap` before `t`'s next turn
/// (`blows_on`), `t` weighed by how hard it hits. For Seed003's Drag, beside the same in the
/// battle as it would stand after.
pub fn allies_blows_on(view: &View, snap: &Snapshot, me: &UnitSnap, t: &UnitSnap) -> f64 {
    let tac = tactician::Tactician::new(view, Player::Hard);
    let allies: Vec<&UnitSnap> = snap.allies_of(me).collect();
    tac.menace_weight(me, t) * blows_on(view, snap, &allies, t, true)
}

/// The blows `strikers` make on `t` in battle `snap` before `t`'s next turn (each able one
/// whose turn comes first, with the AP it holds, from where it stands; with melee weapons
/// only where `melee_only`), on the planner's scale. For Seed003's Drag.
pub fn blows_on(
    view: &View,
    snap: &Snapshot,
    strikers: &[&UnitSnap],
    t: &UnitSnap,
    melee_only: bool,
) -> f64 {
    let tac = tactician::Tactician::new(view, Player::Hard);
    strikers
        .iter()
        .filter(|a| a.able() && tac.acts_before(a, t))
        .map(|a| {
            let (s, turn) = tac.turn_of(snap, a, false);
            let n = tac.turn_attacks(tac.turn_ap(a));
            f64::from(n) * tac.best_blow(&s, &turn, a, t, melee_only)
        })
        .sum()
}

/// The best blow `a` could strike on any of `targets` in battle `snap` on a turn of its own
/// holding `ap` AP, from where it stands (each attack through its preview; melee weapons
/// only where `melee_only`), on the planner's scale; 0 where it has none. For Seed003's
/// Change Posture, which weighs what a posture spares its whole side: a shot denied one
/// target goes to the next best.
pub fn best_blow_on_any(
    view: &View,
    snap: &Snapshot,
    a: &UnitSnap,
    targets: &[&UnitSnap],
    ap: u32,
    melee_only: bool,
) -> f64 {
    let tac = tactician::Tactician::new(view, Player::Hard);
    let (mut s, turn) = tac.turn_of(snap, a, false);
    if let Some(x) = s.units.iter_mut().find(|x| x.entity == a.entity) {
        x.ap = ap;
    }
    targets
        .iter()
        .map(|t| tac.best_blow(&s, &turn, a, t, melee_only))
        .fold(0.0, f64::max)
}

/// Whether `a` takes a turn before `t`'s next one (`Tactician::acts_before`: still to act
/// this round ahead of `t`, or, `t` done this round, ahead of it in the order). For Seed001's
/// maneuvers, weighed by the blows on the loser before it acts.
pub fn acts_before(view: &View, a: &UnitSnap, t: &UnitSnap) -> bool {
    let tac = tactician::Tactician::new(view, Player::Hard);
    tac.acts_before(a, t)
}

/// How many attacks `ap` pays for in a turn of a unit that has made no attack this round (a
/// turn to come, next round): the attacks the AP buy (an attack's AP cost, at least 1), no
/// more than the rules' attacks a round (RULES §3, Attack limit [001]: 2 under Core and
/// Seed001; the rulebooks without a limit allow `MAX_RULESET_COUNT`). For the rulebooks' own
/// tactics; `Tactician::turn_attacks` is the same for `Hard`. For a unit's turn now,
/// `attacks_left_of`.
pub fn attacks_paid(view: &View, ap: u32) -> u32 {
    ap_attacks(view, ap).min(view.ctx.rules.attacks_per_round)
}

/// How many attacks `u` may still make this round with `ap`: `attacks_paid`, less the
/// attacks (actions and reactions) it has made this round (RULES §3, Attack limit [001]).
/// `Tactician::attacks_left` is the same for `Hard`.
pub fn attacks_left_of(view: &View, u: &UnitSnap, ap: u32) -> u32 {
    let rules = view.ctx.rules;
    attacks_paid(view, ap).min(rules.attacks_per_round.saturating_sub(u.attacks))
}

/// How many attacks `ap` buys, the attack limit aside (an attack's AP cost, at least 1):
/// what `Normal` and `Easy` count.
pub(super) fn ap_attacks(view: &View, ap: u32) -> u32 {
    let cost = view.ctx.rules.cost(ActionKind::Attack);
    ap / cost.unwrap_or(1).max(1)
}

/// `Hard`'s best walk for `me` in battle `snap` and its worth, on the planner's scale
/// (`Tactician::best_move`; `beside_attack`: weighed beside its best attack from where it
/// stands, as the planner weighs a move). For a rulebook's walks of its own, each beside
/// the walk without it: Seed002's Sprint, Seed003's Dash.
pub fn walk_worth(
    view: &View,
    snap: &Snapshot,
    me: &UnitSnap,
    beside_attack: bool,
) -> Option<(f64, Command)> {
    let on = View {
        ctx: crate::battle::assess::Ctx { snap, ..view.ctx },
        ..*view
    };
    let tac = tactician::Tactician::new(&on, Player::Hard);
    let me = snap.get(me.entity)?;
    let here = if beside_attack {
        tac.best_attack(&on, me).map(|a| a.0)
    } else {
        None
    };
    tac.best_move(me, here)
}

/// Whether the melee enemy `e` would likely step within `reach` of `me` before `me`'s next
/// turn, as `Hard`'s threat map reads it: it could walk to strike `me` where it stands (its
/// `StrikeZone`), and its own reach is no longer than `reach`. For Seed000's held attack.
pub fn steps_within_reach(view: &View, me: &UnitSnap, e: &UnitSnap, reach: u32) -> bool {
    let t = tactician::Tactician::new(view, Player::Hard);
    t.steps_within(e, me.pos, reach) == Some(true)
}

/// The share of `u` the enemies able to strike tile `p` next turn could take there, as
/// `Hard`'s threat map reads it (`Tactician::exposure`: half their blows' mean damage
/// against what `u` has left, at most 1). For Seed000's Switch Places, which moves two
/// units at once.
pub fn exposure(view: &View, u: &UnitSnap, p: crate::rules::grid::Pos) -> f64 {
    let t = tactician::Tactician::new(view, Player::Hard);
    t.exposure(u, p)
}

/// Whether `u` could strike tile `p` next turn, as `Hard`'s threat map reads an enemy's
/// reach (`Tactician::threat_to`: a melee weapon through its strike zone, a ranged one in
/// range and sight from where it stands). For Seed004's Ready (`wait_short_of`).
pub fn strikes_next_turn(view: &View, u: &UnitSnap, p: crate::rules::grid::Pos) -> bool {
    let t = tactician::Tactician::new(view, Player::Hard);
    t.threat_to(u, p).is_some()
}

/// What the reactions a command of `me` would provoke (its preview's `reactions`) are
/// expected to take out of it, as `Hard` prices them when it moves (`reaction_price`).
pub fn provoked_price(view: &View, me: &UnitSnap, cmd: &Command) -> f64 {
    let t = tactician::Tactician::new(view, Player::Hard);
    crate::battle::preview::preview(view, cmd).map_or(0.0, |p| {
        p.reactions.iter().map(|r| t.reaction_price(me, r)).sum()
    })
}

/// What the attack `cmd` is expected to take out of its target, as its attacker previews it
/// (`attack_worth`: its chance to put the target Down and the harm's share of what it has
/// left), with no question awaiting an answer: for a blow declared and held back while a
/// window is open (Seed003's I4). `None` where it is no attack the view can preview.
pub fn blow_worth(view: &View, cmd: &Command) -> Option<f64> {
    let free = View {
        ctx: view.ctx,
        turn: view.turn,
        awaiting: None,
        pending: view.pending,
        roster: view.roster,
        items: view.items,
    };
    let target = view.ctx.snap.by_name(cmd.target()?)?;
    let p = crate::battle::preview::preview(&free, cmd).ok()?;
    Some(worth::attack_worth(&p, target, view.ctx.rules))
}

/// Who chooses the commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The baseline: `ai::next_command`.
    Greedy,
    Easy,
    Normal,
    Hard,
}

impl Player {
    pub const ALL: [Player; 4] = [Player::Greedy, Player::Easy, Player::Normal, Player::Hard];

    /// The player named `name` (`greedy`, `easy`, `normal`, `hard`, in any case).
    pub fn named(name: &str) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|p| format!("{p:?}").eq_ignore_ascii_case(name))
    }

    /// The player of a level's `Ai(level: …)`.
    pub fn of(level: AiLevel) -> Player {
        match level {
            AiLevel::Easy => Player::Easy,
            AiLevel::Normal => Player::Normal,
            AiLevel::Hard => Player::Hard,
        }
    }
}
