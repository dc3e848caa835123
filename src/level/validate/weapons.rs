//! Weapons: a level's own and the catalog's, checked (dice, hit, reach or range, push, the
//! conditions they inflict) and resolved into the rules' [`Weapon`].

use super::{Validator, check_range, join};
use crate::level::catalog::WEAPONS_FILE_KEY;
use crate::level::problem::{Loc, Problem};
use crate::level::schema::{InflictFile, LevelFile, WeaponFile};
use crate::level::suggest;
use crate::level::{MAX_HIT, MAX_PUSH, MAX_RANGE, MAX_REACH, MAX_TELEPORT};
use crate::rulebook::FieldCheck;
use crate::rules::book_value::BookState;
use crate::rules::dice::{DiceExpr, MAX_DICE_BONUS, MAX_DICE_COUNT, MAX_DIE_SIDES};
use crate::rules::ruleset::Duration;
use crate::rules::unit::{DEFAULT_REACH, Inflict, Teleport, Weapon, WeaponKind};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The level's own weapons, resolved (`None` for one with problems).
pub(super) type LevelWeapons = BTreeMap<String, Option<Weapon>>;
/// Catalog weapons resolved so far, so that each is checked once.
pub(super) type WeaponCache = HashMap<String, Option<Weapon>>;

/// Whether a dice expression holds a number far beyond every dice limit. Such numbers are
/// refused before `DiceExpr::parse` sees them: it cannot take a bonus of `i32::MIN`.
fn dice_number_too_large(text: &str) -> bool {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    compact
        .split(|c: char| !c.is_ascii_digit())
        .any(|run| run.trim_start_matches('0').len() > 6)
}

/// The check of one weapon definition: where it is and what it found.
struct WeaponCheck<'v, 'a> {
    out: &'v mut Vec<Problem>,
    defaults: &'v mut BTreeSet<String>,
    loc: Loc<'a>,
    path: &'v str,
    name: &'v str,
}

impl WeaponCheck<'_, '_> {
    fn problem(&mut self, field: &str, msg: String) {
        let path = if field.is_empty() {
            self.path.to_string()
        } else {
            join(self.path, field)
        };
        self.out.push(self.loc.at(&path, msg));
    }

    /// Check a number of the weapon; whether it lies in `bounds`.
    fn range(&mut self, field: &str, what: &str, value: i64, bounds: (i64, i64)) -> bool {
        let what = format!("weapon `{}`: {what}", self.name);
        check_range(
            self.out,
            self.loc,
            &join(self.path, field),
            &what,
            value,
            bounds,
        )
    }

    fn damage(&mut self, text: &str) -> DiceExpr {
        let parsed = if dice_number_too_large(text) {
            Err(format!(
                "`{text}`: a number is too large (at most {MAX_DICE_COUNT} dice of {MAX_DIE_SIDES} sides, a bonus of +/-{MAX_DICE_BONUS})",
            ))
        } else {
            DiceExpr::parse(text)
        };
        parsed.unwrap_or_else(|e| {
            let msg = format!("weapon `{}`: {e}", self.name);
            self.problem("damage", msg);
            DiceExpr::new(0, 1, 0)
        })
    }

    /// A melee weapon's reach in metres.
    fn melee(&mut self, w: &WeaponFile) -> u32 {
        let mut reach = DEFAULT_REACH;
        if let Some(r) = w.reach
            && self.range("reach", "reach", r, (1, MAX_REACH))
        {
            reach = r as u32;
        }
        if w.range.is_some() {
            let msg = format!(
                "weapon `{}` is Melee: `range` applies to Ranged weapons only (use `reach`)",
                self.name
            );
            self.problem("range", msg);
        }
        reach
    }

    /// A ranged weapon's (normal, long) range in metres; a close range it names is checked
    /// here, and read by the rulebook that has one.
    fn ranged(&mut self, w: &WeaponFile) -> (u32, u32) {
        let name = self.name;
        if w.reach.is_some() {
            self.problem(
                "reach",
                format!(
                    "weapon `{name}` is Ranged: `reach` applies to Melee weapons only (use `range`)"
                ),
            );
        }
        let Some(range) = w.range else {
            self.problem(
                "",
                format!("weapon `{name}` is Ranged and needs `range: (normal, long)` in metres"),
            );
            return (0, 0);
        };
        let (close, n, l) = range.parts();
        let ok_n = self.range("range", "normal range", n, (1, MAX_RANGE));
        let ok_l = self.range("range", "long range", l, (1, MAX_RANGE));
        if ok_n && ok_l && l < n {
            self.problem(
                "range",
                format!("weapon `{name}`: long range {l} is shorter than normal range {n}"),
            );
        }
        if let Some(c) = close
            && self.range("range", "close range", c, (0, MAX_RANGE))
            && ok_n
            && c > n
        {
            self.problem(
                "range",
                format!("weapon `{name}`: close range {c} is longer than normal range {n}"),
            );
        }
        (n.max(0) as u32, l.max(0) as u32)
    }

    /// The conditions of `on_hit` or `on_crit`, with the default duration where none is
    /// given (noted for the level summary).
    fn inflicts(&mut self, field: &str, list: &[InflictFile]) -> Vec<Inflict> {
        let name = self.name;
        let mut resolved = Vec::new();
        for (i, inflict) in list.iter().enumerate() {
            let condition = inflict.condition;
            let duration = inflict.duration.unwrap_or_else(|| {
                let d = condition.default_weapon_duration();
                self.defaults.insert(format!(
                    "{name} {field} {condition} {}",
                    condition.lasting(d)
                ));
                d
            });
            resolved.push(Inflict {
                condition,
                duration,
            });
            let at = format!("{field}[{i}]");
            if !condition.inflictable() {
                self.problem(
                    &at,
                    format!(
                        "weapon `{name}`: {condition} cannot be inflicted by a weapon (use Prone, Exposed, Unguarded, Dazed, Bleeding, Blinded or Slowed)"
                    ),
                );
            }
            if inflict.duration == Some(Duration::Rounds(0)) {
                self.problem(
                    &at,
                    format!("weapon `{name}`: a duration of 0 rounds never applies"),
                );
            }
        }
        resolved
    }

    /// Check the whole weapon; the weapon when it has no problems.
    fn resolve(mut self, w: &WeaponFile) -> Option<Weapon> {
        let start = self.out.len();
        let damage = self.damage(&w.damage);
        self.range("hit", "hit", w.hit, (-MAX_HIT, MAX_HIT));
        let (reach, range) = match w.kind {
            WeaponKind::Melee => (self.melee(w), (0, 0)),
            WeaponKind::Ranged => (DEFAULT_REACH, self.ranged(w)),
        };
        self.range("push", "push", w.push, (0, MAX_PUSH));
        let teleport = self.teleport(w);
        let on_hit = self.inflicts("on_hit", &w.on_hit);
        let on_crit = self.inflicts("on_crit", &w.on_crit);
        let mut weapon = Weapon {
            name: self.name.to_string(),
            kind: w.kind,
            hit: w.hit as i32,
            damage,
            damage_type: w.damage_type,
            reach,
            range,
            push: w.push as u32,
            teleport,
            on_hit,
            on_crit,
            held: w.held.unwrap_or(true),
            own: BookState::default(),
        };
        for book in crate::rulebooks::all() {
            book.own_weapon(w, &mut weapon, &mut self);
        }
        (self.out.len() == start).then_some(weapon)
    }

    /// The weapon's `teleport`: 1 to `MAX_TELEPORT` metres, and not beside a `push` (a hit
    /// moves its target one way or the other, not both).
    fn teleport(&mut self, w: &WeaponFile) -> Option<Teleport> {
        let t = w.teleport?;
        let field = "teleport.distance";
        let what = "teleport distance";
        if !self.range(field, what, t.distance, (1, MAX_TELEPORT)) {
            return None;
        }
        if w.push != 0 {
            let name = self.name;
            self.problem(
                "teleport",
                format!(
                    "weapon `{name}`: a weapon cannot both push and teleport (remove `push` or `teleport`)"
                ),
            );
            return None;
        }
        Some(Teleport {
            who: t.who,
            distance: t.distance as u32,
        })
    }
}

/// A rulebook checks the numbers a weapon sets for it here.
impl FieldCheck for WeaponCheck<'_, '_> {
    fn range(&mut self, field: &str, value: i64, bounds: (i64, i64)) -> bool {
        WeaponCheck::range(self, field, field, value, bounds)
    }
}

impl Validator<'_> {
    /// Check a weapon definition found at `path` of the file `loc` and resolve it.
    fn resolve_weapon(
        &mut self,
        loc: Loc,
        path: &str,
        name: &str,
        w: &WeaponFile,
    ) -> Option<Weapon> {
        WeaponCheck {
            out: &mut self.problems,
            defaults: &mut self.defaults,
            loc,
            path,
            name,
        }
        .resolve(w)
    }

    /// Level weapons, resolved; the catalog's are looked up lazily by [`Self::weapon`].
    pub(super) fn weapons(&mut self, f: &LevelFile) -> LevelWeapons {
        let mut out = BTreeMap::new();
        for (name, w) in &f.weapons.0 {
            let path = format!("weapons[{name}]");
            let loc = self.loc;
            out.insert(name.clone(), self.resolve_weapon(loc, &path, name, w));
        }
        out
    }

    /// Find a weapon by name: the level's own first, then the catalog. `Err` when there is
    /// none (after reporting a broken weapons catalog); `Ok(None)` when it has problems.
    pub(super) fn weapon(
        &mut self,
        name: &str,
        level_weapons: &LevelWeapons,
        cache: &mut WeaponCache,
    ) -> Result<Option<Weapon>, ()> {
        if let Some(w) = level_weapons.get(name) {
            return Ok(w.clone());
        }
        if let Some(w) = cache.get(name) {
            return Ok(w.clone());
        }
        let catalog = self.catalog;
        match catalog.weapons.get(name) {
            Some(entry) => {
                let loc = Loc::new(&entry.file, &entry.spans);
                let w = self.resolve_weapon(loc, &entry.path, name, &entry.value);
                cache.insert(name.to_string(), w.clone());
                Ok(w)
            }
            None => {
                if let Some(broken) = catalog.broken.get(WEAPONS_FILE_KEY) {
                    self.problems.extend(broken.iter().cloned());
                }
                Err(())
            }
        }
    }

    /// `unknown weapon `x``, with the closest known weapon if one is close.
    pub(super) fn unknown_weapon(&self, name: &str, level_weapons: &LevelWeapons) -> String {
        let known = level_weapons
            .keys()
            .chain(self.catalog.weapons.keys())
            .map(String::as_str);
        format!(
            "unknown weapon `{name}`{}",
            suggest::did_you_mean(name, known)
        )
    }
}
