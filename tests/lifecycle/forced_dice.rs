//! Row "forced dice not consumed by a command": faces a command does not use are dropped at
//! its end and the transcript says so; they never shift into a later command.

use super::common::{session, transcript};

#[test]
fn faces_a_command_does_not_use_are_dropped_and_reported() {
    let mut session = session();
    let (lines, failure) = transcript(&mut session, "force 6, 5, 4\nroll 1d6\nroll 1d6\n");
    assert!(failure.is_none(), "{failure:?}");
    assert_eq!(
        lines[0..5],
        [
            "> force 6, 5, 4",
            "next dice: 6, 5, 4",
            "> roll 1d6",
            "6  1d6 [6f]",
            "forced dice not used by this command, dropped: 5, 4",
        ]
    );
    // The next roll is the stream's own: not the 5 that was forced for the command before.
    assert_eq!(lines[5], "> roll 1d6");
    assert!(!lines[6].contains('f'), "{}", lines[6]);
    assert_eq!(lines.len(), 7, "{lines:#?}");
}

#[test]
fn views_leave_forced_faces_waiting() {
    let mut session = session();
    let (lines, failure) = transcript(&mut session, "force 3\nhelp force\ndist 1d4\nroll 1d6\n");
    assert!(failure.is_none(), "{failure:?}");
    assert_eq!(lines.last().map(String::as_str), Some("3  1d6 [3f]"), "{lines:#?}");
    assert!(!lines.iter().any(|line| line.contains("not used by")), "{lines:#?}");
}

#[test]
fn a_new_seed_drops_waiting_faces_and_says_so() {
    let mut session = session();
    let (lines, _) = transcript(&mut session, "force 2, 2\nseed 9\n");
    assert_eq!(
        lines[2..],
        ["> seed 9", "seed 9", "forced dice not used by this command, dropped: 2, 2"]
    );
}

#[test]
fn undo_does_not_bring_back_the_faces_the_command_used() {
    let mut session = session();
    let text = "actor Ana with Defense 10\nactor Bo with Defense 9\nforce 9, 8\nencounter Ana, Bo\n\
                undo\nroll 1d10\n";
    let (lines, failure) = transcript(&mut session, text);
    assert!(failure.is_none(), "{failure:?}");
    let undo = lines.iter().position(|line| line == "> undo").expect("undo ran");
    assert_eq!(lines[undo + 1..undo + 3], ["undid the last command", "> roll 1d10"]);
    assert!(!lines[undo + 3].contains('f'), "{lines:#?}");
}
