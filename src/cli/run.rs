//! `mythforge run FILE|-`: runs a session file and prints its transcript (or one JSON event
//! per line with `--json`). The first error stops the run: the transcript so far is printed,
//! then the diagnostic, pointing at the session file's line, and the exit code is 1. The
//! same file and seed give byte-identical output.

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::Args;

use crate::diagnostics::{Diagnostic, FileId, SourceMap};
use crate::session::{Command, DEFAULT_SEED, Located, Run, Session, parse_session, transcript};

const EXAMPLES: &str = "\
Examples:
  mythforge run examples/dice-tour.session            the transcript, seeded with 1
  mythforge run fight.session --seed 7 --json        one JSON event per line
  echo 'roll 4d6kh3' | mythforge run -                a session from stdin
  mythforge run fight.session --policy boost=max-safe --policy spend=never

Without --seed the run starts from the file's first line if it is `seed N`, else from seed 1;
--seed overrides every `seed` line of the file. The seed is printed in the transcript header.";

/// Arguments of `mythforge run`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub(crate) struct RunArgs {
    /// The session file, or `-` for stdin.
    file: String,
    /// Seed of the dice stream; overrides the file's `seed` commands.
    #[arg(long)]
    seed: Option<u64>,
    /// Print one JSON event per line instead of the transcript.
    #[arg(long)]
    json: bool,
    /// Decision policy, `KIND=NAME` (`boost=max-safe`) or a NAME for every kind
    /// (`always`, `never`, `if-better`, `max-safe`).
    #[arg(long)]
    policy: Vec<String>,
}

/// The decision kinds `--policy NAME` sets at once.
const DECISION_KINDS: [&str; 3] = ["second-die", "boost", "spend"];

/// Runs `mythforge run`.
pub(crate) fn run(args: RunArgs) -> ExitCode {
    let (name, text) = match read_input(&args.file) {
        Ok(input) => input,
        Err(diagnostic) => return super::report(&[diagnostic], &SourceMap::new()),
    };
    let seed = args.seed.unwrap_or_else(|| leading_seed(&text).unwrap_or(DEFAULT_SEED));
    // Batch runs are unattended, so their scripts get the batch operation budget.
    let mut game = crate::runtime::Game::new(seed);
    game.set_script_limits(crate::script::ScriptLimits::batch());
    let mut session = Session::new(game, seed);
    if args.seed.is_some() {
        session = session.with_fixed_seed();
    }
    // Policies from the command line run as `policy` commands, so errors read the same.
    let mut setup = String::new();
    for policy in &args.policy {
        match policy.split_once('=') {
            Some((kind, name)) => setup.push_str(&format!("policy {kind} {name}\n")),
            None => DECISION_KINDS
                .iter()
                .for_each(|kind| setup.push_str(&format!("policy {kind} {policy}\n"))),
        }
    }
    if let Some(diagnostics) = session.run_text("--policy", &setup, None).failure {
        return super::report(&diagnostics, session.sources());
    }
    let result = session.run_text(&name, &text, None);
    print_run(&result, seed, args.json);
    match &result.failure {
        Some(diagnostics) => super::report(diagnostics, session.sources()),
        None => ExitCode::SUCCESS,
    }
}

/// The file's text (or stdin's), as UTF-8.
fn read_input(file: &str) -> Result<(String, String), Diagnostic> {
    let mut bytes = Vec::new();
    let (name, read) = if file == "-" {
        ("<stdin>".to_string(), std::io::stdin().lock().read_to_end(&mut bytes))
    } else {
        (
            file.to_string(),
            std::fs::File::open(file).and_then(|mut handle| handle.read_to_end(&mut bytes)),
        )
    };
    read.map_err(|error| {
        Diagnostic::error("session::unreadable", format!("cannot read `{name}`: {error}"))
    })?;
    let text = String::from_utf8(bytes).map_err(|error| {
        Diagnostic::error(
            "session::not_utf8",
            format!("`{name}` is not UTF-8 text (byte {})", error.utf8_error().valid_up_to()),
        )
    })?;
    Ok((name, text))
}

/// The seed of a `seed` command that comes before every other command, for the header.
fn leading_seed(text: &str) -> Option<u64> {
    match parse_session(FileId(0), text).into_iter().next() {
        Some(Ok(Located { command: Command::Seed(seed), .. })) => Some(seed),
        _ => None,
    }
}

fn print_run(run: &Run, seed: u64, json: bool) {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let _ = out.write_all(
        if json { transcript::json_header(seed) } else { transcript::header(seed) }.as_bytes(),
    );
    for step in &run.steps {
        let text = if json { transcript::step_json(step) } else { transcript::step_text(step) };
        let _ = out.write_all(text.as_bytes());
    }
    let _ = out.flush();
}
