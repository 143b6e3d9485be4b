//! Gear with data (issue 16, item 2): a system's declared weapon and armour fields read in
//! brackets, a combat table of 4 weapons x 4 attack types read by one attack power, the
//! fallback weapon, `wielding` tests and defences that never count against ranged attacks.
//! Every value is asserted with forced dice.

use mythforge::diagnostics::ToDiagnostic;
use mythforge::runtime::{Game, PowerUse};

use crate::common::{game_with, hp};

/// The combat table pack (tests/fixtures/gear/combat_table.rules) with Ana and Bo, both
/// Fighters (Skill 3, Defense 12, Strength 2, Leather with Protection 1).
fn table() -> Game {
    let mut game = game_with(1, &["tests/fixtures/gear/combat_table.rules"]);
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game
}

/// Ana attacks Bo with `weapon`, choosing the attack type `style`.
fn attack(weapon: &str, style: &str) -> PowerUse {
    let mut request = PowerUse::new("Ana", "Attack").at(["Bo"]);
    request.options.weapon = Some(weapon.to_string());
    request.options.choices = vec![style.to_string()];
    request
}

#[test]
fn one_attack_power_reads_each_row_of_the_combat_table() {
    // (weapon, attack type, forced d20 then damage dice, Hit of the row, damage dealt before
    // Leather's 1): damage = the row's dice + Strength 2.
    let rows = [
        ("Sword", "Fast", vec![9u32, 5], 1i64, 5i64 + 2),
        ("Axe", "Strong", vec![10, 4, 4], -1, 4 + 4 + 2),
        ("Spear", "Ready", vec![7, 10], 3, 10 + 2),
        ("Sling", "Snap", vec![8, 3], 1, 3 + 2),
    ];
    for (weapon, style, dice, hit, damage) in rows {
        let mut game = table();
        let mark = game.mark();
        game.world_mut().roller.force(dice.clone());
        game.use_power(&attack(weapon, style)).unwrap();
        let transcript = game.transcript_since(mark);
        // The check is the d20 + Skill 3 + the row's Hit, against Defense 12.
        let total = i64::from(dice[0]) + 3 + hit;
        let line = format!("Ana: {} -> {total} vs 12: success", dice[0]);
        assert!(transcript.contains(&line), "{weapon} {style}: {transcript}");
        assert_eq!(hp(&game, "Bo"), 30 - (damage - 1), "{weapon} {style}: {transcript}");
    }
}

#[test]
fn the_row_s_to_hit_decides_a_near_miss() {
    // 8 + Skill 3 + Snap's -4 = 7 misses Defense 12; the same die with Ready's +2 hits.
    let mut game = table();
    game.world_mut().roller.force([8]);
    game.use_power(&attack("Sword", "Snap")).unwrap();
    assert_eq!(hp(&game, "Bo"), 30);
    game.world_mut().roller.force([8, 6]);
    game.use_power(&attack("Sword", "Ready")).unwrap();
    // 1d8 = 6, + Strength 2, - Leather 1.
    assert_eq!(hp(&game, "Bo"), 23);
}

#[test]
fn an_attack_type_the_table_lacks_is_refused_with_the_row_names() {
    let mut game = table();
    let error = game.use_power(&attack("Sword", "Lunge")).unwrap_err();
    let diagnostic = error.to_diagnostic();
    let text = format!("{} {}", diagnostic.message, diagnostic.help.unwrap_or_default());
    for row in ["Fast", "Strong", "Snap", "Ready"] {
        assert!(text.contains(row), "{text}");
    }
    assert_eq!(hp(&game, "Bo"), 30);
}

const GEAR: &str = "\
system Gear
Stats: Attack, Defense, Strength
Resource HP: max [Max HP]
Resource Max HP: no max
Rounding: floor
Default check: D20
Weapon fields: Damage dice required, Crit range range, Crit damage dice or multiplier, Type keyword, Requires requirement
Armour fields: Type keyword
Fallback weapon: Fists

check D20
Method: total
Dice: d20
Success: >= [Threshold]

weapon Greatsword
Damage: 2d6
Crit range: 19-20
Crit damage: x2
Type: Melee Heavy
Requires: [Strength >= 3]

weapon Sling
Damage: 1d4
Type: Ranged

weapon Fists
Damage: 1d4
Type: Melee

armour Buckler
Protection: 2
Type: Shield

condition Blocking
Modifiers: +10 Defense not against Ranged

power Strike
Target: Enemy in 1
Check: [Attack]
Threshold: Target's Defense
Result: [Weapon Damage + Strength] damage
Keywords: [Weapon]

power Crit Probe
Target: Self
Result: gain [Weapon Crit range * Weapon Crit damage] HP

power Shield Bash
Target: Enemy in 1
While: wielding a Shield
Result: [Target's Armour Protection * 3 + 1] damage

power Block
Target: Self
While: wielding a Shield
Effect: apply Blocking to Self

actor Weakling
Stats: Attack 2, Defense 10, Strength 1
Resources: HP 20, Max HP 99
Powers: Strike, Crit Probe, Shield Bash, Block
Equipment: Greatsword, Sling

actor Brute
Stats: Attack 2, Defense 10, Strength 3
Resources: HP 20, Max HP 99
Powers: Strike, Crit Probe, Shield Bash, Block
Equipment: Greatsword, Buckler
";

fn gear(rules: &str) -> Game {
    let mut game = Game::new(3);
    if let Err(diagnostics) = game.load_source("gear.rules", rules) {
        panic!("the pack loads: {diagnostics:#?}");
    }
    game.add_actor("Weak", Some("Weakling"), &[]).unwrap();
    game.add_actor("Brute", Some("Brute"), &[]).unwrap();
    game
}

#[test]
fn a_range_reads_its_lowest_value_and_a_multiplier_its_factor() {
    let mut game = gear(GEAR);
    game.use_power(&PowerUse::new("Brute", "Crit Probe")).unwrap();
    // Crit range 19-20 reads 19, Crit damage x2 reads 2: 20 + 38.
    assert_eq!(hp(&game, "Brute"), 58);
}

#[test]
fn an_unmet_requirement_falls_back_to_the_declared_weapon_and_says_so() {
    let mut game = gear(GEAR);
    let mark = game.mark();
    // Weak (Strength 1) cannot use the Greatsword: Fists' 1d4 = 3, + Strength 1.
    game.world_mut().roller.force([15, 3]);
    game.use_power(&PowerUse::new("Weak", "Strike").at(["Brute"])).unwrap();
    let transcript = game.transcript_since(mark);
    assert!(
        transcript.contains("Weak cannot use Greatsword (Requires: [Strength >= 3]): uses Fists"),
        "{transcript}"
    );
    assert!(transcript.contains("Weak rolls 1d4"), "{transcript}");
    // The Buckler's Protection 2 takes 2 of the 4.
    assert_eq!(hp(&game, "Brute"), 18);
    // Brute meets it: the Greatsword's 2d6 = 5 + 6, + Strength 3.
    game.world_mut().roller.force([15, 5, 6]);
    game.use_power(&PowerUse::new("Brute", "Strike").at(["Weak"])).unwrap();
    assert_eq!(hp(&game, "Weak"), 20 - 14);
}

#[test]
fn without_a_fallback_weapon_the_requirement_error_stands() {
    let mut game = gear(&GEAR.replace("Fallback weapon: Fists\n", ""));
    game.world_mut().roller.force([15, 3]);
    let error = game.use_power(&PowerUse::new("Weak", "Strike").at(["Brute"])).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::weapon_requirement");
    assert_eq!(game.sources().slice(diagnostic.primary_span()), "Requires: [Strength >= 3]");
    assert_eq!(hp(&game, "Brute"), 20);
}

#[test]
fn wielding_tests_what_is_equipped_by_keyword_and_reads_the_target_s_armour() {
    let mut game = gear(GEAR);
    game.add_actor("Guard", Some("Brute"), &[]).unwrap();
    // Brute wields the Buckler (Type: Shield). Weak wears no armour: its Armour Protection
    // reads 0, so 0 * 3 + 1.
    game.use_power(&PowerUse::new("Brute", "Shield Bash").at(["Weak"])).unwrap();
    assert_eq!(hp(&game, "Weak"), 19);
    // Guard's Buckler has Protection 2: 2 * 3 + 1 = 7, of which the Buckler absorbs 2.
    game.use_power(&PowerUse::new("Brute", "Shield Bash").at(["Guard"])).unwrap();
    assert_eq!(hp(&game, "Guard"), 15);
    let error = game.use_power(&PowerUse::new("Weak", "Shield Bash").at(["Brute"])).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::requirement");
    assert!(diagnostic.message.contains("`wielding a Shield` does not hold"), "{diagnostic:?}");
    assert_eq!(hp(&game, "Brute"), 20);
}

#[test]
fn a_defence_that_is_not_against_ranged_counts_against_melee_only() {
    let mut game = gear(GEAR);
    game.use_power(&PowerUse::new("Brute", "Block")).unwrap();
    // 15 + Attack 2 = 17 against Defense 10 + Blocking's 10 = 20: the Fists miss.
    game.world_mut().roller.force([15]);
    game.use_power(&PowerUse::new("Weak", "Strike").at(["Brute"])).unwrap();
    assert_eq!(hp(&game, "Brute"), 20);
    // The Sling is Ranged: Blocking does not count, 17 against 10 hits; 1d4 = 4 + 1 - 2.
    let mut sling = PowerUse::new("Weak", "Strike").at(["Brute"]);
    sling.options.weapon = Some("Sling".into());
    game.world_mut().roller.force([15, 4]);
    game.use_power(&sling).unwrap();
    assert_eq!(hp(&game, "Brute"), 17);
}

#[test]
fn an_armour_s_keywords_line_counts_for_wielding_like_a_keyword_field() {
    let rules = GEAR.replace("Protection: 2\nType: Shield", "Protection: 2\nKeywords: Shield");
    let mut game = gear(&rules);
    game.use_power(&PowerUse::new("Brute", "Shield Bash").at(["Weak"])).unwrap();
    assert_eq!(hp(&game, "Weak"), 19);
    let refused = game.use_power(&PowerUse::new("Weak", "Shield Bash").at(["Brute"]));
    assert_eq!(refused.unwrap_err().to_diagnostic().code, "runtime::requirement");
}
