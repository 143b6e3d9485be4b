//! Tab completion logic, free of the terminal: which names fit where the cursor is. Command
//! words at the start of a line; packs after `load`; powers after `uses` and `show power`;
//! conditions after `show condition`; stat blocks after `from`; actors elsewhere.

use crate::session::{COMMAND_WORDS, NameKind};

/// The names completion offers, refreshed from the session after every command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    /// Packs `load` accepts.
    pub packs: Vec<String>,
    /// Actors in the game.
    pub actors: Vec<String>,
    /// Stat blocks.
    pub stat_blocks: Vec<String>,
    /// Powers.
    pub powers: Vec<String>,
    /// Conditions.
    pub conditions: Vec<String>,
}

impl Names {
    /// Every list, from a function that answers one [`NameKind`].
    pub fn collect(names: impl Fn(NameKind) -> Vec<String>) -> Self {
        Names {
            packs: names(NameKind::Pack),
            actors: names(NameKind::Actor),
            stat_blocks: names(NameKind::StatBlock),
            powers: names(NameKind::Power),
            conditions: names(NameKind::Condition),
        }
    }
}

/// Where the word being completed starts, and the candidates for it (sorted, deduplicated).
pub fn complete(names: &Names, line: &str, cursor: usize) -> (usize, Vec<String>) {
    let cursor = floor_boundary(line, cursor);
    let before = &line[..cursor];
    // Context keywords, the longest (most specific) match that ends latest wins.
    let contexts: [(&str, &[String]); 9] = [
        ("show power ", &names.powers),
        ("show condition ", &names.conditions),
        ("load ", &names.packs),
        (" uses ", &names.powers),
        (" from ", &names.stat_blocks),
        ("with weapon ", &[]),
        (" on ", &names.actors),
        (", ", &names.actors),
        ("show ", &names.actors),
    ];
    let mut best: Option<(usize, &[String])> = None;
    for (keyword, candidates) in contexts {
        if let Some(found) = before.rfind(keyword) {
            let start = found + keyword.len();
            if best.is_none_or(|(best_start, _)| start > best_start) {
                best = Some((start, candidates));
            }
        }
    }
    let (start, candidates): (usize, Vec<&str>) = match best {
        Some((start, list)) => (start, list.iter().map(String::as_str).collect()),
        None if !before.trim_start().contains(' ') => {
            let start = before.len() - before.trim_start().len();
            let mut words: Vec<&str> = COMMAND_WORDS.to_vec();
            words.extend(names.actors.iter().map(String::as_str));
            (start, words)
        }
        None => {
            let start = before.rfind(' ').map_or(0, |space| space + 1);
            (start, names.actors.iter().map(String::as_str).collect())
        }
    };
    let partial = before[start..].to_lowercase();
    let mut found: Vec<String> = candidates
        .into_iter()
        .filter(|candidate| candidate.to_lowercase().starts_with(&partial))
        .map(str::to_string)
        .collect();
    found.sort();
    found.dedup();
    (start, found)
}

fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        Names {
            packs: vec!["tiny".into()],
            actors: vec!["Scout".into(), "Guard".into()],
            stat_blocks: vec!["Bandit".into()],
            powers: vec!["Quick Jab".into(), "Quiet Step".into()],
            conditions: vec!["Dazed".into()],
        }
    }

    #[test]
    fn complete_command_words_at_line_start() {
        assert_eq!(complete(&names(), "ro", 2), (0, vec!["roll".to_string()]));
        assert_eq!(
            complete(&names(), "S", 1),
            (
                0,
                vec![
                    "Scout".to_string(),
                    "save".to_string(),
                    "seed".to_string(),
                    "show".to_string(),
                    "side".to_string()
                ]
            )
        );
        assert_eq!(complete(&names(), "Sc", 2), (0, vec!["Scout".to_string()]));
    }

    #[test]
    fn complete_powers_after_uses_with_spaces() {
        let line = "Scout uses Quick ";
        assert_eq!(complete(&names(), line, line.len()), (11, vec!["Quick Jab".to_string()]));
        let line = "show power qu";
        let (start, found) = complete(&names(), line, line.len());
        assert_eq!((start, found.len()), (11, 2));
    }

    #[test]
    fn complete_context_names() {
        assert_eq!(complete(&names(), "load t", 6).1, vec!["tiny"]);
        assert_eq!(complete(&names(), "show condition D", 16).1, vec!["Dazed"]);
        assert_eq!(complete(&names(), "actor G from B", 14).1, vec!["Bandit"]);
        assert_eq!(complete(&names(), "Scout uses Quick Jab on Scout, G", 32).1, vec!["Guard"]);
    }
}
