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
//!   buttons and what the computer player makes of them;
//! - its play of the battle's flow, where it is not Core's (`roll_initiative`,
//!   `start_round`, `order_turns`, `bleed`, `end_turn`; `hold_declared`, `plan_starting`,
//!   `execute`, `after_resolution`, `action_taken`; `before_work`, `run_work`,
//!   `plan_asked`; `offer_stands`, `accept`, `preview_reaction`; `step_offers`,
//!   `after_step`, `steps_move_others`, `drag_partner`, `stepped`, `metres_for_ap`;
//!   `deal_damage`, `vitality_max`; `preview_plan`; `reaction_action`, `stamina_cost`):
//!   each asked at one point of the core's flow, Core's behaviour by default;
//! - what the computer player knows of it (`computer_answer`, `attack_styles`,
//!   `wound_worth`);
//! - its text for the window (`resource_line`, `defence_line`, `critical_roll`,
//!   `odds_label`, `odds_summary`, `odds_text`) and its
//!   window actions (`tile_command`, `next_wound_cap`, `status_note`, `action_text`,
//!   `move_hint`, `turn_chip`).

use crate::battle::assess::Ctx;
use crate::battle::command::{Plan, View};
use crate::battle::contests::ContestAssessment;
use crate::battle::describe::{CORE_WORDS, Words};
use crate::battle::engine::{Battle, Offer, PendingAttack, Question, Work};
use crate::battle::events::{AttackStyle, BattleEvent, Command, ContestKind, ContestWin};
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
use crate::rules::grid::Pos;
use crate::rules::ruleset::{RulebookId, Ruleset};
use crate::rules::unit::{Stats, Weapon};
#[cfg(feature = "window")]
use crate::rules::wound_level::WoundLevel;
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

    /// Lose vitality directly (Bleeding) its own way: `true` when it did.
    fn lose_vitality(&self, _battle: &mut Battle, _unit: Entity, _amount: i32, _why: &str) -> bool {
        false
    }

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

    // -- its play of the battle's flow, where it is not Core's: each hook is asked at one
    // point of the core's schedule, resolution stack, reactions, steps or harm.

    /// Roll initiative its own way at the battle's start: true when it did (Core: each
    /// rolls as `InitiativeRule` says, in the core).
    fn roll_initiative(&self, _battle: &mut Battle, _snap: &Snapshot) -> bool {
        false
    }

    /// A round starts, its counts reset: give AP and order the turns its own way; true when
    /// it set `turn.order` itself, one combatant a place (Core: the initiative order).
    fn start_round(&self, _battle: &mut Battle) -> bool {
        false
    }

    /// Before the next turn is taken from the queue: reorder the queue (Core: it stands).
    fn order_turns(&self, _battle: &mut Battle) {}

    /// A turn starts: what bleeds (Core: Bleeding, RULES §9).
    fn bleed(&self, battle: &mut Battle, unit: Entity, resumed: bool) {
        battle.bleed(unit, resumed);
    }

    /// A unit's turn ends, before its unspent movement is lost (Core: nothing more).
    fn end_turn(&self, _battle: &mut Battle, _unit: Entity) {}

    /// A command checked and allowed: true when it waits, its declaration open to answers
    /// first (Core: it is carried out at once).
    fn hold_declared(&self, _battle: &mut Battle, _cmd: &Command, _plan: &Plan) -> bool {
        false
    }

    /// A plan of `actor` is about to be carried out (Core: nothing to note).
    fn plan_starting(&self, _battle: &mut Battle, _actor: Option<Entity>, _plan: &Plan) {}

    /// Nothing is left to resolve after an action: what follows it; true when a question
    /// now waits (Core: nothing follows).
    fn after_resolution(&self, _battle: &mut Battle) -> bool {
        false
    }

    /// A unit took an action: what taking it ends (Core: a feint, in the core).
    fn action_taken(&self, _battle: &mut Battle, _unit: Entity, _action: ActionKind) {}

    /// Before each piece of work on the stack: the questions it asks first (Core: none).
    fn before_work(&self, _battle: &mut Battle) {}

    /// A command while a question only it asks waits: its plan, or why not (`None`: the
    /// core's questions).
    fn plan_asked(
        &self,
        _view: &View,
        _question: Question,
        _cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        None
    }

    /// Whether one of its reactions on offer still stands when it comes up (`None`: a
    /// reaction of the core's).
    fn offer_stands(
        &self,
        _battle: &Battle,
        _ctx: &Ctx,
        _reactor: &UnitSnap,
        _target: &UnitSnap,
        _kind: ReactionKind,
    ) -> Option<bool> {
        None
    }

    /// Take a reaction its own way, paying for it and queuing what follows: true when it
    /// did (Core: RP or AP, and the attack).
    fn accept(&self, _battle: &mut Battle, _offer: Offer) -> bool {
        false
    }

    /// The attack a reaction on offer would make, for the prompt: `None` leaves it to the
    /// core, `Some(None)` when the reaction makes no attack.
    fn preview_reaction(&self, _ctx: &Ctx, _offer: &Offer) -> Option<Option<Preview>> {
        None
    }

    /// The reactions a willing step of `mover` into `to` provokes before it is taken, under
    /// `OpportunityRule::Rebuff` (Core: none).
    fn step_offers(&self, _battle: &Battle, _mover: &UnitSnap, _to: Pos) -> Vec<Offer> {
        Vec::new()
    }

    /// The work a step of `mover` from `from` sets off before the walk goes on (Core's
    /// held and readied actions are the core's).
    fn after_step(&self, _battle: &mut Battle, _mover: Entity, _from: Pos) -> Vec<Work> {
        Vec::new()
    }

    /// Whether a step may change others than the mover, so that the walk looks at every
    /// unit again after each step (Core: only a grapple's end, which the core sees).
    fn steps_move_others(&self) -> bool {
        false
    }

    /// A dragged partner follows `dragger` into `to`, the tile it left (`Gait::Drag`).
    fn drag_partner(&self, _battle: &mut Battle, _partner: Entity, _dragger: &UnitSnap, _to: Pos) {}

    /// The mover stepped from `from` into `to`, its `Moved` logged: who follows it.
    fn stepped(&self, _battle: &mut Battle, _mover: Entity, _from: Pos, _to: Pos) {}

    /// The metres `ap` more AP of movement buy, `spent` AP after those the mover's record
    /// shows, where it prices movement its own way (`MoveBuying::RateQuarters`); `None`:
    /// the core's metres per AP.
    fn metres_for_ap(&self, _mover: &UnitSnap, _spent: u32, _ap: u32) -> Option<u32> {
        None
    }

    /// Deal a blow its own way, under its damage model; the blow back when the core deals
    /// it (Core: Vitality, RULES §7).
    fn deal_damage(
        &self,
        _battle: &mut Battle,
        _unit: Entity,
        blow: Blow,
        _source: &str,
    ) -> Option<Blow> {
        Some(blow)
    }

    /// A unit's Vitality bar when full, where its damage model counts something else
    /// (`None`: the core's).
    fn vitality_max(&self, _stats: &Stats) -> Option<i32> {
        None
    }

    /// The action whose price in the cost table a reaction pays, where reactions are paid
    /// in AP (`ReactionPool::PricedAp`).
    fn reaction_action(&self, _kind: ReactionKind) -> Option<ActionKind> {
        None
    }

    /// The Stamina an action costs besides its AP (Core: none).
    fn stamina_cost(&self, _action: ActionKind) -> i32 {
        0
    }

    // -- what the computer player knows of it.

    /// The attack styles the strongest computer player weighs, each per AP against a
    /// Standard Attack (Core: the Standard Attack only).
    fn attack_styles(&self) -> &'static [AttackStyle] {
        &[AttackStyle::Standard]
    }

    /// What the wounds of an attack previewed are worth to the computer player, where the
    /// preview counts wounds its own way (`Preview::three`); `None`: not its preview.
    fn wound_worth(&self, _preview: &Preview) -> Option<f64> {
        None
    }

    /// A preview's odds over a target, in its own terms (where its preview counts them its
    /// own way, `Preview::three`).
    fn odds_label(&self, _preview: &Preview) -> Option<String> {
        None
    }

    /// A preview's odds in one line for a prompt, in its own terms.
    fn odds_summary(&self, _preview: &Preview) -> Option<String> {
        None
    }

    /// Every number of a preview for the info card, in its own terms.
    fn odds_text(&self, _preview: &Preview) -> Option<String> {
        None
    }

    // -- its text for the window: lines the HUD shows in place of Core's; and its window
    // actions that need more than a target (behind the `window` feature).

    /// The command a click on tile `to` makes while `action`, one of its own that picks a
    /// tile, is chosen (Seed003's Drag: along the path a move there takes), with its
    /// preview when the battle would take it.
    #[cfg(feature = "window")]
    fn tile_command(
        &self,
        _view: &View,
        _me: &UnitSnap,
        _action: ActionKind,
        _to: Pos,
    ) -> Option<(Command, Option<Preview>)> {
        None
    }

    /// The wound cap a Nonlethal Attack's key cycles to next (Core: none).
    #[cfg(feature = "window")]
    fn next_wound_cap(&self, _cap: Option<WoundLevel>) -> Option<WoundLevel> {
        None
    }

    /// The status line's note of the attack options picked (Core: none).
    #[cfg(feature = "window")]
    fn status_note(&self, _non_lethal: bool, _cap: Option<WoundLevel>) -> String {
        String::new()
    }

    /// What an action-bar button does, for the status line, in its own terms (`None`:
    /// Core's text).
    #[cfg(feature = "window")]
    fn action_text(
        &self,
        _intent: crate::game::controls::Intent,
        _action: Option<ActionKind>,
    ) -> Option<&'static str> {
        None
    }

    /// What the Move mode asks the player, where movement is bought its own way (`None`:
    /// Core's hint).
    #[cfg(feature = "window")]
    fn move_hint(&self) -> Option<&'static str> {
        None
    }

    /// A unit's chip on the turn bar, where the turn order shows more than its initiative
    /// (`None`: Core's chip).
    #[cfg(feature = "window")]
    fn turn_chip(&self, _unit: &UnitSnap) -> Option<String> {
        None
    }

    /// The side panel's line of a unit's resources (AP, reactions, movement), its own way.
    fn resource_line(&self, _unit: &UnitSnap) -> Option<String> {
        None
    }

    /// The side panel's line of a unit's health and defences, its own way.
    fn defence_line(&self, _unit: &UnitSnap) -> Option<String> {
        None
    }

    /// Whether one of its own roll events is a critical success (the window's `CRIT!`).
    fn critical_roll(&self, _ev: &BattleEvent) -> bool {
        false
    }
}

/// What `kind` does under `book`: its own line, or Core's.
pub fn condition_effect(book: &dyn Rulebook, kind: ConditionKind) -> &'static str {
    book.condition_effect(kind)
        .unwrap_or_else(|| crate::rules::condition_text::core_condition_effect(kind))
}
