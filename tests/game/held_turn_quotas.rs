//! A condition's `Per turn:` line narrows its holder's turn on top of the system's quotas:
//! Mystica's Disoriented ("may not make any actions except moving, only once per turn")
//! allows one Move a turn, a move made before it came counting; and a Phantom places one
//! trap a turn (`Limit: once per turn, shared by Trap`), whichever trap. Forced dice on the
//! shipped pack.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{position, run, session_after};

/// Jasmine (a Phantom) acting first, a Bandit far away.
const SETUP: &str = "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Bandit from Bandit\n\
side Jasmine: party\nforce 20, 1\nencounter Jasmine, Bandit\nplace Jasmine at 0,0\nplace Bandit at 9,9\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

/// The refusal of `commands`, which must fail.
fn refused(session: &mut Session<Game>, commands: &str) -> String {
    let run = session.run_text("example.session", commands, None);
    let failure = run.failure.expect("the commands are refused");
    format!("{failure:?}")
}

#[test]
fn disoriented_moves_once_a_turn_and_again_the_next() {
    let mut session = session();
    run(&mut session, "apply Disoriented to Jasmine for 2 turns\nJasmine uses Move to 2,0\n");
    let out = refused(&mut session, "Jasmine uses Move to 4,0\n");
    assert!(out.contains("runtime::turn_quota"), "{out}");
    assert!(
        out.contains(
            "Jasmine cannot use Move: Disoriented allows 1 Move power a turn; used by Move in round 1, Jasmine's turn"
        ),
        "{out}"
    );
    assert_eq!(position(&session, "Jasmine"), "2,0");
    // The Bandit's turn, then Jasmine's next: one move again.
    let out = run(&mut session, "next turn\nnext turn\nJasmine uses Move to 4,0\n");
    assert!(out.contains("Jasmine walk: 2,0 -> 4,0 (2 squares)"), "{out}");
}

#[test]
fn a_move_made_before_the_flash_counts_and_without_it_two_moves_fill_the_turn() {
    let mut session = session();
    // Jasmine walks onto a flash trap: disoriented in the turn it went off, her first move
    // counts, so a second one is refused.
    run(&mut session, "terrain Flash Trap at 2,0\nJasmine uses Move to 2,0\n");
    let out = refused(&mut session, "Jasmine uses Move to 3,0\n");
    assert!(out.contains("Disoriented allows 1 Move power a turn"), "{out}");
    // Undisoriented, the system's `Per turn:` gives two moves.
    let out = run(&mut session, "remove Disoriented from Jasmine\nJasmine uses Move to 3,0\n");
    assert!(out.contains("Jasmine walk: 2,0 -> 3,0 (1 square)"), "{out}");
}

#[test]
fn a_phantom_places_one_trap_a_turn_whichever_trap() {
    let mut session = session();
    run(
        &mut session,
        "grant power Place Flash Trap to Jasmine\nJasmine uses Place Springwire Trap to 1,0\n",
    );
    let out = refused(&mut session, "Jasmine uses Place Flash Trap to 0,1\n");
    assert!(out.contains("runtime::limit_reached"), "{out}");
    assert!(out.contains("Place Springwire Trap in round 1, Jasmine's turn"), "{out}");
    assert!(!session.backend().world().terrain.contains_key(&mythforge::engine::Hex::new(0, 1)));
    let out = run(&mut session, "next turn\nnext turn\nJasmine uses Place Flash Trap to 0,1\n");
    assert!(out.contains("terrain Flash Trap at 0,1"), "{out}");
}
