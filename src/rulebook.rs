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
use crate::battle::command::{Plan, View};
use crate::battle::contests::ContestAssessment;
use crate::battle::describe::{CORE_WORDS, Words};
use crate::battle::engine::{Battle, Offer, PendingAttack, Question, Work};
use crate::battle::events::{BattleEvent, Command};
use crate::battle::events::{ContestKind, ContestWin};
use crate::battle::own::{OwnActionSpec, OwnCommand, OwnEvent, OwnPlan, OwnPreview};
use crate::battle::preview::Preview;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::{Snapshot, UnitSnap};
use crate::rules::actions::ActionKind;
use crate::rules::actions::ReactionKind;
use crate::rules::combat::Chance;
use crate::rules::combat_roll::Maneuver;
use crate::rules::condition::ConditionKind;
use crate::rules::damage::Blow;
use crate::rules::ruleset::{RulebookId, Ruleset};
use crate::rules::unit::Weapon;
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

    /// Whether `attacker` may follow its attack with `weapon` by an off-hand blow (Core: no
    /// attack has one).
    fn check_off_hand(
        &self,
        _ctx: &Ctx,
        _attacker: &UnitSnap,
        _weapon: &Weapon,
    ) -> Result<(), Refusal> {
        Err(Refusal::NotAnOption {
            option: "an off-hand blow (it follows a melee attack, paid in Vigor)".into(),
        })
    }

    /// Carry out a plan that is its own (one only its `plan_action` makes), paid as its
    /// plan says; a plan that is the core's comes back.
    fn execute(&self, _battle: &mut Battle, plan: Plan) -> Option<Plan> {
        Some(plan)
    }

    /// Preview a plan that is its own (one only its `plan_action` makes): `None` leaves
    /// the plan to the core's preview.
    fn preview_plan(&self, _view: &View, _plan: &Plan) -> Option<Result<Preview, Refusal>> {
        None
    }

    // -- its play of the core's steps: each default is Core's (or nothing, where Core has
    // no such step).

    /// Perform a step of resolution that is its own (a `Work` only it pushes); a step that
    /// is the core's comes back, for the core to perform.
    fn perform(&self, _battle: &mut Battle, work: Work) -> Option<Work> {
        Some(work)
    }

    /// Deal a blow its own way where its damage model is its own: `true` when it did (the
    /// core's vitality then is not touched).
    fn deal_damage(&self, _battle: &mut Battle, _unit: Entity, _blow: Blow, _source: &str) -> bool {
        false
    }

    /// Lose vitality directly (Bleeding) its own way: `true` when it did.
    fn lose_vitality(&self, _battle: &mut Battle, _unit: Entity, _amount: i32, _why: &str) -> bool {
        false
    }

    /// Roll its own initiative at the start of the battle, before the core's (RULES §3:
    /// d6 + initiative, when the rules roll it).
    fn roll_initiative(&self, _battle: &mut Battle, _snap: &Snapshot) {}

    /// Its own step at the end of each round, before the core's (Core: none).
    fn end_round(&self, _battle: &mut Battle) {}

    /// Settle a side's answer to a reaction offered its own way (one that an attack of its
    /// own waits for): `true` when nothing more is to be done, the core's taking of it too.
    fn answer(&self, _battle: &mut Battle, _offer: Offer, _accept: bool) -> bool {
        false
    }

    /// Pay what a reaction costs beyond the core's pools (RP, AP), once it is taken.
    fn pay_reaction_cost(&self, _battle: &mut Battle, _reactor: Entity, _kind: ReactionKind) {}

    /// A contest its own way (its modifiers and its dice): `None` leaves it to Core's, d20
    /// + bonus each (RULES §4).
    fn assess_contest(
        &self,
        _ctx: &Ctx,
        _kind: ContestKind,
        _actor: &UnitSnap,
        _target: &UnitSnap,
    ) -> Option<ContestAssessment> {
        None
    }

    /// The actor's chance to win a contest it assessed its own way.
    fn contest_chance(&self, _kind: ContestKind, _c: &ContestAssessment) -> Option<Chance> {
        None
    }

    /// Roll a contest it assessed its own way: whether the actor won, or `None` for Core's
    /// roll.
    fn roll_contest(
        &self,
        _battle: &mut Battle,
        _kind: ContestKind,
        _names: (&str, &str),
        _c: &ContestAssessment,
    ) -> Option<bool> {
        None
    }

    /// How a contest of d20 + bonus each that it assessed its own way is won, from the
    /// totals: `None` for Core's strictly higher total.
    fn contest_win(&self, _c: &ContestAssessment, _actor: i32, _target: i32) -> Option<ContestWin> {
        None
    }

    /// A collision's occupant resists being hurt its own way: whether it succeeded, or
    /// `None` for Core's d20 + might (RULES §8).
    fn collision_defence(
        &self,
        _battle: &mut Battle,
        _occupant: Entity,
        _name: &str,
        _pushed: &str,
    ) -> Option<bool> {
        None
    }

    /// The occupant's chance to resist a collision, where it resists its own way.
    fn collision_defence_chance(&self, _occupant: &UnitSnap) -> Option<Chance> {
        None
    }

    /// The damage a collision of `raw` would deal `unit`, where its damage model is its own.
    fn collision_damage(&self, _ctx: &Ctx, _unit: &UnitSnap, _raw: i32) -> Option<i32> {
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

    /// The strongest computer player's answer to a question asked outside its turn, where
    /// it knows better than the greedy answer (which takes every reaction offered and picks
    /// the best defence); `None` leaves the question to the greedy answer.
    fn computer_answer(&self, _view: &View, _question: Question) -> Option<Command> {
        None
    }

    /// Whether the computer player keeps AP back for defences: each defence costs an AP of
    /// the turn's under it, and a blow met without one goes worse.
    fn computer_keeps_ap_for_defences(&self) -> bool {
        false
    }

    /// The computer player's use of its own actions: the command it would take now for
    /// `actor`, on its turn, before the core's tactics, if one is worth it.
    fn computer_own(&self, _view: &View, _actor: &UnitSnap) -> Option<Command> {
        None
    }
}

/// What `kind` does under `book`: its own line, or Core's.
pub fn condition_effect(book: &dyn Rulebook, kind: ConditionKind) -> &'static str {
    book.condition_effect(kind)
        .unwrap_or_else(|| crate::rules::condition_text::core_condition_effect(kind))
}
