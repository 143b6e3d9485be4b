//! The hostile corpus: bad inputs of every kind a stranger's pack, script, save or session
//! can hold, each with its expected diagnostic snapshot — code, location and whether it has a
//! hint (`code @ file:line:col +help`), never the wording, which may move — and, for the
//! stateful ones, a check that the game is byte-identical before and after.
//!
//! `HOSTILE_BLESS=1 cargo test --test hostile -- --nocapture` prints the snapshots found.

mod dice;
mod rules;
mod saves;
mod scripts;
mod sessions;
mod support;
