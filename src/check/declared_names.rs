//! Declared names every line can read: a stat, resource or derived value whose name holds a
//! lower-case reserved word (`Health per Stamina`: `per` ends a name) or a word ending in
//! `'s` (`Undine's Charges`: a possessive, Undine's `Charges`) would check clean where it is
//! declared and then read as something else (or not at all) in brackets, `Modifiers:` and
//! effect lines, so the declaration is refused with the bare spelling to use. So is a
//! resource named like an actor's `Level:` or `Tier:` value that an actor block gives:
//! `[Level]` reads the actor's value, never the resource.

use super::error::CheckErrorKind;
use crate::diagnostics::Diagnostic;
use crate::link::Symbols;
use crate::model::{ActorLine, BlockBody, Name, Pack};

/// Refuses each resource named `Level` or `Tier` in a pack whose actor blocks give that
/// value (`Level: 3`): bracket reads take the actor's value first.
pub fn shadowed_resources(pack: &Pack, symbols: &Symbols, out: &mut Vec<Diagnostic>) {
    for resource in &symbols.resources {
        let given = pack.blocks().find_map(|block| {
            let BlockBody::Actor(lines) = &block.node.body else { return None };
            lines.iter().find(|line| match &line.node {
                ActorLine::Level(_) => resource.name.eq_ignore_ascii_case("Level"),
                ActorLine::Tier(_) => resource.name.eq_ignore_ascii_case("Tier"),
                _ => false,
            })
        });
        let Some(line) = given else { continue };
        let word = if matches!(line.node, ActorLine::Level(_)) { "Level" } else { "Tier" };
        out.push(
            Diagnostic::error(
                "rules::check::resource_shadowed",
                format!(
                    "the resource `{}` is named like an actor's `{word}:` line, which `[{word}]` \
                     reads first: no bracket would read the resource",
                    resource.name
                ),
            )
            .with_primary(resource.span, "shadowed by the actor's value")
            .with_secondary(line.span, "an actor block gives its own")
            .with_help(format!(
                "name the resource for what it counts (`Resource Rank`), or drop the actors' \
                 `{word}:` lines"
            )),
        );
    }
}

/// Refuses each declared stat, resource and derived value whose name is not bare words.
pub fn declared_names(symbols: &Symbols, out: &mut Vec<Diagnostic>) {
    let lists = [&symbols.stats, &symbols.resources, &symbols.derived];
    for declared in lists.into_iter().flatten() {
        if Name::new(&declared.name).is_bare() {
            continue;
        }
        let (word, help) = match unreadable_word(&declared.name) {
            Some(Unreadable::Reserved(word)) => (
                word.to_string(),
                format!(
                    "a lower-case `{word}` ends a name wherever it is read; capitalise it: `{}`",
                    respell(&declared.name)
                ),
            ),
            Some(Unreadable::Possessive(word)) => (
                word.to_string(),
                format!(
                    "`{word} X` reads as {}'s value X; name it without the `'s`: `{}`",
                    word.trim_end_matches("'s").trim_end_matches('\''),
                    respell(&declared.name)
                ),
            ),
            Some(Unreadable::Other(word)) => (
                word.to_string(),
                "a name is words of letters, digits, `_`, `-` and inner apostrophes, each \
                 starting with a letter"
                    .to_string(),
            ),
            None => continue,
        };
        // The caret under the word, when the span is the name as written.
        let span = match declared.name.find(word.as_str()) {
            Some(offset) if declared.span.len() == declared.name.len() => {
                declared.span.sub(offset, word.len())
            }
            _ => declared.span,
        };
        let kind = CheckErrorKind::UnreadableName { name: declared.name.clone(), word };
        out.push(kind.at(span).to_diagnostic().with_help(help));
    }
}

/// Why a word of a declared name does not read back as part of it.
enum Unreadable<'a> {
    /// `per`, `of`, `and`, ...: a reserved word.
    Reserved(&'a str),
    /// `Undine's`: a possessive.
    Possessive(&'a str),
    /// `2nd`: not a word at all.
    Other(&'a str),
}

/// The first word of `name` that does not read back as part of a name.
fn unreadable_word(name: &str) -> Option<Unreadable<'_>> {
    name.split(' ').find_map(|word| {
        if Name::new(word).is_bare() {
            None
        } else if word.ends_with("'s") || word.ends_with('\'') {
            Some(Unreadable::Possessive(word))
        } else if Name::new(&capitalised(word)).is_bare() {
            Some(Unreadable::Reserved(word))
        } else {
            Some(Unreadable::Other(word))
        }
    })
}

/// `name` spelt so it reads back: reserved words capitalised, possessive `'s` dropped.
fn respell(name: &str) -> String {
    let words = name.split(' ').map(|word| {
        let stem = word.trim_end_matches("'s").trim_end_matches('\'');
        if Name::new(stem).is_bare() { stem.to_string() } else { capitalised(stem) }
    });
    words.collect::<Vec<_>>().join(" ")
}

/// `word` with its first letter upper-case.
fn capitalised(word: &str) -> String {
    let mut characters = word.chars();
    characters
        .next()
        .map(|first| first.to_uppercase().chain(characters).collect())
        .unwrap_or_default()
}
