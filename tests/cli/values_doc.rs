//! The docs' "Values" chapter (docs/src/values.md) quotes what mythforge prints: its rules
//! are in examples/values.rules, which checks clean and prints canonically, and its
//! transcript excerpts are in the golden transcript of examples/values.session.

use std::path::Path;

use crate::common::golden::fenced;

#[test]
fn the_values_chapter_quotes_what_mythforge_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let chapter = std::fs::read_to_string(root.join("docs/src/values.md")).unwrap();
    let snapshot =
        root.join("tests/cli/snapshots/cli__cli_session__transcript@values.session.snap");
    let snapshot = std::fs::read_to_string(snapshot).unwrap();
    let transcript = snapshot.splitn(3, "---\n").nth(2).expect("a snapshot header");
    let rules = std::fs::read_to_string(root.join("examples/values.rules")).unwrap();
    let excerpts = fenced(&chapter, "text");
    assert!(excerpts.len() >= 4, "the chapter quotes the session");
    for excerpt in excerpts {
        assert!(transcript.contains(excerpt), "not in the golden transcript:\n{excerpt}");
    }
    let blocks = fenced(&chapter, "rules");
    assert!(blocks.len() >= 3, "the chapter quotes the rules");
    for block in blocks {
        assert!(rules.contains(block), "not in examples/values.rules:\n{block}");
    }
    // The rules check clean, and `mythforge fmt` prints them as they are written.
    let run = |arguments: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_mythforge"))
            .env("NO_COLOR", "1")
            .current_dir(root)
            .args(arguments)
            .output()
            .unwrap()
    };
    let checked = run(&["check", "examples/values.rules"]);
    let stderr = String::from_utf8(checked.stderr).unwrap();
    assert_eq!(checked.status.code(), Some(0), "{stderr}");
    assert!(stderr.ends_with("checked 1 file: 0 errors, 0 warnings\n"), "{stderr}");
    let formatted = run(&["fmt", "examples/values.rules"]);
    assert_eq!(String::from_utf8(formatted.stdout).unwrap(), rules);
}

#[test]
fn the_values_chapter_shows_the_refusal_check_gives() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let chapter = std::fs::read_to_string(root.join("docs/src/values.md")).unwrap();
    let dir = std::env::temp_dir().join(format!("mythforge-values-doc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = std::fs::read_to_string(root.join("examples/values.rules")).unwrap();
    let broken =
        rules.replace("Rounding: floor", "Rounding: floor\nDerived Guard: [1d6 + Agility]");
    let file = dir.join("broken.rules");
    std::fs::write(&file, broken).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_mythforge"))
        .env("NO_COLOR", "1")
        .current_dir(&dir)
        .args(["check", "broken.rules"])
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    let quoted = fenced(&chapter, "console");
    let expected = quoted[0].strip_prefix("$ mythforge check broken.rules\n").unwrap();
    assert_eq!(stderr, expected);
}
