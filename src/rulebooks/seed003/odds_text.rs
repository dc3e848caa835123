//! Seed003's odds in words, for the window's target labels, prompts and info card: the
//! chance to hit, the likeliest wound and going Down; every number of an attack
//! (presets/Seed003.md, "Preview"); a check's chance and a Shove's distances.

use super::three_dice::{Check3Odds, Odds3};
use crate::battle::preview::Preview;
use crate::rules::wound_level::WoundLevel;

/// The text over a target.
pub fn label(p: &Preview) -> Option<String> {
    p.odds_of().map(three_label)
}

/// One line for a prompt: the attack's chance to hit and its likeliest wound.
pub fn summary(p: &Preview) -> Option<String> {
    let o: &Odds3 = p.odds_of()?;
    Some(format!(
        "{}: hit {:.0}%, most likely {}",
        o.weapon,
        o.hit.percent(),
        likeliest_wound(o)
    ))
}

/// Every number of an attack and of a check, for the info card.
pub fn text(p: &Preview) -> Option<String> {
    if p.odds_of::<Odds3>().is_none() && p.odds_of::<Check3Odds>().is_none() {
        return None;
    }
    let mut s = String::new();
    if let Some(o) = p.odds_of::<Odds3>() {
        s.push_str(&three_text(o));
    }
    if let Some(c) = p.odds_of::<Check3Odds>() {
        s.push_str(&check3_text(c));
    }
    Some(s)
}

/// The wound a Seed003 attack most likely leaves, if it hits: "Severe 31%".
fn likeliest_wound(o: &Odds3) -> String {
    let best = WoundLevel::ALL
        .iter()
        .zip(o.landed.iter())
        .max_by(|a, b| a.1.value().total_cmp(&b.1.value()));
    match best {
        Some((l, c)) if c.num > 0 => format!("{l} {:.0}%", c.percent()),
        _ => "no wound".into(),
    }
}

/// Over a Seed003 target: the chance to hit and the likeliest wound; Down when it may.
fn three_label(o: &Odds3) -> String {
    let down = o.down().percent();
    let wound = likeliest_wound(o);
    if down >= 0.5 {
        format!("{:.0}% {wound} Down {down:.0}%", o.hit.percent())
    } else {
        format!("{:.0}% {wound}", o.hit.percent())
    }
}

/// Every number of a Seed003 attack (presets/Seed003.md, "Preview").
fn three_text(o: &Odds3) -> String {
    let landed: Vec<String> = WoundLevel::ALL
        .iter()
        .zip(o.landed.iter())
        .filter(|(_, c)| c.num > 0)
        .map(|(l, c)| format!("{l} {:.1}%", c.percent()))
        .collect();
    let mut s = format!(
        "{}: 3d6 + {} against {} {} (Toughness {})\nhit {:.1}%: {}; no wound {:.1}%\nfinal damage {} to {}\ncritical success {:.1}% (initiative +2, the target's -2), critical failure {:.1}% (-2)\n",
        o.weapon,
        o.bonus,
        o.defense_name,
        o.defense,
        o.toughness,
        o.hit.percent(),
        if landed.is_empty() {
            "no slot".to_string()
        } else {
            landed.join(", ")
        },
        o.no_wound.percent(),
        o.final_range.0,
        o.final_range.1,
        o.critical_success.percent(),
        o.critical_failure.percent(),
    );
    for (name, c) in [
        ("Dying", o.dying),
        ("Dead", o.dead),
        ("Unconscious", o.unconscious),
    ] {
        if c.num > 0 {
            s.push_str(&format!("{name} {:.1}%\n", c.percent()));
        }
    }
    s
}

/// A Seed003 check: its chance, and a Shove's distances.
fn check3_text(c: &Check3Odds) -> String {
    let mut s = format!("3d6 + {} against {}\n", c.bonus, c.against);
    if !c.distances.is_empty() {
        let d: Vec<String> = c
            .distances
            .iter()
            .map(|(m, p)| format!("{m} m {:.1}%", p.percent()))
            .collect();
        s.push_str(&format!("pushed {}\n", d.join(", ")));
    }
    s
}
