//! The words and numbers of a preview, shared by the map's target labels (`overlays.rs`),
//! the side panel's info card (`hud/side_panel.rs`) and the prompts (`screens/`): Core's hit
//! odds against Evasion with where the hit leaves its target (Down, bleeding, dead),
//! contest odds, where a push ends, and Seed000's
//! passes through enemies, held actions set off and chances to hide or stabilize; a
//! rulebook's own odds (Seed001's strikes, Seed003's wounds by level) in its own words
//! (`Hud::odds_text`).

use crate::battle::fate::Fate;
use crate::battle::preview::{
    Aim, AttackPreview, ContestPreview, Preview, PushPreview, TeleportPreview,
};
use crate::battle::preview_extras::PassPreview;
use crate::rulebook::OddsForm;
use crate::rules::actions::ActionKind;

/// The text shown over a target for a preview.
pub fn preview_label(kind: ActionKind, p: &Preview) -> String {
    if let Some(own) = p.rulebook_text(OddsForm::Label) {
        return own;
    }
    if let Some(a) = &p.attack {
        let (lo, hi) = a.damage.range();
        return format!("{:.0}% {}-{}{}", a.hit.percent(), lo, hi, fate_tag(&a.fate));
    }
    if let Some(c) = &p.contest {
        return format!("{:.0}% win", c.win.percent());
    }
    if let Some((_, c)) = &p.chance {
        return format!("{:.0}%", c.percent());
    }
    if kind == ActionKind::Stabilize {
        return "stabilize".into();
    }
    String::new()
}

/// The worst an attack may do, in a few letters: "dead 12%" or "Down 40%".
fn fate_tag(f: &Fate) -> String {
    if f.dead.num > 0 {
        format!(" dead {:.0}%", f.dead.percent())
    } else if f.down.num > 0 {
        format!(" Down {:.0}%", f.down.percent())
    } else {
        String::new()
    }
}

/// One line for a prompt: the attack's chance to land and its damage.
pub fn odds_summary(p: &Preview) -> String {
    if let Some(own) = p.rulebook_text(OddsForm::Summary) {
        return own;
    }
    if let Some(a) = &p.attack {
        let (lo, hi) = a.damage.range();
        return format!(
            "{}: hit {:.0}%, {lo}-{hi} damage",
            plain_name(&a.weapon),
            a.hit.percent()
        );
    }
    String::new()
}

/// The body of a preview: the odds, then the push.
pub fn preview_body(p: &Preview) -> String {
    let mut s = String::new();
    if let Some(a) = &p.attack {
        s.push_str(&attack_text(a));
    }
    if let Some(own) = p.rulebook_text(OddsForm::Body) {
        s.push_str(&own);
    }
    if let Some(c) = &p.contest {
        s.push_str(&contest_text(c));
    }
    if let Some(push) = &p.push {
        s.push_str(&push_text(push));
    }
    if let Some(t) = &p.teleport {
        s.push_str(&teleport_text(t));
    }
    for pass in &p.passes {
        s.push_str(&pass_text(pass));
    }
    if let Some(notes) = p.rulebook_notes() {
        s.push_str(&notes);
    }
    if let Some((aim, c)) = &p.chance {
        s.push_str(&format!("{}: {:.1}%\n", aim_text(aim), c.percent()));
    }
    s
}

/// What an action is for, in words.
fn aim_text(aim: &Aim) -> String {
    match aim {
        Aim::Hide => "hides".into(),
        Aim::Stabilize => "stops the bleeding".into(),
        Aim::SwitchPlaces { ally, rp_left } => {
            format!("switches places; {ally} keeps {rp_left} RP")
        }
        Aim::ReachEnd => "reaches the end".into(),
        Aim::FirstAid => "first aid takes (above 20)".into(),
        Aim::Maneuver => "the maneuver works".into(),
        Aim::Escape => "escapes (Fortitude strictly higher)".into(),
        Aim::Seize => "wins the initiative".into(),
        Aim::Check => "the check succeeds".into(),
        Aim::Grapple => "the grapple takes hold".into(),
    }
}

fn pass_text(p: &PassPreview) -> String {
    format!(
        "passing {} at {}: {:.1}%\n",
        p.enemy,
        p.at,
        p.chance.percent()
    )
}

/// Where the attack leaves its target: Down, bleeding out, dead.
fn fate_text(f: &Fate) -> String {
    if f.down.num == 0 {
        return String::new();
    }
    let mut s = format!("Down {:.1}%", f.down.percent());
    if f.bleeding.num > 0 {
        s.push_str(&format!(
            ", bleeding {:.1}%",
            (f.bleeding - f.dead).percent()
        ));
    }
    if f.dead.num > 0 {
        s.push_str(&format!(", dead {:.1}%", f.dead.percent()));
    }
    s.push('\n');
    s
}

fn attack_text(a: &AttackPreview) -> String {
    let mut s = format!(
        "{}: d20 {:+} vs Evasion {} ({:?})\nhit {:.1}%, critical {:.1}%\ndamage {}-{} (critical {}-{}), expected {:.2}\n",
        plain_name(&a.weapon),
        a.bonus,
        a.evasion,
        a.mode,
        a.hit.percent(),
        a.critical.percent(),
        a.damage.hit.0,
        a.damage.hit.1,
        a.damage.critical.0,
        a.damage.critical.1,
        a.damage.expected
    );
    s.push_str(&fate_text(&a.fate));
    if let Some(c) = &a.cover_creature {
        s.push_str(&format!("a miss may hit {c} instead\n"));
    }
    s
}

fn contest_text(c: &ContestPreview) -> String {
    if let Some((a, t)) = c.dice {
        return format!(
            "{:?}: {} vs {}: win {:.1}%\n",
            c.kind,
            a.words(),
            t.words(),
            c.win.percent()
        );
    }
    format!(
        "{:?}: d20 {:+} ({:?}) vs d20 {:+} ({:?}): win {:.1}%\n",
        c.kind,
        c.actor_bonus,
        c.actor_mode,
        c.target_bonus,
        c.target_mode,
        c.win.percent()
    )
}

fn teleport_text(t: &TeleportPreview) -> String {
    match &t.occupant {
        Some(o) => format!(
            "on a hit {} teleports {} m to {}, which {o} holds: {} Reality damage to both, and it stays\n",
            t.unit, t.distance, t.to, t.damage
        ),
        None => format!(
            "on a hit {} teleports {} m to {}\n",
            t.unit, t.distance, t.to
        ),
    }
}

/// A weapon's or terrain kind's id as the window shows it: `rusty_knife` reads `rusty knife`.
pub fn plain_name(id: &str) -> String {
    id.replace('_', " ")
}

fn push_text(push: &PushPreview) -> String {
    // A push blocked at once names no tile to go to: the target stays where it is.
    let mut s = if push.path.is_empty() {
        format!("pushed {}: blocked, stays at {}", push.dir, push.end)
    } else {
        format!("pushed {} m {} to {}", push.distance, push.dir, push.end)
    };
    if let Some(c) = &push.collision {
        match &c.occupant {
            Some(o) => s.push_str(&format!(
                ", hits {}: {}/{} damage, {:.0}% it holds (then {}/{})",
                o.name,
                o.on_failure.0,
                o.on_failure.1,
                o.defence.percent(),
                o.on_success.0,
                o.on_success.1
            )),
            None => s.push_str(&format!(", crashes for {} damage", c.target_damage)),
        }
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::grid::{Dir8, Pos};

    /// A push names the tile it ends on; one blocked at once says the target stays put,
    /// not that it is pushed to its own tile.
    #[test]
    fn a_blocked_push_says_the_target_stays() {
        let push = |path: Vec<Pos>, end: Pos| PushPreview {
            target: "T".into(),
            dir: Dir8::E,
            distance: 1,
            path,
            end,
            collision: None,
        };
        let moved = push_text(&push(vec![Pos::new(3, 1)], Pos::new(3, 1)));
        assert_eq!(
            moved,
            format!("pushed 1 m {} to {}\n", Dir8::E, Pos::new(3, 1))
        );
        let blocked = push_text(&push(Vec::new(), Pos::new(2, 1)));
        assert_eq!(
            blocked,
            format!("pushed {}: blocked, stays at {}\n", Dir8::E, Pos::new(2, 1))
        );
    }
}
