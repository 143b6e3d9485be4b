//! A declared stat, resource or derived value whose name does not read back as one name (a
//! lower-case reserved word, a possessive `'s`) is refused where it is declared, with the
//! caret under the word and the spelling that reads back; so is a resource an actor's
//! `Level:` line shadows.

use mythforge::diagnostics::Diagnostic;
use mythforge::runtime::Game;

/// The errors `check` finds in `rules`, each with the text its caret is under.
fn refused(rules: &str) -> Vec<(Diagnostic, String)> {
    let errors = Game::new(1).load_source("t.rules", rules).expect_err("check refuses the pack");
    let errors = errors.into_iter().filter(Diagnostic::is_error);
    errors.map(|d| (d.clone(), rules[d.primary_span().range()].to_string())).collect()
}

#[test]
fn a_lower_case_reserved_word_in_a_stat_name_is_refused_with_the_capitalised_spelling() {
    let rules = "system Tiny\nStats: Stamina\nStats Class Numbers: Health per Stamina\n";
    let errors = refused(rules);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (error, at) = &errors[0];
    assert_eq!(error.code, "rules::check::unreadable_name");
    assert_eq!(at, "per");
    assert_eq!(
        error.message,
        "`Health per Stamina` cannot be read back as one name: `per` splits it wherever it is read"
    );
    assert_eq!(
        error.help.as_deref(),
        Some(
            "a lower-case `per` ends a name wherever it is read; capitalise it: `Health Per Stamina`"
        )
    );
    let (line, column) = (3, 29);
    assert_eq!(&rules[error.primary_span().range()], "per");
    let before = &rules[..error.primary_span().start as usize];
    assert_eq!(before.lines().count(), line);
    assert_eq!(before.len() - before.rfind('\n').unwrap(), column);
}

#[test]
fn a_possessive_in_a_resource_name_is_refused_with_the_spelling_without_it() {
    let rules = "system Tiny\nStats: Stamina\nResource Undine's Charges: start 0; no max\n";
    let errors = refused(rules);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (error, at) = &errors[0];
    assert_eq!(error.code, "rules::check::unreadable_name");
    assert_eq!(at, "Undine's");
    assert_eq!(
        error.help.as_deref(),
        Some("`Undine's X` reads as Undine's value X; name it without the `'s`: `Undine Charges`")
    );
}

#[test]
fn the_capitalised_multi_word_stat_reads_in_modifiers() {
    let rules = "system Tiny\nStats: Stamina\nStats Class Numbers: Health Per Stamina\n\
                 Default Health Per Stamina: 1\nResource Health: max [10 + Health Per Stamina * Stamina]\n\n\
                 condition Tough\nModifiers: +1 Health Per Stamina, +2 Stamina\n\n\
                 actor Tank\nStats: Stamina 2\nConditions: Tough\n";
    let mut game = Game::new(1);
    game.load_source("t.rules", rules).expect("the pack loads");
    game.add_actor("Tank", Some("Tank"), &[]).unwrap();
    assert_eq!(game.effective("Tank", "Health Per Stamina").unwrap().0, 2);
    let health = game.world().actor("Tank").unwrap().resources["Health"];
    assert_eq!(health.max, Some(18));
}

#[test]
fn a_resource_named_like_an_actors_level_line_is_refused_where_an_actor_gives_one() {
    let rules = "system Tiny\nResource HP: max 10\nResource Level: start 3; no max\n\n\
                 actor Ana\nLevel: 5\nResources: HP 2\n";
    let errors = refused(rules);
    assert_eq!(errors.len(), 1, "{errors:#?}");
    let (error, at) = &errors[0];
    assert_eq!(error.code, "rules::check::resource_shadowed");
    assert_eq!(
        error.message,
        "the resource `Level` is named like an actor's `Level:` line, which `[Level]` reads \
         first: no bracket would read the resource"
    );
    assert_eq!(at, "Level");
    assert_eq!(
        error.help.as_deref(),
        Some(
            "name the resource for what it counts (`Resource Rank`), or drop the actors' `Level:` lines"
        )
    );
    // Without an actor giving a Level, the resource is the only Level: fine.
    let alone = "system Tiny\nResource HP: max 10\nResource Level: start 3; no max\n";
    assert!(Game::new(1).load_source("t.rules", alone).is_ok());
}
