//! Parsing rule files: size limits, the pest parse, and lowering into the [`crate::model`].
//! [`parse_file`] handles one text; [`load_pack`] reads files and folders from disk,
//! follows `include` lines (each file once) and reports include cycles.

mod brackets;
mod choice;
mod conditions;
mod declarations;
mod dice;
mod error;
mod gear;
mod grammar;
mod house;
mod lines;
mod lower;
mod outcome;
mod outer;
#[cfg(test)]
mod outer_tests;
mod power_rules;
mod steps;
mod text;
mod upgrades;

use std::path::{Path, PathBuf};
use std::sync::Once;

pub use dice::validate_dice;
pub use error::{ParseError, ParseErrorKind, rule_name};
pub use grammar::Rule;

use crate::diagnostics::{Diagnostic, FileId, SourceMap, Span};
use crate::model::{Item, Pack, RuleFile};

/// The largest rule file accepted, checked before parsing.
pub const MAX_FILE_BYTES: usize = 1 << 20;

/// The bound on pest's work per parse (process-wide; pest has a single global setting).
const PARSER_CALL_LIMIT: usize = 50_000_000;

/// Sets pest's process-wide bound on parser work (idempotent). Every parser in the crate
/// (rules, dice, sessions) runs under this one bound; parsing entry points call it, and so
/// does the command line at start-up.
pub fn install_parser_limits() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| pest::set_call_limit(std::num::NonZeroUsize::new(PARSER_CALL_LIMIT)));
}

/// Parses the text of one rule file already registered in a source map as `file`.
/// Returns the lowered file and every problem found; never panics.
pub fn parse_file(file: FileId, path: &Path, text: &str) -> (RuleFile, Vec<Diagnostic>) {
    install_parser_limits();
    let mut rule_file =
        RuleFile { file, path: path.to_path_buf(), items: Vec::new(), comments: Vec::new() };
    if text.len() > MAX_FILE_BYTES {
        // No label: quoting a megabyte-long first line helps nobody; the message names the file.
        let diagnostic =
            ParseErrorKind::TooLarge { path: path.display().to_string(), bytes: text.len() }
                .at(Span::NONE)
                .to_diagnostic();
        return (rule_file, vec![diagnostic]);
    }
    let (items, comments, diagnostics) = lower::lower_file(file, text);
    rule_file.items = items;
    rule_file.comments = comments;
    (rule_file, diagnostics)
}

/// Parses several rule files already registered in a source map, each `(file, path,
/// text)`, and returns their results in the order given. With more than one file and more
/// than one core, two threads share the files, each taking the largest left until none is
/// (files differ in how much their lines cost, so a fixed split by size leaves one thread
/// waiting): the results are the same as one after the other, only sooner.
pub fn parse_files(files: &[(FileId, &Path, &str)]) -> Vec<(RuleFile, Vec<Diagnostic>)> {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    if files.len() < 2 || cores < 2 {
        return files.iter().map(|(file, path, text)| parse_file(*file, path, text)).collect();
    }
    let mut largest_first: Vec<usize> = (0..files.len()).collect();
    largest_first.sort_by_key(|&at| std::cmp::Reverse(files[at].2.len()));
    let next = std::sync::atomic::AtomicUsize::new(0);
    // Takes the next file not yet taken until none is left: (its place, its result).
    let take = || {
        let mut parsed = Vec::new();
        while let Some(&at) =
            largest_first.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
        {
            let (file, path, text) = files[at];
            parsed.push((at, parse_file(file, path, text)));
        }
        parsed
    };
    let mut parsed = std::thread::scope(|scope| {
        // The main thread's stack size: a deep line parses the same on either thread.
        let other = std::thread::Builder::new().stack_size(8 << 20).spawn_scoped(scope, take);
        let mut parsed = take();
        // No thread to be had: this one took every file.
        if let Ok(handle) = other {
            match handle.join() {
                Ok(rest) => parsed.extend(rest),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        parsed
    });
    parsed.sort_unstable_by_key(|(at, _)| *at);
    parsed.into_iter().map(|(_, result)| result).collect()
}

/// Parses `text` registered under `name` in `sources`: a convenience for tests and tools.
pub fn parse_source(
    sources: &mut SourceMap,
    name: &str,
    text: &str,
) -> (RuleFile, Vec<Diagnostic>) {
    let file = sources.add(name, text);
    parse_file(file, Path::new(name), text)
}

/// Parses `text`, a bracket expression's inside written at file offset `base` of `file`
/// (a session's `check Ana Agility vs [10 + Level]`), with the rule files' expression
/// language; the diagnostics point into `file`.
pub fn parse_expression(
    file: FileId,
    base: usize,
    text: &str,
) -> Result<crate::diagnostics::Spanned<crate::model::Expr>, Vec<Diagnostic>> {
    let mut lowerer = text::Lowerer::new(file);
    match lowerer.expression(text, base) {
        Some(expr) if lowerer.diagnostics.is_empty() => Ok(expr),
        _ => Err(lowerer.diagnostics),
    }
}

/// Every `*.rules` file under `path` (itself if it is a file), sorted for determinism.
/// Folders are walked once each; an entry that leads outside `path` through a symlink is
/// listed but not followed, and [`load_pack`] refuses it.
pub fn rule_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let root = canonical(path);
    let mut found = Vec::new();
    let mut walked = vec![root.clone()];
    let mut pending = vec![path.to_path_buf()];
    while let Some(directory) = pending.pop() {
        for entry in std::fs::read_dir(&directory)? {
            let entry = entry?.path();
            let real = canonical(&entry);
            if !real.starts_with(&root) {
                // Listed so that loading reports it as leading outside the pack.
                found.push(entry);
                continue;
            }
            if entry.is_dir() {
                if !walked.contains(&real) {
                    walked.push(real);
                    pending.push(entry);
                }
            } else if entry.extension().is_some_and(|extension| extension == "rules") {
                found.push(entry);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Loads every rule file named by `paths` (files or folders, recursing over `*.rules`) and
/// every file they include, each once. Sources are registered in `sources` for rendering.
pub fn load_pack(paths: &[PathBuf], sources: &mut SourceMap) -> (Pack, Vec<Diagnostic>) {
    let mut pack = Pack::default();
    let mut diagnostics = Vec::new();
    let mut queue: Vec<PathBuf> = Vec::new();
    // Includes stay inside the folders the pack was loaded from: loading a stranger's pack
    // must not read files elsewhere on disk.
    let mut roots: Vec<PathBuf> = Vec::new();
    for path in paths {
        match rule_files(path) {
            Ok(files) => queue.extend(files),
            Err(error) => diagnostics.push(unreadable(path, &error.to_string())),
        }
        let root =
            if path.is_dir() { path.as_path() } else { path.parent().unwrap_or(Path::new(".")) };
        let root = if root.as_os_str().is_empty() { Path::new(".") } else { root };
        roots.push(canonical(root));
    }
    let mut loaded: Vec<PathBuf> = Vec::new();
    // (including file index, include span, included path) for the cycle check.
    let mut edges: Vec<(usize, Span, PathBuf)> = Vec::new();
    let mut index = 0;
    while index < queue.len() {
        let path = queue[index].clone();
        index += 1;
        let key = canonical(&path);
        if loaded.contains(&key) {
            continue;
        }
        // A path that does not resolve is left to the read, which says it is missing.
        let resolves = path.canonicalize().is_ok();
        if resolves && !roots.iter().any(|root| key.starts_with(root)) {
            diagnostics.push(outside_pack(&path));
            continue;
        }
        let (rule_file, found) = match load_file(&path, sources) {
            Ok(loaded) => loaded,
            Err(diagnostic) => {
                diagnostics.push(diagnostic);
                continue;
            }
        };
        diagnostics.extend(found);
        for item in &rule_file.items {
            if let Item::Include(include) = item {
                let target = path.parent().unwrap_or(Path::new(".")).join(&include.node.path.node);
                if !target.is_file() {
                    diagnostics.push(
                        ParseErrorKind::MissingInclude(include.node.path.node.clone())
                            .at(include.node.path.span)
                            .to_diagnostic(),
                    );
                    continue;
                }
                let inside = roots.iter().any(|root| canonical(&target).starts_with(root));
                let is_rules = target.extension().is_some_and(|extension| extension == "rules");
                if !inside || !is_rules {
                    diagnostics.push(
                        ParseErrorKind::IncludeOutsidePack(include.node.path.node.clone())
                            .at(include.node.path.span)
                            .to_diagnostic(),
                    );
                    continue;
                }
                edges.push((loaded.len(), include.span, canonical(&target)));
                queue.push(target);
            }
        }
        loaded.push(key);
        pack.files.push(rule_file);
    }
    diagnostics.extend(include_cycles(&loaded, &edges));
    (pack, diagnostics)
}

/// Reads (within the size limit, regular files only) and parses one rule file,
/// registering it in `sources`. Text that is not UTF-8 is registered with the bad bytes
/// replaced, and the diagnostic points at the first of them.
pub fn load_file(
    path: &Path,
    sources: &mut SourceMap,
) -> Result<(RuleFile, Vec<Diagnostic>), Diagnostic> {
    let text = match crate::files::read_text(path, MAX_FILE_BYTES as u64) {
        Ok(text) => text,
        Err(crate::files::ReadError::NotUtf8 { offset, lossy }) => {
            let file = sources.add(path.display().to_string(), lossy.as_str());
            let end = lossy[offset..].chars().next().map_or(offset, |c| offset + c.len_utf8());
            return Err(Diagnostic::error(
                "rules::load::not_utf8",
                format!("`{}` is not valid UTF-8", path.display()),
            )
            .with_primary(
                Span::new(file, offset..end),
                "this byte does not start a UTF-8 character",
            )
            .with_help("save the file as UTF-8 text"));
        }
        Err(error) => return Err(unreadable(path, &error.to_string())),
    };
    let file = sources.add(path.display().to_string(), text.as_str());
    Ok(parse_file(file, path, &text))
}

/// The diagnostic for a rule file that leads outside the pack's folders (a symlink).
fn outside_pack(path: &Path) -> Diagnostic {
    Diagnostic::error(
        "rules::load::outside_pack",
        format!("`{}` leads outside the pack's folder", path.display()),
    )
    .with_help("copy the file into the pack instead of linking to it")
}

/// The diagnostic for a path that cannot be read.
pub fn unreadable(path: &Path, message: &str) -> Diagnostic {
    Diagnostic::error(
        "rules::load::unreadable",
        format!("cannot read `{}`: {message}", path.display()),
    )
    .with_help("name a readable `.rules` file, or a folder holding them")
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

/// One diagnostic per include cycle, primary at the include that closes it and secondary
/// labels at the other includes on the cycle.
fn include_cycles(files: &[PathBuf], edges: &[(usize, Span, PathBuf)]) -> Vec<Diagnostic> {
    let target_of = |path: &PathBuf| files.iter().position(|file| file == path);
    let mut diagnostics = Vec::new();
    let mut reported: Vec<Vec<usize>> = Vec::new();
    for (start, _, _) in edges {
        // Depth-first search from `start` for a path of includes back to it.
        let mut stack: Vec<(usize, Vec<usize>)> = vec![(*start, Vec::new())];
        let mut seen = vec![false; files.len()];
        while let Some((node, path)) = stack.pop() {
            for (edge_index, (from, _, to)) in edges.iter().enumerate() {
                if *from != node {
                    continue;
                }
                let Some(next) = target_of(to) else { continue };
                let mut through = path.clone();
                through.push(edge_index);
                if next == *start {
                    let mut key = through.clone();
                    key.sort_unstable();
                    if !reported.contains(&key) {
                        reported.push(key);
                        diagnostics.push(cycle_diagnostic(edges, &through));
                    }
                } else if !seen[next] {
                    seen[next] = true;
                    stack.push((next, through));
                }
            }
        }
    }
    diagnostics
}

fn cycle_diagnostic(edges: &[(usize, Span, PathBuf)], cycle: &[usize]) -> Diagnostic {
    let last = cycle.last().map_or(Span::NONE, |index| edges[*index].1);
    let mut diagnostic = ParseErrorKind::IncludeCycle.at(last).to_diagnostic();
    for index in &cycle[..cycle.len().saturating_sub(1)] {
        diagnostic = diagnostic.with_secondary(edges[*index].1, "included from here");
    }
    diagnostic
}

/// The string literals of the pest rule `rule` in `grammar` (a `.pest` file's text), in
/// order: the word lists tests hold against the tables they must agree with.
#[cfg(test)]
pub(crate) fn pest_rule_literals(grammar: &str, rule: &str) -> Vec<String> {
    let head = format!("\n{rule} = ");
    let start = grammar.find(&head).unwrap_or_else(|| panic!("the `{rule}` rule"));
    let body = &grammar[start + head.len()..];
    let open = body.find('{').expect("the rule's body");
    let mut quoted = false;
    let end = body[open..]
        .char_indices()
        .find(|(_, c)| {
            quoted ^= *c == '"';
            *c == '}' && !quoted
        })
        .map(|(at, _)| open + at)
        .expect("the end of the rule");
    body[open..end].split('"').skip(1).step_by(2).map(str::to_string).collect()
}

#[cfg(test)]
mod tests;
