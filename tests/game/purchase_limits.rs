//! `Per turn: ...; 1 Stamina buys 1 Basic or 1 Combat, once per turn`: a purchase bought at
//! most so many times a turn (`once`, `twice`, `N times`); the next use past the quota is
//! refused with the purchase named, nothing paid, and the count starts again next turn. A
//! malformed limit is a parse error; the line prints back canonically.

use mythforge::runtime::Game;
use mythforge::session::{Session, transcript};

fn rules(purchase: &str) -> String {
    format!(
        "system Economy
Resource HP: max 10
Resource Stamina: start 5; no max
Per turn: 1 Basic, 0 Combat; {purchase}

power Snap
Keywords: Basic
Target: Enemy
Result: 1 damage

power Lunge
Keywords: Combat
Target: Enemy
Result: 2 damage

actor Fighter
Resources: HP 10, Stamina 5
Powers: Snap, Lunge
"
    )
}

/// A session on the rules with `purchase`, Ana and Bo in an encounter (Ana acting).
fn session(purchase: &str) -> Session<Game> {
    let mut game = Game::new(1);
    game.load_source("economy.rules", &rules(purchase)).unwrap();
    let mut session = Session::new(game, 1);
    let run = session.run_text(
        "setup.session",
        "actor Ana from Fighter\nactor Bo from Fighter\nencounter Ana, Bo\n",
        None,
    );
    assert!(run.failure.is_none(), "{:?}", run.failure);
    session
}

fn stamina(session: &Session<Game>) -> i64 {
    session.backend().world().actor("Ana").unwrap().resources["Stamina"].current
}

#[test]
fn once_per_turn_buys_one_more_action_and_refuses_the_next() {
    let mut session = session("1 Stamina buys 1 Basic or 1 Combat, once per turn");
    let run = session.run_text("a.session", "Ana uses Snap on Bo\nAna uses Snap on Bo\n", None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let text: String = run.steps.iter().map(transcript::step_text).collect();
    assert!(text.contains("Ana buys 1 more Basic this turn"), "{text}");
    assert_eq!(stamina(&session), 4);
    for power in ["Snap", "Lunge"] {
        let refused = session.run_text("b.session", &format!("Ana uses {power} on Bo\n"), None);
        let failure = format!("{:?}", refused.failure.expect("bought once already"));
        assert!(
            failure.contains(&format!(
                "Ana cannot use {power}: `1 Stamina buys 1 Basic or 1 Combat, once per turn` is \
                 used up this turn; bought for Snap in round 1, Ana's turn"
            )),
            "{failure}"
        );
        assert_eq!(stamina(&session), 4, "nothing paid");
    }
    // Next round, Ana buys again.
    let run = session.run_text(
        "c.session",
        "next turn\nnext turn\nAna uses Lunge on Bo\nAna uses Snap on Bo\n",
        None,
    );
    assert!(run.failure.is_none(), "{:?}", run.failure);
    assert_eq!(stamina(&session), 3);
}

#[test]
fn twice_per_turn_and_without_a_limit() {
    let mut session = session("1 Stamina buys 1 Combat, twice per turn");
    let lunges = "Ana uses Lunge on Bo\nAna uses Lunge on Bo\n";
    assert!(session.run_text("a.session", lunges, None).failure.is_none());
    assert!(session.run_text("b.session", "Ana uses Lunge on Bo\n", None).failure.is_some());
    let mut session = session_unlimited();
    let three = "Ana uses Lunge on Bo\nAna uses Lunge on Bo\nAna uses Lunge on Bo\n";
    assert!(session.run_text("a.session", three, None).failure.is_none());
    assert_eq!(stamina(&session), 2);
}

fn session_unlimited() -> Session<Game> {
    session("1 Stamina buys 1 Combat")
}

#[test]
fn a_malformed_limit_is_refused_and_a_good_one_prints_back() {
    for bad in ["once a turn", "0 times per turn", "often per turn"] {
        let text = rules(&format!("1 Stamina buys 1 Combat, {bad}"));
        let errors = Game::new(1).load_source("bad.rules", &text).unwrap_err();
        let messages: Vec<String> = errors.iter().map(|d| d.message.clone()).collect();
        assert!(messages.iter().any(|m| m.contains("could not read")), "{bad}: {messages:?}");
    }
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let text = rules("1 Stamina buys 1 Combat ,  3 times  per turn");
    let (file, _) = mythforge::parse::parse_source(&mut sources, "economy.rules", &text);
    let printed = mythforge::model::print::format_file(&file);
    assert!(printed.contains("1 Stamina buys 1 Combat, 3 times per turn\n"), "{printed}");
}
