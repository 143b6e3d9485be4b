//! Small pieces of English the messages share, so every message words them one way.

/// The indefinite article before `word`: `an` before a vowel, else `a` (`an actor block`,
/// `a power line`, `an Axe`).
pub fn article(word: &str) -> &'static str {
    if word.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

#[cfg(test)]
mod tests {
    use super::article;

    #[test]
    fn an_before_a_vowel_and_a_otherwise() {
        let words = ["actor", "armour", "upgrade", "Axe", "power", "condition", "trait", ""];
        let articles = words.map(article);
        assert_eq!(articles, ["an", "an", "an", "an", "a", "a", "a", "a"]);
    }
}
