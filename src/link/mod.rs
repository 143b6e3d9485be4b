//! The link step between the rule model and the runtime: a checked pack's declarations
//! gathered once into one [`Symbols`] table. `check` validates every name against it and the
//! runtime resolves names through it, so "check passes" and "the runtime knows the name"
//! are one fact. Linking reads the model only; it never evaluates or rolls.

mod names;
mod symbols;

pub use names::link_names;
pub use symbols::{Declared, Shelf, Symbols, ValueSymbol};
