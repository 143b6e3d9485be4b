//! The undo journal of a power use: before the runtime changes a resource, a layered pool or
//! an actor's conditions, it records the old value here (and a rule line it marks said out
//! of encounters, which rolling back unmarks). Rolling back (on error, or by
//! `undo`) puts the old values back in reverse order. Recording a few values is far cheaper
//! than cloning actors, which is what keeps a transactional power use fast. Commands other
//! than powers snapshot the whole world instead and leave the journal off.
//!
//! Names (the log's shared copies: the engine hands over the one it logs) and layer values
//! sit in buffers the entries index into, and a journal that falls off the undo history is
//! cleared and reused by the next power: a typical attack records its cost, health and
//! armour without allocating or copying a name.

use std::ops::Range;

use crate::engine::text::SharedText;
use crate::engine::{Conditions, Key, LayeredPool, Resource, Sink, Struck, World};

use super::Game;

/// The old values one command recorded.
#[derive(Clone, Debug, Default)]
pub(crate) struct Journal {
    entries: Vec<Entry>,
    /// The names the entries refer to, by index.
    names: Vec<SharedText>,
    /// Old layer values of [`Entry::LayerValues`], back to back.
    values: Vec<i64>,
    /// Old layered pools and conditions, which own heap data: kept here, the entries own
    /// none, so clearing them for reuse is one step instead of a drop per entry.
    pools: Vec<Option<LayeredPool>>,
    conditions: Vec<Conditions>,
    /// Old terrain of a hex (`None`: it had none), for [`Entry::Terrain`].
    terrains: Vec<(crate::engine::Hex, Option<Terrain>)>,
    /// An actor's old equipment with the old gear on the map, for [`Entry::Gear`].
    gear: Vec<(Vec<String>, Ground)>,
}

/// The gear lying on the map, per cell.
type Ground = std::collections::BTreeMap<crate::engine::Hex, Vec<String>>;

/// The conditions laid on one hex, with their N.
type Terrain = std::collections::BTreeMap<String, crate::engine::Laid>;

/// One recorded old value; `name` is an index of [`Journal::names`].
#[derive(Clone, Debug)]
enum Entry {
    /// A resource of the actor at this index (`None`: it did not exist).
    Resource { actor: usize, name: usize, old: Option<Resource> },
    /// A layered pool: an index of [`Journal::pools`] (`None` there: it did not exist).
    Layers { actor: usize, name: usize, old: usize },
    /// The values of a layered pool's layers, outermost first (a range of
    /// [`Journal::values`]).
    LayerValues { actor: usize, name: usize, values: Range<usize> },
    /// All conditions: an index of [`Journal::conditions`].
    Conditions { actor: usize, old: usize },
    /// A world pool (`None`: it did not exist).
    Pool { name: usize, old: Option<i64> },
    /// A stat (a script's `set_stat`; `None`: it did not exist).
    Stat { actor: usize, name: usize, old: Option<i64> },
    /// Where the actor stood and faced.
    Position {
        actor: usize,
        old: Option<crate::engine::Hex>,
        facing: Option<crate::engine::Direction>,
    },
    /// The world clock (boxed: entries stay small).
    Clock(Box<crate::engine::WorldClock>),
    /// A hex's terrain: an index of [`Journal::terrains`].
    Terrain { old: usize },
    /// The actor's equipment and the gear on the map: an index of [`Journal::gear`].
    Gear { actor: usize, old: usize },
    /// A rule line newly marked said out of encounters ([`World::said`]).
    Said(crate::diagnostics::Span),
}

/// What a power is about to change.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Part<'a> {
    /// A resource.
    Resource(&'a str),
    /// A layered pool, layers and all.
    Layers(&'a str),
    /// The conditions.
    Conditions,
    /// A world pool (the actor is ignored).
    Pool(&'a str),
    /// The world clock (the actor is ignored).
    Clock,
    /// A stat.
    Stat(&'a str),
    /// The position and facing.
    Position,
    /// The equipment, with the gear lying on the map (dropped or picked up).
    Gear,
}

impl Journal {
    /// Empties the journal, keeping its buffers for the next command.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.names.clear();
        self.values.clear();
        self.pools.clear();
        self.conditions.clear();
        self.terrains.clear();
        self.gear.clear();
    }

    /// Records `old`, the value of the resource `name` of the actor at `actor`.
    fn resource(&mut self, actor: usize, name: &SharedText, old: Resource) {
        let name = self.name(name.clone());
        self.entries.push(Entry::Resource { actor, name, old: Some(old) });
    }

    /// Records what a hit on `name` of the actor at `actor` is about to change: a
    /// resource, or only the values of a layered pool's layers (a hit wears layers down but
    /// never adds or removes one).
    fn struck(&mut self, actor: usize, name: &SharedText, struck: Struck<'_>) {
        match struck {
            Struck::Resource(old) => self.resource(actor, name, old),
            Struck::Layers(pool) => {
                let start = self.values.len();
                // A pool has a layer or three: a plain loop, not `extend`'s vectorised one
                // with its set-up for long runs.
                for layer in &pool.layers {
                    self.values.push(layer.value);
                }
                let values = start..self.values.len();
                let name = self.name(name.clone());
                self.entries.push(Entry::LayerValues { actor, name, values });
            }
            Struck::Conditions(conditions) => {
                self.conditions.push(conditions.clone());
                let old = self.conditions.len() - 1;
                self.entries.push(Entry::Conditions { actor, old });
            }
        }
    }

    fn name(&mut self, name: SharedText) -> usize {
        self.names.push(name);
        self.names.len() - 1
    }
}

/// What a journaled command changed on an actor, as far as a value read on it may change.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Touched<'a> {
    /// A resource, by name.
    Resource(&'a str),
    /// Its conditions (their modifiers change values).
    Conditions,
    /// A stat.
    Stat,
    /// Something no value reads (layers, position).
    Other,
}

impl Game {
    /// How many changes the running command's journal recorded so far; `None` when no
    /// journal runs (the command may have changed anything).
    pub(crate) fn journal_len(&self) -> Option<usize> {
        self.journal.as_ref().map(|journal| journal.entries.len())
    }

    /// The `index`th change the running command's journal recorded: the actor's index and
    /// what changed (`None` for a world pool or past the end).
    pub(crate) fn touched(&self, index: usize) -> Option<(usize, Touched<'_>)> {
        let journal = self.journal.as_ref()?;
        Some(match journal.entries.get(index)? {
            Entry::Resource { actor, name, .. } => {
                (*actor, Touched::Resource(journal.names[*name].as_str()))
            }
            Entry::Conditions { actor, .. } => (*actor, Touched::Conditions),
            Entry::Stat { actor, .. } => (*actor, Touched::Stat),
            Entry::Layers { actor, .. }
            | Entry::LayerValues { actor, .. }
            | Entry::Position { actor, .. }
            | Entry::Gear { actor, .. } => (*actor, Touched::Other),
            Entry::Pool { .. } | Entry::Clock(_) | Entry::Terrain { .. } | Entry::Said(_) => {
                return None;
            }
        })
    }

    /// Records the terrain of `hex` if a journal is running (an effect is about to lay
    /// terrain there).
    pub(crate) fn remember_terrain(&mut self, hex: crate::engine::Hex) {
        let Some(journal) = self.journal.as_mut() else { return };
        let old = self.world.terrain.get(&hex).cloned();
        journal.terrains.push((hex, old));
        journal.entries.push(Entry::Terrain { old: journal.terrains.len() - 1 });
    }

    /// Records that the rule line at `span` was just marked said, if a journal is running.
    pub(crate) fn remember_said(&mut self, span: crate::diagnostics::Span) {
        if let Some(journal) = self.journal.as_mut() {
            journal.entries.push(Entry::Said(span));
        }
    }

    /// Records the current value of `part` of `actor` if a journal is running.
    pub(crate) fn remember(&mut self, actor: &str, part: Part<'_>) {
        let Some(journal) = self.journal.as_mut() else { return };
        if let Part::Clock = part {
            journal.entries.push(Entry::Clock(Box::new(self.world.clock.clone())));
            return;
        }
        if let Part::Pool(name) = part {
            let old = self.world.pools.get(name).copied();
            let name = journal.name(self.world.names.get(name));
            journal.entries.push(Entry::Pool { name, old });
            return;
        }
        let Some(index) = self.world.actor_index(actor) else { return };
        let (who, names) = (&self.world.actors[index], &mut self.world.names);
        let entry = match part {
            Part::Resource(name) => {
                let old = who.resources.get(name).copied();
                Entry::Resource { actor: index, name: journal.name(names.get(name)), old }
            }
            Part::Layers(name) => {
                journal.pools.push(who.layered.get(name).cloned());
                let old = journal.pools.len() - 1;
                Entry::Layers { actor: index, name: journal.name(names.get(name)), old }
            }
            Part::Conditions => {
                journal.conditions.push(who.conditions.clone());
                Entry::Conditions { actor: index, old: journal.conditions.len() - 1 }
            }
            Part::Stat(name) => {
                let old = who.stats.get(name).copied();
                Entry::Stat { actor: index, name: journal.name(names.get(name)), old }
            }
            Part::Position => {
                Entry::Position { actor: index, old: who.position, facing: who.facing }
            }
            Part::Gear => {
                journal.gear.push((who.equipment.clone(), self.world.ground.clone()));
                Entry::Gear { actor: index, old: journal.gear.len() - 1 }
            }
            Part::Pool(_) | Part::Clock => return,
        };
        journal.entries.push(entry);
    }
}

impl Game {
    /// Adds `delta` to `actor`'s `resource` (as [`World::change_resource`]), journaling the
    /// old value the engine reports rather than looking the resource up first to remember
    /// it; a change that fails changed nothing and records nothing.
    pub(crate) fn change_resource(
        &mut self,
        actor: &str,
        resource: Key<'_>,
        delta: i64,
        span: crate::diagnostics::Span,
    ) -> Result<i64, crate::engine::EngineError> {
        let changed = self.world.change_resource_from(actor, resource, delta, span)?;
        if let Some(journal) = self.journal.as_mut() {
            journal.resource(changed.index, &changed.name, changed.old);
        }
        Ok(changed.after)
    }

    /// Deals `damage` to `actor` through `sink` (as [`World::damage_into`]), journaling
    /// what the engine reports each change is about to change; returns the temporary-health
    /// conditions the hit spent to 0 (ended: their hooks are the caller's to fire).
    // Out of line, as `pay` below: a hit is a sizeable body, and inlined into the power
    // runner it would change how the runner's own steps inline with every edit made here.
    // Kept: +46 instructions per attack without it, `pay`'s and `choose_targets`' (Nov 2026).
    #[inline(never)]
    pub(crate) fn damage_into(
        &mut self,
        actor: &str,
        sink: Sink<'_>,
        hit: (&crate::engine::Damage, &crate::engine::DamageRules),
        span: crate::diagnostics::Span,
    ) -> Result<Vec<String>, crate::engine::EngineError> {
        let journal = &mut self.journal;
        self.world.damage_into(actor, sink, hit, span, |index, name, struck| {
            if let Some(journal) = journal.as_mut() {
                journal.struck(index, name, struck);
            }
        })
    }

    /// Pays `costs` from `actor` all or nothing (as [`World::pay`]), journaling each
    /// resource as the engine reports it just before spending it.
    // Kept: with `damage_into`'s above (Nov 2026).
    #[inline(never)]
    pub(crate) fn pay(
        &mut self,
        actor: &str,
        costs: &[(Key<'_>, i64)],
        span: crate::diagnostics::Span,
    ) -> Result<(), crate::engine::EngineError> {
        let journal = &mut self.journal;
        self.world.pay_from(actor, costs, span, |index, resource, old| {
            if let Some(journal) = journal.as_mut() {
                journal.resource(index, resource, old);
            }
        })
    }
}

/// Puts the recorded values back, newest first. The journal is left empty, for reuse.
pub(crate) fn roll_back(world: &mut World, journal: &mut Journal) {
    let Journal { entries, names, values, pools, conditions, terrains, gear } = journal;
    for entry in entries.drain(..).rev() {
        match entry {
            Entry::Resource { actor, name, old } => {
                world.actors[actor].resources.restore(&names[name], old);
            }
            Entry::Layers { actor, name, old } => {
                let old = pools.get_mut(old).and_then(Option::take);
                restore(&mut world.actors[actor].layered, &names[name], old);
            }
            Entry::LayerValues { actor, name, values: range } => {
                if let Some(pool) = world.actors[actor].layered.get_mut(names[name].as_str()) {
                    for (layer, old) in pool.layers.iter_mut().zip(&values[range]) {
                        layer.value = *old;
                    }
                }
            }
            Entry::Conditions { actor, old } => {
                if let Some(old) = conditions.get_mut(old) {
                    world.actors[actor].conditions = std::mem::take(old);
                }
            }
            Entry::Pool { name, old } => restore(&mut world.pools, &names[name], old),
            Entry::Position { actor, old, facing } => {
                world.actors[actor].position = old;
                world.actors[actor].facing = facing;
            }
            Entry::Terrain { old } => {
                if let Some((hex, old)) = terrains.get_mut(old) {
                    match old.take() {
                        Some(old) => {
                            world.terrain.insert(*hex, old);
                        }
                        None => {
                            world.terrain.remove(hex);
                        }
                    }
                }
            }
            Entry::Stat { actor, name, old } => {
                world.actors[actor].stats.restore(&names[name], old);
            }
            Entry::Clock(old) => world.clock = *old,
            Entry::Said(span) => world.unmark_said(span),
            Entry::Gear { actor, old } => {
                if let Some((equipment, ground)) = gear.get_mut(old) {
                    world.actors[actor].equipment = std::mem::take(equipment);
                    world.ground = std::mem::take(ground);
                }
            }
        }
    }
    journal.clear();
}

/// Puts `old` back under `name` in `map`, or removes `name` when it did not exist.
fn restore<T>(map: &mut std::collections::BTreeMap<String, T>, name: &str, old: Option<T>) {
    match (old, map.get_mut(name)) {
        (Some(old), Some(slot)) => *slot = old,
        (Some(old), None) => {
            map.insert(name.to_string(), old);
        }
        (None, _) => {
            map.remove(name);
        }
    }
}
