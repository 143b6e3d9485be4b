//! Probability mass functions over i64 with the exact operations distributions need:
//! convolution (sums), pairwise combination (products, divisions, functions), mapping and
//! n-fold sums by repeated squaring. Every operation estimates its work first and reports
//! [`Failure::Beyond`] instead of running for seconds; arithmetic is checked.

use super::Failure;
use crate::dice::error::DiceErrorKind;

/// Most multiply-adds one distribution may spend before falling back to sampling.
pub(crate) const WORK_LIMIT: u64 = 300_000_000;
/// Probability cut from each end of an intermediate sum when the full support is too
/// expensive; a few dozen cuts stay far below the 1e-15 promised for `truncated`.
pub(crate) const TAIL_TRIM: f64 = 1e-20;
/// Widest value range kept in a dense accumulator.
const DENSE_LIMIT: i128 = 1 << 24;

/// A sub-probability distribution: sorted distinct values with their probabilities, plus
/// the mass truncated away (rolls that would hit a limit, or explosion tails below 1e-15).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct MassFunction {
    /// Sorted by value, distinct values, probabilities > 0.
    pub points: Vec<(i64, f64)>,
    /// Probability not represented in `points`.
    pub truncated: f64,
}

impl MassFunction {
    /// Certainly `value`.
    pub fn point(value: i64) -> MassFunction {
        MassFunction { points: vec![(value, 1.0)], truncated: 0.0 }
    }

    /// A distribution from a dense vector whose index 0 is `min`.
    pub fn from_dense(min: i64, probabilities: &[f64], truncated: f64) -> MassFunction {
        let points = probabilities
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(index, p)| (min + index as i64, *p))
            .collect();
        MassFunction { points, truncated }
    }

    /// A distribution from unsorted, possibly repeated values.
    pub fn from_unsorted(mut points: Vec<(i64, f64)>, truncated: f64) -> MassFunction {
        points.sort_unstable_by_key(|(value, _)| *value);
        let mut merged: Vec<(i64, f64)> = Vec::with_capacity(points.len());
        for (value, p) in points {
            match merged.last_mut() {
                Some((last, mass)) if *last == value => *mass += p,
                _ => merged.push((value, p)),
            }
        }
        merged.retain(|(_, p)| *p > 0.0);
        MassFunction { points: merged, truncated }
    }

    /// The mixture `Σ weight · part`, for parts chosen with those probabilities (the values
    /// of a named roll, the branches of an `if`); `lost` is the probability of choosing none.
    pub fn mix(parts: &[(f64, MassFunction)], lost: f64) -> MassFunction {
        let mut points = Vec::with_capacity(parts.iter().map(|(_, part)| part.points.len()).sum());
        let mut truncated = lost;
        for (weight, part) in parts {
            points.extend(part.points.iter().map(|(value, p)| (*value, weight * p)));
            truncated += weight * part.truncated;
        }
        MassFunction::from_unsorted(points, truncated)
    }

    /// Lowest value (the distribution must not be empty).
    pub fn min(&self) -> i64 {
        self.points.first().map_or(0, |(value, _)| *value)
    }

    /// Highest value.
    pub fn max(&self) -> i64 {
        self.points.last().map_or(0, |(value, _)| *value)
    }

    /// Total probability represented.
    pub fn mass(&self) -> f64 {
        self.points.iter().map(|(_, p)| p).sum()
    }

    /// The single value, if the distribution is a certainty.
    pub fn as_point(&self) -> Option<i64> {
        match self.points.as_slice() {
            [(value, p)] if *p == 1.0 => Some(*value),
            _ => None,
        }
    }

    fn combined_truncation(&self, other: &MassFunction) -> f64 {
        self.truncated + other.truncated - self.truncated * other.truncated
    }

    /// Applies `f` to every value.
    pub fn map(
        &self,
        mut f: impl FnMut(i64) -> Result<i64, DiceErrorKind>,
    ) -> Result<MassFunction, DiceErrorKind> {
        let points =
            self.points.iter().map(|(v, p)| Ok((f(*v)?, *p))).collect::<Result<Vec<_>, _>>()?;
        Ok(MassFunction::from_unsorted(points, self.truncated))
    }

    /// The distribution of `left + right` for independent sides.
    pub fn add(&self, other: &MassFunction) -> Result<MassFunction, Failure> {
        let low = self.min().checked_add(other.min());
        let high = self.max().checked_add(other.max());
        let (Some(low), Some(high)) = (low, high) else {
            return Err(Failure::Kind(DiceErrorKind::Overflow));
        };
        if let Some(shift) = other.as_point() {
            let points = self.points.iter().map(|(v, p)| (v + shift, *p)).collect();
            return Ok(MassFunction { points, truncated: self.truncated });
        }
        if let Some(shift) = self.as_point() {
            return other
                .add(&MassFunction::point(shift))
                .map(|mass| MassFunction { truncated: other.truncated, ..mass });
        }
        if i128::from(high) - i128::from(low) >= DENSE_LIMIT {
            return self.combine(other, |a, b| Ok(a + b));
        }
        charge(self.points.len() as u64 * other.points.len() as u64)?;
        let mut dense = vec![0.0; (high - low + 1) as usize];
        for (left, p) in &self.points {
            let base = (left - self.min()) as usize;
            for (right, q) in &other.points {
                dense[base + (right - other.min()) as usize] += p * q;
            }
        }
        Ok(MassFunction::from_dense(low, &dense, self.combined_truncation(other)))
    }

    /// The distribution of `f(left, right)` for independent sides, any `f`.
    pub fn combine(
        &self,
        other: &MassFunction,
        mut f: impl FnMut(i64, i64) -> Result<i64, DiceErrorKind>,
    ) -> Result<MassFunction, Failure> {
        charge(self.points.len() as u64 * other.points.len() as u64)?;
        let mut points = Vec::with_capacity(self.points.len() * other.points.len());
        for (left, p) in &self.points {
            for (right, q) in &other.points {
                points.push((f(*left, *right).map_err(Failure::Kind)?, p * q));
            }
        }
        Ok(MassFunction::from_unsorted(points, self.combined_truncation(other)))
    }

    /// The distribution of the sum of `count` independent copies. When the full support is
    /// too expensive, it is retried with tails below [`TAIL_TRIM`] cut off after every step
    /// (and reported as truncated), which keeps big sums such as `1000d100` exact.
    pub fn sum_of(&self, count: u32) -> Result<MassFunction, Failure> {
        let spent = super::WORK.with(|work| work.get());
        match self.power(count, None) {
            Err(Failure::Beyond) => {
                super::WORK.with(|work| work.set(spent));
                self.power(count, Some(TAIL_TRIM))
            }
            other => other,
        }
    }

    /// Repeated squaring, optionally trimming tails after each step.
    fn power(&self, count: u32, trim: Option<f64>) -> Result<MassFunction, Failure> {
        let mut result = MassFunction::point(0);
        let mut power = self.clone();
        let mut remaining = count;
        while remaining > 0 {
            if remaining & 1 == 1 {
                result = result.add(&power)?;
                if let Some(limit) = trim {
                    result.trim_tails(limit);
                }
            }
            remaining >>= 1;
            if remaining > 0 {
                power = power.add(&power)?;
                if let Some(limit) = trim {
                    power.trim_tails(limit);
                }
            }
        }
        Ok(result)
    }

    /// Removes values from both ends while the removed mass stays below `limit`, and counts
    /// it as truncated.
    fn trim_tails(&mut self, limit: f64) {
        let mut cut = 0.0;
        let mut start = 0;
        while start < self.points.len() && cut + self.points[start].1 < limit {
            cut += self.points[start].1;
            start += 1;
        }
        let mut end = self.points.len();
        while end > start && cut + self.points[end - 1].1 < limit {
            cut += self.points[end - 1].1;
            end -= 1;
        }
        self.points.truncate(end);
        self.points.drain(..start);
        self.truncated += cut;
    }
}

/// Counts work against [`WORK_LIMIT`] for the current thread's distribution.
pub(crate) fn charge(work: u64) -> Result<(), Failure> {
    super::WORK.with(|spent| {
        let total = spent.get().saturating_add(work);
        spent.set(total);
        if total > WORK_LIMIT { Err(Failure::Beyond) } else { Ok(()) }
    })
}
