//! Sessions: one command language for the REPL and batch mode (`mythforge run`).
//!
//! A session text is a sequence of commands, one per line (`roll 4d6kh3`,
//! `Hero uses Charge on Bandit`), `#` comments, and inline block definitions (a rule-file
//! header such as `power Quick Jab` and its notation lines, ended by a blank line).
//! [`parse_session`] turns text into typed [`Command`]s with spans; a [`Session`] runs them
//! against a [`Backend`] — the game — and returns [`Step`]s that [`transcript`] renders as
//! text or JSON lines. Dice commands (`roll`, `dist`, `seed`, `force`) run in the session on
//! the backend's roller; `load` and definitions are parsed and checked here; everything else
//! is the backend's, under a transaction contract: a failed command changes nothing.
//!
//! ```
//! use mythforge::runtime::Game;
//! use mythforge::session::{Session, transcript};
//!
//! let mut session = Session::new(Game::new(7), 7);
//! let run = session.run_text("tour.session", "force 6, 1, 5, 4\nroll 4d6kh3\n", None);
//! assert!(run.failure.is_none());
//! assert_eq!(transcript::step_text(&run.steps[1]), "> roll 4d6kh3\n15  4d6kh3 [6f 1df 5f 4f]\n");
//! ```
//!
//! Nothing here prints or reads a terminal; the REPL front end is `crate::repl`.

mod backend;
mod command;
pub mod commands;
pub mod embedded;
mod error;
mod game_backend;
mod game_show;
mod grammar;
mod help;
mod parse;
#[allow(
    clippy::module_inception,
    reason = "the Session type lives in session.rs, as STYLE.md lays out"
)]
mod session;
#[cfg(test)]
mod table_tests;
#[cfg(test)]
mod tests;
pub mod transcript;

pub use backend::{
    Backend, CommandResult, CompletionKind, Fiat, LoadedPack, Outcome, TranscriptEntry,
};
pub use command::{
    AnalyzeCommand, CheckCommand, CheckSide, CheckTerm, Command, Definition, DiceCommand,
    Difficulty, LoadTarget, Located, NameRef, ShowTarget, UseCommand,
};
pub use commands::{COMMANDS, CommandSpec, WordAt};
pub use error::{MAX_LINE_BYTES, SessionError, SessionErrorKind, rule_name};
pub use grammar::Rule;
pub use help::help_text;
pub use parse::{Entry, is_incomplete, parse_line, parse_session};
pub(crate) use session::fiat_of;
pub use session::{DEFAULT_SEED, Run, Session, Step, error_at};
