//! Two creatures on one cell: a push or pull written `into occupied hexes as Crowded` may
//! end on an occupied cell, and then the mover and the one standing there each hold the
//! named condition, with the source `sharing q,r`. It ends (logged, journaled, with its
//! `condition ended` rules) for both as soon as they no longer share that cell — one moves
//! away, is placed elsewhere or leaves the map. Ending a voluntary move on an occupied cell
//! stays refused (`movement.rs`).

use crate::diagnostics::Span;
use crate::engine::{ActiveCondition, Expiry, Hex, StackRule};
use crate::model::hook::HookEvent;

use super::Game;
use super::error::{RuntimeError, unknown};
use super::hooks::{EventData, fire};
use super::journal::Part;

/// The source written on a condition held because its holder shares `hex`.
fn sharing_source(hex: Hex) -> String {
    format!("sharing {hex}")
}

/// Gives each of `who` (the mover and the one standing there, sharing `hex`) an instance of
/// its condition block of `conditions`.
pub(crate) fn crowd(
    game: &mut Game,
    who: [&str; 2],
    conditions: [&str; 2],
    hex: Hex,
    span: Span,
) -> Result<(), RuntimeError> {
    game.world.narrate(format!("{} and {} share {hex}", who[0], who[1]), span);
    for (actor, condition) in who.into_iter().zip(conditions) {
        let block = game.rules.conditions.find(condition).ok_or_else(|| {
            unknown("condition", condition, game.rules.conditions.names()).at(span)
        })?;
        let name = block.name.node.as_str().to_string();
        game.remember(actor, Part::Conditions);
        let active = ActiveCondition::new(name.clone(), Expiry::UntilRemoved)
            .with_source(sharing_source(hex));
        game.world.apply_condition(actor, active, StackRule::Additive, span)?;
        fire(game, HookEvent::ConditionApplied, actor, EventData::Name(name.clone()), span)?;
    }
    Ok(())
}

/// Ends every sharing condition whose holder no longer shares the cell it names: it stands
/// elsewhere, or nobody else stands there. Called after every change of position.
pub(crate) fn settle(game: &mut Game, span: Span) -> Result<(), RuntimeError> {
    let world = &game.world;
    let shares = |hex: Hex| world.actors.iter().filter(|a| a.position == Some(hex)).count() > 1;
    let stale: Vec<String> = world
        .actors
        .iter()
        .filter(|actor| {
            actor.conditions.active.iter().any(|c| {
                c.source.as_deref().is_some_and(|source| source.starts_with("sharing "))
                    && !actor.position.is_some_and(|hex| {
                        c.source.as_deref() == Some(sharing_source(hex).as_str()) && shares(hex)
                    })
            })
        })
        .map(|actor| actor.name.clone())
        .collect();
    for name in stale {
        let position = game.world.actor(&name).ok().and_then(|a| a.position);
        let here = position.map(sharing_source);
        let still = position.is_some_and(|hex| {
            game.world.actors.iter().filter(|a| a.position == Some(hex)).count() > 1
        });
        let ends = |c: &ActiveCondition| {
            let sharing = c.source.as_deref().is_some_and(|s| s.starts_with("sharing "));
            sharing && !(still && c.source == here)
        };
        super::terrain::end_conditions(game, &name, ends, span)?;
    }
    Ok(())
}
