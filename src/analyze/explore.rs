//! Exact analysis: the question runs once per way its dice can fall. Each command of the
//! question is run with the roller in exploration mode from every state the previous
//! commands can leave. A run replays its path of choices; where it needs a die its path has
//! not chosen, it takes the die's first option and goes on, recording the branch point, so
//! every run reaches a leaf; each other option of each branch point it passed is a run still
//! to make, depth first, in the order of the faces. A run that finishes is a leaf: its
//! probability is the product of its choices'. Leaves that leave the world in the same
//! state (and have dealt the same damage so far) merge before the next command. Runs are
//! counted against a budget; past it the caller samples instead. Paths less likely than
//! [`TAIL`] (the far end of an explosion) are cut off and their probability reported.

use std::collections::BTreeMap;

use super::command::{self, Planned};
use super::reading::{StepReading, grade_labels, read_step_into};
use super::report::Tally;
use super::scenario::{Prepared, apply_policy};
use crate::dice::{Exploration, Sum};
use crate::engine::{PolicyDecider, World};
use crate::runtime::Game;
use crate::session::Command;

/// Paths less likely than this are not explored (an exploding die would go on forever);
/// what they would have carried is reported as truncated.
pub(crate) const TAIL: f64 = 1e-18;

/// The budget was spent before every run was explored.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Beyond {
    /// Runs made before giving up.
    pub runs: u64,
}

/// A state the question can reach, with its probability and the damage dealt so far.
struct Reached {
    game: Game,
    p: Sum,
    damage: BTreeMap<String, i64>,
    /// A cheap summary compared before the full state: the sum of every resource.
    summary: i64,
}

/// What exploring found: the tally, the runs made, the leaves of the last command and the
/// probability cut off in tails.
pub(crate) struct Explored {
    pub tally: Tally,
    pub runs: u64,
    pub leaves: usize,
    pub truncated: f64,
}

/// The exact tally of `prepared`'s question, or [`Beyond`] when more than `budget` runs
/// would be needed.
pub(crate) fn explore(prepared: &Prepared, budget: u64) -> Result<Explored, Beyond> {
    let labels: Vec<_> =
        prepared.plans.iter().map(|planned| grade_labels(&prepared.game, planned)).collect();
    let mut tally = Tally::default();
    let mut runs = 0u64;
    let mut policies = prepared.policies.clone();
    let mut one = Sum::default();
    one.add(1.0);
    let start = Reached {
        game: prepared.game.clone(),
        p: one,
        damage: BTreeMap::new(),
        summary: summary(prepared.game.world()),
    };
    let mut states = vec![start];
    let last = prepared.commands.len() - 1;
    let mut ends = 0usize;
    let mut truncated = Sum::default();
    for (step, ((located, _), planned)) in prepared.commands.iter().zip(&prepared.plans).enumerate()
    {
        if let Command::Policy { decision, policy } = &located.command {
            // A policy changes how later decisions are answered; the states stay as they are.
            if let Ok(changed) = apply_policy(policies.clone(), decision, policy) {
                policies = changed;
            }
            for state in &states {
                tally.add_step(step, &StepReading::default(), state.p.value());
                if step == last {
                    tally.add_end(
                        &state.game,
                        &|name| state.damage.get(name).copied(),
                        state.p.value(),
                    );
                    ends += 1;
                }
            }
            continue;
        }
        let mut next: Vec<Reached> = Vec::new();
        for mut state in states {
            let mut visit = |game: &mut Game, reading: &StepReading, p: f64| {
                tally.add_step(step, reading, p);
                if step == last {
                    let damage = |name: &str| damage_after(&state.damage, reading, name);
                    tally.add_end(game, &damage, p);
                    ends += 1;
                } else {
                    let mut damage = state.damage.clone();
                    for (actor, amount) in &reading.damage {
                        *damage.entry(actor.clone()).or_insert(0) += amount;
                    }
                    merge(&mut next, game, p, damage);
                }
            };
            let p = state.p.value();
            runs = explore_command(
                &mut state.game,
                planned,
                &policies,
                &labels[step],
                p,
                runs,
                budget,
                &mut truncated,
                &mut visit,
            )?;
        }
        states = next;
    }
    Ok(Explored { tally, runs, leaves: ends, truncated: truncated.value() })
}

/// The damage `name` took over the question: `before` the command plus what `reading`
/// dealt; `None` when neither holds a damage event for the actor.
fn damage_after(before: &BTreeMap<String, i64>, reading: &StepReading, name: &str) -> Option<i64> {
    let dealt = reading.damage.iter().find(|(actor, _)| actor == name).map(|(_, amount)| *amount);
    match (before.get(name).copied(), dealt) {
        (None, None) => None,
        (before, dealt) => Some(before.unwrap_or(0) + dealt.unwrap_or(0)),
    }
}

/// The runs still to make, depth first: each run's path of choices lies in one buffer,
/// after the paths of the runs below it on the stack, so a pop truncates the buffer and a
/// push appends to it — no allocation per run.
#[derive(Default)]
struct Runs {
    /// The paths, end to end.
    choices: Vec<u32>,
    /// Per run, where its path starts in `choices` and its probability.
    stack: Vec<(usize, f64)>,
}

impl Runs {
    /// Pushes the run that takes `option` after `prefix`, or counts its probability as
    /// truncated when it is below [`TAIL`].
    fn push(&mut self, truncated: &mut Sum, prefix: &[u32], option: u32, p: f64) {
        if p < TAIL {
            truncated.add(p);
            return;
        }
        self.stack.push((self.choices.len(), p));
        self.choices.extend_from_slice(prefix);
        self.choices.push(option);
    }

    /// Starts the run on top of the stack on `exploration`; false when none is left.
    fn pop_into(&mut self, exploration: &Exploration) -> bool {
        let Some((start, p)) = self.stack.pop() else { return false };
        exploration.restart(&self.choices[start..], p, TAIL);
        self.choices.truncate(start);
        true
    }
}

/// Explores one command from `game` (left as it was), calling `visit` for each leaf with
/// the game as the leaf left it, its reading and its probability (`p` times the leaf's).
#[allow(clippy::too_many_arguments)]
fn explore_command(
    game: &mut Game,
    command: &Planned,
    policies: &PolicyDecider,
    labels: &BTreeMap<u32, String>,
    p: f64,
    mut runs: u64,
    budget: u64,
    truncated: &mut Sum,
    visit: &mut dyn FnMut(&mut Game, &StepReading, f64),
) -> Result<u64, Beyond> {
    let mut pending = Runs::default();
    pending.stack.push((0, p));
    // One record for every run: each run restarts it on its own path.
    let exploration = Exploration::extending(Vec::new(), p, TAIL);
    // A policy answers from its table alone, so one copy serves every run.
    let mut decider = policies.clone();
    // An exploring run draws nothing from the dice stream; a power use with no forced faces
    // waiting leaves the roller as it was, so taking the run back need not rebuild it.
    let stream_untouched =
        matches!(command, Planned::Power(_)) && game.world().roller.draws_freely();
    let mut reading = StepReading::default();
    let mut options = Vec::new();
    while pending.pop_into(&exploration) {
        runs += 1;
        if runs > budget {
            return Err(Beyond { runs });
        }
        game.world_mut().roller.explore(Some(exploration.clone()));
        let mark = game.mark();
        let result = command::run(game, command, &mut decider);
        game.world_mut().roller.explore(None);
        // The run took the first option at each die its path had not chosen: the other
        // options of each are runs still to make. Pushed shallowest first and each point's
        // options in reverse, so the stack pops them in the order of the faces.
        exploration.read(|chosen, taken| {
            for taken in taken {
                taken.point.options_into(&mut options);
                for &(option, chance) in options.iter().skip(1).rev() {
                    pending.push(truncated, &chosen[..taken.at], option, taken.p * chance);
                }
            }
        });
        let take_back = |ran: command::Ran, game: &mut Game| {
            if stream_untouched {
                ran.undo_keeping_dice(game);
            } else {
                ran.undo(game);
            }
            game.world_mut().roller.explore(None);
        };
        if let Some(branch) = exploration.branch() {
            if let Ok(ran) = result {
                // The rules went on past a die that failed: take the command back.
                take_back(ran, game);
            }
            // The path became too unlikely to take a first option: every option is a run.
            let q = exploration.probability();
            branch.options_into(&mut options);
            exploration.read(|chosen, _| {
                for &(option, chance) in options.iter().rev() {
                    pending.push(truncated, chosen, option, q * chance);
                }
            });
            continue;
        }
        let q = exploration.probability();
        match result {
            Ok(ran) => {
                read_step_into(game, mark, labels, &mut reading);
                reading.roll = ran.roll;
                visit(game, &reading, q);
                take_back(ran, game);
            }
            Err(diagnostics) => {
                let message = diagnostics.first().map_or_else(String::new, |d| d.message.clone());
                let refused = StepReading { refused: Some(message), ..StepReading::default() };
                visit(game, &refused, q);
            }
        }
    }
    Ok(runs)
}

/// Adds a leaf's state to `next`, merged with an equal state already there.
fn merge(next: &mut Vec<Reached>, game: &Game, p: f64, damage: BTreeMap<String, i64>) {
    let world = game.world();
    let summary = summary(world);
    for reached in next.iter_mut() {
        if reached.summary == summary
            && reached.damage == damage
            && same_state(reached.game.world(), world)
        {
            reached.p.add(p);
            return;
        }
    }
    let mut game = game.clone();
    game.world_mut().roller.explore(None);
    let mut sum = Sum::default();
    sum.add(p);
    next.push(Reached { game, p: sum, damage, summary });
}

fn summary(world: &World) -> i64 {
    world
        .actors
        .iter()
        .flat_map(|actor| actor.resources.values().map(|r| r.current))
        .fold(0i64, |sum, value| sum.wrapping_mul(31).wrapping_add(value))
}

/// Two worlds are in the same state when everything but the log and the dice stream is
/// equal: what happens next depends on nothing else.
fn same_state(a: &World, b: &World) -> bool {
    a.actors == b.actors
        && a.pools == b.pools
        && a.clock == b.clock
        && a.encounter == b.encounter
        && a.walls == b.walls
        && a.terrain == b.terrain
        && a.ground == b.ground
}
