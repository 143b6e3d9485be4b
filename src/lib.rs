//! # mythforge
//!
//! A scriptable rules language for tabletop RPGs. Homebrewers write powers, traits,
//! conditions and whole game systems as plain-text rule files; mythforge parses them,
//! checks them, and runs them against a small deterministic engine.
//!
//! The crate is layered: [`diagnostics`] (spans, sources, errors) at the bottom, then
//! [`dice`] (notation, seeded rolling, exact distributions), the rule language —
//! [`model`] (the typed rule model), [`parse`] (pest grammar and lowering) and [`check`]
//! (semantic validation) — [`engine`] (world state, check procedures, effects, encounters,
//! the event log, saves), [`script`] (the sandboxed Rhai bridge), [`session`] (the command
//! language shared by the REPL and batch mode), and the front ends in `repl` and `cli` on
//! top. Nothing below `repl` and `cli` prints or reads from the terminal.
//!
//! Parsing, checking and evaluating a rule:
//!
//! ```
//! use mythforge::diagnostics::SourceMap;
//! use mythforge::model::expr::{evaluate, EvalErrorKind, LineContext, Reference, Scope, Value};
//! use mythforge::model::{BlockBody, Name, Pack, PowerLine};
//!
//! let text = "system Tiny\nStats: Speed\n\npower Dash\nThreshold: [Speed * 2.5]\n\
//!             Check: [Speed]\n";
//! let mut sources = SourceMap::new();
//! let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "tiny.rules", text);
//! assert!(diagnostics.is_empty());
//! let pack = Pack { files: vec![file] };
//! assert!(mythforge::check::check_pack(&pack).is_empty());
//!
//! // The engine answers names through a Scope; here Speed is 3.
//! struct Actor;
//! impl Scope for Actor {
//!     fn lookup(&self, _: Reference<'_>, _: LineContext) -> Result<Value, EvalErrorKind> {
//!         Ok(Value::integer(3))
//!     }
//!     fn call(&self, name: &Name, _: &[Value]) -> Result<Value, EvalErrorKind> {
//!         Err(EvalErrorKind::Script(format!("no script `{name}`")))
//!     }
//! }
//! let dash = pack.blocks().nth(1).unwrap();
//! let BlockBody::Power(lines) = &dash.node.body else { unreachable!() };
//! let PowerLine::Threshold(threshold) = &lines[0].node else { unreachable!() };
//! let value = evaluate(threshold, &Actor, LineContext::Threshold).unwrap();
//! assert_eq!(value.round(Default::default()), 7); // 7.5, floored
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analyze;
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
pub mod diagnostics;
pub mod dice;
pub mod engine;
pub mod files;
pub mod link;
pub mod model;
pub mod parse;
#[cfg(feature = "cli")]
pub mod repl;
pub mod runtime;
pub mod script;
pub mod session;
