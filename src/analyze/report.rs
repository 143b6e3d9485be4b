//! What an analysis reports: one [`Measure`] per thing the question can change (a check's
//! grade, damage taken, a resource, a condition, a refusal), each a distribution with its
//! mean and deviation, exact or estimated with 95% intervals. [`Tally`] accumulates the
//! weighted readings of every way the question can run; [`Tally::report`] turns them into
//! measures, dropping what never changes.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::distinct::Distinct;
use super::reading::StepReading;
use crate::dice::Sum;
use crate::runtime::Game;

/// What a measure reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MeasureKind {
    /// Whether a command was refused (and why): it then changed nothing.
    Refused,
    /// A check's outcome: its grade, success number, successes, hit or margin.
    Check,
    /// A `roll`'s total.
    Roll,
    /// Damage an actor took.
    Damage,
    /// A resource's value after the question.
    Resource,
    /// Whether a resource that took damage is at 0 or less after the question.
    AtZero,
    /// Whether an actor holds a condition after the question.
    Condition,
    /// A world pool's value after the question.
    Pool,
}

/// One possible value of a measure.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MeasureOutcome {
    /// The value (0/1 for yes/no measures).
    pub value: i64,
    /// Its name, when it has one (`High`, `yes`, `refused: ...`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// Its probability.
    pub p: f64,
    /// For an estimate, a 95% interval for `p` (Wilson score).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<(f64, f64)>,
}

/// The distribution of one thing the question can change.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Measure {
    /// A readable name: `Hero's check`, `damage to Bandit`, `Bandit's HP`.
    pub name: String,
    /// What it reads.
    pub kind: MeasureKind,
    /// The command (from 1) it belongs to; `None` for the state after the whole question.
    pub command: Option<usize>,
    /// Every value with its probability, sorted by value.
    pub outcomes: Vec<MeasureOutcome>,
    /// Probability that the measure did not happen (a check not rolled because the command
    /// was refused); 0 for most measures.
    pub none: f64,
    /// Mean over the outcomes (renormalised when `none` is above 0).
    pub mean: f64,
    /// Standard deviation over the outcomes.
    pub sd: f64,
    /// For an estimate, a 95% interval for the mean.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mean_interval: Option<(f64, f64)>,
    /// The value before the question (resources, pools).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub before: Option<i64>,
    /// Whose and what: the actor (empty for a pool) and the resource, condition or pool
    /// name (empty for checks and damage).
    #[serde(skip)]
    pub(crate) subject: (String, String),
}

impl Measure {
    /// Probability of exactly `value` (`+ 0.0` throughout: an empty f64 sum is -0.0).
    pub fn p(&self, value: i64) -> f64 {
        self.outcomes.iter().filter(|o| o.value == value).map(|o| o.p).sum::<f64>() + 0.0
    }

    /// Probability of at least `value`.
    pub fn at_least(&self, value: i64) -> f64 {
        self.outcomes.iter().filter(|o| o.value >= value).map(|o| o.p).sum::<f64>() + 0.0
    }

    /// Probability of at most `value`.
    pub fn at_most(&self, value: i64) -> f64 {
        self.outcomes.iter().filter(|o| o.value <= value).map(|o| o.p).sum::<f64>() + 0.0
    }

    /// The one number a sweep or comparison shows for this measure: the probability of
    /// "yes" for a yes/no measure, else the mean.
    pub fn headline(&self) -> f64 {
        match self.kind {
            MeasureKind::AtZero | MeasureKind::Condition | MeasureKind::Refused => {
                // `+ 0.0`: an empty f64 sum is -0.0.
                self.outcomes.iter().filter(|o| o.value != 0).map(|o| o.p).sum::<f64>() + 0.0
            }
            _ => self.mean,
        }
    }
}

/// The result of analysing a question.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The question's commands as written (repeated as asked).
    pub question: Vec<String>,
    /// True when every probability is exact (within 1e-12); false for a seeded estimate.
    pub exact: bool,
    /// How many times a command ran while exploring (exact) or sampling.
    pub runs: u64,
    /// For an estimate, how many times the whole question was sampled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub samples: Option<u64>,
    /// For an estimate, the seed of its first sample.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Ways the question ended that were told apart (exact only): runs of the last
    /// command that finished, from states merged between commands.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaves: Option<usize>,
    /// Probability left out of an exact report: paths less likely than 1e-18 (the far tail
    /// of an explosion), not explored. Every measure's probabilities sum to 1 minus this.
    pub truncated: f64,
    /// What changed, in order: per command, then the state after the question.
    pub measures: Vec<Measure>,
    /// Why an estimate was used, and anything else worth knowing.
    pub notes: Vec<String>,
}

impl Report {
    /// The measure called `name`, if any.
    pub fn measure(&self, name: &str) -> Option<&Measure> {
        self.measures.iter().find(|m| m.name == name)
    }
}

/// Orders measures: per command, then after the question; within one, by kind and names.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct MeasureKey {
    /// The command's index, or `usize::MAX` for the state after the question.
    step: usize,
    kind: MeasureKind,
    actor: String,
    name: String,
    index: usize,
}

const END: usize = usize::MAX;

static EMPTY: String = String::new();

impl MeasureKey {
    fn new(step: usize, kind: MeasureKind, actor: &str, name: &str, index: usize) -> MeasureKey {
        MeasureKey { step, kind, actor: actor.to_string(), name: name.to_string(), index }
    }
}

/// The shape of the worlds read at the end of a question: each actor's name and resource
/// names, and the pools' names. Readings store only numbers, in this order.
#[derive(Clone, Debug, Default, PartialEq)]
struct Layout {
    actors: Vec<(String, Vec<String>)>,
    pools: Vec<String>,
}

impl Layout {
    fn of(world: &crate::engine::World) -> Layout {
        Layout {
            actors: world
                .actors
                .iter()
                .map(|actor| (actor.name.clone(), actor.resources.keys().cloned().collect()))
                .collect(),
            pools: world.pools.keys().cloned().collect(),
        }
    }

    /// Whether `world` has this shape (actors and resources are only ever added, so equal
    /// counts mean equal names).
    fn fits(&self, world: &crate::engine::World) -> bool {
        self.actors.len() == world.actors.len()
            && self.pools.len() == world.pools.len()
            && self
                .actors
                .iter()
                .zip(&world.actors)
                .all(|((_, names), actor)| names.len() == actor.resources.len())
    }
}

/// Weighted readings of every way the question ran. Readings are kept as they came, each
/// distinct one once with its summed weight (a thousand samples ending alike cost one
/// entry), and turned into measures only by [`Tally::report`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    /// Per command, each distinct reading with its weight.
    steps: BTreeMap<usize, Distinct<StepReading>>,
    /// Per end reading, its weight.
    ends: Distinct<EndReading>,
    layouts: Vec<Layout>,
    /// Condition names, numbered as first seen.
    conditions: BTreeMap<String, i64>,
    /// Total weight that reached each command.
    reached: BTreeMap<usize, Sum>,
    /// Total weight of the ends read.
    ended: Sum,
    /// The end reading being built, kept between calls for its buffer.
    scratch: EndReading,
}

/// The state after one way of running the question, as numbers: a [`Tally`]'s layout
/// (which actors, resources and pools) and the values in its order, conditions by the
/// tally's own numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct EndReading {
    layout: usize,
    numbers: Vec<i64>,
}

impl EndReading {
    /// About the bytes it holds.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<EndReading>() + self.numbers.len() * std::mem::size_of::<i64>()
    }
}

/// Readings turned into measures' values (see [`Tally::report`]).
#[derive(Default)]
struct Expanded {
    values: BTreeMap<MeasureKey, BTreeMap<i64, Sum>>,
    labels: BTreeMap<(MeasureKey, i64), String>,
    /// Refusal messages per command, numbered in the order first seen.
    refusals: BTreeMap<usize, Vec<String>>,
    /// `(actor, resource)` pairs damage went into.
    damaged: BTreeSet<(String, String)>,
}

impl Expanded {
    fn add(&mut self, key: MeasureKey, value: i64, p: f64) {
        self.values.entry(key).or_default().entry(value).or_default().add(p);
    }

    fn add_step(&mut self, step: usize, reading: &StepReading, p: f64) {
        let refused = match &reading.refused {
            None => 0,
            Some(message) => {
                let seen = self.refusals.entry(step).or_default();
                let index = seen.iter().position(|m| m == message).unwrap_or_else(|| {
                    seen.push(message.clone());
                    seen.len() - 1
                });
                index as i64 + 1
            }
        };
        self.add(MeasureKey::new(step, MeasureKind::Refused, "", "", 0), refused, p);
        for (index, (actor, value, label)) in reading.checks.iter().enumerate() {
            let key = MeasureKey::new(step, MeasureKind::Check, actor, "", index);
            if let Some(label) = label {
                self.labels.entry((key.clone(), *value)).or_insert_with(|| label.clone());
            }
            self.add(key, *value, p);
        }
        for (actor, amount) in &reading.damage {
            self.add(MeasureKey::new(step, MeasureKind::Damage, actor, "", 0), *amount, p);
        }
        for pair in &reading.damaged {
            self.damaged.insert(pair.clone());
        }
        if let Some(total) = reading.roll {
            self.add(MeasureKey::new(step, MeasureKind::Roll, "", "", 0), total, p);
        }
    }

    fn add_end(&mut self, layout: &Layout, numbers: &[i64], conditions: &[&String], p: f64) {
        let mut numbers = numbers.iter().copied();
        let mut next = || numbers.next().unwrap_or(0);
        for (actor, resources) in &layout.actors {
            for name in resources {
                let value = next();
                self.add(MeasureKey::new(END, MeasureKind::Resource, actor, name, 0), value, p);
            }
        }
        for (actor, _) in &layout.actors {
            for _ in 0..next() {
                let name = conditions.get(next() as usize).map_or("", |n| n.as_str());
                self.add(MeasureKey::new(END, MeasureKind::Condition, actor, name, 0), 1, p);
            }
        }
        for name in &layout.pools {
            let value = next();
            self.add(MeasureKey::new(END, MeasureKind::Pool, "", name, 0), value, p);
        }
        for (actor, _) in &layout.actors {
            let (taken, amount) = (next(), next());
            if taken != 0 {
                self.add(MeasureKey::new(END, MeasureKind::Damage, actor, "", 0), amount, p);
            }
        }
    }
}

impl Tally {
    /// Adds what command `step` produced, with weight `p`.
    pub fn add_step(&mut self, step: usize, reading: &StepReading, p: f64) {
        self.reached.entry(step).or_default().add(p);
        self.steps.entry(step).or_default().add(reading, p);
    }

    /// Adds the state after the question, with weight `p`; `damage` gives the damage each
    /// actor took over the whole question (`None`: no damage event for the actor).
    pub fn add_end(&mut self, game: &Game, damage: &dyn Fn(&str) -> Option<i64>, p: f64) {
        let mut end = std::mem::take(&mut self.scratch);
        self.read_end(game, damage, &mut end);
        self.add_read_end(&end, p);
        self.scratch = end;
    }

    /// Reads the state after the question into `end` (its buffer reused), in this tally's
    /// numbering of layouts and conditions: only this tally can add it ([`Tally::add_end`]
    /// reads and adds at once).
    pub fn read_end(
        &mut self,
        game: &Game,
        damage: &dyn Fn(&str) -> Option<i64>,
        end: &mut EndReading,
    ) {
        let world = game.world();
        end.layout = match self.layouts.iter().rposition(|layout| layout.fits(world)) {
            Some(index) => index,
            None => {
                self.layouts.push(Layout::of(world));
                self.layouts.len() - 1
            }
        };
        let numbers = &mut end.numbers;
        numbers.clear();
        for actor in &world.actors {
            numbers.extend(actor.resources.values().map(|resource| resource.current));
        }
        for actor in &world.actors {
            let mut held: Vec<i64> = Vec::new();
            for condition in &actor.conditions.active {
                let id = match self.conditions.get(condition.name.as_str()) {
                    Some(id) => *id,
                    None => {
                        let id = self.conditions.len() as i64;
                        self.conditions.insert(condition.name.clone(), id);
                        id
                    }
                };
                if !held.contains(&id) {
                    held.push(id);
                }
            }
            held.sort_unstable();
            numbers.push(held.len() as i64);
            numbers.extend(held);
        }
        numbers.extend(world.pools.values().copied());
        for actor in &world.actors {
            match damage(&actor.name) {
                Some(amount) => numbers.extend([1, amount]),
                None => numbers.extend([0, 0]),
            }
        }
    }

    /// Adds an end read by [`Tally::read_end`] of this tally, with weight `p`.
    pub fn add_read_end(&mut self, end: &EndReading, p: f64) {
        self.ended.add(p);
        // Most ends repeat one already read: the reading is copied only when it is new.
        self.ends.add(end, p);
    }

    /// Adds another tally (of disjoint runs) to this one.
    pub fn merge(&mut self, other: Tally) {
        for (step, p) in other.reached {
            self.reached.entry(step).or_default().add(p.value());
        }
        self.ended.add(other.ended.value());
        for (step, readings) in other.steps {
            let mine = self.steps.entry(step).or_default();
            for (reading, p) in readings.into_sorted() {
                mine.add_owned(reading, p.value());
            }
        }
        // Condition numbers and layouts are the other tally's: translate them.
        let names: BTreeMap<i64, &String> =
            other.conditions.iter().map(|(n, id)| (*id, n)).collect();
        for (EndReading { layout, numbers }, p) in other.ends.into_sorted() {
            let shape = &other.layouts[layout];
            let mine = match self.layouts.iter().position(|l| l == shape) {
                Some(index) => index,
                None => {
                    self.layouts.push(shape.clone());
                    self.layouts.len() - 1
                }
            };
            let mut translated = numbers.clone();
            let mut at: usize = shape.actors.iter().map(|(_, r)| r.len()).sum();
            for _ in &shape.actors {
                let count = numbers[at] as usize;
                for slot in at + 1..=at + count {
                    let name = names[&numbers[slot]];
                    let id = match self.conditions.get(name.as_str()) {
                        Some(id) => *id,
                        None => {
                            let id = self.conditions.len() as i64;
                            self.conditions.insert(name.clone(), id);
                            id
                        }
                    };
                    translated[slot] = id;
                }
                // Ids keep each actor's list sorted for equal readings to meet.
                translated[at + 1..=at + count].sort_unstable();
                at += count + 1;
            }
            self.ends.add_owned(EndReading { layout: mine, numbers: translated }, p.value());
        }
    }

    /// The readings turned into values per measure.
    fn expand(&self) -> Expanded {
        let mut expanded = Expanded::default();
        for (step, readings) in &self.steps {
            for (reading, p) in readings.sorted() {
                expanded.add_step(*step, reading, p.value());
            }
        }
        let mut names: Vec<&String> = vec![&EMPTY; self.conditions.len()];
        for (name, id) in &self.conditions {
            names[*id as usize] = name;
        }
        for (EndReading { layout, numbers }, p) in self.ends.sorted() {
            expanded.add_end(&self.layouts[*layout], numbers, &names, p.value());
        }
        expanded
    }

    /// The measures, with what never changed left out. `base` is the game before the
    /// question; `commands` how many commands the question has. With `samples`, every
    /// probability is an estimate from that many samples and gets an interval.
    pub fn report(&self, base: &Game, commands: usize, samples: Option<u64>) -> Vec<Measure> {
        let before = Tally::before(base);
        let expanded = self.expand();
        // Samples are tallied as counts; exploration as probabilities.
        let scale = samples.map_or(1.0, |n| 1.0 / n as f64);
        let mut measures = Vec::new();
        for (key, values) in &expanded.values {
            let total = if key.step == END {
                self.ended.value()
            } else {
                self.reached.get(&key.step).map_or(0.0, |sum| sum.value())
            };
            let mut values: BTreeMap<i64, f64> =
                values.iter().map(|(value, sum)| (*value, sum.value())).collect();
            let listed: f64 = values.values().sum();
            let missing = (total - listed).max(0.0);
            // Rounding leaves crumbs of about 1e-16 when nothing is missing.
            let missing = if missing * scale > 1e-13 { missing } else { 0.0 };
            let mut none = 0.0;
            // What a reading leaves out has its default: no damage is 0, an unheld condition
            // is 0 (no), a refusal not seen is 0 (ran), a pool not yet made holds 0; a
            // missing check did not happen.
            match key.kind {
                MeasureKind::Damage
                | MeasureKind::Condition
                | MeasureKind::Refused
                | MeasureKind::Pool
                    if missing > 0.0 =>
                {
                    *values.entry(0).or_insert(0.0) += missing;
                }
                MeasureKind::Check | MeasureKind::Roll => none = missing,
                _ => {}
            }
            values.values_mut().for_each(|p| *p *= scale);
            none *= scale;
            let base_value = before.get(key).copied();
            if !self.worth_showing(key, &values, base_value, commands) {
                continue;
            }
            measures.push(Tally::measure(&expanded, key, &values, none, base_value, samples));
            if key.kind == MeasureKind::Resource
                && expanded.damaged.contains(&(key.actor.clone(), key.name.clone()))
            {
                // `+ 0.0`: an empty f64 sum is -0.0.
                let zero =
                    values.iter().filter(|(v, _)| **v <= 0).map(|(_, p)| p).sum::<f64>() + 0.0;
                let rest =
                    values.iter().filter(|(v, _)| **v > 0).map(|(_, p)| p).sum::<f64>() + 0.0;
                let mut yes_no = BTreeMap::new();
                yes_no.insert(0, rest);
                yes_no.insert(1, zero);
                let zero_key = MeasureKey::new(END, MeasureKind::AtZero, &key.actor, &key.name, 0);
                measures.push(Tally::measure(&expanded, &zero_key, &yes_no, 0.0, None, samples));
            }
        }
        measures
    }

    /// Values before the question: resources, held conditions (1) and pools.
    fn before(game: &Game) -> BTreeMap<MeasureKey, i64> {
        let mut before = BTreeMap::new();
        for actor in &game.world().actors {
            for (name, resource) in &actor.resources {
                before.insert(
                    MeasureKey::new(END, MeasureKind::Resource, &actor.name, name, 0),
                    resource.current,
                );
            }
            for condition in &actor.conditions.active {
                before.insert(
                    MeasureKey::new(END, MeasureKind::Condition, &actor.name, &condition.name, 0),
                    1,
                );
            }
        }
        for (name, value) in &game.world().pools {
            before.insert(MeasureKey::new(END, MeasureKind::Pool, "", name, 0), *value);
        }
        before
    }

    /// Leaves out what is certain to be as it was: a resource or pool that never changes,
    /// a condition held (or not) exactly as before, a refusal that never happens, and the
    /// whole-question damage of a one-command question (it repeats the command's).
    fn worth_showing(
        &self,
        key: &MeasureKey,
        values: &BTreeMap<i64, f64>,
        before: Option<i64>,
        commands: usize,
    ) -> bool {
        let certain = |value: i64| values.len() == 1 && values.contains_key(&value);
        match key.kind {
            MeasureKind::Resource | MeasureKind::Pool => !before.is_some_and(certain),
            MeasureKind::Condition => !certain(before.unwrap_or(0)),
            MeasureKind::Refused => !certain(0),
            MeasureKind::Damage if key.step == END => commands > 1,
            _ => true,
        }
    }

    fn measure(
        expanded: &Expanded,
        key: &MeasureKey,
        values: &BTreeMap<i64, f64>,
        none: f64,
        before: Option<i64>,
        samples: Option<u64>,
    ) -> Measure {
        let label = |value: i64| -> Option<String> {
            match key.kind {
                MeasureKind::Refused if value == 0 => Some("ran".to_string()),
                MeasureKind::Refused => expanded
                    .refusals
                    .get(&key.step)
                    .and_then(|m| m.get(value as usize - 1))
                    .map(|m| format!("refused: {m}")),
                MeasureKind::AtZero | MeasureKind::Condition => {
                    Some(if value == 0 { "no" } else { "yes" }.to_string())
                }
                _ => expanded.labels.get(&(key.clone(), value)).cloned(),
            }
        };
        let outcomes: Vec<MeasureOutcome> = values
            .iter()
            .map(|(value, p)| MeasureOutcome {
                value: *value,
                label: label(*value),
                p: *p,
                interval: samples.map(|n| wilson(*p, n)),
            })
            .collect();
        let mass: f64 = outcomes.iter().map(|o| o.p).sum();
        let mean = if mass > 0.0 {
            outcomes.iter().map(|o| o.value as f64 * o.p).sum::<f64>() / mass
        } else {
            0.0
        };
        let variance = if mass > 0.0 {
            outcomes.iter().map(|o| (o.value as f64 - mean).powi(2) * o.p).sum::<f64>() / mass
        } else {
            0.0
        };
        let sd = variance.sqrt();
        let mean_interval = samples.map(|n| {
            let half = 1.96 * sd / (n as f64).sqrt();
            (mean - half, mean + half)
        });
        Measure {
            name: name_of(key),
            kind: key.kind,
            command: (key.step != END).then(|| key.step + 1),
            outcomes,
            none,
            mean,
            sd,
            mean_interval,
            before,
            subject: (key.actor.clone(), key.name.clone()),
        }
    }
}

impl Report {
    /// Adds each measure of `like` (another report's: a sweep's other point, a compared
    /// version) that this report left out because it never changed here, read from `game`
    /// (the state before the question): damage 0, a resource or pool as it was, a
    /// condition held as it was, no refusal. So a table never shows a gap where the
    /// answer is "nothing happened". Checks and rolls are not filled: absent, they did
    /// not happen.
    pub fn fill_unchanged<'a>(&mut self, game: &Game, like: impl IntoIterator<Item = &'a Measure>) {
        let world = game.world();
        for other in like {
            let present =
                self.measures.iter().any(|m| m.name == other.name && m.command == other.command);
            if present {
                continue;
            }
            let (actor, name) = &other.subject;
            let actor = world.actors.iter().find(|a| &a.name == actor);
            let resource = actor.and_then(|a| a.resources.get(name)).map(|r| r.current);
            let (value, label, before) = match other.kind {
                MeasureKind::Damage => (0, None, None),
                MeasureKind::Refused => (0, Some("ran"), None),
                MeasureKind::Resource => match resource {
                    Some(value) => (value, None, Some(value)),
                    None => continue,
                },
                MeasureKind::AtZero => match resource {
                    Some(value) if value <= 0 => (1, Some("yes"), None),
                    Some(_) => (0, Some("no"), None),
                    None => continue,
                },
                MeasureKind::Condition => {
                    let held =
                        actor.is_some_and(|a| a.conditions.active.iter().any(|c| &c.name == name));
                    if held { (1, Some("yes"), None) } else { (0, Some("no"), None) }
                }
                // A pool not yet made holds 0.
                MeasureKind::Pool => match world.pools.get(name) {
                    Some(value) => (*value, None, Some(*value)),
                    None => (0, None, None),
                },
                MeasureKind::Check | MeasureKind::Roll => continue,
            };
            let label = label.map(str::to_string);
            let outcomes = vec![MeasureOutcome { value, label, p: 1.0, interval: None }];
            let mean_interval = self.samples.map(|_| (value as f64, value as f64));
            self.measures.push(Measure {
                outcomes,
                none: 0.0,
                mean: value as f64,
                sd: 0.0,
                mean_interval,
                before,
                ..other.clone()
            });
        }
        // In `Tally::report`'s order: per command, then the state after the question; by
        // kind, actor and name; a resource's at-0 measure right after it.
        self.measures.sort_by(|a, b| order(a).cmp(&order(b)));
    }
}

/// Where a measure stands in a report (see [`Report::fill_unchanged`]).
fn order(measure: &Measure) -> (usize, MeasureKind, &str, &str, bool, &str) {
    let at_zero = measure.kind == MeasureKind::AtZero;
    let kind = if at_zero { MeasureKind::Resource } else { measure.kind };
    let (actor, name) = (&measure.subject.0, &measure.subject.1);
    (measure.command.unwrap_or(usize::MAX), kind, actor, name, at_zero, &measure.name)
}

fn name_of(key: &MeasureKey) -> String {
    match key.kind {
        MeasureKind::Refused => "refused".to_string(),
        MeasureKind::Check if key.index == 0 => format!("{}'s check", key.actor),
        MeasureKind::Check => format!("{}'s check #{}", key.actor, key.index + 1),
        MeasureKind::Roll => "roll".to_string(),
        MeasureKind::Damage if key.step == END => format!("damage to {} in all", key.actor),
        MeasureKind::Damage => format!("damage to {}", key.actor),
        MeasureKind::Resource => format!("{}'s {}", key.actor, key.name),
        MeasureKind::AtZero => format!("{}'s {} at 0 or less", key.actor, key.name),
        MeasureKind::Condition => format!("{} has {}", key.actor, key.name),
        MeasureKind::Pool => format!("pool {}", key.name),
    }
}

/// The 95% Wilson score interval for a proportion `p` observed in `n` samples.
fn wilson(p: f64, n: u64) -> (f64, f64) {
    let n = n as f64;
    let z = 1.96f64;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}
