//! Sessions as a user runs them: `mythforge run` golden transcripts for every example,
//! byte-identical reruns, JSON events, error paths with their diagnostics and exit codes,
//! and the REPL driven through piped stdin.
//!
//! Transcripts: the stdout of `mythforge run examples/<example>.session` is an insta
//! snapshot, `snapshots/cli__cli_session__transcript@<example>.session.snap`; every example
//! is checked even when one fails. Bless with `cargo insta review` (or
//! `INSTA_UPDATE=always cargo test --test cli`) and review the diff.

use crate::common::cli::{mythforge, run};
use crate::common::golden::{Failures, relative};

#[test]
fn examples_match_their_golden_transcripts() {
    let mut failures = Failures::default();
    insta::glob!("../../examples", "*.session", |path| {
        // Run by its path from the crate root, as a user in a checkout would.
        let relative = relative(path).display().to_string();
        let (code, stdout, stderr) = run(&["run", &relative], "");
        failures.check(&relative, || assert_eq!(code, 0, "{relative}: {stderr}"));
        insta::with_settings!({
            description => format!("mythforge run {relative}"),
            omit_expression => true,
        }, {
            insta::assert_snapshot!("transcript", stdout);
        });
    });
    failures.finish();
}

#[test]
fn reruns_are_byte_identical() {
    let session = "roll 4d6kh3\nroll 5d6xcs>=4\nforce 3\nroll 1d6\ndist 2d6\n";
    for args in [&["run", "-"][..], &["run", "-", "--seed", "99"], &["run", "-", "--json"]] {
        let first = run(args, session);
        assert_eq!(first.0, 0, "{args:?}: {}", first.2);
        assert_eq!(run(args, session), first, "{args:?}");
    }
    let (_, with_seed, _) = run(&["run", "-", "--seed", "99"], session);
    assert!(with_seed.starts_with("# mythforge session, seed 99\n"), "{with_seed}");
    let (_, default, _) = run(&["run", "-"], session);
    assert!(default.starts_with("# mythforge session, seed 1\n"), "{default}");
}

#[test]
fn command_line_seed_overrides_the_file() {
    let (code, stdout, _) = run(&["run", "-", "--seed", "5"], "seed 42\nroll 1d6\n");
    assert_eq!(code, 0);
    assert!(stdout.contains("seed 42 ignored: the command line fixed seed 5"), "{stdout}");
    let (_, from_file, _) = run(&["run", "-"], "seed 42\nroll 1d6\n");
    assert!(from_file.starts_with("# mythforge session, seed 42\n"), "{from_file}");
}

#[test]
fn json_prints_one_event_per_line() {
    let (code, stdout, _) = run(&["run", "-", "--json"], "force 4, 2\nroll 2d6\n");
    assert_eq!(code, 0);
    let events: Vec<serde_json::Value> =
        stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    assert_eq!(events[0]["kind"], "session");
    assert_eq!(events[2]["kind"], "roll");
    assert_eq!(events[2]["line"], 2);
    assert_eq!(events[2]["data"]["total"], 6);
}

#[test]
fn first_error_stops_the_run_with_a_located_diagnostic() {
    let (code, stdout, stderr) = run(&["run", "-"], "roll 1d6\nsed 4\nroll 1d6\n");
    assert_eq!(code, 1);
    assert_eq!(stdout.matches("> roll").count(), 1, "{stdout}");
    assert!(stderr.contains("unknown command `sed`"), "{stderr}");
    assert!(stderr.contains("<stdin>:2:1"), "{stderr}");
    assert!(stderr.contains("did you mean `seed`?"), "{stderr}");
    let (code, _, stderr) = run(&["run", "-"], "roll 1d6\ncheck Aria Might + vs 9\n");
    assert_eq!(code, 1);
    assert!(stderr.contains("<stdin>:2:20"), "{stderr}");
}

#[test]
fn run_errors_for_missing_files_and_bad_policies() {
    let (code, _, stderr) = run(&["run", "no/such.session"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("cannot read `no/such.session`"), "{stderr}");
    let (code, _, stderr) = run(&["run", "-", "--policy", "boost=sometimes"], "roll 1d6\n");
    assert_eq!(code, 1);
    assert!(stderr.contains("unknown policy `sometimes`"), "{stderr}");
    let (code, _, _) = run(&["run", "-", "--policy", "never"], "roll 1d6\n");
    assert_eq!(code, 0);
    let (code, _, _) = run(&["run"], "");
    assert_eq!(code, 2);
}

#[test]
fn aided_checks_put_the_helpers_grade_on_one_die() {
    // MECHANICS.md §1 aid: the helper's High (+3) lifts the 9 of 8, 9, 14 to 12: Medium.
    let session = "load mestezia\nactor Xochitl from Xochitl\nactor Ragweed from Ragweed\n\
                   force 10, 9, 10, 4, 5, 10\n\
                   check Xochitl Influence + Trickery vs 11 aided by Ragweed\n";
    let (code, stdout, stderr) = run(&["run", "-", "--seed", "1"], session);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("Ragweed: [12, 11, 12] vs 11: 3 meet, grade 3"), "{stdout}");
    assert!(stdout.contains("Xochitl: [8, 12, 14] vs 11: 2 meet, grade 2"), "{stdout}");
    assert!(stdout.ends_with("Xochitl: Medium\n"), "{stdout}");
}

#[test]
fn versus_compares_both_sides_and_feeds_the_pool() {
    // A duel under the roll-under pack: 11 vs a used temptation die of 6 (which feeds the
    // narrator's pool), so the attacker wins by 5.
    let session = "load mystika\nactor Mira from \"Mira Quickblade\"\n\
                   actor Brannoc from \"Brannoc the Bouncer\"\nforce 11, 2, 10, 6\n\
                   versus Mira Blades vs Brannoc Clubs\nshow state\n";
    let (code, stdout, stderr) = run(&["run", "-", "--seed", "1"], session);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("Brannoc uses the second die (6 over 0); policy if-better"),
        "{stdout}"
    );
    assert!(stdout.contains("Mira wins by 5"), "{stdout}");
    assert!(stdout.contains("pools: Chaos Dice 1"), "{stdout}");
}

#[test]
fn aid_from_more_than_one_helper_is_refused() {
    let session = "load mestezia\nactor A from Xochitl\nactor B from Ragweed\nactor C from Itzel\n\
                   check A Influence vs 11 aided by B, C\n";
    let (code, _, stderr) = run(&["run", "-"], session);
    assert_eq!(code, 1);
    assert!(stderr.contains("more than one helper"), "{stderr}");
    assert!(stderr.contains("<stdin>:5:"), "{stderr}");
}

#[test]
fn piped_repl_prints_events_and_survives_errors() {
    let (code, stdout, stderr) = run(&["repl", "--seed", "1"], "roll 2d6\n");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout, "7  2d6 [4 3]\n");
    let (code, stdout, stderr) = run(&["repl", "--seed", "1"], "rol 2d6\nroll 2d6\n");
    assert_eq!(code, 0);
    assert_eq!(stdout, "7  2d6 [4 3]\n", "a failed command changed the dice stream");
    assert!(stderr.contains("did you mean `roll`?"), "{stderr}");
}

#[test]
fn piped_repl_takes_blocks_bad_bytes_and_long_lines() {
    let mut input = b"power Quick Jab\nCost: 1 CP\n\nshow power Quick Jab\n\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', 70 * 1024));
    input.extend(b"\nroll 1d1\n");
    let output = mythforge().args(["repl", "--seed", "1"]).write_stdin(input).output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(output.status.success(), "{stderr}");
    assert_eq!(stdout, "defined power Quick Jab\npower Quick Jab\nCost: 1 CP\n1  1d1 [1]\n");
    assert!(stderr.contains("not valid UTF-8"), "{stderr}");
    assert!(stderr.contains("longer than 65536 bytes"), "{stderr}");
}

#[test]
fn no_subcommand_starts_the_repl() {
    let (code, stdout, _) = run(&[], "force 5\nroll 1d6\n");
    assert_eq!(code, 0);
    assert_eq!(stdout, "next dice: 5\n5  1d6 [5f]\n");
}

#[test]
fn repl_loads_rules_given_on_the_command_line() {
    let (code, stdout, stderr) = run(
        &["repl", "--seed", "1", "--rules", "tests/fixtures/session/rules/sample"],
        "show power Warm Up\n",
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("loaded tests/fixtures/session/rules/sample: 1 block, 0 scripts"),
        "{stderr}"
    );
    assert_eq!(stdout, "power Warm Up\nCost: 1 CP\nResult: 2 damage\n");
    let (code, _, stderr) = run(&["repl", "--rules", "no/such/folder"], "");
    assert_eq!(code, 1);
    assert!(stderr.contains("no/such/folder"), "{stderr}");
}

#[test]
fn spending_is_paid_with_the_cost_and_a_shortfall_stops_the_run() {
    // Itzel pays 4 CP for the charge, then has no Sg to spend on top: the use fails whole.
    let session = "load mestezia\nactor Itzel from Itzel\nactor Foe from \"The Inquisitor\"\n\
                   Itzel uses Berserker Charge on Foe with weapon Maquahuitl spending 2 Sg\n";
    let (code, _, stderr) = run(&["run", "-"], session);
    assert_eq!(code, 1);
    assert!(stderr.contains("Itzel needs 2 Sg but has 0: short by 2"), "{stderr}");
}
