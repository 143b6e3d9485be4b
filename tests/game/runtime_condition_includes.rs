//! Conditions included by others: a copy included against everyone wins over one included
//! against a single creature, in either order; a condition modifier that fails to evaluate
//! is an error at its line, not a silent 0.

use mythforge::diagnostics::Span;
use mythforge::engine::{ActiveCondition, Expiry, StackRule};
use mythforge::runtime::{CheckRequest, Game};

const PACK: &str = "\
system Includes
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max
Default check: Flat

check Flat
Method: pool
Dice: 1d10
Modifier: each die
Success: >= [Threshold]

condition Frightened
Includes: Dazed

condition Stunned
Includes: Dazed

condition Dazed
Modifiers: -2 Attack

condition Confused
Modifiers: -[1 / 0] Attack

actor Hero
Stats: Attack 3, Defense 10
Resources: HP 20, Max HP 20
";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("includes.rules", PACK).expect("the pack loads");
    for name in ["Ana", "Bo", "Cy"] {
        game.add_actor(name, Some("Hero"), &[]).unwrap();
    }
    game
}

fn give(game: &mut Game, condition: &str, against: Option<&str>) {
    let mut active = ActiveCondition::new(condition, Expiry::UntilRemoved);
    active.against = against.map(String::from);
    game.world_mut().apply_condition("Ana", active, StackRule::Never, Span::NONE).unwrap();
}

/// Ana's Attack check total with a forced 5, against `against`.
fn total(game: &mut Game, against: Option<&str>) -> i64 {
    game.world_mut().roller.force([5]);
    let request = CheckRequest {
        actor: "Ana".into(),
        stats: vec!["Attack".into()],
        threshold: 30,
        against: against.map(String::from),
        ..CheckRequest::default()
    };
    game.check(&request).unwrap().totals[0]
}

#[test]
fn dazed_included_against_everyone_wins_over_the_copy_against_one_creature_in_either_order() {
    for everyone_first in [false, true] {
        let mut game = game();
        assert_eq!(total(&mut game, None), 8, "5 + Attack 3");
        if everyone_first {
            give(&mut game, "Stunned", None);
            give(&mut game, "Frightened", Some("Bo"));
        } else {
            give(&mut game, "Frightened", Some("Bo"));
            give(&mut game, "Stunned", None);
        }
        // Dazed's -2 counts everywhere, and only once against Bo.
        assert_eq!(total(&mut game, None), 6, "everyone first: {everyone_first}");
        assert_eq!(total(&mut game, Some("Cy")), 6, "everyone first: {everyone_first}");
        assert_eq!(total(&mut game, Some("Bo")), 6, "everyone first: {everyone_first}");
        let included = game.included_conditions("Ana");
        assert_eq!(included, [("Dazed".to_string(), "Stunned".to_string())]);
    }
}

#[test]
fn dazed_included_against_one_creature_only_counts_against_it() {
    let mut game = game();
    give(&mut game, "Frightened", Some("Bo"));
    assert_eq!(total(&mut game, None), 8);
    assert_eq!(total(&mut game, Some("Bo")), 6);
}

#[test]
fn a_failing_modifier_held_against_one_creature_is_an_error_at_the_condition_line() {
    let mut game = game();
    give(&mut game, "Confused", Some("Bo"));
    // Against anyone else the copy does not count, so nothing is evaluated.
    assert_eq!(total(&mut game, Some("Cy")), 8);
    game.world_mut().roller.force([5]);
    let request = CheckRequest {
        actor: "Ana".into(),
        stats: vec!["Attack".into()],
        threshold: 30,
        against: Some("Bo".into()),
        ..CheckRequest::default()
    };
    let error = game.check(&request).unwrap_err();
    assert!(error.to_string().contains("division by zero"), "{error}");
    let location = game.sources().line_col(error.span).unwrap();
    assert_eq!(location.line, 23, "the Confused Modifiers line");
}
