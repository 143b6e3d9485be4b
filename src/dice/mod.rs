//! Dice: the notation ([`DiceExpr::parse`]), seeded rolling ([`Roller::roll`]) and exact
//! probability distributions ([`distribution`]). No I/O, no printing, no clock: the only
//! randomness is the [`Roller`] stream the caller seeds.

mod arithmetic;
mod ast;
mod dist;
mod error;
mod explore;
mod parse;
mod roll;
mod roller;

pub use ast::{
    BinaryOperator, BinaryStep, CompareOperator, ComparePoint, DiceBinding, DiceExpr, DiceNode,
    DicePool, DiceTerm, ExplodeKind, Function, RerollKind, Select, SelectKind,
};
pub use dist::{Distribution, distribution};
pub use error::{
    DiceError, DiceErrorKind, MAX_DICE_PER_EXPRESSION, MAX_DICE_PER_TERM, MAX_NESTING_DEPTH,
    MAX_SIDES, MAX_STEPS_PER_DIE, MAX_TEXT_LENGTH,
};
pub(crate) use explore::Sum;
pub use explore::{BranchPoint, Exploration, Taken};
pub use roll::{DieRoll, Roll};
pub use roller::{Draw, ForcedFaceError, Roller, RollerState};
