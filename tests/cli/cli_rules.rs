//! `mythforge check` and `mythforge fmt` end to end: exit codes, rendered and JSON
//! diagnostics, and canonical output.

use crate::common::cli::mythforge;

fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn check_accepts_the_sample_pack_with_warnings() {
    let output = mythforge().args(["check", "tests/fixtures/sample"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    insta::assert_snapshot!("check_sample_pack", stderr_of(&output));
}

#[test]
fn check_accepts_every_procedure_shape() {
    let output = mythforge().args(["check", "tests/fixtures/procedures"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    assert!(stderr_of(&output).contains("checked 2 files: 0 errors, 0 warnings"));
}

#[test]
fn check_fails_with_a_suggestion_on_an_unknown_stat() {
    let output = mythforge()
        .args(["check", "tests/golden/rules/unknown_stat.rules"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stderr = stderr_of(&output);
    assert!(stderr.contains("unknown stat `Defence`"), "{stderr}");
    assert!(stderr.contains("did you mean `Defense`?"), "{stderr}");
    assert!(stderr.contains("unknown_stat.rules:22:21"), "{stderr}");
    assert!(stderr.contains("checked 1 file: 2 errors, 0 warnings"), "{stderr}");
}

#[test]
fn check_json_prints_one_object_per_line() {
    let output = mythforge()
        .args(["check", "--json", "tests/golden/rules/unknown_stat.rules"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let lines: Vec<serde_json::Value> =
        stdout.lines().map(|line| serde_json::from_str(line).expect("each line is JSON")).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["code"], "rules::check::unknown_stat");
    assert_eq!(lines[0]["line"], 22);
    assert_eq!(lines[0]["column"], 21);
    assert_eq!(lines[1]["help"], "did you mean `Attack`?");
}

#[test]
fn check_warnings_alone_exit_zero() {
    let output =
        mythforge().args(["check", "tests/golden/rules/narration.rules"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(0));
    assert!(stderr_of(&output).contains("narrative only"));
}

#[test]
fn check_reports_unreadable_paths() {
    let output = mythforge().args(["check", "tests/no/such/folder.rules"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_of(&output).contains("rules::load::unreadable"));
}

#[test]
fn fmt_prints_the_canonical_form() {
    let output =
        mythforge().args(["fmt", "tests/fixtures/sample/powers.rules"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    assert!(stdout.starts_with("# Copied from the rulebook: only the header line was added.\npower Berserker Charge\nCost: [Weapon + 1] CP\n"));
    assert!(stdout.contains("\nThreshold: Target's Defense\n"));
    assert!(stdout.contains("\nEffect 3: Self is Protected 2 for 1 round\n"));
}

#[test]
fn fmt_refuses_files_with_errors() {
    let output = mythforge()
        .args(["fmt", "tests/golden/rules/parse_unexpected.rules"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(stderr_of(&output).contains("neither a block header nor a notation line"));
}

#[test]
fn usage_errors_exit_two() {
    let output = mythforge().args(["check"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_folder_of_packs_checks_each_pack_on_its_own() {
    // Two packs that both declare `Strength` and `HP`: loaded as one pack they would clash
    // ("defined twice"); a folder holding only pack folders checks each on its own.
    let packs = std::env::temp_dir().join(format!("mythforge-packs-{}", std::process::id()));
    for name in ["first", "second"] {
        let folder = packs.join(name);
        std::fs::create_dir_all(&folder).unwrap();
        let system = format!("system {name}\nStats: Strength\nResource HP: max 10\n");
        std::fs::write(folder.join("system.rules"), system).unwrap();
    }
    let together = mythforge()
        .arg("check")
        .args([packs.join("first/system.rules"), packs.join("second/system.rules")])
        .output()
        .expect("runs");
    let output = mythforge().arg("check").arg(&packs).output().expect("runs");
    std::fs::remove_dir_all(&packs).unwrap();
    assert!(stderr_of(&together).contains("defined twice"), "{}", stderr_of(&together));
    let stderr = stderr_of(&output);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("checked 2 files: 0 errors"), "{stderr}");
}

#[test]
fn the_shipped_packs_check_clean() {
    let output = mythforge().args(["check", "--json", "rules"]).output().expect("runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr_of(&output));
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let codes: Vec<String> = stdout
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("JSON"))
        .map(|diagnostic| format!("{} {}", diagnostic["severity"], diagnostic["code"]))
        .collect();
    // No errors, and no warning but the three narrative lines (an omen's reading, a brazier
    // lit, a bonus against constructs where no actor is one): every ruling a pack declares
    // is read (no `rules::check::unread_ruling`), no ruling is shadowed.
    assert_eq!(codes, ["\"warning\" \"rules::check::narration\""; 3], "{stdout}");
}
