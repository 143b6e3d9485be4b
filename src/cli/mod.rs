//! The command-line front end: argument parsing (clap), one file per subcommand, and the
//! only place that writes to the terminal. Exit codes: 0 success, 1 a diagnostic was
//! printed, 2 usage error (clap's own).

mod analyze;
mod check;
mod dist;
mod export;
mod fmt;
mod new;
mod repl;
mod roll;
mod run;

/// Checking rule files and folders as `mythforge check` does (house rules load their pack);
/// the guide's snippet test checks its rule snippets through it.
pub use check::check_paths;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::diagnostics::{Diagnostic, RenderStyle, SourceMap, render_all};
use crate::dice::DiceError;

/// mythforge: a scriptable rules language for tabletop RPGs.
#[derive(Parser, Debug)]
#[command(name = "mythforge", version, about, long_about = None)]
struct Cli {
    /// Without a subcommand, the REPL starts with the built-in packs.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Roll dice: `mythforge roll 4d6kh3`.
    Roll(roll::RollArgs),
    /// Exact probability distributions: `mythforge dist 2d6 "{3d10+3}cs>=9"`.
    Dist(dist::DistArgs),
    /// Validate rule files: parse, resolve names and run every check.
    Check(check::CheckArgs),
    /// Print rule files in canonical form.
    Fmt(fmt::FmtArgs),
    /// Run a session file (or `-` for stdin) and print its transcript.
    Run(run::RunArgs),
    /// The interactive session (also what `mythforge` alone starts).
    Repl(repl::ReplArgs),
    /// Exact odds of rules: what session commands produce, over every way the dice fall.
    Analyze(Box<analyze::AnalyzeArgs>),
    /// Write a built-in pack (rules and scripts) to a new folder, ready to edit and load.
    Export(export::ExportArgs),
    /// Scaffold a small pack in a new folder: a system, a power, a stat block, a session
    /// and its expected transcript.
    New(new::NewArgs),
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    crate::parse::install_parser_limits();
    let cli = Cli::parse();
    match cli.command {
        None => repl::run(repl::ReplArgs::default()),
        Some(Command::Run(args)) => run::run(args),
        Some(Command::Repl(args)) => repl::run(args),
        Some(Command::Roll(args)) => roll::run(args),
        Some(Command::Dist(args)) => dist::run(args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Fmt(args)) => fmt::run(&args),
        Some(Command::Analyze(args)) => analyze::run(*args),
        Some(Command::Export(args)) => export::run(&args),
        Some(Command::New(args)) => new::run(&args),
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

/// Reports a dice error in an expression given on the command line.
pub(crate) fn report_dice_error(expression: &str, error: &DiceError) -> ExitCode {
    let mut sources = SourceMap::new();
    let file = sources.add("expression", expression.to_string());
    report(&[error.to_diagnostic(file, 0)], &sources)
}
