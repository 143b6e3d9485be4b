//! Property tests (proptest and seeded random input): dice distributions and round trips,
//! the engine's arithmetic invariants, and parse -> print -> parse on rule files. Failing
//! cases proptest finds are kept in tests/proptest-regressions/ (its default place for a
//! test binary with a main.rs) and replayed first on every run.

#[path = "../common/mod.rs"]
mod common;

mod analyze_properties;
mod dice_properties;
mod engine_properties;
mod rules_roundtrip;
