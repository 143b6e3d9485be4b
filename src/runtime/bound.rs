//! The names a check binds for a power's Result lines (`Margin`, `Success Number`, ...),
//! held inline: a check binds at most four, and a Result line adds `Spent`, so grading a
//! target and reading its names allocates nothing.

use std::fmt;
use std::ops::Deref;

/// How many names are bound at most: the four a check binds (`Margin`, `Success Number`,
/// `Successes`, `Natural`) and the `Spent` of a power's Result lines.
const CAPACITY: usize = 5;

/// The `(name, value)` pairs a check bound for one target, in binding order. It reads,
/// compares and prints as a slice of pairs (`names[0]`, `names == [("Margin", 3)]`).
#[derive(Clone, Copy, Default)]
pub struct BoundNames {
    len: usize,
    items: [(&'static str, i64); CAPACITY],
}

impl BoundNames {
    /// Binds a `(name, value)` pair after the names already bound. At most five names are ever
    /// bound (the capacity); a name beyond it is not kept.
    pub fn push(&mut self, pair: (&'static str, i64)) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = pair;
            self.len += 1;
        }
    }
}

impl Deref for BoundNames {
    type Target = [(&'static str, i64)];

    fn deref(&self) -> &Self::Target {
        &self.items[..self.len]
    }
}

impl fmt::Debug for BoundNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for BoundNames {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for BoundNames {}

impl<const N: usize> PartialEq<[(&'static str, i64); N]> for BoundNames {
    fn eq(&self, other: &[(&'static str, i64); N]) -> bool {
        **self == other[..]
    }
}

#[cfg(test)]
mod tests {
    use super::BoundNames;

    #[test]
    fn names_keep_their_order_and_read_as_a_slice() {
        let mut names = BoundNames::default();
        names.push(("Margin", 3));
        names.push(("Success Number", 11));
        assert_eq!(names, [("Margin", 3), ("Success Number", 11)]);
        assert_eq!(names[1], ("Success Number", 11));
        assert_eq!(format!("{names:?}"), r#"[("Margin", 3), ("Success Number", 11)]"#);
    }

    #[test]
    fn a_name_beyond_the_capacity_is_not_kept() {
        let mut names = BoundNames::default();
        for value in 0..7 {
            names.push(("Margin", value));
        }
        assert_eq!(names.len(), 5);
        assert_eq!(names.last(), Some(&("Margin", 4)));
    }
}
