//! The undo journal of a power use: before the runtime changes a resource, a layered pool or
//! an actor's conditions, it records the old value here. Rolling back (on error, or by
//! `undo`) puts the old values back in reverse order. Recording a few values is far cheaper
//! than cloning actors, which is what keeps a transactional power use fast. Commands other
//! than powers snapshot the whole world instead and leave the journal off.
//!
//! Names and layer values are kept in two buffers the entries index into, and a journal
//! that falls off the undo history is cleared and reused by the next power: a typical
//! attack records its cost, health and armour without allocating.

use std::ops::Range;

use crate::engine::text::lookup;
use crate::engine::{Conditions, LayeredPool, Resource, World};

use super::Game;

/// The old values one command recorded.
#[derive(Clone, Debug, Default)]
pub(crate) struct Journal {
    entries: Vec<Entry>,
    /// The names the entries refer to, back to back.
    names: String,
    /// Old layer values of [`Entry::LayerValues`], back to back.
    values: Vec<i64>,
}

/// One recorded old value; `name` is a range of [`Journal::names`].
#[derive(Clone, Debug)]
enum Entry {
    /// A resource of the actor at this index (`None`: it did not exist).
    Resource { actor: usize, name: Range<usize>, old: Option<Resource> },
    /// A layered pool (`None`: it did not exist).
    Layers { actor: usize, name: Range<usize>, old: Option<LayeredPool> },
    /// The values of a layered pool's layers, outermost first (a range of
    /// [`Journal::values`]).
    LayerValues { actor: usize, name: Range<usize>, values: Range<usize> },
    /// All conditions.
    Conditions { actor: usize, old: Conditions },
    /// A world pool (`None`: it did not exist).
    Pool { name: Range<usize>, old: Option<i64> },
    /// A stat (a script's `set_stat`; `None`: it did not exist).
    Stat { actor: usize, name: Range<usize>, old: Option<i64> },
    /// Where the actor stood.
    Position { actor: usize, old: Option<crate::engine::Hex> },
}

/// What a power is about to change.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Part<'a> {
    /// A resource.
    Resource(&'a str),
    /// A layered pool, layers and all.
    Layers(&'a str),
    /// Only the values of a layered pool's layers (a hit wears layers down but never adds
    /// or removes one).
    LayerValues(&'a str),
    /// The conditions.
    Conditions,
    /// A world pool (the actor is ignored).
    Pool(&'a str),
    /// A stat.
    Stat(&'a str),
    /// The position.
    Position,
}

impl Journal {
    /// Empties the journal, keeping its buffers for the next command.
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.names.clear();
        self.values.clear();
    }

    fn name(&mut self, name: &str) -> Range<usize> {
        let start = self.names.len();
        self.names.push_str(name);
        start..self.names.len()
    }
}

impl Game {
    /// Records the current value of `part` of `actor` if a journal is running.
    pub(crate) fn remember(&mut self, actor: &str, part: Part<'_>) {
        let Some(journal) = self.journal.as_mut() else { return };
        if let Part::Pool(name) = part {
            let old = self.world.pools.get(name).copied();
            let name = journal.name(name);
            journal.entries.push(Entry::Pool { name, old });
            return;
        }
        let Some(index) = self.world.actor_index(actor) else { return };
        let who = &self.world.actors[index];
        // A pool looked up once serves both the check and the values.
        let pool = match part {
            Part::LayerValues(name) => lookup(&who.layered, name),
            _ => None,
        };
        let entry = match (part, pool) {
            (Part::Resource(name), _) => {
                let old = lookup(&who.resources, name).copied();
                Entry::Resource { actor: index, name: journal.name(name), old }
            }
            (Part::LayerValues(name), Some(pool)) => {
                let start = journal.values.len();
                journal.values.extend(pool.layers.iter().map(|layer| layer.value));
                let values = start..journal.values.len();
                Entry::LayerValues { actor: index, name: journal.name(name), values }
            }
            (Part::Layers(name) | Part::LayerValues(name), _) => {
                let old = who.layered.get(name).cloned();
                Entry::Layers { actor: index, name: journal.name(name), old }
            }
            (Part::Conditions, _) => {
                Entry::Conditions { actor: index, old: who.conditions.clone() }
            }
            (Part::Pool(_), _) => return,
            (Part::Stat(name), _) => {
                let old = who.stats.get(name).copied();
                Entry::Stat { actor: index, name: journal.name(name), old }
            }
            (Part::Position, _) => Entry::Position { actor: index, old: who.position },
        };
        journal.entries.push(entry);
    }
}

/// Puts the recorded values back, newest first. The journal is left empty, for reuse.
pub(crate) fn roll_back(world: &mut World, journal: &mut Journal) {
    let Journal { entries, names, values } = journal;
    for entry in entries.drain(..).rev() {
        match entry {
            Entry::Resource { actor, name, old } => {
                restore(&mut world.actors[actor].resources, &names[name], old);
            }
            Entry::Layers { actor, name, old } => {
                restore(&mut world.actors[actor].layered, &names[name], old);
            }
            Entry::LayerValues { actor, name, values: range } => {
                if let Some(pool) = world.actors[actor].layered.get_mut(&names[name]) {
                    for (layer, old) in pool.layers.iter_mut().zip(&values[range]) {
                        layer.value = *old;
                    }
                }
            }
            Entry::Conditions { actor, old } => world.actors[actor].conditions = old,
            Entry::Pool { name, old } => restore(&mut world.pools, &names[name], old),
            Entry::Position { actor, old } => world.actors[actor].position = old,
            Entry::Stat { actor, name, old } => {
                world.actors[actor].stats.restore(&names[name], old);
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
