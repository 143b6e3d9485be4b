//! Memory bounds: the worst entries of the hostile corpus, run by the real binary under a
//! 1 GiB address-space limit (`ulimit -v`). Each must end with its diagnostic and exit code
//! 1 — an allocation past the limit would abort the process instead (exit 134 or a signal).

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The address space the binary may map, in KiB.
const LIMIT_KIB: u64 = 1 << 20;

fn scratch(case: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("mythforge-memory-{}", std::process::id())).join(case);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `mythforge ARGS` in `dir` under the limit; returns (exit code, stderr).
fn limited(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let binary = env!("CARGO_BIN_EXE_mythforge");
    let mut script = format!("ulimit -v {LIMIT_KIB} && exec '{binary}'");
    for arg in args {
        script.push_str(&format!(" '{arg}'"));
    }
    let output = Command::new("sh").arg("-c").arg(&script).current_dir(dir).output().unwrap();
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

fn assert_clean(case: &str, (code, stderr): (Option<i32>, String), expected: &str) {
    assert_eq!(
        code,
        Some(1),
        "case `{case}` did not end cleanly: {}",
        &stderr[..stderr.len().min(2000)]
    );
    assert!(stderr.contains(expected), "case `{case}`: {}", &stderr[..stderr.len().min(2000)]);
}

const SYSTEM: &str = "system Tiny\nStats: Attack, Defense\nResource HP: max 40\n\n";

#[test]
fn a_ten_megabyte_rule_line() {
    let dir = scratch("line");
    std::fs::write(
        dir.join("big.rules"),
        format!("{SYSTEM}power P\nResult: {}\n", "x".repeat(10 << 20)),
    )
    .unwrap();
    assert_clean("line", limited(&dir, &["check", "big.rules"]), "rules::load::unreadable");
}

#[test]
fn a_rule_file_that_is_dev_zero() {
    let dir = scratch("zero");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.rules")).unwrap();
    assert_clean("zero", limited(&dir, &["check", "zero.rules"]), "rules::load::");
}

#[test]
fn thirty_thousand_duplicate_blocks() {
    let dir = scratch("blocks");
    std::fs::write(dir.join("dup.rules"), format!("{SYSTEM}{}", "power P\n".repeat(30_000)))
        .unwrap();
    assert_clean("blocks", limited(&dir, &["check", "dup.rules"]), "rules::check::duplicate");
}

#[test]
fn a_save_of_seventeen_mebibytes() {
    let dir = scratch("save");
    std::fs::write(dir.join("big.json"), " ".repeat(17 << 20)).unwrap();
    std::fs::write(dir.join("restore.session"), "restore \"big.json\"\n").unwrap();
    assert_clean("save", limited(&dir, &["run", "restore.session"]), "engine::save::too_large");
}

#[test]
fn a_distribution_over_the_dice_limit() {
    let dir = scratch("dist");
    std::fs::write(dir.join("dist.session"), "dist 1d6 + 99999d6\n").unwrap();
    assert_clean("dist", limited(&dir, &["run", "dist.session"]), "dice::limit::too_many_dice");
}

#[test]
fn a_script_filling_a_map_with_big_strings() {
    let dir = scratch("script");
    std::fs::create_dir_all(dir.join("rules/tiny")).unwrap();
    std::fs::create_dir_all(dir.join("scripts/tiny")).unwrap();
    let rules = "system Tiny\nStats: Attack, Defense\nResource HP: max 40\nDefault check: Roll\n\
        Functions: hostile\n\ncheck Roll\nMethod: pool\nDice: 2d10\nModifier: each die\n\
        Success: >= [Threshold]\nGrades: 0 Fail, 1 Hit, 2 Strong\n\npower Jab\nTarget: Enemy in 1\n\
        Threshold: Target's Defense\nCheck: [Attack]\nResult: [hostile(Grade)] damage\n\n\
        actor Fighter\nStats: Attack 9, Defense 1\nResources: HP 40\nPowers: Jab\n";
    std::fs::write(dir.join("rules/tiny/tiny.rules"), rules).unwrap();
    let script = "fn hostile(g) { let m = #{}; let s = \"\"; s.pad(32000, \"x\"); let i = 0; \
                  loop { m[`k${i}`] = s + i; i += 1; } }";
    std::fs::write(dir.join("scripts/tiny/hostile.rhai"), script).unwrap();
    let session = "load \"rules/tiny\"\nactor A from Fighter\nactor B from Fighter\nforce 9, 9\nA uses Jab on B\n";
    std::fs::write(dir.join("play.session"), session).unwrap();
    assert_clean("script", limited(&dir, &["run", "play.session"]), "script::limit::");
}
