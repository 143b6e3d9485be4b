//! Golden tests for session error paths: every `tests/golden/sessions/errors/*.session` is
//! run with the game backend (seed 1, no built-in packs) and the diagnostic that stops
//! it is rendered (plain style) and snapshotted with insta
//! (`snapshots/cli__session_golden__error@<file>.snap`). The first line is
//! `#! expect=error`. Every file is checked even when one fails. Bless with
//! `cargo insta review` (or `INSTA_UPDATE=always cargo test --test cli`) and review the
//! diffs.

use std::path::PathBuf;

use mythforge::diagnostics::{RenderStyle, render_all};
use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::golden::{Failures, relative};

#[test]
fn session_error_files_match_their_snapshots() {
    let mut failures = Failures::default();
    let mut files = 0;
    insta::glob!("../golden/sessions/errors", "*.session", |path| {
        files += 1;
        let path = relative(path);
        let text = std::fs::read_to_string(&path).expect("readable golden file");
        let name = path.file_name().and_then(|name| name.to_str()).expect("utf-8 name");
        let mut output = None;
        failures.check(path.display(), || {
            assert_eq!(text.lines().next(), Some("#! expect=error"), "{}", path.display());
            let mut session = Session::new(Game::new(1), 1)
                .with_packs(Vec::new(), PathBuf::from("tests/golden/sessions/errors"));
            let run = session.run_text(name, &text, None);
            let diagnostics = run.failure.unwrap_or_else(|| panic!("{name} ran without an error"));
            output = Some(render_all(&diagnostics, session.sources(), RenderStyle::Plain));
        });
        let Some(output) = output else { return };
        insta::with_settings!({
            description => format!("mythforge run {}", path.display()),
            omit_expression => true,
        }, {
            insta::assert_snapshot!("error", output);
        });
    });
    assert!(files >= 10, "expected the error corpus, found {files}");
    failures.finish();
}
