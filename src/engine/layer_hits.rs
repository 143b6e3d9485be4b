//! Where the log keeps what each armour layer did with a hit. A damage event's layer hits
//! would be a small list allocated per hit; instead the log's [`HitStore`] writes them into
//! shared chunks of slots, one allocation per [`CHUNK`] hits, and the event holds the chunk
//! and its range ([`LayerHits`]). The hits of an event read, compare, print and serialise
//! exactly as the `Vec` they replace.

use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::layers::LayerHit;

/// How many hits one chunk holds.
const CHUNK: usize = 64;

/// Slots written once each, then only read (behind one pointer, so an event's hits take
/// two words).
type Chunk = Arc<Vec<OnceLock<LayerHit>>>;

/// The layer hits of one damage event, outermost layer first.
#[derive(Clone, Default)]
pub struct LayerHits {
    /// The chunk holding them (`None`: no hits).
    chunk: Option<Chunk>,
    /// Their range in the chunk.
    start: u32,
    len: u32,
}

impl LayerHits {
    /// The hits, outermost layer first.
    pub fn iter(&self) -> impl Iterator<Item = &LayerHit> + '_ {
        let (start, end) = (self.start as usize, self.start as usize + self.len as usize);
        let slots = self.chunk.as_ref().and_then(|chunk| chunk.get(start..end));
        // Every slot in an event's range was written before the event was made.
        slots.unwrap_or_default().iter().filter_map(OnceLock::get)
    }

    /// How many layers the hit reached.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the hit reached no layer (damage into a plain resource).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl From<Vec<LayerHit>> for LayerHits {
    /// Hits read from a save: a chunk of exactly their size, so a loaded log of many damage
    /// events costs what its hits do, not a whole chunk each.
    fn from(hits: Vec<LayerHit>) -> Self {
        if hits.is_empty() {
            return LayerHits::default();
        }
        let len = u32::try_from(hits.len()).unwrap_or(u32::MAX);
        let chunk: Chunk = Arc::new(hits.into_iter().map(OnceLock::from).collect());
        LayerHits { chunk: Some(chunk), start: 0, len }
    }
}

impl PartialEq for LayerHits {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for LayerHits {}

impl fmt::Debug for LayerHits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for LayerHits {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for LayerHits {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<LayerHit>::deserialize(deserializer).map(LayerHits::from)
    }
}

/// The log's writer of layer hits: each hit of the damage being dealt goes straight into
/// the next free slot of the current chunk, and [`HitStore::take`] hands the slots written
/// since the last call out as one event's [`LayerHits`].
#[derive(Default)]
pub struct HitStore {
    /// The chunk being filled.
    chunk: Option<Chunk>,
    /// Slots of `chunk` that earlier events hold.
    used: usize,
    /// Slots after `used` written for the damage being dealt.
    pending: usize,
}

impl HitStore {
    /// Adds a hit to the damage being dealt.
    pub fn push(&mut self, hit: LayerHit) {
        if self.chunk.as_ref().is_none_or(|chunk| self.used + self.pending >= chunk.len()) {
            self.start_chunk();
        }
        let next = self.used + self.pending;
        if let Some(slot) = self.chunk.as_ref().and_then(|chunk| chunk.get(next)) {
            // Only this store writes past `used` (a clone starts a chunk of its own), so
            // the slot is still empty.
            let written = slot.set(hit);
            debug_assert!(written.is_ok(), "a layer-hit slot was written twice");
            self.pending += 1;
        }
    }

    /// Starts a new chunk with room for the hits pending and more, copying the pending
    /// ones over: one event's hits stay in one chunk.
    #[cold]
    fn start_chunk(&mut self) {
        let pending = self.chunk.as_ref().map(|chunk| {
            let end = (self.used + self.pending).min(chunk.len());
            let slots = chunk.get(self.used..end).unwrap_or_default();
            slots.iter().filter_map(OnceLock::get).cloned().collect::<Vec<_>>()
        });
        let size = CHUNK.max(2 * (self.pending + 1));
        let mut slots: Vec<OnceLock<LayerHit>> = (0..size).map(|_| OnceLock::new()).collect();
        for (slot, hit) in slots.iter_mut().zip(pending.unwrap_or_default()) {
            *slot = OnceLock::from(hit);
        }
        self.used = 0;
        self.chunk = Some(Arc::new(slots));
    }

    /// The hits pushed since the last call, as one event's hits.
    pub fn take(&mut self) -> LayerHits {
        let (start, len) = (self.used, std::mem::take(&mut self.pending));
        match &self.chunk {
            Some(chunk) if len > 0 => {
                self.used += len;
                // Chunks hold a few dozen slots, far below u32::MAX.
                let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
                LayerHits { chunk: Some(Arc::clone(chunk)), start: to_u32(start), len: to_u32(len) }
            }
            _ => LayerHits::default(),
        }
    }
}

impl Clone for HitStore {
    /// A clone writes into chunks of its own: the slots left in this store's chunk stay
    /// this store's to fill.
    fn clone(&self) -> Self {
        HitStore::default()
    }
}

impl fmt::Debug for HitStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HitStore").field("used", &self.used).finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Layer;

    fn hits(values: &[i64]) -> Vec<LayerHit> {
        values.iter().map(|v| Layer::new("coat", *v).hit(3)).collect()
    }

    #[test]
    fn stored_hits_read_back_in_order_across_chunks() {
        let mut store = HitStore::default();
        let mut events = Vec::new();
        for n in 0..100 {
            let expected = hits(&[n % 5, n % 7]);
            for hit in expected.clone() {
                store.push(hit);
            }
            events.push((store.take(), expected));
        }
        for (stored, expected) in &events {
            assert_eq!(stored.iter().cloned().collect::<Vec<_>>(), *expected);
            assert_eq!(stored.len(), 2);
        }
        assert!(store.take().is_empty());
    }

    #[test]
    fn an_event_whose_hits_reach_past_a_chunk_keeps_them_together() {
        // Three hits per event do not divide a chunk: the event that reaches past its end
        // moves the hits it has written to the next chunk. One event of more hits than a
        // chunk holds grows its chunk.
        let mut store = HitStore::default();
        let mut events = Vec::new();
        for n in 0..40 {
            let expected = hits(&[n, n + 1, n + 2]);
            for hit in expected.clone() {
                store.push(hit);
            }
            events.push((store.take(), expected));
        }
        let many = hits(&(0..150).collect::<Vec<_>>());
        for hit in many.clone() {
            store.push(hit);
        }
        events.push((store.take(), many));
        for (stored, expected) in &events {
            assert_eq!(stored.iter().cloned().collect::<Vec<_>>(), *expected);
            assert_eq!(stored.len(), expected.len());
        }
        assert_eq!(events[21].0.start, 0, "the 22nd event starts the second chunk");
    }

    #[test]
    fn hits_serialise_as_a_list_and_a_clone_writes_elsewhere() {
        let mut store = HitStore::default();
        let hit = Layer::new("coat", 2).hit(5);
        store.push(hit.clone());
        let first = store.take();
        let json = serde_json::to_string(&first).unwrap();
        assert_eq!(json, serde_json::to_string(&vec![hit.clone()]).unwrap());
        assert_eq!(serde_json::from_str::<LayerHits>(&json).unwrap(), first);
        assert_eq!(format!("{first:?}"), format!("{:?}", vec![hit]));
        let mut clone = store.clone();
        clone.push(Layer::new("hide", 9).hit(1));
        store.push(Layer::new("coat", 1).hit(1));
        let (theirs, ours) = (clone.take(), store.take());
        assert_eq!(theirs.iter().next().unwrap().layer.as_str(), "hide");
        assert_eq!(ours.iter().next().unwrap().layer.as_str(), "coat");
        assert_eq!(first.iter().next().unwrap().layer.as_str(), "coat");
    }

    #[test]
    fn loaded_hits_take_a_chunk_of_their_own_size() {
        // A save with many damage events must not cost a whole chunk per event.
        let loaded: LayerHits = serde_json::from_str(&serde_json::to_string(&hits(&[4])).unwrap())
            .expect("a list of hits reads back");
        assert_eq!(loaded.chunk.as_ref().map(|chunk| chunk.len()), Some(1));
        assert_eq!(loaded.iter().cloned().collect::<Vec<_>>(), hits(&[4]));
        assert!(LayerHits::from(Vec::new()).chunk.is_none());
    }

    #[test]
    fn the_world_stays_sendable() {
        // Chunks are shared with `Arc` and written through `OnceLock` for this: a world
        // (and its log) can still move to and be read from another thread.
        fn sendable<T: Send + Sync>() {}
        sendable::<crate::engine::World>();
        sendable::<LayerHits>();
    }
}
