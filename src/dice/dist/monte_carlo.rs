//! The honest fallback for expressions beyond exact computation: a fixed-seed sample of
//! rolls (same expression, same estimate, every run), reported with `exact: false` and its
//! sample size. Rolls that hit a per-die or per-expression limit count as truncated mass;
//! arithmetic errors are real errors.

use super::Distribution;
use crate::dice::ast::{DiceExpr, DiceNode};
use crate::dice::error::{DiceError, DiceErrorKind};
use crate::dice::roll::Roll;
use crate::dice::roller::Roller;

/// The seed every estimate starts from.
pub(crate) const SEED: u64 = 0x6d79_7468_666f_7267;
/// Dice rolled per estimate, in total (the sample size shrinks for big expressions).
const DICE_BUDGET: u64 = 20_000_000;

/// Estimates `expression`'s distribution from a seeded sample.
pub(crate) fn estimate(expression: &DiceExpr) -> Result<Distribution, DiceError> {
    let named: u64 = expression.bindings.iter().map(|binding| dice_in(&binding.value)).sum();
    let dice_per_roll = (dice_in(&expression.root) + named).max(1);
    let samples = (DICE_BUDGET / dice_per_roll).clamp(10_000, 1_000_000);
    let mut roller = Roller::new(SEED);
    let mut roll = Roll::default();
    let mut values: Vec<i64> = Vec::with_capacity(samples as usize);
    let mut limited = 0u64;
    for _ in 0..samples {
        match roller.roll_into(expression, &mut roll) {
            Ok(()) => values.push(roll.total),
            Err(error) if is_limit(&error.kind) => limited += 1,
            Err(error) => return Err(error),
        }
    }
    values.sort_unstable();
    let mut outcomes: Vec<(i64, f64)> = Vec::new();
    for chunk in values.chunk_by(|a, b| a == b) {
        outcomes.push((chunk[0], chunk.len() as f64 / samples as f64));
    }
    Ok(Distribution {
        outcomes,
        exact: false,
        truncated: limited as f64 / samples as f64,
        samples: Some(samples),
    })
}

fn is_limit(kind: &DiceErrorKind) -> bool {
    matches!(
        kind,
        DiceErrorKind::TooManySteps { .. } | DiceErrorKind::TooManyDiceInExpression { .. }
    )
}

/// Dice rolled by one roll before explosions and rerolls.
fn dice_in(expr: &DiceNode) -> u64 {
    match expr {
        DiceNode::Integer { .. } | DiceNode::Reference { .. } => 0,
        DiceNode::Dice(term) => u64::from(term.count),
        DiceNode::Pool(pool) => u64::from(pool.count()),
        DiceNode::Negate { operand, .. } => dice_in(operand),
        DiceNode::Binary { left, right, .. } | DiceNode::Compare { left, right, .. } => {
            dice_in(left) + dice_in(right)
        }
        DiceNode::Call { arguments, .. } => arguments.iter().map(dice_in).sum(),
    }
}
