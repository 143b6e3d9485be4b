//! Integration tests of the Rhai bridge: the sandbox against hostile scripts (each with its
//! exact diagnostic), error positions and call chains, compile-once, determinism of dice
//! drawn from scripts, and the host seam with a test double.

mod api;
mod errors;
mod floats;
mod hostile;
mod random;
mod support;
