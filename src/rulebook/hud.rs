//! The rulebook's text for the window (`Hud`): lines the HUD shows in place of Core's,
//! its odds in words, and its window actions (behind the `window` feature).

use super::*;

/// A side is asked to pick one of several answers to a question of the rulebook's own,
/// each with its exact odds (Seed001: how a defender meets a Combat Roll).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceAsk {
    pub side: usize,
    pub question: String,
    pub options: Vec<ChoiceRow>,
}

/// One answer on a choice prompt: its name (the button's), its odds in words (may be
/// empty), and the command it sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceRow {
    pub name: String,
    pub odds: String,
    pub command: Command,
}

/// A rulebook's words and actions in the window; by default Core's.
pub trait Hud {
    /// The answers to one of its own questions that the side asked picks from on a prompt
    /// (`AnswerOn::Prompt`), in the order of their number keys; `None` when it has none.
    fn choice_ask(&self, _view: &View) -> Option<ChoiceAsk> {
        None
    }

    /// The command that lets a question answered on the map go by (Seed003: the side
    /// asked whether to act out of turn passes); `None` when it has no such pass.
    fn pass_command(&self, _view: &View, _question: &Question) -> Option<Command> {
        None
    }

    /// Why a modifier of an attack on `target` is what it is, where the map alone does not
    /// say (Seed003: cover a grade better than the map's, for a target that crouches or
    /// lies prone); `None` when there is nothing to add.
    #[cfg(feature = "window")]
    fn modifier_note(
        &self,
        _reason: crate::battle::events::Reason,
        _target: &UnitSnap,
    ) -> Option<String> {
        None
    }

    /// Whether the side asked a question answered on the map could do nothing there that
    /// is worth stopping the game for (Seed003: none of its units that may act out of turn
    /// could attack an enemy now). The window's auto-pass then passes for it.
    fn nothing_to_do(&self, _view: &View, _question: &Question) -> bool {
        false
    }

    /// Its own words on the turn bar for the slot of play under way, after the round
    /// (Seed002: whose activation it is; Seed003: a side asked to act out of turn); `None`
    /// when it has none.
    fn turn_bar_text(
        &self,
        _turn: &TurnState,
        _resolution: &Resolution,
        _roster: &Roster,
    ) -> Option<String> {
        None
    }

    /// What the hand-off screen says comes next for `unit`, where its own play decides
    /// (Seed003: a window to act out of turn before a declared action); `None` keeps the
    /// core's words.
    fn handoff_next(
        &self,
        _resolution: &Resolution,
        _roster: &Roster,
        _unit: &str,
    ) -> Option<String> {
        None
    }

    /// Its own part of a preview (its own odds, `Preview::odds`) in words, in the form
    /// asked; `None` when the preview has none of its own.
    fn odds_text(&self, _preview: &Preview, _form: OddsForm) -> Option<String> {
        None
    }

    /// The card's lines for what it added to a preview (`Play::preview_notes`), each ending
    /// in a newline (Core: none).
    fn notes_text(&self, _preview: &Preview) -> Option<String> {
        None
    }

    /// Its own lines on a unit's card in the side panel, each in place of Core's where it
    /// gives one: the vitality and defences line, and the resources line, which then
    /// counts its movement too (Seed002: Aura, Stamina, Agility; Energy).
    fn side_panel_lines(&self, _unit: &UnitSnap, _rules: &Ruleset) -> [Option<String>; 2] {
        [None, None]
    }

    /// What the reaction prompt says of one of its own reactions: the odds in words and
    /// the price (Seed004's Dodge, against the attack waiting on the stack); `None` for
    /// Core's line.
    fn reaction_prompt(
        &self,
        _ctx: &Ctx,
        _offer: &Offer,
        _pending: Option<&Work>,
    ) -> Option<(String, String)> {
        None
    }

    /// A line of its own on a unit's card, after the defences (Seed000: the DR values and
    /// skills, where the rules have hiding).
    fn side_panel_extra(&self, _unit: &UnitSnap, _rules: &Ruleset) -> Option<String> {
        None
    }

    /// The card's words for what reactions are paid from, where it is a pool of the
    /// rulebook's own (Seed004: Vigor left of its most).
    fn reactions_text(&self, _unit: &UnitSnap) -> Option<String> {
        None
    }

    /// Its own keys the action bar always shows (the others wait under More): the ones a
    /// player of it reaches for every turn (Seed003: Crouch, Dash, the attack styles).
    #[cfg(feature = "window")]
    fn primary_intents(&self) -> &'static [crate::game::controls::Intent] {
        &[]
    }

    /// Whether a unit may choose to fight bare-handed beside its weapons (Seed002), so that
    /// cycling through the weapons offers bare hands too.
    fn bare_hands(&self) -> bool {
        false
    }

    /// The command a click on tile `to` makes while `action`, one of its own that picks a
    /// tile, is chosen (Seed003's Drag: along the path a move there takes), with what the
    /// map shows over the tile while it is hovered.
    #[cfg(feature = "window")]
    fn tile_command(
        &self,
        _view: &View,
        _me: &UnitSnap,
        _action: ActionKind,
        _to: Pos,
    ) -> Option<TileCommand> {
        None
    }

    /// The command a key or click of its own makes, where it depends on the acting unit or
    /// its target more than `Rulebook::command_of` says (Seed003: Crouch and Lie Down
    /// from the posture now; Ignore, which a second click takes back).
    #[cfg(feature = "window")]
    fn window_command(
        &self,
        _me: &UnitSnap,
        _intent: crate::game::controls::Intent,
        _action: Option<ActionKind>,
        _target: Option<&UnitSnap>,
    ) -> Option<Command> {
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

    /// Whether the action bar offers one of the window's toggles that only some rulebooks
    /// have (an off-hand blow, an attack style) under `rules`; `None`: it does not.
    #[cfg(feature = "window")]
    fn offers(&self, _intent: crate::game::controls::Intent, _rules: &Ruleset) -> Option<bool> {
        None
    }

    /// The action of its own that a key of its own stands for (the core's keys stand for
    /// the core's actions).
    #[cfg(feature = "window")]
    fn intent_action(&self, _intent: crate::game::controls::Intent) -> Option<ActionKind> {
        None
    }

    /// Whether a click in this action's tile mode walks a path to the tile
    /// (`tile_command`), not one step to it; such an action is offered whenever a path
    /// could make it legal.
    #[cfg(feature = "window")]
    fn walks_to(&self, _action: ActionKind) -> bool {
        false
    }

    /// The status line while the player picks a tile for this action, where the rulebook
    /// says more than "click a tile".
    #[cfg(feature = "window")]
    fn step_hint(&self, _action: ActionKind) -> Option<&'static str> {
        None
    }

    /// The action a key takes by clicking a tile instead of at once (Seed002's Shift, and
    /// its Sprint, to where it runs; Seed003's Drag).
    #[cfg(feature = "window")]
    fn tile_action(&self, _intent: crate::game::controls::Intent) -> Option<ActionKind> {
        None
    }

    /// What steps an attacker may place on free tiles before its attack, in words, where
    /// the rulebook has them (Seed002's Agile steps, M5); `None`: clicks pick targets only.
    #[cfg(feature = "window")]
    fn steps_before_attack(&self) -> Option<&'static str> {
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

    /// The attack one of its own events reports: (attacker, target, weapon), for the map's
    /// lunge or shot.
    fn strike_of<'a>(&self, _ev: &'a BattleEvent) -> Option<(&'a str, &'a str, &'a str)> {
        None
    }

    /// What the map marks over a creature for one of its own events.
    fn mark_of<'a>(&self, _ev: &'a BattleEvent) -> Option<Mark<'a>> {
        None
    }
}

/// A command made by clicking a tile, and what the map shows while the tile is hovered:
/// the tiles it walks, and a label of its price and chance.
#[cfg(feature = "window")]
pub struct TileCommand {
    pub command: Command,
    pub path: Vec<Pos>,
    pub label: String,
}

/// What the map marks over a creature for an event, as the window shows it in colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark<'a> {
    /// An attack's roll on `target`: a miss, a hit, or a critical hit.
    Roll {
        target: &'a str,
        missed: bool,
        critical: bool,
    },
    /// A blow of this damage type deals `dealt`.
    Blow {
        unit: &'a str,
        dealt: i32,
        damage_type: crate::rules::combat::DamageType,
    },
    /// Harm without a blow (Bleeding).
    Loss { unit: &'a str, amount: i32 },
    /// A word over the creature: harm done (`Moderate wound`), or none (`DODGE`).
    Word {
        unit: &'a str,
        word: String,
        harm: bool,
    },
}
