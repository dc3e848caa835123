//! The sides' edits: a side surprised or not, Seed000's unions (units of one side that
//! act in one slot), a side added, and a side renamed (the units, unions' side, and
//! objectives that name it follow).

use crate::level::edit::{EditError, LevelText};
use crate::level::schema::{LevelFile, ObjectiveFile};

/// The names and colours a new side takes, the first one the level has not used (a new
/// level's sides are the first ones).
pub const NEW_SIDES: [(&str, &str); 6] = [
    ("Blue", "#3a6ee8"),
    ("Red", "#d83b3b"),
    ("Green", "#4cbf59"),
    ("Gold", "#d9b233"),
    ("Purple", "#9b59d0"),
    ("Grey", "#8c8c8c"),
];

/// The most sides the editor adds.
pub const MAX_SIDES: usize = 8;

/// Side `index` is surprised (`surprised: true`) or not (the field taken out).
pub fn set_surprised(text: &mut LevelText, index: usize, on: bool) -> Result<(), EditError> {
    let path = format!("sides[{index}]");
    if on {
        text.set_field(&path, "surprised", "true")
    } else {
        text.remove_field(&path, "surprised")
    }
}

/// Add a side after the others, under the first name and colour of `NEW_SIDES` that no
/// side has (else `Side N`, in a default colour); its name.
pub fn add_side(file: &LevelFile, text: &mut LevelText) -> Result<String, EditError> {
    let taken = |n: &str| file.sides.iter().any(|s| s.name == n);
    let worn = |c: &str| file.sides.iter().any(|s| s.colour.as_deref() == Some(c));
    let (name, colour) = match NEW_SIDES.iter().find(|(n, c)| !taken(n) && !worn(c)) {
        Some((n, c)) => (n.to_string(), Some(*c)),
        None => {
            let n = (file.sides.len() + 1..).map(|i| format!("Side {i}"));
            (n.into_iter().find(|n| !taken(n)).unwrap_or_default(), None)
        }
    };
    let colour = colour.map_or(String::new(), |c| format!(", colour: {c:?}"));
    text.push_item("sides", &format!("(name: {name:?}{colour})"))?;
    Ok(name)
}

/// Remove side `index`, with its units and its objectives (Ctrl+Z brings them back); the
/// number of units that went with it.
pub fn remove_side(
    file: &LevelFile,
    text: &mut LevelText,
    index: usize,
) -> Result<usize, EditError> {
    let side = file
        .sides
        .get(index)
        .ok_or(EditError::NoValue(format!("sides[{index}]")))?;
    let its = |s: &str| s == side.name;
    let objectives: Vec<usize> = (file.objectives.iter().enumerate())
        .filter(|(_, o)| its(objective_side(o)))
        .map(|(i, _)| i)
        .collect();
    if objectives.len() == file.objectives.len() && !objectives.is_empty() {
        text.remove_field("", "objectives")?;
    } else {
        for i in objectives.into_iter().rev() {
            text.remove_item("objectives", i)?;
        }
    }
    let units: Vec<usize> = (file.units.iter().enumerate())
        .filter(|(_, u)| its(&u.side))
        .map(|(i, _)| i)
        .collect();
    for i in units.iter().rev() {
        text.remove_item("units", *i)?;
    }
    text.remove_item("sides", index)?;
    Ok(units.len())
}

/// The side an objective is for.
fn objective_side(o: &ObjectiveFile) -> &str {
    match o {
        ObjectiveFile::Survive { side, .. }
        | ObjectiveFile::HoldArea { side, .. }
        | ObjectiveFile::ReachArea { side, .. } => side,
    }
}

/// The name typed for side `index`, trimmed; or why it cannot be its name.
pub fn side_name(file: &LevelFile, index: usize, typed: &str) -> Result<String, String> {
    let name = super::units::typed_name(typed, "side")?;
    let taken = (file.sides.iter().enumerate()).any(|(i, s)| i != index && s.name == name);
    if taken {
        return Err(format!("Another side is named {name:?}"));
    }
    Ok(name)
}

/// Rename side `index` to `name` (see [`side_name`]), and in every unit and objective
/// that names it.
pub fn rename_side(
    file: &LevelFile,
    text: &mut LevelText,
    index: usize,
    name: &str,
) -> Result<(), EditError> {
    let path = format!("sides[{index}]");
    let old = &file
        .sides
        .get(index)
        .ok_or(EditError::NoValue(path.clone()))?
        .name;
    let quoted = format!("{name:?}");
    text.set(&format!("{path}.name"), &quoted)?;
    for (i, _) in file
        .units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.side == *old)
    {
        text.set(&format!("units[{i}].side"), &quoted)?;
    }
    for (i, o) in file.objectives.iter().enumerate() {
        if objective_side(o) == old {
            text.set(&format!("objectives[{i}].side"), &quoted)?;
        }
    }
    Ok(())
}

/// The union of its side that unit `index` is in: (side, union) indices.
pub fn union_of(file: &LevelFile, index: usize) -> Option<(usize, usize)> {
    let name = file.units.get(index)?.name.as_deref()?;
    file.sides.iter().enumerate().find_map(|(s, side)| {
        let j = side
            .unions
            .iter()
            .position(|u| u.iter().any(|m| m == name))?;
        Some((s, j))
    })
}

/// Put units `a` and `b` (of one side, both named) in one union: `b` joins `a`'s union,
/// or `a` joins `b`'s, or they make a new one. Why not, when they cannot.
pub fn join_union(
    file: &LevelFile,
    text: &mut LevelText,
    a: usize,
    b: usize,
) -> Result<(), EditError> {
    let no = |why: String| Err(EditError::Refused(why));
    let (ua, ub) = (file.units.get(a), file.units.get(b));
    let (Some(ua), Some(ub)) = (ua, ub) else {
        return no("No such unit".into());
    };
    let (Some(na), Some(nb)) = (ua.name.as_deref(), ub.name.as_deref()) else {
        return no("A union names its units: give both a name first".into());
    };
    if ua.side != ub.side || a == b {
        return no(format!("{na} and {nb} are not two units of one side"));
    }
    let Some(side) = file.sides.iter().position(|s| s.name == ua.side) else {
        return no(format!(
            "{na}'s side {:?} is not one of the level's",
            ua.side
        ));
    };
    match (union_of(file, a), union_of(file, b)) {
        (Some(x), Some(y)) if x == y => no(format!("{na} and {nb} are one union already")),
        (Some(_), Some(_)) => no(format!("{nb} is in another union: take it out first")),
        (Some((_, j)), None) => {
            text.push_item(&format!("sides[{side}].unions[{j}]"), &format!("{nb:?}"))
        }
        (None, Some((_, j))) => {
            text.push_item(&format!("sides[{side}].unions[{j}]"), &format!("{na:?}"))
        }
        (None, None) if file.sides[side].unions.is_empty() => text.set_field(
            &format!("sides[{side}]"),
            "unions",
            &format!("[[{na:?}, {nb:?}]]"),
        ),
        (None, None) => text.push_item(
            &format!("sides[{side}].unions"),
            &format!("[{na:?}, {nb:?}]"),
        ),
    }
}

/// Take unit `index` out of its union; a union left with one unit goes, and a side left
/// with no union loses its `unions`.
pub fn leave_union(file: &LevelFile, text: &mut LevelText, index: usize) -> Result<(), EditError> {
    let Some((s, j)) = union_of(file, index) else {
        return Ok(());
    };
    let side = &file.sides[s];
    let name = file.units[index].name.as_deref().unwrap_or_default();
    let union = &side.unions[j];
    if union.len() > 2 {
        let k = union.iter().position(|m| m == name).unwrap_or_default();
        return text.remove_item(&format!("sides[{s}].unions[{j}]"), k);
    }
    if side.unions.len() > 1 {
        return text.remove_item(&format!("sides[{s}].unions"), j);
    }
    text.remove_field(&format!("sides[{s}]"), "unions")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::EditorDoc;

    const FIRST_BLOOD: &str = include_str!("../../levels/first_blood.ron");
    const CRYPT: &str = include_str!("../../levels/crypt.ron");
    const AMBUSH: &str = include_str!("../../levels/ambush.ron");

    #[test]
    fn a_side_is_removed_with_its_units_and_objectives_and_comes_back_with_undo() {
        let mut d = EditorDoc::new(AMBUSH.into(), Some("ambush.ron".into()));
        let blue_units = (d.view().file.as_ref().unwrap().units.iter())
            .filter(|u| u.side == "Blue")
            .count();
        let mut gone = 0;
        d.edit(|f, t| {
            gone = remove_side(f, t, 0)?;
            Ok(())
        })
        .unwrap();
        assert_eq!(gone, blue_units);
        let file = d.view().file.clone().unwrap();
        assert_eq!(file.sides.len(), 1);
        assert_eq!(file.sides[0].name, "Red");
        assert!(file.units.iter().all(|u| u.side == "Red"));
        assert!(file.objectives.is_empty(), "Blue's Survive went with it");
        assert!(!d.text().contains("objectives"));
        assert!(
            d.text()
                .contains("(name: \"Gor\", side: \"Red\", template: \"brute\"")
        );
        assert!(d.undo());
        assert_eq!(d.text(), AMBUSH);
        // Red's removal keeps Blue's objective.
        d.edit(|f, t| remove_side(f, t, 1).map(|_| ())).unwrap();
        let file = d.view().file.clone().unwrap();
        assert_eq!(file.objectives.len(), 1);
        assert!(file.units.iter().all(|u| u.side == "Blue"));
    }

    #[test]
    fn a_side_is_surprised_and_not_in_its_own_line() {
        let mut d = EditorDoc::new(FIRST_BLOOD.into(), Some("f.ron".into()));
        d.edit(|_, t| set_surprised(t, 1, true)).unwrap();
        let red = "        (name: \"Red\", colour: \"#d83b3b\", reactions: Always),";
        let surprised =
            "        (name: \"Red\", colour: \"#d83b3b\", reactions: Always, surprised: true),";
        assert_eq!(d.text(), FIRST_BLOOD.replace(red, surprised));
        assert!(d.view().level.as_ref().unwrap().sides[1].surprised);
        d.edit(|_, t| set_surprised(t, 1, false)).unwrap();
        assert_eq!(d.text(), FIRST_BLOOD);
    }

    #[test]
    fn a_side_is_added_and_renamed_with_its_units_and_objectives() {
        let mut d = EditorDoc::new(AMBUSH.into(), Some("ambush.ron".into()));
        let mut added = String::new();
        d.edit(|f, t| {
            added = add_side(f, t)?;
            Ok(())
        })
        .unwrap();
        assert_eq!(added, "Green");
        assert!(
            d.text()
                .contains("        (name: \"Green\", colour: \"#4cbf59\"),\n    ],")
        );
        let file = d.view().file.clone().unwrap();
        assert!(
            side_name(&file, 0, "Red")
                .unwrap_err()
                .contains("Another side")
        );
        assert_eq!(side_name(&file, 0, " Azure "), Ok("Azure".into()));
        d.edit(|f, t| rename_side(f, t, 0, "Azure")).unwrap();
        let blue_units = file.units.iter().filter(|u| u.side == "Blue").count();
        assert_eq!(d.text().matches("side: \"Azure\"").count(), blue_units + 1);
        assert!(d.text().contains("Survive(side: \"Azure\", rounds: 4)"));
        assert!(!d.text().contains("\"Blue\""));
        // Only the names changed: as many lines as before, plus the new side's.
        assert_eq!(d.text().lines().count(), AMBUSH.lines().count() + 1);
        // The level still loads but for the new side, which has no units yet.
        let problems: Vec<&str> = (d.view().problems.iter())
            .map(|p| p.message.as_str())
            .collect();
        assert_eq!(problems, ["side `Green` has no units"]);
        assert!(d.undo() && d.undo());
        assert_eq!(d.text(), AMBUSH);
    }

    #[test]
    fn units_join_and_leave_unions() {
        let mut d = EditorDoc::new(CRYPT.into(), Some("crypt.ron".into()));
        // Bram (2) joins Cora's (0) union; Skitter (5) cannot join Cora.
        d.edit(|f, t| join_union(f, t, 2, 0)).unwrap();
        assert!(
            d.text()
                .contains("unions: [[\"Cora\", \"Edda\", \"Bram\"]]),")
        );
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
        let err = d.edit(|f, t| join_union(f, t, 5, 0)).unwrap_err();
        assert!(
            err.to_string().contains("not two units of one side"),
            "{err}"
        );
        d.edit(|f, t| leave_union(f, t, 0)).unwrap();
        assert!(d.text().contains("unions: [[\"Edda\", \"Bram\"]]),"));
        // A union of two loses a member: it goes, and the side's `unions` with it.
        d.edit(|f, t| leave_union(f, t, 1)).unwrap();
        assert!(
            d.text()
                .contains("        (name: \"Blue\", colour: \"#3a6ee8\", reactions: Ask),\n")
        );
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
        d.edit(|f, t| join_union(f, t, 0, 1)).unwrap();
        assert!(
            d.text()
                .contains("reactions: Ask, unions: [[\"Cora\", \"Edda\"]]),")
        );
        // A second union of Red's.
        d.edit(|f, t| leave_union(f, t, 3)).unwrap();
        d.edit(|f, t| join_union(f, t, 5, 4)).unwrap();
        assert!(d.text().contains("unions: [[\"Skitter\", \"Nib\"]]),"));
        assert!(d.view().problems.is_empty(), "{:?}", d.view().problems);
        while d.undo() {}
        assert_eq!(d.text(), CRYPT);
    }
}
