//! An actor's tables of named values — its stats ([`Stats`]) and its resources
//! ([`Resources`]): names to values, kept sorted by name in one small vector. A table reads
//! and writes like the `BTreeMap<String, V>` it replaces (same method names, same name
//! order) and serialises as the same map. Bound to a pack's ids ([`Ids`], assigned by the
//! pack's symbol table), it also keeps where each declared name sits, so a name the link
//! step resolved to an id is read and changed by that id, without comparing text.

use std::borrow::Borrow;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::text::same_name as same;

/// A pack's declared names of one kind by id, in declaration order, a name's id being its
/// index: the stats of its `Stats` lines ([`crate::link::Symbols::stat_ids`]), the
/// resources of its `Resource` lines ([`crate::link::Symbols::resource_ids`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ids {
    names: Vec<String>,
}

impl Ids {
    /// The ids of `names`, in order.
    pub fn new(names: Vec<String>) -> Ids {
        Ids { names }
    }

    /// The name with id `id`.
    pub fn name(&self, id: usize) -> Option<&str> {
        self.names.get(id).map(String::as_str)
    }
}

/// A name to read or change in a [`NameTable`]: its text and, when the link step resolved it to
/// a declared name, that name's id among the pack's [`Ids`], so a table bound to those ids
/// finds it by its slot instead of comparing text. A key's id always names the text it
/// carries (the link step links a name written exactly as declared), so the two ways agree.
#[derive(Clone, Copy, Debug)]
pub struct Key<'a> {
    name: &'a str,
    id: Option<(&'a Arc<Ids>, usize)>,
}

impl<'a> Key<'a> {
    /// The declared name with id `id` among `ids`, written `name`.
    pub fn linked(name: &'a str, ids: &'a Arc<Ids>, id: usize) -> Key<'a> {
        debug_assert_eq!(ids.name(id), Some(name), "a linked key names its id");
        Key { name, id: Some((ids, id)) }
    }

    /// The name as written.
    pub fn as_str(&self) -> &'a str {
        self.name
    }
}

impl<'a> From<&'a str> for Key<'a> {
    /// A name found by its text.
    fn from(name: &'a str) -> Key<'a> {
        Key { name, id: None }
    }
}

/// Where a bound table keeps each declared name: the ids it is bound to, and per id the
/// name's place in the entries ([`ABSENT`] when the actor lacks it).
#[derive(Clone, Default)]
struct Slots {
    ids: Option<Arc<Ids>>,
    at: Box<[u32]>,
}

/// The slot of a declared name the actor does not hold.
const ABSENT: u32 = u32::MAX;

/// Values by name, in name order (the order of a `BTreeMap<String, V>`): an actor's stats
/// and resources. A rule file's lookup table (`Table X:`) is a [`crate::model::table::Table`].
#[derive(Clone)]
pub struct NameTable<V> {
    entries: Vec<(String, V)>,
    slots: Slots,
}

/// An actor's stats by name.
pub type Stats = NameTable<i64>;

/// An actor's resources by name.
pub type Resources = NameTable<super::Resource>;

impl<V> Default for NameTable<V> {
    fn default() -> Self {
        NameTable { entries: Vec::new(), slots: Slots::default() }
    }
}

impl<V> NameTable<V> {
    /// An empty table.
    pub fn new() -> Self {
        NameTable::default()
    }

    /// Binds the table to a pack's ids, so [`NameTable::by_id`] reads a slot; the binding
    /// follows every insert and removal. Values and names are unchanged.
    pub fn bind(&mut self, ids: &Arc<Ids>) {
        self.slots.ids = Some(Arc::clone(ids));
        self.reindex();
    }

    /// Recomputes each declared name's place after the entries moved.
    fn reindex(&mut self) {
        let Some(ids) = &self.slots.ids else { return };
        let place = |name: &String| {
            let at = self.entries.iter().position(|(key, _)| key == name);
            at.and_then(|at| u32::try_from(at).ok()).unwrap_or(ABSENT)
        };
        self.slots.at = ids.names.iter().map(place).collect();
    }

    /// Where the name with id `id` in `ids` (written exactly as declared) sits: its slot
    /// when the table is bound to `ids`, else found by its name.
    fn place(&self, ids: &Arc<Ids>, id: usize) -> Option<usize> {
        match &self.slots.ids {
            Some(bound) if Arc::ptr_eq(bound, ids) => {
                let at = *self.slots.at.get(id)?;
                (at != ABSENT).then_some(at as usize)
            }
            _ => {
                let name = ids.name(id)?;
                self.entries.iter().position(|(key, _)| same(key, name))
            }
        }
    }

    /// The value of the name with id `id` in `ids` (the name written exactly as declared):
    /// from its slot when the table is bound to `ids`, else by its name.
    pub fn by_id(&self, ids: &Arc<Ids>, id: usize) -> Option<&V> {
        self.entries.get(self.place(ids, id)?).map(|(_, value)| value)
    }

    /// Where `key` is: by its slot when it is linked, else by its text.
    fn place_of(&self, key: Key<'_>) -> Option<usize> {
        match key.id {
            Some((ids, id)) => self.place(ids, id),
            None => self.entries.iter().position(|(entry, _)| same(entry, key.name)),
        }
    }

    /// The value under `key`, mutably: [`NameTable::get_mut`] by slot when the key is linked.
    pub fn get_key_mut(&mut self, key: Key<'_>) -> Option<&mut V> {
        let at = self.place_of(key)?;
        self.entries.get_mut(at).map(|(_, value)| value)
    }

    /// Whether `key` is held: [`NameTable::contains_key`] by slot when the key is linked.
    pub fn contains(&self, key: Key<'_>) -> bool {
        self.place_of(key).is_some()
    }

    /// Where `name` is, or where it would go to keep name order.
    fn position(&self, name: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(key, _)| key.as_str().cmp(name))
    }

    /// The value under the name written exactly `name`.
    pub fn get<Q: Borrow<str> + ?Sized>(&self, name: &Q) -> Option<&V> {
        let name = name.borrow();
        // Lengths first, inline: most keys differ in length, and only a key of the same
        // length pays for the byte comparison's call.
        let same_length = |key: &String| key.len() == name.len();
        let found = self.entries.iter().find(|(key, _)| same_length(key) && same(key, name));
        found.map(|(_, value)| value)
    }

    /// The value under the name written exactly `name`, mutably.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut V> {
        self.get_key_mut(Key::from(name))
    }

    /// Whether a name is written exactly `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Sets `name` to `value`; returns the value it replaces.
    pub fn insert(&mut self, name: String, value: V) -> Option<V> {
        match self.position(&name) {
            Ok(at) => Some(std::mem::replace(&mut self.entries[at].1, value)),
            Err(at) => {
                self.entries.insert(at, (name, value));
                self.reindex();
                None
            }
        }
    }

    /// Removes `name`; returns its value.
    pub fn remove(&mut self, name: &str) -> Option<V> {
        let at = self.position(name).ok()?;
        let removed = self.entries.remove(at).1;
        self.reindex();
        Some(removed)
    }

    /// The first value (in name order) under a name written like `name` in any case. Name
    /// reads ask [`NameTable::get`] first: an exact match compares lengths before bytes, and
    /// only a name no entry spells exactly pays for the case-folded pass.
    pub fn folded(&self, name: &str) -> Option<&V> {
        self.entries.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| value)
    }

    /// Each name and its value, in name order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&String, &V)> + ExactSizeIterator {
        self.entries.iter().map(|(key, value)| (key, value))
    }

    /// Each name and its value, mutably, in name order.
    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (&String, &mut V)> + ExactSizeIterator {
        self.entries.iter_mut().map(|(key, value)| (&*key, value))
    }

    /// The names, in name order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.entries.iter().map(|(key, _)| key)
    }

    /// The values, in name order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + ExactSizeIterator {
        self.entries.iter().map(|(_, value)| value)
    }

    /// The values, mutably, in name order.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + ExactSizeIterator {
        self.entries.iter_mut().map(|(_, value)| value)
    }

    /// How many entries there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Puts `old` back as the value of `name`, or removes `name` when it had none (undo).
    pub fn restore(&mut self, name: &str, old: Option<V>) {
        match (old, self.get_mut(name)) {
            (Some(old), Some(slot)) => *slot = old,
            (Some(old), None) => {
                self.insert(name.to_string(), old);
            }
            (None, _) => {
                self.remove(name);
            }
        }
    }
}

// Two tables are equal when they hold the same entries; a binding is not part of the value.
impl<V: PartialEq> PartialEq for NameTable<V> {
    fn eq(&self, other: &NameTable<V>) -> bool {
        self.entries == other.entries
    }
}

impl<V: Eq> Eq for NameTable<V> {}

impl<V, Q: Borrow<str> + ?Sized> std::ops::Index<&Q> for NameTable<V> {
    type Output = V;

    /// The value under `name`, written exactly; panics when there is none, like a map's
    /// index.
    fn index(&self, name: &Q) -> &V {
        self.get(name).expect("no entry of that name")
    }
}

impl<V> Extend<(String, V)> for NameTable<V> {
    fn extend<I: IntoIterator<Item = (String, V)>>(&mut self, iter: I) {
        for (name, value) in iter {
            self.insert(name, value);
        }
    }
}

impl<V> FromIterator<(String, V)> for NameTable<V> {
    fn from_iter<I: IntoIterator<Item = (String, V)>>(iter: I) -> Self {
        let mut table = NameTable::new();
        table.extend(iter);
        table
    }
}

impl<'a, V> IntoIterator for &'a NameTable<V> {
    type Item = (&'a String, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (String, V)>, EntryRef<V>>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(key, value)| (key, value))
    }
}

/// How a table entry is lent out by iteration: as a map's `(key, value)` pair.
type EntryRef<V> = for<'b> fn(&'b (String, V)) -> (&'b String, &'b V);

impl<V: fmt::Debug> fmt::Debug for NameTable<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl<V: Serialize> Serialize for NameTable<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for NameTable<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Read as the map it used to be, so duplicate keys resolve exactly as before.
        let map = std::collections::BTreeMap::<String, V>::deserialize(deserializer)?;
        Ok(NameTable { entries: map.into_iter().collect(), slots: Slots::default() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_keep_name_order_and_serialise_like_the_map() {
        let mut stats = Stats::new();
        assert_eq!(stats.insert("Speed".into(), 3), None);
        assert_eq!(stats.insert("Attack".into(), 2), None);
        assert_eq!(stats.insert("attack".into(), 9), None);
        assert_eq!(stats.insert("Speed".into(), 4), Some(3));
        assert_eq!(
            stats.keys().map(String::as_str).collect::<Vec<_>>(),
            ["Attack", "Speed", "attack"]
        );
        assert_eq!(stats["Speed"], 4);
        assert_eq!(stats.get("speed"), None);
        assert_eq!(stats.get("attack"), Some(&9));
        assert_eq!(stats.folded("SPEED"), Some(&4));
        assert_eq!(stats.folded("ATTACK"), Some(&2));
        let json = serde_json::to_string(&stats).unwrap();
        assert_eq!(json, r#"{"Attack":2,"Speed":4,"attack":9}"#);
        let map: std::collections::BTreeMap<String, i64> = serde_json::from_str(&json).unwrap();
        assert_eq!(serde_json::to_string(&map).unwrap(), json);
        assert_eq!(serde_json::from_str::<Stats>(&json).unwrap(), stats);
        assert_eq!(format!("{stats:?}"), format!("{map:?}"));
        stats.restore("Speed", None);
        stats.restore("Will", Some(1));
        assert_eq!(stats.iter().collect::<Vec<_>>().len(), 3);
        assert_eq!(stats.get("Will"), Some(&1));
        assert!(!stats.contains_key("Speed"));
    }

    #[test]
    fn a_bound_table_reads_by_id_through_inserts_and_removals() {
        let ids = Arc::new(Ids::new(vec!["Might".into(), "Agility".into(), "Wits".into()]));
        let other = Arc::new(Ids::new(vec!["Wits".into()]));
        let mut stats: Stats =
            [("Might".to_string(), 3), ("Wits".to_string(), 5)].into_iter().collect();
        let unbound = stats.clone();
        // Unbound, a read by id reads the name.
        assert_eq!(stats.by_id(&ids, 2), Some(&5));
        stats.bind(&ids);
        assert_eq!(stats, unbound);
        assert_eq!(
            [0, 1, 2, 3].map(|id| stats.by_id(&ids, id).copied()),
            [Some(3), None, Some(5), None]
        );
        // "Agility" sorts first: every slot moves, and the reads follow.
        stats.insert("Agility".into(), 1);
        assert_eq!([0, 1, 2].map(|id| stats.by_id(&ids, id).copied()), [Some(3), Some(1), Some(5)]);
        *stats.get_mut("Wits").unwrap() = 7;
        stats.remove("Might");
        assert_eq!([0, 1, 2].map(|id| stats.by_id(&ids, id).copied()), [None, Some(1), Some(7)]);
        // Another pack's ids are read by name.
        assert_eq!(stats.by_id(&other, 0), Some(&7));
        assert_eq!(serde_json::to_string(&stats).unwrap(), r#"{"Agility":1,"Wits":7}"#);
    }

    #[test]
    fn a_key_changes_by_slot_when_linked_and_by_text_otherwise() {
        let ids = Arc::new(Ids::new(vec!["HP".into(), "CP".into()]));
        let other = Arc::new(Ids::new(vec!["CP".into()]));
        let mut stats: Stats = [("CP".to_string(), 3), ("HP".to_string(), 9)].into_iter().collect();
        // Unbound, a linked key finds its name by text.
        *stats.get_key_mut(Key::linked("CP", &ids, 1)).unwrap() += 1;
        stats.bind(&ids);
        *stats.get_key_mut(Key::linked("HP", &ids, 0)).unwrap() -= 2;
        *stats.get_key_mut(Key::from("CP")).unwrap() += 10;
        *stats.get_key_mut(Key::linked("CP", &other, 0)).unwrap() += 100;
        assert_eq!((stats.get("CP"), stats.get("HP")), (Some(&114), Some(&7)));
        assert!(stats.contains(Key::linked("HP", &ids, 0)));
        assert!(!stats.contains(Key::from("hp")), "a key's text is exact");
        stats.remove("HP");
        assert!(!stats.contains(Key::linked("HP", &ids, 0)));
        assert_eq!(stats.get_key_mut(Key::linked("HP", &ids, 0)), None);
    }

    #[test]
    fn bound_resources_read_by_id_and_serialise_like_the_map() {
        use crate::engine::Resource;
        let ids = Arc::new(Ids::new(vec!["HP".into(), "CP".into(), "Mana".into()]));
        let mut resources: Resources = [
            ("HP".to_string(), Resource::new(12).with_max(20)),
            ("CP".to_string(), Resource::new(3)),
        ]
        .into_iter()
        .collect();
        resources.bind(&ids);
        let current =
            |table: &Resources| [0, 1, 2].map(|id| table.by_id(&ids, id).map(|r| r.current));
        assert_eq!(current(&resources), [Some(12), Some(3), None]);
        resources.insert("Mana".into(), Resource::new(7));
        resources.get_mut("HP").unwrap().current = 9;
        assert_eq!(current(&resources), [Some(9), Some(3), Some(7)]);
        resources.restore("CP", None);
        assert_eq!(current(&resources), [Some(9), None, Some(7)]);
        assert_eq!(
            serde_json::to_string(&resources).unwrap(),
            r#"{"HP":{"current":9,"max":20,"min":0},"Mana":{"current":7,"max":null,"min":0}}"#
        );
    }
}
