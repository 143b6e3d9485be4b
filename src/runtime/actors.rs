//! Building engine actors from `actor` blocks: stats, resources (maximums from the system's
//! `Resource` declarations), tier and level (kept as the stats `Tier` and `Level`), powers,
//! traits, equipment, and armour as layers of the system's layered pools (each armour's
//! `Pool`, else the first `Layered` line; without one, in front of health). Requests may
//! override any stat or resource. Nothing here touches the world.

use crate::diagnostics::Span;
use crate::engine::{Actor, Layer, LayeredPool, Resource};
use crate::model::expr::{LineContext, Rounding};
use crate::model::system::ResourceRule;
use crate::model::{ActorLine, ArmourLine, BlockBody};

use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::rules::Rules;
use super::scope::LineScope;

/// The name of the layered pool armour forms in front of the health resource when the
/// system declares no `Layered` line.
pub const ARMOUR_LAYERS: &str = "armour";

/// The layer an armour block makes, and the pool it belongs to.
pub(crate) fn armour_layer(
    rules: &Rules,
    actor: &crate::engine::Actor,
    block: &crate::model::Block,
) -> Result<(String, Layer), RuntimeError> {
    let BlockBody::Armour(lines) = &block.body else { return Err(internal()) };
    let mut layer = Layer::new(block.name.node.as_str(), 0);
    let mut pool = rules.damage_pool().0.to_string();
    let scope = LineScope::of(rules, actor);
    for line in lines {
        let value = |amount| {
            scope
                .amount(amount, LineContext::Declaration, Rounding::Floor)
                .map_err(|e| RuntimeError::from(e).or_at(line.span))
        };
        match &line.node {
            // `Protection` is a layer's value too: without `Hardness` (check refuses the
            // pair) it absorbs up to that much of every hit and never wears.
            ArmourLine::Value(amount) | ArmourLine::Protection(amount) => {
                layer.value = value(amount)?
            }
            ArmourLine::BlowThrough(amount) => layer = layer.with_threshold(value(amount)?),
            ArmourLine::Hardness(amount) => {
                let hardness = u32::try_from(value(amount)?.max(0)).unwrap_or(u32::MAX);
                layer = layer.with_hardness(hardness).map_err(|k| {
                    RuntimeError::from(crate::engine::EngineError::from(k)).or_at(line.span)
                })?;
            }
            ArmourLine::Pool(name) => {
                let known = rules.layered.iter().find(|(p, _)| name.node.matches(p));
                let (found, _) = known.ok_or_else(|| {
                    let pools = rules.layered.iter().map(|(p, _)| p.as_str());
                    unknown("layered pool", name.node.as_str(), pools).at(name.span)
                })?;
                pool = found.clone();
            }
            _ => {}
        }
    }
    Ok((pool, layer))
}

/// An actor built from its block, before it joins the world.
pub(crate) struct Built {
    /// The actor.
    pub actor: Actor,
    /// The transcript lines of what its given values set beyond themselves.
    pub notes: Vec<String>,
    /// The resources it was not given, which hold their `start` value: read again once the
    /// conditions its traits hold apply ([`restart`]).
    pub started: Vec<String>,
    /// Amounts it was given above the maximum the block alone gives: they stand once its
    /// traits and conditions have raised the maximum enough, else the actor is refused
    /// ([`super::given::given_amounts`]).
    pub above: Vec<(String, i64)>,
}

/// Builds the actor `name` from the block `from` (if any), then applies `overrides`
/// (`("Defense", 14)`: a stat, or a resource's current amount; [`super::given`]).
pub(crate) fn build_actor(
    rules: &Rules,
    name: &str,
    from: Option<&str>,
    overrides: &[(&str, i64)],
) -> Result<Built, RuntimeError> {
    let mut actor = Actor::new(name);
    actor.stats.bind(&rules.symbols.stat_ids);
    actor.resources.bind(&rules.symbols.resource_ids);
    let rounding = Rounding::Floor;
    // (pool, layers outermost first), in the order pools are first met.
    let mut armour: Vec<(String, Vec<Layer>)> = Vec::new();
    if let Some(from) = from {
        let block = rules
            .actors
            .find(from)
            .ok_or_else(|| unknown("actor block", from, rules.actors.names()).at(Span::NONE))?;
        let BlockBody::Actor(lines) = &block.body else { return Err(internal()) };
        for line in lines {
            let scope = LineScope::of(rules, &actor);
            match &line.node {
                ActorLine::Stats(stats) => {
                    let mut values = Vec::new();
                    for stat in stats {
                        let scope = LineScope::of(rules, &actor);
                        let value = scope
                            .amount(&stat.node.value, LineContext::Declaration, rounding)
                            .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
                        let value = if stat.node.negative { -value } else { value };
                        values.push((stat.node.name.node.as_str().to_string(), value));
                    }
                    actor.stats.extend(values);
                }
                ActorLine::Resources(resources) => {
                    for resource in resources {
                        let scope = LineScope::of(rules, &actor);
                        let value = scope
                            .amount(&resource.node.value, LineContext::Declaration, rounding)
                            .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
                        let value = if resource.node.negative { -value } else { value };
                        let key = resource.node.name.node.as_str().to_string();
                        actor.resources.insert(key, Resource::new(value));
                    }
                }
                ActorLine::Tier(amount) | ActorLine::Level(amount) => {
                    let key =
                        if matches!(line.node, ActorLine::Tier(_)) { "Tier" } else { "Level" };
                    let value = scope
                        .amount(amount, LineContext::Declaration, rounding)
                        .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
                    actor.stats.insert(key.to_string(), value);
                }
                ActorLine::Powers(names) => actor.powers.extend(names_of(names)),
                ActorLine::Traits(names) => actor.traits.extend(names_of(names)),
                ActorLine::Equipment(names) => {
                    for item in names {
                        let worn = rules.armours.find(item.node.as_str());
                        // An armour with no layer lines (only modifiers, requirements,
                        // fields) is not a layer: it would absorb 0 of every hit.
                        if let Some(block) = worn.filter(|block| is_layer(block)) {
                            let (pool, layer) = armour_layer(rules, &actor, block)?;
                            match armour.iter_mut().find(|(name, _)| *name == pool) {
                                Some((_, layers)) => layers.push(layer),
                                None => armour.push((pool, vec![layer])),
                            }
                        }
                    }
                    actor.equipment.extend(names_of(names));
                }
                ActorLine::Side(side) => actor.side = Some(side.node.as_str().to_string()),
                ActorLine::Keywords(keywords) => {
                    for keyword in keywords {
                        // `check` refuses a bracket on an actor's line (`rules::check::not_run`).
                        if let crate::model::Keyword::Word(word) = &keyword.node {
                            actor.keywords.push(word.as_str().to_string());
                        }
                    }
                }
                ActorLine::Conditions(_) | ActorLine::Details(_) => {}
            }
        }
    }
    super::given::apply(rules, &mut actor, overrides)?;
    let given = super::given::Given::of(&actor);
    let notes = super::given::start_full(rules, &mut actor, &given);
    let wanted: Vec<(String, i64)> =
        actor.resources.iter().map(|(name, r)| (name.clone(), r.current)).collect();
    apply_resource_rules(rules, &mut actor)?;
    super::given::check_maximums(rules, &actor, &given, &wanted)?;
    let above = super::given::above_maximum(&actor, &given, &wanted);
    for (pool, layers) in armour {
        actor.layered.insert(pool, LayeredPool::new(layers));
    }
    let started = (rules.resources.iter().map(|(name, _)| name))
        .filter(|name| actor.resources.contains_key(name) && !given.has(name))
        .cloned()
        .collect();
    Ok(Built { actor, notes, started, above })
}

/// Reads the `start` of each resource in `started` again on `actor`, who has just joined
/// and holds the conditions of its block and traits: a start that reads a stat those
/// conditions change (`start [Max Health]`, a class's `+3 Stamina`) is what the actor
/// starts with. Sets the current amounts only; the maximums are re-read after the command.
pub(crate) fn restart(
    rules: &Rules,
    actor: &mut Actor,
    started: &[String],
) -> Result<(), RuntimeError> {
    for (name, lines) in rules.resources.iter().filter(|(name, _)| started.contains(name)) {
        for line in lines {
            let ResourceRule::Start(amount) = &line.node else { continue };
            let start = LineScope::of(rules, actor)
                .amount(amount, LineContext::Declaration, Rounding::Floor)
                .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
            if let Some(resource) = actor.resources.get_mut(name) {
                resource.current = start;
            }
        }
    }
    Ok(())
}

/// Whether an armour block forms a layer: it writes a `Value`, `Protection`, `Hardness` or
/// `Blow-through` line.
fn is_layer(block: &crate::model::Block) -> bool {
    let BlockBody::Armour(lines) = &block.body else { return false };
    lines.iter().any(|line| {
        matches!(
            line.node,
            ArmourLine::Value(_)
                | ArmourLine::Protection(_)
                | ArmourLine::Hardness(_)
                | ArmourLine::BlowThrough(_)
        )
    })
}

fn internal() -> RuntimeError {
    let kind =
        crate::engine::EngineErrorKind::Internal("a block indexed under the wrong kind".into());
    RuntimeErrorKind::Engine(kind).at(Span::NONE)
}

fn names_of(names: &[crate::diagnostics::Spanned<crate::model::Name>]) -> Vec<String> {
    names.iter().map(|name| name.node.as_str().to_string()).collect()
}

/// Adds the declared resources the actor lacks (at their `start` value, else 0), then gives
/// every declared resource its maximum: all are present before any maximum is read, so a
/// maximum may read a resource declared after it.
pub(super) fn apply_resource_rules(rules: &Rules, actor: &mut Actor) -> Result<(), RuntimeError> {
    for (name, lines) in &rules.resources {
        if actor.resources.contains_key(name) || rules.world_resource(name).is_some() {
            continue;
        }
        let mut start = 0;
        for line in lines {
            if let ResourceRule::Start(amount) = &line.node {
                start = LineScope::of(rules, actor)
                    .amount(amount, LineContext::Declaration, Rounding::Floor)
                    .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
            }
        }
        actor.resources.insert(name.clone(), Resource::new(start));
    }
    for (name, lines) in &rules.resources {
        for line in lines {
            let ResourceRule::Max(amount) = &line.node else { continue };
            let max = LineScope::of(rules, actor)
                .amount(amount, LineContext::Declaration, Rounding::Floor)
                .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
            if let Some(resource) = actor.resources.get_mut(name) {
                *resource = Resource::new(resource.current.min(max)).with_max(max);
            }
        }
    }
    for (name, lines) in &rules.resources {
        for line in lines {
            if line.node == ResourceRule::NoMin
                && let Some(resource) = actor.resources.get_mut(name)
            {
                resource.min = None;
            }
            let ResourceRule::Min { negative, amount } = &line.node else { continue };
            let min = LineScope::of(rules, actor)
                .amount(amount, LineContext::Declaration, Rounding::Floor)
                .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
            let min = if *negative { min.saturating_neg() } else { min };
            if let Some(resource) = actor.resources.get_mut(name) {
                resource.min = Some(min);
            }
        }
    }
    Ok(())
}

impl RuntimeError {
    /// Sets the span unless one is set: the innermost location wins.
    pub fn or_at(mut self, span: Span) -> Self {
        if self.span.is_none() {
            self.span = span;
        }
        self
    }
}
