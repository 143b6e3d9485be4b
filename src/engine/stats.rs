//! An actor's stat table: names to values, kept sorted by name in one small vector. It reads
//! and writes like the `BTreeMap<String, i64>` it replaces (same method names, same name
//! order) and serialises as the same map. Bound to a pack's stat ids ([`StatIds`], assigned
//! by the pack's symbol table), it also keeps where each declared stat sits, so a bracket
//! name the link step resolved to a stat is read by its id, without comparing text.

use std::borrow::Borrow;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::text::same_name as same;

/// A pack's declared stats by id: the names of its `Stats` lines in declaration order, a
/// stat's id being its index ([`crate::link::Symbols::stat_ids`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatIds {
    names: Vec<String>,
}

impl StatIds {
    /// The ids of `names`, in order.
    pub fn new(names: Vec<String>) -> StatIds {
        StatIds { names }
    }

    /// The name of the stat with id `id`.
    pub fn name(&self, id: usize) -> Option<&str> {
        self.names.get(id).map(String::as_str)
    }
}

/// Where a bound table keeps each declared stat: the ids it is bound to, and per id the
/// stat's place in the entries ([`ABSENT`] when the actor lacks it).
#[derive(Clone, Default)]
struct Slots {
    ids: Option<Arc<StatIds>>,
    at: Box<[u32]>,
}

/// The slot of a declared stat the actor does not list.
const ABSENT: u32 = u32::MAX;

/// Stats by name, in name order (the order of a `BTreeMap<String, i64>`).
#[derive(Clone, Default)]
pub struct Stats {
    entries: Vec<(String, i64)>,
    slots: Slots,
}

impl Stats {
    /// An empty table.
    pub fn new() -> Self {
        Stats::default()
    }

    /// Binds the table to a pack's stat ids, so [`Stats::by_id`] reads a slot; the binding
    /// follows every insert and removal. Values and names are unchanged.
    pub fn bind(&mut self, ids: &Arc<StatIds>) {
        self.slots.ids = Some(Arc::clone(ids));
        self.reindex();
    }

    /// Recomputes each declared stat's place after the entries moved.
    fn reindex(&mut self) {
        let Some(ids) = &self.slots.ids else { return };
        let place = |name: &String| {
            let at = self.entries.iter().position(|(key, _)| key == name);
            at.and_then(|at| u32::try_from(at).ok()).unwrap_or(ABSENT)
        };
        self.slots.at = ids.names.iter().map(place).collect();
    }

    /// The value of the stat with id `id` in `ids` (the stat written exactly as declared):
    /// from its slot when the table is bound to `ids`, else by its name.
    #[inline]
    pub fn by_id(&self, ids: &Arc<StatIds>, id: usize) -> Option<i64> {
        match &self.slots.ids {
            Some(bound) if Arc::ptr_eq(bound, ids) => {
                let at = *self.slots.at.get(id)?;
                self.entries.get(at as usize).map(|(_, value)| *value)
            }
            _ => self.get(ids.name(id)?).copied(),
        }
    }

    /// Where `name` is, or where it would go to keep name order.
    fn position(&self, name: &str) -> Result<usize, usize> {
        self.entries.binary_search_by(|(key, _)| key.as_str().cmp(name))
    }

    /// The value of the stat written exactly `name`.
    pub fn get<Q: Borrow<str> + ?Sized>(&self, name: &Q) -> Option<&i64> {
        let name = name.borrow();
        // Lengths first, inline: most keys differ in length, and only a key of the same
        // length pays for the byte comparison's call.
        let same_length = |key: &String| key.len() == name.len();
        let found = self.entries.iter().find(|(key, _)| same_length(key) && same(key, name));
        found.map(|(_, value)| value)
    }

    /// The stat written exactly `name`, mutably.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut i64> {
        self.entries.iter_mut().find(|(key, _)| same(key, name)).map(|(_, value)| value)
    }

    /// Whether a stat is written exactly `name`.
    pub fn contains_key(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Sets `name` to `value`; returns the value it replaces.
    pub fn insert(&mut self, name: String, value: i64) -> Option<i64> {
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
    pub fn remove(&mut self, name: &str) -> Option<i64> {
        let at = self.position(name).ok()?;
        let removed = self.entries.remove(at).1;
        self.reindex();
        Some(removed)
    }

    /// The first stat (in name order) written like `name` in any case. Name reads ask
    /// [`Stats::get`] first: an exact match compares lengths before bytes, and only a name
    /// no stat spells exactly pays for the case-folded pass.
    pub fn folded(&self, name: &str) -> Option<i64> {
        self.entries.iter().find(|(key, _)| key.eq_ignore_ascii_case(name)).map(|(_, value)| *value)
    }

    /// Each stat and its value, in name order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&String, &i64)> + ExactSizeIterator {
        self.entries.iter().map(|(key, value)| (key, value))
    }

    /// The stat names, in name order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.entries.iter().map(|(key, _)| key)
    }

    /// The values, in name order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &i64> + ExactSizeIterator {
        self.entries.iter().map(|(_, value)| value)
    }

    /// How many stats there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Puts `old` back as the value of `name`, or removes `name` when it had none (undo).
    pub fn restore(&mut self, name: &str, old: Option<i64>) {
        match old {
            Some(old) => {
                self.insert(name.to_string(), old);
            }
            None => {
                self.remove(name);
            }
        }
    }
}

// Two tables are equal when they hold the same stats; a binding is not part of the value.
impl PartialEq for Stats {
    fn eq(&self, other: &Stats) -> bool {
        self.entries == other.entries
    }
}

impl Eq for Stats {}

impl<Q: Borrow<str> + ?Sized> std::ops::Index<&Q> for Stats {
    type Output = i64;

    /// The stat written exactly `name`; panics when there is none, like a map's index.
    fn index(&self, name: &Q) -> &i64 {
        self.get(name).expect("no stat of that name")
    }
}

impl Extend<(String, i64)> for Stats {
    fn extend<I: IntoIterator<Item = (String, i64)>>(&mut self, iter: I) {
        for (name, value) in iter {
            self.insert(name, value);
        }
    }
}

impl FromIterator<(String, i64)> for Stats {
    fn from_iter<I: IntoIterator<Item = (String, i64)>>(iter: I) -> Self {
        let mut stats = Stats::new();
        stats.extend(iter);
        stats
    }
}

impl<'a> IntoIterator for &'a Stats {
    type Item = (&'a String, &'a i64);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (String, i64)>, StatRef>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter().map(|(key, value)| (key, value))
    }
}

/// How a table entry is lent out by iteration: as a map's `(key, value)` pair.
type StatRef = for<'b> fn(&'b (String, i64)) -> (&'b String, &'b i64);

impl fmt::Debug for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Serialize for Stats {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Stats {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Read as the map it used to be, so duplicate keys resolve exactly as before.
        let map = std::collections::BTreeMap::<String, i64>::deserialize(deserializer)?;
        Ok(Stats { entries: map.into_iter().collect(), slots: Slots::default() })
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
        assert_eq!(stats.folded("SPEED"), Some(4));
        assert_eq!(stats.folded("ATTACK"), Some(2));
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
        let ids = Arc::new(StatIds::new(vec!["Might".into(), "Agility".into(), "Wits".into()]));
        let other = Arc::new(StatIds::new(vec!["Wits".into()]));
        let mut stats: Stats =
            [("Might".to_string(), 3), ("Wits".to_string(), 5)].into_iter().collect();
        let unbound = stats.clone();
        // Unbound, a read by id reads the name.
        assert_eq!(stats.by_id(&ids, 2), Some(5));
        stats.bind(&ids);
        assert_eq!(stats, unbound);
        assert_eq!([0, 1, 2, 3].map(|id| stats.by_id(&ids, id)), [Some(3), None, Some(5), None]);
        // "Agility" sorts first: every slot moves, and the reads follow.
        stats.insert("Agility".into(), 1);
        assert_eq!([0, 1, 2].map(|id| stats.by_id(&ids, id)), [Some(3), Some(1), Some(5)]);
        *stats.get_mut("Wits").unwrap() = 7;
        stats.remove("Might");
        assert_eq!([0, 1, 2].map(|id| stats.by_id(&ids, id)), [None, Some(1), Some(7)]);
        // Another pack's ids are read by name.
        assert_eq!(stats.by_id(&other, 0), Some(7));
        assert_eq!(serde_json::to_string(&stats).unwrap(), r#"{"Agility":1,"Wits":7}"#);
    }
}
