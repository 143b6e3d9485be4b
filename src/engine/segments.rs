//! A list that only grows at its end and never moves what it holds: items live in segments
//! of [`SEGMENT`] slots, each allocated once at full capacity. The event log keeps its
//! events here, so a long session appends without ever copying the events it already has
//! (a doubling `Vec` reads and writes every event again each time it grows).

/// How many items one segment holds.
pub(crate) const SEGMENT: usize = 1024;

/// Items in order, in segments of [`SEGMENT`]: every segment but the last is full and the
/// last is not empty, so item `i` is slot `i % SEGMENT` of segment `i / SEGMENT`.
pub(crate) struct Segments<T> {
    segments: Vec<Vec<T>>,
    /// An emptied segment kept by [`Segments::truncate`], so that undoing a command back
    /// across a boundary and running it again does not allocate each time.
    spare: Option<Vec<T>>,
}

impl<T> Default for Segments<T> {
    fn default() -> Self {
        Segments { segments: Vec::new(), spare: None }
    }
}

impl<T> Segments<T> {
    /// Appends `item`, starting a new segment when the last one is full.
    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        match self.segments.last_mut() {
            Some(last) if last.len() < SEGMENT => last.push(item),
            _ => {
                let mut segment = self.spare.take().unwrap_or_else(|| Vec::with_capacity(SEGMENT));
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
    pub(crate) fn truncate(&mut self, len: usize) {
        if len >= self.len() {
            return;
        }
        while self.segments.len() > len.div_ceil(SEGMENT) {
            if let Some(mut emptied) = self.segments.pop() {
                emptied.clear();
                self.spare = Some(emptied);
            }
        }
        let kept = self.segments.len().saturating_sub(1) * SEGMENT;
        if let Some(last) = self.segments.last_mut() {
            last.truncate(len - kept);
        }
    }
}

impl<T: Clone> Clone for Segments<T> {
    /// The clone's last segment gets a whole segment's room too, so pushing to the clone
    /// does not grow (and copy) it.
    fn clone(&self) -> Self {
        let mut segments = self.segments.clone();
        if let Some(last) = segments.last_mut() {
            last.reserve_exact(SEGMENT - last.len());
        }
        Segments { segments, spare: None }
    }
}

impl<T> FromIterator<T> for Segments<T> {
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
}
