//! The shared catalog: unit templates in `assets/units/*.ron` and weapons in
//! `assets/weapons.ron`, read from disk with their source positions.

use super::problem::{Problem, decode_utf8, ron_problem};
use super::schema::{StatBlock, UniqueMap, WeaponFile};
use super::spans::SpanIndex;
use super::{ron_files, ron_options};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

/// A catalog value with the file it came from, for locating problems.
#[derive(Clone, Debug)]
pub struct Sourced<T> {
    pub value: T,
    /// The file as shown in messages, e.g. `assets/units/soldier.ron`.
    pub file: String,
    pub spans: Arc<SpanIndex>,
    /// The value's path inside the file (`""` for a whole file, `[sword]` for a map entry).
    pub path: String,
}

/// Templates and weapons available to every level.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    pub weapons: BTreeMap<String, Sourced<WeaponFile>>,
    pub templates: BTreeMap<String, Sourced<StatBlock>>,
    /// Files that could not be read or parsed, by template name (or `weapons.ron`), with
    /// their problems. A level that uses one of them reports these problems.
    pub broken: BTreeMap<String, Vec<Problem>>,
}

/// The key under which a broken weapons catalog is filed in [`Catalog::broken`].
pub const WEAPONS_FILE_KEY: &str = "weapons.ron";

/// Largest catalog file read.
pub const MAX_CATALOG_FILE_BYTES: u64 = 1 << 20;

fn read_limited(path: &Path) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.len() > MAX_CATALOG_FILE_BYTES {
        return Err(format!(
            "the file is {} bytes; the limit is {MAX_CATALOG_FILE_BYTES}",
            meta.len()
        ));
    }
    std::fs::read(path).map_err(|e| e.to_string())
}

impl Catalog {
    /// Read the catalog under `assets_dir` (the folder holding `units/` and `weapons.ron`).
    /// `label_root` is stripped from paths shown in messages.
    pub fn load(assets_dir: &Path, label_root: &Path) -> Catalog {
        let mut cat = Catalog::default();
        let label = |p: &Path| -> String {
            p.strip_prefix(label_root)
                .unwrap_or(p)
                .to_string_lossy()
                .into_owned()
        };
        let weapons_path = assets_dir.join("weapons.ron");
        if weapons_path.exists() {
            let file = label(&weapons_path);
            cat.add_weapons(&file, read_limited(&weapons_path));
        }
        let units_dir = assets_dir.join("units");
        for path in ron_files(&units_dir) {
            let Some(name) = path.file_stem().map(|s| s.to_string_lossy().into_owned()) else {
                continue;
            };
            cat.add_template(name, &label(&path), read_limited(&path));
        }
        cat
    }

    /// Add the weapons of a weapons file's bytes, or file it as broken with its problem.
    pub fn add_weapons(&mut self, file: &str, bytes: Result<Vec<u8>, String>) {
        let parsed = bytes
            .map_err(|e| Problem::new(file, e))
            .and_then(|b| Catalog::parse_weapons(file, &b));
        match parsed {
            Ok(w) => self.weapons = w,
            Err(p) => {
                self.broken.insert(WEAPONS_FILE_KEY.into(), vec![p]);
            }
        }
    }

    /// Add the template `name` from a template file's bytes, or file it as broken with its
    /// problem.
    pub fn add_template(&mut self, name: String, file: &str, bytes: Result<Vec<u8>, String>) {
        let parsed = bytes
            .map_err(|e| Problem::new(file, e))
            .and_then(|b| Catalog::parse_template(file, &b));
        match parsed {
            Ok(t) => {
                self.templates.insert(name, t);
            }
            Err(p) => {
                self.broken.insert(name, vec![p]);
            }
        }
    }

    pub fn parse_weapons(
        file: &str,
        bytes: &[u8],
    ) -> Result<BTreeMap<String, Sourced<WeaponFile>>, Problem> {
        let src = decode_utf8(file, bytes)?;
        let map: UniqueMap<String, WeaponFile> = ron_options()
            .from_str(src)
            .map_err(|e| ron_problem(file, src, &e))?;
        let spans = Arc::new(SpanIndex::build(src));
        Ok(map
            .0
            .into_iter()
            .map(|(name, value)| {
                let s = Sourced {
                    value,
                    file: file.to_string(),
                    spans: spans.clone(),
                    path: format!("[{name}]"),
                };
                (name, s)
            })
            .collect())
    }

    pub fn parse_template(file: &str, bytes: &[u8]) -> Result<Sourced<StatBlock>, Problem> {
        let src = decode_utf8(file, bytes)?;
        let value: StatBlock = ron_options()
            .from_str(src)
            .map_err(|e| ron_problem(file, src, &e))?;
        Ok(Sourced {
            value,
            file: file.to_string(),
            spans: Arc::new(SpanIndex::build(src)),
            path: String::new(),
        })
    }
}
