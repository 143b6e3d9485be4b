//! A list that only grows at its end and never moves what it holds: items live in segments
//! of [`SEGMENT`] slots, each allocated once at full capacity. The event log keeps its
//! events here, so a long session appends without ever copying the events it already has
//! (a doubling `Vec` reads and writes every event again each time it grows).
//!
//! Emptied segments go back to a per-thread list of spares ([`Recycled`]) and the next
//! segment needed comes from there: a game dropped and replaced (a reload, a fresh game per
//! batch) reuses memory it already touched instead of the allocator handing the freed
//! memory back to the system and the new log faulting it in again, page by page.

use std::cell::RefCell;
use std::thread::LocalKey;

/// How many items one segment holds.
pub(crate) const SEGMENT: usize = 1024;

/// How many spare segments a thread keeps at most (for events: 64 x 96 KiB, 6 MiB).
const MAX_SPARES: usize = 64;

/// Items whose emptied segments are kept for reuse, in a per-thread list.
pub(crate) trait Recycled: Sized + 'static {
    /// This thread's spare segments for this item type.
    fn spares() -> &'static LocalKey<RefCell<Vec<Vec<Self>>>>;
}

/// An empty segment with room for [`SEGMENT`] items: a spare if there is one.
fn fresh<T: Recycled>() -> Vec<T> {
    let spare = T::spares().try_with(|spares| spares.try_borrow_mut().ok()?.pop());
    spare.ok().flatten().unwrap_or_else(|| Vec::with_capacity(SEGMENT))
}

/// Empties `segment` and keeps it as a spare while there is room.
fn recycle<T: Recycled>(mut segment: Vec<T>) {
    segment.clear();
    if segment.capacity() != SEGMENT {
        return;
    }
    // During thread teardown the list may be gone; the segment is then simply freed.
    let _ = T::spares().try_with(|spares| {
        if let Ok(mut spares) = spares.try_borrow_mut()
            && spares.len() < MAX_SPARES
        {
            spares.push(segment);
        }
    });
}

/// Items in order, in segments of [`SEGMENT`]: every segment but the last is full and the
/// last is not empty, so item `i` is slot `i % SEGMENT` of segment `i / SEGMENT`.
pub(crate) struct Segments<T: Recycled> {
    segments: Vec<Vec<T>>,
}

impl<T: Recycled> Default for Segments<T> {
    fn default() -> Self {
        Segments { segments: Vec::new() }
    }
}

impl<T: Recycled> Drop for Segments<T> {
    fn drop(&mut self) {
        self.segments.drain(..).for_each(recycle);
    }
}

impl<T: Recycled> Segments<T> {
    /// Appends `item`, starting a new segment when the last one is full.
    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        match self.segments.last_mut() {
            // Every segment is made with room for SEGMENT items (`fresh`), so this is the
            // same test as `len < SEGMENT`; comparing with the capacity as well lets the
            // compiler see the push never grows the segment, and drop the growth path and
            // the copy of the item it keeps (an event is 96 bytes, logged several times per
            // power use).
            Some(last) if last.len() < SEGMENT.min(last.capacity()) => last.push(item),
            _ => {
                let mut segment = fresh();
                segment.push(item);
                self.segments.push(segment);
            }
        }
    }

    /// How many items there are.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        let full = self.segments.len().saturating_sub(1) * SEGMENT;
        full + self.segments.last().map_or(0, Vec::len)
    }

    /// The item at `index`, if there is one.
    #[inline]
    pub(crate) fn get(&self, index: usize) -> Option<&T> {
        self.segments.get(index / SEGMENT)?.get(index % SEGMENT)
    }

    /// The last item, if any.
    pub(crate) fn last(&self) -> Option<&T> {
        self.segments.last()?.last()
    }

    /// The items from `start` on, in order (none when `start` is past the end).
    pub(crate) fn since(&self, start: usize) -> impl DoubleEndedIterator<Item = &T> + '_ {
        let (first, offset) = (start / SEGMENT, start % SEGMENT);
        let segments = self.segments.get(first..).unwrap_or_default();
        segments.iter().enumerate().flat_map(move |(n, segment)| {
            let from = if n == 0 { offset } else { 0 };
            segment.get(from..).unwrap_or_default()
        })
    }

    /// Keeps the first `len` items and drops the rest (nothing when `len` is not shorter).
    /// Emptied segments become spares, so undoing back across a boundary and logging again
    /// does not allocate.
    pub(crate) fn truncate(&mut self, len: usize) {
        if len >= self.len() {
            return;
        }
        self.segments.drain(len.div_ceil(SEGMENT)..).for_each(recycle);
        let kept = self.segments.len().saturating_sub(1) * SEGMENT;
        if let Some(last) = self.segments.last_mut() {
            last.truncate(len - kept);
        }
    }
}

impl<T: Recycled + Clone> Clone for Segments<T> {
    /// Each segment of the clone has a whole segment's room, so pushing to the clone does
    /// not grow (and copy) its last one.
    fn clone(&self) -> Self {
        let copy = |segment: &Vec<T>| {
            let mut copy = fresh();
            copy.extend_from_slice(segment);
            copy
        };
        Segments { segments: self.segments.iter().map(copy).collect() }
    }
}

impl<T: Recycled> FromIterator<T> for Segments<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut segments = Segments::default();
        for item in items {
            segments.push(item);
        }
        segments
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static SPARE_NUMBERS: RefCell<Vec<Vec<usize>>> = const { RefCell::new(Vec::new()) };
    }

    impl Recycled for usize {
        fn spares() -> &'static LocalKey<RefCell<Vec<Vec<Self>>>> {
            &SPARE_NUMBERS
        }
    }

    fn spares() -> usize {
        SPARE_NUMBERS.with(|spares| spares.borrow().len())
    }

    fn numbers(n: usize) -> Segments<usize> {
        (0..n).collect()
    }

    fn capacities(list: &Segments<usize>) -> Vec<usize> {
        list.segments.iter().map(Vec::capacity).collect()
    }

    #[test]
    fn pushes_across_segment_boundaries_keep_order_and_never_grow_a_segment() {
        let list = numbers(2 * SEGMENT + 5);
        assert_eq!(list.len(), 2 * SEGMENT + 5);
        assert_eq!(list.segments.len(), 3);
        assert_eq!(capacities(&list), vec![SEGMENT; 3]);
        for i in [0, SEGMENT - 1, SEGMENT, 2 * SEGMENT, 2 * SEGMENT + 4] {
            assert_eq!(list.get(i), Some(&i));
        }
        assert_eq!(list.get(2 * SEGMENT + 5), None);
        assert_eq!(list.last(), Some(&(2 * SEGMENT + 4)));
        assert!(list.since(0).copied().eq(0..2 * SEGMENT + 5));
    }

    #[test]
    fn since_starts_anywhere_and_crosses_boundaries() {
        let list = numbers(3 * SEGMENT);
        for start in [0, 1, SEGMENT - 1, SEGMENT, SEGMENT + 1, 3 * SEGMENT - 1, 3 * SEGMENT] {
            assert!(list.since(start).copied().eq(start..3 * SEGMENT), "from {start}");
        }
        assert_eq!(list.since(3 * SEGMENT + 7).count(), 0);
        assert_eq!(list.since(SEGMENT - 2).rev().nth(1), Some(&(3 * SEGMENT - 2)));
    }

    #[test]
    fn truncating_back_across_a_boundary_then_pushing_continues_in_place() {
        let mut list = numbers(2 * SEGMENT + 3);
        list.truncate(SEGMENT - 2);
        assert_eq!(list.len(), SEGMENT - 2);
        assert_eq!(list.segments.len(), 1);
        assert_eq!(list.last(), Some(&(SEGMENT - 3)));
        assert_eq!(list.get(SEGMENT - 2), None);
        for n in 0..5 {
            list.push(1_000_000 + n);
        }
        assert_eq!(list.len(), SEGMENT + 3);
        assert_eq!(list.get(SEGMENT - 3), Some(&(SEGMENT - 3)));
        assert_eq!(list.get(SEGMENT - 2), Some(&1_000_000));
        assert_eq!(list.get(SEGMENT), Some(&1_000_002));
        assert_eq!(list.last(), Some(&1_000_004));
        assert_eq!(capacities(&list), vec![SEGMENT; 2]);
    }

    #[test]
    fn truncating_to_a_boundary_or_to_nothing_keeps_the_rest_exact() {
        let mut list = numbers(2 * SEGMENT + 1);
        list.truncate(2 * SEGMENT);
        assert_eq!((list.len(), list.segments.len()), (2 * SEGMENT, 2));
        list.truncate(5 * SEGMENT);
        assert_eq!(list.len(), 2 * SEGMENT);
        list.push(7);
        assert_eq!((list.len(), list.last()), (2 * SEGMENT + 1, Some(&7)));
        list.truncate(0);
        assert_eq!((list.len(), list.last(), list.since(0).count()), (0, None, 0));
        list.push(9);
        assert_eq!((list.len(), list.get(0)), (1, Some(&9)));
    }

    #[test]
    fn a_clone_has_the_same_items_and_room_to_grow() {
        let list = numbers(SEGMENT + 10);
        let mut copy = list.clone();
        assert!(copy.since(0).eq(list.since(0)));
        assert_eq!(capacities(&copy), vec![SEGMENT; 2]);
        copy.push(1);
        assert_eq!((copy.len(), list.len()), (SEGMENT + 11, SEGMENT + 10));
    }

    #[test]
    fn emptied_segments_are_reused_by_the_next_list_up_to_a_limit() {
        let list = numbers(2 * SEGMENT + 1);
        let addresses: Vec<*const usize> = list.segments.iter().map(|s| s.as_ptr()).collect();
        let before = spares();
        drop(list);
        assert_eq!(spares(), before + 3);
        let next = numbers(3 * SEGMENT);
        assert_eq!(spares(), before);
        let mut reused: Vec<*const usize> = next.segments.iter().map(|s| s.as_ptr()).collect();
        reused.reverse();
        assert_eq!(reused, addresses, "the last segment given back is the first taken");
        let mut next = next;
        next.truncate(SEGMENT + 1);
        assert_eq!(spares(), before + 1);
        assert!(next.since(0).copied().eq(0..SEGMENT + 1));
        drop(next);
        drop(numbers((MAX_SPARES + 10) * SEGMENT));
        assert_eq!(spares(), MAX_SPARES);
    }
}
