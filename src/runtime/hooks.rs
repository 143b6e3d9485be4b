//! Event hooks: `On damage taken: bleed_check` in the system block makes the engine call the
//! script function `bleed_check(actor, amount)` after damage reduced an actor's health;
//! `On kill: gain 1 Glory` and `When HP reaches 0: apply Dying` run effect lines instead
//! (the event's actor as user, the victim as target on `kill`), behind an optional `if`
//! test.
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
use super::rules::RulesIndex;

/// How many rounds of queued hooks one script call may cause.
pub(crate) const HOOK_ROUNDS: usize = 16;

/// What happened, beyond who it happened to.
#[derive(Clone, Debug)]
pub(crate) enum EventData {
    /// No data (turn start, turn end).
    None,
    /// A name (the condition applied or ended, the resource at zero).
    Name(String),
    /// What a hit took (hit, damage taken), with the attack that dealt it: its user
    /// (`Attacker`) and its power's keywords (`the attack has keyword Melee`), when an
    /// actor's power dealt it.
    Struck {
        /// The health lost.
        amount: i64,
        /// Who dealt it (none: a condition's ongoing damage, the GM's).
        attacker: Option<String>,
        /// The keywords of the power that dealt it (none without a power).
        keywords: Vec<String>,
    },
}

/// One occurrence of a hook event, waiting for its hooks (the log's record of what happened
/// is a [`crate::engine::Event`]).
#[derive(Clone, Debug)]
pub(crate) struct Occurrence {
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
        && !rules.event_rules.iter().any(|rule| rule.event.node == kind)
    {
        return Ok(());
    }
    let event = Occurrence { kind, actor: actor.to_string(), data, span };
    let Some(scripts) = game.rules.scripts.clone() else { return run(game, &event) };
    if scripts.is_acting() {
        scripts.queue(event);
        return Ok(());
    }
    run(game, &event)
}

/// Runs the hooks of `event` now, then the system's event rules, then the traits that
/// react to it.
pub(crate) fn run(game: &mut Game, event: &Occurrence) -> Result<(), RuntimeError> {
    run_hooks(game, event)?;
    run_rules(game, event)?;
    super::traits::react(game, event)
}

/// How deep event rules may set each other off (`When HP reaches 0` applying a condition
/// whose rule deals damage...) before the command fails instead of looping.
const RULE_DEPTH: u8 = 16;

/// The values `[Trigger's X]` reads in an event rule: `Damage` on `hit` and `damage taken`.
fn trigger_values(event: &Occurrence) -> Vec<(String, i64)> {
    match (event.kind, &event.data) {
        (HookEvent::Hit | HookEvent::DamageTaken, EventData::Struck { amount, .. }) => {
            vec![("Damage".to_string(), *amount)]
        }
        _ => Vec::new(),
    }
}

/// Runs the system's event rules for `event`: each rule of its kind (for `When X reaches
/// 0`, of its resource) whose `if` test holds runs its effects with the event's actor as
/// user; on `kill` the victim is the target.
fn run_rules(game: &mut Game, event: &Occurrence) -> Result<(), RuntimeError> {
    let rules = std::sync::Arc::clone(&game.rules);
    let trigger = trigger_values(event);
    let target = match (&event.kind, &event.data) {
        (HookEvent::Kill, EventData::Name(victim)) => Some(victim.as_str()),
        _ => None,
    };
    let (attacker, keywords) = match &event.data {
        EventData::Struck { attacker, keywords, .. } => (attacker.as_deref(), keywords.as_slice()),
        _ => (None, &[][..]),
    };
    // Only a hit's rules have an attack to test (`the attack has keyword Ranged`).
    let attack = matches!(event.data, EventData::Struck { .. }).then_some(keywords);
    // Who the rules leave out (the layer of terrain that spares it): looked up at the
    // first rule that runs, not on every event.
    let mut spared: Option<Option<String>> = None;
    for rule in rules.event_rules.iter().filter(|rule| rule.event.node == event.kind) {
        if let Some(named) = &rule.named {
            let EventData::Name(reached) = &event.data else { continue };
            if !named.node.matches(reached) {
                continue;
            }
        }
        let Ok(user) = game.world.actor(&event.actor) else { continue };
        if let Some(gate) = &rule.gate {
            let target = target.and_then(|name| game.world.actor(name).ok());
            let holds = super::requirement::holds_on(
                (&rules, &game.world),
                &gate.node,
                (user, target),
                super::requirement::Asked { power: None, attack },
                &trigger,
            )
            .map_err(|e| e.or_at(gate.span))?;
            if !holds {
                continue;
            }
        }
        if game.reacting >= RULE_DEPTH {
            let message = format!(
                "`{}` set off event rules more than {RULE_DEPTH} deep",
                rule.to_string().split(':').next().unwrap_or_default()
            );
            let kind = crate::engine::EngineErrorKind::Internal(message);
            return Err(super::error::RuntimeErrorKind::Engine(kind).at(rule.event.span));
        }
        let header = match (&rule.named, rule.event.node) {
            (Some(name), HookEvent::ConditionApplied) => format!("{} is applied", name.node),
            (Some(name), HookEvent::ConditionEnded) => format!("{} ends", name.node),
            (Some(name), _) => format!("{} reaches 0", name.node),
            (None, event) => format!("on {event}"),
        };
        game.world.narrate(format!("{} ({header})", event.actor), rule.event.span);
        let spared = spared.get_or_insert_with(|| match (event.kind, &event.data) {
            (HookEvent::ConditionApplied, EventData::Name(name)) => {
                super::terrain::spared_layer(game, &event.actor, name)
            }
            _ => None,
        });
        let context = super::effects::Context {
            trigger: &trigger,
            spared: spared.as_deref(),
            attacker,
            ..super::effects::Context::of(&rules, &event.actor)
        };
        game.reacting += 1;
        let result =
            super::effects::execute(game, &context, &rule.effects, target, None, rule.event.span);
        game.reacting -= 1;
        result?;
    }
    Ok(())
}

/// Runs the script hooks of `event` now.
fn run_hooks(game: &mut Game, event: &Occurrence) -> Result<(), RuntimeError> {
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
            EventData::Struck { amount, .. } => values.push(Dynamic::from_int(*amount)),
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

/// Fires the hooks that follow damage to `victim`: `damage taken` when health went down,
/// `resource zero` when a resource reached 0, and when an actor's effect dealt it (the
/// attack's `attacker`: not a condition's ongoing damage, not the GM's fiat) `hit` always
/// and `kill` (for the dealer) when health went from above 0 to 0 or below. One inline test
/// without hooks (no health was read before).
// Kept: +167 instructions per attack without hooks.rs's four pins (Nov 2026).
#[inline(always)]
pub(crate) fn after_damage(
    game: &mut Game,
    (attack, victim): (super::quantities::Attack<'_>, &str),
    before: Option<i64>,
    span: Span,
) -> Result<(), RuntimeError> {
    match before {
        Some(before) => fire_after_damage(game, (attack, victim), before, span),
        None => Ok(()),
    }
}

/// [`after_damage`] for a system with hooks.
// Kept: +167 instructions per attack without hooks.rs's four pins (Nov 2026).
#[inline(never)]
fn fire_after_damage(
    game: &mut Game,
    (attack, victim): (super::quantities::Attack<'_>, &str),
    before: i64,
    span: Span,
) -> Result<(), RuntimeError> {
    let after = health_of(game, victim);
    let dealer = attack.attacker;
    // Only a hit's effect rules read the attacker and the keywords: without one, a hit
    // allocates neither.
    let answered = game
        .rules
        .event_rules
        .iter()
        .any(|rule| matches!(rule.event.node, HookEvent::Hit | HookEvent::DamageTaken));
    let struck = |amount: i64| EventData::Struck {
        amount,
        attacker: dealer.filter(|_| answered).map(str::to_string),
        keywords: match attack.power.filter(|_| answered) {
            Some((lines, weapon)) => super::relations::power_keywords(lines, weapon),
            None => Vec::new(),
        },
    };
    if dealer.is_some() {
        let lost = (before - after).max(0);
        fire(game, HookEvent::Hit, victim, struck(lost), span)?;
    }
    if after < before {
        fire(game, HookEvent::DamageTaken, victim, struck(before - after), span)?;
    }
    if let Some(dealer) = dealer
        && before > 0
        && after <= 0
        && dealer != victim
    {
        fire(game, HookEvent::Kill, dealer, EventData::Name(victim.to_string()), span)?;
    }
    zero_checkpoint(game, span)
}

/// The resources (actor, resource) above 0 when last looked at, in actor and resource
/// order: the ones that can reach 0. A resource reaches 0 when it falls from above 0 to 0 or
/// below (`set Hero Stamina to -2` from 3 reaches it); one already at or below 0 does not
/// reach it again (rising from -1 to 0, or falling further) until it has been above 0. An
/// actor or resource that appears at or below 0 (a new actor) has not reached it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Zeroes(Vec<(String, String)>);

impl Zeroes {
    /// Whether the resources away from 0 are exactly the ones last looked at — the usual case
    /// after an effect, answered by one walk in step with the list, without allocating.
    fn still_matches(&self, game: &Game) -> bool {
        use crate::engine::text::same_name;
        let mut watched = self.0.iter();
        for actor in &game.world.actors {
            for (name, resource) in &actor.resources {
                // Names compared inline: memcmp's call for each of a few short names cost
                // more than the rest of the walk.
                if resource.current > 0
                    && watched
                        .next()
                        .is_none_or(|(a, r)| !same_name(r, name) || !same_name(a, &actor.name))
                {
                    return false;
                }
            }
        }
        watched.next().is_none()
    }
}

fn watches_zeroes(game: &Game) -> bool {
    game.rules.watches_zeroes
}

/// Whether anything in `rules` (a hook, a trait's trigger, an `On` line) listens for a
/// resource reaching 0; found once at load.
pub(crate) fn zero_listeners(rules: &RulesIndex) -> bool {
    rules.hooks.iter().any(|(event, _)| *event == HookEvent::ResourceZero)
        || rules.reactions.iter().any(|reaction| reaction.trigger.event == HookEvent::ResourceZero)
        || rules.event_rules.iter().any(|rule| rule.event.node == HookEvent::ResourceZero)
}

/// The resources at or below 0 (`at_zero`), or above it, now.
fn resources_now(game: &Game, at_zero: bool) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for actor in &game.world.actors {
        for (name, resource) in &actor.resources {
            if (resource.current <= 0) == at_zero {
                pairs.push((actor.name.clone(), name.clone()));
            }
        }
    }
    pairs
}

/// Notes which resources are above 0 as a command starts: only a resource that falls to 0 or
/// below from here on fires `resource zero`. Costs one scan of the hook list without such a hook.
pub(crate) fn watch_zeroes(game: &mut Game) {
    if watches_zeroes(game) && !game.zeroes.still_matches(game) {
        game.zeroes = Zeroes(resources_now(game, false));
    }
}

/// The (actor, resource) pairs that reached 0 since the last look, in order; the look is
/// updated, so a resource staying at 0 is reported once and one leaving 0 is watched again.
pub(crate) fn reached_zero(game: &mut Game) -> Vec<(String, String)> {
    if !watches_zeroes(game) {
        return Vec::new();
    }
    if game.zeroes.still_matches(game) {
        return Vec::new();
    }
    let now = Zeroes(resources_now(game, false));
    let watched = std::mem::replace(&mut game.zeroes, now);
    resources_now(game, true).into_iter().filter(|pair| watched.0.contains(pair)).collect()
}

/// Fires `resource zero` for every resource that reached 0 through any path (a cost, `lose N
/// X`, damage, a script, a turn's reset) since the last look. Inline and one test when the
/// system has no hooks: it runs after every effect, so the look itself is kept out of line
/// (inlined, it would make every caller save and restore its registers).
// Kept: +167 instructions per attack without hooks.rs's four pins (Nov 2026).
#[inline(always)]
pub(crate) fn zero_checkpoint(game: &mut Game, span: Span) -> Result<(), RuntimeError> {
    if !game.rules.listens {
        return Ok(());
    }
    fire_zeroes(game, span)
}

/// [`zero_checkpoint`] for a system with hooks.
// Kept: +167 instructions per attack without hooks.rs's four pins (Nov 2026).
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
pub(crate) fn queue_zeroes(game: &mut Game, span: Span) -> Vec<Occurrence> {
    let reached = reached_zero(game);
    reached
        .into_iter()
        .map(|(actor, resource)| Occurrence {
            kind: HookEvent::ResourceZero,
            actor,
            data: EventData::Name(resource),
            span,
        })
        .collect()
}
