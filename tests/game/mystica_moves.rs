//! Mystica's turn economy on the shipped pack (`Per turn: 1 Move or Charging, 1 Action or
//! Move`): a move and an action, or two moves, or a charge in either slot; the `Move` power
//! walks up to the mover's Movement, halved on cumbersome ground.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{position, run, session_after};

/// Karak at 0,0 acting first (initiative 20, 1), a Bandit far away.
const SETUP: &str = "load \"rules/mystica\"\nactor Karak from Karak\nactor Bandit from Bandit\n\
actor Shaera from Shaera\nside Karak, Shaera: party\nforce 20, 1, 1\nencounter Karak, Bandit, Shaera\n\
place Karak at 0,0\nplace Bandit at 9,9\nplace Shaera at 0,5\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

/// The refusal of `commands`, which must fail: its code and message.
fn refused(session: &mut Session<Game>, commands: &str) -> String {
    let run = session.run_text("example.session", commands, None);
    let failure = run.failure.expect("the commands are refused");
    format!("{failure:?}")
}

#[test]
fn two_moves_fill_the_turn_and_an_attack_after_them_is_refused() {
    let mut session = session();
    let out = run(&mut session, "Karak uses Move to 2,0\nKarak uses Move to 4,0\n");
    assert!(out.contains("Karak walk: 0,0 -> 2,0 (2 squares)"), "{out}");
    assert!(out.contains("Karak walk: 2,0 -> 4,0 (2 squares)"), "{out}");
    let out = refused(&mut session, "Karak uses Attack on Bandit\n");
    assert!(out.contains("runtime::turn_quota"), "{out}");
    assert!(
        out.contains(
            "Karak cannot use Attack: a turn allows 1 Action or Move power; used by Move in \
             round 1, Karak's turn"
        ),
        "{out}"
    );
    assert!(out.contains("Attack counts as 1 Action or Move"), "{out}");
    // A third move is refused at the first slot that counts it, and Karak stays put.
    let out = refused(&mut session, "Karak uses Move to 5,0\n");
    assert!(out.contains("Karak cannot use Move: a turn allows 1 Move or Charging power"), "{out}");
    assert_eq!(position(&session, "Karak"), "4,0");
    // The count starts again on his next turn.
    let out = run(&mut session, "next turn\nnext turn\nnext turn\nKarak uses Move to 5,0\n");
    assert!(out.contains("Karak walk: 4,0 -> 5,0 (1 square)"), "{out}");
}

#[test]
fn an_action_then_a_move_is_a_full_turn_in_either_order() {
    let mut session = session();
    let out = run(
        &mut session,
        "place Bandit at 0,1\nforce 1\nKarak uses Attack on Bandit\nKarak uses Move to 1,0\n",
    );
    assert!(out.contains("Karak walk: 0,0 -> 1,0 (1 square)"), "{out}");
    let out = refused(&mut session, "Karak uses Move to 2,0\n");
    assert!(
        out.contains(
            "Karak cannot use Move: a turn allows 1 Move or Charging power; used by Move in \
             round 1, Karak's turn"
        ),
        "{out}"
    );
    assert_eq!(position(&session, "Karak"), "1,0");
}

#[test]
fn a_move_goes_up_to_movement_and_cumbersome_ground_halves_it() {
    let mut session = session();
    let out = refused(&mut session, "Karak uses Move to 5,0\n");
    assert!(out.contains("5,0 is 5 squares from Karak; walk goes up to 4"), "{out}");
    assert_eq!(position(&session, "Karak"), "0,0");
    run(&mut session, "terrain Cumbersome Ground at 0,1\nKarak uses Move to 0,1\n");
    assert_eq!(position(&session, "Karak"), "0,1");
    // Standing in the mud, his 4 squares are 2.
    let out = refused(&mut session, "Karak uses Move to 0,4\n");
    assert!(out.contains("0,4 is 3 squares from Karak; walk goes up to 2"), "{out}");
    let out = run(&mut session, "Karak uses Move to 0,3\n");
    assert!(out.contains("Karak walk: 0,1 -> 0,3 (2 squares)"), "{out}");
}

#[test]
fn an_invoker_charges_twice_or_charges_and_moves() {
    let mut session = session();
    let out = run(&mut session, "Shaera uses Charge\nShaera uses Charge\n");
    assert!(out.contains("Shaera: Charge 0 -> 1"), "{out}");
    assert!(out.contains("Shaera: Charge 1 -> 2"), "{out}");
    let out = refused(&mut session, "Shaera uses Move to 0,6\n");
    assert!(
        out.contains("Shaera cannot use Move: a turn allows 1 Move or Charging power"),
        "{out}"
    );
    run(&mut session, "next turn\n");
    let out = run(&mut session, "Shaera uses Charge\nShaera uses Move to 0,6\n");
    assert!(out.contains("Shaera walk: 0,5 -> 0,6 (1 square)"), "{out}");
}

#[test]
fn out_of_encounters_moves_are_not_counted() {
    let mut session =
        session_after("load \"rules/mystica\"\nactor Karak from Karak\nplace Karak at 0,0\n");
    let out = run(
        &mut session,
        "Karak uses Move to 1,0\nKarak uses Move to 2,0\nKarak uses Move to 3,0\n",
    );
    assert!(out.contains("Karak walk: 2,0 -> 3,0 (1 square)"), "{out}");
}

#[test]
fn unsteady_ground_on_the_way_trips_karak_and_stops_his_move_there() {
    let mut session = session();
    let out =
        run(&mut session, "terrain Unsteady Ground at 1,0\nforce 1\nKarak uses Move to 3,0\n");
    assert!(out.contains("Karak walk: 0,0 -> 1,0 (1 square)"), "{out}");
    assert!(out.contains("Karak gains Tripped"), "{out}");
    assert!(out.contains("Karak stops at 1,0"), "{out}");
    assert_eq!(position(&session, "Karak"), "1,0");
}
