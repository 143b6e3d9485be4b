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

/// Charges `actor` the ticks of using `power`, when a tick encounter is running and the
/// actor takes part.
pub(crate) fn spend(
    game: &mut Game,
    rules: &Rules,
    actor: &str,
    power: &Block,
) -> Result<(), RuntimeError> {
    let ticking = game.world.encounter.as_ref().is_some_and(|e| {
        e.mode == TurnMode::Ticks && e.participants.iter().any(|p| p.name == actor)
    });
    if !ticking {
        return Ok(());
    }
    let own = match &power.body {
        BlockBody::Power(lines) => lines.iter().find_map(|line| match &line.node {
            PowerLine::Ticks(amount) => Some((amount, line.span)),
            _ => None,
        }),
        _ => None,
    };
    let default = rules.system.iter().find_map(|line| match &line.node {
        SystemLine::ActionTicks(amount) => Some((amount, line.span)),
        _ => None,
    });
    let ticks = match own.or(default) {
        Some((amount, span)) => {
            let who = game.world.actor(actor).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
            LineScope::of(rules, who)
                .amount(amount, LineContext::Declaration, Rounding::Floor)
                .map_err(|e| RuntimeError::from(e).or_at(span))?
        }
        None => 1,
    };
    let encounter =
        game.world.encounter_mut().map_err(|k| RuntimeErrorKind::Engine(k).at(Span::NONE))?;
    let total = encounter
        .spend_ticks(actor, u64::try_from(ticks.max(0)).unwrap_or(0))
        .map_err(|k| RuntimeErrorKind::Engine(k).at(Span::NONE))?;
    game.world.narrate(format!("{actor} spends {ticks} ticks (now at tick {total})"), Span::NONE);
    Ok(())
}
