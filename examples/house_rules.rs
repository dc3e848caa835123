//! House rules: a sixth rulebook written outside `src/`, on the public API alone. It is
//! Core with one action of its own, Rally (1 AP): the rallying combatant rolls 2d10 plus
//! its `rally` bonus, and on 9 or more every ally within 3 m shakes off Dazed. It shows
//! each extension point of `skirmish::rulebook::Rulebook`: a field of its own in a level's
//! stat blocks (`rally: 2`, checked against its bounds), the action priced in its ruleset,
//! checked and refused with a reason, resolved and logged in its own words, previewed with
//! its exact odds, offered on the window's action bar (F6), and used by the computer
//! player.
//!
//! `cargo run --release --example house_rules` opens `examples/house_rules.ron` in the
//! window; any arguments are passed to the `skirmish` command line instead
//! (`-- check examples/house_rules.ron`, `-- replay examples/house_rules_replay.ron`).

use skirmish::battle::command::View;
use skirmish::battle::engine::Battle;
use skirmish::battle::events::{BattleEvent, Command};
use skirmish::battle::own::{OwnActionSpec, OwnCommand, OwnEvent, OwnPlan, OwnPreview};
use skirmish::battle::refusal::Refusal;
use skirmish::battle::snapshot::{Snapshot, UnitSnap};
use skirmish::level::schema::{StatBlock, UnitFile};
use skirmish::rulebook::{Computer, Hud, Play, Rulebook};
use skirmish::rules::actions::{ActionKind, OwnAction};
use skirmish::rules::book_value::BookValue;
use skirmish::rules::condition::ConditionKind;
use skirmish::rules::odds::Chance;
use skirmish::rules::ruleset::{RulebookId, Ruleset};
use skirmish::rules::unit::Stats;

/// The name levels give it: `rules: (preset: House)`.
pub const NAME: &str = "House";
/// Rally: allies within reach of the rallying call shake off Dazed.
pub const RALLY: OwnAction = OwnAction("Rally");
/// Rally's AP cost.
pub const RALLY_COST: u32 = 1;
/// How far the call carries, in metres (tiles).
pub const RALLY_RANGE: u32 = 3;
/// The 2d10 total a Rally needs.
pub const RALLY_TARGET: u32 = 9;
/// The largest `rally` bonus a stat block may give.
pub const MAX_RALLY_BONUS: i64 = 5;
/// What a Rally event says happened: the allies shook off Dazed, or did not hear.
pub const RALLIED: &str = "rallied";
pub const UNHEARD: &str = "unheard";

/// The house rules.
pub struct HouseRules;

/// A combatant's `rally` bonus, added to its Rally's 2d10 (0 unless its stat block sets it).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RallyBonus(pub u32);

/// `u`'s Rally bonus.
pub fn rally_bonus(u: &UnitSnap) -> u32 {
    u.stats.own.get::<RallyBonus>().map_or(0, |b| b.0)
}

/// The one value of it, for the registry.
pub static HOUSE_RULES: HouseRules = HouseRules;

/// Add the house rules to the registry, so that levels may name them.
pub fn register() {
    skirmish::rulebooks::register(&HOUSE_RULES).expect("the name House is free");
}

/// The Dazed allies of `u` within Rally's range, in the snapshot's order.
fn dazed_allies<'a>(snap: &'a Snapshot, u: &'a UnitSnap) -> Vec<&'a UnitSnap> {
    snap.allies_of(u)
        .filter(|a| a.has(ConditionKind::Dazed) && !a.is_down())
        .filter(|a| a.pos.distance(u.pos) <= RALLY_RANGE)
        .collect()
}

/// The exact chance that 2d10 totals at least `target`.
fn chance_2d10_at_least(target: u32) -> Chance {
    let hits = (1..=10u32)
        .flat_map(|a| (1..=10u32).map(move |b| a + b))
        .filter(|total| *total >= target)
        .count();
    Chance::new(hits as u128, 100)
}

/// Names joined for a log line: "Bram", "Bram and Cole", "Ada, Bram and Cole".
fn joined(names: &[String]) -> String {
    match names {
        [] => "nobody".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
impl Rulebook for HouseRules {
    fn name(&self) -> &'static str {
        NAME
    }

    fn summary(&self) -> &'static str {
        "Core, plus Rally: 1 AP and 2d10 of 9 or more, and allies within 3 m shake off Dazed"
    }

    skirmish::level_fields!(stat_fields, read_stat; rally: i64);

    fn stat_bounds(&self, field: &str) -> Option<(i64, i64)> {
        (field == "rally").then_some((0, MAX_RALLY_BONUS))
    }

    fn own_stats(&self, block: &StatBlock, _unit: &UnitFile, stats: &mut Stats) {
        let bonus = RallyBonus(block.own.int_or("rally", 0) as u32);
        stats.own.put(BookValue::new(bonus));
    }

    /// The editor's unit panel shows the bonus the battle uses (`Rally 0 (rulebook)`).
    fn stat_value(&self, field: &str, stats: &Stats) -> Option<i64> {
        let bonus = stats.own.get::<RallyBonus>().map_or(0, |b| b.0);
        (field == "rally").then_some(bonus.into())
    }

    fn ruleset(&self) -> Ruleset {
        let mut r = Ruleset {
            rulebook: RulebookId(NAME),
            ..Ruleset::default()
        };
        r.costs.0.insert(ActionKind::Own(RALLY), RALLY_COST);
        r
    }

    fn own_actions(&self) -> &'static [OwnActionSpec] {
        &[OwnActionSpec {
            action: RALLY,
            help: "2d10, 9 or more: allies within 3 m shake off Dazed",
        }]
    }

    fn plan_own(
        &self,
        view: &View,
        actor: &UnitSnap,
        cmd: &OwnCommand,
    ) -> Result<OwnPlan, Refusal> {
        if cmd.action != RALLY {
            return Err(Refusal::NotInRules {
                action: ActionKind::Own(cmd.action),
            });
        }
        if dazed_allies(view.ctx.snap, actor).is_empty() {
            return Err(Refusal::Own {
                reason: format!("no ally of {} within {RALLY_RANGE} m is Dazed", actor.name),
            });
        }
        Ok(OwnPlan {
            unit: actor.entity,
            action: RALLY,
            target: None,
            at: None,
        })
    }

    fn resolve_own(&self, battle: &mut Battle, plan: OwnPlan) {
        let snap = battle.snapshot();
        let Some(me) = snap.get(plan.unit) else {
            return;
        };
        let allies: Vec<(bevy::prelude::Entity, String)> = dazed_allies(&snap, me)
            .iter()
            .map(|a| (a.entity, a.name.to_string()))
            .collect();
        let purpose = format!("{} rallies", me.name);
        let (a, b) = (battle.roll(10, &purpose), battle.roll(10, &purpose));
        let total = a + b + rally_bonus(me);
        let rallied = total >= RALLY_TARGET;
        battle.emit(BattleEvent::Own(OwnEvent {
            rulebook: RulebookId(NAME),
            action: RALLY,
            what: if rallied { RALLIED } else { UNHEARD }.into(),
            unit: me.name.to_string(),
            others: allies.iter().map(|(_, n)| n.clone()).collect(),
            numbers: vec![a.into(), b.into(), total.into(), RALLY_TARGET.into()],
        }));
        if rallied {
            for (e, _) in &allies {
                battle.remove_condition(*e, ConditionKind::Dazed, "rallied");
            }
        }
    }

    fn describe_own(&self, ev: &OwnEvent) -> String {
        let [a, b, total, need] = ev.numbers[..] else {
            return format!("{}: {} ({})", ev.unit, ev.action.0, ev.what);
        };
        let who = joined(&ev.others);
        let outcome = if ev.what == RALLIED {
            format!(
                "{who} shake{} off Dazed",
                if ev.others.len() == 1 { "s" } else { "" }
            )
        } else {
            format!(
                "{who} stay{} Dazed",
                if ev.others.len() == 1 { "s" } else { "" }
            )
        };
        // The bonus is what the total has beyond the dice.
        let dice = match total - a - b {
            0 => format!("2d10 = {a} + {b}"),
            bonus => format!("2d10 + {bonus} = {a} + {b} + {bonus}"),
        };
        format!("{} rallies: {dice} = {total} vs {need}: {outcome}", ev.unit)
    }

    fn preview_own(
        &self,
        view: &View,
        actor: &UnitSnap,
        cmd: &OwnCommand,
    ) -> Result<OwnPreview, Refusal> {
        self.plan_own(view, actor, cmd)?;
        let bonus = rally_bonus(actor);
        let chance = chance_2d10_at_least(RALLY_TARGET.saturating_sub(bonus));
        let roll = match bonus {
            0 => "2d10".to_string(),
            n => format!("2d10 + {n}"),
        };
        let names: Vec<String> = dazed_allies(view.ctx.snap, actor)
            .iter()
            .map(|a| a.name.to_string())
            .collect();
        Ok(OwnPreview {
            text: format!(
                "{chance} ({roll} >= {RALLY_TARGET}) that {} shake{} off Dazed",
                joined(&names),
                if names.len() == 1 { "s" } else { "" }
            ),
            chance: Some(chance),
        })
    }
}

impl Play for HouseRules {}

impl Hud for HouseRules {}

impl Computer for HouseRules {
    fn computer_own(&self, view: &View, actor: &UnitSnap) -> Option<Command> {
        let cmd = OwnCommand {
            unit: actor.name.to_string(),
            action: RALLY,
            target: None,
            at: None,
        };
        // Worth a turn's AP once two allies are Dazed, or one with the AP to spare for it.
        let dazed = dazed_allies(view.ctx.snap, actor).len();
        let spare = actor.ap > RALLY_COST;
        let worth = dazed >= 2 || (dazed == 1 && spare);
        let command = Command::Own(cmd);
        (worth && skirmish::battle::command::plan(view, &command).is_ok()).then_some(command)
    }
}

#[allow(dead_code)]
fn main() -> std::process::ExitCode {
    register();
    let given: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let args = if given.is_empty() {
        let level = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/house_rules.ron");
        vec!["play".into(), level.into()]
    } else {
        given
    };
    skirmish::cli::main(args)
}
