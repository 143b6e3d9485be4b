//! A list kept inline while it is short: the few dice of a roll, the totals of a check or a
//! cost's amounts or a power's one target outcome cost no allocation, and only a long list
//! moves to the heap. It reads as a slice and serialises exactly as a `Vec` does, so the
//! log's JSON and saves are unchanged.

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Up to `N` items inline, more on the heap; reads, compares and prints as a slice.
#[derive(Clone)]
pub enum ShortList<T, const N: usize> {
    /// The first `len` of `items` are the list.
    Inline {
        /// How many of `items` are in the list.
        len: u8,
        /// The items, the unused ones copies of the first.
        items: [T; N],
    },
    /// An empty list (no allocation), a long one, or one made from a `Vec`.
    Heap(Vec<T>),
}

impl<T, const N: usize> Default for ShortList<T, N> {
    fn default() -> Self {
        ShortList::Heap(Vec::new())
    }
}

impl<T: Copy, const N: usize> ShortList<T, N> {
    /// An empty list with room for `capacity` items: on the heap only when they will not
    /// fit inline.
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        if capacity <= N {
            ShortList::default()
        } else {
            ShortList::Heap(Vec::with_capacity(capacity))
        }
    }

    /// Appends `item`: the first goes inline, and the list moves to the heap when it
    /// outgrows `N` (at most 255 inline).
    #[inline]
    pub fn push(&mut self, item: T) {
        match self {
            ShortList::Heap(heap) if heap.capacity() == 0 && N > 0 && N <= 255 => {
                *self = ShortList::Inline { len: 1, items: [item; N] };
            }
            ShortList::Inline { len, items } if usize::from(*len) < N => {
                items[usize::from(*len)] = item;
                *len += 1;
            }
            ShortList::Inline { items, .. } => {
                let mut heap = Vec::with_capacity(N * 2);
                heap.extend_from_slice(items);
                heap.push(item);
                *self = ShortList::Heap(heap);
            }
            ShortList::Heap(heap) => heap.push(item),
        }
    }
}

impl<T> ShortList<T, 1> {
    /// The list of `item` alone, inline: items that are not `Copy` (a power's one target
    /// outcome) need no filler for unused slots.
    pub fn one(item: T) -> Self {
        ShortList::Inline { len: 1, items: [item] }
    }
}

impl<T, const N: usize> ShortList<T, N> {
    /// The items as a slice (as `Vec::as_slice`).
    pub fn as_slice(&self) -> &[T] {
        self
    }

    /// Empties the list (no allocation is kept).
    pub fn clear(&mut self) {
        *self = ShortList::Heap(Vec::new());
    }
}

impl<T, const N: usize> Deref for ShortList<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            ShortList::Inline { len, items } => &items[..usize::from(*len)],
            ShortList::Heap(heap) => heap,
        }
    }
}

impl<T, const N: usize> DerefMut for ShortList<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        match self {
            ShortList::Inline { len, items } => &mut items[..usize::from(*len)],
            ShortList::Heap(heap) => heap,
        }
    }
}

impl<T, const N: usize> From<Vec<T>> for ShortList<T, N> {
    fn from(items: Vec<T>) -> Self {
        ShortList::Heap(items)
    }
}

impl<T: Copy, const N: usize> FromIterator<T> for ShortList<T, N> {
    /// Fills the inline array straight from the iterator (no per-item check of where the
    /// list lives), spilling to the heap only past `N` items.
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut items = items.into_iter();
        if N == 0 || N > 255 {
            return ShortList::Heap(items.collect());
        }
        let Some(first) = items.next() else { return ShortList::default() };
        let mut inline = [first; N];
        for len in 1..N {
            match items.next() {
                Some(item) => inline[len] = item,
                // `len` < N <= 255.
                None => return ShortList::Inline { len: len as u8, items: inline },
            }
        }
        match items.next() {
            None => ShortList::Inline { len: N as u8, items: inline },
            Some(next) => {
                let mut heap = Vec::with_capacity(N * 2);
                heap.extend_from_slice(&inline);
                heap.push(next);
                heap.extend(items);
                ShortList::Heap(heap)
            }
        }
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a ShortList<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a mut ShortList<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T, const N: usize> IntoIterator for ShortList<T, N> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    /// The items by value, through a `Vec` (an inline list allocates here; the hot paths
    /// read the list as a slice instead).
    fn into_iter(self) -> Self::IntoIter {
        match self {
            ShortList::Inline { len, items } => {
                items.into_iter().take(usize::from(len)).collect::<Vec<T>>().into_iter()
            }
            ShortList::Heap(heap) => heap.into_iter(),
        }
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for ShortList<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: PartialEq, const N: usize> PartialEq for ShortList<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Eq, const N: usize> Eq for ShortList<T, N> {}

impl<T: PartialEq, const N: usize, const M: usize> PartialEq<[T; M]> for ShortList<T, N> {
    fn eq(&self, other: &[T; M]) -> bool {
        **self == other[..]
    }
}

impl<T: Serialize, const N: usize> Serialize for ShortList<T, N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de, T: Deserialize<'de>, const N: usize> Deserialize<'de> for ShortList<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::deserialize(deserializer).map(ShortList::Heap)
    }
}

#[cfg(test)]
mod tests {
    use super::ShortList;

    #[test]
    fn a_list_keeps_its_order_inline_and_past_its_capacity() {
        let mut list = ShortList::<i64, 2>::default();
        list.push(4);
        list.push(7);
        assert!(matches!(list, ShortList::Inline { len: 2, .. }));
        assert_eq!(*list, [4, 7]);
        list.push(9);
        assert!(matches!(list, ShortList::Heap(_)));
        assert_eq!(*list, [4, 7, 9]);
        // It compares with an array directly, inline or not (`names == [("Margin", 3)]`).
        assert!(list == [4, 7, 9] && list != [4, 7]);
    }

    #[test]
    fn a_collected_list_is_inline_up_to_its_capacity_and_keeps_every_item_past_it() {
        for n in 0..=7_i64 {
            let list: ShortList<i64, 3> = (0..n).collect();
            assert_eq!(*list, (0..n).collect::<Vec<_>>()[..]);
            assert_eq!(matches!(list, ShortList::Inline { .. }), (1..=3).contains(&n), "{n}");
        }
    }

    #[test]
    fn a_list_serialises_and_prints_as_a_vec_does() {
        let inline: ShortList<i64, 4> = [3, -1].into_iter().collect();
        let heap: ShortList<i64, 1> = [3, -1].into_iter().collect();
        for json in [serde_json::to_string(&inline).unwrap(), serde_json::to_string(&heap).unwrap()]
        {
            assert_eq!(json, "[3,-1]");
        }
        assert_eq!(format!("{inline:?} {heap:?}"), "[3, -1] [3, -1]");
        let back: ShortList<i64, 4> = serde_json::from_str("[3,-1]").unwrap();
        assert_eq!(back, inline);
        assert_eq!(ShortList::<i64, 4>::default().len(), 0);
    }
}
