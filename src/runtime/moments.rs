//! Resource rules that run at a moment of the turn structure: `reset to 6 at turn start`,
//! `gain 1 at round end`, `lost at end of encounter`. Every entry of
//! [`crate::model::timing::MOMENTS`] runs here, for the actors the moment is about (the
//! actor whose turn it is, or every participant), in the order the system declares its
//! resources; an actor without the resource is skipped. Each amount is read on the actor it
//! changes, when the moment comes. Every change is logged like any resource change.

use crate::diagnostics::Span;
use crate::model::expr::LineContext;
use crate::model::system::ResourceRule;
use crate::model::timing::Moment;

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::scope::LineScope;

/// What a rule does to its resource at its moment.
enum Change {
    /// Sets it to the amount read on the actor.
    Reset(crate::model::Amount),
    /// Adds the amount read on the actor.
    Gain(crate::model::Amount),
    /// Sets it to 0.
    Lose,
}

/// Runs the resource rules of `moment` for `actors`.
pub(crate) fn run(game: &mut Game, moment: Moment, actors: &[String]) -> Result<(), RuntimeError> {
    let rules = std::sync::Arc::clone(&game.rules);
    for (resource, lines) in &rules.resources {
        for line in lines {
            let (change, when) = match &line.node {
                ResourceRule::ResetTo { amount, moment } => (Change::Reset(amount.clone()), moment),
                ResourceRule::Gain { amount, moment } => (Change::Gain(amount.clone()), moment),
                ResourceRule::Lost(moment) => (Change::Lose, moment),
                _ => continue,
            };
            if Moment::parse(&when.node) != Some(moment) {
                continue;
            }
            for actor in actors {
                let engine = |kind| RuntimeErrorKind::Engine(kind).at(line.span);
                let who = game.world.actor(actor).map_err(engine)?;
                if !who.resources.contains_key(resource) {
                    continue;
                }
                let scope = LineScope::of(&rules, who);
                let read = |amount| {
                    scope
                        .amount(amount, LineContext::Declaration, rules.rounding)
                        .map_err(|e| RuntimeError::from(e).or_at(line.span))
                };
                let span = Span::NONE;
                match &change {
                    Change::Reset(amount) => {
                        let value = read(amount)?;
                        game.world.set_resource(actor, resource, value, span)?;
                    }
                    Change::Gain(amount) => {
                        let value = read(amount)?;
                        game.world.change_resource(actor, resource, value, span)?;
                    }
                    Change::Lose => {
                        game.world.set_resource(actor, resource, 0, span)?;
                    }
                }
            }
        }
    }
    Ok(())
}
