//! Seed001's maneuvers after a critical win (presets/Seed001.md, "Maneuvers"): which the
//! winner may take against the loser, which its side's policy picks, and what each does once
//! the damage is dealt — the loser's test (or none, by size), Dazed, Prone, a push, a dropped
//! item, a brace or a feint. Dropped items lie on the map until their owner picks them up
//! (`Manipulate`). The size table and the maneuver kinds are in `rules/combat_roll.rs`.

use super::Seed001Event;
use super::work::{Seed001Question, Strike};
use crate::battle::engine::{AnswerOn, Battle, DroppedItem, DroppedItems, Item, Question, Work};
use crate::battle::events::BattleEvent;
use crate::battle::snapshot::UnitSnap;
use crate::level::schema::ReactionPolicy;
use crate::rulebooks::seed001::stats::{Seed001Of, Seed001WeaponOf};
use crate::rules::combat::RollMode;
use crate::rules::combat_roll::{
    CombatOutcome, DisarmItem, Maneuver, SizeEdge, TEST_TARGET, pass_chance, size_edge,
};
use crate::rules::odds::Chance;
use crate::rules::ruleset::{ConditionKind, Duration};
use crate::rules::unit::{Stats, Weapon};
use bevy::prelude::*;

/// How far a Push maneuver moves the loser.
pub const PUSH_MANEUVER_METRES: u32 = 1;

/// Whether the unit holds a melee weapon it can parry with.
pub fn holds_melee_weapon(stats: &Stats) -> bool {
    stats.weapons.iter().any(|w| w.is_melee() && w.held)
}

/// The maneuvers `winner` may take against `loser` after a critical win; `attack` is the
/// strike's weapon and `attacker_won` whether the winner is the attacker.
pub fn maneuver_options(
    winner: &UnitSnap,
    loser: &UnitSnap,
    attack: &Weapon,
    attacker_won: bool,
) -> Vec<Maneuver> {
    let sized_ok =
        size_edge(loser.stats.size.rank() - winner.stats.size.rank()) != SizeEdge::Passes;
    let mut out = Vec::new();
    let bash_with = winner.stats.seed001().block_rating > 0
        || winner
            .stats
            .weapons
            .iter()
            .any(|w| w.seed001().heavy && w.held);
    if bash_with && sized_ok {
        out.push(Maneuver::Bash);
    }
    out.push(Maneuver::Brace);
    if sized_ok {
        if loser.stats.seed001().block_rating > 0 {
            out.push(Maneuver::Disarm(DisarmItem::Shield));
        }
        for w in loser.stats.weapons.iter().filter(|w| w.held) {
            out.push(Maneuver::Disarm(DisarmItem::Weapon(w.name.clone())));
        }
    }
    out.push(Maneuver::Feint);
    if attacker_won && !attack.seed001().spell {
        out.push(Maneuver::Precision);
    }
    if sized_ok {
        out.push(Maneuver::Push);
        if !loser.has(ConditionKind::Prone) {
            out.push(Maneuver::Trip);
        }
    }
    out
}

/// What the `Always` policy takes: Precision where it may, else Trip where it can take
/// effect, else Brace.
pub fn policy_maneuver(options: &[Maneuver]) -> Maneuver {
    [Maneuver::Precision, Maneuver::Trip]
        .into_iter()
        .find(|m| options.contains(m))
        .unwrap_or(Maneuver::Brace)
}

/// The loser's test against a maneuver (presets/Seed001.md): Athletics (might) against Bash
/// and Push, Acrobatics (agility) against Trip, the better of the two against Disarm; the
/// size table (`Err(true)`: it passes without a die, `Err(false)`: it fails without one), a
/// bane while Dazed, a boon against disarming a two-handed weapon or a shield.
pub fn resist_test(wn: &UnitSnap, ls: &UnitSnap, m: &Maneuver) -> Result<(i32, RollMode), bool> {
    let bonus = match m {
        Maneuver::Trip => ls.stats.agility,
        Maneuver::Disarm(_) => ls.stats.resist_bonus(),
        _ => ls.stats.might,
    };
    let (mut adv, mut dis) = (0, usize::from(ls.has(ConditionKind::Dazed)));
    match size_edge(ls.stats.size.rank() - wn.stats.size.rank()) {
        SizeEdge::Passes => return Err(true),
        SizeEdge::Fails => return Err(false),
        SizeEdge::Rolls(RollMode::Advantage) => adv += 1,
        SizeEdge::Rolls(RollMode::Disadvantage) => dis += 1,
        SizeEdge::Rolls(RollMode::Normal) => {}
    }
    if let Maneuver::Disarm(item) = m {
        let two_handed = match item {
            DisarmItem::Shield => true,
            DisarmItem::Weapon(name) => ls
                .stats
                .weapons
                .iter()
                .any(|w| &w.name == name && w.seed001().two_handed),
        };
        adv += usize::from(two_handed);
    }
    Ok((bonus, RollMode::from_sources(adv, dis)))
}

/// The chance a maneuver takes effect: the loser fails its test (or the winner passes its
/// Deception test for a Feint); certain for Brace and Precision.
pub fn maneuver_chance(wn: &UnitSnap, ls: &UnitSnap, m: &Maneuver) -> Chance {
    match m {
        Maneuver::Brace | Maneuver::Precision => Chance::certain(),
        Maneuver::Feint => {
            let mode = RollMode::from_sources(0, usize::from(wn.has(ConditionKind::Dazed)));
            pass_chance(wn.stats.agility, mode)
        }
        _ => match resist_test(wn, ls, m) {
            Err(passes) => {
                if passes {
                    Chance::never()
                } else {
                    Chance::certain()
                }
            }
            Ok((bonus, mode)) => !pass_chance(bonus, mode),
        },
    }
}

impl Battle<'_, '_> {
    /// A critical win: the maneuver named in advance, the winner's policy, or a question.
    pub fn settle_maneuver(&mut self, mut s: Strike, outcome: CombatOutcome) {
        let snap = self.snapshot();
        let attacker_won = outcome == CombatOutcome::AttackerCriticalWin;
        let (w, l) = if attacker_won {
            (s.attacker, s.target)
        } else {
            (s.target, s.attacker)
        };
        let (Some(winner), Some(loser), Some(attacker)) =
            (snap.get(w), snap.get(l), snap.get(s.attacker))
        else {
            return;
        };
        let options = maneuver_options(
            winner,
            loser,
            &attacker.stats.weapons[s.weapon],
            attacker_won,
        );
        let named = s
            .named
            .clone()
            .filter(|m| attacker_won && options.contains(m));
        let chosen = match (named, self.policy_of(w)) {
            (Some(m), _) => Some(Some(m)),
            (None, ReactionPolicy::Never) => Some(None),
            (None, ReactionPolicy::Always) => Some(Some(policy_maneuver(&options))),
            (None, ReactionPolicy::Ask) => None,
        };
        match chosen {
            Some(m) => {
                s.maneuver = Some(m.clone());
                self.emit(Seed001Event::ManeuverChosen {
                    unit: winner.name.to_string(),
                    against: loser.name.to_string(),
                    maneuver: m,
                });
                self.resolution.stack.push(Work::book(s));
            }
            None => {
                self.resolution.awaiting = Some(Question::book(
                    w,
                    AnswerOn::Prompt,
                    Seed001Question::Maneuver {
                        winner: w,
                        loser: l,
                    },
                ));
                let ev = BattleEvent::from(Seed001Event::ManeuverOffered {
                    unit: winner.name.to_string(),
                    against: loser.name.to_string(),
                    options,
                });
                self.resolution.stack.push(Work::book(s));
                self.emit(ev);
            }
        }
    }

    /// The maneuver's effect, once the strike's damage and hooks are done.
    pub fn maneuver(&mut self, winner: Entity, loser: Entity, m: &Maneuver) {
        let snap = self.snapshot();
        let (Some(wn), Some(ls)) = (snap.get(winner), snap.get(loser)) else {
            return;
        };
        // Nothing against a loser the strike took Down (Brace is the winner's own, and
        // Precision was the strike's damage).
        if ls.is_down() && !matches!(m, Maneuver::Brace | Maneuver::Precision) {
            self.emit(Seed001Event::NoEffect {
                unit: wn.name.to_string(),
                what: m.name(),
                reason: format!("{} went Down first", ls.name),
            });
            return;
        }
        let by = format!("{}'s {}", wn.name, m.name());
        match m {
            Maneuver::Brace => self.add_condition(
                winner,
                ConditionKind::Braced,
                Duration::UntilRemoved,
                &by,
                None,
            ),
            Maneuver::Precision => {}
            Maneuver::Feint => self.feint(wn, ls, &by),
            Maneuver::Bash => {
                if !self.resists(wn, ls, m, "Athletics") {
                    self.add_condition(
                        loser,
                        ConditionKind::Dazed,
                        Duration::EndOfNextTurn,
                        &by,
                        None,
                    );
                }
            }
            Maneuver::Trip => {
                if !self.resists(wn, ls, m, "Acrobatics") {
                    self.add_condition(
                        loser,
                        ConditionKind::Prone,
                        Duration::UntilRemoved,
                        &by,
                        None,
                    );
                }
            }
            Maneuver::Push => {
                if !self.resists(wn, ls, m, "Athletics") {
                    self.resolution.stack.push(Work::Push {
                        pusher: winner,
                        target: loser,
                        dir: crate::battle::assess::push_direction(wn.pos, ls.pos),
                        distance: PUSH_MANEUVER_METRES,
                        unguards: true,
                    });
                }
            }
            Maneuver::Disarm(item) => {
                if !self.resists(wn, ls, m, "Athletics or Acrobatics") {
                    self.drop_item(ls, item);
                }
            }
        }
    }

    /// The loser's test against a maneuver, rolled (or decided by size); true when it
    /// resists.
    fn resists(&mut self, wn: &UnitSnap, ls: &UnitSnap, m: &Maneuver, skill: &str) -> bool {
        let purpose = format!("{} resists {} ({skill})", ls.name, m.name());
        match resist_test(wn, ls, m) {
            Err(passes) => self.automatic_test(ls, purpose, passes),
            Ok((bonus, mode)) => self.test(ls, purpose, bonus, mode),
        }
    }

    /// Roll a Seed001 test (against 10) and report it; true when it passes.
    pub fn test(&mut self, u: &UnitSnap, purpose: String, bonus: i32, mode: RollMode) -> bool {
        self.test_against(u, purpose, bonus, mode, TEST_TARGET)
    }

    /// A test that size decides without a die.
    fn automatic_test(&mut self, u: &UnitSnap, purpose: String, passed: bool) -> bool {
        self.emit(BattleEvent::TestRolled {
            unit: u.name.to_string(),
            purpose,
            mode: RollMode::Normal,
            rolls: Vec::new(),
            bonus: 0,
            total: 0,
            target: TEST_TARGET,
            passed,
            automatic: true,
        });
        passed
    }

    /// The winner's Deception test (d20 + agility); on a pass it feints the loser.
    fn feint(&mut self, wn: &UnitSnap, ls: &UnitSnap, by: &str) {
        let mode = RollMode::from_sources(0, usize::from(wn.has(ConditionKind::Dazed)));
        let purpose = format!("{} feints {} (Deception)", wn.name, ls.name);
        if self.test(wn, purpose, wn.stats.agility, mode) {
            self.add_condition(
                wn.entity,
                ConditionKind::Feinting,
                Duration::EndOfNextTurn,
                by,
                Some(ls.entity),
            );
        }
    }

    /// The loser drops the item: it lies on the loser's tile.
    fn drop_item(&mut self, ls: &UnitSnap, item: &DisarmItem) {
        let Ok(mut u) = self.units.get_mut(ls.entity) else {
            return;
        };
        let stats = std::sync::Arc::make_mut(&mut u.stats.0);
        let dropped = match item {
            DisarmItem::Shield => {
                let rating = std::mem::take(&mut stats.seed001_mut().block_rating);
                Item::Shield(rating)
            }
            DisarmItem::Weapon(name) => {
                let Some(i) = stats.weapons.iter().position(|w| &w.name == name) else {
                    return;
                };
                let w = stats.weapons.remove(i);
                if stats.weapons.is_empty() {
                    stats.weapons.push(Weapon::fists());
                }
                Item::Weapon(w)
            }
        };
        let ev = BattleEvent::from(Seed001Event::ItemDropped {
            unit: ls.name.to_string(),
            item: dropped.name(),
            at: ls.pos,
        });
        self.items.0.push(DroppedItem {
            owner: ls.entity,
            at: ls.pos,
            item: dropped,
        });
        self.emit(ev);
    }

    /// Pick up every item of one's own on this tile or a neighbouring one (Manipulate).
    pub fn pick_up(&mut self, unit: Entity) {
        let Ok(at) = self.units.get(unit).map(|u| u.pos.0) else {
            return;
        };
        let (mine, rest): (Vec<DroppedItem>, Vec<DroppedItem>) = std::mem::take(&mut self.items.0)
            .into_iter()
            .partition(|d| d.owner == unit && d.at.distance(at) <= 1);
        self.items.0 = rest;
        for d in mine {
            let Ok(mut u) = self.units.get_mut(unit) else {
                return;
            };
            let stats = std::sync::Arc::make_mut(&mut u.stats.0);
            match &d.item {
                Item::Shield(rating) => stats.seed001_mut().block_rating = *rating,
                Item::Weapon(w) => {
                    // Bare hands stand in only while it holds nothing.
                    if stats.weapons.len() == 1 && stats.weapons[0] == Weapon::fists() {
                        stats.weapons.clear();
                    }
                    stats.weapons.push(w.clone());
                }
            }
            let ev = BattleEvent::from(Seed001Event::ItemPickedUp {
                unit: u.combatant.name.to_string(),
                item: d.item.name(),
                from: d.at,
            });
            self.emit(ev);
        }
    }
}

/// Whether `unit` has something of its own to pick up within reach of its tile.
pub fn can_pick_up(items: &DroppedItems, unit: &UnitSnap) -> bool {
    items
        .0
        .iter()
        .any(|d| d.owner == unit.entity && d.at.distance(unit.pos) <= 1)
}
