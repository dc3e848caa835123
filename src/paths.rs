//! Where the game's data lives: the project folder holding `assets/` and `levels/`, the
//! shared catalog read from it, and the player's own folder (saved battles). Depends on
//! [`crate::level`], never the reverse.

use crate::level::catalog::Catalog;
use crate::level::ron_files;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The level `cargo run --release` opens.
pub const DEFAULT_LEVEL: &str = "levels/first_blood.ron";

fn is_root(p: &Path) -> bool {
    p.join("assets").join("units").is_dir()
}

/// The folder holding `assets/` and `levels/`: `$SKIRMISH_ROOT`, else the current folder,
/// else a folder above the executable, else the source folder it was built from.
pub fn project_root() -> PathBuf {
    if let Some(root) = std::env::var_os("SKIRMISH_ROOT") {
        return PathBuf::from(root);
    }
    if let Ok(cwd) = std::env::current_dir()
        && is_root(&cwd)
    {
        return cwd;
    }
    if let Ok(exe) = std::env::current_exe() {
        for dir in exe.ancestors().skip(1) {
            if is_root(dir) {
                return dir.to_path_buf();
            }
        }
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn assets_dir() -> PathBuf {
    project_root().join("assets")
}

pub fn levels_dir() -> PathBuf {
    project_root().join("levels")
}

/// The shared templates and weapons, read from disk now (the game reads them again with
/// every level load, so that edits to them take effect).
pub fn load_catalog() -> Catalog {
    let root = project_root();
    Catalog::load(&root.join("assets"), &root)
}

/// The shared templates and weapons, read once per process: for tests, benchmarks and fuzz
/// targets that parse many levels against files that do not change meanwhile.
pub fn cached_catalog() -> &'static Catalog {
    static CATALOG: std::sync::OnceLock<Catalog> = std::sync::OnceLock::new();
    CATALOG.get_or_init(load_catalog)
}

/// What the catalog's files under `root` are now: each file of `assets/units/` and
/// `assets/weapons.ron`, with its length and modification time.
type CatalogStamp = Vec<(PathBuf, u64, Option<std::time::SystemTime>)>;

fn catalog_stamp(root: &Path) -> CatalogStamp {
    let assets = root.join("assets");
    let mut files = ron_files(&assets.join("units"));
    files.push(assets.join("weapons.ron"));
    (files.into_iter())
        .map(|p| {
            let meta = std::fs::metadata(&p).ok();
            let len = meta.as_ref().map_or(0, |m| m.len());
            let modified = meta.and_then(|m| m.modified().ok());
            (p, len, modified)
        })
        .collect()
}

/// The shared templates and weapons as their files are now: read again when one of them
/// was written, added or removed since the last call, else the copy read then. For the
/// level editor, which asks at every edit and looks again while it runs.
pub fn current_catalog() -> Arc<Catalog> {
    catalog_of(&project_root())
}

/// [`current_catalog`] of the project folder `root`.
pub fn catalog_of(root: &Path) -> Arc<Catalog> {
    type Cache = HashMap<PathBuf, (CatalogStamp, Arc<Catalog>)>;
    static CURRENT: Mutex<Option<Cache>> = Mutex::new(None);
    let stamp = catalog_stamp(root);
    let mut cache = CURRENT.lock().unwrap_or_else(|e| e.into_inner());
    let cache = cache.get_or_insert_with(HashMap::new);
    match cache.get(root) {
        Some((seen, catalog)) if *seen == stamp => catalog.clone(),
        _ => {
            let catalog = Arc::new(Catalog::load(&root.join("assets"), root));
            cache.insert(root.to_path_buf(), (stamp, catalog.clone()));
            catalog
        }
    }
}

/// Every `.ron` file in `levels/`, sorted by name.
pub fn level_files() -> Vec<PathBuf> {
    ron_files(&levels_dir())
}

/// Show a path relative to the project root when it is inside it.
pub fn display(p: &Path) -> String {
    let root = project_root();
    p.strip_prefix(&root)
        .unwrap_or(p)
        .to_string_lossy()
        .into_owned()
}

/// The player's own folder, where saved battles go (never the project's `replays/`, which
/// holds the shipped examples): `$SKIRMISH_DATA`, else `$XDG_DATA_HOME/skirmish`, else
/// `~/.local/share/skirmish` (the XDG default), else `saves/` in the project folder.
pub fn data_dir() -> PathBuf {
    player_dir("SKIRMISH_DATA", "XDG_DATA_HOME", ".local/share", "saves")
}

/// The player's settings folder: `$SKIRMISH_CONFIG`, else `$XDG_CONFIG_HOME/skirmish`, else
/// `~/.config/skirmish`, else `saves/` in the project folder.
pub fn config_dir() -> PathBuf {
    player_dir("SKIRMISH_CONFIG", "XDG_CONFIG_HOME", ".config", "saves")
}

/// A folder of the player's own: the game's variable, else the XDG variable's folder, else
/// the XDG default under the home folder, else one in the project folder.
fn player_dir(own: &str, xdg: &str, under_home: &str, in_project: &str) -> PathBuf {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var(own) {
        return PathBuf::from(dir);
    }
    if let Some(dir) = var(xdg) {
        return PathBuf::from(dir).join("skirmish");
    }
    match var("HOME") {
        Some(home) => PathBuf::from(home).join(under_home).join("skirmish"),
        None => project_root().join(in_project),
    }
}

/// Where the battles a player saves go.
pub fn battles_dir() -> PathBuf {
    data_dir().join("battles")
}

/// A new file in the saved battles (`battles_dir`, made if missing) named for `stem` and
/// this moment (`dated_name`), under a name no file has yet.
pub fn new_battle_path(stem: &str) -> std::io::Result<PathBuf> {
    let dir = battles_dir();
    std::fs::create_dir_all(&dir)?;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Ok(unused_path(&dir, &dated_name(stem, now)))
}

/// A saved battle's file name: the level's and the moment's, in UTC
/// (`first_blood-2026-11-29-041205.ron`).
pub fn dated_name(stem: &str, unix_secs: u64) -> String {
    let (days, secs) = (unix_secs / 86_400, unix_secs % 86_400);
    let (y, m, d) = civil_date(days as i64);
    let (h, min, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    format!("{stem}-{y:04}-{m:02}-{d:02}-{h:02}{min:02}{s:02}.ron")
}

/// The year, month and day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `dir/name`, or `dir/name` with `-2`, `-3`, … before its extension when that is taken:
/// a save never overwrites a file.
pub fn unused_path(dir: &Path, name: &str) -> PathBuf {
    let first = dir.join(name);
    if !first.exists() {
        return first;
    }
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    (2..)
        .map(|n| dir.join(format!("{stem}-{n}.{ext}")))
        .find(|p| !p.exists())
        .unwrap_or(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_battle_is_named_by_its_level_and_moment_and_never_overwrites() {
        assert_eq!(
            dated_name("first_blood", 0),
            "first_blood-1970-01-01-000000.ron"
        );
        // 2026-11-29 04:12:05 UTC; a leap day and the turn of a century.
        assert_eq!(
            dated_name("ambush", 1_795_925_525),
            "ambush-2026-11-29-041205.ron"
        );
        assert_eq!(dated_name("x", 951_782_400), "x-2000-02-29-000000.ron");
        let dir = std::env::temp_dir().join(format!("skirmish-unused-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let name = "b-2026-11-29-041205.ron";
        assert_eq!(unused_path(&dir, name), dir.join(name));
        std::fs::write(dir.join(name), "taken").unwrap();
        assert_eq!(
            unused_path(&dir, name),
            dir.join("b-2026-11-29-041205-2.ron")
        );
        std::fs::write(dir.join("b-2026-11-29-041205-2.ron"), "taken").unwrap();
        assert_eq!(
            unused_path(&dir, name),
            dir.join("b-2026-11-29-041205-3.ron")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_current_catalog_is_read_again_when_a_template_changes_on_disk() {
        let root = std::env::temp_dir().join(format!("skirmish-catalog-{}", std::process::id()));
        let units = root.join("assets").join("units");
        std::fs::create_dir_all(&units).unwrap();
        std::fs::write(root.join("assets").join("weapons.ron"), "{}").unwrap();
        std::fs::write(units.join("guard.ron"), "(vitality: 10)").unwrap();
        let vitality = |c: &Catalog| c.templates.get("guard").and_then(|t| t.value.vitality);
        let first = catalog_of(&root);
        assert_eq!(vitality(&first), Some(10));
        // Nothing changed: the same copy.
        assert!(Arc::ptr_eq(&first, &catalog_of(&root)));
        std::fs::write(units.join("guard.ron"), "(vitality: 7)").unwrap();
        assert_eq!(vitality(&catalog_of(&root)), Some(7));
        std::fs::write(units.join("scout.ron"), "(vitality: 5)").unwrap();
        assert!(catalog_of(&root).templates.contains_key("scout"));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
