//! Shared text for the names the event log repeats on every power use (actors, resources,
//! layers, roll purposes): cloning a [`SharedText`] bumps a reference count instead of
//! allocating, and the world keeps one copy of each name ([`NameCache`]). A `SharedText`
//! serialises, prints and compares exactly like the `String` it replaces.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An immutable string whose clones share one allocation. One pointer wide (the text sits
/// behind the shared box), so the log's events that name actors and resources stay small.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SharedText(Arc<Box<str>>);

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
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for SharedText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Exactly as the `String` it replaces, so debug output and snapshots stay the same.
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl From<&str> for SharedText {
    fn from(text: &str) -> Self {
        SharedText(Arc::new(Box::from(text)))
    }
}

impl From<String> for SharedText {
    fn from(text: String) -> Self {
        SharedText(Arc::new(text.into_boxed_str()))
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
        self.as_str() == other
    }
}

impl PartialEq<&str> for SharedText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for SharedText {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other.as_str()
    }
}

impl PartialEq<SharedText> for str {
    fn eq(&self, other: &SharedText) -> bool {
        self == other.as_str()
    }
}

impl PartialEq<SharedText> for &str {
    fn eq(&self, other: &SharedText) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<SharedText> for String {
    fn eq(&self, other: &SharedText) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Serialize for SharedText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for SharedText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(SharedText::from)
    }
}

/// Whether two names are the same bytes. Names are short: up to 16 bytes they are compared
/// a word at a time inline (two overlapping loads from each end), which is several times
/// cheaper than the library's memcmp call the hot lookups (actors, cached names) would
/// otherwise make on every match.
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        0 => true,
        // Bytes 0, n/2 and n-1 cover every byte of a name this short.
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        4..=7 => word::<4>(a, 0) == word::<4>(b, 0) && word::<4>(a, n - 4) == word::<4>(b, n - 4),
        8..=16 => word::<8>(a, 0) == word::<8>(b, 0) && word::<8>(a, n - 8) == word::<8>(b, n - 8),
        _ => a == b,
    }
}

/// Up to this many entries, a map of names is searched by a scan with [`same_name`].
const SHORT_MAP: usize = 8;

/// The value under `name` in a map keyed by names, mutably. An actor's layered pools are a
/// handful of entries: scanning them with the inline [`same_name`] is cheaper than the
/// tree's search, which calls memcmp for every key it passes. Larger maps are searched as
/// usual.
#[inline]
pub(crate) fn lookup_mut<'a, V>(map: &'a mut BTreeMap<String, V>, name: &str) -> Option<&'a mut V> {
    if map.len() > SHORT_MAP {
        return map.get_mut(name);
    }
    map.iter_mut().find_map(|(key, value)| same_name(key, name).then_some(value))
}

/// The `N` bytes of `bytes` from `at` (the caller keeps `at + N` within the slice).
#[inline]
fn word<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0; N];
    if let Some(part) = bytes.get(at..at + N) {
        out.copy_from_slice(part);
    }
    out
}

/// How many distinct names a [`NameCache`] keeps; past it, names are allocated as before
/// (a bound, so free-form text can never grow the cache without end).
const CACHE_LIMIT: usize = 256;

/// How many slots [`NameCache`] hashes names into; each remembers two names.
const SLOTS: usize = 32;

/// One shared copy of each name the log has used, so logging a name the world has seen
/// before allocates nothing. Not saved: it refills as events are logged.
#[derive(Clone, Debug, Default)]
pub struct NameCache {
    names: Vec<SharedText>,
    /// Per slot (see [`slot`]), the two names last found there, newest first: a repeated
    /// name is a compare or two away instead of a scan of every name, and two names sharing
    /// a slot do not push each other out.
    recent: [[Option<SharedText>; 2]; SLOTS],
}

/// The slot of `name`: a multiplicative hash of its length and end bytes, which tell most
/// names apart.
fn slot(name: &str) -> usize {
    let bytes = name.as_bytes();
    let (first, last) = (bytes.first().copied(), bytes.last().copied());
    let key = u32::from(first.unwrap_or(0))
        | u32::from(last.unwrap_or(0)) << 8
        | (bytes.len() as u32) << 16;
    // The top bits of the product mix every bit of the key; 5 bits pick one of 32 slots.
    (key.wrapping_mul(0x9E37_79B1) >> 27) as usize
}

impl NameCache {
    /// The shared copy of `name`, added when new.
    // Kept: the attack measured +275 instructions per use without it (Nov 2026).
    #[inline]
    pub fn get(&mut self, name: &str) -> SharedText {
        let slot = slot(name);
        let mut recent = self.recent.get(slot).into_iter().flatten().flatten();
        if let Some(found) = recent.find(|found| same_name(found, name)) {
            return found.clone();
        }
        self.find_or_add(slot, name)
    }

    // Cold: the usual hit above stays small enough to inline.
    #[cold]
    fn find_or_add(&mut self, slot: usize, name: &str) -> SharedText {
        if let Some(found) = self.names.iter().find(|n| same_name(n, name)) {
            let found = found.clone();
            self.remember(slot, &found);
            return found;
        }
        let text = SharedText::from(name);
        if self.names.len() < CACHE_LIMIT {
            self.remember(slot, &text);
            self.names.push(text.clone());
        }
        text
    }

    fn remember(&mut self, slot: usize, text: &SharedText) {
        if let Some([newest, older]) = self.recent.get_mut(slot) {
            *older = newest.replace(text.clone());
        }
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
    fn names_compare_equal_only_when_every_byte_is() {
        let names = ["", "a", "ab", "abc", "HP", "Wits", "Attacker", "Defender", "Leather Coat"];
        for a in names {
            for b in names {
                assert_eq!(same_name(a, b), a == b, "{a:?} vs {b:?}");
            }
        }
        // A difference at any one byte of every length up to past the inline words.
        for len in 1..=20 {
            let base = "x".repeat(len);
            for at in 0..len {
                let mut other = base.clone().into_bytes();
                other[at] = b'y';
                let other = String::from_utf8(other).unwrap();
                assert!(!same_name(&base, &other), "len {len}, byte {at}");
                assert!(same_name(&base, &base.clone()));
            }
        }
    }

    #[test]
    fn the_cache_hands_out_one_copy_per_name() {
        let mut cache = NameCache::default();
        let first = cache.get("HP");
        let second = cache.get("HP");
        assert!(Arc::ptr_eq(&first.0, &second.0));
        assert!(!Arc::ptr_eq(&first.0, &cache.get("CP").0));
        assert_eq!(cache.names.len(), 2);
        // Names sharing a slot (same length and end bytes), more than it remembers, still
        // find their own copy.
        let names = ["Attacker", "Aefender", "Axxxxxxr"];
        assert!(names.iter().all(|n| slot(n) == slot(names[0])));
        let first: Vec<SharedText> = names.iter().map(|n| cache.get(n)).collect();
        for _ in 0..2 {
            for (name, copy) in names.iter().zip(&first) {
                let again = cache.get(name);
                assert!(Arc::ptr_eq(&copy.0, &again.0));
                assert_eq!(again.as_str(), *name);
            }
        }
        assert_eq!(cache.names.len(), 5);
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
