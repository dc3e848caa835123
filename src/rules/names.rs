//! Names kept for the life of the program: the few a level or a replay gives for things
//! the core does not list (a rulebook, a rulebook's own action), each kept once.

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
