//! A tally's store of distinct readings with their weights: each reading is found by its
//! hash (a reading repeats over thousands of runs, and finding it in an ordered map
//! compared it field by field against half a dozen others), and the readings are listed
//! in their order for the report. The hash has no random seed, and nothing read out of the
//! store depends on it: every listing is sorted, and a reading's weight sums its additions
//! in the order they came, as an ordered map's would.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::dice::Sum;

/// Distinct keys, each with its summed weight.
#[derive(Clone, Debug)]
pub(crate) struct Distinct<K> {
    sums: HashMap<K, Sum, BuildHasherDefault<Fold>>,
}

impl<K> Default for Distinct<K> {
    fn default() -> Self {
        Distinct { sums: HashMap::default() }
    }
}

impl<K: Hash + Eq + Ord> Distinct<K> {
    /// Adds `p` to `key`'s weight, copying the key only when it is new.
    pub fn add(&mut self, key: &K, p: f64)
    where
        K: Clone,
    {
        match self.sums.get_mut(key) {
            Some(sum) => sum.add(p),
            None => self.sums.entry(key.clone()).or_default().add(p),
        }
    }

    /// Adds `p` to `key`'s weight.
    pub fn add_owned(&mut self, key: K, p: f64) {
        self.sums.entry(key).or_default().add(p);
    }

    /// Every key with its weight, in the keys' order.
    pub fn sorted(&self) -> Vec<(&K, &Sum)> {
        let mut sorted: Vec<(&K, &Sum)> = self.sums.iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(b.0));
        sorted
    }

    /// Every key with its weight, in the keys' order, taken out of the store.
    pub fn into_sorted(self) -> Vec<(K, Sum)> {
        let mut sorted: Vec<(K, Sum)> = self.sums.into_iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        sorted
    }
}

/// A small multiplicative hash (the Fx scheme): a word at a time, no seed.
#[derive(Clone, Copy, Debug, Default)]
struct Fold(u64);

impl Fold {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fold {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let mut eight = [0u8; 8];
            eight.copy_from_slice(word);
            self.mix(u64::from_le_bytes(eight));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut eight = [0u8; 8];
            eight[..rest.len()].copy_from_slice(rest);
            self.mix(u64::from_le_bytes(eight));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.mix(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.mix(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.mix(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_in_order_and_sums_in_arrival_order() {
        let mut store = Distinct::default();
        store.add(&"b".to_string(), 0.25);
        store.add(&"a".to_string(), 0.5);
        store.add_owned("b".to_string(), 0.125);
        let sorted = store.sorted();
        let listed: Vec<(&str, f64)> =
            sorted.iter().map(|(k, s)| (k.as_str(), s.value())).collect();
        assert_eq!(listed, [("a", 0.5), ("b", 0.375)]);
        let owned = store.into_sorted();
        assert_eq!(owned.len(), 2);
        assert_eq!(owned[1].0, "b");
    }

    #[test]
    fn the_hash_is_the_same_every_time() {
        let hash = |text: &str| {
            let mut fold = Fold::default();
            text.hash(&mut fold);
            fold.finish()
        };
        assert_eq!(hash("Ana"), hash("Ana"));
        assert_ne!(hash("Ana"), hash("Bo"));
        assert_ne!(hash("abcdefgh1"), hash("abcdefgh2"), "the tail of a long key counts");
    }
}
