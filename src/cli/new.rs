//! `mythforge new NAME`: scaffolds a small pack in the new folder NAME — a system with a
//! check procedure, a power, a stat block, a session that plays them, and that session's
//! expected transcript (the pack's first test: `mythforge run play.session | diff
//! play.transcript -`). The transcript is made by running the session on the files just
//! written, so the scaffold always checks clean and runs; the folder appears whole or not
//! at all (see [`super::export::Staged`]).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::export::Staged;
use crate::diagnostics::{Diagnostic, SourceMap};
use crate::session::{Session, transcript};

/// Arguments of `mythforge new`.
#[derive(Args, Debug)]
pub struct NewArgs {
    /// The new pack's folder (`mythforge new my-game`); letters, digits, `-` and `_`.
    pub name: String,
}

/// Runs `mythforge new`.
pub fn run(args: &NewArgs) -> ExitCode {
    match scaffold(&args.name) {
        Ok(written) => {
            println!("created {}/ with {}", args.name, written.join(", "));
            println!(
                "try it: cd {} && mythforge run play.session (and `mythforge check .`)",
                args.name
            );
            ExitCode::SUCCESS
        }
        Err(diagnostics) => super::report(&diagnostics, &SourceMap::new()),
    }
}

/// Writes the scaffold; the names of the files written.
fn scaffold(name: &str) -> Result<Vec<String>, Vec<Diagnostic>> {
    let plain = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && name.starts_with(|c: char| c.is_ascii_alphabetic());
    if !plain {
        return Err(vec![
            Diagnostic::error("cli::new::bad_name", format!("`{name}` is not a pack name"))
                .with_help("start with a letter; use letters, digits, `-` and `_` (`my-game`)"),
        ]);
    }
    let files = files(&title(name));
    let staged = Staged::new(&PathBuf::from(name)).map_err(|d| vec![d])?;
    staged.write(&files).map_err(|d| vec![d])?;
    // Play the session on the files just written: its transcript is the pack's first test.
    let mut session = Session::new(crate::runtime::Game::new(1), 1)
        .with_packs(Vec::new(), staged.path().to_path_buf());
    let played = session.run_text("play.session", PLAY, None);
    if let Some(diagnostics) = played.failure {
        return Err(diagnostics);
    }
    let mut text = transcript::header(1);
    for step in &played.steps {
        text.push_str(&transcript::step_text(step));
    }
    staged.write(&[("play.transcript".to_string(), text)]).map_err(|d| vec![d])?;
    staged.commit().map_err(|d| vec![d])?;
    let mut written: Vec<String> = files.into_iter().map(|(path, _)| path).collect();
    written.push("play.transcript".to_string());
    Ok(written)
}

/// `my-game` as a system name: `My Game`.
fn title(name: &str) -> String {
    name.split(['-', '_'])
        .filter(|word| !word.is_empty())
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The scaffold's files for a system called `system`.
fn files(system: &str) -> Vec<(String, String)> {
    vec![
        ("README.md".to_string(), README.replace("SYSTEM", system)),
        ("system.rules".to_string(), SYSTEM.replace("SYSTEM", system)),
        ("powers.rules".to_string(), POWERS.to_string()),
        ("actors.rules".to_string(), ACTORS.to_string()),
        ("play.session".to_string(), PLAY.to_string()),
    ]
}

const README: &str = "\
# SYSTEM

A pack made with `mythforge new`. Its files:

- `system.rules`: the system (stats, resources) and its check procedure
- `powers.rules`: a power
- `actors.rules`: a stat block
- `play.session`: a session that plays them
- `play.transcript`: what that session prints: the pack's first test

From this folder:

    mythforge check .                              # every rule checks clean
    mythforge run play.session                     # play the session
    mythforge run play.session | diff play.transcript -   # the test: no output is a pass

Scripts go in `scripts/` (`.rhai` files); `load \".\"` and `mythforge check .` read them.
";

const SYSTEM: &str = "\
# The system: what every actor has, and how a check is rolled.
system SYSTEM
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max
Default check: Roll

# Two d10, the modifier added to each; every die that meets the threshold is one grade.
check Roll
Method: pool
Dice: 2d10
Modifier: each die
Success: >= [Threshold]
Grades: 0 Miss, 1 Hit, 2 Strong Hit
";

const POWERS: &str = "\
# A power: whom it targets, what it rolls against, and what its grade does.
power Jab
Target: Enemy in 1
Threshold: Target's Defense
Check: [Attack]
Result: [2 + Grade] damage
";

const ACTORS: &str = "\
# A stat block: `actor Ana from Fighter` in a session makes an actor from it.
actor Fighter
Stats: Attack 2, Defense 10
Resources: HP 10, Max HP 10
Powers: Jab
";

const PLAY: &str = "\
# A first session with this pack. From this folder: mythforge run play.session
load \".\"
actor Ana from Fighter
actor Bo from Fighter
show Ana

# Forced dice: 9 + 2 meets Bo's Defense 10, 3 + 2 does not: grade 1, a Hit for 2 + 1.
force 9, 3
Ana uses Jab on Bo
show Bo
";
