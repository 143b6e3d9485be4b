//! The command-line front end: argument parsing (clap), one file per subcommand, and the
//! only place that writes to the terminal. Exit codes: 0 success, 1 a diagnostic was
//! printed, 2 usage error (clap's own).

mod check;
mod fmt;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::diagnostics::{Diagnostic, RenderStyle, SourceMap, render_all};

/// mythforge: a scriptable rules language for tabletop RPGs.
#[derive(Parser, Debug)]
#[command(name = "mythforge", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Validate rule files: parse, resolve names and run every check.
    Check(check::CheckArgs),
    /// Print rule files in canonical form.
    Fmt(fmt::FmtArgs),
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Fmt(args) => fmt::run(&args),
    }
}

/// How diagnostics should look on stderr: fancy on a colour terminal, plain otherwise
/// (pipes, `NO_COLOR`, CI logs).
pub(crate) fn stderr_style() -> RenderStyle {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if !no_color && std::io::stderr().is_terminal() {
        RenderStyle::Fancy
    } else {
        RenderStyle::Plain
    }
}

/// Prints diagnostics to stderr and returns exit code 1 if any of them is an error.
pub(crate) fn report(diagnostics: &[Diagnostic], sources: &SourceMap) -> ExitCode {
    if !diagnostics.is_empty() {
        eprint!("{}", render_all(diagnostics, sources, stderr_style()));
    }
    if diagnostics.iter().any(Diagnostic::is_error) { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
