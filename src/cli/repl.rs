//! `mythforge repl [--rules P]... [--seed N]` (and `mythforge` alone): the interactive
//! session. On a terminal it uses the line editor (history, completion, multi-line blocks,
//! questions at decision points); with piped stdin it reads lines and lets policies decide.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::repl::editor::{PipedLines, TerminalEditor};
use crate::repl::{Style, greet, run as run_repl};
use crate::session::Session;

/// Arguments of `mythforge repl`.
#[derive(Args, Debug, Default)]
pub(crate) struct ReplArgs {
    /// A rule file or folder to load at start-up (repeatable).
    #[arg(long = "rules", value_name = "PATH")]
    rules: Vec<PathBuf>,
    /// Seed of the dice stream; drawn from entropy and printed when not given.
    #[arg(long)]
    seed: Option<u64>,
}

/// Runs the REPL.
pub(crate) fn run(args: ReplArgs) -> ExitCode {
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut session = Session::new(crate::runtime::Game::new(seed), seed);
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
    let style = Style {
        color: interactive && !no_color,
        diagnostics: super::stderr_style(),
        ask: interactive,
    };
    for path in &args.rules {
        let escaped = path.display().to_string().replace('\\', "\\\\").replace('"', "\\\"");
        let run = session.run_text("--rules", &format!("load \"{escaped}\"\n"), None);
        for event in run.steps.iter().flat_map(|step| &step.events) {
            eprintln!("{}", event.text);
        }
        if let Some(diagnostics) = run.failure {
            return super::report(&diagnostics, session.sources());
        }
    }
    if interactive {
        greet(seed, style.color);
        match TerminalEditor::new() {
            Ok(mut editor) => {
                run_repl(&mut session, &mut editor, style);
                return ExitCode::SUCCESS;
            }
            // No usable terminal after all: fall back to plain lines.
            Err(error) => eprintln!("note: line editor unavailable ({error}); reading plain lines"),
        }
    }
    let stdin = std::io::stdin();
    let mut lines = PipedLines::new(stdin.lock());
    run_repl(&mut session, &mut lines, style);
    ExitCode::SUCCESS
}
