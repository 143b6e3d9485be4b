//! `push Target 1 into occupied hexes as Crowded`: a forced move that may end on an occupied
//! cell, the mover and the one standing there both holding the named condition (source
//! `sharing q,r`) until one of them moves away; without the option a push stops before the
//! occupied cell; a voluntary move ending there stays refused; the option on a move that is
//! not forced is a parse error; `, the one there as Jostled` gives the one standing there a
//! condition of its own. On the shipped Mythmaster pack's Shove: the one standing there is
//! Jostled (a 21C or Down), and Crowded forbids combat actions until one has moved out.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

const RULES: &str = "system Crowds
Resource HP: max 10

condition Crowded
Details: sharing a cell

power Shove
Target: Enemy in 1
Result: push Target 2 hexes into occupied hexes as Crowded

power Nudge
Target: Enemy in 1
Result: push Target 2 hexes

power Step
Target: Self
Result: walk up to 3 hexes

actor Body
Resources: HP 10
Powers: Shove, Nudge, Step
";

fn session() -> Session<Game> {
    let mut game = Game::new(1);
    game.load_source("crowds.rules", RULES).unwrap();
    let mut session = Session::new(game, 1);
    run(
        &mut session,
        "actor Ana from Body\nactor Bo from Body\nactor Cy from Body\n\
         place Ana at 0,0\nplace Bo at 1,0\nplace Cy at 2,0\n",
    );
    session
}

fn at(session: &Session<Game>, actor: &str) -> String {
    session.backend().world().actor(actor).unwrap().position.unwrap().to_string()
}

fn crowded(session: &Session<Game>, actor: &str) -> Vec<String> {
    let actor = session.backend().world().actor(actor).unwrap();
    actor
        .conditions
        .active
        .iter()
        .filter(|c| c.name == "Crowded")
        .map(|c| c.source.clone().unwrap_or_default())
        .collect()
}

#[test]
fn a_push_into_an_occupied_cell_shares_it_until_one_moves_away() {
    let mut session = session();
    let out = run(&mut session, "Ana uses Shove on Bo\n");
    // It stops on the first occupied cell, 1 of its 2 hexes.
    assert!(out.contains("Bo push: 1,0 -> 2,0 (1 hex)"), "{out}");
    assert!(out.contains("Bo and Cy share 2,0"), "{out}");
    assert_eq!((at(&session, "Bo"), at(&session, "Cy")), ("2,0".into(), "2,0".into()));
    assert_eq!(crowded(&session, "Bo"), ["sharing 2,0"]);
    assert_eq!(crowded(&session, "Cy"), ["sharing 2,0"]);
    // Cy steps away: both lose it.
    let out = run(&mut session, "Cy uses Step to 4,0\n");
    assert!(out.contains("Bo loses Crowded"), "{out}");
    assert!(out.contains("Cy loses Crowded"), "{out}");
    assert!(crowded(&session, "Bo").is_empty() && crowded(&session, "Cy").is_empty());
}

#[test]
fn undo_takes_the_shared_cell_back() {
    let mut session = session();
    run(&mut session, "Ana uses Shove on Bo\nundo\n");
    assert_eq!(at(&session, "Bo"), "1,0");
    assert!(crowded(&session, "Bo").is_empty() && crowded(&session, "Cy").is_empty());
}

#[test]
fn without_the_option_a_push_stops_before_the_occupied_cell() {
    let mut session = session();
    let out = run(&mut session, "Ana uses Nudge on Bo\n");
    assert!(out.contains("Bo is stopped at 1,0 (2,0 is blocked)"), "{out}");
    assert_eq!(at(&session, "Bo"), "1,0");
    assert!(crowded(&session, "Cy").is_empty());
}

#[test]
fn a_voluntary_move_still_may_not_end_on_an_occupied_cell() {
    let mut session = session();
    let refused = session.run_text("x.session", "Ana uses Step to 2,0\n", None);
    let failure = format!("{:?}", refused.failure.expect("occupied"));
    assert!(failure.contains("2,0 is occupied by Cy"), "{failure}");
    assert!(failure.contains("pick an empty hex"), "{failure}");
}

#[test]
fn the_option_on_a_move_that_is_not_forced_is_refused() {
    let rules =
        RULES.replace("walk up to 3 hexes", "walk up to 3 hexes into occupied hexes as Crowded");
    let error = Game::new(1).load_source("crowds.rules", &rules).expect_err("refused");
    let error = format!("{error:?}");
    assert!(
        error.contains("only a push or a pull may end on an occupied cell; a walk never does"),
        "{error}"
    );
    assert!(error.contains("push Target 1 into occupied hexes as Crowded"), "{error}");
}

#[test]
fn an_unknown_condition_is_refused() {
    let rules = RULES.replace("hexes as Crowded", "hexes as Crowed");
    let error =
        format!("{:?}", Game::new(1).load_source("crowds.rules", &rules).expect_err("refused"));
    assert!(error.contains("Crowed"), "{error}");
    assert!(error.contains("did you mean `Crowded`?"), "{error}");
}

#[test]
fn the_one_standing_there_may_hold_a_condition_of_its_own() {
    let rules = RULES
        .replace("hexes as Crowded\n", "hexes as Crowded, the one there as Jostled\n")
        .replace(
            "condition Crowded\n",
            "condition Jostled\nDetails: pushed into\n\ncondition Crowded\n",
        );
    let mut game = Game::new(1);
    game.load_source("crowds.rules", &rules).unwrap();
    let mut session = Session::new(game, 1);
    run(
        &mut session,
        "actor Ana from Body\nactor Bo from Body\nactor Cy from Body\n\
         place Ana at 0,0\nplace Bo at 1,0\nplace Cy at 2,0\n",
    );
    let out = run(&mut session, "Ana uses Shove on Bo\n");
    assert!(out.contains("Bo gains Crowded\nCy gains Jostled\n"), "{out}");
    assert_eq!(crowded(&session, "Bo"), ["sharing 2,0"]);
    assert!(crowded(&session, "Cy").is_empty());
    let out = run(&mut session, "Bo uses Step to 4,0\n");
    assert!(out.contains("Cy loses Jostled"), "{out}");
    // It prints as written.
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "c.rules", &rules);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    let printed = mythforge::model::format_file(&file);
    assert!(
        printed.contains(
            "Result: push Target 2 hexes into occupied hexes as Crowded, the one there as Jostled\n"
        ),
        "{printed}"
    );
}

#[test]
fn mythmasters_shove_forces_grok_into_wrens_hex() {
    let mut session = session_after(
        "load \"rules/mythmaster\"\nactor Aldric from Aldric\nactor Grok from Grok\n\
         actor Wren from Wren\nplace Aldric at 0,0\nplace Grok at 1,0\nplace Wren at 2,0\n\
         encounter Aldric, Wren, Grok\ngrant power Shove to Aldric\n",
    );
    // Physical 4 + 20 = 24 against Grok's block 1 + Melee 11 = 12; Wren, standing there, is
    // Jostled: 19 + Physical 4 = 23 passes the 21C.
    let out = run(&mut session, "force 20, 1, 19\nAldric uses Shove on Grok\n");
    assert!(out.contains("Aldric: 24 vs 12: attacker wins by 12"), "{out}");
    assert!(out.contains("Grok push: 1,0 -> 2,0 (1 hex)"), "{out}");
    assert!(
        out.contains("Grok and Wren share 2,0\nGrok gains Crowded\nWren gains Jostled"),
        "{out}"
    );
    assert!(out.contains("Wren: 19 -> 23 vs 21: success"), "{out}");
    assert_eq!(crowded(&session, "Grok"), ["sharing 2,0"]);
    // Crowded, Grok must move out before any combat action.
    let refused = session.run_text(
        "t.session",
        "next turn\nnext turn\nGrok uses Fast Attack on Wren\n",
        None,
    );
    let failure = refused.failure.expect("forbidden");
    assert_eq!(failure[0].message, "Grok cannot use Fast Attack: Crowded forbids Combat powers");
    let out = run(&mut session, "Grok uses Move to 1,1\n");
    assert!(out.contains("Grok loses Crowded"), "{out}");
    assert!(out.contains("Wren loses Jostled"), "{out}");
}

#[test]
fn a_jostled_character_failing_its_21c_is_down() {
    let mut session = session_after(
        "load \"rules/mythmaster\"\nactor Aldric from Aldric\nactor Grok from Grok\n\
         actor Wren from Wren\nplace Aldric at 0,0\nplace Grok at 1,0\nplace Wren at 2,0\n\
         encounter Aldric, Wren, Grok\ngrant power Shove to Aldric\n",
    );
    let out = run(&mut session, "force 20, 1, 3\nAldric uses Shove on Grok\n");
    assert!(out.contains("Wren: 3 -> 7 vs 21: failure\nWren gains Down"), "{out}");
}
