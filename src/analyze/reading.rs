//! What one way of running the question produced, read from the game: per command, the
//! checks rolled (their grade or result), the damage each actor took and whether the command
//! was refused; at the end, every actor's resources and conditions and the world's pools.
//! Read from the engine's event log and world only — the same facts the transcript shows.

use std::collections::BTreeMap;

use crate::engine::{CheckResult, Event, Side};
use crate::model::{BlockBody, SystemLine};
use crate::runtime::Game;

/// What one command produced in one way of running it.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct StepReading {
    /// The refusal's message, when the command was refused (it then changed nothing).
    pub refused: Option<String>,
    /// Per check logged, in order: who rolled, the outcome as a number, and its label.
    pub checks: Vec<(String, i64, Option<String>)>,
    /// Damage taken per actor (summed over the command's damage events).
    pub damage: BTreeMap<String, i64>,
    /// Per actor, the resources damage went into.
    pub damaged: Vec<(String, String)>,
    /// The total of a `roll`.
    pub roll: Option<i64>,
}

/// The grade labels of the system (`Grades: 0 Fail, 1 Low, ...`), by grade.
pub(crate) fn grade_labels(game: &Game) -> BTreeMap<u32, String> {
    let mut labels = BTreeMap::new();
    for block in game.pack().blocks() {
        if let BlockBody::System(lines) = &block.node.body {
            for line in lines {
                if let SystemLine::Grades(grades) = &line.node {
                    for grade in grades {
                        labels.insert(grade.node.grade, grade.node.label.node.as_str().to_string());
                    }
                }
            }
        }
    }
    labels
}

/// Reads the events logged since `mark`.
pub(crate) fn read_step(game: &Game, mark: usize, labels: &BTreeMap<u32, String>) -> StepReading {
    let mut reading = StepReading::default();
    for event in (mark..game.log().len()).filter_map(|index| game.log().get(index)) {
        match event {
            Event::Check { actor, result, .. } => {
                let who = actor.as_ref().map_or_else(|| "check".to_string(), |a| a.to_string());
                let (value, label) = check_outcome(result, labels);
                reading.checks.push((who, value, label));
            }
            Event::Damage { actor, into, steps, .. } => {
                *reading.damage.entry(actor.to_string()).or_insert(0) += steps.total;
                let pair = (actor.to_string(), into.to_string());
                if !reading.damaged.contains(&pair) {
                    reading.damaged.push(pair);
                }
            }
            _ => {}
        }
    }
    reading
}

/// A check's outcome as one number with its label: the grade (pool, scripted), the
/// success number (roll under), the successes (success pool), 0 miss / 1 hit / 2 critical
/// (roll plus modifier), the margin from the attacker's side (versus).
fn check_outcome(result: &CheckResult, labels: &BTreeMap<u32, String>) -> (i64, Option<String>) {
    match result {
        CheckResult::Pool { grade, .. } | CheckResult::Scripted { grade, .. } => {
            (i64::from(*grade), labels.get(grade).cloned())
        }
        CheckResult::RollUnder { success_number, succeeded, .. } => {
            let label = if *succeeded { "success" } else { "failure" };
            (*success_number, Some(label.to_string()))
        }
        CheckResult::SuccessPool { successes, automatic, succeeded } => {
            let label = succeeded.map(|s| if s { "success" } else { "failure" }.to_string());
            (i64::from(*successes) + i64::from(*automatic), label)
        }
        CheckResult::Modified { success, critical, .. } => match (success, critical) {
            (true, true) => (2, Some("critical".to_string())),
            (true, false) => (1, Some("hit".to_string())),
            _ => (0, Some("miss".to_string())),
        },
        CheckResult::Versus { margin, winner, .. } => {
            let (signed, label) = match winner {
                Some(Side::Attacker) => (margin.abs(), "attacker wins"),
                Some(Side::Defender) => (-margin.abs(), "defender wins"),
                None => (0, "tie"),
            };
            (signed, Some(label.to_string()))
        }
    }
}
