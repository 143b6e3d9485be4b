//! Several scales held together (`damage taken * 2` and `damage taken * 0.5`, `damage dealt`
//! likewise) are one multiplier, their product rounded once: the order the conditions came
//! in does not matter, and none of them is dropped.

use crate::common::sessions::{run, session_with};

const PACK: &str = "system Scales
Stats: Might
Resource HP: max 100

condition Exposed
Modifiers: damage taken * 2

condition Guarded
Modifiers: damage taken * 0.5 round down

condition Tripled
Modifiers: damage taken * 3

condition Halved Up
Modifiers: damage taken * 0.5 round up

condition Halved Nearest
Modifiers: damage taken * 0.5 round nearest

condition Fierce
Modifiers: damage dealt * 1.5 round down

condition Tired
Modifiers: damage dealt * 0.5 round down

power Hit
Target: Enemy in 10
Result: 7 damage

actor Brute
Stats: Might 1
Resources: HP 100
Powers: Hit
";

const SETUP: &str = "actor Ana from Brute\nactor Bo from Brute\nside Bo: foes\n";

/// What Bo takes from Ana's 7 after `setup` (conditions applied in its order).
fn taken(setup: &str) -> String {
    let mut session = session_with("scales.rules", PACK, SETUP);
    run(&mut session, setup);
    let out = run(&mut session, "Ana uses Hit on Bo\n");
    out.lines().find(|line| line.starts_with("Bo takes")).unwrap_or_default().to_string()
}

/// What Bo takes with `a` and `b` held (each applied as `apply A to HOLDER`), the same in
/// either order.
fn taken_with_both(a: &str, b: &str, holder: &str) -> String {
    let first = taken(&format!("apply {a} to {holder}\napply {b} to {holder}\n"));
    let second = taken(&format!("apply {b} to {holder}\napply {a} to {holder}\n"));
    assert_eq!(first, second, "the order {a}, {b} and the order {b}, {a}");
    first
}

#[test]
fn two_scales_on_damage_taken_are_one_product_in_either_order() {
    // 7 x 2 x 0.5 = 7, not 7 x 0.5 = 3 (the last one alone) nor 3 x 2 = 6 (rounded between).
    assert_eq!(taken_with_both("Exposed", "Guarded", "Bo"), "Bo takes 7 damage into HP; HP now 93");
}

#[test]
fn two_scales_on_damage_dealt_are_one_product_in_either_order() {
    // 7 x 1.5 x 0.5 = 5.25, rounded down once: 5 (rounding between would give 10 x 0.5 = 5
    // one way and 3 x 1.5 = 4 the other).
    assert_eq!(taken_with_both("Fierce", "Tired", "Ana"), "Bo takes 5 damage into HP; HP now 95");
}

#[test]
fn a_whole_multiplier_leaves_the_rounding_to_the_fractional_one() {
    // 7 x 3 x 0.5 = 10.5, rounded up as Halved Up says (`* 3` never rounds): 11.
    let want = "Bo takes 11 damage into HP (from 7); HP now 89";
    assert_eq!(taken_with_both("Tripled", "Halved Up", "Bo"), want);
}

#[test]
fn round_nearest_rounds_a_half_up() {
    // 7 x 0.5 = 3.5: nearest is 4 (it was read as down: 3).
    assert_eq!(
        taken("apply Halved Nearest to Bo\n"),
        "Bo takes 4 damage into HP (from 7); HP now 96"
    );
}
