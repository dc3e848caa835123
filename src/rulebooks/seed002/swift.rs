//! Seed002's Swift Attack as its reactor answers it (presets/Seed002.md, X1–X3): a melee
//! blow, or a Trip with the reactor's longest-reach melee weapon that reaches, or a Push or
//! Restrain with bare hands (reach 1), within the size limits of C3, C4 and C6; the checks
//! of such an answer, and each legal choice with its exact odds for the reaction prompt.

use super::av_odds::AvOdds;
use super::odds::swift_odds;
use super::odds_text::swift_line;
use super::plan::size_checks;
use crate::battle::assess::Ctx;
use crate::battle::command::*;
use crate::battle::engine::Offer;
use crate::battle::refusal::Refusal;
use crate::battle::snapshot::UnitSnap;
use crate::rulebook::ReactionChoice;
use crate::rulebooks::seed002::reports::Maneuver002;
use crate::rules::actions::{ReactionKind, ReactionManeuver};
use crate::rules::ruleset::HitRule;

/// The maneuvers a Swift Attack may be instead of a melee blow (X1), as an answer names
/// them, in the order the prompt numbers them.
pub const SWIFT_MANEUVERS: [ReactionManeuver; 3] = [
    ReactionManeuver("Trip"),
    ReactionManeuver("Push"),
    ReactionManeuver("Restrain"),
];

/// The maneuver a Swift Attack makes when an answer names it: a Push drives 1 m (C4);
/// `None` for a name that is none of them.
pub fn swift_maneuver(s: ReactionManeuver) -> Option<Maneuver002> {
    Some(match s.name() {
        "Trip" => Maneuver002::Trip,
        "Push" => Maneuver002::Push { distance: 1 },
        "Restrain" => Maneuver002::Restrain,
        _ => return None,
    })
}

/// The weapon a swift maneuver is made with (C3: a Trip's melee weapon, the longest reach
/// that reaches; C4, C6: bare hands), once its size limit and hold checks pass.
pub fn swift_maneuver_weapon(
    ctx: &Ctx,
    r: &UnitSnap,
    t: &UnitSnap,
    m: Maneuver002,
) -> Result<Option<usize>, Refusal> {
    size_checks(r, t, m)?;
    let wi = match m {
        Maneuver002::Trip => {
            let d = r.pos.distance(t.pos);
            Some(r.stats.reaction_weapon(d).ok_or(Refusal::NoWeaponReaches {
                target: t.name.to_string(),
                distance: d,
            })?)
        }
        _ => None,
    };
    if m == Maneuver002::Restrain {
        contest_checks(ctx, r, t, ContestAction::Grab)?;
    }
    ctx.av_assessment(r, t, wi, Some(m), true, false)?;
    Ok(wi)
}

/// The maneuver an answer to `offer` asks for, if it may be one: only a Seed002 Swift
/// Attack may be a maneuver (X1).
pub fn swift_answer(
    view: &View,
    offer: Offer,
    maneuver: Option<ReactionManeuver>,
) -> Result<Option<Maneuver002>, Refusal> {
    let Some(named) = maneuver else {
        return Ok(None);
    };
    if offer.kind != ReactionKind::Swift || view.ctx.rules.hit != HitRule::DefenderRolls {
        return Err(Refusal::NotASwiftAttack { kind: offer.kind });
    }
    let m = swift_maneuver(named).ok_or_else(|| Refusal::Own {
        reason: format!(
            "a Swift Attack may be a Trip, a Push or a Restrain, not `{}`",
            named.name()
        ),
    })?;
    let ctx = &view.ctx;
    swift_maneuver_weapon(ctx, ctx.unit(offer.reactor)?, ctx.unit(offer.target)?, m)?;
    Ok(Some(m))
}

/// The ways the reactor may take an offered Seed002 Swift Attack, each with its odds: the
/// blow first, then each legal maneuver (empty for any other offer).
pub fn swift_ways(ctx: &Ctx, offer: &Offer) -> Vec<(Option<ReactionManeuver>, AvOdds)> {
    if offer.kind != ReactionKind::Swift || ctx.rules.hit != HitRule::DefenderRolls {
        return Vec::new();
    }
    let (Some(r), Some(t)) = (ctx.snap.get(offer.reactor), ctx.snap.get(offer.target)) else {
        return Vec::new();
    };
    let blow = r
        .stats
        .reaction_weapon(r.pos.distance(t.pos))
        .and_then(|w| swift_odds(ctx, r, t, Some(w), None, offer.stepped).ok())
        .map(|odds| (None, odds));
    let maneuvers = SWIFT_MANEUVERS.into_iter().filter_map(|s| {
        let m = swift_maneuver(s)?;
        let wi = swift_maneuver_weapon(ctx, r, t, m).ok()?;
        let odds = swift_odds(ctx, r, t, wi, Some(m), offer.stepped).ok()?;
        Some((Some(s), odds))
    });
    blow.into_iter().chain(maneuvers).collect()
}

/// [`swift_ways`] for the prompt: each way with its odds in words.
pub fn swift_choices(ctx: &Ctx, offer: &Offer) -> Vec<ReactionChoice> {
    swift_ways(ctx, offer)
        .into_iter()
        .map(|(maneuver, odds)| ReactionChoice {
            maneuver,
            line: swift_line(maneuver.map_or("Attack", ReactionManeuver::name), &odds),
        })
        .collect()
}
