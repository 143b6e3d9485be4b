//! Golden tests for rule files: every `tests/golden/rules/*.rules` file is loaded and
//! checked, and its rendered diagnostics (plain style, width 80) are snapshotted with insta.
//! The first line says what to expect: `#! expect=error` (at least one error) or
//! `#! expect=ok` (no errors; warnings allowed). Regenerate with
//! `INSTA_UPDATE=always cargo test --test rules_golden` and review the diffs.

use std::path::{Path, PathBuf};

use mythforge::diagnostics::{RenderStyle, SourceMap, render};

fn golden_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/golden/rules")
        .expect("golden folder exists")
        .map(|entry| entry.expect("readable entry").path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "rules"))
        .collect();
    files.sort();
    files
}

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
    let files = golden_files();
    assert!(files.len() >= 20, "expected the golden corpus, found {} files", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable golden file");
        let header = text.lines().next().unwrap_or_default();
        let expect_error = match header {
            "#! expect=error" => true,
            "#! expect=ok" => false,
            other => panic!(
                "{}: first line must be `#! expect=error` or `#! expect=ok`, found `{other}`",
                path.display()
            ),
        };
        let (output, has_error) = run(&path);
        assert_eq!(has_error, expect_error, "{}: unexpected outcome\n{output}", path.display());
        let name = path.file_stem().and_then(|stem| stem.to_str()).expect("utf-8 name").to_string();
        insta::with_settings!({
            snapshot_path => "../golden/rules/snapshots",
            prepend_module_to_snapshot => false,
            description => format!("mythforge check {}", path.display()),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(name, output);
        });
    }
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
        snapshot_path => "../golden/rules/snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("generated_error_kinds", rendered.join("\n"));
    });
}
