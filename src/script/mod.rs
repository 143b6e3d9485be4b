//! The Rhai bridge: a sandboxed engine ([`Sandbox`]), scripts compiled once per file
//! ([`CompiledScript`], [`ScriptLibrary`]), the functions scripts may call and the seam to the
//! game engine ([`ScriptHost`]), and the mapping of every Rhai error to a [`Diagnostic`]
//! pointing into the `.rhai` file.
//!
//! Scripts are shared between strangers, so the sandbox comes first: no file, clock, sleep,
//! `eval` or module access, output captured by the host, and every call bounded by
//! [`ScriptLimits`]. Scripts draw dice only from the engine's seeded [`Roller`], so the
//! same seed gives the same results with scripts as without.
//!
//! ```
//! use std::{cell::RefCell, rc::Rc};
//! use mythforge::diagnostics::SourceMap;
//! use mythforge::dice::Roller;
//! use mythforge::script::{DiceHost, Sandbox, ScriptLimits};
//!
//! let roller = Rc::new(RefCell::new(Roller::new(7)));
//! let host = Rc::new(RefCell::new(DiceHost::new(roller)));
//! let sandbox = Sandbox::new(ScriptLimits::default(), host.clone());
//!
//! let mut sources = SourceMap::new();
//! let file = sources.add("scripts/demo.rhai", "fn bonus(grade) { log(`grade ${grade}`); grade * 2 + 1 }");
//! let script = sandbox.compile(&sources, file).unwrap();
//! let value = sandbox.call(&script, "bonus", vec![3_i64.into()], None).unwrap();
//! assert_eq!(value.as_int(), Ok(7));
//! assert_eq!(host.borrow().output()[0].text, "grade 3");
//! ```
//!
//! [`Diagnostic`]: crate::diagnostics::Diagnostic
//! [`Roller`]: crate::dice::Roller

mod api;
mod compile;
mod error;
mod host;
mod limits;
mod sandbox;

pub use compile::{CompiledScript, ScriptFunction, ScriptLibrary};
pub use host::{
    ActorHandle, DiceHost, HostError, OutputKind, ScriptHost, ScriptOutput, roll_notation,
};
pub use limits::ScriptLimits;
pub use rhai::Dynamic;
pub use sandbox::Sandbox;
