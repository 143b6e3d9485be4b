//! `mythforge export PACK DIR`: writes a built-in pack, rule files and scripts, into a new
//! folder ready to edit and load (`load "DIR"` in a session, `mythforge check DIR`). The
//! folder is written whole or not at all: files go into a temporary sibling folder that is
//! renamed into place, and an existing non-empty folder is refused, so nothing is ever
//! overwritten.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::diagnostics::{Diagnostic, SourceMap, did_you_mean};
use crate::session::embedded;

/// Arguments of `mythforge export`.
#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The built-in pack to export (`mythforge export PACK my-house`).
    pub pack: String,
    /// The folder to write; it must not exist, or be empty.
    pub dir: PathBuf,
}

/// Runs `mythforge export`.
pub fn run(args: &ExportArgs) -> ExitCode {
    let packs = embedded::packs();
    let Some(pack) = packs.iter().find(|pack| pack.name == args.pack) else {
        let names: Vec<&str> = packs.iter().map(|pack| pack.name.as_str()).collect();
        let mut diagnostic = Diagnostic::error(
            "cli::export::unknown_pack",
            format!("no built-in pack is called `{}`", args.pack),
        );
        diagnostic = match did_you_mean(&args.pack, names.iter().copied()) {
            Some(close) => diagnostic.with_help(format!("did you mean `{close}`?")),
            None => diagnostic.with_help(format!("the built-in packs: {}", names.join(", "))),
        };
        return super::report(&[diagnostic], &SourceMap::new());
    };
    let files = embedded::export_files(pack);
    if let Err(diagnostic) = write_folder(&args.dir, &files) {
        return super::report(&[diagnostic], &SourceMap::new());
    }
    let scripts = files.iter().filter(|(path, _)| path.starts_with("scripts/")).count();
    let rules = files.iter().filter(|(path, _)| path.ends_with(".rules")).count();
    let shown = args.dir.display();
    println!(
        "exported {} to {shown}: {rules} rule file{}, {scripts} script{}",
        pack.name,
        if rules == 1 { "" } else { "s" },
        if scripts == 1 { "" } else { "s" },
    );
    println!(
        "load it in a session with `load \"{shown}\"`; check it with `mythforge check {shown}`"
    );
    ExitCode::SUCCESS
}

/// Writes `files` (`(relative path, text)`) as the new folder `dir`, all or nothing (see
/// [`Staged`]).
pub(crate) fn write_folder(dir: &Path, files: &[(String, String)]) -> Result<(), Diagnostic> {
    let staged = Staged::new(dir)?;
    staged.write(files)?;
    staged.commit()
}

/// A new folder being written: files go into a temporary sibling folder, renamed to the
/// folder's name by [`Staged::commit`] once every file is there; dropped uncommitted, the
/// temporary folder is removed. The folder must not exist, or be empty.
pub(crate) struct Staged {
    dir: PathBuf,
    temporary: PathBuf,
    committed: bool,
}

impl Staged {
    /// Starts writing the new folder `dir`.
    pub(crate) fn new(dir: &Path) -> Result<Staged, Diagnostic> {
        let shown = dir.display();
        if dir.exists() {
            let empty = std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none());
            if !dir.is_dir() || !empty {
                return Err(refuse(
                    format!("`{shown}` already exists and is not an empty folder"),
                    "choose a new folder name; nothing was written",
                ));
            }
        }
        let name =
            dir.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
        if name.is_empty() || name == "." || name == ".." {
            return Err(refuse(
                format!("`{shown}` is not a folder name"),
                "write a new folder's name",
            ));
        }
        let parent = dir.parent().filter(|parent| !parent.as_os_str().is_empty());
        let temporary = parent.unwrap_or(Path::new(".")).join(format!(".{name}.mythforge-partial"));
        std::fs::create_dir(&temporary).map_err(|error| {
            refuse(
                format!("cannot create `{}`: {error}", temporary.display()),
                "nothing was written; check that the folder above it exists and is writable (a \
                 leftover folder of an interrupted run may be in the way)",
            )
        })?;
        Ok(Staged { dir: dir.to_path_buf(), temporary, committed: false })
    }

    /// Where the files are being written until the commit.
    pub(crate) fn path(&self) -> &Path {
        &self.temporary
    }

    /// Writes `files` (`(relative path, text)`), never over an existing file.
    pub(crate) fn write(&self, files: &[(String, String)]) -> Result<(), Diagnostic> {
        for (relative, text) in files {
            let path = self.temporary.join(relative);
            if let Some(folder) = path.parent() {
                std::fs::create_dir_all(folder).map_err(|error| unwritable(&error, folder))?;
            }
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
                .map_err(|error| unwritable(&error, &path))?;
            std::io::Write::write_all(&mut file, text.as_bytes())
                .map_err(|error| unwritable(&error, &path))?;
        }
        Ok(())
    }

    /// Renames the temporary folder to the new folder's name.
    pub(crate) fn commit(mut self) -> Result<(), Diagnostic> {
        if self.dir.exists() {
            std::fs::remove_dir(&self.dir).map_err(|error| unwritable(&error, &self.dir))?;
        }
        std::fs::rename(&self.temporary, &self.dir)
            .map_err(|error| unwritable(&error, &self.dir))?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.temporary);
        }
    }
}

fn refuse(message: String, help: &str) -> Diagnostic {
    Diagnostic::error("cli::write_folder", message).with_help(help.to_string())
}

fn unwritable(error: &std::io::Error, what: &Path) -> Diagnostic {
    refuse(
        format!("cannot write `{}`: {error}", what.display()),
        "nothing was written; check that the folder above it exists and is writable",
    )
}
