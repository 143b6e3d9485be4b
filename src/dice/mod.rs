//! Dice: the seeded roller (and, as it grows, the notation, rolling and exact
//! distributions). No I/O, no printing.

mod roller;

pub use roller::{ForcedFaceError, Roller, RollerState};
