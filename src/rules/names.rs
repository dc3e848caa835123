//! Names kept for the life of the program: the few a level or a replay gives for things
//! the core does not list (a rulebook, a rulebook's own action, reaction or maneuver), each
//! kept once, and how a name written bare is read.

use std::collections::BTreeSet;
use std::sync::Mutex;

/// `name`, kept: the same `&'static str` every time it is asked for.
pub fn kept(name: &str) -> &'static str {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(kept) = names.get(name) {
        return kept;
    }
    let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.insert(kept);
    kept
}

/// A name written bare (`Coup`, `preset: Seed002`), as a closed enum's unit variant is, read
/// back; `expecting` says what a name there is, for the error.
pub fn read_name<'de, D: serde::Deserializer<'de>>(
    d: D,
    expecting: &'static str,
) -> Result<String, D::Error> {
    struct Name(&'static str);
    impl serde::de::Visitor<'_> for Name {
        type Value = String;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str(self.0)
        }
        fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<String, E> {
            Ok(v.to_string())
        }
    }
    d.deserialize_identifier(Name(expecting))
}
