//! Saving a level without losing anything: the text goes to a temporary file beside the
//! target, which then replaces it in one rename (a crash leaves the old file or the new,
//! never half of one); a level saved as new gets a checked file name and never overwrites
//! a file unless asked to.

use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable naming the folder new levels are saved into (the window tests
/// point it at a folder of their own); `levels/` when unset.
pub const SAVE_DIR_VAR: &str = "SKIRMISH_EDITOR_DIR";
/// The longest file name a level is saved as, without `.ron`.
pub const MAX_NAME_CHARS: usize = 64;

/// Where Save as puts a new level.
pub fn save_dir() -> PathBuf {
    std::env::var_os(SAVE_DIR_VAR)
        .filter(|v| !v.is_empty())
        .map_or_else(crate::paths::levels_dir, PathBuf::from)
}

/// The folder the editor saves in where it is not `levels/` (`$SKIRMISH_EDITOR_DIR`), with
/// its levels, which the editor offers to open beside those of `levels/`.
pub fn own_save_dir() -> Option<(PathBuf, Vec<PathBuf>)> {
    let dir = save_dir();
    (dir != crate::paths::levels_dir()).then(|| {
        let files = crate::level::ron_files(&dir);
        (dir, files)
    })
}

/// Write `text` to `path` through a temporary file in the same folder and a rename.
/// On failure the file at `path` is as it was, and the message says what failed.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let shown = path.display();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| format!("cannot save to `{shown}`: it names no file"))?;
    let temp = dir.join(format!(".{}.saving", name.to_string_lossy()));
    let written = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&temp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(format!("cannot save `{shown}`: {e}"));
    }
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        format!("cannot save `{shown}`: {e}")
    })
}

/// A file name from what the player typed: `.ron` added when missing, a space within it
/// written `_`; letters, digits, `_` and `-` only, so that it cannot leave the folder.
pub fn file_name(typed: &str) -> Result<String, String> {
    let spaced = typed.trim().replace(' ', "_");
    let stem = spaced.strip_suffix(".ron").unwrap_or(&spaced);
    if stem.is_empty() {
        return Err("type a name for the file".into());
    }
    if stem.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "a file name has at most {MAX_NAME_CHARS} characters"
        ));
    }
    if let Some(c) = stem
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(format!(
            "`{c}` cannot be in a file name: use letters, digits, _ and -"
        ));
    }
    Ok(format!("{stem}.ron"))
}

/// The file name a level's name suggests: `New level` -> `new_level`.
pub fn suggested_name(level_name: &str) -> String {
    let mut out = String::new();
    for c in level_name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    let out: String = out
        .trim_end_matches('_')
        .chars()
        .take(MAX_NAME_CHARS)
        .collect();
    if out.is_empty() { "level".into() } else { out }
}

/// What Save as did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedAs {
    Written(PathBuf),
    /// A file of that name is there: nothing was written (ask before overwriting).
    Exists(PathBuf),
}

/// Save `text` as `typed` in folder `dir`; an existing file is overwritten only when
/// `overwrite` says so.
pub fn save_as(dir: &Path, typed: &str, text: &str, overwrite: bool) -> Result<SavedAs, String> {
    let path = dir.join(file_name(typed)?);
    if path.exists() && !overwrite {
        return Ok(SavedAs::Exists(path));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make `{}`: {e}", dir.display()))?;
    write_atomically(&path, text)?;
    Ok(SavedAs::Written(path))
}

/// Whether `path` names a level file not there yet in a folder that is: `skirmish edit`
/// opens the editor to make it there.
pub fn can_be_made(path: &Path) -> bool {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    !path.exists() && folder.is_dir() && path.extension().is_some_and(|e| e == "ron")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_made_only_as_a_ron_file_in_a_folder_that_exists() {
        let dir = std::env::temp_dir();
        assert!(can_be_made(&dir.join("skirmish_never_written_level.ron")));
        assert!(!can_be_made(&dir.join("skirmish_never_written_level.txt")));
        assert!(!can_be_made(&dir.join("no_such_folder_here/level.ron")));
        assert!(!can_be_made(&dir), "a folder");
        assert!(
            !can_be_made(Path::new("Cargo.toml")),
            "a file that is there"
        );
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("skirmish-save-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn saving_as_never_overwrites_unless_asked_and_leaves_no_temporary_file() {
        let dir = temp_dir("as");
        let first = save_as(&dir, "my_map", "one", false).unwrap();
        let path = dir.join("my_map.ron");
        assert_eq!(first, SavedAs::Written(path.clone()));
        assert_eq!(
            save_as(&dir, "my_map.ron", "two", false).unwrap(),
            SavedAs::Exists(path.clone())
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one");
        save_as(&dir, "my_map", "two", true).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "two");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_save_says_why_and_keeps_the_old_file() {
        let dir = temp_dir("fail");
        let err = write_atomically(&dir.join("no_such_folder/x.ron"), "t").unwrap_err();
        assert!(err.starts_with("cannot save"), "{err}");
        // A folder where the file should be: the rename fails and nothing else changes.
        std::fs::create_dir_all(dir.join("taken.ron/inner")).unwrap();
        assert!(write_atomically(&dir.join("taken.ron"), "t").is_err());
        assert!(dir.join("taken.ron/inner").is_dir());
        assert!(!dir.join(".taken.ron.saving").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn file_names_are_checked_and_suggested() {
        assert_eq!(file_name(" arena "), Ok("arena.ron".into()));
        assert_eq!(file_name("pond fight"), Ok("pond_fight.ron".into()));
        assert!(file_name("../evil").unwrap_err().contains("`.`"));
        assert!(file_name("").is_err());
        assert!(file_name(&"a".repeat(MAX_NAME_CHARS + 1)).is_err());
        assert_eq!(suggested_name("New level"), "new_level");
        assert_eq!(suggested_name("  Old Mill: Night! "), "old_mill_night");
        assert_eq!(suggested_name("!!"), "level");
    }
}
