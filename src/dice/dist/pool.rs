//! Exact distribution of one dice term or pool of terms: the distribution of a single die
//! (its faces, numbered or custom) after rerolls, explosions, clamps and the group offset,
//! then the pool: an n-fold sum of per-die scores
//! (counts are sums of per-die indicators, never enumerated outcomes), or keep/drop by the
//! outcome-by-outcome dynamic program of A. J. Liu, "Icepool: Efficient Computation of Dice
//! Pool Probabilities" (AIIDE 2022): outcomes are visited from the kept end, each step
//! deciding with a binomial how many of the remaining dice show that outcome, so the work is
//! polynomial in dice, faces and kept sum. A pool of mixed dice (`{4d6, 2d8}kh3`) runs the
//! same program with one binomial per kind of die, its state holding how many dice of each
//! kind are still unplaced.

use super::Failure;
use super::mass::{MassFunction, charge};
use crate::dice::ast::{ComparePoint, DicePool, DiceTerm, ExplodeKind, RerollKind, Select};
use crate::dice::error::MAX_STEPS_PER_DIE;

/// Explosion chains stop when the probability of going on falls below this (so even a
/// thousand chains lose less than 1e-15 in total).
const TAIL: f64 = 1e-18;

/// The exact distribution of `term`'s value.
pub(crate) fn term(term: &DiceTerm) -> Result<MassFunction, Failure> {
    scored(term, term.select, |value| term.score(value))
}

/// The exact distribution of a pool's value: the sum of its terms' scores, or keep/drop
/// over all of its dice. Keeping over dice that explode into more dice is left to sampling.
pub(crate) fn pool(pool: &DicePool) -> Result<MassFunction, Failure> {
    let score = |value: i64| pool.score(value);
    let Some(select) = pool.select else {
        let mut total = MassFunction::point(0);
        for term in &pool.terms {
            total = total.add(&scored(term, None, score)?)?;
        }
        return Ok(total);
    };
    let mut kinds = Vec::with_capacity(pool.terms.len());
    for term in &pool.terms {
        if matches!(term.explosion(), Some((ExplodeKind::Repeat | ExplodeKind::Once, _))) {
            return Err(Failure::Beyond);
        }
        kinds.push((values(term)?, term.count));
    }
    let (kept, highest) = select.kept(pool.count());
    keep_mixed(&kinds, kept, highest, score)
}

/// The distribution of one die's value after reroll, compounding, clamp and group offset
/// (for terms whose dice do not add dice).
fn values(term: &DiceTerm) -> Result<MassFunction, Failure> {
    let faces = faces_after_reroll(term);
    let raw = match term.explosion() {
        Some((_, point)) => compound(&faces, point)?,
        None => faces,
    };
    raw.map(|face| Ok(term.die_value(face))).map_err(Failure::Kind)
}

/// The distribution of the summed `score` of `term`'s dice, keeping per `select`.
fn scored(
    term: &DiceTerm,
    select: Option<Select>,
    score: impl Fn(i64) -> i64 + Copy,
) -> Result<MassFunction, Failure> {
    let faces = faces_after_reroll(term);
    match (term.explosion(), select) {
        (Some((ExplodeKind::Repeat, point)), Some(select)) => {
            exploding_keep(term, &faces, point, select, score)
        }
        (Some((ExplodeKind::Once, _)), Some(_)) => {
            // Added dice mix with the first rolls in value order: left to sampling.
            Err(Failure::Beyond)
        }
        (Some((kind @ (ExplodeKind::Repeat | ExplodeKind::Once), point)), None) => {
            let score = |face: i64| score(term.die_value(face));
            chain(&faces, point, kind, score)?.sum_of(term.count)
        }
        (_, select) => {
            let values = values(term)?;
            match select {
                None => {
                    values.map(|value| Ok(score(value))).map_err(Failure::Kind)?.sum_of(term.count)
                }
                Some(select) => {
                    let (kept, highest) = select.kept(term.count);
                    keep(&values, term.count, kept, highest, score)
                }
            }
        }
    }
}

/// What one die shows after its reroll, as a distribution over its face values (1..=sides
/// for a numbered die). Repeated rerolls past the per-die limit are truncated mass (the
/// roller reports them as errors).
fn faces_after_reroll(term: &DiceTerm) -> MassFunction {
    let uniform = 1.0 / f64::from(term.sides);
    let Some((kind, point)) = term.rerolling() else {
        let points = term.face_values().map(|face| (face, uniform)).collect();
        return MassFunction::from_unsorted(points, 0.0);
    };
    let matching = term.face_values().filter(|&face| point.matches(face)).count();
    let chance = matching as f64 / f64::from(term.sides);
    let points = match kind {
        // A matching face is replaced by one fresh roll, which stays whatever it shows.
        RerollKind::Once => term
            .face_values()
            .map(|face| (face, if point.matches(face) { 0.0 } else { uniform } + chance * uniform))
            .collect(),
        // Matching faces are rerolled up to the limit: a geometric series over attempts.
        RerollKind::Repeat => {
            let attempts: f64 = (0..=MAX_STEPS_PER_DIE).map(|k| chance.powi(k as i32)).sum();
            term.face_values()
                .map(|face| (face, if point.matches(face) { 0.0 } else { uniform * attempts }))
                .collect()
        }
    };
    let truncated = match kind {
        RerollKind::Once => 0.0,
        RerollKind::Repeat => chance.powi(MAX_STEPS_PER_DIE as i32 + 1),
    };
    MassFunction::from_unsorted(points, truncated)
}

/// Splits faces into those that explode and those that do not.
fn split(faces: &MassFunction, point: ComparePoint) -> (MassFunction, MassFunction) {
    let (exploding, stopping): (Vec<_>, Vec<_>) =
        faces.points.iter().partition(|(face, _)| point.matches(*face));
    (
        MassFunction { points: exploding, truncated: 0.0 },
        MassFunction { points: stopping, truncated: 0.0 },
    )
}

/// The summed score of one die and the dice its explosions add (`x`, `xo`).
fn chain(
    faces: &MassFunction,
    point: ComparePoint,
    kind: ExplodeKind,
    score: impl Fn(i64) -> i64,
) -> Result<MassFunction, Failure> {
    let scored = |mass: &MassFunction| mass.map(|face| Ok(score(face))).map_err(Failure::Kind);
    let (exploding, stopping) = split(faces, point);
    let (exploding, stopping, every) = (scored(&exploding)?, scored(&stopping)?, scored(faces)?);
    if kind == ExplodeKind::Once {
        let mut points = stopping.points.clone();
        points.extend(exploding.add(&every)?.points);
        let loss = faces.truncated * (1.0 + exploding.mass());
        return Ok(MassFunction::from_unsorted(points, loss));
    }
    series(&exploding, &stopping, faces.truncated)
}

/// The raw face sum of a compounding die (`!!`).
fn compound(faces: &MassFunction, point: ComparePoint) -> Result<MassFunction, Failure> {
    let (exploding, stopping) = split(faces, point);
    series(&exploding, &stopping, faces.truncated)
}

/// Σₖ exploding^{*k} * stopping for k = 0..=limit, stopping early once the chance of going
/// on is below [`TAIL`]; what is left over is truncated mass.
fn series(
    exploding: &MassFunction,
    stopping: &MassFunction,
    loss_per_draw: f64,
) -> Result<MassFunction, Failure> {
    let mut prefix = MassFunction::point(0);
    let mut result: Vec<(i64, f64)> = Vec::new();
    let mut truncated = 0.0;
    for _ in 0..=MAX_STEPS_PER_DIE {
        truncated += prefix.mass() * loss_per_draw;
        result.extend(prefix.add(stopping)?.points);
        prefix = prefix.add(exploding)?;
        if prefix.mass() < TAIL {
            break;
        }
    }
    truncated += prefix.mass();
    Ok(MassFunction::from_unsorted(result, truncated))
}

/// Keep/drop over a pool that grows by explosions (`4d6xkh3`), when every exploding face
/// is above every other face (`x`, `x>=5`). Then the pool is the `count` final faces of the
/// chains, independent of the X exploded faces, and X is negative binomial:
/// P(X = x) = C(count + x - 1, x) pᵡ qᶜᵒᵘⁿᵗ. For each x, the kept dice are the top of the
/// exploded group and then the top of the final faces (or the other way round for the
/// lowest), two ordinary keep problems.
fn exploding_keep(
    term: &DiceTerm,
    faces: &MassFunction,
    point: ComparePoint,
    select: Select,
    score: impl Fn(i64) -> i64 + Copy,
) -> Result<MassFunction, Failure> {
    let (exploding, stopping) = split(faces, point);
    // q from p and the reroll loss rather than by summing, so that q / (1 - p) is exactly 1
    // when nothing is lost.
    let p = exploding.mass();
    let q = (1.0 - p - faces.truncated).max(0.0);
    let count = term.count;
    let ordered = exploding.points.is_empty() || exploding.min() > stopping.max();
    // Chains that would pass the per-die explosion limit must be negligible here.
    if !ordered || stopping.points.is_empty() || f64::from(count) * p.powi(101) >= 1e-15 {
        return Err(Failure::Beyond);
    }
    let normalised = |group: &MassFunction, total: f64| {
        group.map(|face| Ok(term.die_value(face))).map(|mut values| {
            values.points.iter_mut().for_each(|(_, share)| *share /= total);
            values.truncated = 0.0;
            values
        })
    };
    let high_values = if p > 0.0 { normalised(&exploding, p) } else { normalised(&stopping, q) }
        .map_err(Failure::Kind)?;
    let low_values = normalised(&stopping, q).map_err(Failure::Kind)?;
    let mut points: Vec<(i64, f64)> = Vec::new();
    let mut weight = q.powi(count as i32);
    let mode = f64::from(count) * p / (1.0 - p);
    // Without a tail cut the weights would sum to (q / (1 - p))^count: below 1 only when
    // rerolls past their limit lose mass.
    let mut truncated = 1.0 - (q / (1.0 - p)).powi(count as i32);
    for exploded in 0..=crate::dice::error::MAX_DICE_PER_EXPRESSION as u32 {
        let ratio = f64::from(count + exploded) / f64::from(exploded + 1) * p;
        if exploded as f64 > mode && weight < TAIL && ratio < 1.0 {
            // The rest is a tail whose terms shrink at least geometrically.
            truncated += weight / (1.0 - ratio);
            break;
        }
        let (kept, highest) = select.kept(count + exploded);
        // The group on the kept side fills first; the other group supplies the rest.
        let (first, first_count, second, second_count) = if highest {
            (&high_values, exploded, &low_values, count)
        } else {
            (&low_values, count, &high_values, exploded)
        };
        let from_first = kept.min(first_count);
        let pool = keep(first, first_count, from_first, highest, score)?.add(&keep(
            second,
            second_count,
            kept - from_first,
            highest,
            score,
        )?)?;
        points.extend(pool.points.iter().map(|(value, share)| (*value, share * weight)));
        weight *= ratio;
    }
    Ok(MassFunction::from_unsorted(points, truncated.max(0.0)))
}

/// The sum of `score` over the `kept` highest (or lowest) of `count` independent dice
/// with value distribution `values`.
pub(crate) fn keep(
    values: &MassFunction,
    count: u32,
    kept: u32,
    highest: bool,
    score: impl Fn(i64) -> i64,
) -> Result<MassFunction, Failure> {
    let count = count as usize;
    let kept = kept as usize;
    let mass = values.mass();
    let present = 1.0 - values.truncated;
    let mut outcomes: Vec<(i64, f64)> =
        values.points.iter().map(|(value, p)| (score(*value), p / mass)).collect();
    if highest {
        outcomes.reverse();
    }
    let scores = outcomes.iter().map(|(s, _)| *s);
    let low = scores.clone().min().unwrap_or(0).min(0);
    let high = scores.max().unwrap_or(0).max(0);
    let span = |bound: i64| (bound as i128) * kept as i128;
    let (sum_low, sum_high) = (span(low), span(high));
    let width = sum_high - sum_low + 1;
    if width > 1 << 24 || i64::try_from(sum_low).is_err() || i64::try_from(sum_high).is_err() {
        return Err(Failure::Beyond);
    }
    let width = width as usize;
    let sum_low = sum_low as i64;
    let estimate = outcomes.len() as u64 * kept as u64 * width as u64 * (count as u64 + 1);
    charge(estimate)?;

    // states[m][s]: m dice placed so far (all fewer than `kept`), kept sum s + sum_low.
    let mut states = vec![vec![0.0; width]; kept.max(1)];
    let mut finished = vec![0.0; width];
    if kept == 0 {
        finished[(-sum_low) as usize] = 1.0;
    } else {
        states[0][(-sum_low) as usize] = 1.0;
    }
    // tails[i]: the chance of an outcome at or after i, summed from the far end for accuracy.
    let mut tails = vec![0.0; outcomes.len() + 1];
    for index in (0..outcomes.len()).rev() {
        tails[index] = tails[index + 1] + outcomes[index].1;
    }
    for (index, &(score_value, p)) in outcomes.iter().enumerate() {
        let last = index + 1 == outcomes.len();
        let chance = if last { 1.0 } else { (p / tails[index]).min(1.0) };
        let mut next = vec![vec![0.0; width]; kept.max(1)];
        for (placed, row) in states.iter().enumerate().take(kept) {
            let weights = binomial(count - placed, chance);
            for (sum, &probability) in row.iter().enumerate() {
                if probability == 0.0 {
                    continue;
                }
                for (showing, &weight) in weights.iter().enumerate() {
                    if weight == 0.0 {
                        continue;
                    }
                    let taken = showing.min(kept - placed) as i64;
                    let target = (sum as i64 + taken * score_value) as usize;
                    let reached = placed + showing;
                    if reached >= kept {
                        finished[target] += probability * weight;
                    } else {
                        next[reached][target] += probability * weight;
                    }
                }
            }
        }
        states = next;
    }
    let scale = present.powi(count as i32);
    let dense: Vec<f64> = finished.iter().map(|p| p * scale).collect();
    let truncated = (1.0 - scale).max(0.0);
    Ok(MassFunction::from_dense(sum_low, &dense, truncated))
}

/// The sum of `score` over the `kept` highest (or lowest) dice of a pool of several kinds:
/// `kinds[j]` is the value distribution of one die of kind j and how many such dice there
/// are. Outcomes are visited from the kept end as in [`keep`]; at each outcome every kind
/// decides with its own binomial how many of its unplaced dice show it, so the state is
/// how many dice of each kind are unplaced (which also says how many are placed) and the
/// kept sum so far.
fn keep_mixed(
    kinds: &[(MassFunction, u32)],
    kept: u32,
    highest: bool,
    score: impl Fn(i64) -> i64,
) -> Result<MassFunction, Failure> {
    let kept = kept as usize;
    let counts: Vec<usize> = kinds.iter().map(|(_, count)| *count as usize).collect();
    let total: usize = counts.iter().sum();
    // Every value any kind can show, in visiting order.
    let mut outcomes: Vec<i64> =
        kinds.iter().flat_map(|(values, _)| values.points.iter().map(|(v, _)| *v)).collect();
    outcomes.sort_unstable();
    outcomes.dedup();
    if highest {
        outcomes.reverse();
    }
    // Per kind and outcome: the chance that an unplaced die shows this outcome, given that
    // it shows this one or a later one (1 at the kind's last possible outcome).
    let chances: Vec<Vec<f64>> = kinds
        .iter()
        .map(|(values, _)| {
            let mass = values.mass();
            let p: Vec<f64> = outcomes
                .iter()
                .map(|o| values.points.iter().find(|(v, _)| v == o).map_or(0.0, |(_, q)| q / mass))
                .collect();
            let last = p.iter().rposition(|q| *q > 0.0).unwrap_or(0);
            let mut tail = 0.0;
            let mut chance = vec![0.0; p.len()];
            for index in (0..p.len()).rev() {
                tail += p[index];
                chance[index] = if index == last {
                    1.0
                } else if tail > 0.0 {
                    (p[index] / tail).min(1.0)
                } else {
                    0.0
                };
            }
            chance
        })
        .collect();
    let scores: Vec<i64> = outcomes.iter().map(|o| score(*o)).collect();
    let low = scores.iter().copied().min().unwrap_or(0).min(0);
    let high = scores.iter().copied().max().unwrap_or(0).max(0);
    let (sum_low, sum_high) = (i128::from(low) * kept as i128, i128::from(high) * kept as i128);
    if sum_high - sum_low + 1 > 1 << 24
        || i64::try_from(sum_low).is_err()
        || i64::try_from(sum_high).is_err()
    {
        return Err(Failure::Beyond);
    }
    let width = (sum_high - sum_low + 1) as usize;
    let sum_low = sum_low as i64;
    // States are numbered in mixed radix over the unplaced count of each kind.
    let radix: Vec<usize> = counts.iter().map(|count| count + 1).collect();
    let states = radix.iter().try_fold(1usize, |acc, r| acc.checked_mul(*r));
    let Some(states) = states.filter(|s| *s <= 1 << 20) else { return Err(Failure::Beyond) };
    charge((outcomes.len() as u64) * (states as u64).pow(2) * width as u64)?;
    let decode = |mut index: usize| -> Vec<usize> {
        radix
            .iter()
            .map(|r| {
                let digit = index % r;
                index /= r;
                digit
            })
            .collect()
    };
    let encode = |digits: &[usize]| -> usize {
        digits.iter().zip(&radix).rev().fold(0, |acc, (digit, r)| acc * r + digit)
    };
    let mut finished = vec![0.0; width];
    let start = encode(&counts);
    let mut current: Vec<Option<Vec<f64>>> = vec![None; states];
    if kept == 0 {
        finished[(-sum_low) as usize] = 1.0;
    } else {
        let mut row = vec![0.0; width];
        row[(-sum_low) as usize] = 1.0;
        current[start] = Some(row);
    }
    for (index, &score_value) in scores.iter().enumerate() {
        let mut next: Vec<Option<Vec<f64>>> = vec![None; states];
        for (state, row) in current.iter().enumerate() {
            let Some(row) = row else { continue };
            let unplaced = decode(state);
            let placed = total - unplaced.iter().sum::<usize>();
            let weights: Vec<Vec<f64>> = unplaced
                .iter()
                .zip(&chances)
                .map(|(n, chance)| binomial(*n, chance[index]))
                .collect();
            // Every combination of how many dice of each kind show this outcome.
            let mut showing = vec![0usize; unplaced.len()];
            loop {
                let weight: f64 = showing.iter().zip(&weights).map(|(k, w)| w[*k]).product();
                if weight > 0.0 {
                    let shown: usize = showing.iter().sum();
                    let taken = shown.min(kept - placed) as i64;
                    let remaining: Vec<usize> =
                        unplaced.iter().zip(&showing).map(|(n, k)| n - k).collect();
                    let target_row = if placed + shown >= kept {
                        None
                    } else {
                        Some(next[encode(&remaining)].get_or_insert_with(|| vec![0.0; width]))
                    };
                    let shift = taken * score_value;
                    match target_row {
                        None => add_shifted(&mut finished, row, shift, weight),
                        Some(target) => add_shifted(target, row, shift, weight),
                    }
                }
                // The next combination, like counting in mixed radix.
                let mut kind = 0;
                while kind < showing.len() {
                    if showing[kind] < unplaced[kind] {
                        showing[kind] += 1;
                        break;
                    }
                    showing[kind] = 0;
                    kind += 1;
                }
                if kind == showing.len() {
                    break;
                }
            }
        }
        current = next;
    }
    let scale: f64 =
        kinds.iter().map(|(values, count)| (1.0 - values.truncated).powi(*count as i32)).product();
    let dense: Vec<f64> = finished.iter().map(|p| p * scale).collect();
    Ok(MassFunction::from_dense(sum_low, &dense, (1.0 - scale).max(0.0)))
}

/// `target[s + shift] += weight * row[s]` for every sum `s` (shifts stay in range: every
/// reachable kept sum lies within the row).
fn add_shifted(target: &mut [f64], row: &[f64], shift: i64, weight: f64) {
    for (sum, &p) in row.iter().enumerate() {
        if p != 0.0 {
            target[(sum as i64 + shift) as usize] += p * weight;
        }
    }
}

/// P(exactly c of n dice show the outcome) for c = 0..=n, when each does with `chance`.
/// Built outward from the mode with term ratios and normalised at the end, which keeps
/// every weight accurate to a few ulps (logarithms of factorials would lose digits).
fn binomial(n: usize, chance: f64) -> Vec<f64> {
    let mut weights = vec![0.0; n + 1];
    if chance >= 1.0 || chance <= 0.0 {
        weights[if chance >= 1.0 { n } else { 0 }] = 1.0;
        return weights;
    }
    let odds = chance / (1.0 - chance);
    let mode = (((n + 1) as f64 * chance).floor() as usize).min(n);
    weights[mode] = 1.0;
    for c in mode..n {
        weights[c + 1] = weights[c] * ((n - c) as f64 / (c + 1) as f64) * odds;
    }
    for c in (0..mode).rev() {
        weights[c] = weights[c + 1] * ((c + 1) as f64 / (n - c) as f64) / odds;
    }
    let total: f64 = weights.iter().sum();
    weights.iter_mut().for_each(|weight| *weight /= total);
    weights
}
