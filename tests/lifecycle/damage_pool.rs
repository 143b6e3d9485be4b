//! Row "damage to an actor whose system has no `Damage pool` goes into the first resource
//! with a max": damage goes to the first `Layered` line's resource, else to the one resource
//! with a maximum; a system that deals damage and says neither is refused by `check`.

use mythforge::runtime::PowerUse;

use super::common::{check, game};

const PACK: &str = "
system Tiny
Stats: Attack
Resource Focus: max 5
Resource HP: max 30

power Jab
Target: Enemy
Result: 4 damage

actor Fighter
Stats: Attack 1
Resources: HP 30, Focus 5
Powers: Jab
";

#[test]
fn check_refuses_damage_when_several_resources_have_a_maximum() {
    let diagnostics = check(PACK);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    let refused = &diagnostics[0];
    assert_eq!(refused.code, "rules::check::no_damage_pool");
    assert_eq!(refused.message, "the system does not say which resource damage and healing go to");
    let at = PACK.find("4 damage").unwrap();
    assert_eq!(refused.primary_span().range(), at..at + "4 damage".len());
    assert_eq!(
        refused.help.as_deref(),
        Some(
            "several resources have a maximum (Focus, HP): say which one damage and healing go \
             to with a layered pool in front of it, `Layered Body: Focus`"
        )
    );
    let none = check(&PACK.replace("max 5", "no max").replace("max 30", "no max"));
    assert_eq!(none.len(), 1, "{none:#?}");
    assert!(none[0].help.as_deref().unwrap().starts_with("declare the health resource"));
}

#[test]
fn a_layered_line_says_where_damage_goes() {
    let mut game =
        game(&PACK.replace("Resource HP: max 30", "Resource HP: max 30\nLayered Body: HP"));
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    let bo = game.world().actor("Bo").unwrap();
    assert_eq!((bo.resources["HP"].current, bo.resources["Focus"].current), (26, 5));
}

#[test]
fn the_one_resource_with_a_maximum_takes_the_damage() {
    let mut game = game(&PACK.replace("Resource Focus: max 5", "Resource Focus: no max"));
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 26);
}

#[test]
fn damage_a_script_deals_in_a_system_that_does_not_say_where_it_goes_is_refused() {
    // The rule lines deal no damage, so `check` passes; the script's damage is refused at
    // run time and changes nothing.
    let pack = PACK
        .replace("Result: 4 damage", "Result: script jab(Target)")
        .replace("Stats: Attack\n", "Stats: Attack\nFunctions: jab\n");
    let mut game = mythforge::runtime::Game::new(7);
    game.load_source_with_scripts(
        "test.rules",
        &pack,
        &[("jab.rhai", "fn jab(t) { t.damage(4) }")],
    )
    .unwrap();
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "script error: the system does not say which resource damage and healing go to"
    );
    let bo = game.world().actor("Bo").unwrap();
    assert_eq!((bo.resources["HP"].current, bo.resources["Focus"].current), (30, 5));
}
