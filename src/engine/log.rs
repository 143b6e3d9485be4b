//! The event log: every roll, cost, effect and state change as a structured [`Event`], in
//! order. It is the source of truth of the transcript: the readable text and the JSON lines
//! are both rendered from it, never written separately. Rendering is deterministic and never
//! touches the terminal.

use std::cell::RefCell;
use std::thread::LocalKey;

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::cause::Cause;
use super::checks::{RolledDie, Side};
use super::condition::ActiveCondition;
use super::damage::{DamageSteps, HealSteps};
use super::decision::DecisionTaken;
use super::encounter::TurnStep;
use super::layer_hits::{HitStore, LayerHits};
use super::layers::Weight;
use super::narration::Narrated;
use super::segments::{Recycled, Segments};
use super::text::SharedText;

/// The dice of a roll: a pool of up to four dice is held in the event itself.
pub type RolledDice = super::ShortList<RolledDie, 4>;

/// Each die's total in a pool check: up to four held in the event itself.
pub type DieTotals = super::ShortList<i64, 4>;

/// The outcome of a check, as the log shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "procedure")]
pub enum CheckResult {
    /// Dice against a threshold.
    Pool {
        /// Each die's total.
        totals: DieTotals,
        /// The threshold.
        threshold: i64,
        /// The die that took the aid.
        aided_die: Option<usize>,
        /// Dice that met the threshold.
        count: u32,
        /// The capped grade.
        grade: u32,
    },
    /// A roll-under test.
    RollUnder {
        /// The target.
        target: i64,
        /// Die plus boost.
        result: i64,
        /// The boost.
        boost: i64,
        /// The success number.
        success_number: i64,
        /// Whether the test (with its difficulty) succeeded.
        succeeded: bool,
        /// Whether the second die was used.
        used_second: bool,
    },
    /// A success pool.
    SuccessPool {
        /// Successes including automatic ones.
        successes: u32,
        /// Automatic successes.
        automatic: u32,
        /// Whether the requirement was met, when there is one.
        succeeded: Option<bool>,
    },
    /// A check a script ran (`Method: script move_roll`); its dice are logged as the script
    /// rolled them.
    Scripted {
        /// The script function.
        function: String,
        /// The grade it returned.
        grade: u32,
        /// The margin it returned (0 when it returned none).
        margin: i64,
    },
    /// A roll plus modifier against a target.
    Modified {
        /// The natural die.
        natural: u32,
        /// Die plus modifier.
        total: i64,
        /// The target.
        target: i64,
        /// Whether it met the target.
        success: bool,
        /// Whether it was critical.
        critical: bool,
    },
    /// Two scores compared.
    Versus {
        /// The attacker's score.
        attacker: i64,
        /// The defender's score.
        defender: i64,
        /// The winner, if any.
        winner: Option<Side>,
        /// The margin.
        margin: i64,
    },
}

/// The purpose of the dice an effect's amount rolls: their event shows the term's total.
pub const EFFECT: &str = "effect";

fn is_zero(total: &i32) -> bool {
    *total == 0
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// Dice were rolled.
    Roll {
        /// Who rolled.
        actor: Option<SharedText>,
        /// What for (`check`, `initiative`, `damage`).
        purpose: SharedText,
        /// The dice, with forced, exploded, extra and dropped marks.
        dice: RolledDice,
        /// The rule line that caused the roll.
        #[serde(default)]
        cause: Cause,
        /// What a dice term of an effect came to (`1d8+2` rolling 5 is 7; purpose
        /// `effect`), shown on the same line; 0 for other rolls, whose dice are read
        /// otherwise (a check grades them). 32 bits: an event stays 96 bytes.
        #[serde(default, skip_serializing_if = "is_zero")]
        total: i32,
    },
    /// A check was resolved.
    Check {
        /// Who made it.
        actor: Option<SharedText>,
        /// Its result.
        result: CheckResult,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// A cost was paid.
    CostPaid {
        /// Who paid.
        actor: SharedText,
        /// What.
        resource: SharedText,
        /// How much.
        amount: i64,
        /// Left afterwards.
        after: i64,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// A resource changed (gain, loss, reset).
    ResourceChanged {
        /// Whose.
        actor: SharedText,
        /// Which.
        resource: SharedText,
        /// Before.
        before: i64,
        /// After.
        after: i64,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// A world pool changed (a narrator's dice pool).
    PoolChanged {
        /// Which pool.
        pool: String,
        /// Before.
        before: i64,
        /// After.
        after: i64,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// Damage was dealt.
    Damage {
        /// Who took it.
        actor: SharedText,
        /// The resource or layered pool it went into.
        into: SharedText,
        /// How the amount came out.
        steps: DamageSteps,
        /// What each layer did (empty for a plain resource).
        layers: LayerHits,
        /// What passed every layer, or the resource's value afterwards.
        after: i64,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// Healing.
    Heal {
        /// Who was healed.
        actor: String,
        /// Which resource.
        resource: String,
        /// How the heal came out.
        steps: HealSteps,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// A condition was added.
    ConditionApplied {
        /// On whom.
        actor: String,
        /// The condition (boxed: it is the largest payload, and every event in the log is
        /// as large as the largest variant).
        condition: Box<ActiveCondition>,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// A condition already present took a longer duration or a larger N.
    ConditionRefreshed {
        /// On whom.
        actor: String,
        /// The condition now (boxed, as in `ConditionApplied`).
        condition: Box<ActiveCondition>,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// A condition ended.
    ConditionEnded {
        /// On whom.
        actor: String,
        /// The condition (boxed: it is the largest payload, and every event in the log is
        /// as large as the largest variant).
        condition: Box<ActiveCondition>,
    },
    /// The turn moved (round, phase, turn end).
    Turn {
        /// What happened.
        step: TurnStep,
    },
    /// The world clock moved.
    Clock {
        /// Day.
        day: u64,
        /// Period.
        period: u32,
        /// Tick.
        tick: u32,
    },
    /// A decision was taken.
    Decision {
        /// Whose.
        actor: Option<String>,
        /// The question and answer (boxed: decisions are rare, and every event in the log
        /// is as large as the largest variant).
        taken: Box<DecisionTaken>,
    },
    /// An actor changed hex (placed, moved by a power, pushed or pulled).
    Moved {
        /// Who moved.
        actor: SharedText,
        /// How: `place`, `walk`, `push`, `teleport`, ...
        how: SharedText,
        /// Where from (`None`: placed on the map).
        from: Option<super::hex::Hex>,
        /// Where to.
        to: super::hex::Hex,
        /// The map's grid, which measures the move (hexes in saves from before grids).
        #[serde(default, skip_serializing_if = "super::grid::Grid::is_hex")]
        grid: super::grid::Grid,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
    /// Text the engine does not execute (narrative-only lines).
    Narration {
        /// The text.
        text: Narrated,
        /// The rule line.
        #[serde(default)]
        cause: Cause,
    },
}

/// The events of a session, in order. They are kept in fixed segments
/// ([`Segments`]), so appending never moves the events already logged; the log reads,
/// compares, prints and serialises (`{"events": [...]}`) as the plain list it replaces.
#[derive(Clone, Default)]
pub struct EventLog {
    /// The events.
    events: Segments<Event>,
    /// Where damage events keep their layer hits (not saved: the events hold them).
    pub(crate) hits: HitStore,
}

thread_local! {
    /// Emptied segments of dropped logs, for the next log of this thread.
    static SPARE_SEGMENTS: RefCell<Vec<Vec<Event>>> = const { RefCell::new(Vec::new()) };
}

impl Recycled for Event {
    fn spares() -> &'static LocalKey<RefCell<Vec<Vec<Self>>>> {
        &SPARE_SEGMENTS
    }
}

impl PartialEq for EventLog {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

impl Eq for EventLog {}

impl std::fmt::Debug for EventLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EventLog").field("events", &Listed(self)).finish()
    }
}

/// The log's events as one list, for printing and serialising.
struct Listed<'a>(&'a EventLog);

impl std::fmt::Debug for Listed<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl Serialize for Listed<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut list = serializer.serialize_seq(Some(self.0.len()))?;
        for event in self.0.iter() {
            list.serialize_element(event)?;
        }
        list.end()
    }
}

impl Serialize for EventLog {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut log = serializer.serialize_struct("EventLog", 1)?;
        log.serialize_field("events", &Listed(self))?;
        log.end()
    }
}

impl<'de> Deserialize<'de> for EventLog {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The saved shape: the events as one list.
        #[derive(Deserialize)]
        #[serde(rename = "EventLog")]
        struct Saved {
            events: Vec<Event>,
        }
        Ok(EventLog::from(Saved::deserialize(deserializer)?.events))
    }
}

impl From<Vec<Event>> for EventLog {
    fn from(events: Vec<Event>) -> Self {
        EventLog { events: events.into_iter().collect(), hits: HitStore::default() }
    }
}

impl EventLog {
    /// Appends an event.
    pub fn push(&mut self, event: Event) {
        self.events.push(event);
    }

    /// How many events there are.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether nothing was logged.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The event at `index` (counting from 0), if there is one.
    pub fn get(&self, index: usize) -> Option<&Event> {
        self.events.get(index)
    }

    /// The last event, if any.
    pub fn last(&self) -> Option<&Event> {
        self.events.last()
    }

    /// Every event, in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Event> + '_ {
        self.events.since(0)
    }

    /// The events from index `mark` on (an earlier [`EventLog::len`]), in order; none when
    /// `mark` is past the end.
    pub fn since(&self, mark: usize) -> impl DoubleEndedIterator<Item = &Event> + '_ {
        self.events.since(mark)
    }

    /// Drops the events from index `len` on (undo and rollback); later pushes follow the
    /// kept events.
    pub fn truncate(&mut self, len: usize) {
        self.events.truncate(len);
    }

    /// One JSON object per line, in order.
    pub fn to_json_lines(&self) -> String {
        self.json_lines_since(0)
    }

    /// The events from `mark` on as JSON lines.
    pub fn json_lines_since(&self, mark: usize) -> String {
        let mut out = String::new();
        for event in self.since(mark) {
            // Serialising plain data with string keys cannot fail; skip rather than panic.
            if let Ok(line) = serde_json::to_string(event) {
                out.push_str(&line);
                out.push('\n');
            }
        }
        out
    }

    /// The readable transcript: one line per event.
    pub fn transcript(&self) -> String {
        self.transcript_since(0)
    }

    /// The readable transcript of the events from `mark` on.
    pub fn transcript_since(&self, mark: usize) -> String {
        self.since(mark).map(|e| e.describe() + "\n").collect()
    }
}

fn faces(dice: &[RolledDie]) -> String {
    let shown: Vec<String> = dice
        .iter()
        .map(|d| {
            let mut text = d.face.to_string();
            if d.forced {
                text.push('f');
            }
            if d.exploded {
                text.push('!');
            }
            if d.dropped {
                text = format!("({text})");
            }
            text
        })
        .collect();
    format!("[{}]", shown.join(", "))
}

/// What was rolled, as dice notation: `3d10`, and dice a pushing (exploding) face added
/// counted apart: `4d6 (+2 pushed)`.
fn dice_count(dice: &[RolledDie]) -> String {
    let sides = dice.first().map_or(0, |d| d.sides);
    let pushed = dice.iter().filter(|d| d.extra).count();
    let rolled = dice.len() - pushed;
    if pushed == 0 {
        format!("{rolled}d{sides}")
    } else {
        format!("{rolled}d{sides} (+{pushed} pushed)")
    }
}

/// Numbers as a bracketed list: `[14, 13, 12]`.
fn listed(numbers: &[i64]) -> String {
    let shown: Vec<String> = numbers.iter().map(i64::to_string).collect();
    format!("[{}]", shown.join(", "))
}

fn who<T: AsRef<str>>(actor: &Option<T>) -> &str {
    actor.as_ref().map_or("the world", AsRef::as_ref)
}

impl Event {
    /// This event as one line of readable text.
    pub fn describe(&self) -> String {
        match self {
            Event::Roll { actor, purpose, dice, total, .. } => {
                let rolled = format!(
                    "{} rolls {} for {purpose}: {}",
                    who(actor),
                    dice_count(dice),
                    faces(dice)
                );
                if purpose.as_ref() == EFFECT { format!("{rolled} = {total}") } else { rolled }
            }
            Event::Check { actor, result, .. } => {
                format!("{}: {}", who(actor), describe_check(result))
            }
            Event::CostPaid { actor, resource, amount, after, .. } => {
                format!("{actor} pays {amount} {resource} ({after} left)")
            }
            Event::ResourceChanged { actor, resource, before, after, .. } => {
                format!("{actor}: {resource} {before} -> {after}")
            }
            Event::PoolChanged { pool, before, after, .. } => {
                format!("pool {pool}: {before} -> {after}")
            }
            Event::Damage { actor, into, steps, layers, after, .. } => {
                let mut text = format!("{actor} takes {} damage into {into}", steps.total);
                if steps.total != steps.base {
                    text += &format!(" (from {})", steps.base);
                }
                for hit in layers.iter() {
                    text += &format!(
                        "; {} absorbs {} ({} -> {})",
                        hit.layer, hit.absorbed, hit.before, hit.after
                    );
                    match hit.weight {
                        Some(Weight::Heavy) => text += ", heavy",
                        Some(Weight::Light) => text += ", light",
                        None => {}
                    }
                }
                if layers.is_empty() {
                    format!("{text}; {into} now {after}")
                } else {
                    format!("{text}; {after} passes through")
                }
            }
            Event::Heal { actor, resource, steps, .. } => {
                format!("{actor} heals {} {resource} (now {})", steps.applied, steps.after)
            }
            Event::ConditionApplied { actor, condition, .. } => {
                format!("{actor} gains {}", condition_text(condition))
            }
            Event::ConditionRefreshed { actor, condition, .. } => {
                format!("{actor} refreshes {}", condition_text(condition))
            }
            Event::ConditionEnded { actor, condition } => {
                format!("{actor} loses {}", condition_text(condition))
            }
            Event::Turn { step } => match step {
                TurnStep::RoundStarted { round } => format!("-- round {round} --"),
                TurnStep::RoundEnded { round } => format!("-- end of round {round} --"),
                TurnStep::PhaseStarted { actor, phase } => {
                    format!("{actor}: {phase} phase")
                }
                TurnStep::TurnEnded { actor } => format!("{actor} ends the turn"),
            },
            Event::Clock { day, period, tick } => {
                format!("clock: day {day}, period {period}, tick {tick}")
            }
            Event::Decision { actor, taken } => format!("{} {}", who(actor), taken.describe()),
            Event::Moved { actor, how, from: Some(from), to, grid, .. } => {
                format!("{actor} {how}: {from} -> {to} ({})", grid.count(grid.distance(*from, *to)))
            }
            Event::Moved { actor, from: None, to, .. } => format!("{actor} is placed at {to}"),
            Event::Narration { text, .. } => text.to_string(),
        }
    }
}

/// A condition as the log names it: `Marked [fire] 3 against Bo`.
pub(crate) fn condition_text(condition: &ActiveCondition) -> String {
    let mut text = condition.name.clone();
    if let Some(subtype) = &condition.subtype {
        text += &format!(" [{subtype}]");
    }
    if let Some(n) = condition.n {
        text += &format!(" {n}");
    }
    if let Some(against) = &condition.against {
        text += &format!(" against {against}");
    }
    text
}

fn describe_check(result: &CheckResult) -> String {
    match result {
        CheckResult::Pool { totals, threshold, count, grade, .. } => {
            format!("{} vs {threshold}: {count} meet, grade {grade}", listed(totals))
        }
        CheckResult::RollUnder { target, result, success_number, succeeded, .. } => {
            let verdict = if *succeeded { "success" } else { "failure" };
            format!("{result} vs {target}: SN {success_number}, {verdict}")
        }
        CheckResult::SuccessPool { successes, succeeded, .. } => match succeeded {
            Some(true) => format!("{successes} successes, success"),
            Some(false) => format!("{successes} successes, failure"),
            None => format!("{successes} successes"),
        },
        CheckResult::Modified { natural, total, target, success, critical } => {
            let verdict = match (success, critical) {
                (true, true) => "critical success",
                (true, false) => "success",
                _ => "failure",
            };
            format!("{natural} -> {total} vs {target}: {verdict}")
        }
        CheckResult::Scripted { function, grade, margin } => {
            format!("{function}: grade {grade}, margin {margin}")
        }
        CheckResult::Versus { attacker, defender, winner, margin } => match winner {
            Some(Side::Attacker) => format!("{attacker} vs {defender}: attacker wins by {margin}"),
            Some(Side::Defender) => format!("{attacker} vs {defender}: defender wins by {margin}"),
            None => format!("{attacker} vs {defender}: no winner"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_pointer_width = "64")]
    fn an_event_stays_small() {
        // Every event in the log is as large as the largest variant: a name is one pointer,
        // a damage event's layer hits two words, narration kept in parts.
        assert_eq!(std::mem::size_of::<SharedText>(), 8);
        assert_eq!(std::mem::size_of::<LayerHits>(), 16);
        assert_eq!(std::mem::size_of::<Narrated>(), 48);
        assert_eq!(std::mem::size_of::<CheckResult>(), 72);
        assert_eq!(std::mem::size_of::<Cause>(), 12);
        assert_eq!(std::mem::size_of::<Event>(), 96);
    }
}
