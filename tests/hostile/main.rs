//! The hostile corpus: bad inputs of every kind a stranger's pack, script, save or session
//! can hold, each with its expected diagnostic snapshot — code, location and whether it has a
//! hint (`code @ file:line:col +help`), never the wording, which may move — and, for the
//! stateful ones, a check that the game is byte-identical before and after.
//!
//! The snapshots are insta inline snapshots: `cargo insta review` (or `INSTA_UPDATE=always
//! cargo test --test hostile` then `cargo insta accept`) blesses them, as everywhere else.

mod dice;
mod rules;
mod saves;
mod scripts;
mod sessions;
mod support;
