//! The combat log's words for Seed004 (presets/Seed004.md): rolls of d20 and bursting bonus
//! dice against Guard, Dodges, blows into Durability and Health through armor and cover,
//! Vigor, the Recovery phase, Shock, First Aid and Over Watch.

use super::Seed004Event;
use crate::battle::describe::{dice_text, modifiers_text};
use crate::battle::events::BattleEvent;
use crate::rulebooks::seed004::reports::{ArmorMet, DodgeReport, GuardReport, PoolBreakdown};
use crate::rules::combat::DamageType;

fn guard_text(r: &GuardReport) -> String {
    let verb = crate::battle::describe::attack_verb(r.kind);
    let outcome = if r.hit {
        "beats Guard"
    } else if r.roll.total == r.guard {
        "MISS (a tie misses)"
    } else {
        "MISS"
    };
    format!(
        "{} {verb} {} with {}: {} = {} vs Guard {}: {outcome}{}",
        r.attacker,
        r.target,
        r.weapon,
        dice_text(r.roll.d20, &r.roll.dice),
        r.roll.total,
        r.guard,
        modifiers_text(&r.modifiers)
    )
}

fn dodge_text(d: &DodgeReport) -> String {
    format!(
        "Dodge: {} rolls {} = {} against {}'s {}: {}{}",
        d.unit,
        dice_text(d.roll.d20, &d.roll.dice),
        d.roll.total,
        d.against,
        d.attack,
        if d.dodged {
            "dodged, the attack misses"
        } else if d.roll.total == d.attack {
            "a tie: HIT"
        } else {
            "not enough: HIT"
        },
        modifiers_text(&d.modifiers)
    )
}

fn blow_text(
    unit: &str,
    source: &str,
    damage_type: DamageType,
    b: &PoolBreakdown,
    (durability, health, armor): (i32, i32, i32),
) -> String {
    let mut parts = vec![format!("{} rolled", b.raw)];
    if b.beneath {
        parts.push("beneath its superior durability: 0".into());
    }
    match b.armor_met {
        ArmorMet::Stopped if b.wear > 0 => {
            let absorbed = b.armor.min(if b.beneath { 0 } else { b.raw });
            let broken = if armor <= 0 { ", now Broken" } else { "" };
            parts.push(format!(
                "- {} armor (it absorbs min(AR {}, {}) = {absorbed} into its durability: {armor} left{broken})",
                b.armor, b.armor, b.raw
            ))
        }
        ArmorMet::Stopped => parts.push(format!("- {} armor", b.armor)),
        ArmorMet::StoppedUnworn => parts.push(format!("- {} armor (too fine to wear)", b.armor)),
        ArmorMet::Outclassed => parts.push("armor outclassed by the weapon".into()),
        ArmorMet::None => {}
    }
    if b.cover > 0 {
        parts.push(format!("- {} cover", b.cover));
    }
    parts.extend(b.notes.iter().cloned());
    format!(
        "{unit} takes {} {damage_type} damage from {source} ({}) -> Durability {durability}, Health {health}",
        b.dealt,
        parts.join(", ")
    )
}

/// Seed004's events, in its own words.
pub fn describe(ev: &BattleEvent) -> Option<String> {
    match ev {
        BattleEvent::ActionLost {
            unit,
            action,
            reason,
        } => Some(format!("{unit} loses its {}: {reason}", action.label())),
        _ => Some(own_text(ev.of_book()?)),
    }
}

/// One of its own events in words.
fn own_text(ev: &Seed004Event) -> String {
    use Seed004Event as E;
    match ev {
        E::GuardRolled(r) => guard_text(r),
        E::DodgeRolled(d) => dodge_text(d),
        E::PoolsDamaged {
            unit,
            source,
            damage_type,
            breakdown,
            durability,
            health,
            armor,
        } => blow_text(
            unit,
            source,
            *damage_type,
            breakdown,
            (*durability, *health, *armor),
        ),
        E::PoolsLost {
            unit,
            amount,
            reason,
            durability,
            health,
        } => {
            format!("{unit} loses {amount} ({reason}) -> Durability {durability}, Health {health}")
        }
        E::ArmorBroken { unit } => format!("{unit}'s armor is worn through: Broken"),
        E::VigorSpent {
            unit,
            what,
            cost,
            vigor,
        } => format!("{unit} pays {cost} Vigor for {what} -> Vigor {vigor}"),
        E::Recovered {
            unit,
            vigor_gained,
            vigor,
            durability_gained,
            durability,
            vigor_capped,
            durability_capped,
            wounded,
        } => {
            let capped = |c: bool| if c { " (its most)" } else { "" };
            let mut parts = Vec::new();
            if *vigor_gained > 0 {
                parts.push(format!(
                    "+{vigor_gained} Vigor -> {vigor}{}",
                    capped(*vigor_capped)
                ));
            }
            if *durability_gained > 0 {
                parts.push(format!(
                    "+{durability_gained} Durability -> {durability}{}",
                    capped(*durability_capped)
                ));
            }
            if *wounded {
                parts.push("no Durability (Wounded)".into());
            }
            format!("Recovery: {unit} {}", parts.join(", "))
        }
        E::ShockWorsened { unit, rounds_left } => {
            format!("{unit} is in Shock: {rounds_left} round(s) left to live")
        }
        E::Tended {
            unit,
            by,
            amount,
            durability,
        } => format!("{by} tends {unit}: +{amount} Durability -> {durability}"),
        E::OffHandForgone { unit, reason, .. } => {
            format!("{unit}'s off-hand does not follow: {reason}")
        }
        E::OverWatch {
            unit,
            watching,
            matched,
        } => {
            if *matched {
                format!(
                    "{unit} keeps Over Watch {watching}: the nearest enemy is there, +1 initiative die"
                )
            } else {
                format!(
                    "{unit} keeps Over Watch {watching}, but the nearest enemy is elsewhere: Ambushed"
                )
            }
        }
    }
}
