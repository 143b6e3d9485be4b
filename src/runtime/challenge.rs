//! Challenge encounters: "N breakthroughs before M setbacks". A challenge is an encounter
//! whose turn order is the system's `Turn order:` die alone, with two party-wide counters.
//! Each counter is a resource the system declares (`Resource Breakthroughs: ...`): any
//! effect that changes that resource on a participant (`gain 1 Breakthroughs`) changes the
//! counter, which is the participants' sum. After every command the runtime recounts and
//! logs the moment the challenge is won or lost.

use crate::diagnostics::Span;
use crate::engine::{Challenge, ChallengeStatus};

use super::Game;
use super::encounter::TurnOrder;
use super::error::{RuntimeError, RuntimeErrorKind};

/// The resource that counts a challenge's successes unless the caller names another.
pub const SUCCESS_COUNTER: &str = "Breakthroughs";
/// The resource that counts a challenge's failures unless the caller names another.
pub const FAILURE_COUNTER: &str = "Setbacks";

impl Game {
    /// Starts a challenge won by `breakthroughs_needed` Breakthroughs before
    /// `setbacks_limit` Setbacks, counted by the system's resources of those names; turn
    /// order is the `Turn order:` die alone. Returns the participants in turn order.
    pub fn start_challenge(
        &mut self,
        breakthroughs_needed: u32,
        setbacks_limit: u32,
        participants: &[&str],
    ) -> Result<Vec<String>, RuntimeError> {
        let challenge = Challenge::new(breakthroughs_needed, setbacks_limit)
            .counted_by(SUCCESS_COUNTER, FAILURE_COUNTER);
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
