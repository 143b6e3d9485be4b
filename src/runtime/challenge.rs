//! Challenge encounters: "N successes before M failures". A challenge is an encounter whose
//! turn order is the system's `Turn order:` die alone, with two party-wide counters. The
//! system names them (`Challenge counters: Successes, Failures`), each a resource it
//! declares: any effect that changes that resource on a participant (`gain 1 Successes`)
//! changes the counter, which is the participants' sum. After every command the runtime
//! recounts and logs the moment the challenge is won or lost.

use crate::diagnostics::{Span, Spanned};
use crate::engine::{Challenge, ChallengeStatus};

use super::Game;
use super::encounter::TurnOrder;
use super::error::{RuntimeError, RuntimeErrorKind};

/// The hint of a system without `Challenge counters:`.
const DECLARE: &str = "declare them in the system block, each a resource: `Challenge counters: \
                       Successes, Failures` with `Resource Successes: start 0; no max`";

impl Game {
    /// The system's challenge counters (`Challenge counters:`), or an error saying how to
    /// declare them.
    pub fn challenge_counters(&self) -> Result<(&str, &str), RuntimeError> {
        match &self.rules.challenge_counters {
            Some((success, failure)) => Ok((success, failure)),
            None => Err(RuntimeErrorKind::Challenge {
                message: "the system declares no challenge counters".to_string(),
                hint: DECLARE.to_string(),
            }
            .at(Span::NONE)),
        }
    }

    /// The system's counters that a command's words name (`5 Successes before 4
    /// Failures`): each word must be its counter (any case; the singular of a counter ending
    /// in `s` too), else an error at the word saying what the system counts.
    pub fn resolve_challenge_counters(
        &self,
        success: &Spanned<String>,
        failure: &Spanned<String>,
    ) -> Result<(String, String), RuntimeError> {
        let (declared_success, declared_failure) = self.challenge_counters()?;
        let names = |declared: &str, written: &str| {
            declared.eq_ignore_ascii_case(written)
                || declared.len() == written.len() + 1
                    && declared[..written.len()].eq_ignore_ascii_case(written)
                    && declared.ends_with(['s', 'S'])
        };
        for (written, declared, what) in
            [(success, declared_success, "successes"), (failure, declared_failure, "failures")]
        {
            if !names(declared, &written.node) {
                return Err(RuntimeErrorKind::Challenge {
                    message: format!(
                        "this system counts a challenge's {what} in `{declared}`, not `{}`",
                        written.node
                    ),
                    hint: format!(
                        "write `challenge N {declared_success} before M {declared_failure} with \
                         ACTORS`"
                    ),
                }
                .at(written.span));
            }
        }
        Ok((declared_success.to_string(), declared_failure.to_string()))
    }

    /// Starts a challenge won by `successes_needed` successes before `failures_limit`
    /// failures, counted in the system's `Challenge counters:`; turn order is the `Turn
    /// order:` die alone. Returns the participants in turn order.
    pub fn start_challenge(
        &mut self,
        successes_needed: u32,
        failures_limit: u32,
        participants: &[&str],
    ) -> Result<Vec<String>, RuntimeError> {
        let (success, failure) = self.challenge_counters()?;
        let challenge =
            Challenge::new(successes_needed, failures_limit).counted_by(success, failure);
        self.start_challenge_counted(challenge, participants)
    }

    /// Starts a challenge counted by the resources `challenge` names (see
    /// [`Challenge::counted_by`]); both must be resources of the system.
    pub fn start_challenge_counted(
        &mut self,
        challenge: Challenge,
        participants: &[&str],
    ) -> Result<Vec<String>, RuntimeError> {
        for counter in [&challenge.success_counter, &challenge.failure_counter] {
            if !self.rules.resources.iter().any(|(name, _)| name == counter) {
                return Err(RuntimeErrorKind::Unknown {
                    what: "resource",
                    name: counter.clone(),
                    suggestion: None,
                }
                .at(Span::NONE));
            }
        }
        self.command(|game| {
            let order = game.run_start_encounter(participants, TurnOrder::Bare)?;
            if let Some(encounter) = game.world.encounter.as_mut() {
                encounter.challenge = Some(challenge);
            }
            game.tally_challenge(true)?;
            Ok(order)
        })
    }

    /// The running challenge's counters and targets, if a challenge is running.
    pub fn challenge(&self) -> Option<&Challenge> {
        self.world.encounter.as_ref().and_then(|encounter| encounter.challenge.as_ref())
    }

    /// The participant after `actor` in turn order (wrapping round), if an encounter is
    /// running and has someone else: the target of `Next Ally` / `next in turn order`.
    pub fn next_in_turn_order(&self, actor: &str) -> Option<String> {
        let encounter = self.world.encounter.as_ref()?;
        let count = encounter.participants.len();
        let at = encounter.participants.iter().position(|p| p.name == actor)?;
        let next = &encounter.participants[(at + 1) % count].name;
        (next != actor).then(|| next.clone())
    }

    /// Recounts the running challenge from its counter resources and logs the moment it is
    /// won or lost (once); `announce` logs the counters even when unchanged. Runs at the
    /// end of every successful command.
    pub(super) fn tally_challenge(&mut self, announce: bool) -> Result<(), RuntimeError> {
        let Some(encounter) = self.world.encounter.as_ref() else { return Ok(()) };
        let Some(challenge) = encounter.challenge.as_ref() else { return Ok(()) };
        if challenge.success_counter.is_empty() {
            return Ok(());
        }
        let total = |counter: &str| -> u32 {
            let sum: i64 = encounter
                .participants
                .iter()
                .filter_map(|p| self.world.actor(&p.name).ok())
                .filter_map(|actor| actor.resources.get(counter).map(|r| r.current))
                .sum();
            u32::try_from(sum.max(0)).unwrap_or(u32::MAX)
        };
        let successes = total(&challenge.success_counter);
        let failures = total(&challenge.failure_counter);
        let before = challenge.status();
        let mut updated = challenge.clone();
        updated.successes = successes;
        updated.failures = failures;
        let after = updated.status();
        let text = format!(
            "challenge: {} {}/{}, {} {}/{}",
            updated.success_counter,
            successes,
            updated.success_target,
            updated.failure_counter,
            failures,
            updated.failure_target
        );
        let changed = announce
            || updated.successes != challenge.successes
            || updated.failures != challenge.failures;
        if let Some(encounter) = self.world.encounter.as_mut() {
            encounter.challenge = Some(updated);
        }
        if changed {
            self.world.narrate(text, Span::NONE);
        }
        if before == ChallengeStatus::Ongoing {
            match after {
                ChallengeStatus::Won => self.world.narrate("the challenge is won", Span::NONE),
                ChallengeStatus::Lost => self.world.narrate("the challenge is lost", Span::NONE),
                ChallengeStatus::Ongoing => {}
            }
        }
        Ok(())
    }
}
