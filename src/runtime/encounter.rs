//! Checks and encounters as commands: [`Game::check`] runs a check through the system's
//! procedure; [`Game::start_encounter`] rolls the system's `Turn order:` for each participant
//! (segments from `Segments:`) and installs the system's `reset to N at turn start` rules;
//! [`Game::next_turn`] moves to the next phase or turn; [`Game::end_encounter`] ends
//! conditions bound to the encounter and clears resources `lost at end of encounter`.

use crate::diagnostics::Span;
use crate::engine::{
    EngineErrorKind, InitiativeRoll, InitiativeRule, InitiativeTieBreak, Phase, QueuedPower,
    RolledDie, SegmentRule, TurnStep,
};
use crate::model::SystemLine;
use crate::model::expr::{LineContext, Rounding, evaluate};
use crate::model::system::TemplatePart;
use crate::model::timing::Moment;

use super::Game;
use super::checks::{CheckOutcome, CheckRequest, run_check};
use super::error::{RuntimeError, RuntimeErrorKind};
use super::power::{PowerOptions, PowerUse, Stage};
use super::procedures::{VersusOutcome, VersusRequest, run_versus};
use super::scope::LineScope;
use crate::engine::Decider;

fn engine(kind: EngineErrorKind) -> RuntimeError {
    RuntimeErrorKind::Engine(kind).at(Span::NONE)
}

impl Game {
    /// Runs a check as one command (the roll is logged and undoable); decisions (second
    /// die, boost) are answered by the request's `policies`, else the procedure's `Policy`
    /// lines.
    pub fn check(&mut self, request: &CheckRequest) -> Result<CheckOutcome, RuntimeError> {
        self.command(|game| run_check(&game.rules, &mut game.world, request, None))
    }

    /// Runs a check with `decider` answering its decisions: the REPL passes its
    /// question-asker here. Every decision is logged; a failed check changes nothing.
    pub fn check_with(
        &mut self,
        request: &CheckRequest,
        decider: &mut dyn Decider,
    ) -> Result<CheckOutcome, RuntimeError> {
        self.check_answered(request, decider)
    }

    /// Runs a versus check as one command: the attacker's request, then the defender's,
    /// each by its own procedure; scores (success number, total, successes, else grade)
    /// compared under the tie rule. Decisions follow each side's policies.
    pub fn versus(&mut self, request: &VersusRequest) -> Result<VersusOutcome, RuntimeError> {
        self.command(|game| run_versus(&game.rules, &mut game.world, request, None))
    }

    /// [`Game::versus`] with `decider` answering both sides' decisions (the REPL's asker).
    pub fn versus_with(
        &mut self,
        request: &VersusRequest,
        decider: &mut dyn Decider,
    ) -> Result<VersusOutcome, RuntimeError> {
        self.versus_answered(request, decider)
    }

    /// Starts an encounter: each participant rolls the system's `Turn order:` (die plus the
    /// template's bonus), highest first; `Segments:` maps totals onto segments.
    pub fn start_encounter(&mut self, participants: &[&str]) -> Result<Vec<String>, RuntimeError> {
        self.command(|game| game.run_start_encounter(participants, TurnOrder::Initiative))
    }

    /// Opens an encounter: `Initiative` rolls the system's `Turn order:` with its holes
    /// filled from each participant, mapped onto `Segments:`; `Bare` rolls only its dice
    /// (challenge turn order: every hole counts 0), without segments. A `Turn order:` with no
    /// dice (`[Agility]`) orders by its value alone; equal totals go to the higher hole sum,
    /// then keep the order the participants were named in. Without a `Turn order:` line
    /// each participant rolls 1d10.
    pub(super) fn run_start_encounter(
        &mut self,
        participants: &[&str],
        order: TurnOrder,
    ) -> Result<Vec<String>, RuntimeError> {
        let bare = order == TurnOrder::Bare;
        let mut template = None;
        let mut segments = None;
        for line in &self.rules.system {
            match &line.node {
                SystemLine::TurnOrder(order) => template = Some((order.clone(), line.span)),
                SystemLine::Segments(amount) => {
                    let scope = LineScope::of(&self.rules, &EMPTY);
                    segments =
                        Some(scope.amount(amount, LineContext::Declaration, Rounding::Floor)?);
                }
                _ => {}
            }
        }
        let span = template.as_ref().map_or(Span::NONE, |(_, span)| *span);
        let side_order = self.rules.system.iter().find_map(|line| match &line.node {
            SystemLine::SideOrder(sides) => Some(sides.len()),
            _ => None,
        });
        let mut listed = Vec::with_capacity(participants.len());
        for name in participants {
            let actor = self.world.actor(name).map_err(engine)?;
            let scope = LineScope::of(&self.rules, actor);
            let mut holes = Vec::new();
            if let Some((order, _)) = &template {
                for part in order.node.parts() {
                    if let TemplatePart::Hole(expr) = part {
                        holes.push(if bare {
                            0
                        } else {
                            evaluate(expr, &scope, LineContext::Declaration)?.round(Rounding::Floor)
                        });
                    }
                }
            }
            let text = match &template {
                Some((order, _)) => order.node.fill(&holes),
                None => "1d10".to_string(),
            };
            let dice_error = |error: crate::dice::DiceError| {
                let kind = crate::model::expr::EvalErrorKind::Script(format!("`{text}`: {error}"));
                RuntimeErrorKind::Eval(kind).at(span)
            };
            let phase = self.side_phase(name);
            if template.is_none() && side_order.is_some() {
                // Side phases without a `Turn order:` roll nothing: the named order within
                // each side.
                let mut entrant = InitiativeRoll::new(*name, Vec::new(), 0, 0);
                entrant.phase = phase;
                listed.push(entrant);
                continue;
            }
            let expression = crate::dice::DiceExpr::parse(&text).map_err(dice_error)?;
            let roll = self.world.roller.roll(&expression).map_err(dice_error)?;
            let dice = roll.dice.iter().map(RolledDie::from).collect();
            let mut entrant = InitiativeRoll::new(*name, dice, holes.iter().sum(), roll.total);
            entrant.phase = phase;
            listed.push(entrant);
        }
        let rule = InitiativeRule {
            sides: 0,
            tie_break: InitiativeTieBreak::HigherModifier,
            segments: segments.filter(|_| !bare).map(|s| SegmentRule {
                segments: u32::try_from(s.max(1)).unwrap_or(1),
                // The runtime adds the overflow itself, after the first start-phase reset.
                overflow_resource: None,
            }),
        };
        let rolls = self.world.start_encounter_in_order(listed, &rule, Vec::new(), span)?;
        if !bare {
            self.apply_initiative();
        }
        let everyone = self.participants();
        super::moments::run(self, Moment::EncounterStart, &everyone)?;
        if self.in_rounds() {
            super::moments::run(self, Moment::RoundStart, &everyone)?;
        }
        if let Some(first) = rolls.first() {
            let first = first.name.clone();
            super::moments::run(self, Moment::TurnStart, std::slice::from_ref(&first))?;
            self.start_phase(&first)?;
            super::turn_effects::run(self, &first, &Phase::Start)?;
            super::hooks::turn_phase(self, &first, &Phase::Start)?;
            super::turn_control::skip_due(self)?;
        }
        Ok(rolls.into_iter().map(|roll| roll.name).collect())
    }

    /// Moves the encounter on by one phase or turn, step by step: each step is logged and
    /// ends the conditions bound to it, then its moment's resource rules run (round end and
    /// round start for every participant; turn start before anything else of a start
    /// phase; turn end after everything else of an end phase). Entering a start phase
    /// resolves invested powers whose segment has come, then re-resolves the acting actor's
    /// sustained powers; entering an end phase tests the acting actor's powers with a
    /// `Halt:` line (a grade of 1 or more ends them).
    pub fn next_turn(&mut self) -> Result<Vec<TurnStep>, RuntimeError> {
        self.command(Game::step_phase)
    }

    /// The body of [`Game::next_turn`], for commands that take several steps as one: each
    /// step is logged by the engine, then its moment runs ([`Game::run_step`]).
    pub(super) fn step_phase(&mut self) -> Result<Vec<TurnStep>, RuntimeError> {
        let steps = self.pass_phase()?;
        super::turn_control::skip_due(self)?;
        Ok(steps)
    }

    /// One step of [`Game::step_phase`], without skipping the turns that must be skipped.
    pub(super) fn pass_phase(&mut self) -> Result<Vec<TurnStep>, RuntimeError> {
        super::ticks::end_of_turn(self)?;
        let steps = self.world.encounter_mut().map_err(engine)?.advance();
        for step in &steps {
            self.world.apply_step(step.clone())?;
            self.run_step(step)?;
        }
        Ok(steps)
    }

    /// What the runtime does at one turn step, after the engine logged it.
    fn run_step(&mut self, step: &TurnStep) -> Result<(), RuntimeError> {
        match step {
            TurnStep::RoundEnded { .. } | TurnStep::RoundStarted { .. } if self.in_rounds() => {
                let moment = match step {
                    TurnStep::RoundEnded { .. } => Moment::RoundEnd,
                    _ => Moment::RoundStart,
                };
                super::moments::run(self, moment, &self.participants())
            }
            TurnStep::PhaseStarted { actor, phase } => {
                let only = std::slice::from_ref(actor);
                match phase {
                    Phase::Start => {
                        super::moments::run(self, Moment::TurnStart, only)?;
                        self.start_phase(actor)?;
                    }
                    Phase::End => self.end_phase(actor)?,
                    Phase::Action => {}
                }
                super::turn_effects::run(self, actor, phase)?;
                super::hooks::turn_phase(self, actor, phase)?;
                if *phase == Phase::End {
                    super::moments::run(self, Moment::TurnEnd, only)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The side phase `actor` acts in under the system's `Side order:` (its side's place in
    /// the line; an actor of no listed side acts after them all); 0 without the line.
    fn side_phase(&self, actor: &str) -> u32 {
        let Some(sides) = self.rules.system.iter().find_map(|line| match &line.node {
            SystemLine::SideOrder(sides) => Some(sides),
            _ => None,
        }) else {
            return 0;
        };
        let side = self.world.actor(actor).ok().and_then(|a| a.side.as_deref());
        let at = side.and_then(|side| sides.iter().position(|s| s.node.matches(side)));
        u32::try_from(at.unwrap_or(sides.len())).unwrap_or(u32::MAX)
    }

    /// Whether the running encounter counts rounds (plain turns; a tick timeline has none).
    fn in_rounds(&self) -> bool {
        self.world.encounter.as_ref().is_some_and(|e| e.mode == crate::engine::TurnMode::Ordered)
    }

    /// The running encounter's participants, in the order they joined the game (the order
    /// every-participant moments run in).
    fn participants(&self) -> Vec<String> {
        let Some(encounter) = &self.world.encounter else { return Vec::new() };
        let taking_part = |name: &str| encounter.participants.iter().any(|p| p.name == name);
        self.world.actors.iter().filter(|a| taking_part(&a.name)).map(|a| a.name.clone()).collect()
    }

    /// Segments elapsed in the encounter: rounds times the system's segments plus how far
    /// the acting participant's segment is into the round (segments count down). Without
    /// segments each turn counts as one.
    pub fn segment_clock(&self) -> i64 {
        let Some(encounter) = &self.world.encounter else { return 0 };
        let count = i64::try_from(encounter.participants.len()).unwrap_or(i64::MAX);
        let per_round = self.rules.segments.unwrap_or(count).max(1);
        let round = i64::from(encounter.round.saturating_sub(1));
        let into = match encounter.acting().and_then(|p| p.segment) {
            Some(segment) => per_round - i64::from(segment),
            None => i64::try_from(encounter.current).unwrap_or(0),
        };
        round.saturating_mul(per_round).saturating_add(into)
    }

    fn queued(&self) -> Vec<QueuedPower> {
        self.world.encounter.as_ref().map(|e| e.queued.clone()).unwrap_or_default()
    }

    fn set_queued(&mut self, queued: Vec<QueuedPower>) {
        if let Some(encounter) = self.world.encounter.as_mut() {
            encounter.queued = queued;
        }
    }

    fn start_phase(&mut self, actor: &str) -> Result<(), RuntimeError> {
        self.first_round_overflow(actor)?;
        let now = self.segment_clock();
        let mut keep = Vec::new();
        let mut due = Vec::new();
        for queued in self.queued() {
            match queued.due {
                Some(at) if at <= now => due.push(queued),
                None if queued.actor == actor => {
                    due.push(queued.clone());
                    keep.push(queued);
                }
                _ => keep.push(queued),
            }
        }
        self.set_queued(keep);
        for queued in due {
            self.run_power(&request_of(&queued), Stage::Resolve)?;
        }
        Ok(())
    }

    /// Ruling: a turn-order total above the last segment gives the rest to the declared
    /// resource at the actor's first start phase, after that phase's reset (so the extra is
    /// not reset away).
    fn first_round_overflow(&mut self, actor: &str) -> Result<(), RuntimeError> {
        let (Some(resource), Some(segments)) =
            (self.rules.overflow_resource.clone(), self.rules.segments)
        else {
            return Ok(());
        };
        let Some(encounter) = &self.world.encounter else { return Ok(()) };
        if encounter.round != 1 {
            return Ok(());
        }
        let Some(participant) = encounter.participants.iter().find(|p| p.name == actor) else {
            return Ok(());
        };
        let extra = participant.initiative - segments;
        if extra > 0 && self.world.actor(actor).map_err(engine)?.resources.contains_key(&resource) {
            self.world.change_resource(actor, &resource, extra, Span::NONE)?;
        }
        Ok(())
    }

    fn end_phase(&mut self, actor: &str) -> Result<(), RuntimeError> {
        let mut keep = Vec::new();
        for queued in self.queued() {
            let halts = queued.due.is_none()
                && queued.actor == actor
                && self.power_has_halt(&queued.power)
                && self
                    .run_power(&request_of(&queued), Stage::Test)?
                    .targets
                    .iter()
                    .any(|t| t.grade >= 1);
            if halts {
                self.world
                    .narrate(format!("{}'s {} halts", queued.actor, queued.power), Span::NONE);
            } else {
                keep.push(queued);
            }
        }
        self.set_queued(keep);
        Ok(())
    }

    fn power_has_halt(&self, power: &str) -> bool {
        let Some(block) = self.rules.powers.find(power) else {
            return false;
        };
        matches!(&block.body, crate::model::BlockBody::Power(lines)
            if lines.iter().any(|l| matches!(l.node, crate::model::PowerLine::Halt(_))))
    }

    /// Ends the encounter for its participants (and only them): their conditions bound to
    /// it end, then the resource rules of `end of encounter` run (`lost at end of
    /// encounter` drops to 0).
    pub fn end_encounter(&mut self) -> Result<(), RuntimeError> {
        self.command(|game| {
            let participants = game.participants();
            game.world.end_encounter()?;
            super::moments::run(game, Moment::EncounterEnd, &participants)
        })
    }
}

/// How an encounter's turn order is rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TurnOrder {
    /// The system's `Turn order:` die plus its bonus, mapped onto `Segments:`.
    Initiative,
    /// The `Turn order:` die alone (challenge encounters).
    Bare,
}

fn request_of(queued: &QueuedPower) -> PowerUse {
    PowerUse {
        actor: queued.actor.clone(),
        power: queued.power.clone(),
        targets: queued.targets.clone(),
        options: PowerOptions {
            aid: queued.aid,
            weapon: queued.weapon.clone(),
            choices: queued.choices.clone(),
            threshold: queued.threshold,
            ..PowerOptions::default()
        },
    }
}

static EMPTY: std::sync::LazyLock<crate::engine::Actor> =
    std::sync::LazyLock::new(|| crate::engine::Actor::new(""));

/// Says at `span` that a line of `what` needs a running encounter that is not there, and
/// what happens instead (`so`): a line that silently did not apply would read as one that
/// did. `Slow Bolt: no encounter runs, so it resolves now (`Invest: 3`)`.
pub(crate) fn no_encounter(game: &mut Game, what: &str, so: &str, span: Span) {
    game.world.narrate_no_encounter(what, so.to_string().into(), span);
}

/// [`no_encounter`] for a line that governs turns, rounds or encounters and so counts or
/// restricts nothing out of one (`Limit:`, `Per turn:`, `only on own turn`): a standing
/// fact, said at the first use it would have counted and not again until an encounter
/// starts (the line is marked said in the world, so undo and saves agree with the log).
/// `so` is only asked for when it is said, and the event keeps the parts: a line's own
/// text can be written once at load. `Cleave: no encounter runs, so `Limit: twice per
/// round` counts nothing`.
pub(crate) fn no_encounter_once(
    game: &mut Game,
    what: &str,
    so: impl FnOnce() -> crate::engine::text::SharedText,
    span: Span,
) {
    if game.world.mark_said(span) {
        game.remember_said(span);
        game.world.narrate_no_encounter(what, so(), span);
    }
}
