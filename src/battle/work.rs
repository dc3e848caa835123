//! The resolution's work: the questions that wait for a side's answer, the stack of
//! walks, attacks, pushes and rulebooks' own steps that reactions may interrupt
//! (`Resolution`, with the rulebook's own state of it), and the items dropped on the ground. `engine.rs` runs the stack;
//! `execute.rs` and the rule systems push onto it.

use super::events::{AttackKind, Command, ReactionKind};
use crate::rules::book_value::{BookItem, BookState, BookValue};
use crate::rules::grid::{Dir8, Pos};
use crate::rules::unit::Weapon;
use bevy::prelude::*;
use std::collections::VecDeque;

/// A reaction offered to a combatant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    pub reactor: Entity,
    pub kind: ReactionKind,
    pub target: Entity,
    /// Seed002 (X1 b): a Swift Attack that the target's own willing step set off (X3).
    pub stepped: bool,
}

impl Offer {
    /// `kind` offered to `reactor` against `target`, set off by anything but the target's
    /// own willing step.
    pub fn new(reactor: Entity, kind: ReactionKind, target: Entity) -> Offer {
        Offer {
            reactor,
            kind,
            target,
            stepped: false,
        }
    }
}

/// A question that waits for a side's answer; the battle goes on once it is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Does the reactor take this reaction?
    Reaction(Offer),
    /// A rulebook's own question, of its own type, which that rulebook plans the answer to
    /// (`Play::plan_asked`).
    Book(BookQuestion),
}

/// A rulebook's own question: who is asked, where they answer it, and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookQuestion {
    pub asked: Entity,
    pub answer: AnswerOn,
    pub what: BookValue,
}

/// Where the side asked gives its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerOn {
    /// On a prompt of its own (`Hud::choice_ask`).
    Prompt,
    /// On the map: the unit asked acts, as on its turn.
    Unit,
    /// On the map: any able unit of the side asked acts (the unit asked, unless another
    /// is picked), as on a turn.
    Side,
}

impl Question {
    /// A rulebook's own question `what`, put to `asked`, answered `answer`.
    pub fn book<T: BookItem>(asked: Entity, answer: AnswerOn, what: T) -> Question {
        Question::Book(BookQuestion {
            asked,
            answer,
            what: BookValue::new(what),
        })
    }

    /// Who is asked.
    pub fn asked(&self) -> Entity {
        match self {
            Question::Reaction(o) => o.reactor,
            Question::Book(q) => q.asked,
        }
    }

    /// The reaction offered, when the question is one.
    pub fn offer(&self) -> Option<Offer> {
        match self {
            Question::Reaction(o) => Some(*o),
            Question::Book(_) => None,
        }
    }

    /// The rulebook's own question, when it is one of type `T`.
    pub fn of_book<T: BookItem>(&self) -> Option<&T> {
        match self {
            Question::Book(q) => q.what.get(),
            Question::Reaction(_) => None,
        }
    }

    /// Where the side asked answers: a reaction on its prompt.
    pub fn answer_on(&self) -> AnswerOn {
        match self {
            Question::Reaction(_) => AnswerOn::Prompt,
            Question::Book(q) => q.answer,
        }
    }

    /// Whether the side asked answers on the map, by acting (Seed002's Seize won, Seed003's
    /// window), not on a prompt.
    pub fn on_map(&self) -> bool {
        self.answer_on() != AnswerOn::Prompt
    }
}

/// A willing move in progress: the mover goes on along `path[next..]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub mover: Entity,
    /// Where the walk began.
    pub start: Pos,
    pub path: Vec<Pos>,
    pub next: usize,
    /// Set once the opportunity attacks for the coming step have been offered.
    pub reactions_checked: bool,
    /// A charge's run: it does not spend the pool, and it ends where the charger stands
    /// once it is knocked Prone (RULES §4).
    pub charge: bool,
    /// The mover lay Prone when it set out (crawling): only a mover knocked Prone on the
    /// way stops for it.
    pub crawling: bool,
    /// How the steps are paid for (Core's pool, or a rulebook's own gait).
    pub gait: Gait,
    /// Metres walked so far (a rulebook's gait may be paid by them).
    pub walked: u32,
}

/// How a willing move is paid for.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Gait {
    /// From the movement pool and AP (Core).
    #[default]
    Pool,
    /// A rulebook's own way of walking, of its own type (Seed002's Run, Shift and Agile
    /// Move; Seed003's Drag): the rulebook prices and pays its steps (`Play::step_extra`,
    /// `pay_step`), says whether they provoke (`gait_provokes`) and who follows them
    /// (`follow_step`).
    Own(crate::rules::book_value::BookValue),
}

impl Gait {
    /// A rulebook's own gait.
    pub fn own<T: crate::rules::book_value::BookItem>(gait: T) -> Gait {
        Gait::Own(crate::rules::book_value::BookValue::new(gait))
    }

    /// The rulebook's own gait of type `T`, if this is one.
    pub fn of<T: crate::rules::book_value::BookItem>(&self) -> Option<&T> {
        match self {
            Gait::Own(gait) => gait.get(),
            Gait::Pool => None,
        }
    }
}

impl Walk {
    pub fn new(mover: Entity, start: Pos, path: Vec<Pos>, charge: bool, crawling: bool) -> Self {
        Walk {
            mover,
            start,
            path,
            next: 0,
            reactions_checked: false,
            charge,
            crawling,
            gait: Gait::Pool,
            walked: 0,
        }
    }
}

/// One step of resolution still to do. The stack is last-in, first-out, so a reaction
/// pushed on top of a step happens before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Work {
    /// Continue a willing move.
    Walk(Walk),
    Offer(Offer),
    Attack(PendingAttack),
    Push {
        pusher: Entity,
        target: Entity,
        dir: Dir8,
        distance: u32,
        /// The pushed becomes Unguarded (not after a Seed002 swift Push, X2).
        unguards: bool,
    },
    /// A weapon's teleport on a hit: `user` hit `target` (RULES §8).
    Teleport {
        user: Entity,
        target: Entity,
        teleport: crate::rules::unit::Teleport,
    },
    /// Finish standing up, after the opportunity attacks it provoked.
    StandUp {
        unit: Entity,
    },
    /// After a charge's move: the shove.
    ChargeShove {
        actor: Entity,
        target: Entity,
        dir: Dir8,
    },
    /// The rulebook's own action, paid: the rulebook resolves it.
    Own(crate::battle::own::OwnPlan),
    /// A step of a rulebook's own, of its own type (an attack it rolls its own way), that
    /// it pushed and performs.
    Book(BookValue),
}

impl Work {
    /// A rulebook's own step.
    pub fn book<T: BookItem>(work: T) -> Work {
        Work::Book(BookValue::new(work))
    }

    /// The step as a rulebook's own of type `T`, if it is one.
    pub fn of_book<T: BookItem>(&self) -> Option<&T> {
        match self {
            Work::Book(b) => b.get(),
            _ => None,
        }
    }

    /// The step as a rulebook's own of type `T`, to change it.
    pub fn of_book_mut<T: BookItem>(&mut self) -> Option<&mut T> {
        match self {
            Work::Book(b) => b.get_mut(),
            _ => None,
        }
    }

    /// The step as a rulebook's own of type `T`, taken out; itself back when it is not one.
    pub fn take_book<T: BookItem>(self) -> Result<T, Work> {
        match self {
            Work::Book(b) => b.take().map_err(Work::Book),
            other => Err(other),
        }
    }
}

/// An attack about to be rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingAttack {
    pub attacker: Entity,
    pub target: Entity,
    pub weapon: usize,
    pub kind: AttackKind,
    /// Seed000: a d4 comes off the damage, and it never takes vitality below 0.
    pub non_lethal: bool,
    /// Seed000: held actions an attack sets off come before its roll. `None`: not yet
    /// looked for; `Some(true)`: some fired, so the attack is checked again and withdrawn,
    /// refunded, if it is no longer legal.
    pub interrupted: Option<bool>,
    /// Seed000: a held Disarm it set off took its weapon; the recheck withdraws it.
    pub lost_weapon: bool,
}

impl PendingAttack {
    /// A plain attack: lethal, held actions not yet looked for.
    pub fn new(attacker: Entity, target: Entity, weapon: usize, kind: AttackKind) -> Self {
        PendingAttack {
            attacker,
            target,
            weapon,
            kind,
            non_lethal: false,
            interrupted: None,
            lost_weapon: false,
        }
    }
}

/// Commands waiting, the resolution stack, and a pending reaction question.
#[derive(Resource, Clone, Debug, Default)]
pub struct Resolution {
    pub queue: VecDeque<Command>,
    pub stack: Vec<Work>,
    pub awaiting: Option<Question>,
    /// Combatants that became Unguarded since the last check (swift attack triggers).
    pub newly_unguarded: Vec<Entity>,
    /// Combatants knocked Prone while this command resolves (where the ruleset's
    /// `opportunity` is `TakeOpening`, a stand-up knocked down again is lost).
    pub knocked_down: Vec<Entity>,
    /// The rulebook's own state of resolution, each of its own type (who took the last
    /// action, what was last seen of each flank, a declared action held back).
    pub book: BookState,
}

/// An item on the ground, waiting for its owner.
#[derive(Clone, Debug, PartialEq)]
pub struct DroppedItem {
    pub owner: Entity,
    pub at: Pos,
    pub item: Item,
}

/// What was dropped: a weapon, or a shield with its rating.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    Weapon(Weapon),
    Shield(i32),
}

impl Item {
    pub fn name(&self) -> String {
        match self {
            Item::Weapon(w) => w.name.clone(),
            Item::Shield(_) => "shield".into(),
        }
    }
}

/// Every dropped item of the battle.
#[derive(Resource, Clone, Debug, Default)]
pub struct DroppedItems(pub Vec<DroppedItem>);
