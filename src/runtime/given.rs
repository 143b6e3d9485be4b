//! What an actor is given besides its block: `with` values (`actor Dummy with Defense 12,
//! HP 30`) and what they mean for its resources.
//!
//! A value names a resource the system declares (its current amount), a stat (declared, or
//! one the actor's block lists, or `Tier`/`Level`; without a system, any name); a derived
//! value or a name the system does not declare is refused. A resource given an amount whose maximum is one other value the actor was not
//! given (`Resource HP: max [Max HP]` and no `Max HP`, which has no `start`) starts full:
//! that value is the given amount too, and the transcript says so. A given amount above a
//! maximum that reads a value the actor was not given is refused, naming the value to give;
//! the engine never cuts what was written down to a maximum nobody set.

use crate::diagnostics::Span;
use crate::engine::{Actor, Resource};
use crate::model::expr::{Expr, NameKind};
use crate::model::system::ResourceRule;
use crate::model::{Amount, Name};

use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::rules::Rules;

/// The names an actor was given (its block's stats and resources, then the `with` values),
/// lower-case: what its maximums may read without guessing.
pub(crate) struct Given(Vec<String>);

impl Given {
    /// What `actor` holds now, before the system's resource rules add the rest.
    pub(crate) fn of(actor: &Actor) -> Self {
        let stats = actor.stats.iter().map(|(name, _)| name.to_lowercase());
        Given(stats.chain(actor.resources.keys().map(|name| name.to_lowercase())).collect())
    }

    pub(crate) fn has(&self, name: &str) -> bool {
        self.0.iter().any(|given| given.eq_ignore_ascii_case(name))
    }
}

/// Applies the `with` values to `actor`: a resource's current amount (the resource joins
/// when the block did not list it), else a stat.
pub(crate) fn apply(
    rules: &Rules,
    actor: &mut Actor,
    values: &[(&str, i64)],
) -> Result<(), RuntimeError> {
    for &(key, value) in values {
        if let Some(resource) =
            actor.resources.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(key))
        {
            resource.1.current = value;
            continue;
        }
        if let Some((declared, _)) =
            rules.resources.iter().find(|(n, _)| n.eq_ignore_ascii_case(key))
        {
            actor.resources.insert(declared.clone(), Resource::new(value));
            continue;
        }
        if rules.derived(key).is_some() {
            return Err(refused(
                format!("{key} is derived from other values; an actor cannot be given it"),
                "give the stats or resources it is made of (the system block's `Derived` line)"
                    .to_string(),
            ));
        }
        let listed = actor.stats.iter().find(|(n, _)| n.eq_ignore_ascii_case(key));
        let stat = match listed {
            Some((name, _)) => name.clone(),
            // Without a system every name is a stat the actor simply has.
            None if rules.system.is_empty()
                || rules.declares_stat(key)
                || matches!(Name::new(key).kind(), NameKind::Special(_)) =>
            {
                key.to_string()
            }
            None => {
                let stats = rules.symbols.stats.iter().map(|stat| stat.name.as_str());
                let resources = rules.resources.iter().map(|(name, _)| name.as_str());
                return Err(unknown("stat or resource", key, stats.chain(resources)).at(Span::NONE));
            }
        };
        actor.stats.insert(stat, value);
    }
    Ok(())
}

/// A resource given an amount whose maximum is `[X]` for one value `X` the actor was not
/// given (and that has no `start`) starts full: `X` becomes that amount. Returns what it
/// set, as transcript lines.
pub(crate) fn start_full(rules: &Rules, actor: &mut Actor, given: &Given) -> Vec<String> {
    let mut notes = Vec::new();
    for (resource, lines) in &rules.resources {
        let Some(amount) = actor.resources.get(resource).map(|r| r.current) else { continue };
        let Some(name) = lines.iter().find_map(|line| match &line.node {
            ResourceRule::Max(Amount::Expr(expr)) => match &expr.node {
                Expr::Name(name) => Some(name.as_str()),
                _ => None,
            },
            _ => None,
        }) else {
            continue;
        };
        if given.has(name) || rules.derived(name).is_some() {
            continue;
        }
        let declared = rules.resources.iter().find(|(n, _)| n.eq_ignore_ascii_case(name));
        match declared {
            Some((_, lines)) if lines.iter().any(|l| matches!(l.node, ResourceRule::Start(_))) => {
                continue;
            }
            Some((declared, _)) => {
                actor.resources.insert(declared.clone(), Resource::new(amount));
            }
            None if rules.declares_stat(name) => {
                actor.stats.insert(name.to_string(), amount);
            }
            None => continue,
        }
        notes.push(format!(
            "{}'s {name} is {amount}: {resource} {amount} starts full ({resource}'s maximum is \
             [{name}])",
            actor.name
        ));
    }
    notes
}

/// Refuses a given resource amount above its maximum (after [`start_full`] and the
/// system's resource rules ran), saying which value the maximum reads that the actor was not
/// given when that is why: cutting the amount down would change what was written.
pub(crate) fn check_maximums(
    rules: &Rules,
    actor: &Actor,
    given: &Given,
    wanted: &[(String, i64)],
) -> Result<(), RuntimeError> {
    for (resource, amount) in wanted {
        let Some(max) = actor.resources.get(resource).and_then(|r| r.max) else { continue };
        if *amount <= max {
            continue;
        }
        let Some(rule) = rules.expr_maxes.iter().find(|m| m.resource == *resource) else {
            continue;
        };
        let reads = rule.reads.as_deref().unwrap_or_default();
        let missing = reads.iter().find(|name| {
            !given.has(name)
                && rules.derived(name).is_none()
                && (rules.declares_stat(name)
                    || rules.resources.iter().any(|(n, _)| n.eq_ignore_ascii_case(name)))
        });
        let declared = |name: &str| {
            rules
                .resources
                .iter()
                .map(|(n, _)| n.as_str())
                .chain(rules.symbols.stats.iter().map(|s| s.name.as_str()))
                .find(|n| n.eq_ignore_ascii_case(name))
                .unwrap_or(name)
                .to_string()
        };
        let Some(missing) = missing.map(|name| declared(name)) else { continue };
        return Err(refused(
            format!(
                "{}'s {resource} {amount} is above its maximum {max}: the maximum {} reads \
                 {missing}, which {} was not given",
                actor.name, rule.amount, actor.name
            ),
            format!(
                "give {} {} {missing} too (`with {resource} {amount}, {missing} N`)",
                actor.name,
                crate::diagnostics::article(&missing)
            ),
        ));
    }
    Ok(())
}

/// The amounts `actor` was given (by its block or `with`) above the maximum it has before
/// its traits and conditions apply: [`given_amounts`] looks at them again once they have.
pub(crate) fn above_maximum(
    actor: &Actor,
    given: &Given,
    wanted: &[(String, i64)],
) -> Vec<(String, i64)> {
    let max = |resource: &str| actor.resources.get(resource).and_then(|r| r.max);
    wanted
        .iter()
        .filter(|(resource, amount)| {
            given.has(resource) && max(resource).is_some_and(|max| *amount > max)
        })
        .cloned()
        .collect()
}

/// Gives the joined actor `name` the amounts in `above` it was given, now that its traits and
/// conditions have set its maximums (`+10 Max HP` from a feat); refuses an amount still
/// above its maximum, rather than cutting it down to what was not written.
pub(crate) fn given_amounts(
    game: &mut super::Game,
    name: &str,
    above: &[(String, i64)],
) -> Result<(), RuntimeError> {
    if above.is_empty() {
        return Ok(());
    }
    super::maxes::refresh_named(game, name)?;
    for (resource, amount) in above {
        let actor = game.world.actor_mut(name).map_err(super::power::engine)?;
        let Some(held) = actor.resources.get_mut(resource) else { continue };
        match held.max {
            Some(max) if *amount > max => {
                return Err(refused(
                    format!("{name}'s {resource} {amount} is above its maximum {max}"),
                    format!(
                        "give {name} at most {max} {resource}, or raise the maximum (the \
                         system's `Resource {resource}:` line)"
                    ),
                ));
            }
            _ => held.current = *amount,
        }
    }
    Ok(())
}

fn refused(message: String, hint: String) -> RuntimeError {
    RuntimeErrorKind::ActorValue { message, hint }.at(Span::NONE)
}
