//! Rolling a [`DiceExpr`] with a [`Roller`]: every die is recorded (face, value, kept or
//! dropped, exploded, rerolled, forced, which term) and the total is computed with checked
//! arithmetic. Named rolls are rolled once, first, in written order; `if` rolls only the
//! branch it takes. Modifiers apply in phases: generate (reroll, explode, clamp, group
//! offset), then select (keep/drop, over a whole pool for `{4d6, 2d8}kh3`), then count (cs,
//! cf, df). Limits are enforced while rolling: at most [`MAX_DICE_PER_EXPRESSION`] dice and
//! [`MAX_STEPS_PER_DIE`] explosions or rerolls per die. The only randomness is the roller's
//! stream.

use std::ops::Range;

use serde::Serialize;

use super::arithmetic::{self, DivisionRounding};
use super::ast::{
    BinaryOperator, DiceExpr, DiceNode, DicePool, DiceTerm, ExplodeKind, Function, RerollKind,
    Select, SelectKind,
};
use super::error::{DiceError, DiceErrorKind, MAX_DICE_PER_EXPRESSION, MAX_STEPS_PER_DIE};
use super::roller::Roller;

/// The outcome of one roll: the total and every die that was rolled, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Roll {
    /// The value of the whole expression (0 or 1 for a comparison).
    pub total: i64,
    /// Every die rolled, rerolled and dropped ones included, in the order rolled.
    pub dice: Vec<DieRoll>,
}

/// One die of a [`Roll`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DieRoll {
    /// Which dice term rolled it ([`DiceTerm::index`]).
    pub term: usize,
    /// Sides of the die.
    pub sides: u32,
    /// What the die showed: its number, or a custom die's face (`dF`: -1, 0 or 1); for a
    /// compounding die, the sum of what it showed.
    pub face: i64,
    /// The die's value after clamping and the group offset.
    pub value: i64,
    /// What the die adds to its term: its value, its count score, or 0 when not kept.
    pub score: i64,
    /// False when keep/drop dropped it or a reroll replaced it.
    pub kept: bool,
    /// It exploded (added a die) or compounded.
    pub exploded: bool,
    /// It was added by an explosion.
    pub from_explosion: bool,
    /// It was rerolled: the next die of its term replaces it.
    pub rerolled: bool,
    /// Its face was forced (`--dice`), not drawn from the stream.
    pub forced: bool,
}

impl Roller {
    /// Rolls `expression`, recording every die.
    ///
    /// ```
    /// use mythforge::dice::{DiceExpr, Roller};
    /// let expr = DiceExpr::parse("4d6kh3").unwrap();
    /// let mut roller = Roller::new(7);
    /// roller.force([6, 1, 5, 4]);
    /// let roll = roller.roll(&expr).unwrap();
    /// assert_eq!(roll.total, 15);
    /// assert!(!roll.dice[1].kept);
    /// ```
    pub fn roll(&mut self, expression: &DiceExpr) -> Result<Roll, DiceError> {
        let mut roll = Roll::default();
        self.roll_into(expression, &mut roll)?;
        Ok(roll)
    }

    /// Like [`Roller::roll`], reusing `roll`'s buffer (no allocation once it is large
    /// enough): the fast path for rolling many times.
    ///
    /// ```
    /// use mythforge::dice::{DiceExpr, Roll, Roller};
    /// let expr = DiceExpr::parse("3d10").unwrap();
    /// let mut roller = Roller::new(7);
    /// let mut roll = Roll::default();
    /// let mut sum = 0;
    /// for _ in 0..1000 {
    ///     roller.roll_into(&expr, &mut roll).unwrap();
    ///     sum += roll.total;
    /// }
    /// assert!((15_000..18_000).contains(&sum));
    /// ```
    pub fn roll_into(&mut self, expression: &DiceExpr, roll: &mut Roll) -> Result<(), DiceError> {
        roll.dice.clear();
        let mut rolling =
            Rolling { roller: self, dice: &mut roll.dice, drawn: 0, named: Vec::new() };
        for binding in &expression.bindings {
            let value = rolling.evaluate(&binding.value)?;
            rolling.named.push(value);
        }
        roll.total = rolling.evaluate(&expression.root)?;
        Ok(())
    }
}

struct Rolling<'a> {
    roller: &'a mut Roller,
    dice: &'a mut Vec<DieRoll>,
    /// Faces drawn so far, compounded and rerolled ones included.
    drawn: u64,
    /// The values of the named rolls rolled so far.
    named: Vec<i64>,
}

impl Rolling<'_> {
    fn evaluate(&mut self, expr: &DiceNode) -> Result<i64, DiceError> {
        match expr {
            DiceNode::Integer { value, .. } => Ok(*value),
            DiceNode::Reference { binding, .. } => Ok(self.named[*binding]),
            DiceNode::Dice(term) => self.term(term),
            DiceNode::Pool(pool) => self.pool(pool),
            DiceNode::Call { function: Function::If, arguments, .. } => {
                let taken = if self.evaluate(&arguments[0])? != 0 { 1 } else { 2 };
                self.evaluate(&arguments[taken])
            }
            DiceNode::Negate { operand, span } => {
                arithmetic::negate(self.evaluate(operand)?).map_err(|kind| kind.at(span.clone()))
            }
            DiceNode::Binary { .. } => {
                let (first, steps) = expr.binary_chain();
                let mut accumulated = self.evaluate(first)?;
                for (operator, right, span) in steps {
                    let right_value = self.evaluate(right)?;
                    accumulated = arithmetic::binary(operator, accumulated, right_value)
                        .map_err(|kind| locate(kind, span, &right.span()))?;
                }
                Ok(accumulated)
            }
            DiceNode::Call { function, arguments, span } => {
                if let (Some(rounding), [DiceNode::Binary { operator, left, right, .. }]) =
                    (DivisionRounding::of(*function), arguments.as_slice())
                    && *operator == BinaryOperator::Divide
                {
                    let left_value = self.evaluate(left)?;
                    let right_value = self.evaluate(right)?;
                    return arithmetic::divide(left_value, right_value, rounding)
                        .map_err(|kind| locate(kind, span, &right.span()));
                }
                let mut result = self.evaluate(&arguments[0])?;
                for argument in &arguments[1..] {
                    result = arithmetic::fold_extreme(*function, result, self.evaluate(argument)?);
                }
                arithmetic::unary_function(*function, result).map_err(|kind| kind.at(span.clone()))
            }
            DiceNode::Compare { operator, left, right, .. } => {
                let left_value = self.evaluate(left)?;
                let right_value = self.evaluate(right)?;
                Ok(i64::from(operator.holds(left_value, right_value)))
            }
        }
    }

    fn term(&mut self, term: &DiceTerm) -> Result<i64, DiceError> {
        let start = self.dice.len();
        if term.is_plain() && self.roller.draws_freely() {
            // The fast path: no modifiers, nothing forced.
            self.drawn += u64::from(term.count);
            if self.drawn > MAX_DICE_PER_EXPRESSION {
                return Err(too_many_dice(term));
            }
            let mut total = 0i64;
            for _ in 0..term.count {
                let face = self.roller.face(term.sides);
                total += i64::from(face);
                self.dice.push(DieRoll::new(term, i64::from(face), false));
            }
            return Ok(total);
        }
        for _ in 0..term.count {
            self.generate(term)?;
        }
        self.finish(start, term.select, |value| term.score(value), &term.span)
    }

    /// `{4d6, 2d8}kh3`: every term's dice, then keep/drop and count over all of them.
    fn pool(&mut self, pool: &DicePool) -> Result<i64, DiceError> {
        let start = self.dice.len();
        for term in &pool.terms {
            for _ in 0..term.count {
                self.generate(term)?;
            }
        }
        self.finish(start, pool.select, |value| pool.score(value), &pool.span)
    }

    /// Keep/drop over the dice from `start` on, then their summed scores.
    fn finish(
        &mut self,
        start: usize,
        select: Option<Select>,
        score: impl Fn(i64) -> i64,
        span: &Range<usize>,
    ) -> Result<i64, DiceError> {
        if let Some(select) = select {
            self.select(start, select.kind, select.amount as usize);
        }
        let mut total = 0i64;
        for die in &mut self.dice[start..] {
            die.score = if die.kept { score(die.value) } else { 0 };
            total = total
                .checked_add(die.score)
                .ok_or_else(|| DiceErrorKind::Overflow.at(span.clone()))?;
        }
        Ok(total)
    }

    /// Rolls one die of `term` with its rerolls and explosions.
    fn generate(&mut self, term: &DiceTerm) -> Result<(), DiceError> {
        let explosion = term.explosion();
        match explosion {
            Some((ExplodeKind::Compound, point)) => {
                let mut sum = 0i64;
                let mut forced = false;
                for step in 0..=MAX_STEPS_PER_DIE {
                    let (face, was_forced) = self.rerolled_face(term, false)?;
                    forced |= was_forced;
                    sum = sum.checked_add(face).ok_or_else(|| overflow(term))?;
                    if !point.matches(face) {
                        let mut die = DieRoll::new(term, sum, forced);
                        die.exploded = step > 0;
                        self.dice.push(die);
                        return Ok(());
                    }
                }
                Err(too_many_steps(term, "exploded"))
            }
            _ => {
                let mut from_explosion = false;
                for _ in 0..=MAX_STEPS_PER_DIE {
                    let (face, forced) = self.rerolled_face(term, from_explosion)?;
                    let explodes = explosion.is_some_and(|(kind, point)| {
                        point.matches(face) && (kind == ExplodeKind::Repeat || !from_explosion)
                    });
                    let mut die = DieRoll::new(term, face, forced);
                    die.exploded = explodes;
                    die.from_explosion = from_explosion;
                    self.dice.push(die);
                    if !explodes {
                        return Ok(());
                    }
                    from_explosion = true;
                }
                Err(too_many_steps(term, "exploded"))
            }
        }
    }

    /// Draws a face and applies the term's reroll, recording replaced dice; returns what
    /// the face shows.
    fn rerolled_face(
        &mut self,
        term: &DiceTerm,
        from_explosion: bool,
    ) -> Result<(i64, bool), DiceError> {
        let (mut face, mut forced) = self.draw(term)?;
        let Some((kind, point)) = term.rerolling() else { return Ok((face, forced)) };
        let mut rerolls = 0;
        while point.matches(face) {
            if rerolls == MAX_STEPS_PER_DIE {
                return Err(too_many_steps(term, "was rerolled"));
            }
            let mut replaced = DieRoll::new(term, face, forced);
            replaced.kept = false;
            replaced.rerolled = true;
            replaced.from_explosion = from_explosion;
            self.dice.push(replaced);
            (face, forced) = self.draw(term)?;
            rerolls += 1;
            if kind == RerollKind::Once {
                break;
            }
        }
        Ok((face, forced))
    }

    /// One face from the forced queue or the stream, counted against the dice limit: what
    /// it shows, and whether it was forced.
    fn draw(&mut self, term: &DiceTerm) -> Result<(i64, bool), DiceError> {
        if self.drawn >= MAX_DICE_PER_EXPRESSION {
            return Err(too_many_dice(term));
        }
        self.drawn += 1;
        let forced = self.roller.forced().len() > 0;
        let face = self.roller.roll_die(term.sides).map_err(|error| {
            DiceErrorKind::ForcedFace { face: error.face, sides: error.sides }.at(term.span.clone())
        })?;
        Ok((term.natural(face), forced))
    }

    /// Marks dice dropped by keep/drop, among the term's dice that are still live. Ties drop
    /// the earliest die.
    fn select(&mut self, start: usize, kind: SelectKind, amount: usize) {
        let live = self.dice[start..].iter().filter(|d| d.kept).count();
        let (drop, lowest_first) = match kind {
            SelectKind::KeepHighest => (live.saturating_sub(amount), true),
            SelectKind::KeepLowest => (live.saturating_sub(amount), false),
            SelectKind::DropLowest => (amount.min(live), true),
            SelectKind::DropHighest => (amount.min(live), false),
        };
        if drop == 0 {
            return;
        }
        let mut order: Vec<usize> =
            (start..self.dice.len()).filter(|&index| self.dice[index].kept).collect();
        // Stable sorts: among equal dice the earliest is dropped first.
        if lowest_first {
            order.sort_by_key(|&index| self.dice[index].value);
        } else {
            order.sort_by_key(|&index| std::cmp::Reverse(self.dice[index].value));
        }
        for &index in &order[..drop] {
            self.dice[index].kept = false;
        }
    }
}

impl DieRoll {
    fn new(term: &DiceTerm, face: i64, forced: bool) -> DieRoll {
        let value = term.die_value(face);
        DieRoll {
            term: term.index,
            sides: term.sides,
            face,
            value,
            score: value,
            kept: true,
            exploded: false,
            from_explosion: false,
            rerolled: false,
            forced,
        }
    }
}

/// Division by zero points at the divisor; other arithmetic errors at the whole operation.
fn locate(kind: DiceErrorKind, whole: &Range<usize>, divisor: &Range<usize>) -> DiceError {
    match kind {
        DiceErrorKind::DivisionByZero => kind.at(divisor.clone()),
        kind => kind.at(whole.clone()),
    }
}

fn too_many_dice(term: &DiceTerm) -> DiceError {
    DiceErrorKind::TooManyDiceInExpression { limit: MAX_DICE_PER_EXPRESSION }.at(term.span.clone())
}

fn too_many_steps(term: &DiceTerm, action: &'static str) -> DiceError {
    DiceErrorKind::TooManySteps { action, limit: MAX_STEPS_PER_DIE }.at(term.span.clone())
}

fn overflow(term: &DiceTerm) -> DiceError {
    DiceErrorKind::Overflow.at(term.span.clone())
}
