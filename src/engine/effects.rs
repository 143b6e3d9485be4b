//! What effects do to the world, logged: damage into a resource or a layered pool (what
//! reaches the resource spent first from conditions holding temporary health), healing,
//! conditions, pushing an improvised layer, and moving encounters and the clock along (with
//! per-turn resets and conditions ending on time). Each method validates its names before it
//! changes anything.

use serde::{Deserialize, Serialize};

use super::actor::Resource;
use super::cause::Cause;
use super::condition::{ActiveCondition, Applied, StackRule};
use super::damage::{
    Damage, DamageRules, DamageSteps, HealRules, HealSteps, resolve_damage, resolve_heal,
};
use super::encounter::{
    Encounter, InitiativeRoll, InitiativeRule, ResourceReset, TurnMode, TurnStep, order_initiative,
    participants_from, roll_initiative,
};
use super::error::{EngineError, EngineErrorKind, suggest};
use super::layers::{Layer, LayeredHit, LayeredPool};
use super::log::Event;
use super::narration::{MoveText, Narrated};
use super::state::{World, unknown_resource};
use super::stats::Key;
use super::text::SharedText;
use crate::diagnostics::Span;

/// Where damage goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageInto {
    /// A plain resource (health points).
    Resource(String),
    /// A layered pool (armour over health).
    Layers(String),
}

/// What a hit did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageReport {
    /// How the amount came out.
    pub steps: DamageSteps,
    /// Per-layer breakdown, for a layered pool.
    pub layers: Option<LayeredHit>,
    /// The resource's value afterwards, or what passed every layer.
    pub after: i64,
}

/// What [`World::damage_logged`] dealt.
struct Dealt {
    /// The actor, as the log names it.
    actor: SharedText,
    /// How the amount came out.
    steps: DamageSteps,
    /// Whether a layered pool took the hit.
    layered: bool,
    /// What passed every layer, or the resource's value afterwards.
    after: i64,
    /// The temporary-health conditions the hit spent to 0 (ended).
    spent: Vec<String>,
}

/// What the temporary health of an actor's conditions took of a hit.
#[derive(Default)]
struct Absorbed {
    /// The whole amount taken.
    total: i64,
    /// Per condition: its name, what it took and what it has left.
    taken: Vec<(String, i64, i64)>,
    /// The conditions spent to 0, removed.
    spent: Vec<ActiveCondition>,
}

/// What a hit is about to change, as it is before the hit: what an undo journal keeps.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Struck<'a> {
    /// A resource taking the hit directly.
    Resource(Resource),
    /// A layered pool (a hit changes only its layers' values).
    Layers(&'a LayeredPool),
    /// The actor's conditions (temporary health spent from their N).
    Conditions(&'a super::condition::Conditions),
}

/// Where a hit through armour goes: the layered pool `pool` when the actor has it (its
/// innermost resource `resource` takes what passes every layer), else `resource` alone.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sink<'a> {
    /// The layered pool.
    pub pool: &'a str,
    /// The resource innermost in it.
    pub resource: Key<'a>,
    /// The conditions whose N is temporary health: what reaches `resource` is taken from
    /// them first (empty: none, as for a loss that is not damage).
    pub buffers: &'a [String],
}

/// What a hit strikes.
#[derive(Clone, Copy)]
enum Target<'a> {
    /// A resource.
    Resource(&'a str),
    /// A layered pool (an error when the actor has none of that name).
    Layers(&'a str),
    /// The pool of a [`Sink`] when the actor has it, else its resource.
    LayersOr(Sink<'a>),
}

impl World {
    /// Deals `damage` to `actor` under `rules`, into a resource or a layered pool.
    pub fn deal_damage(
        &mut self,
        actor: &str,
        into: &DamageInto,
        damage: &Damage,
        rules: &DamageRules,
        span: Span,
    ) -> Result<DamageReport, EngineError> {
        let target = match into {
            DamageInto::Resource(name) => Target::Resource(name),
            DamageInto::Layers(name) => Target::Layers(name),
        };
        let Some(index) = self.actor_index(actor) else {
            return Err(self.unknown_actor(actor).at(span));
        };
        let dealt =
            self.damage_logged((index, actor), target, (damage, rules), span, |_, _, _| {})?;
        debug_assert!(dealt.spent.is_empty(), "a plain hit spends no temporary health");
        // The layers' hits as the log keeps them, for the report.
        let layers = match self.log.last() {
            Some(Event::Damage { layers, .. }) => layers.iter().cloned().collect(),
            _ => Vec::new(),
        };
        let Dealt { steps, layered, after, .. } = dealt;
        let layers =
            layered.then(|| LayeredHit { damage: steps.total.max(0), layers, through: after });
        Ok(DamageReport { steps, layers, after })
    }

    /// Deals `damage` to `actor` under `rules` through `sink` and logs the hit and, when
    /// something passes every layer, the change of the resource inside; one lookup of the
    /// actor serves both. `seen` hears of what is about to change (the actor's index, the
    /// pool's or resource's name as the log shares it, and what it is now), for an undo
    /// journal. What reaches the resource is first taken from the temporary health of
    /// `sink.buffers`; returns the names of those it spent to 0 (ended and logged).
    pub(crate) fn damage_into(
        &mut self,
        actor: &str,
        sink: Sink<'_>,
        (damage, rules): (&Damage, &DamageRules),
        span: Span,
        mut seen: impl FnMut(usize, &SharedText, Struck<'_>),
    ) -> Result<Vec<String>, EngineError> {
        let Some(index) = self.actor_index(actor) else {
            return Err(self.unknown_actor(actor).at(span));
        };
        let target = Target::LayersOr(sink);
        let mut hit =
            self.damage_logged((index, actor), target, (damage, rules), span, &mut seen)?;
        if hit.layered && hit.after > 0 {
            let absorbed = self.absorb(index, sink.buffers, hit.after, &mut seen);
            let through = hit.after - absorbed.total;
            hit.spent = self.report_absorbed(actor, absorbed, span);
            if through > 0 {
                let new = |current: i64| current.saturating_add(-through);
                let changed =
                    self.update_resource_at((index, hit.actor), sink.resource, new, span)?;
                seen(index, &changed.name, Struck::Resource(changed.old));
            }
        }
        Ok(hit.spent)
    }

    /// Takes up to `amount` that reaches the health of the actor at `index` from the
    /// temporary health of its conditions named in `buffers` (journaled through `seen`).
    fn absorb(
        &mut self,
        index: usize,
        buffers: &[String],
        amount: i64,
        seen: &mut impl FnMut(usize, &SharedText, Struck<'_>),
    ) -> Absorbed {
        let who = &mut self.actors[index];
        if amount <= 0 || buffers.is_empty() || !who.conditions.holds_buffer(buffers) {
            return Absorbed::default();
        }
        let name = self.names.get(&who.name);
        seen(index, &name, Struck::Conditions(&who.conditions));
        let (taken, spent) = who.conditions.absorb(buffers, amount);
        let total = taken.iter().fold(0i64, |sum, (_, take, _)| sum.saturating_add(*take));
        Absorbed { total, taken, spent }
    }

    /// Narrates what each temporary-health condition of `actor` took of a hit and logs those
    /// spent to 0 as ended; returns their names.
    fn report_absorbed(&mut self, actor: &str, absorbed: Absorbed, span: Span) -> Vec<String> {
        for (name, take, left) in absorbed.taken {
            let text = format!("{actor}'s {name} took {take} of it first ({left} left)");
            self.narrate(text, span);
        }
        let names = absorbed.spent.iter().map(|c| c.name.clone()).collect();
        self.log_ended(actor, absorbed.spent);
        names
    }

    /// Deals damage to the actor at `index` into `target` and logs it; a layered pool took
    /// the hit exactly when the result says `layered`.
    fn damage_logged(
        &mut self,
        (index, actor): (usize, &str),
        target: Target<'_>,
        (damage, rules): (&Damage, &DamageRules),
        span: Span,
        mut seen: impl FnMut(usize, &SharedText, Struck<'_>),
    ) -> Result<Dealt, EngineError> {
        let buffers = match target {
            Target::LayersOr(sink) => sink.buffers,
            Target::Resource(_) | Target::Layers(_) => &[],
        };
        let mut absorbed = Absorbed::default();
        let who = &mut self.actors[index];
        let (name, pool) = match target {
            Target::Resource(name) => (Key::from(name), None),
            Target::Layers(name) => {
                let Some(pool) = super::text::lookup_mut(&mut who.layered, name) else {
                    return Err(unknown_layers(who, name).at(span));
                };
                (Key::from(name), Some(pool))
            }
            Target::LayersOr(Sink { pool, resource, .. }) => {
                match super::text::lookup_mut(&mut who.layered, pool) {
                    Some(layers) => (Key::from(pool), Some(layers)),
                    None => (resource, None),
                }
            }
        };
        let steps = resolve_damage(damage, rules);
        let layered = pool.is_some();
        let (into, after) = if let Some(pool) = pool {
            let into = self.names.get(name.as_str());
            seen(index, &into, Struck::Layers(pool));
            let store = &mut self.log.hits;
            (into, pool.hit_each(steps.total, |hit| store.push(hit)))
        } else {
            // Temporary health is spent only from a hit on a resource the actor has.
            if !buffers.is_empty() && who.resources.contains(name) {
                absorbed = self.absorb(index, buffers, steps.total, &mut seen);
            }
            let who = &mut self.actors[index];
            let Some(held) = who.resources.get_key_mut(name) else {
                return Err(unknown_resource(who, name.as_str()).at(span));
            };
            let into = self.names.get(name.as_str());
            seen(index, &into, Struck::Resource(*held));
            held.current = held.clamp(held.current.saturating_sub(steps.total - absorbed.total));
            (into, held.current)
        };
        let layers = self.log.hits.take();
        let actor = self.names.get(actor);
        let event = Event::Damage {
            actor: actor.clone(),
            into,
            steps: steps.clone(),
            layers,
            after,
            cause: Cause::of(span),
        };
        self.record(event);
        let spent = self.report_absorbed(actor.as_str(), absorbed, span);
        Ok(Dealt { actor, steps, layered, after, spent })
    }

    /// Puts an improvised layer in front of one of `actor`'s layered pools.
    pub fn push_layer(
        &mut self,
        actor: &str,
        pool: &str,
        layer: Layer,
        span: Span,
    ) -> Result<(), EngineError> {
        let who = self.actor_mut(actor).map_err(|k| k.at(span))?;
        match who.layered.get_mut(pool) {
            Some(layers) => {
                layers.push_front(layer);
                Ok(())
            }
            None => Err(unknown_layers(who, pool).at(span)),
        }
    }

    /// Heals a resource of `actor` by `amount` under `rules`, capped at its maximum.
    pub fn heal(
        &mut self,
        actor: &str,
        resource: &str,
        amount: i64,
        rules: &HealRules,
        span: Span,
    ) -> Result<HealSteps, EngineError> {
        let who = self.actor_mut(actor).map_err(|k| k.at(span))?;
        let Some(held) = who.resources.get_mut(resource) else {
            return Err(unknown_resource(who, resource).at(span));
        };
        let steps = resolve_heal(held.current, held.max, amount, rules);
        held.current = steps.after;
        let (actor, resource) = (actor.to_string(), resource.to_string());
        self.record(Event::Heal { actor, resource, steps, cause: Cause::of(span) });
        Ok(steps)
    }

    /// Applies a condition to `actor` under `stacking`.
    pub fn apply_condition(
        &mut self,
        actor: &str,
        condition: ActiveCondition,
        stacking: StackRule,
        span: Span,
    ) -> Result<Applied, EngineError> {
        let who = self.actor_mut(actor).map_err(|k| k.at(span))?;
        // The copy it combined with, whatever its type (under `never`, `Burning 3 Cold` on a
        // held `Burning 2 Fire` raises the Fire copy).
        let (applied, at) = who.conditions.apply_at(condition, stacking);
        let now = who.conditions.active.get(at).map(|c| Box::new(c.clone()));
        let actor = actor.to_string();
        match (&applied, now) {
            (Applied::Added, Some(condition)) => {
                self.record(Event::ConditionApplied { actor, condition, cause: Cause::of(span) })
            }
            (Applied::Refreshed { .. }, Some(condition)) => {
                self.record(Event::ConditionRefreshed { actor, condition, cause: Cause::of(span) })
            }
            // A copy that changed nothing still says so: the line did run.
            (Applied::Unchanged, Some(condition)) => {
                let held = super::log::condition_text(&condition);
                self.narrate(format!("{actor} keeps {held}: a new copy does not stack"), span);
            }
            _ => {}
        }
        Ok(applied)
    }

    /// Removes a condition (every instance, or those of `subtype`) from `actor`.
    pub fn remove_condition(
        &mut self,
        actor: &str,
        name: &str,
        subtype: Option<&str>,
        span: Span,
    ) -> Result<usize, EngineError> {
        let who = self.actor_mut(actor).map_err(|k| k.at(span))?;
        let removed = who.conditions.remove(name, subtype);
        let count = removed.len();
        self.log_ended(actor, removed);
        Ok(count)
    }

    fn log_ended(&mut self, actor: &str, ended: Vec<ActiveCondition>) {
        for condition in ended {
            let condition = Box::new(condition);
            self.record(Event::ConditionEnded { actor: actor.to_string(), condition });
        }
    }

    /// Starts `encounter` (every participant must be an actor) and logs its opening steps;
    /// the lines said out of encounters ([`World::said`]) are forgotten.
    pub fn start_encounter(&mut self, mut encounter: Encounter) -> Result<(), EngineError> {
        for participant in &encounter.participants {
            self.actor(&participant.name)?;
        }
        let steps = encounter.open();
        self.encounter = Some(encounter);
        // The stretch out of encounters ends: the next one says its standing facts again.
        self.said.clear();
        self.apply_steps(steps)
    }

    /// Rolls initiative for `entrants` (actor, modifier), logs each die, gives each total's
    /// overflow past the last segment to the segment rule's resource (for actors that have
    /// it), and starts an ordered encounter in that order with `resets`.
    pub fn start_encounter_by_initiative(
        &mut self,
        entrants: &[(String, i64)],
        rule: &InitiativeRule,
        resets: Vec<ResourceReset>,
        span: Span,
    ) -> Result<Vec<InitiativeRoll>, EngineError> {
        for (name, _) in entrants {
            self.actor(name).map_err(|k| k.at(span))?;
        }
        let rolls = roll_initiative(&mut self.roller, entrants, rule).map_err(|k| k.at(span))?;
        self.start_encounter_in_order(rolls, rule, resets, span)
    }

    /// Starts an ordered encounter from totals already rolled (each entrant's dice, in the
    /// listed order): puts them in turn order ([`order_initiative`]), logs each entrant's
    /// dice (an entrant ordered by value alone has none, and its total is narrated), gives
    /// each total's overflow past the last segment to the segment rule's resource (for
    /// actors that have it), and starts the encounter with `resets`.
    pub fn start_encounter_in_order(
        &mut self,
        listed: Vec<InitiativeRoll>,
        rule: &InitiativeRule,
        resets: Vec<ResourceReset>,
        span: Span,
    ) -> Result<Vec<InitiativeRoll>, EngineError> {
        for roll in &listed {
            self.actor(&roll.name).map_err(|k| k.at(span))?;
        }
        let rolls = order_initiative(listed, rule);
        for roll in &rolls {
            if roll.dice.is_empty() {
                self.narrate(format!("{}'s turn order value is {}", roll.name, roll.total), span);
            } else {
                self.log_roll(Some(&roll.name), "initiative", roll.dice.clone(), span);
            }
        }
        let overflow = rule.segments.as_ref().and_then(|s| s.overflow_resource.clone());
        if let Some(resource) = overflow {
            for roll in rolls.iter().filter(|r| r.overflow > 0) {
                if self.actor(&roll.name)?.resources.contains_key(&resource) {
                    self.change_resource(&roll.name, &resource, roll.overflow, span)?;
                }
            }
        }
        let mut encounter = Encounter::new(participants_from(&rolls), TurnMode::Ordered);
        encounter.resets = resets;
        self.start_encounter(encounter)?;
        Ok(rolls)
    }

    /// Logs text the engine does not execute.
    pub fn narrate(&mut self, text: impl Into<Narrated>, span: Span) {
        self.record(Event::Narration { text: text.into(), cause: Cause::of(span) });
    }

    /// Narrates at `span` that a line of `what` needs an encounter that is not running, and
    /// what happens instead (`so`), kept in parts: `{what}: no encounter runs, so {so}`.
    pub fn narrate_no_encounter(&mut self, what: &str, so: SharedText, span: Span) {
        let what = self.names.get(what);
        self.narrate(Narrated::NoEncounter { what, so }, span);
    }

    /// Marks the rule line at `span` as said for this stretch out of encounters: true the
    /// first time (the caller says it), false once it was (see [`World::said`]).
    pub fn mark_said(&mut self, span: Span) -> bool {
        self.said.insert(span)
    }

    /// Takes back [`World::mark_said`] for the line at `span` (an undone command said it).
    pub fn unmark_said(&mut self, span: Span) {
        self.said.remove(&span);
    }

    /// Narrates a move that has no positions to change (`Brakka: walk up to 5 hexes`),
    /// kept in parts: the log renders the text only when it is read.
    pub fn narrate_move(
        &mut self,
        who: &str,
        how: &'static str,
        reach: (bool, i64),
        unit: &str,
        span: Span,
    ) {
        let (who, unit) = (self.names.get(who), self.names.get(unit));
        let (up_to, distance) = reach;
        self.narrate(MoveText { who, how, up_to, distance, unit }, span);
    }

    /// Moves the encounter to the next phase or turn, applying resets and ending conditions.
    pub fn advance_turn(&mut self) -> Result<Vec<TurnStep>, EngineError> {
        let steps = self.encounter_mut()?.advance();
        self.apply_steps(steps.clone())?;
        Ok(steps)
    }

    /// The acting participant delays until just after `after`.
    pub fn delay_until_after(&mut self, after: &str) -> Result<Vec<TurnStep>, EngineError> {
        let steps = self.encounter_mut()?.delay_until_after(after)?;
        self.apply_steps(steps.clone())?;
        Ok(steps)
    }

    /// Ends the encounter: the conditions of its participants that last for it end (see
    /// [`super::Conditions::end_of_encounter`]); actors who were not in it are untouched.
    pub fn end_encounter(&mut self) -> Result<Encounter, EngineError> {
        let encounter = self.encounter.take().ok_or(EngineErrorKind::NoEncounter)?;
        for participant in &encounter.participants {
            // A participant may have left the world since; there is nothing of it to end.
            let Some(index) = self.actor_index(&participant.name) else { continue };
            let ended = self.actors[index].conditions.end_of_encounter();
            self.log_ended(&participant.name, ended);
        }
        Ok(encounter)
    }

    /// Removes from `actor` every condition whose source is `source` (a trait that held
    /// them), logged; returns them.
    pub fn remove_conditions_from(
        &mut self,
        actor: &str,
        source: &str,
    ) -> Result<Vec<ActiveCondition>, EngineError> {
        let ended = self.actor_mut(actor)?.conditions.remove_from(source);
        self.log_ended(actor, ended.clone());
        Ok(ended)
    }

    /// `actor` was healed: its conditions lasting until then end, logged; returns them.
    pub fn end_healed(&mut self, actor: &str) -> Result<Vec<ActiveCondition>, EngineError> {
        let ended = self.actor_mut(actor)?.conditions.healed();
        self.log_ended(actor, ended.clone());
        Ok(ended)
    }

    /// `actor` was hit: its conditions lasting `until hit` end (logged); returns them.
    pub fn end_hit(&mut self, actor: &str) -> Result<Vec<ActiveCondition>, EngineError> {
        let ended = self.actor_mut(actor)?.conditions.hit();
        self.log_ended(actor, ended.clone());
        Ok(ended)
    }

    fn apply_steps(&mut self, steps: Vec<TurnStep>) -> Result<(), EngineError> {
        for step in steps {
            self.apply_step(step)?;
        }
        Ok(())
    }

    /// Logs one turn step and does what the engine does at it: the encounter's resets at a
    /// phase start, turn-bound conditions ending at a turn end, round counts going down at
    /// a round end.
    pub fn apply_step(&mut self, step: TurnStep) -> Result<(), EngineError> {
        self.record(Event::Turn { step: step.clone() });
        match step {
            TurnStep::PhaseStarted { actor, phase } => {
                let resets = self.encounter_mut()?.resets.clone();
                for reset in resets.iter().filter(|r| r.phase == phase) {
                    if self.actor(&actor)?.resources.contains_key(&reset.resource) {
                        self.set_resource(&actor, &reset.resource, reset.value, Span::NONE)?;
                    }
                }
            }
            TurnStep::TurnEnded { actor } => {
                let names: Vec<String> = self.actors.iter().map(|a| a.name.clone()).collect();
                for name in names {
                    let ended = self.actor_mut(&name)?.conditions.end_of_turn(&actor);
                    self.log_ended(&name, ended);
                }
            }
            TurnStep::RoundEnded { .. } => {
                let names: Vec<String> = self.actors.iter().map(|a| a.name.clone()).collect();
                for name in names {
                    let ended = self.actor_mut(&name)?.conditions.end_of_round();
                    self.log_ended(&name, ended);
                }
            }
            TurnStep::RoundStarted { .. } => {}
        }
        Ok(())
    }

    /// Adds local ticks to the world clock and logs where it stands.
    pub fn advance_clock_ticks(&mut self, ticks: u32) {
        self.clock.advance_ticks(ticks);
        self.log_clock();
    }

    /// Advances the world clock by whole periods and logs where it stands.
    pub fn advance_clock_periods(&mut self, periods: u64) {
        self.clock.advance_periods(periods);
        self.log_clock();
    }

    fn log_clock(&mut self) {
        let (day, period, tick) = (self.clock.day, self.clock.period, self.clock.tick);
        self.record(Event::Clock { day, period, tick });
    }
}

fn unknown_layers(actor: &super::actor::Actor, name: &str) -> EngineErrorKind {
    EngineErrorKind::UnknownName {
        actor: actor.name.clone(),
        what: "layered pool",
        name: name.to_string(),
        suggestion: suggest(name, actor.layered.keys().map(String::as_str)),
    }
}
