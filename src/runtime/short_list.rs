//! A list kept on the stack while it is short: a per-use list of a few items (a cost's
//! amounts) costs no allocation, and only a long one moves to the heap.

use std::ops::Deref;

/// Up to `N` items inline, more on the heap; reads as a slice.
#[derive(Clone, Debug)]
pub(crate) enum ShortList<T, const N: usize> {
    /// The first `len` of `items` are the list.
    Inline { len: usize, items: [T; N] },
    /// The list outgrew `N`.
    Heap(Vec<T>),
}

impl<T: Copy + Default, const N: usize> Default for ShortList<T, N> {
    fn default() -> Self {
        ShortList::Inline { len: 0, items: [T::default(); N] }
    }
}

impl<T: Copy + Default, const N: usize> ShortList<T, N> {
    /// Appends `item`, moving the list to the heap when it outgrows `N`.
    pub(crate) fn push(&mut self, item: T) {
        match self {
            ShortList::Inline { len, items } if *len < N => {
                items[*len] = item;
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

impl<T, const N: usize> Deref for ShortList<T, N> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        match self {
            ShortList::Inline { len, items } => &items[..*len],
            ShortList::Heap(heap) => heap,
        }
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
    }
}
