//! What the lifecycle tests share: a session over the real runtime, its transcript lines,
//! and loading a small pack.

use std::path::PathBuf;

use mythforge::diagnostics::Diagnostic;
use mythforge::runtime::Game;
use mythforge::session::{Run, Session};

/// A session over a fresh game (seed 1), resolving `load NAME` against the repository's
/// `rules/` folder.
pub fn session() -> Session<Game> {
    Session::new(Game::new(1), 1).with_packs(Vec::new(), PathBuf::from(env!("CARGO_MANIFEST_DIR")))
}

/// Runs `text` and returns every event's text per command, in order (`> command` first).
pub fn transcript(
    session: &mut Session<Game>,
    text: &str,
) -> (Vec<String>, Option<Vec<Diagnostic>>) {
    let Run { steps, failure } = session.run_text("test.session", text, None);
    let mut lines = Vec::new();
    for step in steps {
        lines.push(format!("> {}", step.source));
        lines.extend(step.events.into_iter().map(|event| event.text));
    }
    (lines, failure)
}

/// A game with `text` loaded as its pack; panics with the diagnostics when it does not load.
pub fn game(text: &str) -> Game {
    let mut game = Game::new(7);
    if let Err(diagnostics) = game.load_source("test.rules", text) {
        panic!("the pack does not load: {diagnostics:#?}");
    }
    game
}

/// The diagnostics of `check` on `text`.
pub fn check(text: &str) -> Vec<Diagnostic> {
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, mut diagnostics) = mythforge::parse::parse_source(&mut sources, "test.rules", text);
    let pack = mythforge::model::Pack { files: vec![file] };
    diagnostics.extend(mythforge::check::check_pack(&pack));
    diagnostics
}
