//! `When Stamina reaches 0:` fires for any change that takes the resource from above 0 to 0
//! or below — a GM's `set`, a cost, a loss — and not again while it stays at or below 0
//! (rising from -2 to 0, or falling further), until it has been above 0.

use crate::common::sessions::run;

const RULES: &str = "system Zeroes
Resource Stamina: max 10; min -10
Resource Marks: start 0; no max
When Stamina reaches 0: gain 1 Marks

power Lunge
Target: Self
Cost: 3 Stamina
Result: gain 0 Marks

actor Body
Resources: Stamina 10
Powers: Lunge
";

fn marks(session: &mythforge::session::Session<mythforge::runtime::Game>) -> i64 {
    session.backend().world().actor("Ana").unwrap().resources["Marks"].current
}

fn session() -> mythforge::session::Session<mythforge::runtime::Game> {
    let mut game = mythforge::runtime::Game::new(1);
    game.load_source("zeroes.rules", RULES).unwrap();
    let mut session = mythforge::session::Session::new(game, 1);
    run(&mut session, "actor Ana from Body\n");
    session
}

#[test]
fn a_gm_set_to_zero_or_across_it_fires_once() {
    let mut session = session();
    let out = run(&mut session, "set Ana Stamina to 0\n");
    assert!(out.contains("Ana (Stamina reaches 0)"), "{out}");
    assert_eq!(marks(&session), 1);
    // Already at 0: further down, and back up to 0, do not reach it again.
    let out = run(&mut session, "set Ana Stamina to -2\nset Ana Stamina to 0\n");
    assert!(!out.contains("reaches 0"), "{out}");
    assert_eq!(marks(&session), 1);
    // From above, straight across 0 to -2: it reaches 0.
    let out = run(&mut session, "set Ana Stamina to 3\nset Ana Stamina to -2\n");
    assert!(out.contains("Ana: Stamina 3 -> -2"), "{out}");
    assert!(out.contains("Ana (Stamina reaches 0)"), "{out}");
    assert_eq!(marks(&session), 2);
}

#[test]
fn a_cost_that_crosses_zero_fires() {
    let mut session = session();
    run(&mut session, "set Ana Stamina to 2\n");
    let out = run(&mut session, "Ana uses Lunge\n");
    assert!(out.contains("Ana (Stamina reaches 0)"), "{out}");
    assert_eq!(session.backend().world().actor("Ana").unwrap().resources["Stamina"].current, -1);
    assert_eq!(marks(&session), 1);
}
