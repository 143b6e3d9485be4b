//! A move names who moves: `shift Self 1` moves the user even on a power with a target
//! (it moved the target, whatever the line named), and `push Self` is refused by `check`:
//! a push or pull moves someone along the line from the user, which has no direction for
//! the user itself.

use crate::common::checked::checked;
use crate::common::sessions::{run, session_with};

const PACK: &str = "system Moves
Stats: Speed
Resource HP: max 10

power Sidestep
Target: Enemy in 5
Result: shift Self 1

actor Runner
Stats: Speed 3
Resources: HP 10
Powers: Sidestep
";

#[test]
fn shift_self_moves_the_user_not_the_target() {
    let setup = "actor Ana from Runner\nactor Bo from Runner\nside Bo: foes\n\
                 place Ana at 0,0\nplace Bo at 2,0\n";
    let mut session = session_with("moves.rules", PACK, setup);
    let out = run(&mut session, "Ana uses Sidestep on Bo to 0,1\n");
    assert!(out.ends_with("Ana shift: 0,0 -> 0,1 (1 hex)\n"), "{out}");
}

#[test]
fn push_self_is_refused_for_having_no_direction() {
    let text = PACK.replace("shift Self 1", "push Self 2");
    let found = checked("moves.rules", &text);
    assert_eq!(found.len(), 1, "{found:#?}");
    let (code, message, under, _) = &found[0];
    assert_eq!(code, "rules::check::recipient");
    assert_eq!(message, "`push Self` has no direction: it moves the user from itself");
    assert_eq!(under, "Self");
}

#[test]
fn the_subject_is_read_in_any_case_as_check_reads_it() {
    let pack = PACK.replace("shift Self 1", "shift SELF 1");
    let setup = "actor Ana from Runner\nactor Bo from Runner\nside Bo: foes\n\
                 place Ana at 0,0\nplace Bo at 2,0\n";
    let mut session = session_with("moves.rules", &pack, setup);
    let out = run(&mut session, "Ana uses Sidestep on Bo to 0,1\n");
    assert!(out.ends_with("Ana shift: 0,0 -> 0,1 (1 hex)\n"), "{out}");
}
