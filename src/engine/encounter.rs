//! Encounters: participants in turn order, rounds, segments and phases (start, action, end),
//! delaying, per-turn resource resets as data, challenge counters, and an alternative
//! tick-based mode (actions cost ticks; the lowest tick acts next). Initiative is rolled here
//! from a declared die, modifier, tie-break and segment rule. This module only moves the turn
//! along and reports each step; the world applies resets and ends conditions.

use serde::{Deserialize, Serialize};

use super::checks::{RolledDie, roll_die};
use super::error::EngineErrorKind;
use crate::dice::Roller;

/// A phase of a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Sustained effects happen here.
    #[default]
    Start,
    /// The actor acts.
    Action,
    /// Halting effects happen here.
    End,
}

impl std::fmt::Display for Phase {
    /// The phase as the transcript names it: `start`, `action`, `end`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Phase::Start => "start",
            Phase::Action => "action",
            Phase::End => "end",
        })
    }
}

/// How the next actor is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnMode {
    /// In initiative order, round after round.
    #[default]
    Ordered,
    /// The participant with the fewest ticks acts next (listed order breaks ties).
    Ticks,
}

/// Someone taking part in an encounter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Participant {
    /// The actor's name.
    pub name: String,
    /// The initiative total.
    pub initiative: i64,
    /// The segment the participant acts in, when the round has segments.
    pub segment: Option<u32>,
    /// Ticks spent so far (tick mode).
    pub ticks: u64,
    /// True after delaying, until the delayed turn comes.
    pub delayed: bool,
    /// Tick mode: ticks spent since this participant's turn began (a turn that spends
    /// none costs the default action when it ends).
    #[serde(default)]
    pub ticks_this_turn: u64,
    /// Turns still to skip (`skip the next turn`): each of its turns that starts while this
    /// is above 0 passes at once and counts it down.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub skips: u32,
}

fn is_zero(count: &u32) -> bool {
    *count == 0
}

impl Participant {
    /// A participant with initiative 0.
    pub fn new(name: impl Into<String>) -> Self {
        Participant {
            name: name.into(),
            initiative: 0,
            segment: None,
            ticks: 0,
            delayed: false,
            ticks_this_turn: 0,
            skips: 0,
        }
    }
}

/// A resource set to a value when an actor enters a phase of its own turn ("gain 6, unspent
/// points are lost" is a reset to 6 at the action phase).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ResourceReset {
    /// The resource.
    pub resource: String,
    /// The value it is set to.
    pub value: i64,
    /// The phase of the actor's own turn at which it happens.
    pub phase: Phase,
}

/// Success and failure counters of a challenge ("N successes before M failures").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Challenge {
    /// The name of the resource that counts successes (summed over the participants), if
    /// the runtime counts them from resources; empty when counted by [`Challenge::record`].
    #[serde(default)]
    pub success_counter: String,
    /// The name of the resource that counts failures, as for `success_counter`.
    #[serde(default)]
    pub failure_counter: String,
    /// Successes so far.
    pub successes: u32,
    /// Failures so far.
    pub failures: u32,
    /// Successes needed to win.
    pub success_target: u32,
    /// Failures that lose.
    pub failure_target: u32,
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChallengeStatus {
    /// Neither target reached.
    Ongoing,
    /// Enough successes.
    Won,
    /// Enough failures.
    Lost,
}

impl Challenge {
    /// A challenge needing `success_target` successes before `failure_target` failures.
    pub fn new(success_target: u32, failure_target: u32) -> Self {
        Challenge {
            successes: 0,
            failures: 0,
            success_target,
            failure_target,
            success_counter: String::new(),
            failure_counter: String::new(),
        }
    }

    /// The same challenge counted by two named resources (successes, failures).
    pub fn counted_by(mut self, success_counter: &str, failure_counter: &str) -> Self {
        self.success_counter = success_counter.to_string();
        self.failure_counter = failure_counter.to_string();
        self
    }

    /// Records a success or failure (ignored once decided) and returns the status.
    pub fn record(&mut self, success: bool) -> ChallengeStatus {
        if self.status() == ChallengeStatus::Ongoing {
            if success {
                self.successes = self.successes.saturating_add(1);
            } else {
                self.failures = self.failures.saturating_add(1);
            }
        }
        self.status()
    }

    /// The current status.
    pub fn status(&self) -> ChallengeStatus {
        if self.successes >= self.success_target {
            ChallengeStatus::Won
        } else if self.failures >= self.failure_target {
            ChallengeStatus::Lost
        } else {
            ChallengeStatus::Ongoing
        }
    }
}

/// One thing that happened while moving the turn along.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "step")]
pub enum TurnStep {
    /// A round began.
    RoundStarted {
        /// Its number (1-based).
        round: u32,
    },
    /// A round ended.
    RoundEnded {
        /// Its number.
        round: u32,
    },
    /// An actor entered a phase of its turn.
    PhaseStarted {
        /// Whose turn.
        actor: String,
        /// The phase.
        phase: Phase,
    },
    /// An actor's turn ended.
    TurnEnded {
        /// Whose turn.
        actor: String,
    },
}

/// A running encounter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    /// Participants in turn order.
    pub participants: Vec<Participant>,
    /// Ordered or tick-based.
    pub mode: TurnMode,
    /// The round (1-based; stays 1 in tick mode).
    pub round: u32,
    /// Index of the acting participant.
    pub current: usize,
    /// The acting participant's phase.
    pub phase: Phase,
    /// Resets applied on entering phases of one's own turn.
    pub resets: Vec<ResourceReset>,
    /// Challenge counters, for challenge encounters.
    pub challenge: Option<Challenge>,
    /// Powers waiting to resolve (invested) or running on (sustained). The engine only keeps
    /// them; the runtime decides when they resolve.
    #[serde(default)]
    pub queued: Vec<QueuedPower>,
    /// Counted uses of powers and upgrades with a `Limit:` line (reset by turn and round
    /// ends here, by the encounter's end with it).
    #[serde(default)]
    pub limits: Vec<super::limits::LimitUse>,
    /// True once an effect ended the turn in progress (`end the turn`): its actor uses no
    /// more powers until its next turn. Cleared when a turn starts.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub turn_over: bool,
}

/// A power use kept by the encounter: resolving later (`Invest`) or sustained each turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QueuedPower {
    /// Who used it.
    pub actor: String,
    /// The power.
    pub power: String,
    /// The chosen targets.
    pub targets: Vec<String>,
    /// The weapon used, if any.
    pub weapon: Option<String>,
    /// An ally's aid to the check.
    pub aid: i64,
    /// The segment count at which it resolves (`None`: already resolved, sustained).
    pub due: Option<i64>,
    /// The stats the use chose (`choosing Blades`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
    /// The GM-set threshold the use was given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threshold: Option<i64>,
}

impl Encounter {
    /// An encounter with participants already in turn order; the first acts first.
    pub fn new(participants: Vec<Participant>, mode: TurnMode) -> Self {
        Encounter {
            participants,
            mode,
            round: 1,
            current: 0,
            phase: Phase::Start,
            resets: Vec::new(),
            challenge: None,
            queued: Vec::new(),
            limits: Vec::new(),
            turn_over: false,
        }
    }

    /// The steps that opening the encounter produces (round 1, the first actor's start phase).
    pub fn open(&mut self) -> Vec<TurnStep> {
        self.current = match self.mode {
            TurnMode::Ordered => 0,
            TurnMode::Ticks => self.lowest_ticks(),
        };
        self.phase = Phase::Start;
        let mut steps = vec![TurnStep::RoundStarted { round: self.round }];
        steps.extend(
            self.acting()
                .map(|p| TurnStep::PhaseStarted { actor: p.name.clone(), phase: Phase::Start }),
        );
        steps
    }

    /// The acting participant, if there is anyone.
    pub fn acting(&self) -> Option<&Participant> {
        self.participants.get(self.current)
    }

    /// The participant named `name`.
    pub fn participant_mut(&mut self, name: &str) -> Result<&mut Participant, EngineErrorKind> {
        self.participants
            .iter_mut()
            .find(|p| p.name == name)
            .ok_or_else(|| EngineErrorKind::NotAParticipant(name.to_string()))
    }

    /// Moves to the next phase, or to the next actor's start phase after the end phase.
    pub fn advance(&mut self) -> Vec<TurnStep> {
        let Some(actor) = self.acting().map(|p| p.name.clone()) else {
            return Vec::new();
        };
        match self.phase {
            Phase::Start => self.enter(Phase::Action, actor),
            Phase::Action => self.enter(Phase::End, actor),
            Phase::End => {
                self.turn_over = false;
                let mut steps = vec![TurnStep::TurnEnded { actor }];
                super::limits::reset(&mut self.limits, super::limits::LimitReset::Turn);
                match self.mode {
                    TurnMode::Ticks => self.current = self.lowest_ticks(),
                    TurnMode::Ordered if self.current + 1 < self.participants.len() => {
                        self.current += 1
                    }
                    TurnMode::Ordered => {
                        steps.push(TurnStep::RoundEnded { round: self.round });
                        super::limits::reset(&mut self.limits, super::limits::LimitReset::Round);
                        self.round = self.round.saturating_add(1);
                        self.current = 0;
                        steps.push(TurnStep::RoundStarted { round: self.round });
                    }
                }
                let next = &mut self.participants[self.current];
                // A delayed actor already had its start phase before delaying.
                let phase = if next.delayed { Phase::Action } else { Phase::Start };
                next.delayed = false;
                let name = next.name.clone();
                steps.extend(self.enter(phase, name));
                steps
            }
        }
    }

    fn enter(&mut self, phase: Phase, actor: String) -> Vec<TurnStep> {
        self.phase = phase;
        vec![TurnStep::PhaseStarted { actor, phase }]
    }

    /// The acting participant (in its start phase) delays until just after `after`, who must
    /// act later this round. The next participant starts at once.
    pub fn delay_until_after(&mut self, after: &str) -> Result<Vec<TurnStep>, EngineErrorKind> {
        let Some(target) = self.participants.iter().position(|p| p.name == after) else {
            return Err(EngineErrorKind::NotAParticipant(after.to_string()));
        };
        if self.mode != TurnMode::Ordered || self.phase != Phase::Start || target <= self.current {
            return Err(EngineErrorKind::Internal(format!(
                "cannot delay until after {after}: only in the start phase, before that actor's turn"
            )));
        }
        let mut delayed = self.participants.remove(self.current);
        delayed.delayed = true;
        delayed.segment = self.participants[target - 1].segment;
        self.participants.insert(target, delayed);
        let name = self.participants[self.current].name.clone();
        Ok(self.enter(Phase::Start, name))
    }

    /// Adds `ticks` to a participant (tick mode: the cost of an action).
    pub fn spend_ticks(&mut self, name: &str, ticks: u64) -> Result<u64, EngineErrorKind> {
        let participant = self.participant_mut(name)?;
        participant.ticks = participant.ticks.saturating_add(ticks);
        participant.ticks_this_turn = participant.ticks_this_turn.saturating_add(ticks);
        Ok(participant.ticks)
    }

    fn lowest_ticks(&self) -> usize {
        // min_by_key keeps the first of equal keys: listed order breaks ties.
        self.participants.iter().enumerate().min_by_key(|(_, p)| p.ticks).map_or(0, |(i, _)| i)
    }
}

/// How equal initiative totals are ordered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InitiativeTieBreak {
    /// The higher modifier first, then the order the entrants were listed in.
    #[default]
    HigherModifier,
    /// The order the entrants were listed in.
    Listed,
}

/// Mapping initiative totals onto the segments of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SegmentRule {
    /// Segments in a round; a total acts in the segment of its value, clamped to 1..=segments.
    pub segments: u32,
    /// The resource a total above the last segment gains (total - segments) of, if any.
    pub overflow_resource: Option<String>,
}

/// A declared initiative roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeRule {
    /// Sides of the die [`roll_initiative`] rolls; 0: no die, the modifier alone orders.
    pub sides: u32,
    /// How ties are ordered.
    pub tie_break: InitiativeTieBreak,
    /// Segments, if the round has them.
    pub segments: Option<SegmentRule>,
}

/// One entrant's initiative.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InitiativeRoll {
    /// Who.
    pub name: String,
    /// The dice rolled (none for an order by value alone, `Turn order: [Agility]`).
    pub dice: Vec<RolledDie>,
    /// The modifier added (what breaks ties under [`InitiativeTieBreak::HigherModifier`]).
    pub modifier: i64,
    /// Dice plus modifier.
    pub total: i64,
    /// The segment, under a segment rule.
    pub segment: Option<u32>,
    /// How far the total went past the last segment (0 otherwise).
    pub overflow: i64,
    /// The side phase the entrant acts in (a system's `Side order:`; 0 first): every
    /// entrant of an earlier phase acts before any of a later one, whatever the totals.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub phase: u32,
}

impl InitiativeRoll {
    /// An entrant's total before ordering: `dice` (maybe none) and `modifier` made `total`.
    pub fn new(name: impl Into<String>, dice: Vec<RolledDie>, modifier: i64, total: i64) -> Self {
        InitiativeRoll {
            name: name.into(),
            dice,
            modifier,
            total,
            segment: None,
            overflow: 0,
            phase: 0,
        }
    }
}

/// Rolls initiative for `entrants` (name, modifier) in the listed order, one die of
/// `rule.sides` each (none when `sides` is 0: the modifier alone orders), and returns them
/// in turn order (see [`order_initiative`]).
pub fn roll_initiative(
    roller: &mut Roller,
    entrants: &[(String, i64)],
    rule: &InitiativeRule,
) -> Result<Vec<InitiativeRoll>, EngineErrorKind> {
    let mut rolls = Vec::with_capacity(entrants.len());
    for (name, modifier) in entrants {
        let dice = if rule.sides == 0 { Vec::new() } else { vec![roll_die(roller, rule.sides)?] };
        let faces: i64 = dice.iter().map(|die| i64::from(die.face)).sum();
        rolls.push(InitiativeRoll::new(name.clone(), dice, *modifier, faces + *modifier));
    }
    Ok(order_initiative(rolls, rule))
}

/// Puts entrants' totals (given in the listed order) in turn order: highest total first;
/// equal totals by `rule.tie_break` (the higher modifier, then the listed order; or the
/// listed order alone), so the order never depends on anything but the totals and the
/// listing; an earlier side phase goes before a later one whatever the totals. Under a
/// segment rule each total acts in the segment of its value, clamped to
/// 1..=segments, and a total past the last segment records the overflow.
pub fn order_initiative(
    mut rolls: Vec<InitiativeRoll>,
    rule: &InitiativeRule,
) -> Vec<InitiativeRoll> {
    for roll in &mut rolls {
        (roll.segment, roll.overflow) = match &rule.segments {
            Some(s) => {
                let last = i64::from(s.segments.max(1));
                (Some(roll.total.clamp(1, last) as u32), (roll.total - last).max(0))
            }
            None => (None, 0),
        };
    }
    // sort_by is stable: equal keys keep the listed order.
    match rule.tie_break {
        InitiativeTieBreak::HigherModifier => {
            rolls.sort_by_key(|r| (r.phase, std::cmp::Reverse((r.total, r.modifier))))
        }
        InitiativeTieBreak::Listed => rolls.sort_by_key(|r| (r.phase, std::cmp::Reverse(r.total))),
    }
    rolls
}

/// Participants in the order of `rolls`.
pub fn participants_from(rolls: &[InitiativeRoll]) -> Vec<Participant> {
    rolls
        .iter()
        .map(|r| Participant {
            initiative: r.total,
            segment: r.segment,
            ..Participant::new(r.name.clone())
        })
        .collect()
}
