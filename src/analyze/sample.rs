//! The honest fallback: when exploring every way the dice fall would take more runs than
//! the budget allows, the question is run many times with seeded dice and the readings are
//! counted. The samples are split into fixed chunks, each with its own seed, so the same
//! seed gives the same estimate on any number of threads; chunks run on every core.

use std::collections::BTreeMap;

use super::command;
use super::reading::{StepReading, grade_labels, read_step};
use super::report::Tally;
use super::scenario::{Prepared, Refused, apply_policy};
use crate::dice::Roller;
use crate::session::Command;

/// Samples per chunk: the unit of work a thread takes, and of seeding.
pub(crate) const CHUNK: u64 = 4096;

/// The seed of chunk `index` of an estimate seeded with `seed`.
fn chunk_seed(seed: u64, index: u64) -> u64 {
    // SplitMix64's increment keeps neighbouring chunks' streams unrelated.
    seed.wrapping_add(index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Runs the question for `chunks` of the `samples` from `prepared` with dice seeded from
/// `seed`; returns the tally (each sample weighing 1: counts, whose sums are exact in any
/// order, so merging chunks from any number of threads gives the same numbers) and the
/// commands run.
pub(crate) fn sample_chunks(
    prepared: &Prepared,
    chunks: std::ops::Range<u64>,
    samples: u64,
    seed: u64,
) -> (Tally, u64) {
    let labels = grade_labels(&prepared.game);
    let weight = 1.0;
    let mut tally = Tally::default();
    let mut runs = 0;
    let mut game = prepared.game.clone();
    for chunk in chunks {
        let count = CHUNK.min(samples - chunk * CHUNK);
        game.world_mut().roller = Roller::new(chunk_seed(seed, chunk));
        for _ in 0..count {
            let mut policies = prepared.policies.clone();
            let mut undo = Vec::with_capacity(prepared.commands.len());
            let mut damage: BTreeMap<String, i64> = BTreeMap::new();
            for (step, ((located, _), planned)) in
                prepared.commands.iter().zip(&prepared.plans).enumerate()
            {
                if let Command::Policy { decision, policy } = &located.command {
                    if let Ok(changed) = apply_policy(policies.clone(), decision, policy) {
                        policies = changed;
                    }
                    tally.add_step(step, &StepReading::default(), weight);
                    continue;
                }
                runs += 1;
                let mark = game.mark();
                let mut decider = policies.clone();
                let reading = match command::run(&mut game, planned, &mut decider) {
                    Ok(ran) => {
                        let mut reading = read_step(&game, mark, &labels);
                        reading.roll = ran.roll;
                        undo.push(ran);
                        reading
                    }
                    Err(diagnostics) => StepReading {
                        refused: Some(
                            diagnostics.first().map_or_else(String::new, |d| d.message.clone()),
                        ),
                        ..StepReading::default()
                    },
                };
                for (actor, amount) in &reading.damage {
                    *damage.entry(actor.clone()).or_insert(0) += amount;
                }
                tally.add_step(step, &reading, weight);
            }
            tally.add_end(&game, &damage, weight);
            // Back to the start for the next sample, keeping the stream where it is.
            for ran in undo.into_iter().rev() {
                ran.undo_keeping_dice(&mut game);
            }
        }
    }
    (tally, runs)
}

/// Samples the question `samples` times on up to `threads` threads; every thread but the
/// first gets its own copy of the game from `again` (games hold single-threaded script
/// engines, so each thread compiles its own).
/// Same seed, same tally, whatever the number of threads.
pub(crate) fn sample(
    prepared: &Prepared,
    again: &(dyn Fn() -> Result<Prepared, Refused> + Sync),
    samples: u64,
    seed: u64,
    threads: usize,
) -> Result<(Tally, u64), Refused> {
    let chunks = samples.div_ceil(CHUNK);
    let threads = (threads.max(1) as u64).min(chunks).max(1);
    if threads == 1 {
        return Ok(sample_chunks(prepared, 0..chunks, samples, seed));
    }
    // Contiguous ranges of chunks per thread, merged in chunk order.
    let per_thread = chunks.div_ceil(threads);
    let ranges: Vec<std::ops::Range<u64>> = (0..threads)
        .map(|t| t * per_thread..((t + 1) * per_thread).min(chunks))
        .filter(|r| !r.is_empty())
        .collect();
    let (first, others) = ranges.split_first().expect("at least one range");
    let results: Vec<Result<(Tally, u64), Refused>> = std::thread::scope(|scope| {
        let handles: Vec<_> = others
            .iter()
            .map(|range| {
                let range = range.clone();
                scope.spawn(move || {
                    let own = again()?;
                    Ok(sample_chunks(&own, range, samples, seed))
                })
            })
            .collect();
        let mine = Ok(sample_chunks(prepared, first.clone(), samples, seed));
        std::iter::once(mine)
            .chain(handles.into_iter().map(|h| h.join().expect("a sampling thread panicked")))
            .collect()
    });
    let mut tally = Tally::default();
    let mut runs = 0;
    for result in results {
        let (part, part_runs) = result?;
        tally.merge(part);
        runs += part_runs;
    }
    Ok((tally, runs))
}
