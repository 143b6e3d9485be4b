//! A condition's `While:` lines: a condition counts (its modifiers, grants, turn effects,
//! `you are X` tests) only while they hold for its holder. After every command each held
//! condition with such lines is looked at again; one whose lines stop holding goes dormant
//! (it stays held, its duration runs, it does nothing) and wakes when they hold again. Both
//! changes are logged and undone with the command.

use std::sync::Arc;

use crate::model::{BlockBody, ConditionLine, Requirement};

use super::Game;
use super::error::RuntimeError;
use super::journal::Part;
use super::rules::RulesIndex;

/// Whether any condition of the pack has a `While:` line (nothing to settle otherwise).
pub(crate) fn watched(rules: &RulesIndex) -> bool {
    rules.conditions.values().any(|block| !whiles(block).is_empty())
}

fn whiles(block: &crate::model::Block) -> Vec<(&Requirement, crate::diagnostics::Span)> {
    match &block.body {
        BlockBody::Condition(lines) => lines
            .iter()
            .filter_map(|line| match &line.node {
                ConditionLine::While(requirement) => Some((requirement, line.span)),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// After every command: each held condition with `While:` lines is dormant exactly while
/// one of them does not hold for its holder.
pub(crate) fn settle(game: &mut Game) -> Result<(), RuntimeError> {
    if !game.rules.watched_conditions {
        return Ok(());
    }
    let rules = Arc::clone(&game.rules);
    for index in 0..game.world.actors.len() {
        let actor = game.world.actors[index].name.clone();
        for slot in 0..game.world.actors[index].conditions.active.len() {
            let held = &game.world.actors[index].conditions.active[slot];
            let Some(block) = rules.conditions.find(&held.name) else { continue };
            let lines = whiles(block);
            if lines.is_empty() {
                continue;
            }
            let (name, dormant) = (held.name.clone(), held.dormant);
            let holder = &game.world.actors[index];
            let mut failing = None;
            for (requirement, span) in lines {
                let holds =
                    super::requirement::holds((&rules, &game.world), requirement, holder, None)
                        .map_err(|e| e.or_at(span))?;
                if !holds {
                    failing = Some((requirement, span));
                    break;
                }
            }
            if failing.is_some() == dormant {
                continue;
            }
            game.remember(&actor, Part::Conditions);
            let text = match failing {
                Some((requirement, _)) => {
                    format!("{actor}'s {name} is dormant: `{requirement}` does not hold")
                }
                None => format!("{actor}'s {name} holds again"),
            };
            let span = failing.map_or(block.name.span, |(_, span)| span);
            game.world.narrate(text, span);
            game.world.actors[index].conditions.active[slot].dormant = failing.is_some();
        }
    }
    Ok(())
}
