//! Rule packs compiled into the binary, and the resolver behind `load NAME`.
//!
//! `build.rs` lists every file under `rules/` and `scripts/` and embeds it with
//! `include_str!`; [`packs`] groups them by their first folder: `rules/NAME/**` are the
//! pack's rule files, `scripts/NAME/**` its scripts. Files directly in `rules/` or `scripts/`
//! belong to no pack. [`resolve`] prefers a local `rules/NAME` folder in the working
//! directory over the embedded pack of the same name (the session says so in the
//! transcript), so a homebrewer can edit a shipped pack in place. [`export_files`] lays a
//! pack out as one folder (`mythforge export`): its rule files at the top, its scripts in
//! `scripts/`, which `load "FOLDER"` and `mythforge check FOLDER` read back.

use std::path::{Path, PathBuf};

use crate::diagnostics::{Diagnostic, SourceMap};
use crate::model::Pack;

/// `(folder, path relative to the folder, text)` for every embedded file, sorted.
const ENTRIES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/embedded_packs.rs"));

/// Where a pack's files come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackOrigin {
    /// Compiled into the binary.
    Embedded,
    /// The local folder `rules/NAME` (this path).
    Local(PathBuf),
}

/// One pack's files: rule files and scripts with their paths and texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackFiles {
    /// The pack's name: its folder under `rules/`.
    pub name: String,
    /// Where the files come from.
    pub origin: PackOrigin,
    /// `(path such as "rules/NAME/powers.rules", text)`, sorted by path.
    pub rules: Vec<(String, String)>,
    /// `(path such as "scripts/NAME/helpers.rhai", text)`, sorted by path.
    pub scripts: Vec<(String, String)>,
}

/// Every embedded pack, sorted by name (empty when `rules/` was empty at build time).
pub fn packs() -> Vec<PackFiles> {
    from_entries(ENTRIES)
}

/// Groups `(folder, relative path, text)` entries into packs by their first path component.
pub fn from_entries(entries: &[(&str, &str, &str)]) -> Vec<PackFiles> {
    let mut packs: Vec<PackFiles> = Vec::new();
    for (folder, relative, text) in entries {
        let Some((name, _)) = relative.split_once('/') else { continue };
        let index = match packs.iter().position(|pack| pack.name == name) {
            Some(index) => index,
            None => {
                packs.push(PackFiles {
                    name: name.to_string(),
                    origin: PackOrigin::Embedded,
                    rules: Vec::new(),
                    scripts: Vec::new(),
                });
                packs.len() - 1
            }
        };
        let file = (format!("{folder}/{relative}"), (*text).to_string());
        match *folder {
            "rules" => packs[index].rules.push(file),
            _ => packs[index].scripts.push(file),
        }
    }
    // A scripts folder without a rules folder is not a pack.
    packs.retain(|pack| !pack.rules.is_empty());
    packs.sort_by(|a, b| a.name.cmp(&b.name));
    packs
}

/// The pack `name`: the folder `rules/NAME` under `directory` when it exists, else the
/// embedded pack, else `None`.
pub fn resolve(name: &str, directory: &Path, embedded: &[PackFiles]) -> Option<PackFiles> {
    let folder = directory.join("rules").join(name);
    // Only plain names: `load ../x` must not walk out of `rules/`.
    let plain =
        !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    if plain && folder.is_dir() {
        // `scripts/NAME` beside `rules/`, or `rules/NAME/scripts` (an exported pack).
        let mut scripts =
            read_tree(&directory.join("scripts").join(name), &format!("scripts/{name}"));
        scripts.extend(read_tree(&folder.join("scripts"), &format!("scripts/{name}")));
        return Some(PackFiles {
            name: name.to_string(),
            origin: PackOrigin::Local(folder.clone()),
            rules: Vec::new(),
            scripts,
        });
    }
    embedded.iter().find(|pack| pack.name == name).cloned()
}

impl PackFiles {
    /// Parses the pack's rule files, registering their sources. A local pack goes through
    /// [`crate::parse::load_pack`] (includes followed); an embedded pack parses every one of
    /// its files, so its includes add nothing.
    pub fn parse(&self, sources: &mut SourceMap) -> (Pack, Vec<Diagnostic>) {
        if let PackOrigin::Local(folder) = &self.origin {
            return crate::parse::load_pack(std::slice::from_ref(folder), sources);
        }
        let files: Vec<(crate::diagnostics::FileId, &std::path::Path, &str)> = self
            .rules
            .iter()
            .filter(|(path, _)| path.ends_with(".rules"))
            .map(|(path, text)| {
                (sources.add(path, text.as_str()), std::path::Path::new(path), text.as_str())
            })
            .collect();
        let mut pack = Pack::default();
        let mut diagnostics = Vec::new();
        for (file, found) in crate::parse::parse_files(&files) {
            diagnostics.extend(found);
            pack.files.push(file);
        }
        (pack, diagnostics)
    }

    /// The scripts, with paths relative to `scripts/NAME/`.
    pub fn scripts(&self) -> Vec<(String, String)> {
        let prefix = format!("scripts/{}/", self.name);
        self.scripts
            .iter()
            .map(|(path, text)| {
                (path.strip_prefix(&prefix).unwrap_or(path).to_string(), text.clone())
            })
            .collect()
    }
}

/// The files of `pack` as one folder: `(path relative to the folder, text)`, rule files (and
/// the pack's notes) at the top as they sit under `rules/NAME`, scripts under `scripts/`.
pub fn export_files(pack: &PackFiles) -> Vec<(String, String)> {
    let rules_prefix = format!("rules/{}/", pack.name);
    let mut files: Vec<(String, String)> = pack
        .rules
        .iter()
        .map(|(path, text)| {
            (path.strip_prefix(&rules_prefix).unwrap_or(path).to_string(), text.clone())
        })
        .collect();
    files.extend(pack.scripts().into_iter().map(|(path, text)| (format!("scripts/{path}"), text)));
    files
}

/// Every readable UTF-8 file under `folder`, as `(prefix/relative path, text)`, sorted.
fn read_tree(folder: &Path, prefix: &str) -> Vec<(String, String)> {
    let mut files = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(directory) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&directory) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                let relative = path.strip_prefix(folder).unwrap_or(&path);
                let relative = relative.to_string_lossy().replace('\\', "/");
                files.push((format!("{prefix}/{relative}"), text));
            }
        }
    }
    files.sort();
    files
}
