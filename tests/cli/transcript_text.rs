//! The transcript a player reads, through the binary on the built-in Mestezia pack (issue
//! 24 item 4): no line for a reset that changed nothing, phase lines with names as written,
//! a sheet with effective values beside base ones and durations in words, and a GM `set`
//! to the amount held.

use crate::common::cli::repl as run;

const SETUP: &str = "load mestezia\nactor Itzel from Itzel\nactor Enrique from Enrique\n";

#[test]
fn a_turn_start_logs_only_the_resets_that_change_something() {
    let input = format!("{SETUP}force 9, 2\nencounter Itzel, Enrique\nnext turn\n");
    let (code, stdout, stderr) = run(&input);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("-- round 1 --\nItzel: start phase\n"), "{stdout}");
    assert!(stdout.contains("Itzel: action phase\nItzel: end phase\n"), "{stdout}");
    assert!(!stdout.contains("CP 6 -> 6"), "{stdout}");
    assert!(!stdout.contains("itzel:"), "{stdout}");
}

#[test]
fn end_encounter_lists_only_what_it_changed() {
    let input = format!("{SETUP}force 9, 2\nencounter Itzel, Enrique\nend encounter\n");
    let (code, stdout, stderr) = run(&input);
    assert_eq!(code, 0, "{stderr}");
    // Itzel's first start phase added the initiative overflow: CP 7.
    assert!(stdout.ends_with("Itzel: CP 7 -> 0\nEnrique: CP 6 -> 0\n"), "{stdout}");
    assert!(!stdout.contains("Breakthroughs 0 -> 0"), "{stdout}");
    assert!(!stdout.contains("Setbacks 0 -> 0"), "{stdout}");
}

#[test]
fn a_sheet_shows_effective_values_beside_base_ones_and_durations_in_words() {
    let input = format!(
        "{SETUP}actor Xochitl from Xochitl\nforce 9, 8, 7\nXochitl uses Sleep on Enrique\n\
         show Enrique\n"
    );
    let (code, stdout, stderr) = run(&input);
    assert_eq!(code, 0, "{stderr}");
    // Unconscious includes Prone and Slowed: Defense, Speed and Attack read lower in play.
    assert!(stdout.contains("Defense 6 (base 11)"), "{stdout}");
    assert!(stdout.contains("Speed 1 (base 3)"), "{stdout}");
    assert!(stdout.contains("Derived: Attack 0 (base 2), Jolt 6,"), "{stdout}");
    // What no condition changes prints once.
    assert!(stdout.contains("Stats: Aim 2, Damage 1, Defense"), "{stdout}");
    assert!(
        stdout.contains("Conditions: Unconscious from Xochitl [until removed], Prone (included"),
        "{stdout}"
    );
}

#[test]
fn setting_a_resource_to_the_amount_held_says_so_and_logs_no_change() {
    let input = format!("{SETUP}set Itzel CP to 6\nset Itzel CP to 4\n");
    let (code, stdout, stderr) = run(&input);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("Itzel's CP is already 6\n"), "{stdout}");
    assert!(!stdout.contains("CP 6 -> 6"), "{stdout}");
    assert!(stdout.contains("Itzel: CP 6 -> 4\n"), "{stdout}");
}
