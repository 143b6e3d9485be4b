//! Turn control from effect lines: `end the turn` closes the turn in progress (its actor
//! uses no more powers until its next turn; `next turn` moves on), `skip the next turn`
//! makes an actor's next turn pass at once, and so does holding a condition with `Turn:
//! skipped` (stunned, surprised) when its turn starts. A skipped turn still runs its start
//! and end phases (resets, ongoing effects, durations); it is logged as `<actor> skips the
//! turn`.

use crate::diagnostics::Span;
use crate::engine::Phase;
use crate::model::{BlockBody, ConditionLine};

use super::Game;
use super::error::RuntimeError;
use super::rules::Rules;

/// `end the turn`: the turn in progress is over.
pub(crate) fn end_turn(game: &mut Game, span: Span) -> Result<(), RuntimeError> {
    let acting = game.world.encounter.as_ref().and_then(|e| e.acting()).map(|p| p.name.clone());
    match acting {
        Some(actor) => {
            if let Some(encounter) = game.world.encounter.as_mut() {
                encounter.turn_over = true;
            }
            game.world.narrate(format!("{actor}'s turn ends"), span);
        }
        None => game.world.narrate("no turn is in progress: nothing to end", span),
    }
    Ok(())
}

/// `skip the next turn` for `who`.
pub(crate) fn skip(game: &mut Game, who: &str, span: Span) -> Result<(), RuntimeError> {
    let participant = game
        .world
        .encounter
        .as_mut()
        .and_then(|e| e.participants.iter_mut().find(|p| p.name == who));
    match participant {
        Some(participant) => {
            participant.skips = participant.skips.saturating_add(1);
            game.world.narrate(format!("{who} will skip the next turn"), span);
        }
        None => {
            game.world.narrate(format!("{who} takes part in no encounter: no turn to skip"), span)
        }
    }
    Ok(())
}

/// Whether `actor` holds a condition with `Turn: skipped`.
fn held_skip(rules: &Rules, game: &Game, actor: &str) -> bool {
    let Ok(holder) = game.world.actor(actor) else { return false };
    if holder.conditions.active.is_empty() {
        return false;
    }
    super::relations::held(rules, holder).iter().any(|held| {
        rules.conditions.find(held.name).is_some_and(|block| match &block.body {
            BlockBody::Condition(lines) => {
                lines.iter().any(|line| matches!(line.node, ConditionLine::TurnSkipped))
            }
            _ => false,
        })
    })
}

/// After the encounter moved on: while the acting participant's turn has just started and
/// it must skip it, the turn passes (start, action and end phases, logged) and the next
/// one is tested. Bounded by one pass per participant and skip, so participants that all
/// skip for good stop at the last one instead of looping.
pub(crate) fn skip_due(game: &mut Game) -> Result<(), RuntimeError> {
    let rules = std::sync::Arc::clone(&game.rules);
    let Some(encounter) = &game.world.encounter else { return Ok(()) };
    let mut budget = encounter.participants.len().saturating_mul(2);
    loop {
        let Some(encounter) = &game.world.encounter else { return Ok(()) };
        let Some(acting) = encounter.acting() else { return Ok(()) };
        if encounter.phase != Phase::Start || budget == 0 {
            return Ok(());
        }
        let actor = acting.name.clone();
        let counted = acting.skips > 0;
        if !counted && !held_skip(&rules, game, &actor) {
            return Ok(());
        }
        budget -= 1;
        if counted
            && let Some(participant) = game
                .world
                .encounter
                .as_mut()
                .and_then(|e| e.participants.iter_mut().find(|p| p.name == actor))
        {
            participant.skips -= 1;
        }
        game.world.narrate(format!("{actor} skips the turn"), Span::NONE);
        // Through the action and end phases into the next turn's start.
        loop {
            if game.pass_phase()?.is_empty() {
                return Ok(());
            }
            if game.world.encounter.as_ref().is_none_or(|e| e.phase == Phase::Start) {
                break;
            }
        }
    }
}
