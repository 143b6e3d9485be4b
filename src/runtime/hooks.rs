//! Event hooks: `On damage taken: bleed_check` in the system block makes the engine call the
//! script function `bleed_check(actor, amount)` after damage reduced an actor's health.
//! Hooks run inside the command that caused the event, through the same acting host as
//! effect scripts, so what they change is journaled and a failing hook fails the command.
//!
//! An event caused by a script (a script's `damage`) happens while that script holds the
//! game; its hooks are queued and run once the script returns, in order. Hooks started by
//! hooks are bounded by [`HOOK_ROUNDS`], so a pack whose hooks feed each other cannot hang.

use crate::diagnostics::Span;
use crate::model::hook::HookEvent;
use crate::script::{ActorHandle, Dynamic};

use super::Game;
use super::error::RuntimeError;

/// How many rounds of queued hooks one script call may cause.
pub(crate) const HOOK_ROUNDS: usize = 16;

/// What happened, beyond who it happened to.
#[derive(Clone, Debug)]
pub(crate) enum EventData {
    /// No data (turn start, turn end).
    None,
    /// An amount (damage taken).
    Amount(i64),
    /// A name (the condition applied or ended, the resource at zero).
    Name(String),
}

/// One event waiting for its hooks.
#[derive(Clone, Debug)]
pub(crate) struct Event {
    /// Which event.
    pub kind: HookEvent,
    /// Who it happened to.
    pub actor: String,
    /// Its data.
    pub data: EventData,
    /// The rule line that caused it.
    pub span: Span,
}

/// Calls every hook of `kind` for `actor`. Inside a running script the event is queued
/// instead (see the module documentation). Costs one scan of the hook list when the system
/// declares none.
pub(crate) fn fire(
    game: &mut Game,
    kind: HookEvent,
    actor: &str,
    data: EventData,
    span: Span,
) -> Result<(), RuntimeError> {
    let rules = &game.rules;
    if !rules.hooks.iter().any(|(event, _)| *event == kind)
        && !rules.reactions.iter().any(|reaction| reaction.trigger.event == kind)
    {
        return Ok(());
    }
    let event = Event { kind, actor: actor.to_string(), data, span };
    let Some(scripts) = game.rules.scripts.clone() else { return run(game, &event) };
    if scripts.is_acting() {
        scripts.queue(event);
        return Ok(());
    }
    run(game, &event)
}

/// Runs the hooks of `event` now, then the traits that react to it.
pub(crate) fn run(game: &mut Game, event: &Event) -> Result<(), RuntimeError> {
    run_hooks(game, event)?;
    super::traits::react(game, event)
}

/// Runs the script hooks of `event` now.
fn run_hooks(game: &mut Game, event: &Event) -> Result<(), RuntimeError> {
    let functions: Vec<_> = game
        .rules
        .hooks
        .iter()
        .filter(|(kind, _)| *kind == event.kind)
        .map(|(_, function)| function.clone())
        .collect();
    for function in functions {
        let Some(index) = game.world.actors.iter().position(|a| a.name == event.actor) else {
            return Ok(());
        };
        let handle = ActorHandle(u32::try_from(index).unwrap_or(u32::MAX));
        let mut values = vec![Dynamic::from(handle)];
        match &event.data {
            EventData::None => {}
            EventData::Amount(amount) => values.push(Dynamic::from_int(*amount)),
            EventData::Name(name) => values.push(Dynamic::from(name.clone())),
        }
        super::acting::call_acting(game, &event.actor, &function, values, event.span)?;
    }
    Ok(())
}

/// The health of `actor` before damage when the system declares hooks (`None` otherwise:
/// without hooks nothing needs it, and damage stays as cheap as before).
pub(crate) fn health_before(game: &Game, actor: &str) -> Option<i64> {
    game.rules.listens.then(|| health_of(game, actor))
}

/// The health resource of `actor` now (0 when it has none).
fn health_of(game: &Game, actor: &str) -> i64 {
    match super::effects::health_resource(&game.rules) {
        Ok(health) => super::acting::current(game, actor, health),
        Err(_) => 0,
    }
}

/// Fires the hooks that follow damage: `damage taken` when health went down, `resource zero`
/// when it reached 0. One inline test without hooks (no health was read before).
#[inline(always)]
pub(crate) fn after_damage(
    game: &mut Game,
    victim: &str,
    before: Option<i64>,
    span: Span,
) -> Result<(), RuntimeError> {
    match before {
        Some(before) => fire_after_damage(game, victim, before, span),
        None => Ok(()),
    }
}

/// [`after_damage`] for a system with hooks.
#[inline(never)]
fn fire_after_damage(
    game: &mut Game,
    victim: &str,
    before: i64,
    span: Span,
) -> Result<(), RuntimeError> {
    let after = health_of(game, victim);
    if after < before {
        fire(game, HookEvent::DamageTaken, victim, EventData::Amount(before - after), span)?;
    }
    zero_checkpoint(game, span)
}

/// Every (actor, resource) pair when last looked at, in actor and resource order, and
/// whether each was away from 0 then: the ones away from 0 are those that can reach it. An
/// actor or resource that appears at 0 (a new actor) has not reached it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Zeroes {
    pairs: Vec<(String, String)>,
    away: Vec<bool>,
}

impl Zeroes {
    /// A fresh look at every resource.
    fn look(game: &Game) -> Self {
        let mut zeroes = Zeroes::default();
        for actor in &game.world.actors {
            for (name, resource) in &actor.resources {
                zeroes.pairs.push((actor.name.clone(), name.clone()));
                zeroes.away.push(resource.current != 0);
            }
        }
        zeroes
    }

    /// Whether the actors and resources are the ones last looked at — the usual case, so
    /// a look only updates `away` in place, without allocating.
    fn same_pairs(&self, game: &Game) -> bool {
        let mut pairs = self.pairs.iter();
        let same = game.world.actors.iter().all(|actor| {
            actor
                .resources
                .keys()
                .all(|name| pairs.next().is_some_and(|(a, r)| *a == actor.name && r == name))
        });
        same && pairs.next().is_none()
    }
}

fn watches_zeroes(game: &Game) -> bool {
    let rules = &game.rules;
    rules.hooks.iter().any(|(event, _)| *event == HookEvent::ResourceZero)
        || rules.reactions.iter().any(|reaction| reaction.trigger.event == HookEvent::ResourceZero)
}

/// Notes which resources are at 0 as a command starts: only a resource that reaches 0 from
/// here on fires `resource zero`. Costs one scan of the hook list without such a hook.
pub(crate) fn watch_zeroes(game: &mut Game) {
    // What reached 0 before the command is not this command's to fire.
    reached_zero(game);
}

/// The (actor, resource) pairs that reached 0 since the last look, in order; the look is
/// updated, so a resource staying at 0 is reported once and one leaving 0 is watched again.
pub(crate) fn reached_zero(game: &mut Game) -> Vec<(String, String)> {
    if !watches_zeroes(game) {
        return Vec::new();
    }
    if !game.zeroes.same_pairs(game) {
        let look = Zeroes::look(game);
        let before = std::mem::replace(&mut game.zeroes, look);
        let was_away = |pair: &(String, String)| {
            before.pairs.iter().zip(&before.away).any(|(old, away)| *away && old == pair)
        };
        let now = &game.zeroes;
        return now
            .pairs
            .iter()
            .zip(&now.away)
            .filter(|(pair, away)| !**away && was_away(pair))
            .map(|(pair, _)| pair.clone())
            .collect();
    }
    let mut reached = Vec::new();
    let mut away = game.zeroes.away.iter_mut();
    for actor in &game.world.actors {
        for (name, resource) in &actor.resources {
            let Some(was_away) = away.next() else { break };
            if *was_away && resource.current == 0 {
                reached.push((actor.name.clone(), name.clone()));
            }
            *was_away = resource.current != 0;
        }
    }
    reached
}

/// Fires `resource zero` for every resource that reached 0 through any path (a cost, `lose N
/// X`, damage, a script, a turn's reset) since the last look. Inline and one test when the
/// system has no hooks: it runs after every effect, so the look itself is kept out of line
/// (inlined, it would make every caller save and restore its registers).
#[inline(always)]
pub(crate) fn zero_checkpoint(game: &mut Game, span: Span) -> Result<(), RuntimeError> {
    if !game.rules.listens {
        return Ok(());
    }
    fire_zeroes(game, span)
}

/// [`zero_checkpoint`] for a system with hooks.
#[inline(never)]
fn fire_zeroes(game: &mut Game, span: Span) -> Result<(), RuntimeError> {
    for (actor, resource) in reached_zero(game) {
        fire(game, HookEvent::ResourceZero, &actor, EventData::Name(resource), span)?;
    }
    Ok(())
}

/// Fires `turn start` when `actor`'s start phase begins and `turn end` at its end phase.
pub(crate) fn turn_phase(
    game: &mut Game,
    actor: &str,
    phase: &crate::engine::Phase,
) -> Result<(), RuntimeError> {
    let kind = match phase {
        crate::engine::Phase::Start => HookEvent::TurnStart,
        crate::engine::Phase::End => HookEvent::TurnEnd,
        crate::engine::Phase::Action => return Ok(()),
    };
    fire(game, kind, actor, EventData::None, Span::NONE)
}

/// Keeps `resource zero` events for resources that reached 0 while a script ran, for the
/// script's queued hooks.
pub(crate) fn queue_zeroes(game: &mut Game, span: Span) -> Vec<Event> {
    let reached = reached_zero(game);
    reached
        .into_iter()
        .map(|(actor, resource)| Event {
            kind: HookEvent::ResourceZero,
            actor,
            data: EventData::Name(resource),
            span,
        })
        .collect()
}
