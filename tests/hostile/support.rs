//! Snapshots of diagnostics and a scratch folder per case.

use std::path::{Path, PathBuf};

use mythforge::diagnostics::{Diagnostic, RenderStyle, SourceMap, render};
use mythforge::runtime::Game;
use mythforge::session::Session;

/// `code @ file:line:col +help` for one diagnostic; the file is its base name, `-` when
/// it has no location. Rendering it must not panic either.
pub fn snapshot(diagnostic: &Diagnostic, sources: &SourceMap) -> String {
    let _ = render(diagnostic, sources, RenderStyle::Plain);
    let span = diagnostic.primary_span();
    let place = match (sources.get(span.file), sources.line_col(span)) {
        (Some(file), Some(at)) => {
            let name = Path::new(&file.name)
                .file_name()
                .map_or(file.name.clone(), |n| n.to_string_lossy().into_owned());
            format!("{name}:{}:{}", at.line, at.column)
        }
        _ => "-".to_string(),
    };
    let help = if diagnostic.help.as_deref().is_some_and(|h| !h.trim().is_empty()) {
        " +help"
    } else {
        ""
    };
    format!("{} @ {place}{help}", diagnostic.code)
}

/// The first error's snapshot, or `clean` when there is no error.
pub fn first_error(diagnostics: &[Diagnostic], sources: &SourceMap) -> String {
    diagnostics
        .iter()
        .find(|d| d.is_error())
        .map_or_else(|| "clean".to_string(), |d| snapshot(d, sources))
}

/// A fresh empty folder for one case.
pub fn scratch(case: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("mythforge-hostile-{}", std::process::id())).join(case);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A session on the first built-in pack with two actors in an encounter.
pub fn playing() -> Session<Game> {
    let mut session = Session::new(Game::new(7), 7);
    let setup = "load mestezia\nactor Itzel from Itzel\nactor Enrique from Enrique\n\
                 encounter Itzel, Enrique\n";
    let run = session.run_text("setup.session", setup, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    session
}

/// The game's whole state (world, log, RNG position) as its save text.
pub fn state(session: &Session<Game>) -> String {
    session.backend().save_text().unwrap()
}

/// Runs `text` on `session`, expects it to fail, and returns the first error's snapshot
/// after checking that the state did not change.
pub fn fails_unchanged(session: &mut Session<Game>, case: &str, text: &str) -> String {
    let before = state(session);
    let run = session.run_text(&format!("{case}.session"), text, None);
    let diagnostics = run.failure.unwrap_or_else(|| panic!("case `{case}` should fail"));
    assert_eq!(state(session), before, "case `{case}` changed the state");
    first_error(&diagnostics, session.sources())
}

/// For limits that trip on whichever comes first (time, operations, size): the code of
/// the snapshot `found` must be one of `codes`.
pub fn expect_limit(case: &str, found: &str, codes: &[&str]) {
    let code = found.split(" @ ").next().unwrap_or(found);
    assert!(codes.contains(&code), "case `{case}`: {found}");
}
