//! `mythforge check PATH... [--json]`: load rule files (folders recurse over `*.rules`),
//! follow includes, run every check, and print the diagnostics. Exit 0 when there are no
//! errors (warnings allowed), 1 otherwise.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::diagnostics::{Diagnostic, SourceMap, to_json};

/// Arguments of `mythforge check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Rule files or folders (folders are searched for `*.rules`).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Print one JSON object per diagnostic on stdout instead of rendered text on stderr.
    #[arg(long)]
    pub json: bool,
}

/// Loads and checks the pack named by `paths`: the diagnostics and the source map to
/// render them with.
pub fn check_paths(paths: &[PathBuf]) -> (Vec<Diagnostic>, SourceMap, usize) {
    let mut sources = SourceMap::new();
    let (pack, mut diagnostics) = crate::parse::load_pack(paths, &mut sources);
    diagnostics.extend(crate::check::check_pack(&pack));
    crate::check::sort_diagnostics(&mut diagnostics);
    (diagnostics, sources, pack.files.len())
}

/// Runs `mythforge check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let (diagnostics, sources, files) = check_paths(&args.paths);
    if args.json {
        for diagnostic in &diagnostics {
            println!("{}", to_json(diagnostic, &sources));
        }
        return exit_code(&diagnostics);
    }
    let code = super::report(&diagnostics, &sources);
    let errors = diagnostics.iter().filter(|diagnostic| diagnostic.is_error()).count();
    let warnings = diagnostics.len() - errors;
    eprintln!(
        "checked {files} file{}: {errors} error{}, {warnings} warning{}",
        plural(files),
        plural(errors),
        plural(warnings)
    );
    code
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

fn exit_code(diagnostics: &[Diagnostic]) -> ExitCode {
    if diagnostics.iter().any(Diagnostic::is_error) { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
