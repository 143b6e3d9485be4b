//! "Did you mean" suggestions: the closest known name by edit distance.

/// The candidate closest to `name` (case-insensitive [`edit_distance`]), if it is close
/// enough to be a plausible typo: at most a third of the longer name's length, and at least 1.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let name = name.to_lowercase();
    candidates
        .into_iter()
        .map(|c| (edit_distance(&name, &c.to_lowercase()), c))
        .filter(|(d, c)| *d <= (name.chars().count().max(c.chars().count()) / 3).max(1))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Edit distance in characters: insertions, deletions, substitutions and swaps of two
/// neighbouring characters (`Hreo` for `Hero`) each count one (optimal string alignment).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the distance table: two back (for swaps), the last and the current.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let known = ["Defense", "Damage", "Speed"];
        assert_eq!(did_you_mean("Defence", known), Some("Defense"));
        assert_eq!(did_you_mean("speed", known), Some("Speed"));
        assert_eq!(did_you_mean("Charisma", known), None);
    }

    #[test]
    fn edit_distance_counts_edits() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("Hreo", "Hero"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(did_you_mean("Hreo", ["Hero", "Brannoc"]), Some("Hero"));
    }
}
