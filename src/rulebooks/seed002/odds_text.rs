//! Seed002's attack odds in words (presets/Seed002.md, "Preview"): over a target, on a
//! prompt, and every number for the side panel. Text only.

use super::av_odds::{AvOdds, HitKind};
use crate::rulebook::OddsForm;

/// The words of Seed002's attack odds in `form`.
pub fn odds_text(v: &AvOdds, form: OddsForm) -> String {
    match form {
        OddsForm::Label => av_label(v),
        OddsForm::Summary => {
            let (lo, hi) = av_range(v);
            format!(
                "{}: hit {:.0}%, {lo}-{hi} damage",
                v.weapon,
                v.hit.percent()
            )
        }
        OddsForm::Body => av_text(v),
    }
}

fn av_range(v: &AvOdds) -> (i32, i32) {
    [&v.on_armor, &v.off_armor, &v.critical]
        .iter()
        .filter(|k| k.chance.num > 0)
        .fold((i32::MAX, i32::MIN), |(lo, hi), k| {
            (lo.min(k.range.0), hi.max(k.range.1))
        })
}

/// Over a Seed002 target: the chance to hit (or a maneuver's to work), the damage, death.
fn av_label(v: &AvOdds) -> String {
    if let Some(m) = v.maneuver {
        return format!("{:.0}% works", m.percent());
    }
    let (lo, hi) = av_range(v);
    let dead = v.dead.percent();
    if dead >= 0.5 {
        format!("{:.0}% {lo}-{hi} dead {dead:.0}%", v.hit.percent())
    } else {
        format!("{:.0}% {lo}-{hi}", v.hit.percent())
    }
}

/// Every number of a Seed002 attack (presets/Seed002.md, "Preview").
fn av_text(v: &AvOdds) -> String {
    let against = if v.ranged {
        format!("Miss Chance {} + Ranged Evasion", v.against)
    } else {
        format!("AV {} against the Evasion roll", v.against)
    };
    let kind = |name: &str, k: &HitKind| {
        format!(
            "{name} {:.1}% ({}-{}, mean {:.1})",
            k.chance.percent(),
            k.range.0,
            k.range.1,
            k.mean
        )
    };
    let mut s = format!(
        "{}: {against}\nhit {:.1}%: {}; {}; {}\nnatural miss {:.1}%, attacker Exposed {:.1}%\n",
        v.weapon,
        v.hit.percent(),
        kind("on armor", &v.on_armor),
        kind("off armor", &v.off_armor),
        kind("critical", &v.critical),
        v.natural_miss.percent(),
        v.exposed.percent()
    );
    if v.death_roll.num > 0 || v.dead.num > 0 {
        s.push_str(&format!(
            "Death roll {:.1}%, dead {:.1}%\n",
            v.death_roll.percent(),
            v.dead.percent()
        ));
    }
    if let Some(m) = v.maneuver {
        s.push_str(&format!(
            "works (a hit the Fortitude roll does not resist) {:.1}%{}\n",
            m.percent(),
            if v.unguards_actor {
                "; leaves you Unguarded"
            } else {
                ""
            }
        ));
    }
    s
}

/// One line of a Swift Attack's maneuver on the reaction prompt (Seed002, X1–X3): its
/// chance to hit and to do its work (a hit the Fortitude roll does not resist).
pub fn swift_line(name: &str, v: &AvOdds) -> String {
    format!(
        "{name} with {} (AV {}): hits {:.0}%, works {:.1}%",
        v.weapon,
        v.against,
        v.hit.percent(),
        v.maneuver.unwrap_or(v.hit).percent()
    )
}
