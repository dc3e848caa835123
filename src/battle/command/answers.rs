//! Planning the answer to a reaction offered: taken or let go. A rulebook's own questions
//! are its own to plan (`Play::plan_asked`).

use super::*;

/// While a question waits, only its answer is taken.
pub(super) fn plan_answer(
    view: &View,
    question: &Question,
    cmd: &Command,
) -> Result<Plan, Refusal> {
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
            offer: *offer,
            accept: *accept,
            maneuver: (view.ctx.rules.rulebook.book())
                .reaction_maneuver(view, *offer, *maneuver)?,
        }),
        (_, Command::AnswerReaction { .. }) => Err(Refusal::NotAsked { asked }),
        (Question::Reaction(offer), _) => Err(Refusal::AwaitingAnswer {
            reactor: asked,
            kind: offer.kind,
            against: view.name(offer.target),
        }),
        (Question::Book(_), _) => Err(Refusal::AwaitingChoice { unit: asked }),
    }
}
