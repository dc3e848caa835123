//! The script's steps on the level file: editing it on disk, waiting for the game to load
//! it again, and counting the problems it shows (live level editing).

use super::{Player, Progress, Script};

impl Player<'_, '_> {
    /// Replace the first `find` in a file with `replace`.
    pub(super) fn edit(
        &mut self,
        s: &mut Script,
        file: &str,
        find: &str,
        replace: &str,
    ) -> Progress {
        let edited = std::fs::read_to_string(file)
            .map_err(|e| e.to_string())
            .and_then(|t| {
                if t.contains(find) {
                    Ok(t.replacen(find, replace, 1))
                } else {
                    Err(format!("`{find}` is not in the file"))
                }
            })
            .and_then(|t| std::fs::write(file, t).map_err(|e| e.to_string()));
        match edited {
            Ok(()) => Progress::Done,
            Err(e) => self.fail(s, format!("cannot edit {file}: {e}")),
        }
    }

    pub(super) fn wait_for_reload(&mut self, s: &mut Script) -> Progress {
        let from = *s.reload_from.get_or_insert(self.current.generation);
        if self.current.generation > from {
            s.reload_from = None;
            return Progress::Done;
        }
        self.keep_waiting(s, |_| "the level was not reloaded".into())
    }

    pub(super) fn expect_problems(&mut self, s: &mut Script, n: usize) -> Progress {
        let errors = &self.current.errors;
        if errors.len() == n {
            return Progress::Done;
        }
        let message = format!(
            "expected {n} problem(s), the level shows {}: {errors:?}",
            errors.len()
        );
        self.fail(s, message)
    }
}
