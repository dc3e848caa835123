//! The rulebook API: what the core asks the rulebook in force, and never which one it is.
//! Each rulebook (Core, the five seeds, or one written outside the crate) implements
//! [`Rulebook`] in its own folder and is listed by name in the registry
//! (`src/rulebooks/mod.rs`); a level names it in `rules: (preset: …)`.
//!
//! A rulebook gives, in layers from the plainest up:
//! - its data: its values of the core's [`Ruleset`], the switches that mean nothing under
//!   it, its own bounds for shared statistics, its words and its conditions' text;
//! - its play of the core's commands: how it checks them (`plan_action`), declares and
//!   rolls an attack (`declare_attack`, `attack`), its attack odds (`preview_attack`) and
//!   the log lines of its own events (`describe`);
//! - its own actions (`own_actions` and the `*_own` methods): commands checked and refused
//!   with reasons, their resolution and log lines, their exact previews, their action-bar
//!   buttons and what the computer player makes of them.

use crate::battle::assess::Ctx;
use crate::battle::av_odds::SwiftChoice;
use crate::battle::command::{Plan, View};
use crate::battle::describe::{CORE_WORDS, Words};
use crate::battle::engine::{
    Battle, Gait, Offer, PendingAttack, Question, Roster, TurnState, Walk, Work,
};
use crate::battle::events::{BattleEvent, Command, Maneuver002};
use crate::battle::own::{OwnActionSpec, OwnCommand, OwnEvent, OwnPlan, OwnPreview};
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rules::actions::{ActionKind, SwiftManeuver};
use crate::rules::combat::Chance;
use crate::rules::combat_roll::Maneuver;
use crate::rules::condition::ConditionKind;
use crate::rules::damage::Blow;
use crate::rules::grid::{Dir8, Pos};
use crate::rules::reach::Reach;
use crate::rules::ruleset::{RulebookId, Ruleset};
use bevy::prelude::Entity;

/// One rulebook. Every method but the name, the summary and the ruleset has a default: the
/// core's own behaviour, as RULES.md gives it.
pub trait Rulebook: std::any::Any + Send + Sync {
    /// The name a level gives in `rules: (preset: …)`, and the log and window show.
    fn name(&self) -> &'static str;

    /// A line on what the rulebook is like, for `skirmish levels`.
    fn summary(&self) -> &'static str;

    /// The rules in force before a level's switches: the values of every axis on which
    /// rulebooks differ. `rulebook` must be [`Rulebook::id`].
    fn ruleset(&self) -> Ruleset;

    /// The id the ruleset carries.
    fn id(&self) -> RulebookId {
        RulebookId(self.name())
    }

    /// Why a RULES §11 switch of a level's `rules:` block means nothing under this
    /// rulebook, if it does not.
    fn meaningless(&self, _switch: &str) -> Option<&'static str> {
        None
    }

    /// Its own bounds for a statistic the rulebooks share but read on different scales
    /// (`guard`, `stamina`, `speed`, `ranged_evasion`): `None` keeps the core's.
    fn stat_bounds(&self, _field: &str) -> Option<(i64, i64)> {
        None
    }

    /// Its own words for what Core's lines name.
    fn words(&self) -> &'static Words {
        &CORE_WORDS
    }

    /// The log line of one of its own events (one only it emits), in Core's words.
    fn describe(&self, _ev: &BattleEvent) -> Option<String> {
        None
    }

    /// A step of movement in its own words, where its movement is no pool of metres
    /// (`Words::runs`).
    fn describe_step(&self, _ev: &BattleEvent) -> Option<String> {
        None
    }

    /// What a condition does under it, where it changes Core's (RULES §9).
    fn condition_effect(&self, _kind: ConditionKind) -> Option<&'static str> {
        None
    }

    /// Check a command its own way where it plays one of the core's commands differently
    /// (its attacks, its movement): `None` leaves the command to the core.
    fn plan_action(
        &self,
        _view: &View,
        _actor: &UnitSnap,
        _cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        None
    }

    /// An Attack action, paid, goes on the resolution stack (Core: it rolls next).
    /// `named` is a maneuver named in advance for a critical win, where one may be.
    fn declare_attack(&self, battle: &mut Battle, attack: PendingAttack, _named: Option<Maneuver>) {
        battle.resolution.stack.push(Work::Attack(attack));
    }

    /// Roll an attack (an action's, or a reaction's) and resolve it (Core: d20 + hit
    /// against Evasion, RULES §5).
    fn attack(&self, battle: &mut Battle, pending: PendingAttack) {
        battle.attack(pending);
    }

    /// The exact odds of an attack by `a` on `t` with its weapon `weapon` (Core: d20 +
    /// hit against Evasion, every face counted).
    fn preview_attack(
        &self,
        ctx: &Ctx,
        a: &UnitSnap,
        t: &UnitSnap,
        weapon: usize,
        non_lethal: bool,
        _off_hand: bool,
    ) -> Result<Preview, Refusal> {
        crate::battle::preview::core_attack_odds(ctx, a, t, weapon, non_lethal)
    }

    // -- its schedule and prices: Core's turns and AP unless it has its own.

    /// Start a round its own way (Seed002: a round of activations): `false` leaves it to
    /// the core's turns.
    fn start_round(&self, _battle: &mut Battle) -> bool {
        false
    }

    /// After a turn ended, pick what comes next its own way (Seed002: the next side's
    /// activation): `false` leaves it to the core.
    fn next_turn(&self, _battle: &mut Battle) -> bool {
        false
    }

    /// End `unit`'s turn its own way (Seed002: the side passes its activation): `false`
    /// leaves it to the core.
    fn end_turn(&self, _battle: &mut Battle, _unit: Entity) -> bool {
        false
    }

    /// A checked action is about to be carried out: note what it spends of its schedule
    /// (Seed002: the side's activation, unless the unit acts on a Seize it won).
    fn action_begins(&self, _battle: &mut Battle, _plan: &Plan) {}

    /// An action resolved and nothing is left to resolve: end what it spent, its own way
    /// (Seed002: the side's activation); `true` when it did, and the core asks no more.
    fn action_done(&self, _battle: &mut Battle) -> bool {
        false
    }

    /// Pay `cost` for `action` by `unit` its own way, and log it (Seed002: Energy, with
    /// Stamina standing in for the last point): `false` leaves it to the core's AP.
    fn pay_for(
        &self,
        _battle: &mut Battle,
        _unit: Entity,
        _action: ActionKind,
        _cost: u32,
    ) -> bool {
        false
    }

    /// Whether `unit` can pay `cost` for an action (Core: it has the AP; Seed002: or it is
    /// one Energy short, with Stamina to stand in).
    fn can_pay(&self, _rules: &Ruleset, unit: &UnitSnap, cost: u32) -> bool {
        unit.ap >= cost
    }

    // -- its movement: the gaits only it has (Seed002's Run, Shift and Agile steps).

    /// Every tile `mover` can reach now, its own way (Seed002: a Run it can pay for, where
    /// turning costs metres): `None` leaves it to the core's pool of metres.
    fn reachable(&self, _ctx: &Ctx, _mover: &UnitSnap) -> Option<Reach> {
        None
    }

    /// The AP a move of `metres` costs `mover`, its own way (Seed002: a Run's Energy):
    /// `None` leaves it to the core.
    fn move_price(&self, _mover: &UnitSnap, _metres: u32) -> Option<u32> {
        None
    }

    /// Metres a step in direction `step` costs beyond its terrain in one of its own gaits
    /// (Seed002: turning during a Run).
    fn step_extra(&self, _mover: &UnitSnap, _gait: Gait, _step: Dir8) -> u32 {
        0
    }

    /// Pay a step of `cost` taken in one of its own gaits: `false` when it cannot be paid.
    fn pay_step(&self, _battle: &mut Battle, _mover: &UnitSnap, _gait: Gait, _cost: u32) -> bool {
        false
    }

    /// After a willing step by `unit` (Seed002: Defending ends past the Speed).
    fn after_step(&self, _battle: &mut Battle, _unit: Entity) {}

    /// The reactions a step from `from` sets off, its own way (Seed002's Swift Attacks on
    /// a step that ends in an enemy's reach).
    fn step_reactions(&self, _battle: &Battle, _walk: &Walk, _from: Pos) -> Vec<Work> {
        Vec::new()
    }

    /// A move is over (Seed002: a Run is paid by the metres it took).
    fn finish_walk(&self, _battle: &mut Battle, _walk: &Walk) {}

    // -- its play of the core's resolution: the plans, work and questions only it makes
    // (Core makes none of them, so its defaults do nothing).

    /// Carry out one of its own plans of the core's commands (Seed002's Escape by
    /// Fortitude), checked and, where the plan says so, paid.
    fn carry_out(&self, _battle: &mut Battle, _plan: Plan) {}

    /// Do one of its own pieces of work from the resolution stack (Seed002's attacks and
    /// maneuvers in progress).
    fn perform(&self, _battle: &mut Battle, _work: Work) {}

    /// What one of its own plans would do, with its exact odds.
    fn preview_plan(&self, _view: &View, _plan: &Plan) -> Result<Preview, Refusal> {
        Ok(Preview::default())
    }

    /// Check a command while one of its own questions awaits an answer (Seed002: the
    /// winner of a Seize names its action): `None` leaves the question to the core.
    fn plan_question(
        &self,
        _view: &View,
        _question: Question,
        _cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        None
    }

    /// A side took a reaction of its own kind (Seed002's Seize): take it, and say so;
    /// `false` leaves the reaction to the core.
    fn accept_reaction(&self, _battle: &mut Battle, _offer: &Offer) -> bool {
        false
    }

    /// The maneuver an answer to a reaction offer asks for instead of the blow, checked
    /// (Seed002's Swift Attacks, X1); Core's reactions are never maneuvers.
    fn reaction_maneuver(
        &self,
        _view: &View,
        offer: Offer,
        maneuver: Option<SwiftManeuver>,
    ) -> Result<Option<Maneuver002>, Refusal> {
        match maneuver {
            None => Ok(None),
            Some(_) => Err(Refusal::NotASwiftAttack { kind: offer.kind }),
        }
    }

    /// The ways a reactor may take an offered reaction, each with its exact odds, for the
    /// prompt (Seed002's Swift Attack: the blow, then each legal maneuver); empty when the
    /// reaction is only taken or let be.
    fn reaction_choices(&self, _ctx: &Ctx, _offer: &Offer) -> Vec<SwiftChoice> {
        Vec::new()
    }

    /// The chance a reaction offered to `offer.reactor` wins, for the prompt (Seed002's
    /// Seize); `None` when there is none to give.
    fn reaction_chance(&self, _ctx: &Ctx, _offer: &Offer) -> Option<Chance> {
        None
    }

    /// After a blow took `dealt` from `unit`'s vitality (`before` it), its own
    /// consequences instead of Core's (Seed002's Aura and Death rolls): `true` when it
    /// took them.
    fn after_blow(
        &self,
        _battle: &mut Battle,
        _unit: Entity,
        _before: i32,
        _dealt: i32,
        _blow: &Blow,
    ) -> bool {
        false
    }

    /// Stabilize `target` (for `by`) its own way (Seed002: one Bleeding out): `true` when
    /// it did; `false` leaves it to the core.
    fn stabilize(&self, _battle: &mut Battle, _target: Entity, _by: &str) -> bool {
        false
    }

    // -- its window: text only (the window draws it).

    /// Its own words on the turn bar for the slot of play under way, after the round
    /// (Seed002: whose activation it is); `None` when it has none.
    fn turn_bar_text(&self, _turn: &TurnState, _roster: &Roster) -> Option<String> {
        None
    }

    /// Its own part of a preview (one only it fills, as Seed002's `av`) in words, in the
    /// form asked; `None` when the preview has none of its own.
    fn odds_text(&self, _preview: &Preview, _form: OddsForm) -> Option<String> {
        None
    }

    /// Its own lines on a unit's card in the side panel, in place of Core's: the vitality
    /// and defences line, and the resources line (Seed002: Aura, Stamina, Agility; Energy).
    fn side_panel_lines(&self, _unit: &UnitSnap, _rules: &Ruleset) -> Option<[String; 2]> {
        None
    }

    // -- its own actions: each is priced in its ruleset's cost table as
    // `ActionKind::Own(name)`, which the core checks (and refuses when missing) first.

    /// Its own actions, as the window's action bar offers them.
    fn own_actions(&self) -> &'static [OwnActionSpec] {
        &[]
    }

    /// Check one of its own actions, commanded by `actor` on its turn with the AP for it:
    /// a plan, or a refusal with the reason (`Refusal::Own`).
    fn plan_own(
        &self,
        _view: &View,
        _actor: &UnitSnap,
        cmd: &OwnCommand,
    ) -> Result<OwnPlan, Refusal> {
        Err(Refusal::NotInRules {
            action: ActionKind::Own(cmd.action),
        })
    }

    /// Resolve one of its own actions, paid: roll (`Battle::roll`), change the battle, and
    /// log what happened as `BattleEvent::Own`.
    fn resolve_own(&self, _battle: &mut Battle, _plan: OwnPlan) {}

    /// One of its own events in a log line, in Core's words (the line is then said in its
    /// own, as every line is).
    fn describe_own(&self, event: &OwnEvent) -> String {
        format!("{}: {} ({})", event.unit, event.action.0, event.what)
    }

    /// What one of its own actions would do, with its exact chance when it rolls; or why
    /// it cannot be taken.
    fn preview_own(
        &self,
        view: &View,
        actor: &UnitSnap,
        cmd: &OwnCommand,
    ) -> Result<OwnPreview, Refusal> {
        self.plan_own(view, actor, cmd).map(|_| OwnPreview {
            text: cmd.action.0.to_string(),
            chance: None,
        })
    }

    /// The attacks only it has that the computer player (at its best) weighs beside the
    /// core's, each with its target (Seed002: melee attacks with Agile steps before them).
    fn computer_attacks<'s>(
        &self,
        _view: &'s View,
        _me: &'s UnitSnap,
    ) -> Vec<(&'s UnitSnap, Command)> {
        Vec::new()
    }

    /// The computer player's use of its own actions: the command it would take now for
    /// `actor`, on its turn, before the core's tactics, if one is worth it.
    fn computer_own(&self, _view: &View, _actor: &UnitSnap) -> Option<Command> {
        None
    }
}

/// The forms a preview's odds are put in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OddsForm {
    /// The short text over a target.
    Label,
    /// One line for a prompt: the chance to land and the damage.
    Summary,
    /// Every number, for the side panel.
    Body,
}

/// What `kind` does under `book`: its own line, or Core's.
pub fn condition_effect(book: &dyn Rulebook, kind: ConditionKind) -> &'static str {
    book.condition_effect(kind)
        .unwrap_or_else(|| crate::rules::condition_text::core_condition_effect(kind))
}
