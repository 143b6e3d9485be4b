//! Exact odds of rules. A question — session commands such as
//! `Hero uses Heavy Strike on Bandit with weapon Longsword` — is run with
//! the game's own rules (the runtime the REPL runs), its dice explored instead of sampled:
//! every way they can fall is tried once, weighted by its probability, and equal states
//! merge between commands. What the question changes (check grades, damage, resources,
//! conditions, refusals) comes back as exact distributions in a [`Report`]. When exploring
//! would take more runs than the budget, the question is sampled with seeded dice instead,
//! and the report says so (`exact: false`, the sample size, 95% intervals).
//!
//! Sweeps ([`sweep`]) repeat an analysis over inputs (`Bandit's Defense` from 8 to
//! 16); comparisons are two scenarios (two rule versions, two policies) analysed alike.
//! Nothing here prints: [`render`] turns reports into text, CSV and terminal charts.
//!
//! ```
//! use mythforge::analyze::{Options, Scenario, analyze};
//! // A whole small game, defined inline: 3d10 + Attack 6 against Defense 12.
//! let setup = "\
//! check Roll\n\
//! Method: pool\n\
//! Dice: 3d10\n\
//! Modifier: each die\n\
//! Success: >= [Threshold]\n\
//! Grades: 0 Miss, 1 Hit, 2 Strong, 3 Crushing\n\
//! \n\
//! system Duel\n\
//! Stats: Attack, Defense\n\
//! Resource HP: max 20\n\
//! Default check: Roll\n\
//! \n\
//! power Strike\n\
//! Target: Enemy in 1\n\
//! Threshold: Target's Defense\n\
//! Check: [Attack]\n\
//! Result: [Grade] damage\n\
//! \n\
//! actor Hero with Attack 6, Defense 10, HP 20\n\
//! actor Bandit with Attack 0, Defense 12, HP 20\n\
//! grant power Strike to Hero\n\
//! ";
//! let scenario = Scenario {
//!     setup: setup.into(),
//!     question: "Hero uses Strike on Bandit".into(),
//!     ..Scenario::default()
//! };
//! let report = analyze(&scenario, &Options::default()).unwrap();
//! assert!(report.exact);
//! let check = report.measure("Hero's check").unwrap();
//! // Each die of 3d10 + 6 meets Defense 12 half the time: three of them, one time in eight.
//! assert!((check.p(3) - 0.125).abs() < 1e-12);
//! ```

mod command;
mod distinct;
mod explore;
mod memo;
mod reading;
pub mod render;
mod report;
mod sample;
mod scenario;
#[cfg(feature = "svg")]
pub mod svg;
mod sweep;

pub use report::{Measure, MeasureKind, MeasureOutcome, Report};
pub use scenario::{Prepared, Refused, Scenario, StatSetting};
pub use sweep::{Axis, Sweep, SweepPoint, sweep};

/// How an analysis may spend its work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Most command runs spent exploring before sampling instead.
    pub budget: u64,
    /// How many times the question is sampled when it is not explored.
    pub samples: u64,
    /// The seed of the samples (and of the setup's own dice).
    pub seed: u64,
    /// Threads sampling and sweeps may use (the results never depend on it).
    pub threads: usize,
    /// Sample even when exploring would fit the budget (to compare the two).
    pub sample: bool,
    /// Most bytes (about) each sampling thread's dice-path memo may hold: samples whose
    /// dice repeat a path already run are read from it instead of running the rules again.
    /// The estimate never depends on it; 0 turns the memo off.
    pub memo: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            budget: 250_000,
            samples: 100_000,
            seed: 1,
            threads: 1,
            sample: false,
            memo: memo::MEMO_BYTES,
        }
    }
}

impl Options {
    /// The defaults with every core the machine offers.
    pub fn all_cores() -> Self {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Options { threads, ..Options::default() }
    }
}

/// A session's `analyze [N times] COMMAND`: the exact odds (or, past the default budget, a
/// seeded estimate from the game's own seed) of `request` from `game` as it stands, on one
/// thread; `game` is not touched.
pub fn analyze_game(
    game: &crate::runtime::Game,
    request: &crate::session::AnalyzeCommand,
    policies: &crate::engine::PolicyDecider,
) -> Result<Report, Vec<crate::diagnostics::Diagnostic>> {
    let question = vec![((*request.question).clone(), request.text.clone())];
    let prepared = Prepared::of_game(game.clone(), question, request.times, policies.clone())?;
    let options = Options { seed: game.world().roller.seed(), ..Options::default() };
    // One thread: `again` is never called.
    let again = || Err(Refused { diagnostics: Vec::new(), sources: Default::default() });
    analyze_prepared(&prepared, &again, &options).map_err(|refused| refused.diagnostics)
}

/// Analyses `scenario`: prepares it (runs the setup), then explores or samples it.
pub fn analyze(scenario: &Scenario, options: &Options) -> Result<Report, Refused> {
    let prepared = scenario.prepare(options.seed)?;
    // Sampling threads copy the prepared game rather than prepare it again.
    let shared = (options.threads > 1).then(|| prepared.shared());
    let again = || match &shared {
        Some(shared) => Ok(shared.prepared()),
        None => scenario.prepare(options.seed),
    };
    analyze_prepared(&prepared, &again, options)
}

/// The exact report of a prepared scenario, or [`explore::Beyond`] when exploring it would
/// take more than `budget` runs.
pub(crate) fn exact_report(prepared: &Prepared, budget: u64) -> Result<Report, explore::Beyond> {
    let explored = explore::explore(prepared, budget)?;
    let question: Vec<String> = prepared.commands.iter().map(|(_, text)| text.clone()).collect();
    let mut notes = Vec::new();
    if explored.truncated > 0.0 {
        notes.push(format!(
            "paths less likely than {:e} were cut off (an explosion's far tail): {:.3e} of \
             the probability in all",
            explore::TAIL,
            explored.truncated
        ));
    }
    Ok(Report {
        question,
        exact: true,
        runs: explored.runs,
        samples: None,
        seed: None,
        leaves: Some(explored.leaves),
        truncated: explored.truncated,
        measures: explored.tally.report(&prepared.game, prepared.commands.len(), None),
        notes,
    })
}

/// Analyses a prepared scenario; `again` prepares another copy for a sampling thread.
pub fn analyze_prepared(
    prepared: &Prepared,
    again: &(dyn Fn() -> Result<Prepared, Refused> + Sync),
    options: &Options,
) -> Result<Report, Refused> {
    let mut notes = Vec::new();
    if !options.sample {
        match exact_report(prepared, options.budget) {
            Ok(report) => return Ok(report),
            Err(beyond) => notes.push(format!(
                "exploring every roll needs more than {} runs (the budget); estimated from {} \
                 seeded samples instead",
                beyond.runs - 1,
                options.samples
            )),
        }
    }
    let question: Vec<String> = prepared.commands.iter().map(|(_, text)| text.clone()).collect();
    let commands = prepared.commands.len();
    let samples = options.samples.max(1);
    let (tally, runs) =
        sample::sample(prepared, again, samples, options.seed, options.threads, options.memo)?;
    Ok(Report {
        question,
        exact: false,
        runs,
        samples: Some(samples),
        seed: Some(options.seed),
        leaves: None,
        truncated: 0.0,
        measures: tally.report(&prepared.game, commands, Some(samples)),
        notes,
    })
}
