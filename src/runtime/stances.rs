//! Stances: adopting a `stance` block as a command (its While lines must hold, its Cost is
//! paid all or nothing, its Effect lines run with the adopter as user), one stance at a time
//! (adopting another replaces the current one), leaving it by a command (`Karak leaves
//! Defensive Stance`), and ending it when the actor holds a condition a `Stance ends:`
//! system line names. Ending a stance removes the conditions its
//! Effect lines applied. The stance is kept with the actor's conditions, so undo, a failed
//! command and save/restore treat it exactly like them.

use crate::diagnostics::Span;
use crate::engine::AdoptedStance;
use crate::model::expr::LineContext;
use crate::model::{Block, BlockBody, BlockKind, Cost, TraitKind, TraitLine};

use super::Game;
use super::effects::{Context, execute};
use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::journal::Part;
use super::power::engine;
use super::rules::Rules;
use super::scope::LineScope;

fn is_stance(block: &Block) -> bool {
    block.kind.node == BlockKind::Trait(TraitKind::Stance)
}

impl Game {
    /// `actor` adopts the stance `stance` as one command: its While lines must hold, its
    /// Cost is paid (a shortfall changes nothing), the current stance (if another) ends and
    /// the new one's Effect lines run. Adopting the stance already held is an error.
    pub fn adopt(&mut self, actor: &str, stance: &str) -> Result<(), RuntimeError> {
        let rules = std::sync::Arc::clone(&self.rules);
        self.command(|game| adopt(game, &rules, actor, stance))
    }

    /// `actor` leaves the stance `stance` it holds, as one command: no cost, no action; the
    /// conditions the stance applied end with it. Leaving a stance not held is an error.
    pub fn leave_stance(&mut self, actor: &str, stance: &str) -> Result<(), RuntimeError> {
        self.command(|game| {
            let held = game.world.actor(actor).map_err(engine)?.conditions.stance.as_ref();
            match held {
                Some(held) if held.name.eq_ignore_ascii_case(stance) => {
                    end_stance(game, actor, &format!("{actor} leaves it"), Span::NONE)
                }
                held => {
                    let message = format!("{actor} is not in {stance}");
                    let hint = match held {
                        Some(held) => format!("{actor}'s stance is {}", held.name),
                        None => format!("{actor} holds no stance: `{actor} adopts {stance}` first"),
                    };
                    Err(RuntimeErrorKind::Stance { message, hint }.at(Span::NONE))
                }
            }
        })
    }

    /// The stance `actor` has adopted, if any.
    pub fn stance_of(&self, actor: &str) -> Option<&str> {
        let actor = self.world.actor(actor).ok()?;
        actor.conditions.stance.as_ref().map(|stance| stance.name.as_str())
    }
}

fn adopt(game: &mut Game, rules: &Rules, actor: &str, stance: &str) -> Result<(), RuntimeError> {
    let block = rules.traits.find(stance).filter(|block| is_stance(block)).ok_or_else(|| {
        let stances = rules.traits.values().filter(|b| is_stance(b)).map(|b| b.name.node.as_str());
        unknown("stance", stance, stances).at(Span::NONE)
    })?;
    let name = block.name.node.as_str();
    let lines = match &block.body {
        BlockBody::Trait(lines) => lines.as_slice(),
        _ => &[],
    };
    let user = game.world.actor(actor).map_err(engine)?;
    if user.conditions.stance.as_ref().is_some_and(|held| held.name == name) {
        let message = format!("{actor} is already in {name}");
        let hint = "a stance is adopted once; adopt another stance to replace it".to_string();
        return Err(RuntimeErrorKind::Stance { message, hint }.at(block.name.span));
    }
    for line in lines {
        let (TraitLine::While(requirement) | TraitLine::Prereq(requirement)) = &line.node else {
            continue;
        };
        let user = game.world.actor(actor).map_err(engine)?;
        if !super::power::holds((rules, &game.world), requirement, user, None)? {
            let (actor, power, requirement) =
                (actor.to_string(), name.to_string(), requirement.to_string());
            return Err(RuntimeErrorKind::Requirement { actor, power, requirement }.at(line.span));
        }
    }
    for line in lines {
        let TraitLine::Cost(Cost::Resources(parts)) = &line.node else { continue };
        let user = game.world.actor(actor).map_err(engine)?;
        let scope = LineScope::of(rules, user);
        let mut amounts = Vec::with_capacity(parts.len());
        for part in parts {
            let amount = scope.amount(&part.amount, LineContext::Cost, rules.rounding)?;
            amounts.push((part.resource.node.as_str(), amount));
        }
        game.world.pay(actor, &amounts, line.span)?;
    }
    end_stance(game, actor, "replaced", block.name.span)?;
    let before: Vec<String> = conditions_of(game, actor)?;
    game.world.narrate(format!("{actor} adopts {name}"), block.name.span);
    let context = Context::of(rules, actor);
    for line in lines {
        if let TraitLine::Effect(effects) = &line.node {
            execute(game, &context, effects, None, None, line.span)?;
        }
    }
    let granted =
        conditions_of(game, actor)?.into_iter().filter(|name| !before.contains(name)).collect();
    let user = game.world.actor_mut(actor).map_err(engine)?;
    user.conditions.stance = Some(AdoptedStance { name: name.to_string(), granted });
    Ok(())
}

fn conditions_of(game: &Game, actor: &str) -> Result<Vec<String>, RuntimeError> {
    let user = game.world.actor(actor).map_err(engine)?;
    Ok(user.conditions.active.iter().map(|c| c.name.clone()).collect())
}

/// Ends `actor`'s stance (if any), removing the conditions it applied; `why` is logged.
fn end_stance(game: &mut Game, actor: &str, why: &str, span: Span) -> Result<(), RuntimeError> {
    if game.world.actor(actor).map_err(engine)?.conditions.stance.is_none() {
        return Ok(());
    }
    game.remember(actor, Part::Conditions);
    let user = game.world.actor_mut(actor).map_err(engine)?;
    let Some(stance) = user.conditions.stance.take() else { return Ok(()) };
    for condition in &stance.granted {
        user.conditions.remove(condition, None);
    }
    game.world.narrate(format!("{actor}'s {} ends ({why})", stance.name), span);
    Ok(())
}

/// Ends every stance whose holder now has a condition a `Stance ends:` line names. Runs
/// after every command; a pack without `Stance ends:` pays one emptiness test.
pub(crate) fn settle(game: &mut Game) -> Result<(), RuntimeError> {
    if game.rules.power_rules.stance_ends.is_empty()
        || game.world.actors.iter().all(|actor| actor.conditions.stance.is_none())
    {
        return Ok(());
    }
    let rules = std::sync::Arc::clone(&game.rules);
    let ends = &rules.power_rules.stance_ends;
    for index in 0..game.world.actors.len() {
        let actor = &game.world.actors[index];
        if actor.conditions.stance.is_none() {
            continue;
        }
        let Some(ending) = ends.iter().find(|name| super::relations::has(&rules, actor, name))
        else {
            continue;
        };
        let (name, why) = (actor.name.clone(), ending.clone());
        end_stance(game, &name, &why, Span::NONE)?;
    }
    Ok(())
}
