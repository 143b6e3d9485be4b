//! Reading the files a user names (rule files, scripts, saves, session files) with a byte
//! bound. The bound is on the bytes actually read, never the size the file system reports
//! (a symlink to `/dev/zero` reports 0 and never ends; a file can grow while it is read),
//! and only regular files are read: a FIFO would block forever, a device never end, a
//! directory is not text. The check happens before the file is opened, so opening a FIFO
//! never blocks.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Why a file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// The operating system's error (missing file, permission denied, …).
    Io(String),
    /// Not a regular file: `kind` names what it is (`a directory`, `a FIFO`, …).
    NotAFile {
        /// What the path is instead.
        kind: &'static str,
    },
    /// More than `limit` bytes.
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// Not UTF-8 from byte `offset` on; the valid prefix is kept for locating the place.
    NotUtf8 {
        /// The first byte that is not part of valid UTF-8.
        offset: usize,
        /// The file's text with invalid sequences replaced by U+FFFD (offsets before
        /// `offset` are unchanged).
        lossy: String,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(message) => f.write_str(message),
            ReadError::NotAFile { kind } => write!(f, "it is {kind}, not a regular file"),
            ReadError::TooLarge { limit } => {
                write!(f, "it is larger than the limit of {limit} bytes ({})", human(*limit))
            }
            ReadError::NotUtf8 { offset, .. } => write!(f, "not valid UTF-8 at byte {offset}"),
        }
    }
}

/// `1 MiB`, `256 KiB`, `17 bytes`.
fn human(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// What a non-regular file is, for the message.
fn kind_of(file_type: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() { "a directory" } else { "not a regular file" }
}

/// Refuses `path` unless it is (or a symlink resolves to) a regular file.
pub fn require_regular(path: &Path) -> Result<(), ReadError> {
    let metadata = std::fs::metadata(path).map_err(|e| ReadError::Io(e.to_string()))?;
    if metadata.is_file() {
        Ok(())
    } else {
        Err(ReadError::NotAFile { kind: kind_of(metadata.file_type()) })
    }
}

/// The bytes of the regular file at `path`, at most `limit` of them.
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    require_regular(path)?;
    let file = File::open(path).map_err(|e| ReadError::Io(e.to_string()))?;
    // The path may have been swapped between the check and the open: check the handle too.
    let metadata = file.metadata().map_err(|e| ReadError::Io(e.to_string()))?;
    if !metadata.is_file() {
        return Err(ReadError::NotAFile { kind: kind_of(metadata.file_type()) });
    }
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(e.to_string()))?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// The text of the regular file at `path`, at most `limit` bytes, as UTF-8; a leading
/// byte-order mark is kept (the parsers skip it, so offsets match the file).
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    text_of(read_bytes(path, limit)?)
}

/// `bytes` as UTF-8, or where they stop being UTF-8.
pub fn text_of(bytes: Vec<u8>) -> Result<String, ReadError> {
    String::from_utf8(bytes).map_err(|error| {
        let offset = error.utf8_error().valid_up_to();
        ReadError::NotUtf8 { offset, lossy: String::from_utf8_lossy(error.as_bytes()).into_owned() }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_are_bounded_by_bytes_read_and_refuse_special_files() {
        let dir = std::env::temp_dir().join(format!("mythforge-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.txt");
        std::fs::write(&file, "héllo").unwrap();
        assert_eq!(read_text(&file, 6).unwrap(), "héllo");
        assert_eq!(read_text(&file, 5), Err(ReadError::TooLarge { limit: 5 }));
        assert_eq!(read_bytes(&dir, 10), Err(ReadError::NotAFile { kind: "a directory" }));
        #[cfg(unix)]
        {
            // /dev/zero reports no size and never ends: refused before it is opened.
            let zero = read_bytes(Path::new("/dev/zero"), 10);
            assert_eq!(zero, Err(ReadError::NotAFile { kind: "a device" }));
            let link = dir.join("zero.rules");
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
            assert_eq!(read_bytes(&link, 10), Err(ReadError::NotAFile { kind: "a device" }));
        }
        std::fs::write(&file, b"ok\n\xff\xfe").unwrap();
        match read_text(&file, 100) {
            Err(ReadError::NotUtf8 { offset, lossy }) => {
                assert_eq!(offset, 3);
                assert_eq!(lossy, "ok\n\u{fffd}\u{fffd}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(human(1 << 20), "1 MiB");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
