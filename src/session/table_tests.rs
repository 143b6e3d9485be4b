//! The walk over the command table: every entry's examples parse to that command, `help`
//! shows it, completion offers its words, the parser suggests it for a typo, a session file
//! or a named test runs it, and the docs' command chapter is generated from the table.

use std::path::{Path, PathBuf};

use super::commands::{COMMANDS, WordAt, markdown, rule_for};
use super::*;
use crate::diagnostics::FileId;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The command words of every line of `text` that parses as a session command.
fn words_in_session(text: &str) -> Vec<&'static str> {
    parse_session(FileId(0), text)
        .into_iter()
        .filter_map(|entry| entry.ok().map(|located| located.command.word()))
        .collect()
}

/// Every `*.session` file under `folder`, recursively.
fn session_files(folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            session_files(&path, found);
        } else if path.extension().is_some_and(|extension| extension == "session") {
            found.push(path);
        }
    }
}

/// The file called `name` under `folder`, recursively.
fn find_file(folder: &Path, name: &str) -> Option<PathBuf> {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(folder).ok()?.flatten().map(|entry| entry.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if let Some(found) = find_file(&path, name) {
                return Some(found);
            }
        } else if path.file_name().is_some_and(|file| file == name) {
            return Some(path);
        }
    }
    None
}

/// The string literals of a Rust source, unescaped (`\n`, `\"`, `\\`, line continuations),
/// with `{NAME}` format placeholders removed.
fn string_literals(source: &str) -> Vec<String> {
    let mut literals = Vec::new();
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        let mut literal = String::new();
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => literal.push('\n'),
                    Some('\n') => {
                        while chars.peek().is_some_and(|c| c.is_whitespace()) {
                            chars.next();
                        }
                    }
                    Some(other) => literal.push(other),
                    None => {}
                },
                _ => literal.push(c),
            }
        }
        while let (Some(open), Some(close)) = (literal.find('{'), literal.find('}')) {
            let plain = open < close
                && literal[open + 1..close].chars().all(|c| c.is_ascii_uppercase() || c == '_');
            if !plain {
                break;
            }
            literal.replace_range(open..=close, "");
        }
        literals.push(literal);
    }
    literals
}

#[test]
fn every_example_parses_to_its_own_command() {
    for spec in COMMANDS {
        assert!(!spec.examples.is_empty(), "{}: no example", spec.word);
        for example in spec.examples {
            assert_eq!(words_in_session(example), [spec.word], "{}: `{example}`", spec.word);
        }
        assert_eq!(rule_for(spec.word).is_some(), spec.at == WordAt::Start, "{}", spec.word);
    }
    let mut words: Vec<&str> = COMMANDS.iter().map(|spec| spec.word).collect();
    words.sort_unstable();
    words.dedup();
    assert_eq!(words.len(), COMMANDS.len(), "a command word is in the table twice");
}

#[test]
fn help_shows_every_command_with_its_syntax_and_examples() {
    let all = help_text(None).expect("help");
    for spec in COMMANDS {
        assert!(
            all.lines().any(|line| line.starts_with(&format!("{} ", spec.word))),
            "{}",
            spec.word
        );
        let one = help_text(Some(spec.word)).expect("help on a command");
        assert!(one.starts_with(&format!("{}  {}\n", spec.word, spec.help)), "{one}");
        assert!(one.contains(&format!("written: {}", spec.syntax)), "{one}");
        for example in spec.examples {
            let first = example.lines().next().expect("an example has a line");
            assert!(one.contains(&format!("e.g. {first}")), "{one}");
        }
    }
    assert!(help_text(Some("frobnicate")).is_none());
}

#[test]
fn a_typo_of_a_command_word_suggests_it() {
    for spec in COMMANDS.iter().filter(|spec| spec.at == WordAt::Start) {
        let line = format!("{}x 1", spec.word);
        let diagnostic = parse_line(FileId(0), 0, &line).expect_err("a typo");
        assert_eq!(diagnostic.code, "session::parse::unknown_command", "{line}");
        let help = format!("did you mean `{}`?", spec.word);
        assert_eq!(diagnostic.help.as_deref(), Some(help.as_str()), "{line}");
    }
}

#[cfg(feature = "cli")]
#[test]
fn completion_offers_every_word_of_every_command_phrase() {
    use crate::repl::complete::{CompletionNames, complete};
    let names = CompletionNames { actors: vec!["Scout".into()], ..CompletionNames::default() };
    for spec in COMMANDS {
        assert_eq!(spec.completes.is_empty(), spec.at == WordAt::Definition, "{}", spec.word);
        for phrase in spec.completes {
            let words: Vec<&str> = phrase.split(' ').collect();
            assert_eq!(words[0], spec.word, "a phrase starts with its command word");
            for (index, word) in words.iter().enumerate() {
                let mut line = if spec.at == WordAt::AfterActor {
                    "Scout ".to_string()
                } else {
                    String::new()
                };
                for done in &words[..index] {
                    line.push_str(done);
                    line.push(' ');
                }
                let start = line.len();
                line.push_str(&word[..2]);
                let (at, found) = complete(&names, &line, line.len());
                assert_eq!(at, start, "`{line}`");
                assert!(
                    found.iter().any(|found| found == word),
                    "`{line}` offers {found:?}, not {word}"
                );
            }
        }
    }
}

#[test]
fn every_command_is_run_by_a_session_file_or_a_named_test() {
    let mut files = Vec::new();
    session_files(&root().join("examples"), &mut files);
    session_files(&root().join("tests"), &mut files);
    let mut used: Vec<&str> = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable session file");
        used.extend(words_in_session(&text));
    }
    for spec in COMMANDS {
        let in_sessions = used.contains(&spec.word);
        match spec.tested_in {
            None => assert!(in_sessions, "{}: no session file runs it; name a test", spec.word),
            Some(test) => {
                assert!(!in_sessions, "{}: a session file runs it; drop `tested_in`", spec.word);
                let path = find_file(&root().join("tests"), test)
                    .unwrap_or_else(|| panic!("{}: no test file {test} under tests/", spec.word));
                let source = std::fs::read_to_string(path).expect("the named test");
                let run = string_literals(&source)
                    .iter()
                    .flat_map(|literal| literal.lines().map(str::to_string).collect::<Vec<_>>())
                    .any(|line| {
                        parse_line(FileId(0), 0, &line)
                            .is_ok_and(|command| command.is_some_and(|c| c.word() == spec.word))
                    });
                assert!(run, "{}: {test} runs no `{}` line", spec.word, spec.word);
            }
        }
    }
    for word in used {
        assert!(COMMANDS.iter().any(|spec| spec.word == word), "`{word}` is not in the table");
    }
}

#[test]
fn the_docs_command_chapter_is_the_table() {
    let path = root().join("docs/src/session-commands.md");
    let text = markdown();
    if std::env::var("INSTA_UPDATE").is_ok_and(|value| value == "always") {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("docs folder");
        std::fs::write(&path, &text).expect("written");
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(written, text, "regenerate with INSTA_UPDATE=always cargo test --lib session");
    for spec in COMMANDS {
        assert!(text.contains(&format!("| `{}` |", spec.word)), "{}", spec.word);
    }
}

#[test]
fn the_guide_command_table_parses_and_names_every_command() {
    let guide = std::fs::read_to_string(root().join("docs/src/sessions.md")).expect("the guide");
    let start = guide.find("## Commands").expect("the sessions chapter has a command table");
    let table: Vec<&str> = guide[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .collect();
    let mut words = Vec::new();
    for row in table.iter().skip(2) {
        let example = row.rsplit('|').nth(1).expect("an example cell");
        for part in example.split('·') {
            let line = part.trim().trim_matches('`');
            let parsed = parse_line(FileId(0), 0, line).unwrap_or_else(|d| {
                panic!("the guide's example `{line}` does not parse: {}", d.message)
            });
            words.push(parsed.expect("a command").word());
        }
    }
    for spec in COMMANDS.iter().filter(|spec| spec.at != WordAt::Definition) {
        assert!(words.contains(&spec.word), "the guide's table has no `{}` example", spec.word);
    }
}
