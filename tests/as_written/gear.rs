//! Rows 1-3, 8 and 9 of the issue: weapon dice damage, armour `Protection`, weapon
//! `Requires:`, `with weapon X` against the actor's Equipment, and `Minimum range:`.

use mythforge::runtime::PowerUse;

use super::{game, one, refused, spanned};

const DAGGER: &str = "\
weapon Dagger
Damage: 1d8
Reach: 1

power Stab
Target: Enemy in 1
Check: [Attack]
Threshold: Target's Defense
Result: [Weapon] damage

actor Ana
Stats: Attack 4, Defense 10
Resources: HP 20, Max HP 20
Powers: Stab
Equipment: Dagger
";

fn hp(game: &mut mythforge::runtime::Game, actor: &str) -> i64 {
    game.world().actor(actor).unwrap().resources["HP"].current
}

#[test]
fn a_weapon_s_dice_damage_rolls_when_weapon_is_the_whole_amount() {
    let mut game = game(DAGGER);
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Bo", Some("Ana"), &[]).unwrap();
    let mark = game.mark();
    // The check's d20, then the dagger's d8.
    game.world_mut().roller.force([15, 6]);
    game.use_power(&PowerUse::new("Ana", "Stab").at(["Bo"])).unwrap();
    assert_eq!(hp(&mut game, "Bo"), 14);
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Ana rolls 1d8 for effect: [6f] = 6"), "{transcript}");
}

#[test]
fn a_weapon_s_dice_added_up_in_an_effect_roll_where_the_line_is_used() {
    // Refused until dice could roll inside brackets; now the dagger's d8 rolls once and the
    // grade adds to it (tests/as_written/values.rs has the rest of the dice in brackets).
    let rules = DAGGER.replace("Result: [Weapon] damage", "Result: [Weapon + Grade] damage");
    let mut game = game(&rules);
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Bo", Some("Ana"), &[]).unwrap();
    game.world_mut().roller.force([15, 6]);
    game.use_power(&PowerUse::new("Ana", "Stab").at(["Bo"])).unwrap();
    assert_eq!(hp(&mut game, "Bo"), 13);
}

#[test]
fn dice_on_a_weapon_line_read_as_a_number_is_refused() {
    let rules = DAGGER.replace("Reach: 1", "Reach: 1d4");
    let (errors, text) = refused(&rules);
    let error = one(&errors, "rules::check::dice_as_number");
    assert_eq!(spanned(error, &text).0, "Reach: 1d4");
    assert!(error.help.as_deref().unwrap().starts_with("write a number"), "{error:?}");
}

#[test]
fn a_dice_amount_where_a_number_is_read_fails_instead_of_counting_0() {
    // Check does not see inside a session-made cost yet; the runtime never reads dice as 0.
    let rules = "power Gamble\nTarget: Self\nCost: 1d4 CP\nResult: gain 1 CP\n\nactor Ana\nResources: HP 5, Max HP 5, CP 9\nPowers: Gamble\n";
    let mut game = game(rules);
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Gamble")).unwrap_err();
    let (diagnostic, at) = super::failure(&game, &error);
    assert_eq!(diagnostic.code, "rules::eval::dice_as_number");
    assert_eq!(at, "1d4");
    assert_eq!(game.world().actor("Ana").unwrap().resources["CP"].current, 9);
}

const MAIL: &str = "\
armour Mail
Protection: 3

actor Bo
Stats: Defense 5
Resources: HP 20, Max HP 20
Equipment: Mail

power Hit
Target: Enemy in 1
Result: 10 damage

actor Ana
Resources: HP 20, Max HP 20
Powers: Hit
";

#[test]
fn armour_protection_absorbs_its_value_of_every_hit_and_never_wears() {
    let mut game = game(MAIL);
    game.add_actor("Bo", Some("Bo"), &[]).unwrap();
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    let layer = |game: &mythforge::runtime::Game| {
        game.world().actor("Bo").unwrap().layered["armour"].layers[0].value
    };
    assert_eq!(layer(&game), 3);
    for expected in [13, 6] {
        game.use_power(&PowerUse::new("Ana", "Hit").at(["Bo"])).unwrap();
        assert_eq!(hp(&mut game, "Bo"), expected);
        assert_eq!(layer(&game), 3);
    }
}

#[test]
fn armour_with_protection_and_value_or_hardness_is_refused() {
    let both = MAIL.replace("Protection: 3", "Protection: 3\nValue: 4");
    let (errors, text) = refused(&both);
    let error = one(&errors, "rules::check::two_armour_values");
    assert_eq!(spanned(error, &text).0, "Value: 4");
    assert!(error.help.as_deref().unwrap().starts_with("keep one"), "{error:?}");
    let wearing = MAIL.replace("Protection: 3", "Protection: 3\nHardness: 2");
    let (errors, text) = refused(&wearing);
    let error = one(&errors, "rules::check::wearing_protection");
    assert_eq!(spanned(error, &text).0, "Hardness: 2");
    let dice = MAIL.replace("Protection: 3", "Protection: 1d4");
    let (errors, text) = refused(&dice);
    assert_eq!(spanned(one(&errors, "rules::check::dice_as_number"), &text).0, "Protection: 1d4");
}

const BOW: &str = "\
weapon Bow
Damage: 5
Range: 10
Minimum range: 2
Requires: [Strength >= 3]
Keywords: Ranged

weapon Knife
Damage: 2
Range: 1

power Shoot
Target: Enemy in [Weapon Range]
Result: [Weapon] damage
Keywords: Ranged

power Shout
Target: Self
Result: gain 1 CP

actor Ana
Stats: Strength 3
Resources: HP 20, Max HP 20, CP 0
Powers: Shoot, Shout
Equipment: Bow, Knife

actor Weakling
Stats: Strength 1
Resources: HP 20, Max HP 20, CP 0
Powers: Shoot, Shout
Equipment: Bow

actor Bo
Resources: HP 20, Max HP 20
";

fn bow_game() -> mythforge::runtime::Game {
    let mut game = game(BOW);
    for (name, block) in [("Ana", "Ana"), ("Weakling", "Weakling"), ("Bo", "Bo")] {
        game.add_actor(name, Some(block), &[]).unwrap();
    }
    game
}

#[test]
fn a_weapon_s_requirement_is_enforced_when_the_weapon_is_used() {
    let mut game = bow_game();
    game.use_power(&PowerUse::new("Ana", "Shoot").at(["Bo"])).unwrap();
    assert_eq!(hp(&mut game, "Bo"), 15);
    let error = game.use_power(&PowerUse::new("Weakling", "Shoot").at(["Bo"])).unwrap_err();
    let (diagnostic, at) = super::failure(&game, &error);
    assert_eq!(diagnostic.code, "runtime::weapon_requirement");
    assert_eq!(
        diagnostic.message,
        "Weakling cannot use Bow: requirement `[Strength >= 3]` does not hold"
    );
    assert_eq!(at, "Requires: [Strength >= 3]");
    assert_eq!(hp(&mut game, "Bo"), 15);
    // A power that does not read its weapon does not use it.
    game.use_power(&PowerUse::new("Weakling", "Shout")).unwrap();
    // Named on the request, the weapon is used whatever the power reads.
    let mut named = PowerUse::new("Weakling", "Shout");
    named.options.weapon = Some("Bow".into());
    let error = game.use_power(&named).unwrap_err();
    assert_eq!(super::failure(&game, &error).0.code, "runtime::weapon_requirement");
}

#[test]
fn with_weapon_must_name_a_weapon_the_user_has_equipped() {
    let mut game = bow_game();
    let mut knife = PowerUse::new("Weakling", "Shoot").at(["Bo"]);
    knife.options.weapon = Some("Knife".into());
    let error = game.use_power(&knife).unwrap_err();
    let (diagnostic, _) = super::failure(&game, &error);
    assert_eq!(diagnostic.code, "runtime::not_equipped");
    assert_eq!(diagnostic.message, "Weakling does not have `Knife` equipped");
    assert_eq!(diagnostic.help.as_deref(), Some("Weakling's equipped weapons: Bow"));
    let mut close = PowerUse::new("Ana", "Shoot").at(["Bo"]);
    close.options.weapon = Some("Knive".into());
    let error = game.use_power(&close).unwrap_err();
    let (diagnostic, _) = super::failure(&game, &error);
    assert_eq!(diagnostic.code, "runtime::unknown");
    assert_eq!(diagnostic.help.as_deref(), Some("did you mean `Knife`?"));
    // Ana has the knife: its damage, not the bow's.
    let mut knife = PowerUse::new("Ana", "Shoot").at(["Bo"]);
    knife.options.weapon = Some("knife".into());
    game.use_power(&knife).unwrap();
    assert_eq!(hp(&mut game, "Bo"), 18);
}

#[test]
fn a_weapon_s_minimum_range_refuses_nearer_targets() {
    use mythforge::engine::Hex;
    let mut game = bow_game();
    game.place("Ana", Some(Hex { q: 0, r: 0 })).unwrap();
    game.place("Bo", Some(Hex { q: 1, r: 0 })).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Shoot").at(["Bo"])).unwrap_err();
    let (diagnostic, at) = super::failure(&game, &error);
    assert_eq!(diagnostic.code, "runtime::space");
    assert_eq!(diagnostic.message, "Bo is 1 hex away; Bow has a minimum range of 2");
    assert_eq!(at, "Minimum range: 2");
    assert_eq!(hp(&mut game, "Bo"), 20);
    game.place("Bo", Some(Hex { q: 2, r: 0 })).unwrap();
    game.use_power(&PowerUse::new("Ana", "Shoot").at(["Bo"])).unwrap();
    assert_eq!(hp(&mut game, "Bo"), 15);
}

#[test]
fn a_minimum_range_bounds_only_uses_that_reach_with_the_weapon() {
    use mythforge::engine::Hex;
    // A stab with the bow's own reach rule (`Enemy in 1`) is a melee use: the bow's
    // `Minimum range: 2` bounds the shot (`Enemy in [Weapon Range]`), not the stab.
    let rules = BOW.replace(
        "power Shout\n",
        "power Stab\nTarget: Enemy in 1\nResult: [Weapon] damage\nKeywords: Melee\n\npower Shout\n",
    )
    .replace("Powers: Shoot, Shout\nEquipment: Bow, Knife", "Powers: Shoot, Stab, Shout\nEquipment: Bow, Knife");
    let mut game = game(&rules);
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Bo", Some("Bo"), &[]).unwrap();
    game.place("Ana", Some(Hex { q: 0, r: 0 })).unwrap();
    game.place("Bo", Some(Hex { q: 1, r: 0 })).unwrap();
    game.use_power(&PowerUse::new("Ana", "Stab").at(["Bo"])).unwrap();
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 15);
    let error = game.use_power(&PowerUse::new("Ana", "Shoot").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "Bo is 1 hex away; Bow has a minimum range of 2");
}

#[test]
fn a_target_line_reading_a_range_the_weapon_does_not_write_is_refused() {
    // A missing weapon line reads 0, but a reach of 0 on a Target line would reach nobody.
    let mut game = game(&BOW.replace("Damage: 2\nRange: 1\n", "Damage: 2\n"));
    game.add_actor("Ana", Some("Ana"), &[]).unwrap();
    game.add_actor("Bo", Some("Bo"), &[]).unwrap();
    let mut knife = PowerUse::new("Ana", "Shoot").at(["Bo"]);
    knife.options.weapon = Some("Knife".into());
    let error = game.use_power(&knife).unwrap_err();
    let (diagnostic, at) = super::failure(&game, &error);
    assert_eq!(diagnostic.code, "rules::eval::weapon_line_missing");
    assert_eq!(
        diagnostic.message,
        "Knife writes no `Range:` line for `[Weapon Range]` on this Target line"
    );
    assert_eq!(at, "Weapon Range");
    assert_eq!(hp(&mut game, "Bo"), 20);
}
