//! Dice lines typed at a session: limits on counts, sides, explosions, length and depth.

use crate::support::{fails_unchanged, playing};

fn roll_fails(case: &str, line: &str) -> String {
    let mut session = playing();
    fails_unchanged(&mut session, case, &format!("{line}\n"))
}

#[test]
fn every_die_exploding_is_bounded() {
    insta::assert_snapshot!(roll_fails("explode_all", "roll 1d1!"), @"dice::limit::always_explodes @ explode_all.session:1:9 +help");
}

#[test]
fn too_many_dice_in_a_term() {
    insta::assert_snapshot!(roll_fails("many_dice", "roll 99999d6"), @"dice::limit::too_many_dice @ many_dice.session:1:6 +help");
}

#[test]
fn a_twenty_digit_dice_count() {
    insta::assert_snapshot!(roll_fails("count_20", "roll 99999999999999999999d6"), @"dice::limit::too_many_dice @ count_20.session:1:6 +help");
}

#[test]
fn a_die_with_no_sides() {
    insta::assert_snapshot!(roll_fails("d0", "roll 3d0"), @"dice::parse::empty_dice @ d0.session:1:8 +help");
}

#[test]
fn a_die_with_too_many_sides() {
    insta::assert_snapshot!(roll_fails("sides", "roll 1d9223372036854775807"), @"dice::limit::too_many_sides @ sides.session:1:8 +help");
}

#[test]
fn ten_thousand_minus_signs() {
    let line = format!("roll {}1d6", "-".repeat(10_000));
    insta::assert_snapshot!(roll_fails("dice_minus", &line), @"dice::limit::too_long @ dice_minus.session:1:1030 +help");
}

#[test]
fn a_thousand_minus_signs_stay_within_the_stack() {
    // Under the 1 KiB text limit the parser's recursion is shallow enough to finish.
    let mut session = playing();
    let run = session.run_text("minus", &format!("roll {}1d6\n", "-".repeat(1000)), None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
}

#[test]
fn deep_parentheses_in_dice() {
    let line = format!("roll {}1d6{}", "(".repeat(500), ")".repeat(500));
    insta::assert_snapshot!(roll_fails("dice_parens", &line), @"dice::limit::too_deep @ dice_parens.session:1:70 +help");
}

#[test]
fn an_exact_distribution_too_large_to_compute() {
    insta::assert_snapshot!(roll_fails("dist_big", "dist 1d6 + 99999d6"), @"dice::limit::too_many_dice @ dist_big.session:1:12 +help");
}

#[test]
fn an_empty_roll() {
    insta::assert_snapshot!(roll_fails("empty_roll", "roll"), @"session::parse::unexpected @ empty_roll.session:1:5 +help");
}

#[test]
fn arithmetic_overflow_in_dice() {
    let line = "roll 999999999999999999 * 999999999999999999";
    insta::assert_snapshot!(roll_fails("dice_overflow", line), @"dice::arithmetic::overflow @ dice_overflow.session:1:6 +help");
}

#[test]
fn division_by_zero_in_dice() {
    insta::assert_snapshot!(roll_fails("dice_div0", "roll 1d6 / 0"), @"dice::arithmetic::division_by_zero @ dice_div0.session:1:12 +help");
}
