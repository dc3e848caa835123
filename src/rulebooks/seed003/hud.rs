//! What Seed003 shows in the window: its turn bar and hand-off words, its prompts, marks and
//! side panel, its keys and toggles, and its odds.

use super::*;
use crate::rulebooks::seed003::action_names;

impl Hud for Seed003 {
    #[cfg(feature = "window")]
    fn primary_intents(&self) -> &'static [crate::game::controls::Intent] {
        use crate::game::controls::Intent;
        &[
            Intent::Crouch,
            Intent::LieDown,
            Intent::Dash,
            Intent::QuickStyle,
            Intent::StrongStyle,
        ]
    }

    fn turn_bar_text(
        &self,
        _: &TurnState,
        resolution: &Resolution,
        roster: &Roster,
    ) -> Option<String> {
        out_of_turn::turn_bar_text(resolution, roster)
    }

    fn handoff_next(&self, resolution: &Resolution, roster: &Roster, unit: &str) -> Option<String> {
        out_of_turn::handoff_next(resolution, roster, unit)
    }

    #[cfg(feature = "window")]
    fn modifier_note(
        &self,
        reason: crate::battle::events::Reason,
        target: &UnitSnap,
    ) -> Option<String> {
        window::cover_note(reason, target)
    }

    fn pass_command(&self, view: &View, question: &Question) -> Option<Command> {
        out_of_turn::pass(view, question)
    }

    fn nothing_to_do(&self, view: &View, question: &Question) -> bool {
        out_of_turn::pass(view, question).is_some()
            && !out_of_turn::could_attack_first(view, question)
    }

    fn reaction_prompt(
        &self,
        ctx: &Ctx,
        offer: &Offer,
        _pending: Option<&Work>,
    ) -> Option<(String, String)> {
        // F3: ignoring a new flanker is free and rolls nothing.
        if offer.kind != action_names::IGNORE_REACTION {
            return None;
        }
        let (r, t) = (ctx.snap.get(offer.reactor)?, ctx.snap.get(offer.target)?);
        Some((
            format!(
                "Ignored, {} no longer flanks it, but its attacks on {} come from the rear (+4 instead of +2)",
                t.name, r.name
            ),
            "free".into(),
        ))
    }

    fn strike_of<'a>(&self, ev: &'a BattleEvent) -> Option<(&'a str, &'a str, &'a str)> {
        match ev.of_book()? {
            Seed003Event::CheckRolled(r) => {
                let (target, weapon) = r.attack()?;
                Some((&r.actor, target, weapon))
            }
            _ => None,
        }
    }

    fn mark_of<'a>(&self, ev: &'a BattleEvent) -> Option<Mark<'a>> {
        Some(match ev.of_book()? {
            Seed003Event::CheckRolled(r) => Mark::Roll {
                target: r.attack()?.0,
                missed: !r.success,
                critical: r.success && r.natural >= rules::CRITICAL_SUCCESS,
            },
            Seed003Event::WoundTaken(w) => Mark::Word {
                unit: &w.unit,
                word: match w.landed {
                    Some(level) => format!("{level:?} wound"),
                    None => "no wound".into(),
                },
                harm: w.landed.is_some(),
            },
            _ => return None,
        })
    }

    fn side_panel_lines(&self, unit: &UnitSnap, _rules: &Ruleset) -> [Option<String>; 2] {
        [
            Some(panel::defence_line(unit)),
            Some(panel::resource_line(unit)),
        ]
    }

    #[cfg(feature = "window")]
    fn tile_command(
        &self,
        view: &View,
        me: &UnitSnap,
        action: ActionKind,
        to: Pos,
    ) -> Option<crate::rulebook::TileCommand> {
        (action == action_names::DRAG)
            .then(|| window::drag_to(view, me, to))
            .flatten()
    }

    #[cfg(feature = "window")]
    fn window_command(
        &self,
        me: &UnitSnap,
        intent: crate::game::controls::Intent,
        action: Option<ActionKind>,
        target: Option<&UnitSnap>,
    ) -> Option<Command> {
        window::window_command(me, intent, action, target)
    }

    #[cfg(feature = "window")]
    fn next_wound_cap(&self, cap: Option<rules::WoundLevel>) -> Option<rules::WoundLevel> {
        window::next_cap(cap)
    }

    #[cfg(feature = "window")]
    fn status_note(&self, non_lethal: bool, cap: Option<rules::WoundLevel>) -> String {
        window::cap_note(non_lethal, cap)
    }

    #[cfg(feature = "window")]
    fn intent_action(&self, intent: crate::game::controls::Intent) -> Option<ActionKind> {
        window::intent_action(intent)
    }

    #[cfg(feature = "window")]
    fn tile_action(&self, intent: crate::game::controls::Intent) -> Option<ActionKind> {
        (intent == crate::game::controls::Intent::DragPartner).then_some(action_names::DRAG)
    }

    #[cfg(feature = "window")]
    fn offers(&self, intent: crate::game::controls::Intent, rules: &Ruleset) -> Option<bool> {
        window::offers(intent, rules)
    }

    #[cfg(feature = "window")]
    fn walks_to(&self, action: ActionKind) -> bool {
        action == action_names::DRAG
    }

    #[cfg(feature = "window")]
    fn step_hint(&self, action: ActionKind) -> Option<&'static str> {
        (action == action_names::DRAG).then_some(window::DRAG_HINT)
    }

    #[cfg(feature = "window")]
    fn action_text(
        &self,
        intent: crate::game::controls::Intent,
        action: Option<ActionKind>,
    ) -> Option<&'static str> {
        window::action_text(intent, action)
    }

    #[cfg(feature = "window")]
    fn move_hint(&self) -> Option<&'static str> {
        // No free movement; AP buy yards (M1).
        Some(
            "click a shaded tile to move (blue: yards already bought; yellow/orange/red: 1/2/3 AP buy more). Esc cancels. T terrain marks (cost to enter, cover).",
        )
    }

    #[cfg(feature = "window")]
    fn turn_chip(&self, u: &UnitSnap) -> Option<String> {
        // Each unit's score and the AP it carries.
        Some(format!("{} {}, {} AP", u.name, u.initiative.total, u.ap))
    }

    fn odds_text(&self, preview: &Preview, form: OddsForm) -> Option<String> {
        match form {
            OddsForm::Label => odds_text::label(preview),
            OddsForm::Summary => odds_text::summary(preview),
            OddsForm::Body => odds_text::text(preview),
        }
    }
}
