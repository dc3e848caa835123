//! Planning the answers to a waiting question: a reaction taken or let go, Seed001's
//! defence against a Combat Roll, and the maneuver after a critical win.

use super::*;

/// While a question waits, only its answer is taken.
pub(super) fn plan_answer(view: &View, question: Question, cmd: &Command) -> Result<Plan, Refusal> {
    let asked = view.name(question.asked());
    match (question, cmd) {
        (
            Question::Reaction(offer),
            Command::AnswerReaction {
                reactor,
                accept,
                maneuver,
            },
        ) if *reactor == asked => Ok(Plan::Answer {
            offer,
            accept: *accept,
            maneuver: (view.ctx.rules.rulebook.book()).reaction_maneuver(view, offer, *maneuver)?,
        }),
        (Question::Defence { defender, .. }, Command::ChooseDefence { unit, defence })
            if *unit == asked =>
        {
            let options = pending_defences(view, defender);
            if options.contains(defence) {
                Ok(Plan::ChooseDefence { defence: *defence })
            } else {
                Err(Refusal::NoSuchDefence {
                    defence: *defence,
                    options,
                })
            }
        }
        (Question::Maneuver { .. }, Command::ChooseManeuver { unit, maneuver })
            if *unit == asked =>
        {
            let options = pending_maneuvers(view, question);
            match maneuver {
                Some(m) if !options.contains(m) => Err(Refusal::NoSuchManeuver {
                    maneuver: m.clone(),
                    options,
                }),
                _ => Ok(Plan::ChooseManeuver {
                    maneuver: maneuver.clone(),
                }),
            }
        }
        (
            _,
            Command::AnswerReaction { .. }
            | Command::ChooseDefence { .. }
            | Command::ChooseManeuver { .. },
        ) => Err(Refusal::NotAsked { asked }),
        (Question::Reaction(offer), _) => Err(Refusal::AwaitingAnswer {
            reactor: asked,
            kind: offer.kind,
            against: view.name(offer.target),
        }),
        (_, _) => Err(Refusal::AwaitingChoice { unit: asked }),
    }
}

/// The Combat Roll waiting on the stack, if the next step is one.
pub(super) fn pending_strike<'a>(view: &View<'a>) -> Option<&'a Strike> {
    match view.pending {
        Some(Work::Strike(s)) => Some(s),
        _ => None,
    }
}

/// The defences `defender` may choose against the pending strike.
pub fn pending_defences(view: &View, defender: Entity) -> Vec<Defence> {
    let ctx = &view.ctx;
    pending_strike(view)
        .and_then(|s| {
            let a = ctx.snap.get(s.attacker)?;
            Some(defence_options(
                ctx,
                ctx.snap.get(defender)?,
                &a.stats.weapons[s.weapon],
            ))
        })
        .unwrap_or_default()
}

/// The maneuvers the winner of the pending critical win may take.
pub fn pending_maneuvers(view: &View, question: Question) -> Vec<Maneuver> {
    let Question::Maneuver { winner, loser } = question else {
        return Vec::new();
    };
    let ctx = &view.ctx;
    pending_strike(view)
        .and_then(|s| {
            let a = ctx.snap.get(s.attacker)?;
            Some(maneuver_options(
                ctx.snap.get(winner)?,
                ctx.snap.get(loser)?,
                &a.stats.weapons[s.weapon],
                winner == s.attacker,
            ))
        })
        .unwrap_or_default()
}
