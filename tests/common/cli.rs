//! Running the binary as a user does: colour off, in the crate root (where the tests'
//! relative paths such as `tests/fixtures/sample` resolve) or in a given folder, on a given
//! standard input.

use std::path::Path;

use assert_cmd::Command;

/// The binary with colour off, run in the crate root.
pub fn mythforge() -> Command {
    mythforge_in(Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// The binary with colour off, run in `dir`.
pub fn mythforge_in(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mythforge"));
    command.env("NO_COLOR", "1").current_dir(dir);
    command
}

/// Runs the binary with `args` on `stdin` in the crate root: exit code, standard output,
/// standard error.
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, stdin)
}

/// Runs the binary with `args` on `stdin` in `dir`: exit code, standard output, standard
/// error.
pub fn run_in(dir: &Path, args: &[&str], stdin: &str) -> (i32, String, String) {
    let output = mythforge_in(dir).args(args).write_stdin(stdin).output().unwrap();
    let code = output.status.code().unwrap_or(-1);
    (code, String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
}

/// Runs the REPL (seed 3) on `stdin` in the system temp dir: exit code, standard output,
/// standard error.
pub fn repl(stdin: &str) -> (i32, String, String) {
    run_in(&std::env::temp_dir(), &["repl", "--seed", "3"], stdin)
}
