//! What an actor holds from the start and what its traits do on their own: an actor
//! block's `Conditions:` line applies its conditions when the actor joins; a feat, item,
//! relationship or trait listed on its `Traits:` line acts through its `Effect:` lines:
//!
//! - with a `Trigger:` (one of [`crate::model::timing::TRAIT_TRIGGERS`]), the Effect lines
//!   run on the holder each time that event happens to it (while its `While:` lines hold);
//! - without one, the trait holds its Effect's conditions (`apply Protected 1 to Self`) all
//!   the time: from when the actor joins, or, with `While:` lines, exactly while they hold
//!   (checked after every command). Such a condition's source is the trait, and it lasts as
//!   long as the trait holds it.
//!
//! `check` refuses what this module cannot run (another trigger, a held Effect that is not
//! `apply`), so nothing a trait says is silently dropped. Stances and upgrades have their
//! own machinery (`stances.rs`, `upgrade.rs`).

use std::sync::Arc;

use crate::diagnostics::{Span, Spanned};
use crate::engine::{ActiveCondition, Expiry};
use crate::model::expr::LineContext;
use crate::model::timing::TraitTrigger;
use crate::model::{
    ActorLine, Block, BlockBody, BlockKind, Effect, EffectPart, Requirement, TraitKind, TraitLine,
};

use super::Game;
use super::effects::{Context, execute, stacking_of};
use super::error::{RuntimeError, RuntimeErrorKind};
use super::hooks::{EventData, Occurrence};
use super::journal::Part;
use super::rules::{Rules, RulesIndex};
use super::scope::LineScope;

/// How deep trait reactions may set each other off (a trait whose effect causes its own
/// trigger) before the command fails instead of looping.
const REACTION_DEPTH: u8 = 16;

/// A trait that reacts to an event, found at load.
#[derive(Clone, Debug)]
pub(crate) struct Reaction {
    /// What it waits for.
    pub trigger: TraitTrigger,
    /// The trait's name.
    pub name: String,
}

/// Whether `block` is a trait that acts on its own (not a stance or an upgrade).
pub(crate) fn acts_on_its_own(block: &Block) -> bool {
    matches!(
        block.kind.node,
        BlockKind::Trait(
            TraitKind::Feat | TraitKind::Item | TraitKind::Relationship | TraitKind::Trait
        )
    )
}

fn lines(block: &Block) -> &[Spanned<TraitLine>] {
    match &block.body {
        BlockBody::Trait(lines) => lines,
        _ => &[],
    }
}

/// The trait's `Trigger:` line, if it has one.
fn trigger_line(block: &Block) -> Option<&Requirement> {
    lines(block).iter().find_map(|line| match &line.node {
        TraitLine::Trigger(requirement) => Some(requirement),
        _ => None,
    })
}

/// Whether the trait has `While:` lines (it holds its conditions only while they hold).
fn has_while(block: &Block) -> bool {
    lines(block).iter().any(|line| matches!(line.node, TraitLine::While(_)))
}

/// The reactions of a pack's traits, and whether any trait holds conditions under `While:`
/// lines (then every command ends by settling them).
pub(crate) fn of(rules: &RulesIndex) -> (Vec<Reaction>, bool) {
    let mut reactions = Vec::new();
    let mut watched = false;
    for name in rules.traits.names() {
        let Some(block) = rules.traits.find(name).filter(|b| acts_on_its_own(b)) else {
            continue;
        };
        match trigger_line(block) {
            Some(requirement) => {
                if let Some(trigger) = TraitTrigger::parse(&requirement.to_string()) {
                    reactions.push(Reaction { trigger, name: name.to_string() });
                }
            }
            None => watched |= has_while(block) && held_effects(block).next().is_some(),
        }
    }
    (reactions, watched)
}

/// The `apply` effects of a trait without a trigger, with their line's span.
fn held_effects(block: &Block) -> impl Iterator<Item = (&Effect, Span)> {
    lines(block).iter().flat_map(|line| {
        let effects: &[Spanned<EffectPart>] = match &line.node {
            TraitLine::Effect(effects) => &effects.parts,
            _ => &[],
        };
        effects.iter().filter_map(move |part| match &part.node {
            EffectPart::Effect(effect @ Effect::Apply { .. }) => Some((effect, line.span)),
            _ => None,
        })
    })
}

fn engine(kind: crate::engine::EngineErrorKind) -> RuntimeError {
    RuntimeErrorKind::Engine(kind).at(Span::NONE)
}

/// `actor` has just joined: its block's `Conditions:` apply (for each block's `Duration:`,
/// else until removed), then its traits without trigger or `While:` start holding theirs.
pub(crate) fn joined(game: &mut Game, actor: &str, from: Option<&str>) -> Result<(), RuntimeError> {
    let rules = Arc::clone(&game.rules);
    if let Some(block) = from.and_then(|from| rules.actors.find(from)) {
        let BlockBody::Actor(lines) = &block.body else { return Ok(()) };
        for line in lines {
            let ActorLine::Conditions(names) = &line.node else { continue };
            for name in names {
                apply_listed(game, &rules, actor, name)?;
            }
        }
    }
    let traits = game.world.actor(actor).map_err(engine)?.traits.clone();
    for name in traits {
        let Some(block) = rules.traits.find(&name).filter(|b| acts_on_its_own(b)) else {
            continue;
        };
        if trigger_line(block).is_none() && !has_while(block) {
            hold(game, &rules, actor, block)?;
        }
    }
    Ok(())
}

/// `actor` was just granted the trait `name` (`grant feat Quick Hands to Ana`): one
/// without trigger or `While:` starts holding its conditions, as it would from joining (one
/// with `While:` lines is [`settle`]d after the command).
pub(crate) fn granted(game: &mut Game, actor: &str, name: &str) -> Result<(), RuntimeError> {
    let rules = Arc::clone(&game.rules);
    let Some(block) = rules.traits.find(name).filter(|b| acts_on_its_own(b)) else {
        return Ok(());
    };
    if trigger_line(block).is_none() && !has_while(block) {
        hold(game, &rules, actor, block)?;
    }
    Ok(())
}

/// `actor` no longer has the trait `name` (`revoke`): the conditions it held end.
pub(crate) fn revoked(game: &mut Game, actor: &str, name: &str) -> Result<(), RuntimeError> {
    let holder = game.world.actor(actor).map_err(engine)?;
    if !holder.conditions.active.iter().any(|c| c.source.as_deref() == Some(name)) {
        return Ok(());
    }
    game.remember(actor, Part::Conditions);
    let ended = game.world.remove_conditions_from(actor, name)?;
    for condition in ended {
        game.world.narrate(format!("{actor} loses {}", condition.name), Span::NONE);
        let data = EventData::Name(condition.name);
        let kind = crate::model::hook::HookEvent::ConditionEnded;
        super::hooks::fire(game, kind, actor, data, Span::NONE)?;
    }
    Ok(())
}

/// One condition of an actor block's `Conditions:` line.
fn apply_listed(
    game: &mut Game,
    rules: &Rules,
    actor: &str,
    name: &Spanned<crate::model::Name>,
) -> Result<(), RuntimeError> {
    let block = rules.conditions.find(name.node.as_str()).ok_or_else(|| {
        let known = rules.conditions.names();
        super::error::unknown("condition", name.node.as_str(), known).at(name.span)
    })?;
    let parties = super::durations::Parties { holder: actor, user: actor };
    let mut count = super::durations::on_holder(rules, actor);
    let lasting = super::durations::resolve(game, None, block, &parties, name.span, &mut count)?;
    let condition = ActiveCondition::new(block.name.node.as_str(), lasting);
    game.world.apply_condition(actor, condition, stacking_of(block), name.span)?;
    let data = EventData::Name(block.name.node.as_str().to_string());
    super::hooks::fire(
        game,
        crate::model::hook::HookEvent::ConditionApplied,
        actor,
        data,
        name.span,
    )
}

/// `actor` starts holding the conditions of `block`'s Effect lines, each from the trait.
fn hold(game: &mut Game, rules: &Rules, actor: &str, block: &Block) -> Result<(), RuntimeError> {
    let source = block.name.node.as_str();
    for (effect, span) in held_effects(block) {
        let Effect::Apply { condition, .. } = effect else { continue };
        let Some(condition_block) = rules.conditions.find(condition.name.node.as_str()) else {
            let known = rules.conditions.names();
            return Err(
                super::error::unknown("condition", condition.name.node.as_str(), known).at(span)
            );
        };
        let mut active =
            ActiveCondition::new(condition_block.name.node.as_str(), Expiry::UntilRemoved)
                .with_source(source);
        if let Some(n) = &condition.amount {
            let holder = game.world.actor(actor).map_err(engine)?;
            let scope = LineScope::of(rules, holder);
            active = active.with_n(scope.amount(n, LineContext::Result, rules.rounding)?);
        }
        if let Some(detail) = &condition.detail {
            active = active.with_subtype(super::turn_effects::subtype_of(detail.node.as_str()));
        }
        game.remember(actor, Part::Conditions);
        game.world.apply_condition(actor, active, stacking_of(condition_block), span)?;
        let data = EventData::Name(condition_block.name.node.as_str().to_string());
        super::hooks::fire(
            game,
            crate::model::hook::HookEvent::ConditionApplied,
            actor,
            data,
            span,
        )?;
    }
    Ok(())
}

/// After every command: each trait with `While:` lines holds its conditions on each actor
/// listing it exactly while the lines hold. One test when no trait has such lines.
pub(crate) fn settle(game: &mut Game) -> Result<(), RuntimeError> {
    if !game.rules.watched_traits {
        return Ok(());
    }
    let rules = Arc::clone(&game.rules);
    for index in 0..game.world.actors.len() {
        // The actor's traits that hold conditions under `While:` lines, found before
        // anything is copied: most actors have none.
        let watched: Vec<&Block> = game.world.actors[index]
            .traits
            .iter()
            .filter_map(|name| rules.traits.find(name))
            .filter(|block| acts_on_its_own(block) && trigger_line(block).is_none())
            .filter(|block| has_while(block))
            .collect();
        if watched.is_empty() {
            continue;
        }
        let actor = game.world.actors[index].name.clone();
        for block in watched {
            let holder = game.world.actor(&actor).map_err(engine)?;
            let source = block.name.node.as_str();
            let holding =
                holder.conditions.active.iter().any(|c| c.source.as_deref() == Some(source));
            let holds = whiles_hold((&rules, &game.world), block, holder)?;
            if holds && !holding {
                game.world.narrate(format!("{actor}'s {source} holds"), block.name.span);
                hold(game, &rules, &actor, block)?;
            } else if !holds && holding {
                game.remember(&actor, Part::Conditions);
                game.world.narrate(format!("{actor}'s {source} no longer holds"), block.name.span);
                let ended = game.world.remove_conditions_from(&actor, source)?;
                for condition in ended {
                    let data = EventData::Name(condition.name);
                    let kind = crate::model::hook::HookEvent::ConditionEnded;
                    super::hooks::fire(game, kind, &actor, data, block.name.span)?;
                }
            }
        }
    }
    Ok(())
}

fn whiles_hold(
    (rules, world): (&Rules, &crate::engine::World),
    block: &Block,
    holder: &crate::engine::Actor,
) -> Result<bool, RuntimeError> {
    for line in lines(block) {
        if let TraitLine::While(requirement) = &line.node
            && !super::power::holds((rules, world), requirement, holder, None)
                .map_err(|e| e.or_at(line.span))?
        {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Runs the traits that react to `event`: each trait its actor lists whose trigger is the
/// event (the resource, for `you fall to 0 HP`), while its `While:` lines hold, runs its
/// Effect lines with the holder as user and target.
pub(crate) fn react(game: &mut Game, event: &Occurrence) -> Result<(), RuntimeError> {
    let rules = Arc::clone(&game.rules);
    for reaction in &rules.reactions {
        if reaction.trigger.event != event.kind {
            continue;
        }
        if let Some(resource) = &reaction.trigger.resource {
            let EventData::Name(reached) = &event.data else { continue };
            if !reached.eq_ignore_ascii_case(resource) {
                continue;
            }
        }
        let Ok(holder) = game.world.actor(&event.actor) else { continue };
        if !holder.traits.iter().any(|t| t.eq_ignore_ascii_case(&reaction.name)) {
            continue;
        }
        let Some(block) = rules.traits.find(&reaction.name) else { continue };
        if !whiles_hold((&rules, &game.world), block, holder)? {
            continue;
        }
        if game.reacting >= REACTION_DEPTH {
            let message = format!(
                "{}'s {} set off trait reactions more than {REACTION_DEPTH} deep",
                event.actor, reaction.name
            );
            let kind = crate::engine::EngineErrorKind::Internal(message);
            return Err(RuntimeErrorKind::Engine(kind).at(block.name.span));
        }
        game.reacting += 1;
        let result = run_reaction(game, &rules, block, &event.actor);
        game.reacting -= 1;
        result?;
    }
    Ok(())
}

fn run_reaction(
    game: &mut Game,
    rules: &Rules,
    block: &Block,
    holder: &str,
) -> Result<(), RuntimeError> {
    let trigger = trigger_line(block).map(ToString::to_string).unwrap_or_default();
    game.world.narrate(format!("{holder}'s {} ({trigger})", block.name.node), block.name.span);
    let context = Context::of(rules, holder);
    for line in lines(block) {
        if let TraitLine::Effect(effects) = &line.node {
            execute(game, &context, effects, Some(holder), None, line.span)?;
        }
    }
    Ok(())
}
