//! The `roll` and `dist` subcommands as a user runs them: exit codes, printed seeds,
//! replay, forced dice, JSON shapes, and diagnostics on stderr.

use crate::common::cli::mythforge;

fn stdout_of(args: &[&str]) -> String {
    let output = mythforge().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[test]
fn roll_without_seed_prints_one_that_replays() {
    let first = stdout_of(&["roll", "4d6kh3", "--times", "3"]);
    let seed_line = first.lines().next().unwrap();
    let seed = seed_line.strip_prefix("seed ").expect("the first line names the seed");
    let replay = stdout_of(&["roll", "4d6kh3", "--times", "3", "--seed", seed]);
    assert_eq!(first, replay);
}

#[test]
fn roll_with_seed_is_deterministic_and_marks_dice() {
    let output = stdout_of(&["roll", "4d6kh3", "--seed", "7"]);
    assert_eq!(output, "seed 7\n5  4d6kh3 [1d 1 2 2]\n");
}

#[test]
fn roll_json_has_the_documented_shape() {
    let output = stdout_of(&["roll", "3d6ro1xdl1", "--json", "--dice", "1,4,6,2,3"]);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 1);
    let roll = &lines[0];
    let keys: Vec<&str> = roll.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["dice", "expr", "seed", "total"]);
    assert_eq!(roll["expr"], "3d6ro1xdl1");
    assert_eq!(roll["total"], 13);
    let dice = roll["dice"].as_array().unwrap();
    assert_eq!(dice.len(), 5);
    assert_eq!(dice[0]["rerolled"], true);
    assert_eq!(dice[2]["exploded"], true);
    assert_eq!(dice[3]["kept"], false);
    assert!(dice.iter().all(|die| die["forced"] == true));
    // Key order on the wire follows the documented schema.
    assert!(output.starts_with("{\"expr\":\"3d6ro1xdl1\",\"seed\":"));
}

#[test]
fn roll_times_prints_one_json_line_per_roll() {
    let output = stdout_of(&["roll", "2d6", "--times", "5", "--json", "--seed", "1"]);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 5);
    assert!(lines.iter().all(|roll| (2..=12).contains(&roll["total"].as_i64().unwrap())));
}

#[test]
fn roll_forced_dice_are_used_in_order() {
    let output = stdout_of(&["roll", "3d10", "--dice", "8,6,1", "--json"]);
    assert_eq!(json_lines(&output)[0]["total"], 15);
    let output = stdout_of(&["roll", "3d10", "--dice", "8,6,1"]);
    assert!(output.contains("[8f 6f 1f]"), "{output}");
}

#[test]
fn roll_stats_summarise_many_rolls() {
    let output =
        stdout_of(&["roll", "3d10", "--times", "100000", "--stats", "--seed", "5", "--json"]);
    let stats = &json_lines(&output)[0];
    assert_eq!(stats["count"], 100_000);
    assert!((stats["mean"].as_f64().unwrap() - 16.5).abs() < 0.1);
    assert!((stats["std_dev"].as_f64().unwrap() - 4.975).abs() < 0.1);
    assert_eq!(stats["min"], 3);
    assert_eq!(stats["max"], 30);
    let text = stdout_of(&["roll", "3d10", "--times", "1000", "--stats", "--seed", "5"]);
    assert!(text.contains("count 1000  mean"), "{text}");
}

#[test]
fn dist_json_prints_one_line_per_expression() {
    let output = stdout_of(&["dist", "2d6", "{3d10+3}cs>=9", "1d20+3>=10", "--json"]);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 3);
    let first = &lines[0];
    assert_eq!(first["expr"], "2d6");
    assert_eq!(first["exact"], true);
    assert_eq!(first["outcomes"][0]["value"], 2);
    assert!((first["outcomes"][5]["p"].as_f64().unwrap() - 1.0 / 6.0).abs() < 1e-12);
    assert!((first["mean"].as_f64().unwrap() - 7.0).abs() < 1e-12);
    assert!(first["std_dev"].is_number());
    assert_eq!(first["truncated"], 0.0);
    assert!(first.get("samples").is_none());
    assert!((lines[1]["outcomes"][0]["p"].as_f64().unwrap() - 0.125).abs() < 1e-12);
    let comparison: Vec<i64> = lines[2]["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_i64().unwrap())
        .collect();
    assert_eq!(comparison, [0, 1]);
    assert!(
        output.starts_with("{\"expr\":\"2d6\",\"exact\":true,\"outcomes\":[{\"value\":2,\"p\":")
    );
}

#[test]
fn dist_marks_estimates() {
    let output = stdout_of(&["dist", "4d6xokh3", "--json"]);
    let estimate = &json_lines(&output)[0];
    assert_eq!(estimate["exact"], false);
    assert!(estimate["samples"].as_u64().unwrap() >= 10_000);
    assert_eq!(estimate["interval"].as_array().unwrap().len(), 2);
}

#[test]
fn dist_table_has_columns_and_bars() {
    let output = stdout_of(&["dist", "1d4"]);
    assert!(output.starts_with("1d4  (exact)\nmean 2.5000  sd 1.1180\n"), "{output}");
    assert!(output.contains("at least"));
    assert!(output.contains("       1    25.0000%   100.0000%    25.0000%  ████"), "{output}");
}

#[test]
fn bad_expressions_exit_1_with_a_pointed_diagnostic() {
    for (args, phrase) in [
        (vec!["roll", "3d"], "expected the number of sides"),
        (vec!["roll", "4d6kh9"], "cannot keep 9 of 4 dice"),
        (vec!["roll", "1d1!"], "explodes"),
        (vec!["dist", "1/0"], "division by zero"),
        (vec!["roll", "3d10", "--dice", "12"], "forced die 12 does not fit a d10"),
    ] {
        let output = mythforge().args(&args).output().unwrap();
        assert_eq!(output.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(phrase), "{args:?}: {stderr}");
        assert!(stderr.contains("help:"), "{args:?}: {stderr}");
    }
    let stderr = mythforge().args(["roll", "4d6kk3"]).output().unwrap().stderr;
    let stderr = String::from_utf8(stderr).unwrap();
    assert!(stderr.contains(" 1 │ 4d6kk3\n   ·     ─┬\n"), "{stderr}");
}

#[test]
fn dist_keeps_going_after_a_bad_expression() {
    let output = mythforge().args(["dist", "1/0", "2d6", "--json"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(json_lines(&String::from_utf8(output.stdout).unwrap()).len(), 1);
}

#[test]
fn expressions_may_start_with_a_minus() {
    assert_eq!(stdout_of(&["roll", "-1d4", "--seed", "1"]), "seed 1\n-3  -1d4  1d4 [3]\n");
    let lines = json_lines(&stdout_of(&["dist", "--json", "--", "-1d4", "-3"]));
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["outcomes"][0]["value"], -3);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["roll"],
        vec!["roll", "2d6", "--bogus"],
        vec!["dist"],
        vec!["roll", "2d6", "--times", "0"],
    ] {
        assert_eq!(mythforge().args(&args).output().unwrap().status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn help_teaches_with_examples() {
    let help = stdout_of(&["roll", "--help"]);
    assert!(help.contains("Examples:") && help.contains("--seed"), "{help}");
    let help = stdout_of(&["dist", "--help"]);
    assert!(help.contains("Examples:"), "{help}");
}
