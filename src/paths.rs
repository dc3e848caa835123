//! Where the game's data lives: the project folder holding `assets/` and `levels/`, and
//! the shared catalog read from it. Depends on [`crate::level`], never the reverse.

use crate::level::catalog::Catalog;
use crate::level::ron_files;
use std::path::{Path, PathBuf};

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
