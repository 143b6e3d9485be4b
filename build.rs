//! Build script: embeds every file under `rules/` and `scripts/` into the binary.
//!
//! It writes `$OUT_DIR/embedded_packs.rs`, a sorted list of
//! `(folder, relative path, include_str!(absolute path))` entries that
//! `src/session/embedded.rs` groups into packs. Sorting keeps the build reproducible; the
//! `rerun-if-changed` lines make cargo rebuild when a rule or script file changes, appears
//! or disappears (cargo watches a folder's whole tree when given a folder).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets this"));
    let mut entries = Vec::new();
    for folder in ["rules", "scripts"] {
        let base = root.join(folder);
        // A missing watched path makes cargo rerun this script on every build, so only
        // existing folders are watched (both ship in the repository, with a `.gitkeep`).
        if base.is_dir() {
            println!("cargo:rerun-if-changed={folder}");
        }
        collect(&base, &base, folder, &mut entries);
    }
    entries.sort();
    let mut code = String::from("&[\n");
    for (folder, relative, absolute) in &entries {
        writeln!(code, "    ({folder:?}, {relative:?}, include_str!({absolute:?})),")
            .expect("writing to a String cannot fail");
    }
    code.push_str("]\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets this"));
    std::fs::write(out.join("embedded_packs.rs"), code).expect("OUT_DIR is writable");
}

/// Adds every UTF-8 text file under `directory` as `(folder, path relative to base, absolute)`.
fn collect(
    base: &Path,
    directory: &Path,
    folder: &str,
    entries: &mut Vec<(String, String, String)>,
) {
    let Ok(read) = std::fs::read_dir(directory) else { return };
    for entry in read.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(base, &path, folder, entries);
        } else if directory != base && std::fs::read_to_string(&path).is_ok() {
            // Files directly in `rules/` or `scripts/` belong to no pack and are not embedded.
            let relative = path.strip_prefix(base).unwrap_or(&path);
            let relative = relative.to_string_lossy().replace('\\', "/");
            entries.push((folder.to_string(), relative, path.to_string_lossy().into_owned()));
        }
    }
}
