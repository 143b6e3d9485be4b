//! The world: actors in a stable order, named pools, the world clock, the running encounter,
//! the one [`Roller`] and the event log. Lookups, all-or-nothing costs, resource and pool
//! changes, and checks that log their dice live here; damage, conditions and turns are in
//! `effects.rs`. Every change is validated before anything is touched, so a failed command
//! leaves the world exactly as it was.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::actor::{Actor, Resource};
use super::cause::Cause;
use super::checks::{
    ModifiedRollCheck, ModifiedRollOutcome, PoolCheck, PoolOutcome, Reads, RollUnderCheck,
    RollUnderOutcome, SuccessPoolCheck, SuccessPoolOutcome, decide_roll_under, pool_vs_threshold,
    roll_best_read_by, roll_under_asks, roll_under_dice, success_pool,
};
use super::clock::WorldClock;
use super::decision::Decider;
use super::encounter::Encounter;
use super::error::{EngineError, EngineErrorKind, suggest};
use super::log::{CheckResult, Event, EventLog};
use super::short_list::ShortList;
use super::stats::Key;
use super::text::SharedText;
use crate::diagnostics::Span;
use crate::dice::{Roller, RollerState};

/// Everything a session's game state is made of; serialisable as a whole for saves.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct World {
    /// Actors in the order they were added.
    pub actors: Vec<Actor>,
    /// Named counters that belong to nobody (a narrator's dice pool).
    pub pools: BTreeMap<String, i64>,
    /// The world clock.
    pub clock: WorldClock,
    /// World flags set away from their group's start, by group (its first flag) to the
    /// flag that holds; older saves have none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub flags: BTreeMap<String, String>,
    /// The running encounter, if any.
    pub encounter: Option<Encounter>,
    /// The test in progress (or the last one settled); older saves have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<super::OpenTest>,
    /// The one random stream; saved as its [`RollerState`].
    #[serde(with = "roller_as_state")]
    pub roller: Roller,
    /// Everything that happened.
    pub log: EventLog,
    /// Hexes that block movement and lines to targets (walls); older saves have none.
    #[serde(default, skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub walls: std::collections::BTreeSet<super::hex::Hex>,
    /// Terrain: per hex, condition blocks laid on it with their N and who laid them;
    /// whoever stands there holds them. Older saves have none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", with = "terrain_as_list")]
    pub terrain: BTreeMap<super::hex::Hex, BTreeMap<String, Laid>>,
    /// Gear lying on the map (a thrown weapon where it landed), per cell, in the order it
    /// was dropped; picked up into someone's equipment. Older saves have none.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", with = "ground_as_list")]
    pub ground: BTreeMap<super::hex::Hex, Vec<String>>,
    /// The rule lines (by span) whose standing fact out of encounters the log has said
    /// since the last encounter started (`Strike: no encounter runs, so ...`): each
    /// is said once per stretch out of encounters. Older saves have none.
    #[serde(default, skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub said: std::collections::BTreeSet<Span>,
    /// One shared copy of each name the log repeats (not saved; it refills as events are
    /// logged).
    #[serde(skip)]
    pub names: super::text::NameCache,
}

mod roller_as_state {
    use super::{Roller, RollerState};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(roller: &Roller, serializer: S) -> Result<S::Ok, S::Error> {
        roller.state().serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Roller, D::Error> {
        RollerState::deserialize(deserializer).map(|state| Roller::from_state(&state))
    }
}

/// One terrain laid on a hex: its N, and who laid it (`lay` on a power's line; `None` for
/// the GM's `terrain` command). Saved as the bare N when nobody laid it, as older saves have
/// it, else as `{"n": N, "by": "Ana"}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "LaidAsSaved", into = "LaidAsSaved")]
pub struct Laid {
    /// The condition's N (`terrain Fire 2`).
    pub n: Option<i64>,
    /// The actor whose effect laid it.
    pub by: Option<String>,
}

impl Laid {
    /// Terrain with `n`, laid by nobody in particular.
    pub fn with_n(n: Option<i64>) -> Laid {
        Laid { n, by: None }
    }
}

/// How a [`Laid`] is saved.
#[derive(Clone, Serialize, Deserialize)]
#[serde(untagged)]
enum LaidAsSaved {
    Bare(Option<i64>),
    Owned { n: Option<i64>, by: String },
}

impl From<LaidAsSaved> for Laid {
    fn from(saved: LaidAsSaved) -> Laid {
        match saved {
            LaidAsSaved::Bare(n) => Laid { n, by: None },
            LaidAsSaved::Owned { n, by } => Laid { n, by: Some(by) },
        }
    }
}

impl From<Laid> for LaidAsSaved {
    fn from(laid: Laid) -> LaidAsSaved {
        match laid.by {
            None => LaidAsSaved::Bare(laid.n),
            Some(by) => LaidAsSaved::Owned { n: laid.n, by },
        }
    }
}

/// JSON map keys must be strings: terrain is saved as a list of `[hex, conditions]` pairs.
mod terrain_as_list {
    use super::{BTreeMap, Laid};
    use crate::engine::Hex;
    use serde::{Deserialize, Deserializer, Serializer};

    type Terrain = BTreeMap<Hex, BTreeMap<String, Laid>>;

    pub fn serialize<S: Serializer>(terrain: &Terrain, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(terrain.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Terrain, D::Error> {
        let pairs = Vec::<(Hex, BTreeMap<String, Laid>)>::deserialize(deserializer)?;
        Ok(pairs.into_iter().collect())
    }
}

/// Gear on the map is saved as a list of `[hex, items]` pairs, as terrain is.
mod ground_as_list {
    use super::BTreeMap;
    use crate::engine::Hex;
    use serde::{Deserialize, Deserializer, Serializer};

    type Ground = BTreeMap<Hex, Vec<String>>;

    pub fn serialize<S: Serializer>(ground: &Ground, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(ground.iter())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Ground, D::Error> {
        let pairs = Vec::<(Hex, Vec<String>)>::deserialize(deserializer)?;
        Ok(pairs.into_iter().collect())
    }
}

impl World {
    /// An empty world whose dice come from `seed`.
    pub fn new(seed: u64) -> Self {
        World {
            actors: Vec::new(),
            pools: BTreeMap::new(),
            flags: BTreeMap::new(),
            clock: WorldClock::default(),
            encounter: None,
            test: None,
            roller: Roller::new(seed),
            log: EventLog::default(),
            walls: std::collections::BTreeSet::new(),
            terrain: BTreeMap::new(),
            ground: BTreeMap::new(),
            said: std::collections::BTreeSet::new(),
            names: super::text::NameCache::default(),
        }
    }

    /// Adds an actor; names are unique.
    pub fn add_actor(&mut self, actor: Actor) -> Result<(), EngineError> {
        if self.actors.iter().any(|a| a.name == actor.name) {
            return Err(EngineErrorKind::DuplicateActor(actor.name).into());
        }
        self.actors.push(actor);
        Ok(())
    }

    // Cold: the lookups below stay small enough to inline into every caller.
    #[cold]
    pub(crate) fn unknown_actor(&self, name: &str) -> EngineErrorKind {
        let suggestion = suggest(name, self.actors.iter().map(|a| a.name.as_str()));
        EngineErrorKind::UnknownActor { name: name.to_string(), suggestion }
    }

    /// The index of the actor named `name` in [`World::actors`].
    pub fn actor_index(&self, name: &str) -> Option<usize> {
        self.actors.iter().position(|a| super::text::same_name(&a.name, name))
    }

    /// The actor named `name`.
    pub fn actor(&self, name: &str) -> Result<&Actor, EngineErrorKind> {
        match self.actor_index(name) {
            Some(index) => Ok(&self.actors[index]),
            None => Err(self.unknown_actor(name)),
        }
    }

    /// The actor named `name`, mutably.
    pub fn actor_mut(&mut self, name: &str) -> Result<&mut Actor, EngineErrorKind> {
        match self.actor_index(name) {
            Some(index) => Ok(&mut self.actors[index]),
            None => Err(self.unknown_actor(name)),
        }
    }

    /// Appends an event to the log.
    pub fn record(&mut self, event: Event) {
        self.log.push(event);
    }

    /// Pays every `(resource, amount)` or nothing: all are checked first, and the first that
    /// cannot be paid is reported with how much is missing.
    pub fn pay(
        &mut self,
        actor: &str,
        costs: &[(&str, i64)],
        span: Span,
    ) -> Result<(), EngineError> {
        let costs: ShortList<(Key, i64), 4> =
            costs.iter().map(|&(name, n)| (Key::from(name), n)).collect();
        self.pay_from(actor, &costs, span, |_, _, _| {})
    }

    /// [`World::pay`], reporting each resource as it was just before it is spent (the
    /// actor's index, the resource's name as the log shares it, and its old value), for an
    /// undo journal.
    pub(crate) fn pay_from(
        &mut self,
        actor: &str,
        costs: &[(Key<'_>, i64)],
        span: Span,
        mut spent: impl FnMut(usize, &SharedText, Resource),
    ) -> Result<(), EngineError> {
        let Some(index) = self.actor_index(actor) else {
            return Err(self.unknown_actor(actor).at(span));
        };
        // One cost, the usual case, needs no table: spending checks it on the way.
        if let [(resource, amount)] = costs {
            return self.spend(index, actor, (*resource, *amount), span, &mut spent);
        }
        // Several costs may draw on the same resource: check the sums, in name order (the
        // first short resource by name is the one reported). Once the sums pass, every
        // single spend below does too.
        let who = &self.actors[index];
        let mut totals: BTreeMap<&str, i64> = BTreeMap::new();
        for (resource, amount) in costs {
            let sum = totals.entry(resource.as_str()).or_default();
            *sum = sum.saturating_add((*amount).max(0));
        }
        for (resource, needed) in &totals {
            let Some(held) = who.resources.get(resource) else {
                return Err(unknown_resource(who, resource).at(span));
            };
            check_payable(held, actor, resource, *needed, span)?;
        }
        for (resource, amount) in costs {
            self.spend(index, actor, (*resource, *amount), span, &mut spent)?;
        }
        Ok(())
    }

    /// Spends `amount` (negative counts as 0) of `resource` of the actor at `index`, logged,
    /// or nothing when it is unknown or short; one lookup checks and spends. `spent` hears of
    /// the resource as it was before.
    fn spend(
        &mut self,
        index: usize,
        actor: &str,
        (key, amount): (Key<'_>, i64),
        span: Span,
        spent: &mut impl FnMut(usize, &SharedText, Resource),
    ) -> Result<(), EngineError> {
        let who = &mut self.actors[index];
        let resource = key.as_str();
        let Some(held) = who.resources.get_key_mut(key) else {
            return Err(unknown_resource(who, resource).at(span));
        };
        let amount = amount.max(0);
        check_payable(held, actor, resource, amount, span)?;
        // The name the event logs is the one the journal keeps.
        let (actor, resource) = (self.names.get(actor), self.names.get(resource));
        spent(index, &resource, *held);
        held.current = held.current.saturating_sub(amount);
        let after = held.current;
        self.record(Event::CostPaid { actor, resource, amount, after, cause: Cause::of(span) });
        Ok(())
    }

    /// Adds `delta` to a resource, clamped to its bounds; returns the new value.
    pub fn change_resource(
        &mut self,
        actor: &str,
        resource: &str,
        delta: i64,
        span: Span,
    ) -> Result<i64, EngineError> {
        let changed = self.change_resource_from(actor, resource.into(), delta, span)?;
        Ok(changed.after)
    }

    /// [`World::change_resource`], reporting what an undo journal needs: the actor's index
    /// and the resource as it was (no second lookup to read it first).
    pub(crate) fn change_resource_from(
        &mut self,
        actor: &str,
        resource: Key<'_>,
        delta: i64,
        span: Span,
    ) -> Result<ResourceChanged, EngineError> {
        self.update_resource(actor, resource, |current| current.saturating_add(delta), span)
    }

    /// Sets a resource, clamped to its bounds; returns the new value.
    pub fn set_resource(
        &mut self,
        actor: &str,
        resource: &str,
        value: i64,
        span: Span,
    ) -> Result<i64, EngineError> {
        let changed = self.update_resource(actor, resource.into(), |_| value, span)?;
        Ok(changed.after)
    }

    /// Sets a resource to `new(current)`, clamped to its bounds, and logs the change; one
    /// lookup of the actor and the resource serves both the read and the write.
    fn update_resource(
        &mut self,
        actor: &str,
        resource: Key<'_>,
        new: impl FnOnce(i64) -> i64,
        span: Span,
    ) -> Result<ResourceChanged, EngineError> {
        let Some(index) = self.actor_index(actor) else {
            return Err(self.unknown_actor(actor).at(span));
        };
        let actor = self.names.get(actor);
        self.update_resource_at((index, actor), resource, new, span)
    }

    /// [`World::update_resource`] for the actor at `index`, named `actor` as the log shares
    /// it (a caller that has logged the actor already hands its copy on).
    pub(crate) fn update_resource_at(
        &mut self,
        (index, actor): (usize, SharedText),
        resource: Key<'_>,
        new: impl FnOnce(i64) -> i64,
        span: Span,
    ) -> Result<ResourceChanged, EngineError> {
        let who = &mut self.actors[index];
        let Some(held) = who.resources.get_key_mut(resource) else {
            let error = unknown_resource(who, resource.as_str());
            return Err(error.at(span));
        };
        let old = *held;
        held.current = held.clamp(new(old.current));
        let (before, after) = (old.current, held.current);
        let resource = self.names.get(resource.as_str());
        let name = resource.clone();
        // A change that changed nothing (a reset to the amount held, a gain at the maximum)
        // is not an event: the transcript would print `CP 6 -> 6`.
        if before != after {
            self.record(Event::ResourceChanged {
                actor,
                resource,
                before,
                after,
                cause: Cause::of(span),
            });
        }
        Ok(ResourceChanged { index, name, old, after })
    }

    /// Adds `delta` to a world pool (created at 0 if new), never below 0; returns the new value.
    pub fn change_pool(&mut self, pool: &str, delta: i64, span: Span) -> i64 {
        let value = self.pools.entry(pool.to_string()).or_default();
        let before = *value;
        *value = value.saturating_add(delta).max(0);
        let after = *value;
        self.record(Event::PoolChanged {
            pool: pool.to_string(),
            before,
            after,
            cause: Cause::of(span),
        });
        after
    }

    /// Sets a world pool to `value` (it holds `start` until first set), logged when it
    /// changes; bounds are the caller's (a world resource's `max` and `min`).
    pub fn set_pool(&mut self, pool: &str, start: i64, value: i64, span: Span) {
        let held = self.pools.entry(pool.to_string()).or_insert(start);
        let before = *held;
        *held = value;
        if before != value {
            self.record(Event::PoolChanged {
                pool: pool.to_string(),
                before,
                after: value,
                cause: Cause::of(span),
            });
        }
    }

    /// A [`PoolCheck`] by `actor`, logged.
    pub fn pool_check(
        &mut self,
        actor: Option<&str>,
        check: &PoolCheck,
        span: Span,
    ) -> Result<PoolOutcome, EngineError> {
        let outcome = pool_vs_threshold(&mut self.roller, check).map_err(|k| k.at(span))?;
        let result = CheckResult::Pool {
            totals: outcome.totals.clone().into(),
            threshold: check.threshold,
            aided_die: outcome.aided_die,
            count: outcome.count,
            grade: outcome.grade,
        };
        self.log_check(actor, outcome.dice.clone(), result, span);
        Ok(outcome)
    }

    /// A [`RollUnderCheck`] by `actor`, logged with its decisions.
    pub fn roll_under_check(
        &mut self,
        actor: Option<&str>,
        check: &RollUnderCheck,
        decider: &mut dyn Decider,
        span: Span,
    ) -> Result<RollUnderOutcome, EngineError> {
        let (first, second) = roll_under_dice(&mut self.roller, check).map_err(|k| k.at(span))?;
        if roll_under_asks(check) {
            // Whoever answers sees the dice before the question about them.
            let dice = std::iter::once(first).chain(second).collect::<super::RolledDice>();
            let roll = Event::Roll {
                actor: actor.map(|name| self.names.get(name)),
                purpose: self.names.get("check"),
                dice,
                cause: Cause::of(span),
                total: 0,
            };
            decider.show(&roll.describe());
        }
        let outcome = decide_roll_under(check, first, second, decider);
        // The dice come before the decisions taken on them.
        self.log_roll(
            actor,
            "check",
            std::iter::once(outcome.first).chain(outcome.second).collect::<super::RolledDice>(),
            span,
        );
        for taken in &outcome.decisions {
            self.record(Event::Decision {
                actor: actor.map(str::to_string),
                taken: Box::new(taken.clone()),
            });
        }
        let result = CheckResult::RollUnder {
            target: check.target,
            result: outcome.result,
            boost: outcome.boost,
            success_number: outcome.success_number,
            succeeded: outcome.succeeded,
            used_second: outcome.used_second,
        };
        self.log_check(actor, Vec::new(), result, span);
        Ok(outcome)
    }

    /// A [`SuccessPoolCheck`] by `actor`, logged.
    pub fn success_pool_check(
        &mut self,
        actor: Option<&str>,
        check: &SuccessPoolCheck,
        span: Span,
    ) -> Result<SuccessPoolOutcome, EngineError> {
        let outcome = success_pool(&mut self.roller, check).map_err(|k| k.at(span))?;
        let result = CheckResult::SuccessPool {
            successes: outcome.successes,
            automatic: check.automatic,
            succeeded: outcome.succeeded,
        };
        self.log_check(actor, outcome.dice.clone(), result, span);
        Ok(outcome)
    }

    /// A [`ModifiedRollCheck`] by `actor`, logged.
    pub fn modified_check(
        &mut self,
        actor: Option<&str>,
        check: &ModifiedRollCheck,
        span: Span,
    ) -> Result<ModifiedRollOutcome, EngineError> {
        self.modified_check_read_by(actor, check, Reads::Faces, span)
    }

    /// [`World::modified_check`] for a reader that takes what `reads` says from the roll.
    pub(crate) fn modified_check_read_by(
        &mut self,
        actor: Option<&str>,
        check: &ModifiedRollCheck,
        reads: Reads,
        span: Span,
    ) -> Result<ModifiedRollOutcome, EngineError> {
        let (outcome, dice) =
            roll_best_read_by(&mut self.roller, check, reads).map_err(|k| k.at(span))?;
        let result = CheckResult::Modified {
            natural: outcome.natural,
            total: outcome.total,
            target: check.target,
            success: outcome.success,
            critical: outcome.critical,
        };
        self.log_check(actor, dice, result, span);
        Ok(outcome)
    }

    /// Reads a roll already made (its kept face `natural`, its `total`) against `check`'s
    /// target, as [`World::modified_check`] would have, and logs the result (no dice: none
    /// were rolled): one roll graded for another target. Returns success and critical.
    pub fn reread_modified(
        &mut self,
        actor: Option<&str>,
        (natural, total): (u32, i64),
        check: &ModifiedRollCheck,
        span: Span,
    ) -> (bool, bool) {
        let (success, critical) = check.read(natural, total);
        let result =
            CheckResult::Modified { natural, total, target: check.target, success, critical };
        self.log_check(actor, Vec::new(), result, span);
        (success, critical)
    }

    /// Logs a check: its dice (when any were rolled), then its result.
    fn log_check(
        &mut self,
        actor: Option<&str>,
        dice: impl Into<super::RolledDice>,
        result: CheckResult,
        span: Span,
    ) {
        let dice = dice.into();
        if !dice.is_empty() {
            self.log_roll(actor, "check", dice, span);
        }
        let actor = actor.map(|name| self.names.get(name));
        self.record(Event::Check { actor, result, cause: Cause::of(span) });
    }

    /// Logs dice rolled for `purpose`.
    pub fn log_roll(
        &mut self,
        actor: Option<&str>,
        purpose: &str,
        dice: impl Into<super::RolledDice>,
        span: Span,
    ) {
        let dice = dice.into();
        let actor = actor.map(|name| self.names.get(name));
        let purpose = self.names.get(purpose);
        self.record(Event::Roll { actor, purpose, dice, cause: Cause::of(span), total: 0 });
    }

    /// Records a dice term an effect rolled (`1d8` for `[1d8 + Strength] damage`): its dice
    /// and what the term came to, as one log line (`Ana rolls 1d8 for effect: [5] = 5`).
    pub fn log_term(
        &mut self,
        actor: Option<&str>,
        dice: impl Into<super::RolledDice>,
        total: i64,
        span: Span,
    ) {
        let dice = dice.into();
        let actor = actor.map(|name| self.names.get(name));
        let purpose = self.names.get(super::log::EFFECT);
        let cause = Cause::of(span);
        // Past 32 bits a total is shown at the bound: no dice term the limits allow gets there.
        let total = i32::try_from(total).unwrap_or(if total < 0 { i32::MIN } else { i32::MAX });
        self.record(Event::Roll { actor, purpose, dice, cause, total });
    }

    /// The running encounter.
    pub fn encounter_mut(&mut self) -> Result<&mut Encounter, EngineErrorKind> {
        self.encounter.as_mut().ok_or(EngineErrorKind::NoEncounter)
    }
}

/// What [`World::change_resource_from`] changed.
#[derive(Clone, Debug)]
pub(crate) struct ResourceChanged {
    /// The actor's index in [`World::actors`].
    pub index: usize,
    /// The resource's name, as the log shares it.
    pub name: SharedText,
    /// The resource before the change.
    pub old: Resource,
    /// Its current amount after.
    pub after: i64,
}

/// Whether `held` (`actor`'s `resource`) can spend `needed`; the error says which is short
/// by how much.
fn check_payable(
    held: &Resource,
    actor: &str,
    resource: &str,
    needed: i64,
    span: Span,
) -> Result<(), EngineError> {
    let available = held.spendable();
    if needed > available {
        return Err(cannot_pay(actor, resource, needed, available).at(span));
    }
    Ok(())
}

// Cold: the check above inlines into every payment.
#[cold]
fn cannot_pay(actor: &str, resource: &str, needed: i64, available: i64) -> EngineErrorKind {
    EngineErrorKind::CannotPay {
        actor: actor.to_string(),
        resource: resource.to_string(),
        needed,
        available,
        short: needed - available,
    }
}

pub(crate) fn unknown_resource(actor: &Actor, name: &str) -> EngineErrorKind {
    EngineErrorKind::UnknownName {
        actor: actor.name.clone(),
        what: "resource",
        name: name.to_string(),
        suggestion: suggest(name, actor.resources.keys().map(String::as_str)),
    }
}
