//! The binary as a user runs it: `roll`, `dist`, `check`, `fmt`, `run` and the REPL (piped
//! and on a pseudo-terminal), the example sessions against their transcripts, and session
//! error paths with their diagnostics. One test binary, so the crate links once; the
//! helpers shared with the other binaries are in tests/common.

#[path = "../common/mod.rs"]
mod common;

mod analyze;
mod cli_dice;
mod cli_export;
mod cli_rules;
mod cli_session;
mod cli_session_game;
mod guide;
mod guide_vocabulary;
mod house_rules;
mod mestezia_session;
mod repl_pty;
mod session_golden;
mod session_load;
mod transcript_text;
