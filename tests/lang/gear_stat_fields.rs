//! A gear field of type `stat` (`Weapon fields: Skill stat`, `Skill: Long Sword`): it prints
//! back as written, reads as the wielder's value of the stat it names (`[Weapon Skill]`),
//! gives the weapon no keywords, and `check` refuses a stat the system lacks (with
//! did-you-mean) or a value that is no stat name.

use mythforge::diagnostics::Diagnostic;
use mythforge::runtime::{Game, PowerUse};

const RULES: &str = "\
system S
Stats: Long Sword, Bow
Resource HP: max 20
Weapon fields: Skill stat required, Type keyword

weapon Sword
Damage: 1d8
Skill: Long Sword
Type: Melee

power Cut
Target: Enemy
Result: [Weapon Skill] damage

power Parry
Target: Self
While: wielding a Sword
Result: 1 damage

actor Duellist
Stats: Long Sword 7, Bow 2
Resources: HP 20
Powers: Cut, Parry
Equipment: Sword
";

/// The errors `check` finds in `rules`, with the text each primary label points at.
fn refused(rules: &str) -> Vec<(Diagnostic, String)> {
    let errors = Game::new(1).load_source("t.rules", rules).expect_err("check refuses the pack");
    errors
        .into_iter()
        .filter(Diagnostic::is_error)
        .map(|d| {
            let at = rules[d.primary_span().range()].to_string();
            (d, at)
        })
        .collect()
}

#[test]
fn a_stat_field_prints_as_written_and_reads_the_wielders_stat() {
    let (file, diagnostics) =
        mythforge::parse::parse_file(mythforge::diagnostics::FileId(0), "t.rules".as_ref(), RULES);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    assert_eq!(mythforge::model::format_file(&file), RULES);
    let mut game = Game::new(1);
    game.load_source("t.rules", RULES).unwrap();
    game.add_actor("Ana", Some("Duellist"), &[]).unwrap();
    game.add_actor("Bo", Some("Duellist"), &[]).unwrap();
    game.use_power(&PowerUse::new("Ana", "Cut").at(["Bo"])).unwrap();
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 13);
}

#[test]
fn the_words_of_a_stat_field_are_no_keywords_of_the_weapon() {
    // `wielding a Sword` holds by the weapon's name; `Long Sword` is its skill, not its
    // keywords: `wielding a Long` names nothing the weapon has, so it could never hold and
    // `check` refuses it (typing the field as the runtime does).
    let rules = RULES.replace("While: wielding a Sword", "While: wielding a Long");
    let errors = refused(&rules);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (error, at) = &errors[0];
    assert_eq!(error.code, "rules::check::unknown_gear");
    assert_eq!(
        error.message,
        "no weapon or armour is or has `Long`, so this `While` test never holds"
    );
    assert_eq!(at, "Long");
}

#[test]
fn a_stat_the_system_lacks_is_refused_with_did_you_mean() {
    let errors = refused(&RULES.replace("Skill: Long Sword", "Skill: Long Swrod"));
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (error, at) = &errors[0];
    assert_eq!(error.code, "rules::check::unknown_stat");
    assert_eq!(error.message, "unknown stat `Long Swrod`");
    assert_eq!(at, "Long Swrod");
    assert_eq!(error.help.as_deref(), Some("did you mean `Long Sword`?"));
}

#[test]
fn a_number_where_a_stat_is_declared_is_refused() {
    let errors = refused(&RULES.replace("Skill: Long Sword", "Skill: 3"));
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (error, at) = &errors[0];
    assert_eq!(error.code, "rules::check::field_type");
    assert_eq!(error.message, "`Skill` is a number here, and a stat field");
    assert_eq!(at, "Skill: 3");
    assert!(error.help.as_deref().unwrap().contains("(`Long Sword`)"), "{error:?}");
}
