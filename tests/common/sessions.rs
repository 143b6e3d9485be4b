//! Sessions played in a test: a transcript of a run that must succeed, and a session on a
//! seed with its setup commands already run.

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

/// A session on seed 1 with `setup` run.
pub fn session_after(setup: &str) -> Session<Game> {
    let mut session = Session::new(Game::new(1), 1);
    run(&mut session, setup);
    session
}
