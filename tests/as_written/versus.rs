//! Row 6 of the issue: relative modifiers (`vs Ranged`, `vs Source`) count on both sides of
//! a power's versus check, as they do on its Threshold line.

use mythforge::runtime::PowerUse;

use super::game;

const RULES: &str = "\
check Duel
Method: versus
Dice: d20
Tie: defender

condition Shielded
Modifiers: +3 Defense vs Ranged

condition Aiming
Modifiers: +2 Attack vs Ranged, +1 all checks vs Ranged

power Aim
Target: Self
Result: apply Aiming

power Raise Shield
Target: Self
Result: apply Shielded

power Shoot
Target: Enemy in 10
Check: [Attack] versus [Defense] using Duel
Result: 1 damage
Keywords: Ranged

power Punch
Target: Enemy in 1
Check: [Attack] versus [Defense] using Duel
Result: 1 damage
Keywords: Melee

actor Ana
Stats: Attack 5, Defense 5
Resources: HP 20, Max HP 20
Powers: Aim, Raise Shield, Shoot, Punch
";

/// Ana attacks Bo with `power`, Ana aiming and Bo shielded as asked, both dice forced to
/// 10: the margin and whether Ana won.
fn duel(power: &str, aiming: bool, shielded: bool) -> (i64, u32) {
    let mut game = game(RULES);
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Bo", Some("Ana"), &[]).unwrap();
    if aiming {
        game.use_power(&PowerUse::new("Ana", "Aim")).unwrap();
    }
    if shielded {
        game.use_power(&PowerUse::new("Bo", "Raise Shield")).unwrap();
    }
    game.world_mut().roller.force([10, 10]);
    let outcome = game.use_power(&PowerUse::new("Ana", power).at(["Bo"])).unwrap();
    let target = &outcome.targets[0];
    assert_eq!(target.names[0].0, "Margin");
    (target.names[0].1, target.grade)
}

#[test]
fn vs_keyword_modifiers_count_on_both_sides_of_a_versus_check() {
    // The attacker: 10 + 5 + 2 (Attack vs Ranged) + 1 (all checks vs Ranged) = 18 against
    // 10 + 5: Ana wins by 3.
    assert_eq!(duel("Shoot", true, false), (3, 1));
    // The defender: 10 + 5 + 3 (Defense vs Ranged) = 18 against 15: Bo wins by 3.
    assert_eq!(duel("Shoot", false, true), (3, 0));
    // Both: 18 against 18, a tie the defender wins.
    assert_eq!(duel("Shoot", true, true), (0, 0));
    // A Melee power: none of them count, 15 against 15.
    assert_eq!(duel("Punch", true, true), (0, 0));
    assert_eq!(duel("Punch", true, false), (0, 0));
}
