//! Tab completion logic, free of the terminal: which names fit where the cursor is. Command
//! phrases from the session's command table word by word (`end` then `encounter`, an
//! actor's name then `uses` or `adopts`); packs after `load`; powers after `uses` and `show
//! power`; conditions after `show condition`; stances after `adopts`; weapons after `with
//! weapon`; after `grant KIND` and `revoke KIND` the pack's blocks of that kind (every kind
//! the GM grants, from the block kind table); stat blocks after `from`; actors elsewhere.

use crate::model::BlockKind;
use crate::session::{COMMANDS, CompletionKind, WordAt};

/// The names completion offers, refreshed from the session after every command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompletionNames {
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
    /// The block names each word of `grant KIND` / `revoke KIND` completes, by the word:
    /// every spelling of every kind the GM grants but `power` (whose names are `powers`),
    /// each with the pack's blocks of that kind, every trait kind's for `trait` (the command
    /// takes any). Stances (`adopts`) and weapons (`with weapon`) are read from here too.
    pub granted: Vec<(&'static str, Vec<String>)>,
}

impl CompletionNames {
    /// Every list, from a function that answers one [`CompletionKind`].
    pub fn collect(names: impl Fn(CompletionKind) -> Vec<String>) -> Self {
        CompletionNames {
            packs: names(CompletionKind::Pack),
            actors: names(CompletionKind::Actor),
            stat_blocks: names(CompletionKind::StatBlock),
            powers: names(CompletionKind::Power),
            conditions: names(CompletionKind::Condition),
            granted: granted(&names),
        }
    }

    /// The names `grant WORD ` completes (none for a word not collected).
    fn granted(&self, word: &str) -> &[String] {
        self.granted.iter().find(|(of, _)| *of == word).map_or(&[], |(_, names)| names.as_slice())
    }
}

/// [`CompletionNames::granted`], from the block kind table.
fn granted(names: &impl Fn(CompletionKind) -> Vec<String>) -> Vec<(&'static str, Vec<String>)> {
    use crate::runtime::Grantable;
    let blocks = |kind| names(CompletionKind::Blocks(kind));
    BlockKind::all_words()
        .filter_map(|word| {
            let found = match Grantable::parse(word)? {
                Grantable::Power => return None,
                Grantable::Trait(None) => BlockKind::all_words()
                    .filter_map(BlockKind::parse)
                    .filter(|kind| matches!(kind, BlockKind::Trait(_)))
                    .flat_map(blocks)
                    .collect(),
                _ => blocks(BlockKind::parse(word)?),
            };
            Some((word, found))
        })
        .collect()
}

/// Where the word being completed starts, and the candidates for it (sorted, deduplicated).
pub fn complete(names: &CompletionNames, line: &str, cursor: usize) -> (usize, Vec<String>) {
    let cursor = floor_boundary(line, cursor);
    let before = &line[..cursor];
    // `from` names a stat block after `actor`, an actor after `remove` and `revoke`.
    let gm = ["remove ", "revoke "].iter().any(|word| before.trim_start().starts_with(word));
    let from = if gm { &names.actors } else { &names.stat_blocks };
    // Context keywords, the longest (most specific) match that ends latest wins.
    let stances = names.granted("stance");
    let mut contexts: Vec<(String, &[String])> = [
        ("show power ", names.powers.as_slice()),
        ("show condition ", &names.conditions),
        ("load ", &names.packs),
        (" uses ", &names.powers),
        (" adopts ", stances),
        (" from ", from),
        ("with weapon ", names.granted("weapon")),
        (" on ", &names.actors),
        (", ", &names.actors),
        ("show ", &names.actors),
        ("apply ", &names.conditions),
        ("remove ", &names.conditions),
        ("grant power ", &names.powers),
        ("revoke power ", &names.powers),
        (" to ", &names.actors),
        ("set ", &names.actors),
    ]
    .into_iter()
    .map(|(keyword, candidates)| (keyword.to_string(), candidates))
    .collect();
    // `grant KIND ` and `revoke KIND ` for every spelling of every kind the GM grants.
    for (word, granted) in &names.granted {
        for verb in ["grant", "revoke"] {
            contexts.push((format!("{verb} {word} "), granted));
        }
    }
    let mut best: Option<(usize, &[String])> = None;
    for (keyword, candidates) in &contexts {
        if let Some(found) = before.rfind(keyword.as_str()) {
            let start = found + keyword.len();
            if best.is_none_or(|(best_start, _)| start > best_start) {
                best = Some((start, candidates));
            }
        }
    }
    // The word under the cursor: command phrases continue there, and a line may start with
    // an actor's name.
    let word_start = before.rfind(' ').map_or(0, |space| space + 1);
    let word_start = word_start.max(before.len() - before.trim_start().len());
    let (start, mut candidates): (usize, Vec<&str>) = match best {
        Some((start, list)) => (start, list.iter().map(String::as_str).collect()),
        None => (word_start, names.actors.iter().map(String::as_str).collect()),
    };
    if start == word_start {
        candidates.extend(command_words(names, &before[..start]));
    }
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

/// The next word of every command phrase that `typed` (the complete words before the one
/// being completed) begins: at the start of a line the phrases of commands that start a
/// line, after an actor's name those that follow an actor (`uses`, `adopts`).
fn command_words<'a>(names: &CompletionNames, typed: &str) -> Vec<&'a str> {
    let typed = typed.trim();
    let mut words = Vec::new();
    for spec in COMMANDS {
        let rest = match spec.at {
            WordAt::Start => Some(typed),
            WordAt::AfterActor => after_actor(names, typed),
            WordAt::Definition => None,
        };
        let Some(rest) = rest else { continue };
        let done: Vec<&str> = rest.split_whitespace().collect();
        for phrase in spec.completes {
            let phrase: Vec<&'static str> = phrase.split(' ').collect();
            let matches = phrase.len() > done.len()
                && done.iter().zip(&phrase).all(|(a, b)| a.eq_ignore_ascii_case(b));
            if matches {
                words.push(phrase[done.len()]);
            }
        }
    }
    words
}

/// What follows an actor's name (bare or quoted) at the start of `typed`, if it starts
/// with one.
fn after_actor<'t>(names: &CompletionNames, typed: &'t str) -> Option<&'t str> {
    names.actors.iter().find_map(|actor| {
        let quoted = format!("\"{actor}\"");
        [actor.as_str(), quoted.as_str()].into_iter().find_map(|written| {
            let rest = typed.strip_prefix(written)?;
            (rest.is_empty() || rest.starts_with(' ')).then_some(rest)
        })
    })
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
    use crate::model::TraitKind;

    fn names() -> CompletionNames {
        CompletionNames {
            packs: vec!["tiny".into()],
            actors: vec!["Scout".into(), "Guard".into()],
            stat_blocks: vec!["Bandit".into()],
            powers: vec!["Quick Jab".into(), "Quiet Step".into()],
            conditions: vec!["Dazed".into()],
            granted: granted(&|kind| match kind {
                CompletionKind::Blocks(BlockKind::Trait(TraitKind::Stance)) => {
                    vec!["Guard Up".into(), "Jaguar".into()]
                }
                CompletionKind::Blocks(BlockKind::Weapon) => {
                    vec!["Maquahuitl".into(), "Sling".into()]
                }
                CompletionKind::Blocks(BlockKind::Trait(TraitKind::Feat)) => vec!["Lucky".into()],
                CompletionKind::Blocks(BlockKind::Armour) => vec!["Mail".into()],
                _ => Vec::new(),
            }),
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
                    "set".to_string(),
                    "settle".to_string(),
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

    #[test]
    fn complete_the_words_of_command_phrases() {
        assert_eq!(complete(&names(), "end e", 5), (4, vec!["encounter".to_string()]));
        let after_actor = complete(&names(), "Scout ad", 8);
        assert_eq!(after_actor, (6, vec!["adds".to_string(), "adopts".to_string()]));
        assert_eq!(complete(&names(), "Scout te", 8), (6, vec!["tests".to_string()]));
        assert_eq!(complete(&names(), "\"Scout\" u", 10), (8, vec!["uses".to_string()]));
        assert_eq!(complete(&names(), "show s", 6).1, vec!["Scout", "state"]);
        assert_eq!(complete(&names(), "apply D", 7).1, vec!["Dazed"]);
        assert_eq!(complete(&names(), "apply Dazed to S", 16).1, vec!["Scout"]);
        assert_eq!(complete(&names(), "remove Dazed from G", 19).1, vec!["Guard"]);
        assert_eq!(complete(&names(), "grant power Qui", 15).1, vec!["Quick Jab", "Quiet Step"]);
        // Not after a name that is no actor.
        assert_eq!(complete(&names(), "Nobody ad", 9).1, Vec::<String>::new());
    }

    #[test]
    fn complete_stances_after_adopts_and_weapons_after_with_weapon() {
        assert_eq!(complete(&names(), "Scout adopts J", 14), (13, vec!["Jaguar".to_string()]));
        let all = complete(&names(), "Scout adopts ", 13).1;
        assert_eq!(all, vec!["Guard Up", "Jaguar"]);
        let line = "Scout uses Quick Jab on Guard with weapon m";
        assert_eq!(
            complete(&names(), line, line.len()),
            (line.len() - 1, vec!["Maquahuitl".to_string()])
        );
        assert_eq!(complete(&names(), "grant weapon S", 14).1, vec!["Sling"]);
        assert_eq!(complete(&names(), "revoke stance Guard Up from S", 29).1, vec!["Scout"]);
    }

    #[test]
    fn complete_every_kind_the_gm_grants_after_grant_and_revoke() {
        assert_eq!(complete(&names(), "grant feat L", 12).1, vec!["Lucky"]);
        assert_eq!(complete(&names(), "revoke armour M", 15).1, vec!["Mail"]);
        // Another spelling of a kind, from the block kind table.
        assert_eq!(complete(&names(), "grant armor M", 13).1, vec!["Mail"]);
        // A kind with no blocks offers nothing (not actors).
        assert_eq!(complete(&names(), "grant item ", 11).1, Vec::<String>::new());
        // `trait` takes any trait kind, so it offers them all.
        assert_eq!(complete(&names(), "grant trait ", 12).1, vec!["Guard Up", "Jaguar", "Lucky"]);
    }
}
