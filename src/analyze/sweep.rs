//! Sweeps: one analysis per point of a grid of inputs (`Bandit's Defense` from 8 to 16,
//! optionally against a second input), each point exact when it fits the budget. The
//! grid's two ends are first explored alone, within what a thread costs; when they cannot
//! be, or the rest would take more, the points are shared out over threads, each copying
//! the prepared game once (no pack parsed again). Results come back in grid order whatever the
//! number of threads; a sampled point's chunks are seeded by their index, so sampled
//! sweeps too give the same answer on any number of threads.

use serde::Serialize;

use super::scenario::{Prepared, Refused, Scenario, StatSetting};
use super::{Measure, Options, Report, analyze_prepared, exact_report};

/// Runs past which an exact sweep is spread over threads. A thread costs a
/// copy of the prepared game and a heap of its own: about a millisecond, as much as some
/// thousands of runs (a sweep of 9 points at 220 runs each took as long on 2 threads as on
/// one; 54 points took 25.5 ms instead of 34).
const SPREAD_RUNS: u64 = 4_000;

/// One input of a sweep and the values it takes: `Bandit's Defense` 8..16.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Axis {
    /// The actor.
    pub actor: String,
    /// The stat or resource.
    pub name: String,
    /// The values, in order.
    pub values: Vec<i64>,
}

impl Axis {
    /// Reads `Bandit's Defense` and `8..16` (inclusive; a single number is one
    /// value; `8..16/2` steps by 2).
    ///
    /// ```
    /// use mythforge::analyze::Axis;
    /// let axis = Axis::parse("Bandit's Defense", "8..12/2").unwrap();
    /// assert_eq!(axis.values, [8, 10, 12]);
    /// assert!(Axis::parse("Ana's Speed", "5..1").is_err());
    /// ```
    pub fn parse(target: &str, range: &str) -> Result<Axis, String> {
        let input = StatSetting::parse(target, 0)?;
        let (range, step) = match range.split_once('/') {
            Some((range, step)) => {
                let step: i64 = step.trim().parse().map_err(|_| format!("`{step}` is no step"))?;
                (range, step)
            }
            None => (range, 1),
        };
        let number = |text: &str| -> Result<i64, String> {
            text.trim().parse().map_err(|_| format!("`{text}` is not a whole number"))
        };
        let (low, high) = match range.split_once("..") {
            Some((low, high)) => (number(low)?, number(high.trim_start_matches('='))?),
            None => (number(range)?, number(range)?),
        };
        if high < low {
            return Err(format!("the range {low}..{high} is empty: write the low end first"));
        }
        if step < 1 {
            return Err("the step must be at least 1".into());
        }
        let count = (high - low) / step + 1;
        if count > 1000 {
            return Err(format!("{count} values is too many for one axis (at most 1000)"));
        }
        let values = (0..count).map(|k| low + k * step).collect();
        Ok(Axis { actor: input.actor, name: input.name, values })
    }

    /// `Bandit's Defense`.
    pub fn label(&self) -> String {
        format!("{}'s {}", self.actor, self.name)
    }
}

/// One point of a sweep: the inputs' values and the analysis there.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepPoint {
    /// One value per axis.
    pub values: Vec<i64>,
    /// The analysis at that point.
    pub report: Report,
}

/// A whole sweep: the axes and every point, the first axis varying slowest.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sweep {
    /// The inputs varied.
    pub axes: Vec<Axis>,
    /// Every point, in grid order.
    pub points: Vec<SweepPoint>,
}

/// Analyses `scenario` at every point of the grid `axes` spans, with the `fixed` inputs
/// set at every point first.
pub fn sweep(
    scenario: &Scenario,
    fixed: &[StatSetting],
    axes: &[Axis],
    options: &Options,
) -> Result<Sweep, Refused> {
    let mut grid: Vec<Vec<i64>> = vec![Vec::new()];
    for axis in axes {
        grid = grid
            .into_iter()
            .flat_map(|prefix| {
                axis.values.iter().map(move |value| {
                    let mut point = prefix.clone();
                    point.push(*value);
                    point
                })
            })
            .collect();
    }
    let inputs_at = |values: &[i64]| -> Vec<StatSetting> {
        let varied = axes.iter().zip(values).map(|(axis, value)| StatSetting {
            actor: axis.actor.clone(),
            name: axis.name.clone(),
            value: *value,
        });
        fixed.iter().cloned().chain(varied).collect()
    };
    // With fewer points than threads, each point samples on its share of the spare ones
    // (chunks are seeded by their index, so the estimate is the same on any number of
    // threads).
    let inner = Options {
        threads: (options.threads / options.threads.clamp(1, grid.len())).max(1),
        ..options.clone()
    };
    let base = scenario.prepare(options.seed)?;
    let analyse = |base: &Prepared,
                   values: &[i64],
                   again: &(dyn Fn() -> Result<Prepared, Refused> + Sync)| {
        let varied = base.with_inputs(&inputs_at(values))?;
        let again_varied = || again()?.with_inputs(&inputs_at(values));
        let report = analyze_prepared(&varied, &again_varied, &inner)?;
        Ok(SweepPoint { values: values.to_vec(), report })
    };
    // The two ends of the grid are explored here within what a thread costs (a point's
    // cost grows along an axis that grows a pool, so both ends are asked): when both are
    // exact and the other points would take no more than the dearer end each, the sweep
    // stays on this thread; else every point not done yet is shared out.
    let probe = |index: usize| -> Result<Option<SweepPoint>, Refused> {
        if options.sample {
            return Ok(None);
        }
        let varied = base.with_inputs(&inputs_at(&grid[index]))?;
        let report = exact_report(&varied, SPREAD_RUNS.min(options.budget)).ok();
        Ok(report.map(|report| SweepPoint { values: grid[index].clone(), report }))
    };
    let last = grid.len() - 1;
    let mut done: Vec<(usize, SweepPoint)> = Vec::new();
    if let Some(first) = probe(0)? {
        done.push((0, first));
        if last > 0
            && let Some(end) = probe(last)?
        {
            done.push((last, end));
        }
    }
    let dearest = done.iter().map(|(_, point)| point.report.runs).max().unwrap_or(0);
    let left = grid.len() - done.len();
    let stay =
        done.len() == grid.len().min(2) && dearest.saturating_mul(left as u64) <= SPREAD_RUNS;
    let threads = if stay { 1 } else { options.threads.clamp(1, left.max(1)) };
    // Other threads copy the prepared game rather than prepare it again (no parsing or
    // checking of the pack per thread).
    let shared = (threads > 1).then(|| base.shared());
    let again = || match &shared {
        Some(shared) => Ok(shared.prepared()),
        None => scenario.prepare(options.seed),
    };
    // Thread t takes the points not done yet whose index is t modulo the thread count.
    let share = |own: &Prepared, thread: usize| -> Result<Vec<(usize, SweepPoint)>, Refused> {
        (0..grid.len())
            .filter(|index| index % threads == thread && !done.iter().any(|(at, _)| at == index))
            .map(|index| Ok((index, analyse(own, &grid[index], &again)?)))
            .collect()
    };
    let shares: Vec<Result<Vec<(usize, SweepPoint)>, Refused>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads)
            .map(|thread| {
                let (share, again) = (&share, &again);
                scope.spawn(move || share(&again()?, thread))
            })
            .collect();
        std::iter::once(share(&base, 0))
            .chain(handles.into_iter().map(|h| h.join().expect("a sweep thread panicked")))
            .collect()
    });
    let mut indexed = Vec::with_capacity(grid.len());
    indexed.extend(done);
    for share in shares {
        indexed.extend(share?);
    }
    indexed.sort_by_key(|(index, _)| *index);
    let mut points: Vec<SweepPoint> = indexed.into_iter().map(|(_, point)| point).collect();
    // A measure that never changed at some points is left out there: put it back as it
    // was (damage 0, HP as set), so every row has every column.
    let every: Vec<Measure> = points.iter().flat_map(|p| p.report.measures.clone()).collect();
    for point in &mut points {
        let game = base.with_inputs(&inputs_at(&point.values))?.game;
        point.report.fill_unchanged(&game, &every);
    }
    Ok(Sweep { axes: axes.to_vec(), points })
}
