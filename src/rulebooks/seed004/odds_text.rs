//! Seed004's odds in words (presets/Seed004.md, "Preview"), for the window's target labels,
//! prompts and info card: the chance to hit against Guard (and if the target Dodges), the
//! damage, armor wear, Wounded and Shock.

use super::guard_odds::{DodgeOdds, GuardOdds};

/// Over a target: the chance to hit (and if it Dodges, when it can), the damage,
/// and the chance of Shock when there is one.
pub fn label(g: &GuardOdds) -> String {
    if g.kills {
        return "kills".into();
    }
    let (lo, hi) = g.on_hit.range;
    let hit = match g.hit_dodged {
        Some(d) => format!("{:.0}%/{:.0}%", g.hit * 100.0, d * 100.0),
        None => format!("{:.0}%", g.hit * 100.0),
    };
    let shock = g.on_hit.shock * g.hit * 100.0;
    if shock >= 0.5 {
        format!("{hit} {lo}-{hi} Shock {shock:.0}%")
    } else {
        format!("{hit} {lo}-{hi}")
    }
}

/// Every number of an attack (presets/Seed004.md, "Preview").
pub fn text(g: &GuardOdds) -> String {
    if g.kills {
        return format!(
            "{}: the target is in Shock: the attack kills it, no roll\n",
            g.weapon
        );
    }
    let h = &g.on_hit;
    let mut s = format!(
        "{}: {} vs Guard {}: beats it {:.1}%\n",
        g.weapon,
        g.attack.words(),
        g.guard,
        g.beat * 100.0
    );
    if let (Some(d), Some(hd)) = (&g.dodge, g.hit_dodged) {
        s.push_str(&format!(
            "Dodge ({} Vigor, {}): {:.1}% it dodges; hit {:.1}% if it Dodges, {:.1}% if not\n",
            d.cost,
            d.dice.words(),
            d.success * 100.0,
            hd * 100.0,
            g.hit * 100.0
        ));
    }
    s.push_str(&format!(
        "damage {}-{}, mean {:.2}; critical {:.1}%; armor wear {}-{}\nWounded {:.1}%, Shock {:.1}% (per hit)\n",
        h.range.0,
        h.range.1,
        h.mean,
        h.critical * 100.0,
        h.wear.0,
        h.wear.1,
        h.wounded * 100.0,
        h.shock * 100.0
    ));
    if let Some(off) = &g.off_hand {
        s.push_str(&format!("then off-hand (8 Vigor): {}", text(off)));
    }
    s
}

/// One line for a prompt: the chance to hit (and if it Dodges) and the damage.
pub fn summary(g: &GuardOdds) -> String {
    let (lo, hi) = g.on_hit.range;
    format!(
        "{}: hit {:.0}%{}, {lo}-{hi} damage",
        g.weapon,
        g.hit * 100.0,
        g.hit_dodged
            .map(|h| format!(" ({:.0}% if it Dodges)", h * 100.0))
            .unwrap_or_default()
    )
}

/// The Dodge prompt's line: the roll to beat, the chance, and the Vigor it leaves.
pub fn dodge_summary(d: &DodgeOdds, attack: i32, vigor: i32) -> String {
    format!(
        "{} must beat the attack's {attack} (a tie hits): {:.1}% to dodge; Vigor {vigor} -> {}",
        d.dice.words(),
        d.success * 100.0,
        vigor - d.cost
    )
}
