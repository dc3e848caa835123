//! The rulebook's play (`Play`): how it checks, carries out, resolves and previews the
//! core's commands and its own, and its part of the battle's flow (the schedule, prices,
//! movement, reactions, contests, collisions, harm). Each method has Core's behaviour as
//! its default; each is asked at one point of the core's flow.

use super::*;

/// A rulebook's play of the battle: every method is asked at one point of the core's flow,
/// and its default is Core's (RULES.md) behaviour.
pub trait Play {
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

    /// Whether a reaction paid from the actions' pool (`ReactionPool::SharedAp`) takes an
    /// AP there; `false` where the rulebook prices it itself (`pay_reaction_cost`: Seed002's
    /// Energy).
    fn reaction_takes_ap(&self) -> bool {
        true
    }

    /// Whether any attack from a defender's rear arc gains by it (Core: advantage), so that
    /// the window marks a back an enemy could strike (`Ctx::open_back_to`). `false` where
    /// the rear counts only in some cases (Seed004: against a defender unaware of the
    /// attacker).
    fn rear_attacks_gain(&self) -> bool {
        true
    }

    /// Whether a side takes one action at a time in activations instead of its units
    /// taking turns (Seed002): each action spends the side's activation, and what lasts
    /// "until its next turn" lasts rounds.
    fn activations(&self) -> bool {
        false
    }

    /// What breaks a tie of initiative totals, higher first (Core: the initiative stat).
    fn initiative_tie(&self, unit: &UnitSnap) -> i32 {
        unit.stats.initiative
    }

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

    /// Start a round its own way (Seed002: a round of activations): `false` leaves it to
    /// the core's turns.
    fn begin_round(&self, _battle: &mut Battle) -> bool {
        false
    }

    /// After a turn ended, pick what comes next its own way (Seed002: the next side's
    /// activation): `false` leaves it to the core.
    fn next_turn(&self, _battle: &mut Battle) -> bool {
        false
    }

    /// End `unit`'s turn its own way (Seed002: the side passes its activation): `false`
    /// leaves it to the core.
    fn close_turn(&self, _battle: &mut Battle, _unit: Entity) -> bool {
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
    fn step_extra(&self, _mover: &UnitSnap, _gait: &Gait, _step: Dir8) -> u32 {
        0
    }

    /// Pay a step of `cost` taken on `walk` in one of its own gaits: `false` when it cannot
    /// be paid.
    fn pay_step(&self, _battle: &mut Battle, _mover: &UnitSnap, _walk: &Walk, _cost: u32) -> bool {
        false
    }

    /// Whether steps in this gait set off reactions (Seed002's Agile Move sets off none).
    fn gait_provokes(&self, _gait: &Gait) -> bool {
        true
    }

    /// After a willing step of `cost` from `from` to `to` on a walk (Seed002: the round's
    /// movement and heading; Defending ends past the Speed).
    fn step_taken(&self, _battle: &mut Battle, _walk: &Walk, _from: Pos, _to: Pos, _cost: u32) {}

    /// `ap` AP bought movement during a move (Core: nothing more to note).
    fn movement_bought(&self, _own: &mut OwnState, _ap: u32) {}

    /// A move was taken back: what of the mover's own state goes back to how it was before
    /// the move (Core: nothing of its own).
    fn move_undone(&self, _own: &mut OwnState, _before: &OwnState) {}

    /// What is left of the pool that reactions are paid from where the ruleset's
    /// `reaction_pool` is `Vigor`: a pool the rulebook keeps (Core: none).
    fn reaction_pool_left(&self, _u: &UnitSnap) -> i32 {
        0
    }

    /// Whether `u`'s weapon at this index is ready to attack with (Core: always).
    fn loaded(&self, _u: &UnitSnap, _weapon: usize) -> bool {
        true
    }

    /// Whether `t` ignores the hostile `other`, which then does not flank it (Core: none).
    fn ignores(&self, _t: &UnitSnap, _other: Entity) -> bool {
        false
    }

    /// The reactions a step from `from` sets off, its own way (Seed002's Swift Attacks on
    /// a step that ends in an enemy's reach).
    fn step_reactions(&self, _battle: &Battle, _walk: &Walk, _from: Pos) -> Vec<Work> {
        Vec::new()
    }

    /// A move is over (Seed002: a Run is paid by the metres it took).
    fn finish_walk(&self, _battle: &mut Battle, _walk: &Walk) {}

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
        maneuver: Option<ReactionManeuver>,
    ) -> Result<Option<BookValue>, Refusal> {
        match maneuver {
            None => Ok(None),
            Some(_) => Err(Refusal::NotASwiftAttack { kind: offer.kind }),
        }
    }

    /// What ends at the start of a combatant's slot in the round, whatever it then does
    /// (Seed000: its held actions lapse).
    fn slot_begins(&self, _battle: &mut Battle, _unit: Entity) {}

    /// Before an attack rolls: what it sets off first (Seed000: held actions). Returns
    /// whether the attack waits behind it on the stack, marked `interrupted` (it is then
    /// checked again, and withdrawn if no longer legal).
    fn before_attack(&self, _battle: &mut Battle, _pending: &PendingAttack) -> bool {
        false
    }

    /// What it adds to the preview of an attack by `mover` (`path` is `None`) or of a walk
    /// along `path` (Seed000: the held actions it would set off), told by
    /// `Hud::notes_text` (Core: nothing).
    fn preview_notes(
        &self,
        _view: &View,
        _mover: &UnitSnap,
        _path: Option<&[Pos]>,
    ) -> Option<BookValue> {
        None
    }

    /// What a reaction costs where reactions are paid from a pool of their own
    /// (`ReactionPool::Vigor`: Seed004's Vigor); Core's cost nothing there.
    fn reaction_price(&self, _kind: ReactionKind) -> i32 {
        0
    }

    /// The step a reaction taken as one of this rulebook's maneuvers pushes, with the
    /// weapon the blow would use (Seed002's Swift Attack as a Trip, Push or Restrain, X1);
    /// `None` takes nothing. Core has no such maneuvers.
    fn maneuver_work(
        &self,
        _offer: &Offer,
        _weapon: Option<usize>,
        _maneuver: &BookValue,
    ) -> Option<Work> {
        None
    }

    /// The ways a reactor may take an offered reaction, each with its exact odds, for the
    /// prompt (Seed002's Swift Attack: the blow, then each legal maneuver); empty when the
    /// reaction is only taken or let be.
    fn reaction_choices(&self, _ctx: &Ctx, _offer: &Offer) -> Vec<ReactionChoice> {
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

    /// A command while a question waits: its plan, or why not, where the question is one
    /// only it asks (Seed002: the winner of a Seize names its action; Seed003: a side may act
    /// out of turn) or it answers a reaction its own way (`None`: the core's answer).
    fn plan_asked(
        &self,
        _view: &View,
        _question: &Question,
        _cmd: &Command,
    ) -> Option<Result<Plan, Refusal>> {
        None
    }

    /// The weapon a reaction of its own strikes with (Seed004's readied attack: the weapon
    /// readied), where it is not the reactor's longest reach; `Some(None)`: none.
    fn reaction_weapon(&self, _battle: &Battle, _offer: Offer) -> Option<Option<usize>> {
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

    /// The reactions a willing step of `mover` into `to`, walking with `gait`, provokes
    /// before it is taken, under `OpportunityRule::Rebuff` (Core: none).
    fn step_offers(
        &self,
        _battle: &Battle,
        _mover: &UnitSnap,
        _to: Pos,
        _gait: &crate::battle::engine::Gait,
    ) -> Vec<Offer> {
        Vec::new()
    }

    /// The enemies a willing step of `mover` from `from` to `to` sets off under
    /// `OpportunityRule::Rebuff`, and the reaction they make, for a walk's preview
    /// (`Ctx::step_reactors`; the walk offers them through `step_offers`; Core: none).
    fn step_reactors(
        &self,
        _ctx: &Ctx,
        _mover: &UnitSnap,
        _from: Pos,
        _to: Pos,
    ) -> (Vec<Entity>, ReactionKind) {
        (Vec::new(), ReactionKind::Opportunity)
    }

    /// The work a step of `mover` from `from` sets off before the walk goes on (Seed000's
    /// held actions, Seed004's readied attacks, Seed003's flank offers and readied actions;
    /// Core: none).
    fn after_step(&self, _battle: &mut Battle, _mover: Entity, _from: Pos) -> Vec<Work> {
        Vec::new()
    }

    /// End a grapple its own way: `true` when it did (Core: the grappler stops Grappling,
    /// the held creature stops being Restrained).
    fn release_grapple(
        &self,
        _battle: &mut Battle,
        _grappler: Entity,
        _held: Entity,
        _why: &str,
    ) -> bool {
        false
    }

    /// Whether a step may change others than the mover, so that the walk looks at every
    /// unit again after each step (Core: only a grapple's end, which the core sees).
    fn steps_move_others(&self) -> bool {
        false
    }

    /// After `mover` stepped from `from` on `walk`, before its `Moved` is logged: who its
    /// own gait moves along into the tile left (Seed003's Drag: the grapple partner).
    fn follow_step(&self, _battle: &mut Battle, _walk: &Walk, _mover: &UnitSnap, _from: Pos) {}

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

    /// Whether a Down combatant can still be attacked (Seed004: in Shock, where an attack
    /// kills it; Seed002: Unconscious, for a Coup); Core: never. The Dead never are.
    fn finishable(&self, _target: &UnitSnap) -> bool {
        false
    }

    /// Whether a combatant whose vitality falls to 0 goes Down (Seed002: its Aura at 0
    /// calls for Death rolls instead).
    fn down_at_zero(&self) -> bool {
        true
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
}
