//! `stop before this square`: a rule run by entering a cell during a walk ends the walk on
//! the cell of its path before that one. The mover is put back there (logged as `stops
//! short`), enters nothing more, and holds that cell's terrain again without rolling its
//! crossing twice; with no walk under way nothing moves and the log says so; undo takes it
//! all back.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{position, run, session_with};

const PACK: &str = "system Marsh
Grid: square
Stats: Footing
Resource HP: max 10
Grades: 0 Fail, 1 Success
Turn order: 1d10
When Bog is applied: use Wade
When Mire is applied: use Slog

condition Bog
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
Result Fail: 3 damage; stop before this square

power Slog
Target: Self
Check: [Footing] using Footing Roll
Threshold: 8
Result Fail: 1 damage

power Step
Target: Self
Result: walk up to 4 squares

actor Walker
Stats: Footing 2
Resources: HP 10
Powers: Step
";

fn session() -> Session<Game> {
    let setup = "actor Ana from Walker\nactor Og from Walker\nplace Ana at 0,0\nplace Og at 9,9\n";
    session_with("marsh.rules", PACK, setup)
}

fn hp(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["HP"].current
}

#[test]
fn a_failed_crossing_on_the_way_puts_the_walker_back_on_the_square_before() {
    let mut session = session();
    run(&mut session, "terrain Bog at 2,0\n");
    // 5 + 2 against 8 fails: 3 damage, back on 1,0, and 3,0 is never reached.
    let out = run(&mut session, "force 5\nAna uses Step to 3,0\n");
    assert!(
        out.contains(
            "Ana walk: 0,0 -> 2,0 (2 squares)\nAna gains Bog\nAna (Bog is applied)\n\
             Ana rolls 1d10 for check: [5f]\nAna: 5 -> 7 vs 8: failure\nAna takes 3 damage into HP; HP now 7\n\
             Ana stops short: 2,0 -> 1,0 (1 square)\nAna loses Bog\nAna stops at 1,0\n"
        ),
        "{out}"
    );
    assert_eq!(position(&session, "Ana"), "1,0");
    assert_eq!(hp(&session, "Ana"), 7);
    assert!(!session.backend().world().actor("Ana").unwrap().conditions.has("Bog"));
}

#[test]
fn a_crossing_made_goes_on_to_the_destination() {
    let mut session = session();
    run(&mut session, "terrain Bog at 2,0\n");
    let out = run(&mut session, "force 6\nAna uses Step to 3,0\n");
    assert!(out.contains("Ana: 6 -> 8 vs 8: success\nAna walk: 2,0 -> 3,0 (1 square)"), "{out}");
    assert!(!out.contains("stops"), "{out}");
    assert_eq!((position(&session, "Ana"), hp(&session, "Ana")), ("3,0".to_string(), 10));
}

#[test]
fn a_failed_crossing_of_the_destination_stops_on_the_square_of_the_path_before_it() {
    let mut session = session();
    run(&mut session, "terrain Bog at 3,0\n");
    let out = run(&mut session, "force 1\nAna uses Step to 3,0\n");
    assert!(
        out.contains("Ana stops short: 3,0 -> 2,0 (1 square)\nAna loses Bog\nAna stops at 2,0\n"),
        "{out}"
    );
    assert_eq!(position(&session, "Ana"), "2,0");
}

#[test]
fn the_square_before_holds_its_ground_again_without_a_second_crossing() {
    let mut session = session();
    // Mire at 1,0 is crossed (8 + 2), the bog at 2,0 is failed: back on the mire, which is
    // held again but not rolled again (one `Mire is applied` only).
    run(&mut session, "terrain Mire at 1,0\nterrain Bog at 2,0\n");
    let out = run(&mut session, "force 8, 1\nAna uses Step to 3,0\n");
    assert!(out.contains("Ana stops short: 2,0 -> 1,0 (1 square)\nAna loses Bog\nAna gains Mire\nAna stops at 1,0\n"), "{out}");
    assert_eq!(out.matches("Mire is applied").count(), 1, "{out}");
    assert_eq!(position(&session, "Ana"), "1,0");
    assert!(session.backend().world().actor("Ana").unwrap().conditions.has("Mire"));
}

#[test]
fn a_square_before_taken_by_someone_sends_the_walker_further_back() {
    let mut session = session();
    // Og stands at 1,0 (no sides: walked through, not ended on); Ana goes back to 0,0.
    run(&mut session, "place Og at 1,0\nterrain Bog at 2,0\n");
    let out = run(&mut session, "force 1\nAna uses Step to 3,0\n");
    assert!(out.contains("Ana stops short: 2,0 -> 0,0 (2 squares)"), "{out}");
    assert_eq!(position(&session, "Ana"), "0,0");
}

#[test]
fn with_no_walk_under_way_nothing_moves_and_the_log_says_so() {
    let mut session = session();
    run(&mut session, "terrain Bog at 2,0\n");
    let out = run(&mut session, "force 1\nplace Ana at 2,0\n");
    assert!(out.contains("Ana is not moving: no move to stop"), "{out}");
    assert_eq!(position(&session, "Ana"), "2,0");
}

#[test]
fn undo_takes_back_the_walk_the_damage_and_the_stop() {
    let mut session = session();
    run(&mut session, "terrain Bog at 2,0\nforce 1\nAna uses Step to 3,0\nundo\n");
    assert_eq!((position(&session, "Ana"), hp(&session, "Ana")), ("0,0".to_string(), 10));
}
