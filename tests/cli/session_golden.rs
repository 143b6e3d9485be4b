//! Golden tests for session error paths: every `tests/golden/sessions/errors/*.session` is
//! run with the game backend (seed 1, no built-in packs) and the diagnostic that stops
//! it is rendered (plain style) and snapshotted with insta. The first line is
//! `#! expect=error`. Regenerate with `INSTA_UPDATE=always cargo test --test session_golden`
//! and review the diffs.

use std::path::PathBuf;

use mythforge::diagnostics::{RenderStyle, render_all};
use mythforge::runtime::Game;
use mythforge::session::Session;

#[test]
fn session_error_files_match_their_snapshots() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/golden/sessions/errors")
        .expect("golden folder exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "session"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "expected the error corpus, found {}", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable golden file");
        assert_eq!(text.lines().next(), Some("#! expect=error"), "{}", path.display());
        let mut session = Session::new(Game::new(1), 1)
            .with_packs(Vec::new(), PathBuf::from("tests/golden/sessions/errors"));
        let name = path.file_name().and_then(|name| name.to_str()).expect("utf-8 name");
        let run = session.run_text(name, &text, None);
        let diagnostics = run.failure.unwrap_or_else(|| panic!("{name} ran without an error"));
        let output = render_all(&diagnostics, session.sources(), RenderStyle::Plain);
        let stem = path.file_stem().and_then(|stem| stem.to_str()).expect("utf-8 name").to_string();
        insta::with_settings!({
            snapshot_path => "../golden/sessions/errors/snapshots",
            prepend_module_to_snapshot => false,
            description => format!("mythforge run {}", path.display()),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(stem, output);
        });
    }
}
