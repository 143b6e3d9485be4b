//! Sessions played in a test: a transcript of a run that must succeed, the diagnostics of
//! one that must fail, a session on a seed with its setup commands already run (on a
//! built-in pack, or on a pack given as text), and where an actor stands.

use mythforge::diagnostics::Diagnostic;
use mythforge::runtime::Game;
use mythforge::session::{Run, Session, transcript};

/// The transcript of `run`; a failed run fails the test with its diagnostics.
pub fn text(run: &Run) -> String {
    assert!(run.failure.is_none(), "{:?}", run.failure);
    run.steps.iter().map(transcript::step_text).collect()
}

/// Runs `commands` in `session` (they must all succeed) and returns their transcript.
pub fn run(session: &mut Session<Game>, commands: &str) -> String {
    text(&session.run_text("example.session", commands, None))
}

/// Runs `commands` in `session`, which must be refused, and returns the refusal's
/// diagnostics (the commands before the refused one have run).
pub fn refused(session: &mut Session<Game>, commands: &str) -> Vec<Diagnostic> {
    let run = session.run_text("example.session", commands, None);
    run.failure.expect("the commands are refused")
}

/// A session on seed 1 with the pack `text` loaded from memory as `file` and `setup` run.
/// (From memory: tests run in parallel, and a pack file written by each raced.)
pub fn session_with(file: &str, text: &str, setup: &str) -> Session<Game> {
    let mut game = Game::new(1);
    game.load_source(file, text).expect("the pack loads");
    let mut session = Session::new(game, 1);
    run(&mut session, setup);
    session
}

/// Where `actor` stands (`2,0`), or an empty string off the map.
pub fn position(session: &Session<Game>, actor: &str) -> String {
    let actor = session.backend().world().actor(actor).expect("the actor");
    actor.position.map(|hex| hex.to_string()).unwrap_or_default()
}

/// A session on seed 1 with `setup` run.
pub fn session_after(setup: &str) -> Session<Game> {
    let mut session = Session::new(Game::new(1), 1);
    run(&mut session, setup);
    session
}
