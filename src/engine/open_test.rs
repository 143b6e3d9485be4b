//! A test in progress: a success pool rolled and left open so later steps can add to it
//! (chunks of extra dice bought from a resource, helpers' pooled successes, an opponent's
//! dice raising the successes needed) before it settles. It lives in the world beside the
//! encounter, not on an actor, so undo, save and restore carry it.

use serde::{Deserialize, Serialize};

/// The open (or last settled) test of a world.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenTest {
    /// Who makes the test.
    pub actor: String,
    /// The check procedure it follows.
    pub procedure: String,
    /// The stats the test reads, in the order written (helpers roll the same).
    pub stats: Vec<String>,
    /// The numbers written with the stats (`Strength + 1`).
    pub bonus: i64,
    /// The stats' values added up when the test opened, bound as `Rating` (a chunk's limit
    /// reads it).
    pub rating: i64,
    /// Successes needed so far (raised by opposing dice and blunders).
    pub need: i64,
    /// Successes so far (ease, the roll, helpers, chunks).
    pub successes: i64,
    /// Automatic successes counted at the start.
    pub ease: i64,
    /// Chunks added so far.
    pub chunks: u32,
    /// Who helped, in order.
    pub helpers: Vec<String>,
    /// True once the test has settled: nothing more may be added.
    pub settled: bool,
    /// The effects groups run `at most once per test` so far (`do Advance at most once per
    /// test`), by their declared names.
    #[serde(default)]
    pub once: Vec<String>,
    /// The kind of test (`as Contest`): its procedure's `Outcomes Contest:` line names the
    /// outcome it settles into.
    #[serde(default)]
    pub kind: Option<String>,
    /// The named outcome it settled into (`Stalemate`), once settled as a kind of test.
    #[serde(default)]
    pub outcome: Option<String>,
}

impl OpenTest {
    /// `Hero's test: 3 successes of 4 needed`.
    pub fn summary(&self) -> String {
        format!("{}'s test: {}", self.actor, self.standing())
    }

    /// `3 successes of 4 needed`.
    pub fn standing(&self) -> String {
        format!("{} of {} needed", successes(self.successes), self.need)
    }
}

/// `1 success`, `3 successes`.
pub fn successes(count: i64) -> String {
    format!("{count} success{}", if count == 1 { "" } else { "es" })
}
