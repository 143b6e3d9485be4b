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
use super::error::{RuntimeError, RuntimeErrorKind};
use super::power::{PowerOutcome, PowerUse};
use super::procedures::{VersusOutcome, VersusRequest};

/// The engine's own questions inside one answering command, replayed like scripts'
/// decisions: the answers so far, the next to hand out, and the question beyond them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Questions {
    /// True while a decider stands behind the answers.
    pub asking: bool,
    /// The answers so far, in the order the questions come.
    pub given: Vec<DecisionTaken>,
    /// The next answer to hand out.
    pub next: usize,
    /// The question asked beyond the given answers.
    pub asked: Option<DecisionPoint>,
    /// True while a person stands behind the answers ([`Decider::asks_person`]).
    pub person: bool,
}

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
    /// Runs `command` with the engine's own questions (which defences) and its scripts'
    /// decisions answered by `decider` (see the module documentation). Inside another
    /// answering command the outer one answers.
    pub(crate) fn answering<T>(
        &mut self,
        decider: &mut dyn Decider,
        mut command: impl FnMut(&mut Game, &mut dyn Decider) -> Result<T, RuntimeError>,
    ) -> Result<T, RuntimeError> {
        if self.questions.asking {
            return self.answering_scripts(decider, command);
        }
        let mut own: Vec<DecisionTaken> = Vec::new();
        loop {
            let person = decider.asks_person();
            self.questions =
                Questions { asking: true, person, given: own.clone(), ..Questions::default() };
            let result = self.answering_scripts(decider, &mut command);
            let asked = self.questions.asked.take();
            self.questions = Questions::default();
            match asked {
                Some(point) if result.is_err() && own.len() < MAX_DECISIONS => {
                    own.push(decider.decide(&point));
                }
                _ => return result,
            }
        }
    }

    /// [`Game::answering`] for scripts' decisions.
    fn answering_scripts<T>(
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
            self.questions.next = 0;
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

    /// Asks the engine's own question `point` for `actor`: the answer given in an earlier
    /// run of this command, else (inside [`Game::answering`]) it stops the command to ask
    /// the decider, else the default policy answers. The answer is logged.
    pub(crate) fn ask(
        &mut self,
        actor: &str,
        point: DecisionPoint,
    ) -> Result<crate::engine::Answer, RuntimeError> {
        let questions = &mut self.questions;
        let taken = match questions.given.get(questions.next) {
            Some(taken) if taken.point == point => {
                questions.next += 1;
                taken.clone()
            }
            _ if questions.asking => {
                let shown = format!("{point:?}");
                questions.asked = Some(point);
                return Err(RuntimeErrorKind::Asked(shown).at(crate::diagnostics::Span::NONE));
            }
            _ => crate::engine::PolicyDecider::default().decide(&point),
        };
        let answer = taken.answer;
        let actor = Some(actor.to_string());
        self.world.record(crate::engine::Event::Decision { actor, taken: taken.into() });
        Ok(answer)
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
