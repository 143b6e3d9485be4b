//! The session's `challenge` command on the Mestezia pack through the binary: a challenge
//! that opens and logs its counters, and one refused for an unknown participant, with the
//! diagnostic at that name and nothing changed; tasks with chosen skills and a GM-set
//! threshold (`choosing ...`, `threshold N`).

use assert_cmd::Command;

use crate::common::cli::repl as run;

const SETUP: &str = "load mestezia\nactor Itzel from Itzel\nactor Ragweed from Ragweed\n";

#[test]
fn a_challenge_opens_with_a_bare_d10_turn_order_and_counts_breakthroughs() {
    let input = format!(
        "{SETUP}force 4, 9\nchallenge 1 breakthroughs before 2 setbacks with Itzel, Ragweed\n\
         force 9, 8, 1\nItzel uses Accept the Challenge choosing Discipline, Perception\n"
    );
    let (code, stdout, stderr) = run(&input);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("turn order: Ragweed, Itzel\n"), "{stdout}");
    assert!(stdout.contains("Ragweed rolls 1 d10 for initiative: [9f]"), "{stdout}");
    assert!(stdout.contains("challenge: Breakthroughs 0/1, Setbacks 0/2"), "{stdout}");
    assert!(
        stdout.contains("challenge: Breakthroughs 1/1, Setbacks 0/2\nthe challenge is won"),
        "{stdout}"
    );
}

#[test]
fn a_refused_challenge_in_a_file_points_at_the_unknown_name() {
    let path = std::env::temp_dir()
        .join(format!("mythforge-mestezia-challenge-{}.session", std::process::id()));
    std::fs::write(
        &path,
        "load mestezia\nactor Itzel from Itzel\n\
         challenge 3 breakthroughs before 2 setbacks with Itzel, Nobody\n",
    )
    .unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_mythforge"))
        .env("NO_COLOR", "1")
        .arg("run")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("engine::unknown_actor"), "{stderr}");
    // Line 3, column 57: `Nobody`, not the command or `Itzel`.
    assert!(stderr.contains(".session:3:57]"), "{stderr}");
}

#[test]
fn a_challenge_with_an_unknown_participant_points_at_it_and_changes_nothing() {
    let input = format!(
        "{SETUP}challenge 3 breakthroughs before 2 setbacks with Itzel, Nobody\nshow state\n"
    );
    let (code, stdout, stderr) = run(&input);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("unknown actor `Nobody`"), "{stderr}");
    assert!(!stdout.contains("encounter:"), "no encounter was started: {stdout}");
    assert!(!stdout.contains("turn order"), "{stdout}");
}

#[test]
fn a_session_passes_choices_and_thresholds() {
    // Itzel: Discipline 2 + Perception 2 = +4 on each die; 9,8,1 -> 13,12,5 vs 12 -> a
    // Medium (Breakthrough); vs the GM's 13 only the 13 meets it -> a Low (nothing).
    let (code, stdout, stderr) = run("load mestezia\nactor Itzel from Itzel\nforce 9, 8, 1\n\
         Itzel uses Accept the Challenge choosing Discipline, Perception threshold 13\n\
         show Itzel\nforce 9, 8, 1\n\
         Itzel uses Accept the Challenge choosing Discipline, Perception\nshow Itzel\n");
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("Itzel: [13, 12, 5] vs 13: 1 meet, grade 1\nItzel (Healthy)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("Itzel: [13, 12, 5] vs 12: 2 meet, grade 2\nItzel: Breakthroughs 0 -> 1"),
        "{stdout}"
    );
    assert!(stdout.contains("Resources: Breakthroughs 1,"), "{stdout}");
}

#[test]
fn a_session_choice_outside_the_group_points_at_the_choose_line() {
    let (_, stdout, stderr) =
        run("load mestezia\nactor Itzel from Itzel\nItzel uses Build Momentum choosing Aim\n");
    let all = format!("{stdout}{stderr}");
    assert!(all.contains("runtime::choice"), "{all}");
    assert!(all.contains("`Aim` is not one of Challenge Skills"), "{all}");
    assert!(all.contains("Choose: 1-2 Skills from Challenge Skills"), "{all}");
}
