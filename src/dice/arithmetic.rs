//! Checked integer arithmetic shared by rolling and distributions, so both agree on every
//! value: overflow and division by zero are errors, `/` is floor division, and `ceil()` /
//! `round()` around a division round that division instead of flooring it.

use super::ast::{BinaryOperator, Function};
use super::error::DiceErrorKind;

/// How a division rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rounding {
    /// Towards negative infinity (a bare `/`, `floor()`).
    Floor,
    /// Towards positive infinity (`ceil()`).
    Ceil,
    /// To the nearest integer, halves away from zero (`round()`).
    Nearest,
}

impl Rounding {
    /// The rounding a function applies to a division directly inside it.
    pub(crate) fn of(function: Function) -> Option<Rounding> {
        match function {
            Function::Floor => Some(Rounding::Floor),
            Function::Ceil => Some(Rounding::Ceil),
            Function::Round => Some(Rounding::Nearest),
            _ => None,
        }
    }
}

/// `left / right` rounded as asked.
pub(crate) fn divide(left: i64, right: i64, rounding: Rounding) -> Result<i64, DiceErrorKind> {
    if right == 0 {
        return Err(DiceErrorKind::DivisionByZero);
    }
    let (left, right) = (i128::from(left), i128::from(right));
    let quotient = left / right;
    let remainder = left % right;
    let negative = (left < 0) != (right < 0);
    let adjusted = if remainder == 0 {
        quotient
    } else {
        match rounding {
            Rounding::Floor => quotient - i128::from(negative),
            Rounding::Ceil => quotient + i128::from(!negative),
            Rounding::Nearest if 2 * remainder.abs() >= right.abs() => {
                if negative {
                    quotient - 1
                } else {
                    quotient + 1
                }
            }
            Rounding::Nearest => quotient,
        }
    };
    i64::try_from(adjusted).map_err(|_| DiceErrorKind::Overflow)
}

/// `left <operator> right`, checked.
pub(crate) fn binary(
    operator: BinaryOperator,
    left: i64,
    right: i64,
) -> Result<i64, DiceErrorKind> {
    match operator {
        BinaryOperator::Add => left.checked_add(right).ok_or(DiceErrorKind::Overflow),
        BinaryOperator::Subtract => left.checked_sub(right).ok_or(DiceErrorKind::Overflow),
        BinaryOperator::Multiply => left.checked_mul(right).ok_or(DiceErrorKind::Overflow),
        BinaryOperator::Divide => divide(left, right, Rounding::Floor),
    }
}

/// `-value`, checked.
pub(crate) fn negate(value: i64) -> Result<i64, DiceErrorKind> {
    value.checked_neg().ok_or(DiceErrorKind::Overflow)
}

/// A one-argument function (`abs`, or `floor`/`ceil`/`round` of a non-division, which are
/// the identity on integers) or one step of `min`/`max` folding.
pub(crate) fn unary_function(function: Function, value: i64) -> Result<i64, DiceErrorKind> {
    match function {
        Function::Abs => value.checked_abs().ok_or(DiceErrorKind::Overflow),
        _ => Ok(value),
    }
}

/// One step of folding `min`/`max` over arguments.
pub(crate) fn fold_extreme(function: Function, left: i64, right: i64) -> i64 {
    if function == Function::Min { left.min(right) } else { left.max(right) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn division_rounds_as_asked() {
        assert_eq!(divide(7, 2, Rounding::Floor), Ok(3));
        assert_eq!(divide(-7, 2, Rounding::Floor), Ok(-4));
        assert_eq!(divide(7, -2, Rounding::Floor), Ok(-4));
        assert_eq!(divide(7, 2, Rounding::Ceil), Ok(4));
        assert_eq!(divide(-7, 2, Rounding::Ceil), Ok(-3));
        assert_eq!(divide(7, 2, Rounding::Nearest), Ok(4));
        assert_eq!(divide(-7, 2, Rounding::Nearest), Ok(-4));
        assert_eq!(divide(7, 3, Rounding::Nearest), Ok(2));
        assert_eq!(divide(1, 0, Rounding::Floor), Err(DiceErrorKind::DivisionByZero));
        assert_eq!(divide(i64::MIN, -1, Rounding::Floor), Err(DiceErrorKind::Overflow));
    }
}
