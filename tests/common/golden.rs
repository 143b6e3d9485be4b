//! Loops over golden inputs that report every mismatch: a failed check is recorded and the
//! loop goes on, and one panic at the end lists them all. (Snapshot assertions inside
//! `insta::glob!` are deferred by insta itself; this is for the other checks of a loop.)

use std::any::Any;
use std::fmt::Display;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

/// The failed checks of one loop, in the order they failed.
#[derive(Default)]
pub struct Failures(Vec<String>);

impl Failures {
    /// Runs `check` for the input `what`; a failed assertion inside is recorded (the panic
    /// hook prints its message as it happens) and the loop goes on.
    pub fn check(&mut self, what: impl Display, check: impl FnOnce()) {
        if let Err(panic) = catch_unwind(AssertUnwindSafe(check)) {
            self.0.push(format!("{what}: {}", message(panic.as_ref())));
        }
    }

    /// Panics once, listing every recorded failure, if there was any.
    pub fn finish(self) {
        assert!(self.0.is_empty(), "{} failed:\n\n{}", self.0.len(), self.0.join("\n\n"));
    }
}

fn message(panic: &(dyn Any + Send)) -> &str {
    match panic.downcast_ref::<String>() {
        Some(message) => message,
        None => panic.downcast_ref::<&str>().copied().unwrap_or("(no message)"),
    }
}

/// `path` (an input `insta::glob!` found, so absolute) relative to the crate root, as the
/// tests name their inputs in commands and diagnostics.
pub fn relative(path: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    path.strip_prefix(&root)
        .unwrap_or_else(|_| panic!("{} is outside the crate", path.display()))
        .to_path_buf()
}
