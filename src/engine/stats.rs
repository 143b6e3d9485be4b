//! An actor's stat table: names to values, kept sorted by name in one small vector. Stat
//! blocks hold a handful of entries read on every rule line, and a linear pass over a
//! contiguous vector that compares lengths first costs far less than a tree walk with a
//! full string comparison per step. It reads and writes like the `BTreeMap<String, i64>` it
//! replaces (same method names, same name order) and serialises as the same map.

use std::borrow::Borrow;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::text::same_name as same;

/// Stats by name, in name order (the order of a `BTreeMap<String, i64>`).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Stats {
    entries: Vec<(String, i64)>,
}

impl Stats {
    /// An empty table.
    pub fn new() -> Self {
        Stats::default()
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
                None
            }
        }
    }

    /// Removes `name`; returns its value.
    pub fn remove(&mut self, name: &str) -> Option<i64> {
        let at = self.position(name).ok()?;
        Some(self.entries.remove(at).1)
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
        Ok(Stats { entries: map.into_iter().collect() })
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
}
