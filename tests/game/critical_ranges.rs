//! `Critical: natural in 18-20` and `Critical: natural in [Weapon Crit range]`: a success
//! whose natural die lies in the range (both ends included) is critical, read from the
//! power's weapon's `range` field (a weapon without it never crits); forced dice.

use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "\
system Crits
Stats: Skill, Agility
Resource HP: max [Max HP]
Resource Max HP: no max
Default check: Weapon Roll
Weapon fields: Damage dice required, Crit range range

check Weapon Roll
Method: total
Dice: d20
Success: >= [Threshold]
Critical: natural in [Weapon Crit range]

check Plain Roll
Method: total
Dice: d20
Success: >= [Threshold]
Critical: natural in 18-19

weapon Odd Blade
Damage: 2
Crit range: 16-18

weapon Club
Damage: 2

power Strike
Target: Enemy in 1
Threshold: [10 + Target's Agility]
Check: [Skill]
Result: [Weapon Damage] damage
Result Critical: 10 damage

power Shove
Target: Enemy in 1
Threshold: [10 + Target's Agility]
Check: [Skill] using Plain Roll
Result Critical: 10 damage

actor Ana
Stats: Skill 5, Agility 0
Resources: HP 100, Max HP 100
Powers: Strike, Shove
Equipment: Odd Blade, Club
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("crits.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Bo", Some("Ana"), &[]).unwrap();
    game
}

/// Whether `power` with `weapon` and a natural `face` was critical.
fn critical(power: &str, weapon: Option<&str>, face: u32) -> bool {
    let mut game = game();
    game.world_mut().roller.force([face]);
    let mut request = PowerUse::new("Ana", power).at(["Bo"]);
    request.options.weapon = weapon.map(str::to_string);
    let outcome = game.use_power(&request).unwrap();
    let names = &outcome.targets[0].names;
    assert!(names.contains(&("Natural", i64::from(face))), "{names:?}");
    names.contains(&("Critical", 1))
}

#[test]
fn a_weapons_range_field_bounds_the_critical_faces_at_both_ends() {
    let crits: Vec<u32> =
        (1..=20).filter(|face| critical("Strike", Some("Odd Blade"), *face)).collect();
    assert_eq!(crits, [16, 17, 18]);
}

#[test]
fn a_weapon_without_the_range_never_crits() {
    assert!((1..=20).all(|face| !critical("Strike", Some("Club"), face)));
}

#[test]
fn written_faces_bound_the_critical_faces() {
    let crits: Vec<u32> = (1..=20).filter(|face| critical("Shove", None, *face)).collect();
    assert_eq!(crits, [18, 19]);
}

#[test]
fn a_critical_result_line_applies_in_the_range_only() {
    let mut game = game();
    game.world_mut().roller.force([17]);
    let request = PowerUse::new("Ana", "Strike").at(["Bo"]);
    game.use_power(&request).unwrap();
    // 2 weapon damage and the critical 10.
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 88);
    game.world_mut().roller.force([20]);
    game.use_power(&request).unwrap();
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 86);
}
