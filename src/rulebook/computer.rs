//! What the computer player knows of a rulebook (`Computer`): its answers to questions,
//! the AP it keeps, the attacks and styles it weighs, and its own actions' worth.

use super::*;

/// What the computer player knows of a rulebook; by default nothing beyond Core.
pub trait Computer {
    /// Every computer player's answer to a question, where the rulebook answers its own way
    /// (`None`: the core's answer).
    fn computer_answer(&self, _view: &View, _question: &Question) -> Option<Command> {
        None
    }

    /// The strongest computer player's (`Hard`'s) answer to a question asked outside its
    /// turn, where it knows better than the greedy answer (which takes every reaction
    /// offered); `None` leaves the question to the greedy answer.
    fn hard_answer(&self, _view: &View, _question: &Question) -> Option<Command> {
        None
    }

    /// Whether the computer player keeps AP back for defences: each defence costs an AP of
    /// the turn's under it, and a blow met without one goes worse.
    fn computer_keeps_ap_for_defences(&self) -> bool {
        false
    }

    /// The attacks only it has that the computer player (at its best) weighs beside the
    /// core's, each with its target and what its worth is multiplied by for the AP it takes
    /// (1 for an attack at the ordinary price; Seed002: melee attacks with Agile steps
    /// before them, and the 1-Energy Swift Attack on an Unguarded enemy).
    fn computer_attacks<'s>(
        &self,
        _view: &'s View,
        _me: &'s UnitSnap,
    ) -> Vec<(&'s UnitSnap, Command, f64)> {
        Vec::new()
    }

    /// Whether an ally of the computer's unit needs its First Aid now (Seed004: in Shock,
    /// not yet stabilized); `None` where the rulebook has no First Aid action of its own.
    fn needs_first_aid(&self, _ally: &UnitSnap) -> Option<bool> {
        None
    }

    /// The options only the rulebook has that the strongest computer player (`Hard`) weighs
    /// for its unit `me` beside the core's, each with its worth on the planner's scale (the
    /// share of a unit it takes out or spares; Seed002: Defend against a heavy blow).
    fn hard_options(&self, _view: &View, _me: &UnitSnap) -> Vec<(f64, Command)> {
        Vec::new()
    }

    /// The strongest computer player's (`Hard`'s) use of AP its unit `me` would otherwise
    /// end its turn holding, when nothing else is worth doing (Seed003: Seize Initiative
    /// with AP the turn's end would lose); `None`: it ends its turn.
    fn hard_spare_ap(&self, _view: &View, _me: &UnitSnap) -> Option<Command> {
        None
    }

    /// The strongest computer player's (`Hard`'s) action of this rulebook's own in place
    /// of `walk`, a move of `me` toward `toward` that spends `ap` of its AP (Seed000: hold
    /// an attack for the enemy that will walk in, rather than walk into its reach first);
    /// `None`: it walks.
    fn hard_instead_of_walk(
        &self,
        _view: &View,
        _me: &UnitSnap,
        _walk: &Command,
        _ap: u32,
    ) -> Option<Command> {
        None
    }

    /// The computer player's use of its own actions: the command it would take now for
    /// `actor`, on its turn, before the core's tactics, if one is worth it.
    fn computer_own(&self, _view: &View, _actor: &UnitSnap) -> Option<Command> {
        None
    }

    /// The attack styles the strongest computer player weighs, each per AP against a
    /// Standard Attack (Core: the Standard Attack only).
    fn attack_styles(&self) -> &'static [AttackStyle] {
        &[AttackStyle::Standard]
    }

    /// Whether `me` can make an attack of this style now (Core: every style it weighs).
    fn style_usable(&self, _me: &UnitSnap, _style: AttackStyle) -> bool {
        true
    }

    /// The damage an attack previewed with its own odds (`Preview::odds`) is expected to
    /// deal, as the computer player compares attacks (wounds by their worth); `None`: not its
    /// preview.
    fn expected_damage(&self, _preview: &Preview) -> Option<f64> {
        None
    }

    /// What an attack on `target` previewed with its own odds is worth: its chance to put
    /// the target down, and its expected harm as a share of the target (`share` of a mean
    /// damage).
    fn attack_worth(
        &self,
        _preview: &Preview,
        _target: &UnitSnap,
        _share: &dyn Fn(f64) -> f64,
    ) -> Option<f64> {
        None
    }

    /// The chance an attack on `target` previewed with its own odds lands and leaves it
    /// standing (then a weapon's push moves it).
    fn lands_and_stands(&self, _preview: &Preview, _target: &UnitSnap) -> Option<f64> {
        None
    }

    /// What a collision of `damage` (its preview's, `Play::collision_damage`) takes out of
    /// `unit` on the planner's scale, where its damage model is its own (`None`: the share
    /// of its vitality).
    fn collision_worth(&self, _unit: &UnitSnap, _damage: i32) -> Option<f64> {
        None
    }

    /// The chance a check previewed with its own odds succeeds (a push's).
    fn check_chance(&self, _preview: &Preview) -> Option<f64> {
        None
    }
}
