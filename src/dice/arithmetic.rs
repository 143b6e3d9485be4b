//! Checked integer arithmetic shared by rolling and distributions, so both agree on every
//! value: overflow and division by zero are errors, `/` is floor division, and `ceil()` /
//! `round()` around a division round that division instead of flooring it.

use super::ast::{BinaryOperator, Function};
use super::error::DiceErrorKind;

/// How a division rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DivisionRounding {
    /// Towards negative infinity (a bare `/`, `floor()`).
    Floor,
    /// Towards positive infinity (`ceil()`).
    Ceil,
    /// To the nearest integer, halves away from zero (`round()`).
    Nearest,
}

impl DivisionRounding {
    /// The rounding a function applies to a division directly inside it.
    pub(crate) fn of(function: Function) -> Option<DivisionRounding> {
        match function {
            Function::Floor => Some(DivisionRounding::Floor),
            Function::Ceil => Some(DivisionRounding::Ceil),
            Function::Round => Some(DivisionRounding::Nearest),
            _ => None,
        }
    }
}

/// `left / right` rounded as asked.
pub(crate) fn divide(
    left: i64,
    right: i64,
    rounding: DivisionRounding,
) -> Result<i64, DiceErrorKind> {
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
            DivisionRounding::Floor => quotient - i128::from(negative),
            DivisionRounding::Ceil => quotient + i128::from(!negative),
            DivisionRounding::Nearest if 2 * remainder.abs() >= right.abs() => {
                if negative {
                    quotient - 1
                } else {
                    quotient + 1
                }
            }
            DivisionRounding::Nearest => quotient,
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
        BinaryOperator::Divide => divide(left, right, DivisionRounding::Floor),
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
        assert_eq!(divide(7, 2, DivisionRounding::Floor), Ok(3));
        assert_eq!(divide(-7, 2, DivisionRounding::Floor), Ok(-4));
        assert_eq!(divide(7, -2, DivisionRounding::Floor), Ok(-4));
        assert_eq!(divide(7, 2, DivisionRounding::Ceil), Ok(4));
        assert_eq!(divide(-7, 2, DivisionRounding::Ceil), Ok(-3));
        assert_eq!(divide(7, 2, DivisionRounding::Nearest), Ok(4));
        assert_eq!(divide(-7, 2, DivisionRounding::Nearest), Ok(-4));
        assert_eq!(divide(7, 3, DivisionRounding::Nearest), Ok(2));
        assert_eq!(divide(1, 0, DivisionRounding::Floor), Err(DiceErrorKind::DivisionByZero));
        assert_eq!(divide(i64::MIN, -1, DivisionRounding::Floor), Err(DiceErrorKind::Overflow));
    }
}
