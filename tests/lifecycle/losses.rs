//! Row "`lose` / `spend` / a script's `change_resource` below 0 silently clamps at 0": a
//! `spend` is a cost (the use fails and changes nothing when it cannot be paid), a `lose`
//! takes what there is and says so, and a script going below the minimum is refused.

use mythforge::diagnostics::ToDiagnostic;
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "
system Tiny
Stats: Attack
Resource Focus: start 0; no max
Functions: drain

power Overreach
Target: Self
Result: gain 1 Focus and spend 5 Focus

power Sap
Target: Enemy
Result: lose 5 Focus

power Siphon
Target: Enemy
Result: script drain(Target)

actor Mage
Stats: Attack 1
Resources: Focus 3
Powers: Overreach, Sap, Siphon
";

const SCRIPT: &str = "fn drain(target) { target.change_resource(\"Focus\", -5); }";

fn game() -> Game {
    let mut game = Game::new(3);
    game.load_source_with_scripts("test.rules", PACK, &[("test.rhai", SCRIPT)]).unwrap();
    game.add_actor("Ana", Some("Mage"), &[]).unwrap();
    game.add_actor("Bo", Some("Mage"), &[]).unwrap();
    game
}

fn focus(game: &Game, actor: &str) -> i64 {
    game.world().actor(actor).unwrap().resources["Focus"].current
}

#[test]
fn a_spend_that_cannot_be_paid_fails_the_use_and_changes_nothing() {
    let mut game = game();
    let mark = game.mark();
    let error = game.use_power(&PowerUse::new("Ana", "Overreach")).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "engine::cannot_pay");
    assert_eq!(diagnostic.message, "Ana needs 5 Focus but has 4: short by 1");
    assert_eq!(focus(&game, "Ana"), 3, "the gain before it is taken back too");
    assert_eq!(game.mark(), mark);
}

#[test]
fn a_loss_takes_what_there_is_and_says_so() {
    let mut game = game();
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Sap").at(["Bo"])).unwrap();
    assert_eq!(focus(&game, "Bo"), 0);
    let transcript = game.transcript_since(mark);
    assert!(
        transcript.contains(
            "Bo has only 3 Focus to lose: loses 3 of 5 (Focus cannot go below 0)\nBo: Focus 3 -> 0"
        ),
        "{transcript}"
    );
}

#[test]
fn a_script_taking_a_resource_below_its_minimum_is_refused() {
    let mut game = game();
    let error = game.use_power(&PowerUse::new("Ana", "Siphon").at(["Bo"])).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert!(
        diagnostic.message.contains(
            "Bo has 3 Focus: `change_resource` cannot take 5 (it would go below 0); take at most 3"
        ),
        "{diagnostic:?}"
    );
    assert_eq!(focus(&game, "Bo"), 3);
}
