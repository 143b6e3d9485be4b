//! The guide's snippets are run: every fenced block of `README.md` and `docs/src/**/*.md`
//! whose tag this module knows is executed, and the output it shows is compared with what
//! mythforge prints. A failure names the file and the line of the fence.
//!
//! The convention (the first word of a fence's info string is its tag; `,key=value` or
//! `,word` attributes follow, mdBook style):
//!
//! - ` ```rules ` is a rule file, checked as `mythforge check` checks it (a `house rules
//!   for NAME` file loads that pack first). It must have no error and no warning, unless
//!   the next block is ` ```diagnostics `, which lists each expected error and warning as
//!   `code: message` (and its `  help: ...` line), in order.
//! - ` ```rules,excerpt=PATH ` is quoted verbatim from PATH (from the crate root), and PATH
//!   must check without errors (with its pack, for a file of a built-in pack under
//!   `rules/`).
//! - ` ```session ` is run through the library (built-in packs, batch policies, seed 1 or
//!   its leading `seed N`) in the chapter's scratch folder. A following ` ```transcript `
//!   must be exactly what `mythforge run` prints; a run that fails must be followed (after
//!   its transcript, if any) by ` ```diagnostics `. ` ```session,continue ` goes on with the
//!   previous session of the same file, and its transcript has no header line.
//! - ` ```transcript,excerpt=PATH ` lines appear, in one piece, in the transcript of the
//!   session file PATH (from the crate root).
//! - ` ```dice ` holds one dice expression per line; each must parse and have a
//!   distribution, unless ` ```diagnostics ` follows with the expected errors.
//! - ` ```console ` holds `$ mythforge ARGS` lines, each followed by what it prints (standard
//!   output, then standard error, colour off), run in the chapter's scratch folder (a
//!   `$ cd DIR` line moves into one of its folders for the rest of the block); a `...` line
//!   stands for any number of lines.
//! - Any block with `file=PATH` (` ```rules,file=rules/duel/system.rules `, ` ```rhai,...`,
//!   ` ```session,file=fight.session `) is first written to PATH in the scratch folder, so
//!   later blocks can load or run it; a `file=` rule block in a folder is checked with the
//!   files of its folder (a pack), and a `file=` session is only written (a console block
//!   runs it).
//! - Other tags (` ```text `, ` ```rust `, ` ```sh `) are not run.
//!
//! Each file gets its own scratch folder holding a copy of `examples/`. To bless every shown
//! output after a deliberate change (a transcript, a diagnostics list, a console block
//! without `...`), run `INSTA_UPDATE=always cargo test --test cli guide` and review the diff,
//! the same switch that blesses the insta snapshots.

use std::path::{Path, PathBuf};

use mythforge::diagnostics::{Diagnostic, FileId, Severity};
use mythforge::dice::{DiceExpr, distribution};
use mythforge::runtime::Game;
use mythforge::session::{Command, DEFAULT_SEED, Located, Session, parse_session, transcript};

use crate::common::cli::run_in;

/// One fenced block: its tag, attributes, the 1-based line of its opening fence and its
/// text, with the byte range of that text in the file (for blessing).
#[derive(Clone, Debug)]
struct Block {
    tag: String,
    attributes: Vec<(String, Option<String>)>,
    line: usize,
    text: String,
    range: std::ops::Range<usize>,
}

impl Block {
    fn attribute(&self, key: &str) -> Option<&str> {
        self.attributes.iter().find(|(k, _)| k == key).and_then(|(_, value)| value.as_deref())
    }

    fn flag(&self, key: &str) -> bool {
        self.attributes.iter().any(|(k, _)| k == key)
    }
}

/// The fenced blocks of a Markdown text, in order. Fences open and close at column 0.
fn blocks(markdown: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<(String, usize, usize)> = None;
    let mut offset = 0;
    for (index, line) in markdown.split_inclusive('\n').enumerate() {
        let bare = line.trim_end_matches('\n');
        match &open {
            None => {
                if let Some(info) = bare.strip_prefix("```") {
                    open = Some((info.trim().to_string(), index + 1, offset + line.len()));
                }
            }
            Some((info, start_line, start)) => {
                if bare == "```" {
                    let mut parts = info.split(',').map(str::trim);
                    let tag = parts.next().unwrap_or_default().to_string();
                    let attributes = parts
                        .filter(|part| !part.is_empty())
                        .map(|part| match part.split_once('=') {
                            Some((key, value)) => (key.to_string(), Some(value.to_string())),
                            None => (part.to_string(), None),
                        })
                        .collect();
                    found.push(Block {
                        tag,
                        attributes,
                        line: *start_line,
                        text: markdown[*start..offset].to_string(),
                        range: *start..offset,
                    });
                    open = None;
                }
            }
        }
        offset += line.len();
    }
    found
}

/// Every Markdown file of the guide, and the README.
fn guide_files() -> Vec<PathBuf> {
    fn walk(folder: &Path, found: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(folder) else { return };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|extension| extension == "md") {
                found.push(path);
            }
        }
    }
    let root = root();
    let mut found = vec![root.join("README.md")];
    walk(&root.join("docs/src"), &mut found);
    found.sort();
    found
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A new scratch folder for one guide file, holding a copy of `examples/`.
fn scratch(name: &str) -> PathBuf {
    let folder = std::env::temp_dir()
        .join(format!("mythforge-guide-{}", std::process::id()))
        .join(name.replace(['/', '.'], "-"));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(folder.join("examples")).expect("scratch folder");
    for entry in std::fs::read_dir(root().join("examples")).expect("examples").flatten() {
        if entry.path().is_file() {
            std::fs::copy(entry.path(), folder.join("examples").join(entry.file_name()))
                .expect("copy an example");
        }
    }
    folder
}

/// `code: message` of each error and warning, in order.
fn listed(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .filter(|d| d.severity >= Severity::Warning)
        .map(|d| match &d.help {
            Some(help) => format!("{}: {}\n  help: {help}\n", d.code, d.message),
            None => format!("{}: {}\n", d.code, d.message),
        })
        .collect()
}

/// The seed `mythforge run` would start from: a leading `seed N`, else the default.
fn leading_seed(text: &str) -> u64 {
    match parse_session(FileId(0), text).into_iter().next() {
        Some(Ok(Located { command: Command::Seed(seed), .. })) => seed,
        _ => DEFAULT_SEED,
    }
}

/// A session as `mythforge run` makes one, in `folder`.
fn new_session(folder: &Path, seed: u64) -> Session<Game> {
    let mut game = Game::new(seed);
    game.set_script_limits(mythforge::script::ScriptLimits::batch());
    Session::new(game, seed).with_packs(mythforge::session::embedded::packs(), folder.to_path_buf())
}

/// Runs `text` in `session`: the transcript (with the header when `header`) and the
/// diagnostics of a failure.
fn play(
    session: &mut Session<Game>,
    name: &str,
    text: &str,
    header: Option<u64>,
) -> (String, Option<Vec<Diagnostic>>) {
    let run = session.run_text(name, text, None);
    let mut shown = header.map(transcript::header).unwrap_or_default();
    for step in &run.steps {
        shown.push_str(&transcript::step_text(step));
    }
    (shown, run.failure)
}

/// Does `shown` (with `...` lines standing for any run of lines) match `actual`?
fn matches_with_gaps(shown: &[&str], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((&"...", rest)) => {
            (0..=actual.len()).any(|skip| matches_with_gaps(rest, &actual[skip..]))
        }
        Some((line, rest)) => {
            actual.first().is_some_and(|first| first == line)
                && matches_with_gaps(rest, &actual[1..])
        }
    }
}

/// Splits a console command line into words: spaces separate, single or double quotes
/// group.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut started = false;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                started = true;
            }
            None if c == ' ' => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            None => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Checks rule files or folders as `mythforge check` does.
fn check(paths: &[PathBuf]) -> Vec<Diagnostic> {
    mythforge::cli::check_paths(paths).0
}

/// What one guide file's run found: failures, and the new texts of blocks to bless.
struct Walk {
    file: String,
    failures: Vec<String>,
    /// Shown outputs that differ from what was printed (blessing fixes these).
    differences: Vec<String>,
    blessings: Vec<(std::ops::Range<usize>, String)>,
}

impl Walk {
    fn fail(&mut self, block: &Block, message: impl std::fmt::Display) {
        self.failures.push(format!("{}:{}: ```{}: {message}", self.file, block.line, block.tag));
    }

    /// Compares a shown block with what was printed; records a blessing either way.
    fn compare(&mut self, block: &Block, actual: &str, what: &str) {
        if block.text != actual {
            self.differences.push(format!(
                "{}:{}: ```{}: {what} differs\n--- shown\n{}--- printed\n{actual}",
                self.file, block.line, block.tag, block.text
            ));
        }
        self.blessings.push((block.range.clone(), actual.to_string()));
    }

    /// The expected-diagnostics block after `index`, compared with `found` (a missing
    /// block means none were expected). Returns whether it consumed a block.
    fn diagnostics(&mut self, blocks: &[Block], index: usize, found: &[Diagnostic]) -> bool {
        let actual = listed(found);
        match blocks.get(index + 1).filter(|next| next.tag == "diagnostics") {
            Some(next) => {
                self.compare(next, &actual, "the diagnostics");
                true
            }
            None => {
                if !actual.is_empty() {
                    self.fail(&blocks[index], format!("unexpected diagnostics:\n{actual}"));
                }
                false
            }
        }
    }
}

/// Runs every snippet of one guide file.
fn walk(path: &Path) -> Walk {
    let markdown = std::fs::read_to_string(path).expect("a readable guide file");
    let file = path.strip_prefix(root()).unwrap_or(path).display().to_string();
    let folder = scratch(&file);
    let blocks = blocks(&markdown);
    let mut walk = Walk {
        file: file.clone(),
        failures: Vec::new(),
        differences: Vec::new(),
        blessings: Vec::new(),
    };
    let mut session: Option<Session<Game>> = None;
    let mut index = 0;
    while index < blocks.len() {
        let block = &blocks[index];
        if let Some(target) = block.attribute("file") {
            let written = folder.join(target);
            std::fs::create_dir_all(written.parent().expect("a folder")).expect("scratch");
            std::fs::write(&written, &block.text).expect("write a snippet file");
        }
        match block.tag.as_str() {
            "rules" => {
                let found = if let Some(quoted) = block.attribute("excerpt") {
                    let text = std::fs::read_to_string(root().join(quoted)).unwrap_or_default();
                    if !text.contains(&block.text) {
                        walk.fail(block, format!("not quoted verbatim from {quoted}"));
                    }
                    // A file of a pack folder is checked with its pack.
                    let checked = root().join(quoted);
                    let mut found = match checked.parent().filter(|_| quoted.starts_with("rules/"))
                    {
                        Some(pack) => check(&[pack.to_path_buf()]),
                        None => check(&[checked]),
                    };
                    // The quoted file's own warnings are its business, not the guide's.
                    found.retain(Diagnostic::is_error);
                    found
                } else if let Some(target) = block.attribute("file") {
                    // A file in a folder is checked with its folder (a pack); one at the top
                    // of the scratch folder alone.
                    let written = folder.join(target);
                    let parent = written.parent().expect("a folder");
                    check(&[if parent == folder { written.clone() } else { parent.to_path_buf() }])
                } else {
                    let written = folder.join(format!("snippet-{}.rules", block.line));
                    std::fs::write(&written, &block.text).expect("write a snippet");
                    check(&[written])
                };
                if walk.diagnostics(&blocks, index, &found) {
                    index += 1;
                }
            }
            "session" if block.attribute("file").is_some() => {}
            "session" => {
                let name = format!("{file}:{}", block.line);
                let (shown, failure) = match (&mut session, block.flag("continue")) {
                    (Some(going), true) => play(going, &name, &block.text, None),
                    (None, true) => {
                        walk.fail(block, "`continue` with no session before it");
                        (String::new(), None)
                    }
                    (_, false) => {
                        let seed = leading_seed(&block.text);
                        let started = session.insert(new_session(&folder, seed));
                        play(started, &name, &block.text, Some(seed))
                    }
                };
                match blocks.get(index + 1).filter(|next| next.tag == "transcript") {
                    Some(next) if next.attribute("excerpt").is_none() => {
                        walk.compare(next, &shown, "the transcript");
                        index += 1;
                    }
                    _ => {}
                }
                if walk.diagnostics(&blocks, index, failure.as_deref().unwrap_or_default()) {
                    index += 1;
                }
                if failure.is_some_and(|found| listed(&found).is_empty()) {
                    walk.fail(block, "the session failed with no error listed");
                }
            }
            "transcript" => match block.attribute("excerpt") {
                Some(quoted) => {
                    let text = std::fs::read_to_string(root().join(quoted)).unwrap_or_default();
                    let seed = leading_seed(&text);
                    let (shown, failure) =
                        play(&mut new_session(&folder, seed), quoted, &text, Some(seed));
                    if failure.is_some() {
                        walk.fail(block, format!("{quoted} fails"));
                    }
                    if !shown.contains(&block.text) {
                        walk.fail(block, format!("not in the transcript of {quoted}:\n{shown}"));
                    }
                }
                None => walk.fail(block, "a transcript follows no session"),
            },
            "dice" => {
                let mut found = Vec::new();
                for expression in block.text.lines().filter(|line| !line.trim().is_empty()) {
                    let checked = DiceExpr::parse(expression.trim())
                        .and_then(|parsed| distribution(&parsed).map(|_| ()));
                    if let Err(error) = checked {
                        found.push(error.to_diagnostic(FileId(0), 0));
                    }
                }
                if walk.diagnostics(&blocks, index, &found) {
                    index += 1;
                }
            }
            "console" => console(&mut walk, block, &folder),
            "diagnostics" => walk.fail(block, "diagnostics follow no rules, session or dice"),
            _ => {}
        }
        index += 1;
    }
    let _ = std::fs::remove_dir_all(&folder);
    walk
}

/// Runs a console block's commands in `folder` and compares what each prints.
fn console(walk: &mut Walk, block: &Block, folder: &Path) {
    let mut runs: Vec<(String, Vec<&str>)> = Vec::new();
    for line in block.text.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => runs.push((command.to_string(), Vec::new())),
            None => match runs.last_mut() {
                Some((_, shown)) => shown.push(line),
                None => return walk.fail(block, "a console block starts with `$ mythforge`"),
            },
        }
    }
    let mut printed = String::new();
    let mut elided = false;
    let mut here = folder.to_path_buf();
    for (command, shown) in runs {
        let args = words(&command);
        if let [cd, to] = args.as_slice()
            && cd == "cd"
        {
            here = here.join(to);
            printed.push_str(&format!("$ {command}\n"));
            continue;
        }
        if args.first().map(String::as_str) != Some("mythforge") {
            walk.fail(block, format!("`{command}` is not a mythforge command"));
            continue;
        }
        let args: Vec<&str> = args[1..].iter().map(String::as_str).collect();
        let (_, stdout, stderr) = run_in(&here, &args, "");
        let output = format!("{stdout}{stderr}");
        let actual: Vec<&str> = output.lines().collect();
        let gaps = shown.contains(&"...");
        if !matches_with_gaps(&shown, &actual) {
            let message = format!(
                "{}:{}: ```console: `{command}` prints\n{output}--- not what is shown\n{}",
                walk.file,
                block.line,
                shown.join("\n")
            );
            // Blessing rewrites a block without gaps; one with gaps is fixed by hand.
            if gaps { walk.failures.push(message) } else { walk.differences.push(message) }
        }
        elided |= gaps;
        printed.push_str(&format!("$ {command}\n{output}"));
    }
    if !elided {
        walk.blessings.push((block.range.clone(), printed));
    }
}

#[test]
fn every_snippet_of_the_guide_runs_and_shows_what_it_prints() {
    let bless = std::env::var("INSTA_UPDATE").is_ok_and(|value| value == "always");
    let mut failures = Vec::new();
    let mut snippets = 0;
    for path in guide_files() {
        let markdown = std::fs::read_to_string(&path).expect("readable");
        snippets += blocks(&markdown).len();
        let mut walked = walk(&path);
        if bless && !walked.blessings.is_empty() {
            let mut text = markdown.clone();
            walked.blessings.sort_by_key(|(range, _)| std::cmp::Reverse(range.start));
            for (range, new) in walked.blessings {
                text.replace_range(range, &new);
            }
            if text != markdown {
                std::fs::write(&path, text).expect("bless a guide file");
            }
        } else {
            failures.append(&mut walked.differences);
        }
        failures.append(&mut walked.failures);
    }
    assert!(
        failures.is_empty(),
        "{} snippets failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    assert!(snippets > 50, "the guide has {snippets} fenced blocks");
}

#[test]
fn the_convention_reads_fences_attributes_and_gaps() {
    let markdown = "text\n```rules,file=a/b.rules,continue\npower P\n```\n\n```text\nx\n```\n";
    let found = blocks(markdown);
    assert_eq!(found.len(), 2);
    assert_eq!((found[0].tag.as_str(), found[0].line), ("rules", 2));
    assert_eq!(found[0].attribute("file"), Some("a/b.rules"));
    assert!(found[0].flag("continue"));
    assert_eq!(found[0].text, "power P\n");
    assert_eq!(&markdown[found[1].range.clone()], "x\n");
    assert!(matches_with_gaps(&["a", "...", "d"], &["a", "b", "c", "d"]));
    assert!(matches_with_gaps(&["..."], &[]));
    assert!(!matches_with_gaps(&["a", "...", "d"], &["a", "b", "c"]));
    assert!(!matches_with_gaps(&["a"], &["a", "b"]));
    assert_eq!(
        words(r#"mythforge dist "{3d10+3}cs>=9" 2d6"#),
        ["mythforge", "dist", "{3d10+3}cs>=9", "2d6"]
    );
}

#[test]
fn ci_runs_the_readme_test_command() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README");
    let command = readme
        .lines()
        .find_map(|line| line.strip_suffix("# every test"))
        .map(str::trim)
        .expect("the README names its test command");
    let ci = std::fs::read_to_string(root().join(".ci/run")).expect(".ci/run");
    let last = ci.lines().rev().find(|line| !line.trim().is_empty()).unwrap_or_default();
    assert_eq!(last.trim(), command, ".ci/run ends with the README's test command");
}
