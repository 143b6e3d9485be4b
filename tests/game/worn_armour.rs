//! Armour that changes its wearer: `Modifiers:` held while worn (a sheet shows them as a
//! condition named after the armour), `Requires:` tested when the wearer joins (after its
//! traits' conditions), and an armour with only modifiers is no damage layer.

use mythforge::diagnostics::ToDiagnostic;
use mythforge::runtime::Game;

const RULES: &str = "system Tiny\nStats: Strength, Stamina, Agility\n\
Resource Health: max [10 + Stamina]; start [10 + Stamina]\n\n\
condition Trained\nModifiers: +2 Strength\n\n\
feat Soldier\nEffect: apply Trained to Self\n\n\
armour Cuirass\nModifiers: +2 Stamina, -1 Agility\nRequires: [Strength >= 3]\n\n\
armour Mail\nValue: 3\nModifiers: +1 Stamina\n\n\
actor Soldier\nStats: Strength 1, Stamina 1, Agility 2\nTraits: Soldier\nEquipment: Cuirass\n\n\
actor Weakling\nStats: Strength 1, Stamina 1, Agility 2\nEquipment: Cuirass\n\n\
actor Knight\nStats: Strength 1, Stamina 1, Agility 2\nEquipment: Mail\n";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("t.rules", RULES).expect("the pack loads");
    game
}

#[test]
fn worn_armour_modifies_its_wearer_and_its_starting_health() {
    let mut game = game();
    game.add_actor("Soldier", Some("Soldier"), &[]).unwrap();
    assert_eq!(game.effective("Soldier", "Stamina"), Some((3, 1)));
    assert_eq!(game.effective("Soldier", "Agility"), Some((1, 2)));
    let soldier = game.world().actor("Soldier").unwrap();
    let health = soldier.resources["Health"];
    assert_eq!((health.current, health.max), (13, Some(13)));
    let held: Vec<(&str, Option<&str>)> =
        soldier.conditions.active.iter().map(|c| (c.name.as_str(), c.source.as_deref())).collect();
    assert_eq!(held, [("Trained", Some("Soldier")), ("Cuirass", Some("Cuirass"))]);
}

#[test]
fn armour_with_only_modifiers_is_no_layer_and_one_with_a_value_is_both() {
    let mut game = game();
    game.add_actor("Soldier", Some("Soldier"), &[]).unwrap();
    game.add_actor("Knight", Some("Knight"), &[]).unwrap();
    assert!(game.world().actor("Soldier").unwrap().layered.is_empty());
    let mark = game.mark();
    game.deal_damage("Soldier", 4, None).unwrap();
    let log = game.transcript_since(mark);
    assert!(!log.contains("absorbs"), "{log}");
    assert_eq!(game.world().actor("Soldier").unwrap().resources["Health"].current, 9);
    assert_eq!(game.world().actor("Knight").unwrap().layered.len(), 1);
    assert_eq!(game.effective("Knight", "Stamina"), Some((2, 1)));
}

#[test]
fn an_unmet_armour_requirement_refuses_the_join_and_changes_nothing() {
    let mut game = game();
    let before = serde_json::to_string(game.world()).unwrap();
    let error = game.add_actor("Weakling", Some("Weakling"), &[]).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "runtime::actor_value");
    assert_eq!(diagnostic.message, "Weakling cannot wear Cuirass: it requires [Strength >= 3]");
    assert_eq!(
        diagnostic.help.as_deref(),
        Some("take Cuirass off Weakling's `Equipment:` line, or give Weakling what it requires")
    );
    assert_eq!(&RULES[diagnostic.primary_span().range()], "Requires: [Strength >= 3]");
    assert_eq!(serde_json::to_string(game.world()).unwrap(), before);
}

#[test]
fn a_condition_named_like_an_armour_with_modifiers_is_refused() {
    let rules = format!("{RULES}\ncondition Cuirass\nModifiers: +1 Strength\n");
    let errors = Game::new(1).load_source("t.rules", &rules).expect_err("check refuses");
    let error = errors.iter().find(|d| d.code == "rules::check::worn_name_taken").unwrap();
    assert_eq!(error.message, "armour `Cuirass` has modifiers, and a condition has its name");
    assert_eq!(&rules[error.primary_span().range()], "Cuirass");
    assert!(rules[..error.primary_span().start as usize].ends_with("condition "));
}
