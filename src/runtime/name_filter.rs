//! A set of names summarised in 64 bits, built once at load, so a read can tell at once that
//! a name is not among a pack's declared names (a derived value, say) without scanning them.

/// Names as bits: each name sets the bit picked by its length and folded first byte. A name
/// whose bit is clear is certainly not in the set (under case-insensitive comparison); a set
/// bit only says it may be, and the caller searches as before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct NameFilter(u64);

impl NameFilter {
    /// The filter of `names`.
    pub fn of<'a>(names: impl IntoIterator<Item = &'a str>) -> NameFilter {
        NameFilter(names.into_iter().fold(0, |bits, name| bits | bit(name)))
    }

    /// False when no name in the set equals `name` ignoring ASCII case.
    #[inline]
    pub fn may_hold(self, name: &str) -> bool {
        self.0 & bit(name) != 0
    }
}

/// The bit of `name`: the same for every spelling that `eq_ignore_ascii_case` equates, since
/// those have the same length and the same first byte once folded.
#[inline]
fn bit(name: &str) -> u64 {
    let first = name.as_bytes().first().map_or(0, u8::to_ascii_lowercase);
    let slot = name.len().wrapping_mul(7) ^ usize::from(first);
    1 << (slot % 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_filter_holds_its_names_in_any_case_and_rejects_most_others() {
        let filter = NameFilter::of(["Jolt", "Max Speed"]);
        for name in ["Jolt", "jOLT", "Max Speed", "MAX SPEED"] {
            assert!(filter.may_hold(name), "{name}");
        }
        for name in ["Speed", "Attack", "Defense", "Strength", "Jolts", "Kolt", ""] {
            assert!(!filter.may_hold(name), "{name}");
        }
        assert!(!NameFilter::default().may_hold("Jolt"));
    }
}
