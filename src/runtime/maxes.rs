//! Maximums that follow their expression: `Resource HP: max [Max HP]` is read again on an
//! actor whenever something it reads may have changed, so raising Max HP raises HP's
//! maximum and lowering it below HP brings HP down to it (logged like any resource
//! change). A constant maximum (`max 5`) never changes and is never re-read.
//!
//! After every command: a journaled command (a power use) re-reads the maximums of the
//! actors it changed in a way the expression may read (a resource the expression names,
//! through `Derived` lines too; a stat; the conditions, whose modifiers change values); any
//! other command re-reads every actor's. A heal re-reads its receiver's first, so it is
//! capped by the maximum as it is now.

use crate::diagnostics::Span;
use crate::model::Amount;
use crate::model::expr::{Builtin, Expr, LineContext};
use crate::model::system::ResourceRule;

use super::Game;
use super::error::RuntimeError;
use super::journal::Touched;
use super::rules::RulesIndex;
use super::scope::LineScope;

/// How deep `Derived` lines are followed when gathering what an expression reads.
const DERIVED_DEPTH: usize = 16;

/// A resource whose maximum is an expression.
#[derive(Clone, Debug)]
pub(crate) struct ExprMax {
    /// The resource.
    pub resource: String,
    /// Its `max [...]`.
    pub amount: Amount,
    /// The lower-case names the expression reads, through `Derived` lines; `None` when it
    /// may read anything (a script call, another actor's value).
    pub reads: Option<Vec<String>>,
    /// The rule's span.
    pub span: Span,
}

/// The expression maximums of `rules`' resources, in declaration order.
pub(crate) fn of(rules: &RulesIndex) -> Vec<ExprMax> {
    let mut out = Vec::new();
    for (resource, lines) in &rules.resources {
        for line in lines {
            let ResourceRule::Max(Amount::Expr(expr)) = &line.node else { continue };
            let mut reads = Some(Vec::new());
            gather(rules, &expr.node, &mut reads, 0);
            out.push(ExprMax {
                resource: resource.clone(),
                amount: Amount::Expr(expr.clone()),
                reads,
                span: line.span,
            });
        }
    }
    out
}

/// Adds the names `expr` reads to `reads` (`None`: anything).
fn gather(rules: &RulesIndex, expr: &Expr, reads: &mut Option<Vec<String>>, depth: usize) {
    let mut visit = |node: &Expr, _: Span| {
        let Some(names) = reads.as_mut() else { return };
        match node {
            Expr::Name(name) => {
                let lower = name.as_str().to_lowercase();
                if !names.contains(&lower) {
                    names.push(lower);
                    if let Some(derived) = rules.derived(name.as_str()) {
                        if depth >= DERIVED_DEPTH {
                            *reads = None;
                            return;
                        }
                        let derived = derived.node.clone();
                        gather(rules, &derived, reads, depth + 1);
                    }
                }
            }
            Expr::Special(special) => names.push(special.to_string().to_lowercase()),
            Expr::Possessive { .. } => *reads = None,
            Expr::Call { function, .. } if Builtin::from_name(function.node.as_str()).is_none() => {
                *reads = None
            }
            _ => {}
        }
    };
    expr.visit(&mut visit, Span::NONE);
}

/// Re-reads the maximums after a command: of the actors its journal shows changed in a way
/// an expression may read, or of every actor when no journal ran. Allocates nothing.
pub(crate) fn settle(game: &mut Game) -> Result<(), RuntimeError> {
    if game.rules.expr_maxes.is_empty() {
        return Ok(());
    }
    let Some(recorded) = game.journal_len() else {
        for index in 0..game.world.actors.len() {
            refresh(game, index)?;
        }
        return Ok(());
    };
    // Refreshing records changes of its own: only the command's entries are looked at.
    for entry in 0..recorded {
        let Some((actor, what)) = game.touched(entry) else { continue };
        let matters = match what {
            Touched::Resource(name) => game.rules.expr_maxes.iter().any(|max| {
                max.reads
                    .as_ref()
                    .is_none_or(|reads| reads.iter().any(|r| r.eq_ignore_ascii_case(name)))
            }),
            Touched::Conditions | Touched::Stat => true,
            Touched::Other => false,
        };
        if matters {
            refresh(game, actor)?;
        }
    }
    Ok(())
}

/// Re-reads the maximums of the actor named `actor` (before a heal).
pub(crate) fn refresh_named(game: &mut Game, actor: &str) -> Result<(), RuntimeError> {
    match game.world.actor_index(actor) {
        Some(index) if !game.rules.expr_maxes.is_empty() => refresh(game, index),
        _ => Ok(()),
    }
}

/// Re-reads every expression maximum of the actor at `index`; a maximum now below the
/// current amount brings it down, logged.
fn refresh(game: &mut Game, index: usize) -> Result<(), RuntimeError> {
    let rules = std::sync::Arc::clone(&game.rules);
    for max in &rules.expr_maxes {
        let actor = &game.world.actors[index];
        let Some(held) = actor.resources.get(&max.resource).copied() else { continue };
        let value = LineScope::of(&rules, actor)
            .amount(&max.amount, LineContext::Declaration, rules.rounding)
            .map_err(|e| RuntimeError::from(e).or_at(max.span))?;
        if held.max == Some(value) {
            continue;
        }
        let name = actor.name.clone();
        game.remember(&name, super::journal::Part::Resource(&max.resource));
        let actor = &mut game.world.actors[index];
        if let Some(resource) = actor.resources.get_mut(&max.resource) {
            resource.max = Some(value);
        }
        if held.current > value {
            let text = format!("{name}'s {} maximum is now {value}", max.resource);
            game.world.narrate(text, max.span);
            game.world
                .set_resource(&name, &max.resource, value, Span::NONE)
                .map_err(|e| RuntimeError::from(e).or_at(max.span))?;
        }
    }
    Ok(())
}
