//! The actions of RULES §4 and what they cost in action points, and the reactions of
//! RULES §8.

use serde::{Deserialize, Serialize};

/// The name of a rulebook's own action (`Rally`), as its ruleset's cost table and a
/// replay's `Own` command name it; the rulebook that has it says what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OwnAction(pub &'static str);

impl OwnAction {
    /// The action of this name, kept for the life of the program (names are few, each
    /// kept once).
    pub fn named(name: &str) -> OwnAction {
        OwnAction(super::names::kept(name))
    }
}

impl Serialize for OwnAction {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

impl<'de> Deserialize<'de> for OwnAction {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Ok(OwnAction::named(&name))
    }
}

/// Every action a combatant can take on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ActionKind {
    Move,
    Sprint,
    Attack,
    Defend,
    TakeCover,
    Disengage,
    Shove,
    Trip,
    Grab,
    Escape,
    Release,
    StandUp,
    Charge,
    Stabilize,
    Face,
    Delay,
    EndTurn,
    /// Seed000: take a weapon from an adjacent enemy.
    Disarm,
    /// Seed000: hide from every enemy side.
    Hide,
    /// Seed000: swap tiles with an adjacent ally.
    SwitchPlaces,
    /// Seed000: pay for an action now and let it fire on a trigger.
    Hold,
    /// Seed001: pick up one's own dropped item.
    Manipulate,
    /// Seed004: tend an adjacent ally: stabilize it in Shock, else restore Durability.
    FirstAid,
    /// Seed004: ready an attack for the first enemy that steps into its reach or range.
    Ready,
    /// Seed002: an attack with bare hands (non-lethal).
    UnarmedAttack,
    /// Seed002: a shot (loading first if the weapon is unloaded).
    RangedAttack,
    /// Seed002: a Swift Attack taken as one's own action against an Unguarded enemy.
    SwiftAttack,
    /// Seed002: a blow on an Unconscious enemy.
    Coup,
    /// Seed002: one metre of footwork, paid in Energy or Agility.
    Shift,
    /// Seed002: from Prone to Kneeling.
    Kneel,
    /// Seed002: load a ranged weapon.
    Load,
    /// Seed002: spend Energy to regain a Stamina.
    CatchBreath,
    /// Seed003: double the move rate for the round.
    Dash,
    /// Seed003: stand, crouch or lie down.
    ChangePosture,
    /// Seed003: a melee attack for less AP whose wound is a step lighter.
    QuickAttack,
    /// Seed003: a melee attack for more AP and a Stamina that adds a d6 to the damage.
    StrongAttack,
    /// Seed003: a melee attack at −2 whose wound may be capped, and knocks out instead of
    /// killing.
    NonlethalAttack,
    /// Seed003: a melee attack roll that becomes the actor's Defense against the target's
    /// Rebuffs for the rest of the turn.
    CreateOpening,
    /// Seed003: hold the grapple partner down.
    Pin,
    /// Seed003: move and take the grapple partner along.
    Drag,
    /// Seed003: raise one's initiative by a d6.
    SeizeInitiative,
    /// Seed003: ignore a flanker (or stop ignoring it).
    Ignore,
    /// Seed003's reactions, paid in AP: a reach weapon strikes an enemy stepping inside its
    /// reach; an enemy in reach declaring a ranged attack is Harried; a grappler pulls its
    /// partner into an attack meant for it; a grappler follows its partner.
    Rebuff,
    Harry,
    Interpose,
    Cling,
    /// A rulebook's own action, by name: its ruleset's cost table prices it, and the
    /// rulebook checks and resolves it (`Rulebook::plan_own`).
    Own(OwnAction),
}

impl ActionKind {
    pub const fn label(self) -> &'static str {
        match self {
            ActionKind::Move => "Move",
            ActionKind::Sprint => "Sprint",
            ActionKind::Attack => "Attack",
            ActionKind::Defend => "Defend",
            ActionKind::TakeCover => "Take Cover",
            ActionKind::Disengage => "Disengage",
            ActionKind::Shove => "Shove",
            ActionKind::Trip => "Trip",
            ActionKind::Grab => "Grab",
            ActionKind::Escape => "Escape",
            ActionKind::Release => "Release",
            ActionKind::StandUp => "Stand Up",
            ActionKind::Charge => "Charge",
            ActionKind::Stabilize => "Stabilize",
            ActionKind::Face => "Face",
            ActionKind::Delay => "Delay",
            ActionKind::EndTurn => "End Turn",
            ActionKind::Disarm => "Disarm",
            ActionKind::Hide => "Hide",
            ActionKind::SwitchPlaces => "Switch Places",
            ActionKind::Hold => "Hold",
            ActionKind::Manipulate => "Manipulate",
            ActionKind::FirstAid => "First Aid",
            ActionKind::Ready => "Ready",
            ActionKind::UnarmedAttack => "Unarmed Attack",
            ActionKind::RangedAttack => "Ranged Attack",
            ActionKind::SwiftAttack => "Swift Attack",
            ActionKind::Coup => "Coup",
            ActionKind::Shift => "Shift",
            ActionKind::Kneel => "Kneel",
            ActionKind::Load => "Load",
            ActionKind::CatchBreath => "Catch Your Breath",
            ActionKind::Dash => "Dash",
            ActionKind::ChangePosture => "Change Posture",
            ActionKind::QuickAttack => "Quick Attack",
            ActionKind::StrongAttack => "Strong Attack",
            ActionKind::NonlethalAttack => "Nonlethal Attack",
            ActionKind::CreateOpening => "Create an Opening",
            ActionKind::Pin => "Pin",
            ActionKind::Drag => "Drag",
            ActionKind::SeizeInitiative => "Seize Initiative",
            ActionKind::Ignore => "Ignore",
            ActionKind::Rebuff => "Rebuff",
            ActionKind::Harry => "Harry",
            ActionKind::Interpose => "Interpose",
            ActionKind::Cling => "Cling",
            ActionKind::Own(own) => own.0,
        }
    }

    /// Whether the action picks a target combatant.
    pub const fn targets_unit(self) -> bool {
        matches!(
            self,
            ActionKind::Attack
                | ActionKind::Shove
                | ActionKind::Trip
                | ActionKind::Grab
                | ActionKind::Charge
                | ActionKind::Stabilize
                | ActionKind::Disarm
                | ActionKind::SwitchPlaces
                | ActionKind::CreateOpening
                | ActionKind::Ignore
                | ActionKind::FirstAid
                | ActionKind::Coup
        )
    }
}

/// Which reaction (RULES §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReactionKind {
    Opportunity,
    Swift,
    /// Seed004's Take Opening: an enemy leaves the reactor's reach or stands up.
    Opening,
    /// Seed004: the attacked combatant pays Vigor to roll against the attack.
    Dodge,
    /// Seed004: a readied attack, set off by an enemy stepping into reach or range.
    Readied,
    /// Seed002: the side of a unit attacked may Seize the initiative and act first.
    Seize,
    /// Seed003: a reach weapon strikes an enemy stepping inside its reach; an enemy in
    /// reach declaring a ranged attack is Harried; a grappler pulls its partner into an
    /// attack meant for it; a grappler follows its partner.
    Rebuff,
    Harry,
    Interpose,
    Cling,
    /// Seed003 (F3): a combatant of an `Ask` side that first becomes Flanked outside its
    /// turn may ignore the new flanker, free.
    Ignore,
}

/// Seed002 (X1): the maneuvers a Swift Attack may be instead of a melee blow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SwiftManeuver {
    Trip,
    Push,
    Restrain,
}

impl SwiftManeuver {
    pub const ALL: [SwiftManeuver; 3] = [
        SwiftManeuver::Trip,
        SwiftManeuver::Push,
        SwiftManeuver::Restrain,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SwiftManeuver::Trip => "Trip",
            SwiftManeuver::Push => "Push",
            SwiftManeuver::Restrain => "Restrain",
        }
    }
}
