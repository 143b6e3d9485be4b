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
    assert!(transcript.contains("Ana rolls 1d8 = 6"), "{transcript}");
}

#[test]
fn a_weapon_s_dice_added_up_in_an_expression_is_refused() {
    let rules = DAGGER.replace("Result: [Weapon] damage", "Result: [Weapon + Grade] damage");
    let (errors, text) = refused(&rules);
    let error = one(&errors, "rules::check::weapon_dice_in_expression");
    assert_eq!(
        error.message,
        "this reads the weapon's Damage as a number, but `Dagger`'s is dice (1d8)"
    );
    assert_eq!(spanned(error, &text).0, "Weapon");
    assert!(error.help.as_deref().unwrap().contains("give `Dagger` a number"), "{error:?}");
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
