//! Saves and undo. A save is the whole [`World`] (random stream position included) as
//! versioned JSON, written atomically: a temporary file in the same directory is written and
//! synced, renamed over the save, and the directory is synced; the previous save is kept as
//! `<name>.bak`. Loading checks the size, the JSON and the version and never panics; it can
//! fall back to the backup. Undo keeps a bounded stack of whole-world snapshots.

use std::collections::VecDeque;
use std::fs::{self, File};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::error::{EngineError, EngineErrorKind};
use super::log::EventLog;
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
    Ok(save.world)
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

fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    path.with_file_name(name)
}

/// Writes `world` to `path` atomically, keeping the previous save as `<name>.bak`.
pub fn save(world: &World, path: &Path) -> Result<(), EngineError> {
    let text = to_json(world)?;
    write_atomically(path, text.as_bytes())
}

/// Writes `bytes` to `path` through a synced temporary file and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), EngineError> {
    let temp = temp_path(path);
    let write = || -> std::io::Result<()> {
        let mut file = File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()
    };
    write().map_err(|e| io_error("write", &temp, e))?;
    if path.exists() {
        // A hard link keeps the old save readable under both names until the rename, so no
        // instant exists where neither the save nor its backup is complete.
        let backup = backup_path(path);
        let _ = fs::remove_file(&backup);
        fs::hard_link(path, &backup)
            .or_else(|_| fs::copy(path, &backup).map(|_| ()))
            .map_err(|e| io_error("write", &backup, e))?;
    }
    fs::rename(&temp, path).map_err(|e| io_error("write", path, e))?;
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

/// Loads a save, checking its size, JSON and version.
pub fn load(path: &Path) -> Result<World, EngineError> {
    let name = path.display().to_string();
    let file = File::open(path).map_err(|e| io_error("read", path, e))?;
    let size = file.metadata().map_err(|e| io_error("read", path, e))?.len();
    if size > MAX_SAVE_BYTES {
        return Err(
            EngineErrorKind::SaveTooLarge { path: name, size, limit: MAX_SAVE_BYTES }.into()
        );
    }
    let mut text = String::new();
    // take() guards against a file that grows while it is read.
    file.take(MAX_SAVE_BYTES + 1).read_to_string(&mut text).map_err(|e| {
        EngineError::from(EngineErrorKind::SaveCorrupt {
            path: name.clone(),
            message: e.to_string(),
        })
    })?;
    if text.len() as u64 > MAX_SAVE_BYTES {
        let size = text.len() as u64;
        return Err(
            EngineErrorKind::SaveTooLarge { path: name, size, limit: MAX_SAVE_BYTES }.into()
        );
    }
    from_json(&text, &name)
}

/// Loads a save; if it cannot be read, loads `<name>.bak` instead. Returns the world and
/// whether it came from the backup; when both fail, the error is the save's own.
pub fn load_or_backup(path: &Path) -> Result<(World, bool), EngineError> {
    match load(path) {
        Ok(world) => Ok((world, false)),
        Err(error) => load(&backup_path(path)).map(|w| (w, true)).map_err(|_| error),
    }
}

/// Whole-world snapshots for undoing the last commands; the oldest are dropped past a limit.
/// The log is append-only, so a snapshot keeps only its length instead of a copy of it.
#[derive(Clone, Debug)]
pub struct UndoStack {
    snapshots: VecDeque<(World, usize)>,
    limit: usize,
}

impl UndoStack {
    /// A stack keeping at most `limit` snapshots (at least 1).
    pub fn new(limit: usize) -> Self {
        UndoStack { snapshots: VecDeque::new(), limit: limit.max(1) }
    }

    /// Remembers `world` as it is before a command runs.
    pub fn push(&mut self, world: &World) {
        if self.snapshots.len() == self.limit {
            self.snapshots.pop_front();
        }
        let snapshot = World {
            actors: world.actors.clone(),
            pools: world.pools.clone(),
            clock: world.clock.clone(),
            encounter: world.encounter.clone(),
            roller: world.roller.clone(),
            log: EventLog::default(),
            walls: world.walls.clone(),
            terrain: world.terrain.clone(),
            names: world.names.clone(),
        };
        self.snapshots.push_back((snapshot, world.log.len()));
    }

    /// Restores the world from before the last command, log included.
    pub fn undo(&mut self, world: &mut World) -> Result<(), EngineErrorKind> {
        let (snapshot, log_length) =
            self.snapshots.pop_back().ok_or(EngineErrorKind::NothingToUndo)?;
        let mut log = std::mem::take(&mut world.log);
        log.truncate(log_length);
        *world = snapshot;
        world.log = log;
        Ok(())
    }

    /// Snapshots held.
    pub fn len(&self) -> usize {
        self.snapshots.len()
    }

    /// True when there is nothing to undo.
    pub fn is_empty(&self) -> bool {
        self.snapshots.is_empty()
    }
}
