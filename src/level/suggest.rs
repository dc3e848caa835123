//! "Did you mean": the known name closest to a misspelt one, for messages about unknown
//! templates, weapons, terrain kinds, sides and units.

/// Least normalized Damerau-Levenshtein similarity (1 is equal) of a suggestion: one typo
/// in a three-letter name (`Rde` for `Red`) is still offered, a different word is not.
const MIN_EDIT_SIMILARITY: f64 = 0.6;
/// Least Jaro-Winkler similarity of a suggestion that is far by edits but shares a long
/// start (`spear` for `spearman`).
const MIN_PREFIX_SIMILARITY: f64 = 0.9;

/// The known name closest to `unknown`, when it is close enough to be a likely misspelling.
/// Case is ignored when comparing (`blue` suggests `Blue`); the name itself is never offered.
pub fn closest<'a>(unknown: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let wanted = unknown.to_lowercase();
    let mut best: Option<(f64, f64, &str)> = None;
    for name in known {
        if name == unknown {
            continue;
        }
        let lower = name.to_lowercase();
        let edits = strsim::normalized_damerau_levenshtein(&wanted, &lower);
        let prefix = strsim::jaro_winkler(&wanted, &lower);
        if edits < MIN_EDIT_SIMILARITY && prefix < MIN_PREFIX_SIMILARITY {
            continue;
        }
        if best.is_none_or(|(e, p, _)| (edits, prefix) > (e, p)) {
            best = Some((edits, prefix, name));
        }
    }
    best.map(|(_, _, name)| name)
}

/// ` (did you mean `x`?)` for the closest known name, or nothing.
pub fn did_you_mean<'a>(unknown: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(unknown, known)
        .map(|name| format!(" (did you mean `{name}`?)"))
        .unwrap_or_default()
}

/// ` (did you mean `x`? LABEL: a, b, c)`, or ` (LABEL: a, b, c)` when no known name is close:
/// the suggestion and the whole list, for short lists that help to read in full.
pub fn did_you_mean_among(unknown: &str, label: &str, known: &[&str]) -> String {
    match closest(unknown, known.iter().copied()) {
        Some(name) => format!(" (did you mean `{name}`? {label}: {})", known.join(", ")),
        None => format!(" ({label}: {})", known.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_offered_and_far_ones_are_not() {
        let weapons = ["sword", "spear", "longbow", "maul"];
        assert_eq!(closest("swrod", weapons), Some("sword"));
        assert_eq!(closest("Sword", weapons), Some("sword"));
        assert_eq!(closest("long_bow", weapons), Some("longbow"));
        assert_eq!(closest("laser", weapons), None);
        assert_eq!(closest("sword", weapons), None);
        assert_eq!(closest("Rde", ["Blue", "Red"]), Some("Red"));
        assert_eq!(closest("Purple", ["Blue", "Red"]), None);
        assert_eq!(closest("spear", ["spearman", "archer"]), Some("spearman"));
    }

    #[test]
    fn messages_read_well() {
        assert_eq!(
            did_you_mean("swrod", ["sword", "maul"]),
            " (did you mean `sword`?)"
        );
        assert_eq!(did_you_mean("laser", ["sword"]), "");
        assert_eq!(
            did_you_mean_among("Bleu", "sides", &["Blue", "Red"]),
            " (did you mean `Blue`? sides: Blue, Red)"
        );
        assert_eq!(
            did_you_mean_among("Purple", "sides", &["Blue", "Red"]),
            " (sides: Blue, Red)"
        );
    }
}
