//! # mythforge
//!
//! A scriptable rules language for tabletop RPGs. Homebrewers write powers, traits,
//! conditions and whole game systems as plain-text rule files; mythforge parses them,
//! checks them, and runs them against a small deterministic engine.
//!
//! The crate is layered: [`diagnostics`] (spans, sources, errors) at the bottom, then
//! [`dice`] (notation, seeded rolling, exact distributions), and the command-line front end
//! in `cli` on top. Nothing below `cli` prints or reads from the terminal.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diagnostics;
pub mod dice;
pub mod model;
pub mod parse;
