//! Tick initiative: the system's `Initiative: ticks` (or a session's override) opens
//! encounters on a tick timeline, and each power use by a participant costs its `Ticks:`
//! line, else the system's `Action ticks:`, else 1. The engine picks the participant with
//! the fewest ticks after each turn; plain turns stay the default.

use crate::diagnostics::Span;
use crate::engine::TurnMode;
use crate::model::expr::{LineContext, Rounding};
use crate::model::outcome::InitiativeMode;
use crate::model::{Block, BlockBody, PowerLine, SystemLine};

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::rules::Rules;
use super::scope::LineScope;

impl Game {
    /// Chooses plain turns or ticks for encounters started from now on, over the system's
    /// `Initiative:` line; `None` goes back to the system's choice.
    pub fn set_initiative(&mut self, mode: Option<InitiativeMode>) {
        self.initiative = mode;
    }

    /// How encounters started now order their turns.
    pub fn initiative(&self) -> InitiativeMode {
        self.initiative.unwrap_or_else(|| {
            self.rules
                .system
                .iter()
                .find_map(|line| match &line.node {
                    SystemLine::Initiative(mode) => Some(*mode),
                    _ => None,
                })
                .unwrap_or_default()
        })
    }

    /// Puts a just-opened encounter on the tick timeline when ticks are chosen. Everyone
    /// starts at tick 0, so the initiative order breaks the first ties.
    pub(crate) fn apply_initiative(&mut self) {
        if self.initiative() == InitiativeMode::Ticks
            && let Some(encounter) = self.world.encounter.as_mut()
        {
            encounter.mode = TurnMode::Ticks;
        }
    }
}

/// The system's `Action ticks:` for `actor` (1 when not declared).
fn action_ticks(game: &Game, rules: &Rules, actor: &str) -> Result<i64, RuntimeError> {
    let declared = rules.system.iter().find_map(|line| match &line.node {
        SystemLine::ActionTicks(amount) => Some((amount, line.span)),
        _ => None,
    });
    match declared {
        Some((amount, span)) => ticks_of(game, rules, actor, amount, span),
        None => Ok(1),
    }
}

fn ticks_of(
    game: &Game,
    rules: &Rules,
    actor: &str,
    amount: &crate::model::Amount,
    span: Span,
) -> Result<i64, RuntimeError> {
    let who = game.world.actor(actor).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    LineScope::of(rules, who)
        .amount(amount, LineContext::Declaration, Rounding::Floor)
        .map_err(|e| RuntimeError::from(e).or_at(span))
}

/// Whether a tick encounter is running with `actor` in it.
fn ticking(game: &Game, actor: &str) -> bool {
    game.world.encounter.as_ref().is_some_and(|e| {
        e.mode == TurnMode::Ticks && e.participants.iter().any(|p| p.name == actor)
    })
}

/// Adds `ticks` to `actor` on the timeline, logged.
fn charge(game: &mut Game, actor: &str, ticks: i64, why: &str) -> Result<(), RuntimeError> {
    let encounter =
        game.world.encounter_mut().map_err(|k| RuntimeErrorKind::Engine(k).at(Span::NONE))?;
    let total = encounter
        .spend_ticks(actor, u64::try_from(ticks.max(0)).unwrap_or(0))
        .map_err(|k| RuntimeErrorKind::Engine(k).at(Span::NONE))?;
    game.world
        .narrate(format!("{actor} spends {ticks} ticks {why} (now at tick {total})"), Span::NONE);
    Ok(())
}

/// Charges `actor` the ticks of using `power`, when a tick encounter is running and the
/// actor takes part.
// Inline (always: the pipeline around it is too large for the usual hint): every use asks,
// and off a tick timeline the answer is at hand.
// Kept: +89 instructions per attack without the pins of ticks, checks, flow (Nov 2026).
#[inline(always)]
pub(crate) fn spend(
    game: &mut Game,
    rules: &Rules,
    actor: &str,
    power: &Block,
) -> Result<(), RuntimeError> {
    if !ticking(game, actor) {
        return Ok(());
    }
    spend_ticking(game, rules, actor, power)
}

/// [`spend`] for an actor on a tick timeline.
fn spend_ticking(
    game: &mut Game,
    rules: &Rules,
    actor: &str,
    power: &Block,
) -> Result<(), RuntimeError> {
    let own = match &power.body {
        BlockBody::Power(lines) => lines.iter().find_map(|line| match &line.node {
            PowerLine::Ticks(amount) => Some((amount, line.span)),
            _ => None,
        }),
        _ => None,
    };
    let ticks = match own {
        Some((amount, span)) => ticks_of(game, rules, actor, amount, span)?,
        None => action_ticks(game, rules, actor)?,
    };
    charge(game, actor, ticks, &format!("on {}", power.name.node))
}

/// Before the acting participant's turn ends on a tick timeline: a turn that spent no ticks
/// costs the default action (waiting), so the timeline always moves on. Then the count for
/// the next turn starts at 0.
pub(crate) fn end_of_turn(game: &mut Game) -> Result<(), RuntimeError> {
    let Some(encounter) = &game.world.encounter else { return Ok(()) };
    let ending = encounter.phase == crate::engine::Phase::End;
    let Some(acting) = encounter.acting().filter(|_| ending).cloned() else { return Ok(()) };
    if !ticking(game, &acting.name) {
        return Ok(());
    }
    if acting.ticks_this_turn == 0 {
        let rules = std::sync::Arc::clone(&game.rules);
        let ticks = action_ticks(game, &rules, &acting.name)?;
        charge(game, &acting.name, ticks, "waiting")?;
    }
    if let Some(encounter) = game.world.encounter.as_mut() {
        for participant in &mut encounter.participants {
            participant.ticks_this_turn = 0;
        }
    }
    Ok(())
}
