//! Mystica's dangerous obstacles on a move, on the shipped pack with forced dice: "if the
//! movement fails, the character stops right before the obstacle and incurs an additional
//! effect" — a failed 1d10 crossing deals its damage and ends the move on the square of the
//! path before the obstacle; a crossing made goes on (Pool of Poison still deals its 3).

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{position, run, session_after};

/// Jasmine (Agility 7, Dexterity 7 with her class and race, 16 health) at 0,0 acting first.
const SETUP: &str = "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Bandit from Bandit\n\
side Jasmine: party\nforce 20, 1\nencounter Jasmine, Bandit\nplace Jasmine at 0,0\nplace Bandit at 9,9\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

fn health(session: &Session<Game>) -> i64 {
    session.backend().world().actor("Jasmine").unwrap().resources["Health"].current
}

#[test]
fn a_failed_quick_sand_crossing_stops_jasmine_before_it_with_5_damage() {
    let mut session = session();
    let full = health(&session);
    // 3 + 7 = 10, not above 10: 5 damage, back on 1,0, and 3,0 is not reached.
    let out = run(&mut session, "terrain Quick Sand at 2,0\nforce 3\nJasmine uses Move to 3,0\n");
    assert!(out.contains("Jasmine: 3 -> 10 vs 11: failure"), "{out}");
    assert!(
        out.contains("Jasmine stops short: 2,0 -> 1,0 (1 square)\nJasmine loses Quick Sand\nJasmine stops at 1,0\n"),
        "{out}"
    );
    assert_eq!((position(&session, "Jasmine"), health(&session)), ("1,0".to_string(), full - 5));
}

#[test]
fn a_quick_sand_crossing_made_goes_on_unharmed() {
    let mut session = session();
    let full = health(&session);
    let out = run(&mut session, "terrain Quick Sand at 2,0\nforce 4\nJasmine uses Move to 3,0\n");
    assert!(
        out.contains("Jasmine: 4 -> 11 vs 11: success\nJasmine walk: 2,0 -> 3,0 (1 square)"),
        "{out}"
    );
    assert_eq!((position(&session, "Jasmine"), health(&session)), ("3,0".to_string(), full));
}

#[test]
fn a_pool_of_poison_hurts_3_on_a_crossing_made_and_5_with_a_stop_on_a_failure() {
    let mut session = session();
    let full = health(&session);
    // 4 + 7 = 11 crosses, with 3 damage.
    run(&mut session, "terrain Poison Pool at 2,0\nforce 4\nJasmine uses Move to 3,0\n");
    assert_eq!((position(&session, "Jasmine"), health(&session)), ("3,0".to_string(), full - 3));
    // Back west over the pool, failed (1 + 7): 5 more, stopped on 3,0's side of it.
    let out = run(&mut session, "force 1\nJasmine uses Move to 0,0\n");
    assert!(out.contains("Jasmine stops short: 2,0 -> 3,0 (1 square)"), "{out}");
    assert_eq!((position(&session, "Jasmine"), health(&session)), ("3,0".to_string(), full - 8));
}

#[test]
fn thorns_as_the_destination_are_crossed_on_dexterity_and_a_failure_stops_before_them() {
    let mut session = session();
    let full = health(&session);
    // Dexterity 7: 3 + 7 = 10 fails for 3, and the move ends on 1,0.
    let out = run(&mut session, "terrain Thorns at 2,0\nforce 3\nJasmine uses Move to 2,0\n");
    assert!(out.contains("Jasmine: 3 -> 10 vs 11: failure"), "{out}");
    assert_eq!((position(&session, "Jasmine"), health(&session)), ("1,0".to_string(), full - 3));
}
