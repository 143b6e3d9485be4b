//! Helpers shared by the integration test binaries (tests/cli, tests/lang, tests/game,
//! tests/props): the effect-script fixture, the hex-map helpers and games on the shipped
//! packs.

// Each binary uses only some of the helpers.
#![allow(dead_code)]

pub mod acting;
pub mod map;
pub mod packs;
