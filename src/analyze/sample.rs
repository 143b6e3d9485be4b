//! The honest fallback: when exploring every way the dice fall would take more runs than
//! the budget allows, the question is run many times with seeded dice and the readings are
//! counted. The samples are split into fixed chunks, each with its own seed, so the same
//! seed gives the same estimate on any number of threads; chunks run on every core. A
//! sample whose dice repeat a path already run is read from a dice-path memo ([`Memo`])
//! instead of running the engine again.

use super::command;
use super::memo::Memo;
use super::reading::{StepReading, grade_labels, read_step_into};
use super::report::{EndReading, Tally};
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
/// commands run. Samples whose dice drew a path already run are read from a dice-path
/// memo of at most `memo` bytes ([`Memo`]; 0 runs every sample through the engine): the
/// tally is the same either way.
pub(crate) fn sample_chunks(
    prepared: &Prepared,
    chunks: std::ops::Range<u64>,
    samples: u64,
    seed: u64,
    memo: usize,
) -> (Tally, u64) {
    let labels: Vec<_> =
        prepared.plans.iter().map(|planned| grade_labels(&prepared.game, planned)).collect();
    let mut tally = Tally::default();
    let mut memo = Memo::new(memo);
    let mut runs = 0;
    let mut game = prepared.game.clone();
    // Buffers kept from sample to sample: one reading per command, the commands to take
    // back, the damage per actor over the question (entries past `hit` are spares), the
    // end reading and the draws recorded.
    let mut readings = vec![StepReading::default(); prepared.commands.len()];
    let mut undo = Vec::with_capacity(prepared.commands.len());
    let mut damage: Vec<(String, i64)> = Vec::new();
    let mut end = EndReading::default();
    let mut draws = Vec::new();
    let has_policies =
        prepared.commands.iter().any(|(c, _)| matches!(c.command, Command::Policy { .. }));
    // Commands run per sample: all but the policy changes.
    let per_sample = prepared
        .commands
        .iter()
        .filter(|(c, _)| !matches!(c.command, Command::Policy { .. }))
        .count() as u64;
    for chunk in chunks {
        let count = CHUNK.min(samples - chunk * CHUNK);
        game.world_mut().roller = Roller::new(chunk_seed(seed, chunk));
        for _ in 0..count {
            let roller = &mut game.world_mut().roller;
            // A memo stands for dice drawn from the stream only.
            let free = roller.draws_freely();
            if free && memo.walking() {
                let start = roller.position();
                if memo.walk(roller) {
                    runs += per_sample;
                    continue;
                }
                roller.seek(start);
            }
            let recording = free && memo.recording();
            if recording {
                roller.start_recording(std::mem::take(&mut draws));
            }
            // A question without `policy` commands answers every decision as prepared.
            let mut policies = has_policies.then(|| prepared.policies.clone());
            let mut hit = 0;
            let mut refused = false;
            for (step, ((located, _), planned)) in
                prepared.commands.iter().zip(&prepared.plans).enumerate()
            {
                let reading = &mut readings[step];
                if let Command::Policy { decision, policy } = &located.command {
                    let current = policies.take().unwrap_or_else(|| prepared.policies.clone());
                    policies = Some(match apply_policy(current.clone(), decision, policy) {
                        Ok(changed) => changed,
                        Err(_) => current,
                    });
                    continue;
                }
                runs += 1;
                let mark = game.mark();
                let mut decider = policies.as_ref().unwrap_or(&prepared.policies).clone();
                match command::run(&mut game, planned, &mut decider) {
                    Ok(ran) => {
                        read_step_into(&game, mark, &labels[step], reading);
                        reading.roll = ran.roll;
                        undo.push(ran);
                    }
                    Err(diagnostics) => {
                        // A refused command takes its dice back: the draws no longer
                        // tell this sample's path.
                        refused = true;
                        *reading = StepReading {
                            refused: Some(
                                diagnostics.first().map_or_else(String::new, |d| d.message.clone()),
                            ),
                            ..StepReading::default()
                        }
                    }
                };
                for (actor, amount) in &reading.damage {
                    add_damage(&mut damage, &mut hit, actor, *amount);
                }
            }
            let taken = &damage[..hit];
            let damage_of = |name: &str| {
                taken.iter().find(|(actor, _)| actor == name).map(|(_, amount)| *amount)
            };
            tally.read_end(&game, &damage_of, &mut end);
            let recorded = if recording { game.world_mut().roller.stop_recording() } else { None };
            let kept = match recorded {
                Some((log, whole)) => {
                    let kept = whole && !refused && memo.insert(&log, &readings, &end);
                    draws = log;
                    kept
                }
                None => false,
            };
            if !kept {
                for (step, reading) in readings.iter().enumerate() {
                    tally.add_step(step, reading, 1.0);
                }
                tally.add_read_end(&end, 1.0);
            }
            // Back to the start for the next sample, keeping the stream where it is.
            for ran in undo.drain(..).rev() {
                ran.undo_keeping_dice(&mut game);
            }
        }
    }
    memo.flush(&mut tally);
    (tally, runs)
}

/// Adds `amount` to `actor`'s entry among the first `hit` of `damage`, or makes one (from
/// a spare entry when there is one, keeping its string's buffer).
fn add_damage(damage: &mut Vec<(String, i64)>, hit: &mut usize, actor: &str, amount: i64) {
    if let Some(entry) = damage[..*hit].iter_mut().find(|(name, _)| name == actor) {
        entry.1 += amount;
        return;
    }
    if *hit == damage.len() {
        damage.push(Default::default());
    }
    let entry = &mut damage[*hit];
    entry.0.clear();
    entry.0.push_str(actor);
    entry.1 = amount;
    *hit += 1;
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
    memo: usize,
) -> Result<(Tally, u64), Refused> {
    let chunks = samples.div_ceil(CHUNK);
    let threads = (threads.max(1) as u64).min(chunks).max(1);
    if threads == 1 {
        return Ok(sample_chunks(prepared, 0..chunks, samples, seed, memo));
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
                    Ok(sample_chunks(&own, range, samples, seed, memo))
                })
            })
            .collect();
        let mine = Ok(sample_chunks(prepared, first.clone(), samples, seed, memo));
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
