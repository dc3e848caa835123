//! The side panel on the right: the active combatant's card, the info card (the preview of
//! the picked action on the pointed target with all its numbers, or the pointed combatant,
//! and the tile under the cursor), and below them the combat log (`log.rs`). The words of a
//! preview are in `odds_text.rs`, shared with the map's labels and the prompts.

use super::{PANEL_BG, TEXT_DIM, log, text};
use crate::battle::Refusal;
use crate::battle::describe::{Wording, reaction_name};
use crate::battle::preview::{BattleView, Preview, preview};
use crate::battle::preview_extras::death_at_next_tick;
use crate::battle::snapshot::UnitSnap;
use crate::game::map_view::PANEL_WIDTH;
use crate::game::odds_text::{plain_name, preview_body, preview_label};
use crate::game::{Mode, Scrollable, UiState, side_name};
use crate::rulebook::{Rulebook, condition_effect};
use crate::rules::actions::ActionKind;
use crate::rules::grid::Pos;
use crate::rules::ruleset::{ApRefresh, MAX_RULESET_COUNT, ReactionPool, Ruleset};
use crate::rules::terrain::{Cover, TileKind};
use crate::rules::unit::WeaponKind;
use bevy::prelude::*;

#[derive(Component)]
pub(super) struct ActiveCard;
#[derive(Component)]
pub(super) struct InfoCard;

pub(super) fn spawn_side_panel(commands: &mut Commands) {
    commands
        .spawn((
            DespawnOnExit(crate::game::screen_state::OnMap),
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                right: px(0),
                bottom: px(0),
                width: px(PANEL_WIDTH),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(10)),
                row_gap: px(8),
                ..default()
            },
            BackgroundColor(PANEL_BG),
        ))
        .with_children(|p| {
            // The cards give way to the log, the active unit's first (the info card tells
            // what the pointer is on, and pointing at the panel would change it): what no
            // longer fits scrolls with the wheel rather than squeezing the log below
            // `log::LOG_MIN_SHARE` of the panel.
            p.spawn((card_box(1.0), ScrollPosition::default(), Scrollable))
                .with_child((text("", 15.0, Color::WHITE), ActiveCard));
            p.spawn((
                Node {
                    border: UiRect::top(px(1)),
                    padding: UiRect::top(px(6)),
                    ..card_box(INFO_CARD_SHRINK)
                },
                BorderColor::all(Color::srgb(0.25, 0.27, 0.32)),
                ScrollPosition::default(),
                Scrollable,
            ))
            .with_child((text("", 13.0, TEXT_DIM), InfoCard));
            log::spawn_log(p);
        });
}

/// How readily the info card gives up height, beside the active unit's card's 1.
const INFO_CARD_SHRINK: f32 = 0.05;

/// A card's box: it shrinks at `shrink`'s rate when the panel is full, and the wheel
/// scrolls what it no longer shows.
fn card_box(shrink: f32) -> Node {
    Node {
        flex_shrink: shrink,
        min_height: px(0),
        overflow: Overflow::scroll_y(),
        ..default()
    }
}

/// A combatant's resources as the rules in force count them: AP each turn or each round,
/// reactions from their own points or from the AP, and the attack limit, if any.
fn resource_line(u: &UnitSnap, rules: &Ruleset) -> String {
    let ap = match rules.ap_refresh {
        ApRefresh::PerTurn => format!("AP {}/{}", u.ap, rules.ap_per_turn),
        ApRefresh::PerRound => format!("AP {}/{} this round", u.ap, rules.ap_per_turn),
        ApRefresh::SpeedTable => format!("AP {}", u.ap),
    };
    let book = rules.rulebook.book();
    let reactions = book
        .reactions_text(u)
        .unwrap_or_else(|| match rules.reaction_pool {
            ReactionPool::Rp => format!("RP {}/{}", u.reactions.points, rules.reactions_per_round),
            ReactionPool::SharedAp => "reactions and defences: 1 AP".into(),
            ReactionPool::Vigor => format!("Vigor {}", book.reaction_pool_left(u)),
            ReactionPool::PricedAp => "reactions: their AP".into(),
        });
    let attacks = if rules.attacks_per_round >= MAX_RULESET_COUNT {
        format!("Attacks {}", u.attacks)
    } else {
        format!("Attacks {}/{}", u.attacks, rules.attacks_per_round)
    };
    format!("{ap}   {reactions}   {attacks}")
}

/// A combatant's numbers, weapons and conditions.
fn unit_lines(u: &UnitSnap, rules: &Ruleset) -> String {
    // A rulebook may give either line its own way; one with its own resources line counts
    // its own movement there too.
    let [own_defences, own_resources] = rules.rulebook.book().side_panel_lines(u, rules);
    let own_movement = own_resources.is_some();
    let defences = own_defences.unwrap_or_else(|| defences_line(u));
    let resources = own_resources.unwrap_or_else(|| resource_line(u, rules));
    let extra = (rules.rulebook.book())
        .side_panel_extra(u, rules)
        .map(|line| format!("{line}\n"))
        .unwrap_or_default();
    let movement = if own_movement {
        String::new()
    } else {
        format!(
            "Movement left {} m ({} per AP)   ",
            u.pool.metres, u.stats.movement
        )
    };
    let mut s = format!(
        "{defences}\n{extra}{resources}\n{movement}{:?}\n",
        u.stats.size
    );
    weapons_and_dying(u, &mut s);
    s
}

/// A combatant's vitality, armor and Evasion (RULES §2), and the Might and Agility its
/// contests roll (Shove, Trip, Grab, Escape: RULES §4).
fn defences_line(u: &UnitSnap) -> String {
    format!(
        "Vitality {}/{}   Armor {}   Evasion {}   Might {:+}   Agility {:+}",
        u.vitality, u.max_vitality, u.stats.armor, u.stats.evasion, u.stats.might, u.stats.agility
    )
}

/// The weapons of a combatant's card, and its chance to die at its next Bleeding tick.
fn weapons_and_dying(u: &UnitSnap, s: &mut String) {
    for w in &u.stats.weapons {
        let reach = match w.kind {
            WeaponKind::Melee => format!("reach {}", w.reach),
            WeaponKind::Ranged => format!("range {}/{}", w.range.0, w.range.1),
        };
        s.push_str(&format!(
            "  {} +{} {} {:?}, {}\n",
            plain_name(&w.name),
            w.hit,
            w.damage,
            w.damage_type,
            reach
        ));
    }
    if let Some(p) = death_at_next_tick(u) {
        s.push_str(&format!(
            "Dying: {:.0}% to die at its next Bleeding tick\n",
            p.percent()
        ));
    }
}

/// A combatant's conditions in short: each held in its own right, with how long it lasts.
fn conditions_line(u: &UnitSnap) -> String {
    let conds: Vec<String> = u
        .conditions
        .0
        .iter()
        .filter(|c| c.parent.is_none())
        .map(|c| format!("{} ({})", c.kind, c.duration))
        .collect();
    if conds.is_empty() {
        "No conditions".into()
    } else {
        conds.join(", ")
    }
}

pub(super) fn active_card(
    mut card: Single<&mut Text, With<ActiveCard>>,
    view: BattleView,
    ui: Res<UiState>,
) {
    let snap = view.snapshot();
    let body = match view.acting().and_then(|e| snap.get(e)) {
        Some(u) => {
            let side = side_name(&view.roster, u.side);
            let weapon = ui.weapon.clone().unwrap_or_else(|| "auto (best)".into());
            Wording::of(&view.rules.0).say(&format!(
                "{} ({side}) acts\n{}{}\nWeapon for attacks: {weapon}",
                u.name,
                unit_lines(u, &view.rules.0),
                conditions_line(u)
            ))
        }
        None => match &view.turn.outcome {
            Some(_) => "The battle is over".into(),
            None => "Waiting for the battle".into(),
        },
    };
    if card.0 != body {
        card.0 = body;
    }
}

/// The pointed target's preview in target mode, or else the pointed (or inspected)
/// combatant; then the tile under the cursor.
pub(super) fn info_card(
    mut card: Single<&mut Text, With<InfoCard>>,
    view: BattleView,
    ui: Res<UiState>,
    outlook: Res<crate::game::from_here::MoveOutlook>,
) {
    let snap = view.snapshot();
    let v = view.view(&snap);
    let mut s = String::new();
    // A combatant hidden from the side acting is not there for its player.
    let acting = view.acting().and_then(|e| snap.get(e)).map(|u| u.side);
    let pointed = ui
        .hovered
        .and_then(|p| snap.at(p))
        .or_else(|| ui.inspected.and_then(|e| snap.get(e)))
        .filter(|u| acting.is_none_or(|s| !u.hidden_from(s)));
    if let (Mode::Target(kind), Some(t), Some(me)) =
        (ui.mode, pointed, view.acting().and_then(|e| snap.get(e)))
        && let Some(cmd) = ui.command_in(&v, kind, &me.name, &t.name)
    {
        s.push_str(&target_text(kind, t, preview(&v, &cmd), &view.rules.0));
    } else if let Some(u) = pointed {
        let side = side_name(&view.roster, u.side);
        s.push_str(&format!(
            "{} ({side}, {})\n{}{}",
            u.name,
            u.initiative.total,
            unit_lines(u, &view.rules.0),
            conditions_explained(u, view.rules.0.rulebook.book())
        ));
    }
    if let Some(p) = ui.hovered
        && let Some(k) = view.map.grid.kind(p)
    {
        s.push_str(&tile_text(p, k));
        for line in crate::game::objective_areas::asked_at(&view.roster, p) {
            s.push_str(&format!("\n{line}"));
        }
        // A move there: the attacks it leads to (`from_here`).
        if ui.mode == Mode::Move && outlook.at == Some(p) {
            s.push_str(&format!(
                "\nAttacks from here:\n{}\n",
                outlook.lines.join("\n")
            ));
        }
    }
    if s.is_empty() {
        s = "Point at a tile or a combatant.".into();
    }
    let s = Wording::of(&view.rules.0).say(&s);
    if card.0 != s {
        card.0 = s;
    }
}

/// An action on a target: its preview, or why it is not possible.
fn target_text(
    kind: ActionKind,
    target: &UnitSnap,
    result: Result<Preview, Refusal>,
    rules: &Ruleset,
) -> String {
    match result {
        Ok(p) => preview_text(kind, target, &p, rules.rulebook.book()),
        Err(reason) => format!(
            "{} on {}: not possible\n{reason}\n",
            kind.label(),
            target.name
        ),
    }
}

/// Every number of a preview: the odds, the push, the modifiers (one that comes from a
/// condition with what the condition does) and the reactions.
fn preview_text(kind: ActionKind, target: &UnitSnap, p: &Preview, book: &dyn Rulebook) -> String {
    let label = preview_label(kind, p);
    let mut s = format!("{} on {}: {label}\n", kind.label(), target.name);
    s.push_str(&preview_body(p));
    for m in &p.modifiers {
        s.push_str(&format!("  {m}\n"));
        if let Some(c) = m.reason.condition() {
            s.push_str(&format!("    ({c}: {})\n", condition_effect(book, c)));
        } else if let Some(note) = book.modifier_note(m.reason, target) {
            s.push_str(&format!("    ({note})\n"));
        }
    }
    if !p.reactions.is_empty() {
        let list: Vec<String> = p
            .reactions
            .iter()
            .map(|r| format!("{} ({})", r.reactor, reaction_name(r.kind)))
            .collect();
        s.push_str(&format!("provokes: {}\n", list.join(", ")));
    }
    s
}

/// Each condition a pointed combatant holds (its badges over it), with what it does and
/// when it ends; the ones it implies, and why.
fn conditions_explained(u: &UnitSnap, book: &dyn Rulebook) -> String {
    if u.conditions.0.is_empty() {
        return "No conditions\n".into();
    }
    let mut s = String::new();
    let mut shown = Vec::new();
    for c in &u.conditions.0 {
        // An implied condition once, however many conditions imply it.
        if c.parent.is_some() && shown.contains(&c.kind) {
            continue;
        }
        shown.push(c.kind);
        let why = match c.parent {
            Some(parent) => format!("because {parent}"),
            None => format!("{}, {}", c.duration, c.source),
        };
        s.push_str(&format!(
            "{} ({why}): {}\n",
            c.kind,
            condition_effect(book, c.kind)
        ));
    }
    s
}

fn tile_text(p: Pos, k: &TileKind) -> String {
    let cost = if k.passable {
        format!("{} m to enter", k.cost)
    } else {
        "impassable".into()
    };
    let sight = if k.blocks_sight { ", blocks sight" } else { "" };
    let cover = match k.cover {
        Cover::None => "no cover".to_string(),
        Cover::ThreeQuarters => "three-quarters cover".to_string(),
        Cover::NineTenths => "nine-tenths cover".to_string(),
        other => format!("{} cover", format!("{other:?}").to_lowercase()),
    };
    format!(
        "\nTile {p}: {} - {cost}, {cover}{sight}",
        plain_name(&k.name)
    )
}
