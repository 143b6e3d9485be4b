//! Everything that can go wrong with a dice expression, from parsing to rolling and
//! computing distributions. Errors are plain data: a [`DiceErrorKind`] plus a byte range in
//! the expression text. Turning one into a [`Diagnostic`] needs the file it lives in and the
//! offset of the expression inside that file, so the rule language can embed dice notation.

use std::ops::Range;

use crate::diagnostics::{Diagnostic, FileId, Span};

/// Longest dice expression accepted, in bytes (checked before parsing).
pub const MAX_TEXT_LENGTH: usize = 1024;
/// Deepest nesting of parentheses, braces and function calls.
pub const MAX_NESTING_DEPTH: usize = 64;
/// Most dice one term may roll before explosions and rerolls.
pub const MAX_DICE_PER_TERM: u64 = 1_000;
/// Most dice one expression may roll, explosions and rerolls included.
pub const MAX_DICE_PER_EXPRESSION: u64 = 10_000;
/// Most explosions, or most rerolls, of any one die.
pub const MAX_STEPS_PER_DIE: u32 = 100;
/// Most sides a die may have.
pub const MAX_SIDES: u64 = 1_000_000;

/// What went wrong. Messages are lower-case sentences; [`DiceErrorKind::code`] gives a
/// stable code and [`DiceErrorKind::hint`] says how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DiceErrorKind {
    /// `3d`: the text does not follow the notation.
    #[error("unexpected {found}, expected {expected}")]
    Unexpected {
        /// What is there (`end of input`, `` `k` ``).
        found: String,
        /// What could have been there, in human words.
        expected: String,
    },
    /// A text longer than [`MAX_TEXT_LENGTH`].
    #[error("dice expression is {length} bytes long, more than the limit of {limit}")]
    TooLong {
        /// Its length.
        length: usize,
        /// The limit.
        limit: usize,
    },
    /// More than [`MAX_NESTING_DEPTH`] nested parentheses.
    #[error("expression nests deeper than {limit} levels")]
    TooDeep {
        /// The limit.
        limit: usize,
    },
    /// `99999999999999999999`: a literal that does not fit in 64 bits.
    #[error("integer `{text}` is too large")]
    IntegerTooLarge {
        /// The literal.
        text: String,
    },
    /// `2d0`, `0d6`.
    #[error("a dice term needs at least one die with at least one side")]
    EmptyDice,
    /// `1d2000000`.
    #[error("a die may have at most {limit} sides, not {sides}")]
    TooManySides {
        /// Requested sides.
        sides: u64,
        /// The limit.
        limit: u64,
    },
    /// `abs(1, 2)`.
    #[error("`{function}` takes {expected}, not {found}")]
    WrongArgumentCount {
        /// The function.
        function: &'static str,
        /// What it takes.
        expected: &'static str,
        /// How many it got.
        found: usize,
    },
    /// `4d6kk3`: a second modifier of a kind the term already has.
    #[error("this term already has one {modifier} modifier")]
    DuplicateModifier {
        /// The kind, in words (`keep/drop`, `explode`).
        modifier: &'static str,
    },
    /// `4d6cs>=5kh3`: a modifier written after one from a later phase.
    #[error("`{modifier}` is applied before `{previous}`, but is written after it")]
    ModifierOrder {
        /// The modifier written too late.
        modifier: String,
        /// The modifier from the later phase written before it.
        previous: String,
    },
    /// `{1d6+9999999999999}`: a group offset or clamp too large to be safe.
    #[error("a group offset or clamp must lie between -{limit} and {limit}")]
    AdjustmentTooLarge {
        /// The limit.
        limit: i64,
    },
    /// `4d6kh9`.
    #[error("cannot {action} {amount} of {count} dice")]
    SelectTooMany {
        /// `keep` or `drop`.
        action: &'static str,
        /// Requested.
        amount: u64,
        /// Rolled.
        count: u64,
    },
    /// `1000000d6`.
    #[error("a term may roll at most {limit} dice, not {count}")]
    TooManyDice {
        /// Requested.
        count: u64,
        /// The limit.
        limit: u64,
    },
    /// An expression rolling more than [`MAX_DICE_PER_EXPRESSION`] dice.
    #[error("the expression rolls more than {limit} dice")]
    TooManyDiceInExpression {
        /// The limit.
        limit: u64,
    },
    /// `1d1!`: every face explodes, so the roll never ends.
    #[error("every face of a {die} explodes, so the roll would never end")]
    AlwaysExplodes {
        /// The die (`d1`, `d{2,2}`).
        die: String,
    },
    /// `1d6rr<=6`: every face is rerolled, so the roll never ends.
    #[error("every face of a {die} is rerolled, so the roll would never end")]
    AlwaysRerolls {
        /// The die.
        die: String,
    },
    /// `2d6x7`: no face explodes, so the explosion would do nothing.
    #[error("no face of a {die} meets `{point}`, so it never explodes")]
    NeverExplodes {
        /// The die.
        die: String,
        /// The compare point as written.
        point: String,
    },
    /// `2d6r7`: no face is rerolled, so the reroll would do nothing.
    #[error("no face of a {die} meets `{point}`, so it is never rerolled")]
    NeverRerolls {
        /// The die.
        die: String,
        /// The compare point as written.
        point: String,
    },
    /// `d{1,99999999999999}`: a custom face too large to be safe.
    #[error("a custom face must lie between -{limit} and {limit}")]
    FaceTooLarge {
        /// The limit.
        limit: i64,
    },
    /// `1 < 2 < 3`: comparisons do not chain.
    #[error("comparisons do not chain")]
    ChainedComparison,
    /// `r + 1` without `r = ...;` before it.
    #[error("no roll is named `{name}`")]
    UnknownName {
        /// The name as written.
        name: String,
        /// A close name that is defined, if any.
        suggestion: Option<String>,
    },
    /// `r = 1d20; r = 1d6; r`.
    #[error("a roll is already named `{name}`")]
    DuplicateName {
        /// The name.
        name: String,
    },
    /// `r = 1d20; 2d6`: a named roll nothing reads.
    #[error("the roll named `{name}` is never used")]
    UnusedName {
        /// The name.
        name: String,
    },
    /// `d6 = 1d20;` or `max = 3;`: a name that reads as something else.
    #[error("`{name}` cannot name a roll: it reads as {reads_as}")]
    ReservedName {
        /// The name.
        name: String,
        /// What it reads as (`a dice term`, `a function`).
        reads_as: &'static str,
    },
    /// `{4d6, 2d8}x` or `{4d6kh3, 2d8}`: a modifier on the wrong side of a pool's brace.
    #[error("`{modifier}` {problem}")]
    PoolModifier {
        /// The modifier as written.
        modifier: String,
        /// What is wrong with it here.
        problem: &'static str,
    },
    /// `{4d6, 2d8+1}`: a per-die offset in a pool of several terms.
    #[error("a per-die offset needs a group of one term")]
    PoolOffset,
    /// A die that exploded or was rerolled more than [`MAX_STEPS_PER_DIE`] times.
    #[error("a die {action} more than {limit} times")]
    TooManySteps {
        /// `exploded` or `was rerolled`.
        action: &'static str,
        /// The limit.
        limit: u32,
    },
    /// `1/0`.
    #[error("division by zero")]
    DivisionByZero,
    /// `9223372036854775807+1`.
    #[error("integer overflow: the result does not fit in 64 bits")]
    Overflow,
    /// `--dice 12` used on a d10.
    #[error("forced die {face} does not fit a d{sides}")]
    ForcedFace {
        /// The forced face.
        face: u32,
        /// The die.
        sides: u32,
    },
}

impl DiceErrorKind {
    /// Attaches the byte range (relative to the expression text) where it went wrong.
    pub fn at(self, span: Range<usize>) -> DiceError {
        DiceError { kind: self, span }
    }

    /// A stable code such as `dice::parse::unexpected`.
    pub fn code(&self) -> &'static str {
        match self {
            DiceErrorKind::Unexpected { .. } => "dice::parse::unexpected",
            DiceErrorKind::TooLong { .. } => "dice::limit::too_long",
            DiceErrorKind::TooDeep { .. } => "dice::limit::too_deep",
            DiceErrorKind::IntegerTooLarge { .. } => "dice::parse::integer_too_large",
            DiceErrorKind::EmptyDice => "dice::parse::empty_dice",
            DiceErrorKind::TooManySides { .. } => "dice::limit::too_many_sides",
            DiceErrorKind::WrongArgumentCount { .. } => "dice::parse::argument_count",
            DiceErrorKind::DuplicateModifier { .. } => "dice::modifier::duplicate",
            DiceErrorKind::ModifierOrder { .. } => "dice::modifier::order",
            DiceErrorKind::SelectTooMany { .. } => "dice::modifier::select_too_many",
            DiceErrorKind::AdjustmentTooLarge { .. } => "dice::limit::adjustment_too_large",
            DiceErrorKind::TooManyDice { .. } => "dice::limit::too_many_dice",
            DiceErrorKind::TooManyDiceInExpression { .. } => {
                "dice::limit::too_many_dice_in_expression"
            }
            DiceErrorKind::AlwaysExplodes { .. } => "dice::limit::always_explodes",
            DiceErrorKind::AlwaysRerolls { .. } => "dice::limit::always_rerolls",
            DiceErrorKind::NeverExplodes { .. } => "dice::modifier::never_explodes",
            DiceErrorKind::NeverRerolls { .. } => "dice::modifier::never_rerolls",
            DiceErrorKind::FaceTooLarge { .. } => "dice::limit::face_too_large",
            DiceErrorKind::ChainedComparison => "dice::parse::chained_comparison",
            DiceErrorKind::UnknownName { .. } => "dice::name::unknown",
            DiceErrorKind::DuplicateName { .. } => "dice::name::duplicate",
            DiceErrorKind::UnusedName { .. } => "dice::name::unused",
            DiceErrorKind::ReservedName { .. } => "dice::name::reserved",
            DiceErrorKind::PoolModifier { .. } => "dice::modifier::pool",
            DiceErrorKind::PoolOffset => "dice::modifier::pool_offset",
            DiceErrorKind::TooManySteps { .. } => "dice::limit::too_many_steps",
            DiceErrorKind::DivisionByZero => "dice::arithmetic::division_by_zero",
            DiceErrorKind::Overflow => "dice::arithmetic::overflow",
            DiceErrorKind::ForcedFace { .. } => "dice::forced_face",
        }
    }

    /// How to fix it, in one sentence.
    pub fn hint(&self) -> String {
        match self {
            DiceErrorKind::Unexpected { .. } => {
                "dice notation looks like `2d6+3`, `4d6kh3` or `{3d10+3}cs>=9`".into()
            }
            DiceErrorKind::TooLong { .. } => "split the expression into smaller ones".into(),
            DiceErrorKind::TooDeep { .. } => "remove some parentheses".into(),
            DiceErrorKind::IntegerTooLarge { .. } => {
                format!("integers go up to {}", i64::MAX)
            }
            DiceErrorKind::EmptyDice => "write at least `1d2`".into(),
            DiceErrorKind::TooManySides { limit, .. } => {
                format!("use dice with at most {limit} sides")
            }
            DiceErrorKind::WrongArgumentCount { function, .. } => match *function {
                "min" | "max" => format!("write `{function}(1d6, 3)`"),
                _ => format!("write `{function}(1d6 / 2)`"),
            },
            DiceErrorKind::DuplicateModifier { .. } => {
                "give each term at most one modifier of each kind".into()
            }
            DiceErrorKind::ModifierOrder { .. } => {
                "modifiers apply in phases: explode, reroll and clamp first, then keep/drop, \
                 then count (cs, cf, df); write them in that order, as in `5d6xkh3cs>=4`"
                    .into()
            }
            DiceErrorKind::AdjustmentTooLarge { .. } => {
                "use a smaller offset or clamp; dice never get near it anyway".into()
            }
            DiceErrorKind::SelectTooMany { count, .. } => {
                format!("choose a number from 0 to {count}, or roll more dice")
            }
            DiceErrorKind::TooManyDice { limit, .. } => {
                format!("roll at most {limit} dice in one term")
            }
            DiceErrorKind::TooManyDiceInExpression { limit } => {
                format!("keep the whole expression under {limit} dice, explosions included")
            }
            DiceErrorKind::AlwaysExplodes { .. } => {
                "give the explosion a compare point that some face misses, such as `x>=6`".into()
            }
            DiceErrorKind::AlwaysRerolls { .. } => {
                "give the reroll a compare point that some face misses, such as `rr<=2`".into()
            }
            DiceErrorKind::NeverExplodes { .. } => {
                "give the explosion a compare point some face meets, such as `x>=6`; a minus \
                 after a modifier is arithmetic (`1d6x-1`), and `!=` compares (`1d20!=20`)"
                    .into()
            }
            DiceErrorKind::NeverRerolls { .. } => {
                "give the reroll a compare point some face meets, such as `r<=2`; a minus \
                 after a modifier is arithmetic (`2d6r-1`)"
                    .into()
            }
            DiceErrorKind::FaceTooLarge { .. } => "use smaller faces".into(),
            DiceErrorKind::ChainedComparison => {
                "compare two values at a time; combine comparisons with parentheses and \
                 arithmetic, such as `(1d20 >= 10) * (1d20 <= 15)`"
                    .into()
            }
            DiceErrorKind::UnknownName { suggestion: Some(close), .. } => {
                format!("did you mean `{close}`?")
            }
            DiceErrorKind::UnknownName { .. } => {
                "name a roll before reading it: `r = 1d20; r + 7 >= 15`".into()
            }
            DiceErrorKind::DuplicateName { .. } => "give each named roll its own name".into(),
            DiceErrorKind::UnusedName { .. } => {
                "read the roll somewhere after the `;`, or remove it".into()
            }
            DiceErrorKind::ReservedName { .. } => {
                "choose a name that is not a dice term or a function, such as `r` or `hit`".into()
            }
            DiceErrorKind::PoolModifier { .. } => {
                "in a pool, write explode, reroll and clamp on each term and keep/drop and \
                 count after the brace, as in `{4d6x, 2d8}kh3`"
                    .into()
            }
            DiceErrorKind::PoolOffset => {
                "add to each die in a group of one term (`{3d10+3}`), or add to the total \
                 after the brace (`{4d6, 2d8}kh3 + 1`)"
                    .into()
            }
            DiceErrorKind::TooManySteps { .. } => {
                "the roll was stopped to keep it finite; use a stricter compare point".into()
            }
            DiceErrorKind::DivisionByZero => "make sure the divisor can never be 0".into(),
            DiceErrorKind::Overflow => {
                format!("results must stay between {} and {}", i64::MIN, i64::MAX)
            }
            DiceErrorKind::ForcedFace { sides, .. } => {
                format!("force faces from 1 to {sides} for this die")
            }
        }
    }

    /// A short label for the offending text.
    fn label(&self) -> &'static str {
        match self {
            DiceErrorKind::Unexpected { .. } => "unexpected here",
            DiceErrorKind::DivisionByZero => "this is zero",
            DiceErrorKind::Overflow => "this overflows",
            DiceErrorKind::ModifierOrder { .. } => "written too late",
            DiceErrorKind::DuplicateModifier { .. } => "second modifier of this kind",
            DiceErrorKind::ChainedComparison => "second comparison",
            DiceErrorKind::UnknownName { .. } => "not a named roll",
            DiceErrorKind::UnusedName { .. } => "never read",
            DiceErrorKind::NeverExplodes { .. } | DiceErrorKind::NeverRerolls { .. } => {
                "no face meets this"
            }
            _ => "here",
        }
    }
}

/// A [`DiceErrorKind`] with the byte range, relative to the expression text, it concerns.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct DiceError {
    /// What went wrong.
    pub kind: DiceErrorKind,
    /// Where, in bytes of the expression text.
    pub span: Range<usize>,
}

impl DiceError {
    /// The diagnostic for this error, for an expression that starts `base_offset` bytes into
    /// `file` (0 when the file is the expression itself).
    ///
    /// ```
    /// use mythforge::diagnostics::{FileId, SourceMap};
    /// use mythforge::dice::DiceExpr;
    /// let error = DiceExpr::parse("3d").unwrap_err();
    /// let diagnostic = error.to_diagnostic(FileId(0), 0);
    /// assert_eq!(diagnostic.code, "dice::parse::unexpected");
    /// assert_eq!(diagnostic.primary_span().range(), 2..2);
    /// ```
    pub fn to_diagnostic(&self, file: FileId, base_offset: usize) -> Diagnostic {
        let span = Span::new(file, base_offset + self.span.start..base_offset + self.span.end);
        Diagnostic::error(self.kind.code(), self.kind.to_string())
            .with_primary(span, self.kind.label())
            .with_help(self.kind.hint())
    }
}
