//! Probability distributions of dice expressions. [`distribution`] computes them exactly
//! (every probability within 1e-12 of the true value; explosion tails below 1e-15 and
//! rolls that would break a per-die limit are reported as `truncated`). Named rolls are
//! exact jointly: the rest of the expression is computed for each value a named roll can
//! take, and the results are mixed by that value's probability. Only what is
//! honestly beyond exact computation within a fixed work budget (keep/drop where added
//! dice interleave with the rolled ones, such as `4d6xokh3` or `4d6x<=2kh3`; enormous sums
//! and products) is estimated by seeded sampling, and says so (`exact: false`, the sample
//! size and a 95% interval for the mean).

mod mass;
mod monte_carlo;
mod pool;

use std::cell::Cell;

use serde::Serialize;

use self::mass::MassFunction;
use super::arithmetic::{self, DivisionRounding};
use super::ast::{BinaryOperator, DiceExpr, DiceNode, Function};
use super::error::{DiceError, DiceErrorKind};

thread_local! {
    /// Work spent on the distribution being computed on this thread (see `mass::charge`).
    static WORK: Cell<u64> = const { Cell::new(0) };
}

/// Why an exact computation stopped.
#[derive(Debug)]
pub(crate) enum Failure {
    /// A real error in the expression (overflow, division by zero), located by the caller.
    Kind(DiceErrorKind),
    /// A located error.
    Located(DiceError),
    /// Too much work: estimate by sampling instead.
    Beyond,
}

/// The probability distribution of a dice expression.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Distribution {
    /// Every possible value with its probability, sorted by value. Comparisons always list
    /// both 0 and 1.
    pub outcomes: Vec<(i64, f64)>,
    /// True when computed exactly; false when estimated by sampling.
    pub exact: bool,
    /// Probability not listed: explosion tails below 1e-15 and rolls that would exceed a
    /// per-die limit (which the roller reports as errors).
    pub truncated: f64,
    /// For an estimate, how many seeded samples it is based on.
    pub samples: Option<u64>,
}

/// The distribution of `expression`'s value.
///
/// ```
/// use mythforge::dice::{DiceExpr, distribution};
/// let dist = distribution(&DiceExpr::parse("2d6").unwrap()).unwrap();
/// assert!(dist.exact);
/// assert!((dist.probability(7) - 6.0 / 36.0).abs() < 1e-12);
/// assert!((dist.mean() - 7.0).abs() < 1e-12);
/// ```
pub fn distribution(expression: &DiceExpr) -> Result<Distribution, DiceError> {
    WORK.with(|work| work.set(0));
    match named(expression, &mut Vec::new()) {
        Ok(mass) => {
            let mut outcomes = mass.points;
            if matches!(expression.root, DiceNode::Compare { .. }) {
                for value in [0, 1] {
                    if !outcomes.iter().any(|(v, _)| *v == value) {
                        outcomes.push((value, 0.0));
                    }
                }
                outcomes.sort_by_key(|(value, _)| *value);
            }
            Ok(Distribution { outcomes, exact: true, truncated: mass.truncated, samples: None })
        }
        Err(Failure::Beyond) => monte_carlo::estimate(expression),
        Err(Failure::Located(error)) => Err(error),
        Err(Failure::Kind(kind)) => Err(kind.at(expression.root.span())),
    }
}

/// The root's distribution mixed over every value of the named rolls from `named.len()`
/// on, given the values in `named` for the ones before.
fn named(expression: &DiceExpr, values: &mut Vec<i64>) -> Result<MassFunction, Failure> {
    let Some(binding) = expression.bindings.get(values.len()) else {
        return exact(&expression.root, values);
    };
    let own = exact(&binding.value, values)?;
    let mut parts = Vec::with_capacity(own.points.len());
    for &(value, p) in &own.points {
        mass::charge(1)?;
        values.push(value);
        let rest = named(expression, values);
        values.pop();
        parts.push((p, rest?));
    }
    Ok(MassFunction::mix(&parts, own.truncated))
}

/// Attaches `span` to a bare kind; located errors and `Beyond` pass through.
fn at(span: &std::ops::Range<usize>) -> impl Fn(Failure) -> Failure + '_ {
    move |failure| match failure {
        Failure::Kind(kind) => Failure::Located(kind.at(span.clone())),
        other => other,
    }
}

/// The distribution of `expr` when the named rolls show `named`.
fn exact(expr: &DiceNode, named: &[i64]) -> Result<MassFunction, Failure> {
    let exact = |expr: &DiceNode| exact(expr, named);
    match expr {
        DiceNode::Integer { value, .. } => Ok(MassFunction::point(*value)),
        DiceNode::Reference { binding, .. } => Ok(MassFunction::point(named[*binding])),
        DiceNode::Dice(term) => pool::term(term).map_err(at(&term.span)),
        DiceNode::Pool(dice) => pool::pool(dice).map_err(at(&dice.span)),
        DiceNode::Call { function: Function::If, arguments, .. } => {
            let condition = exact(&arguments[0])?;
            let holds: f64 = condition.points.iter().filter(|(v, _)| *v != 0).map(|(_, p)| p).sum();
            let fails: f64 = condition.points.iter().filter(|(v, _)| *v == 0).map(|(_, p)| p).sum();
            let mut parts = Vec::with_capacity(2);
            // A branch that is never taken is never rolled, so its errors cannot happen.
            for (p, branch) in [(holds, &arguments[1]), (fails, &arguments[2])] {
                if p > 0.0 {
                    parts.push((p, exact(branch)?));
                }
            }
            Ok(MassFunction::mix(&parts, condition.truncated))
        }
        DiceNode::Negate { operand, span } => exact(operand)?
            .map(arithmetic::negate)
            .map_err(|kind| Failure::Located(kind.at(span.clone()))),
        DiceNode::Binary { .. } => {
            let (first, steps) = expr.binary_chain();
            let mut accumulated = exact(first)?;
            for (operator, right, span) in steps {
                accumulated = binary(accumulated, operator, exact(right)?, right, span)?;
            }
            Ok(accumulated)
        }
        DiceNode::Call { function, arguments, span } => {
            if let (
                Some(rounding),
                [DiceNode::Binary { operator: BinaryOperator::Divide, left, right, .. }],
            ) = (DivisionRounding::of(*function), arguments.as_slice())
            {
                let (left, right_mass) = (exact(left)?, exact(right)?);
                if right_mass.points.iter().any(|(v, _)| *v == 0) {
                    return Err(Failure::Located(DiceErrorKind::DivisionByZero.at(right.span())));
                }
                return left
                    .combine(&right_mass, |a, b| arithmetic::divide(a, b, rounding))
                    .map_err(at(span));
            }
            let mut result = exact(&arguments[0])?;
            for argument in &arguments[1..] {
                let next = exact(argument)?;
                result =
                    result.combine(&next, |a, b| Ok(arithmetic::fold_extreme(*function, a, b)))?;
            }
            result
                .map(|value| arithmetic::unary_function(*function, value))
                .map_err(|kind| Failure::Located(kind.at(span.clone())))
        }
        DiceNode::Compare { operator, left, right, span } => {
            let (left, right) = (exact(left)?, exact(right)?);
            let holds = |a: i64, b: i64| Ok(i64::from(operator.holds(a, b)));
            // Comparing the difference with 0 is a convolution: fast for wide sides.
            let difference = right
                .map(arithmetic::negate)
                .map_err(Failure::Kind)
                .and_then(|negated| left.add(&negated));
            match difference {
                Ok(difference) => difference.map(|d| holds(d, 0)).map_err(Failure::Kind),
                Err(Failure::Kind(DiceErrorKind::Overflow)) => left.combine(&right, holds),
                Err(other) => Err(other),
            }
            .map_err(at(span))
        }
    }
}

/// One step of a binary chain: `left <operator> right`, `right_mass` being the
/// distribution of `right`.
fn binary(
    left: MassFunction,
    operator: BinaryOperator,
    right_mass: MassFunction,
    right: &DiceNode,
    span: &std::ops::Range<usize>,
) -> Result<MassFunction, Failure> {
    if operator == BinaryOperator::Divide && right_mass.points.iter().any(|(v, _)| *v == 0) {
        return Err(Failure::Located(DiceErrorKind::DivisionByZero.at(right.span())));
    }
    match operator {
        BinaryOperator::Add => left.add(&right_mass),
        BinaryOperator::Subtract => {
            let negated = right_mass.map(arithmetic::negate).map_err(Failure::Kind)?;
            left.add(&negated)
        }
        operator => left.combine(&right_mass, |a, b| arithmetic::binary(operator, a, b)),
    }
    .map_err(at(span))
}

impl Distribution {
    /// Probability of exactly `value`.
    pub fn probability(&self, value: i64) -> f64 {
        self.outcomes.iter().find(|(v, _)| *v == value).map_or(0.0, |(_, p)| *p)
    }

    /// Probability of at least `value`.
    ///
    /// ```
    /// use mythforge::dice::{DiceExpr, distribution};
    /// let grade = distribution(&DiceExpr::parse("{3d10+3}cs>=9").unwrap()).unwrap();
    /// assert!((grade.at_least(2) - 0.5).abs() < 1e-12);
    /// assert!((grade.at_most(0) - 0.125).abs() < 1e-12);
    /// ```
    pub fn at_least(&self, value: i64) -> f64 {
        self.outcomes.iter().filter(|(v, _)| *v >= value).map(|(_, p)| p).sum()
    }

    /// Probability of at most `value`.
    pub fn at_most(&self, value: i64) -> f64 {
        self.outcomes.iter().filter(|(v, _)| *v <= value).map(|(_, p)| p).sum()
    }

    /// Total probability listed (1 minus `truncated`, up to rounding).
    pub fn mass(&self) -> f64 {
        self.outcomes.iter().map(|(_, p)| p).sum()
    }

    /// The mean of the listed outcomes (renormalised over the listed mass).
    pub fn mean(&self) -> f64 {
        let mass = self.mass();
        if mass == 0.0 {
            return 0.0;
        }
        self.outcomes.iter().map(|(v, p)| *v as f64 * p).sum::<f64>() / mass
    }

    /// The standard deviation of the listed outcomes.
    pub fn std_dev(&self) -> f64 {
        let mass = self.mass();
        if mass == 0.0 {
            return 0.0;
        }
        let mean = self.mean();
        let variance =
            self.outcomes.iter().map(|(v, p)| (*v as f64 - mean).powi(2) * p).sum::<f64>() / mass;
        variance.sqrt()
    }

    /// For an estimate, a 95% confidence interval for the mean (normal approximation);
    /// `None` for an exact distribution.
    ///
    /// ```
    /// use mythforge::dice::{DiceExpr, distribution};
    /// // Keep/drop over a pool that grows by exploding is estimated, and says so.
    /// let estimate = distribution(&DiceExpr::parse("4d6xokh3").unwrap()).unwrap();
    /// assert!(!estimate.exact);
    /// let (low, high) = estimate.mean_interval().unwrap();
    /// assert!(low < estimate.mean() && estimate.mean() < high);
    /// ```
    pub fn mean_interval(&self) -> Option<(f64, f64)> {
        let samples = self.samples? as f64;
        let half_width = 1.96 * self.std_dev() / samples.sqrt();
        Some((self.mean() - half_width, self.mean() + half_width))
    }
}
