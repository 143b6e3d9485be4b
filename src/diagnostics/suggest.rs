//! "Did you mean" suggestions: the closest known name by edit distance.

/// The candidate closest to `name` (case-insensitive Levenshtein distance), if it is close
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

/// Levenshtein distance in characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
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
    }
}
