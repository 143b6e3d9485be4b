//! A walk enters the terrain on its way: a trap passed over goes off, ground passed over rolls
//! its crossing, and a rule line that ends the turn stops the walk on that cell. The way is
//! the first shortest one around walls and enemies, neighbours tried east first.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{position, run, session_with};

const PACK: &str = "system Marsh
Grid: square
Stats: Footing
Resource HP: max 10
Grades: 0 Fail, 1 Success
Turn order: 1d10
When Snare is applied: apply Held; lift Snare
When Mire is applied: use Wade

condition Snare
condition Held
condition Mire

check Footing Roll
Method: total
Dice: d10
Modifier: total
Success: >= [Threshold]

power Wade
Target: Self
Check: [Footing] using Footing Roll
Threshold: 8
Result Fail: 3 damage; end the turn

power Step
Target: Self
Result: walk up to 4 squares

actor Walker
Stats: Footing 2
Resources: HP 10
Powers: Step
";

// Loaded from memory: the tests run in parallel, and one file written by each of them raced
// (a test could read another's half-written pack).
fn session() -> Session<Game> {
    let setup = "actor Ana from Walker\nactor Og from Walker\nplace Ana at 0,0\nplace Og at 9,9\n";
    session_with("marsh.rules", PACK, setup)
}

#[test]
fn a_trap_passed_over_goes_off_and_the_walk_goes_on() {
    let mut session = session();
    let out = run(&mut session, "terrain Snare at 1,0\nAna uses Step to 3,0\n");
    assert!(
        out.contains(
            "Ana walk: 0,0 -> 1,0 (1 square)\nAna gains Snare\nAna (Snare is applied)\n\
             Ana gains Held\nterrain Snare lifted at 1,0\nAna loses Snare\n\
             Ana walk: 1,0 -> 3,0 (2 squares)\n"
        ),
        "{out}"
    );
    assert_eq!(position(&session, "Ana"), "3,0");
}

#[test]
fn ground_passed_over_rolls_its_crossing_and_a_failure_that_ends_the_turn_stops_the_walk() {
    let mut session = session();
    run(&mut session, "force 1, 2\nencounter Og, Ana\nterrain Mire at 0,1\n");
    // A crossing made: 9 + 2 against 8; the walk goes on to 0,3.
    let out = run(&mut session, "force 9\nAna uses Step to 0,3\n");
    assert!(out.contains("Ana: 9 -> 11 vs 8: success\nAna walk: 0,1 -> 0,3 (2 squares)"), "{out}");
    // Back over the mire, failed: 5 + 2 against 8 ends the turn, and she stops in it.
    let out = run(&mut session, "force 5\nAna uses Step to 0,0\n");
    assert!(
        out.contains(
            "Ana: 5 -> 7 vs 8: failure\nAna takes 3 damage into HP; HP now 7\n\
             Ana's turn ends\nAna stops at 0,1\n"
        ),
        "{out}"
    );
    assert_eq!(position(&session, "Ana"), "0,1");
}

#[test]
fn the_way_goes_round_a_wall_north_first_and_meets_the_terrain_there() {
    let mut session = session();
    let out = run(
        &mut session,
        "wall 1,0\nterrain Snare at 0,-1\nterrain Mire at 0,1\nAna uses Step to 2,0\n",
    );
    // North (0,-1) comes before south in the square grid's directions: the snare, not the mire.
    assert!(out.contains("Ana walk: 0,0 -> 0,-1 (1 square)\nAna gains Snare"), "{out}");
    assert!(out.contains("Ana walk: 0,-1 -> 2,0 (3 squares)"), "{out}");
    assert!(!out.contains("Mire is applied"), "{out}");
}

#[test]
fn undo_takes_the_whole_walk_back() {
    let mut session = session();
    run(&mut session, "terrain Snare at 1,0\nAna uses Step to 3,0\nundo\n");
    assert_eq!(position(&session, "Ana"), "0,0");
    let held = session.backend().world().actor("Ana").unwrap().conditions.has("Held");
    assert!(!held);
    assert!(session.backend().world().terrain.contains_key(&mythforge::engine::Hex::new(1, 0)));
}
