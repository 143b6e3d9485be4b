//! The undo journal of a power use: before the runtime changes a resource, a layered pool or
//! an actor's conditions, it records the old value here. Rolling back (on error, or by
//! `undo`) puts the old values back in reverse order. Recording a few values is far cheaper
//! than cloning actors, which is what keeps a transactional power use fast. Commands other
//! than powers snapshot the whole world instead and leave the journal off.

use crate::engine::{Conditions, LayeredPool, Resource, World};

use super::Game;

/// One recorded old value.
#[derive(Clone, Debug)]
pub(crate) enum Entry {
    /// A resource of the actor at this index (`None`: it did not exist).
    Resource { actor: usize, name: String, old: Option<Resource> },
    /// A layered pool.
    Layers { actor: usize, name: String, old: Option<LayeredPool> },
    /// All conditions.
    Conditions { actor: usize, old: Conditions },
    /// A world pool (`None`: it did not exist).
    Pool { name: String, old: Option<i64> },
    /// A stat (a script's `set_stat`; `None`: it did not exist).
    Stat { actor: usize, name: String, old: Option<i64> },
    /// Where the actor stood.
    Position { actor: usize, old: Option<crate::engine::Hex> },
}

/// What a power is about to change.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Part<'a> {
    /// A resource.
    Resource(&'a str),
    /// A layered pool.
    Layers(&'a str),
    /// The conditions.
    Conditions,
    /// A world pool (the actor is ignored).
    Pool(&'a str),
    /// A stat.
    Stat(&'a str),
    /// The position.
    Position,
}

impl Game {
    /// Records the current value of `part` of `actor` if a journal is running.
    pub(crate) fn remember(&mut self, actor: &str, part: Part<'_>) {
        let Some(journal) = self.journal.as_mut() else { return };
        if let Part::Pool(name) = part {
            let old = self.world.pools.get(name).copied();
            journal.push(Entry::Pool { name: name.to_string(), old });
            return;
        }
        let Some(index) = self.world.actors.iter().position(|a| a.name == actor) else { return };
        let who = &self.world.actors[index];
        journal.push(match part {
            Part::Resource(name) => Entry::Resource {
                actor: index,
                name: name.to_string(),
                old: who.resources.get(name).copied(),
            },
            Part::Layers(name) => Entry::Layers {
                actor: index,
                name: name.to_string(),
                old: who.layered.get(name).cloned(),
            },
            Part::Conditions => Entry::Conditions { actor: index, old: who.conditions.clone() },
            Part::Pool(_) => return,
            Part::Stat(name) => Entry::Stat {
                actor: index,
                name: name.to_string(),
                old: who.stats.get(name).copied(),
            },
            Part::Position => Entry::Position { actor: index, old: who.position },
        });
    }
}

/// Puts the recorded values back, newest first.
pub(crate) fn roll_back(world: &mut World, entries: Vec<Entry>) {
    for entry in entries.into_iter().rev() {
        match entry {
            Entry::Resource { actor, name, old } => {
                let resources = &mut world.actors[actor].resources;
                match old {
                    Some(old) => resources.insert(name, old),
                    None => resources.remove(&name),
                };
            }
            Entry::Layers { actor, name, old } => {
                let layered = &mut world.actors[actor].layered;
                match old {
                    Some(old) => layered.insert(name, old),
                    None => layered.remove(&name),
                };
            }
            Entry::Conditions { actor, old } => world.actors[actor].conditions = old,
            Entry::Pool { name, old } => {
                match old {
                    Some(old) => world.pools.insert(name, old),
                    None => world.pools.remove(&name),
                };
            }
            Entry::Position { actor, old } => world.actors[actor].position = old,
            Entry::Stat { actor, name, old } => {
                let stats = &mut world.actors[actor].stats;
                match old {
                    Some(old) => stats.insert(name, old),
                    None => stats.remove(&name),
                };
            }
        }
    }
}
