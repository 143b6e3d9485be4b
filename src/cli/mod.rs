//! The command-line front end: argument parsing (clap), one file per subcommand, and the
//! only place that writes to the terminal. Exit codes: 0 success, 1 a diagnostic was
//! printed, 2 usage error (clap's own).

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
enum Command {}

/// Runs the command line and returns the process exit code.
#[allow(
    unreachable_code,
    unused_variables,
    reason = "no subcommands yet: `Command` is uninhabited until the first one lands"
)]
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {}
}

#[allow(dead_code, reason = "used by the subcommands, none of which exist yet")]
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

#[allow(dead_code, reason = "used by the subcommands, none of which exist yet")]
/// Prints diagnostics to stderr and returns exit code 1 if any of them is an error.
pub(crate) fn report(diagnostics: &[Diagnostic], sources: &SourceMap) -> ExitCode {
    if !diagnostics.is_empty() {
        eprint!("{}", render_all(diagnostics, sources, stderr_style()));
    }
    if diagnostics.iter().any(Diagnostic::is_error) { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
