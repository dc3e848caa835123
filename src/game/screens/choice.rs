//! The choice prompt: a side picks one of several answers to a question of the rulebook's
//! own, each with its exact odds (`Hud::choice_ask`: Seed001's defences and maneuvers); the
//! buttons send the same commands a replay holds. `mod.rs` decides when the prompt is up;
//! number keys pick an answer. Seed002's Swift Attack prompt adds its
//! maneuvers' rows here (`swift_rows`, from `Rulebook::reaction_choices`).

use super::ScreenButton;
use super::layouts::{button, title};
use crate::battle::Command;
use crate::battle::command::View;
use crate::battle::engine::Offer;
use crate::battle::preview::BattleView;
use crate::game::{side_colour_of, side_name};
use crate::rulebook::ChoiceAsk;
use crate::rules::actions::ReactionManeuver;
use bevy::prelude::*;

/// The label of the answer at `index` (0-based): its number key and its name, "[2] Parry".
pub fn answer_label(index: usize, name: &str) -> String {
    format!("[{}] {name}", index + 1)
}

/// The choice the battle waits on, if the question is one the rulebook asks on a prompt.
pub(super) fn choice_ask(view: &BattleView) -> Option<ChoiceAsk> {
    let snap = view.snapshot();
    let v = view.view(&snap);
    v.ctx.rules.rulebook.book().choice_ask(&v)
}

/// The number key of a reaction's maneuver on the reaction prompt: the blow is [1] (or
/// Y), then each maneuver its rulebook lists (`Rulebook::reaction_maneuvers`; Seed002's
/// Swift Attack: [2] Trip, [3] Push, [4] Restrain), whichever are legal.
pub fn maneuver_key(m: ReactionManeuver) -> usize {
    let listed = crate::rulebooks::all()
        .into_iter()
        .find_map(|b| b.reaction_maneuvers().iter().position(|x| *x == m));
    1 + listed.unwrap_or(0)
}

/// The maneuvers an offered Seed002 Swift Attack may be instead of its blow, each as
/// (button label, its exact odds in words, the answer it sends).
pub(super) fn swift_rows(v: &View, offer: &Offer) -> Vec<(String, String, Command)> {
    (v.ctx.rules.rulebook.book())
        .reaction_choices(&v.ctx, offer)
        .into_iter()
        .filter_map(|c| {
            let m = c.maneuver?;
            let cmd = Command::AnswerReaction {
                reactor: v.name(offer.reactor).to_string(),
                accept: true,
                maneuver: Some(m),
            };
            let label = answer_label(maneuver_key(m), m.name());
            Some((label, c.line, cmd))
        })
        .collect()
}

/// The prompt: the question, one line of odds per answer, one button per answer.
pub(super) fn layout(commands: &mut Commands, root: Entity, view: &BattleView, ask: &ChoiceAsk) {
    let colour = side_colour_of(&view.roster, ask.side);
    commands.entity(root).with_children(|p| {
        p.spawn((
            Node {
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                padding: UiRect::all(px(24)),
                border: UiRect::all(px(3)),
                max_width: px(1100),
                ..default()
            },
            BackgroundColor(Color::srgb(0.08, 0.09, 0.12)),
            BorderColor::all(colour),
        ))
        .with_children(|p| {
            let heading = format!("{}: your choice", side_name(&view.roster, ask.side));
            title(p, &heading, 30.0, colour);
            title(p, &ask.question, 20.0, Color::WHITE);
            for row in &ask.options {
                title(p, &row.odds, 15.0, Color::srgb(1.0, 0.9, 0.55));
            }
            p.spawn(Node {
                flex_direction: FlexDirection::Row,
                flex_wrap: FlexWrap::Wrap,
                justify_content: JustifyContent::Center,
                ..default()
            })
            .with_children(|row| {
                for (i, answer) in ask.options.iter().enumerate() {
                    let label = answer_label(i, &answer.name);
                    button(row, &label, ScreenButton::Answer(answer.command.clone()));
                }
            });
        });
    });
}
