//! The host API: dice from the shared roller, captured output, compile-once and the actor
//! seam through a test double.
