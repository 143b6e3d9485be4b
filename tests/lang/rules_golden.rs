//! Golden tests for rule files: every `tests/golden/rules/*.rules` file is loaded and
//! checked, and its rendered diagnostics (plain style, width 80) are snapshotted with insta
//! (`snapshots/lang__rules_golden__check@<file>.snap`). The first line says what to expect:
//! `#! expect=error` (at least one error) or `#! expect=ok` (no errors; warnings allowed).
//! Every file is checked even when one fails. Bless with `cargo insta review` (or
//! `INSTA_UPDATE=always cargo test --test lang`) and review the diffs.

use std::path::Path;

use mythforge::diagnostics::{RenderStyle, SourceMap, render};

use crate::common::golden::{Failures, relative};

fn run(path: &Path) -> (String, bool) {
    let mut sources = SourceMap::new();
    let (pack, mut diagnostics) = mythforge::parse::load_pack(&[path.to_path_buf()], &mut sources);
    diagnostics.extend(mythforge::check::check_pack(&pack));
    mythforge::check::sort_diagnostics(&mut diagnostics);
    let rendered: Vec<String> = diagnostics
        .iter()
        .map(|diagnostic| render(diagnostic, &sources, RenderStyle::Plain))
        .collect();
    let has_error = diagnostics.iter().any(|diagnostic| diagnostic.is_error());
    (rendered.join("\n"), has_error)
}

#[test]
fn golden_rule_files_match_their_snapshots() {
    let mut failures = Failures::default();
    let mut files = 0;
    insta::glob!("../golden/rules", "*.rules", |path| {
        files += 1;
        // Loaded by its path from the crate root, as the diagnostics name it.
        let path = relative(path);
        let text = std::fs::read_to_string(&path).expect("readable golden file");
        let (output, has_error) = run(&path);
        failures.check(path.display(), || {
            let header = text.lines().next().unwrap_or_default();
            let expect_error = match header {
                "#! expect=error" => true,
                "#! expect=ok" => false,
                other => panic!(
                    "{}: first line must be `#! expect=error` or `#! expect=ok`, found `{other}`",
                    path.display()
                ),
            };
            assert_eq!(has_error, expect_error, "{}: unexpected outcome\n{output}", path.display());
        });
        insta::with_settings!({
            description => format!("mythforge check {}", path.display()),
            omit_expression => true,
        }, {
            insta::assert_snapshot!("check", output);
        });
    });
    assert!(files >= 20, "expected the golden corpus, found {files} files");
    failures.finish();
}

/// Error kinds that need generated input: a file over the size limit, an unreadable path
/// and evaluation errors (which only the engine raises), each rendered and snapshotted.
#[test]
fn generated_error_kinds_match_their_snapshots() {
    use mythforge::model::expr::{EvalErrorKind, LineContext, Reference, Scope, Value, evaluate};
    use mythforge::model::{BlockBody, Name, PowerLine};

    let mut sources = SourceMap::new();
    let big = format!("# {}\n", "x".repeat(mythforge::parse::MAX_FILE_BYTES));
    let (_, too_large) = mythforge::parse::parse_source(&mut sources, "big.rules", &big);
    let unreadable = mythforge::parse::load_pack(
        &["tests/golden/rules/no-such-file.rules".into()],
        &mut sources,
    )
    .1;

    struct Zero;
    impl Scope for Zero {
        fn lookup(&self, _: Reference<'_>, _: LineContext) -> Result<Value, EvalErrorKind> {
            Ok(Value::integer(0))
        }
        fn call(&self, _: &Name, _: &[Value]) -> Result<Value, EvalErrorKind> {
            Ok(Value::integer(0))
        }
    }
    let (file, _) = mythforge::parse::parse_source(
        &mut sources,
        "eval.rules",
        "power Split\nThreshold: [12 / Grade]\n",
    );
    let block = file.blocks().next().expect("a block");
    let BlockBody::Power(lines) = &block.node.body else { panic!("a power") };
    let PowerLine::Threshold(threshold) = &lines[0].node else { panic!("a threshold") };
    let division = evaluate(threshold, &Zero, LineContext::Threshold)
        .expect_err("division by zero")
        .to_diagnostic();

    let rendered: Vec<String> = too_large
        .iter()
        .chain(&unreadable)
        .chain(std::iter::once(&division))
        .map(|diagnostic| render(diagnostic, &sources, RenderStyle::Plain))
        .collect();
    insta::with_settings!({
        omit_expression => true,
    }, {
        insta::assert_snapshot!("generated_error_kinds", rendered.join("\n"));
    });
}
