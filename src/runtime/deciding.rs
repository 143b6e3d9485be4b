//! Commands whose scripts ask the caller's decider: a script's `decide(question, options)`
//! inside a power use, a check or a turn is answered by the batch policy or the REPL's
//! question, not by a fixed default. The decider is borrowed by the caller and scripts run
//! behind a `'static` host, so the host cannot hold it; instead the command runs with the
//! answers known so far, a question beyond them stops the script (uncatchably), the command
//! rolls back, the decider is asked, and the command runs again with one more answer. The
//! same seed, dice and answers give the same questions, so the replay is exact; each answer
//! is logged once, by the run that succeeds.

use crate::engine::{Decider, DecisionPoint, DecisionTaken};

use super::Game;
use super::checks::{CheckOutcome, CheckRequest};
use super::error::RuntimeError;
use super::power::{PowerOutcome, PowerUse};
use super::procedures::{VersusOutcome, VersusRequest};

/// How many answers one command may ask for before it fails instead of asking again.
pub(crate) const MAX_DECISIONS: usize = 64;

/// A decider that replays the answers it gave in earlier runs of the same command, so the
/// engine's own decisions (second die, boost) are asked once however often the command runs.
struct Replaying<'d> {
    inner: &'d mut dyn Decider,
    given: Vec<DecisionTaken>,
    next: usize,
    /// What the next question is about, passed on only when it is really asked (a replayed
    /// answer shows nothing again).
    shown: Vec<String>,
}

impl Decider for Replaying<'_> {
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        let shown = std::mem::take(&mut self.shown);
        if let Some(taken) = self.given.get(self.next).filter(|taken| taken.point == *point) {
            self.next += 1;
            return taken.clone();
        }
        for happened in &shown {
            self.inner.show(happened);
        }
        let taken = self.inner.decide(point);
        self.given.truncate(self.next);
        self.given.push(taken.clone());
        self.next += 1;
        taken
    }

    fn show(&mut self, happened: &str) {
        self.shown.push(happened.to_string());
    }
}

impl Game {
    /// Runs `command` with scripts' decisions answered by `decider` (see the module
    /// documentation). Without scripts, or inside another answering command, it runs once.
    pub(crate) fn answering<T>(
        &mut self,
        decider: &mut dyn Decider,
        mut command: impl FnMut(&mut Game, &mut dyn Decider) -> Result<T, RuntimeError>,
    ) -> Result<T, RuntimeError> {
        let Some(scripts) = self.rules.scripts.clone() else { return command(self, decider) };
        let mut engine =
            Replaying { inner: decider, given: Vec::new(), next: 0, shown: Vec::new() };
        let mut answers: Vec<DecisionTaken> = Vec::new();
        loop {
            if !scripts.begin_answering(answers.clone()) {
                return command(self, &mut engine);
            }
            engine.next = 0;
            let result = command(self, &mut engine);
            let asked = scripts.end_answering();
            match asked {
                Some(point) if result.is_err() && answers.len() < MAX_DECISIONS => {
                    answers.push(engine.inner.decide(&point));
                }
                _ => return result,
            }
        }
    }

    /// [`Game::use_power`] with `decider` answering the decisions its scripts ask
    /// (`decide(...)`): the REPL passes its question-asker, a batch session its policies.
    pub fn use_power_with(
        &mut self,
        request: &PowerUse,
        decider: &mut dyn Decider,
    ) -> Result<PowerOutcome, RuntimeError> {
        self.answering(decider, |game, _| {
            game.command_journaled(|game| game.run_power(request, super::power::Stage::Use))
        })
    }

    /// [`Game::next_turn`] with `decider` answering the decisions turn hooks ask.
    pub fn next_turn_with(
        &mut self,
        decider: &mut dyn Decider,
    ) -> Result<Vec<crate::engine::TurnStep>, RuntimeError> {
        self.answering(decider, |game, _| game.next_turn())
    }

    /// A check whose decisions (the engine's and its scripts') go to `decider`.
    pub(crate) fn check_answered(
        &mut self,
        request: &CheckRequest,
        decider: &mut dyn Decider,
    ) -> Result<CheckOutcome, RuntimeError> {
        self.answering(decider, |game, decider| {
            game.command(|game| {
                super::checks::run_check(&game.rules, &mut game.world, request, Some(decider))
            })
        })
    }

    /// A versus check whose decisions (the engine's and its scripts') go to `decider`.
    pub(crate) fn versus_answered(
        &mut self,
        request: &VersusRequest,
        decider: &mut dyn Decider,
    ) -> Result<VersusOutcome, RuntimeError> {
        self.answering(decider, |game, decider| {
            game.command(|game| {
                super::procedures::run_versus(&game.rules, &mut game.world, request, Some(decider))
            })
        })
    }
}
