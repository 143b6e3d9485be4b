//! Saves and undo. A save is the whole [`World`] (random stream position included) as
//! versioned JSON, written atomically: a temporary file in the same directory is written and
//! synced, renamed over the save, and the directory is synced; the previous save is kept as
//! `<name>.bak`. Loading checks the size, the JSON and the version and never panics; it can
//! fall back to the backup. Undo keeps a bounded stack of whole-world snapshots.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::{EngineError, EngineErrorKind};
use super::state::World;

/// The save format this engine writes and reads.
pub const FORMAT_VERSION: u64 = 1;
/// The largest save file accepted (16 MiB).
pub const MAX_SAVE_BYTES: u64 = 16 * 1024 * 1024;

#[derive(Serialize)]
struct SaveOut<'a> {
    format_version: u64,
    world: &'a World,
}

#[derive(Deserialize)]
struct VersionOnly {
    format_version: u64,
}

#[derive(Deserialize)]
struct SaveIn {
    #[allow(dead_code, reason = "checked through VersionOnly before the world is read")]
    format_version: u64,
    world: World,
}

/// The save's JSON text.
pub fn to_json(world: &World) -> Result<String, EngineError> {
    serde_json::to_string_pretty(&SaveOut { format_version: FORMAT_VERSION, world })
        .map_err(|e| EngineErrorKind::Internal(format!("cannot serialise the world: {e}")).into())
}

/// Reads a world from save text; `path` only names the file in errors.
pub fn from_json(text: &str, path: &str) -> Result<World, EngineError> {
    let corrupt = |e: serde_json::Error| EngineErrorKind::SaveCorrupt {
        path: path.to_string(),
        message: e.to_string(),
    };
    let version: VersionOnly = serde_json::from_str(text).map_err(corrupt)?;
    if version.format_version != FORMAT_VERSION {
        let (found, expected) = (version.format_version, FORMAT_VERSION);
        return Err(EngineErrorKind::SaveVersion { path: path.to_string(), found, expected }.into());
    }
    let save: SaveIn = serde_json::from_str(text).map_err(corrupt)?;
    validate(&save.world)
        .map_err(|message| EngineErrorKind::SaveCorrupt { path: path.to_string(), message })?;
    Ok(save.world)
}

/// Checks what JSON cannot: that the world is one the engine could have made. Actor names
/// are unique and not empty; every resource lies within its bounds; an encounter names only
/// actors that exist, each once, and its turn index points at one of them; queued powers
/// belong to actors that exist. A hand-edited save that breaks one is refused with the
/// first problem, instead of playing on in a state no command could reach.
pub fn validate(world: &World) -> Result<(), String> {
    let mut names = std::collections::BTreeSet::new();
    for actor in &world.actors {
        if actor.name.trim().is_empty() {
            return Err("an actor has an empty name".into());
        }
        if !names.insert(actor.name.as_str()) {
            return Err(format!("two actors are named `{}`", actor.name));
        }
        if let Some(hex) = actor.position.filter(|hex| !hex.on_map()) {
            return Err(format!("`{}` stands at {hex}, off the map", actor.name));
        }
        for (name, resource) in &actor.resources {
            if let (Some(min), Some(max)) = (resource.min, resource.max)
                && min > max
            {
                return Err(format!(
                    "`{}`'s {name} has a minimum {min} above its maximum {max}",
                    actor.name
                ));
            }
            if let Some(max) = resource.max.filter(|max| resource.current > *max) {
                return Err(format!(
                    "`{}`'s {name} is {}, above its maximum {max}",
                    actor.name, resource.current
                ));
            }
            if let Some(min) = resource.min.filter(|min| resource.current < *min) {
                return Err(format!(
                    "`{}`'s {name} is {}, below its minimum {min}",
                    actor.name, resource.current
                ));
            }
        }
    }
    let mut hexes = world.walls.iter().chain(world.terrain.keys()).chain(world.ground.keys());
    if let Some(hex) = hexes.find(|hex| !hex.on_map()) {
        return Err(format!("a wall, terrain or gear lies at {hex}, off the map"));
    }
    if let Some(encounter) = &world.encounter {
        let mut taking_part = std::collections::BTreeSet::new();
        for participant in &encounter.participants {
            if !names.contains(participant.name.as_str()) {
                return Err(format!(
                    "the encounter names `{}`, who is not an actor of the save",
                    participant.name
                ));
            }
            if !taking_part.insert(participant.name.as_str()) {
                return Err(format!("the encounter lists `{}` twice", participant.name));
            }
        }
        if encounter.current >= encounter.participants.len() {
            return Err(format!(
                "the encounter's turn index {} is past its {} participants",
                encounter.current,
                encounter.participants.len()
            ));
        }
        if encounter.round == 0 {
            return Err("the encounter's round is 0; rounds count from 1".into());
        }
        if let Some(queued) = encounter.queued.iter().find(|q| !names.contains(q.actor.as_str())) {
            return Err(format!(
                "a queued power belongs to `{}`, who is not an actor",
                queued.actor
            ));
        }
    }
    Ok(())
}

fn io_error(action: &'static str, path: &Path, error: std::io::Error) -> EngineError {
    EngineErrorKind::SaveIo { action, path: path.display().to_string(), message: error.to_string() }
        .into()
}

/// The backup's path: `<name>.bak` next to the save.
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Creates a fresh temporary file next to `path`, exclusively: an existing file or a
/// planted symlink of that name is never opened, so nothing outside the save is written.
fn create_temp(path: &Path) -> std::io::Result<(PathBuf, File)> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{}.tmp", std::process::id()));
    let mut last = None;
    for attempt in 0..100u32 {
        let mut candidate = name.clone();
        if attempt > 0 {
            candidate.push(format!(".{attempt}"));
        }
        let temp = path.with_file_name(candidate);
        match fs::OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => last = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free temporary name")))
}

/// Refuses to replace anything but a regular file (or nothing): saving onto a device, a
/// FIFO, a directory or a symlink would replace it.
fn check_target(path: &Path) -> Result<(), EngineError> {
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => Err(io_error(
            "write",
            path,
            std::io::Error::other("it is a symlink; save to the file it points at instead"),
        )),
        Ok(metadata) if !metadata.is_file() => {
            Err(io_error("write", path, std::io::Error::other("it is not a regular file")))
        }
        _ => Ok(()),
    }
}

/// Writes `world` to `path` atomically, keeping the previous save as `<name>.bak`.
pub fn save(world: &World, path: &Path) -> Result<(), EngineError> {
    let text = to_json(world)?;
    write_atomically(path, text.as_bytes())
}

/// Writes `bytes` to `path` through a synced, exclusively created temporary file and a
/// rename. Only a regular file (or no file) at `path` is replaced.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), EngineError> {
    check_target(path)?;
    let (temp, mut file) = create_temp(path).map_err(|e| io_error("write", path, e))?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    drop(file);
    if let Err(error) = written {
        let _ = fs::remove_file(&temp);
        return Err(io_error("write", &temp, error));
    }
    if path.exists() {
        // A hard link keeps the old save readable under both names until the rename, so no
        // instant exists where neither the save nor its backup is complete.
        let backup = backup_path(path);
        let _ = fs::remove_file(&backup);
        let linked = fs::hard_link(path, &backup).or_else(|_| fs::copy(path, &backup).map(|_| ()));
        if let Err(error) = linked {
            let _ = fs::remove_file(&temp);
            return Err(io_error("write", &backup, error));
        }
    }
    if let Err(error) = fs::rename(&temp, path) {
        let _ = fs::remove_file(&temp);
        return Err(io_error("write", path, error));
    }
    sync_directory(path);
    Ok(())
}

fn sync_directory(path: &Path) {
    let directory = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // Not every platform can open a directory for syncing; the rename has happened either way.
    if let Ok(dir) = File::open(directory) {
        let _ = dir.sync_all();
    }
}

/// Loads a save, checking its size (by bytes read, regular files only), JSON and version.
pub fn load(path: &Path) -> Result<World, EngineError> {
    let text = read_save(path)?;
    from_json(&text, &path.display().to_string())
}

/// The text of the save at `path`: a regular file of at most [`MAX_SAVE_BYTES`] bytes
/// (counted as read, not as reported), UTF-8.
pub fn read_save(path: &Path) -> Result<String, EngineError> {
    use crate::files::ReadError;
    let name = path.display().to_string();
    crate::files::read_text(path, MAX_SAVE_BYTES).map_err(|error| match error {
        ReadError::TooLarge { limit } => {
            EngineErrorKind::SaveTooLarge { path: name, size: limit + 1, limit }.into()
        }
        ReadError::Io(message) => {
            EngineErrorKind::SaveIo { action: "read", path: name, message }.into()
        }
        other => EngineErrorKind::SaveCorrupt { path: name, message: other.to_string() }.into(),
    })
}

/// Loads a save; if it cannot be read, loads `<name>.bak` instead. Returns the world and
/// whether it came from the backup; when both fail, the error is the save's own.
pub fn load_or_backup(path: &Path) -> Result<(World, bool), EngineError> {
    match load(path) {
        Ok(world) => Ok((world, false)),
        Err(error) => load(&backup_path(path)).map(|w| (w, true)).map_err(|_| error),
    }
}
