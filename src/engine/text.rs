//! Shared text for the names the event log repeats on every power use (actors, resources,
//! layers, roll purposes): cloning a [`SharedText`] bumps a reference count instead of
//! allocating, and the world keeps one copy of each name ([`NameCache`]). A `SharedText`
//! serialises, prints and compares exactly like the `String` it replaces.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An immutable string whose clones share one allocation.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SharedText(Arc<str>);

impl SharedText {
    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for SharedText {
    fn default() -> Self {
        SharedText::from("")
    }
}

impl Deref for SharedText {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for SharedText {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::borrow::Borrow<str> for SharedText {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SharedText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

impl fmt::Debug for SharedText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Exactly as the `String` it replaces, so debug output and snapshots stay the same.
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl From<&str> for SharedText {
    fn from(text: &str) -> Self {
        SharedText(Arc::from(text))
    }
}

impl From<String> for SharedText {
    fn from(text: String) -> Self {
        SharedText(Arc::from(text))
    }
}

impl From<&String> for SharedText {
    fn from(text: &String) -> Self {
        SharedText::from(text.as_str())
    }
}

impl From<SharedText> for String {
    fn from(text: SharedText) -> Self {
        text.0.to_string()
    }
}

impl PartialEq<str> for SharedText {
    fn eq(&self, other: &str) -> bool {
        &*self.0 == other
    }
}

impl PartialEq<&str> for SharedText {
    fn eq(&self, other: &&str) -> bool {
        &*self.0 == *other
    }
}

impl PartialEq<String> for SharedText {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<SharedText> for str {
    fn eq(&self, other: &SharedText) -> bool {
        self == &*other.0
    }
}

impl PartialEq<SharedText> for &str {
    fn eq(&self, other: &SharedText) -> bool {
        *self == &*other.0
    }
}

impl PartialEq<SharedText> for String {
    fn eq(&self, other: &SharedText) -> bool {
        **self == *other.0
    }
}

impl Serialize for SharedText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for SharedText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(SharedText::from)
    }
}

/// How many distinct names a [`NameCache`] keeps; past it, names are allocated as before
/// (a bound, so free-form text can never grow the cache without end).
const CACHE_LIMIT: usize = 256;

/// One shared copy of each name the log has used, so logging a name the world has seen
/// before allocates nothing. Not saved: it refills as events are logged.
#[derive(Clone, Debug, Default)]
pub struct NameCache {
    names: Vec<SharedText>,
}

impl NameCache {
    /// The shared copy of `name`, added when new.
    pub fn get(&mut self, name: &str) -> SharedText {
        let bytes = name.as_bytes();
        // Length and end bytes first: most mismatches end there, without a memcmp call.
        let same = |n: &&SharedText| {
            let theirs = n.as_bytes();
            theirs.len() == bytes.len() && theirs.last() == bytes.last() && theirs == bytes
        };
        if let Some(found) = self.names.iter().find(same) {
            return found.clone();
        }
        let text = SharedText::from(name);
        if self.names.len() < CACHE_LIMIT {
            self.names.push(text.clone());
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_text_serialises_and_prints_as_a_string() {
        let text = SharedText::from("Brakka");
        assert_eq!(serde_json::to_string(&text).unwrap(), "\"Brakka\"");
        assert_eq!(serde_json::from_str::<SharedText>("\"Brakka\"").unwrap(), text);
        assert_eq!(format!("{text} {text:?}"), "Brakka \"Brakka\"");
        let owned = String::from("Brakka");
        assert_eq!(text, "Brakka");
        assert_eq!("Brakka", text);
        assert_eq!(text, owned);
        assert_eq!(owned, text);
        assert_ne!(text, "Brakk");
    }

    #[test]
    fn the_cache_hands_out_one_copy_per_name() {
        let mut cache = NameCache::default();
        let first = cache.get("HP");
        let second = cache.get("HP");
        assert!(Arc::ptr_eq(&first.0, &second.0));
        assert!(!Arc::ptr_eq(&first.0, &cache.get("CP").0));
        assert_eq!(cache.names.len(), 2);
    }

    #[test]
    fn the_cache_stops_growing_at_its_limit() {
        let mut cache = NameCache::default();
        for n in 0..CACHE_LIMIT + 10 {
            assert_eq!(cache.get(&n.to_string()).as_str(), n.to_string());
        }
        assert_eq!(cache.names.len(), CACHE_LIMIT);
    }
}
