//! What one way of running the question produced, read from the game: per command, the
//! checks rolled (their grade or result), the damage each actor took and whether the command
//! was refused; at the end, every actor's resources and conditions and the world's pools.
//! Read from the engine's event log and world only — the same facts the transcript shows.

use std::collections::BTreeMap;

use super::command::Planned;
use crate::engine::{CheckResult, Event, Side};
use crate::model::{BlockBody, PowerLine};
use crate::runtime::Game;

/// What one command produced in one way of running it.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct StepReading {
    /// The refusal's message, when the command was refused (it then changed nothing).
    pub refused: Option<String>,
    /// Per check logged, in order: who rolled, the outcome as a number, and its label.
    pub checks: Vec<(String, i64, Option<String>)>,
    /// Damage taken per actor (summed over the command's damage events), sorted by actor:
    /// it orders and compares as the `BTreeMap` it stands for.
    pub damage: Vec<(String, i64)>,
    /// Per actor, the resources damage went into.
    pub damaged: Vec<(String, String)>,
    /// The total of a `roll`.
    pub roll: Option<i64>,
}

/// The grade labels a command's checks are read with, by grade: the system's `Grades:`
/// line (`Grades: 0 Fail, 1 Low, ...`), and over it, for a power, the `Grades:` line of the
/// procedure it checks with — the labels its `Result <Label>:` gates read
/// ([`crate::model::procedure::gate_grade`]).
pub(crate) fn grade_labels(game: &Game, planned: &Planned) -> BTreeMap<u32, String> {
    let pack = game.pack();
    let mut labels: BTreeMap<u32, String> = pack
        .grade_labels()
        .map(|grade| (grade.grade, grade.label.node.as_str().to_string()))
        .collect();
    let Planned::Power(power_use) = planned else { return labels };
    let power = pack.blocks().find(|block| {
        matches!(block.node.body, BlockBody::Power(_))
            && block.node.name.node.matches(&power_use.power)
    });
    let Some(BlockBody::Power(lines)) = power.map(|block| &block.node.body) else { return labels };
    if let Some(procedure) = PowerLine::check_of(lines).and_then(|spec| pack.check_procedure(spec))
    {
        for grade in procedure.grades {
            labels.insert(grade.node.grade, grade.node.label.node.as_str().to_string());
        }
    }
    labels
}

/// Reads the events logged since `mark` into `reading`, reusing its lists and their strings: a sampler reads the
/// same command a million times, and the readings mostly repeat.
pub(crate) fn read_step_into(
    game: &Game,
    mark: usize,
    labels: &BTreeMap<u32, String>,
    reading: &mut StepReading,
) {
    reading.refused = None;
    reading.roll = None;
    let (mut checks, mut damage, mut damaged) = (0, 0, 0);
    for event in (mark..game.log().len()).filter_map(|index| game.log().get(index)) {
        match event {
            Event::Check { actor, result, .. } => {
                let who = actor.as_ref().map_or("check", |a| a.as_str());
                let (value, label) = check_outcome(result, labels);
                if checks == reading.checks.len() {
                    reading.checks.push(Default::default());
                }
                let entry = &mut reading.checks[checks];
                set(&mut entry.0, who);
                entry.1 = value;
                match (label, &mut entry.2) {
                    (Some(label), Some(held)) => set(held, label),
                    (label, held) => *held = label.map(str::to_string),
                }
                checks += 1;
            }
            Event::Damage { actor, into, steps, .. } => {
                let (actor, into) = (actor.as_str(), into.as_str());
                let used = &mut reading.damage[..damage];
                match used.binary_search_by(|(name, _)| name.as_str().cmp(actor)) {
                    Ok(at) => used[at].1 += steps.total,
                    Err(at) => {
                        if damage == reading.damage.len() {
                            reading.damage.push(Default::default());
                        }
                        // The spare entry at `damage` moves into place, its string reused.
                        reading.damage[at..=damage].rotate_right(1);
                        set(&mut reading.damage[at].0, actor);
                        reading.damage[at].1 = steps.total;
                        damage += 1;
                    }
                }
                let seen = reading.damaged[..damaged].iter().any(|(a, r)| a == actor && r == into);
                if !seen {
                    if damaged == reading.damaged.len() {
                        reading.damaged.push(Default::default());
                    }
                    let pair = &mut reading.damaged[damaged];
                    set(&mut pair.0, actor);
                    set(&mut pair.1, into);
                    damaged += 1;
                }
            }
            _ => {}
        }
    }
    reading.checks.truncate(checks);
    reading.damage.truncate(damage);
    reading.damaged.truncate(damaged);
}

/// Makes `held` read `text`, keeping its buffer.
fn set(held: &mut String, text: &str) {
    if held != text {
        held.clear();
        held.push_str(text);
    }
}

/// A check's outcome as one number with its label: the grade (pool, scripted), the
/// success number (roll under), the successes (success pool), 0 miss / 1 hit / 2 critical
/// (roll plus modifier), the margin from the attacker's side (versus).
fn check_outcome<'a>(
    result: &CheckResult,
    labels: &'a BTreeMap<u32, String>,
) -> (i64, Option<&'a str>) {
    match result {
        CheckResult::Pool { grade, .. } | CheckResult::Scripted { grade, .. } => {
            (i64::from(*grade), labels.get(grade).map(String::as_str))
        }
        CheckResult::RollUnder { success_number, succeeded, .. } => {
            let label = if *succeeded { "success" } else { "failure" };
            (*success_number, Some(label))
        }
        CheckResult::SuccessPool { successes, automatic, succeeded } => {
            let label = succeeded.map(|s| if s { "success" } else { "failure" });
            (i64::from(*successes) + i64::from(*automatic), label)
        }
        CheckResult::Modified { success, critical, .. } => match (success, critical) {
            (true, true) => (2, Some("critical")),
            (true, false) => (1, Some("hit")),
            _ => (0, Some("miss")),
        },
        CheckResult::Versus { margin, winner, .. } => {
            let (signed, label) = match winner {
                Some(Side::Attacker) => (margin.abs(), "attacker wins"),
                Some(Side::Defender) => (-margin.abs(), "defender wins"),
                None => (0, "tie"),
            };
            (signed, Some(label))
        }
    }
}
