//! `you are behind Target`, `beside`, `in front of`: where one actor stands seen from
//! another's facing (less than 90 degrees off it in front, 90 beside, more behind), as a
//! power's Prereq and as a `Result if` gate; an error, never a pass, when someone is off the
//! map or faces no direction; `check` refuses an actor measured against its own facing and a
//! Target where a line has none.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_with};

const PACK: &str = "system Alley
Grid: square
Stats: Stealth
Resource HP: max 10

condition Dazed

power Backstab
Target: Enemy in 1
Prereq: you are behind Target
Result: apply Dazed to Target

power Filch
Target: Enemy in 1
Result if you are beside Target: 1 damage
Result if you are behind Target: 2 damage
Result if not you are in front of Target: apply Dazed to Target

actor Cutpurse
Stats: Stealth 2
Resources: HP 10
Powers: Backstab, Filch
";

/// Ana at 0,0; Og one square east of her, facing `facing`.
fn alley(facing: &str) -> Session<Game> {
    let setup = format!(
        "actor Ana from Cutpurse\nactor Og from Cutpurse\nside Ana: a\nside Og: b\n\
         place Ana at 0,0\nplace Og at 1,0 facing {facing}\n"
    );
    session_with("alley.rules", PACK, &setup)
}

fn dazed(session: &Session<Game>) -> bool {
    session.backend().world().actor("Og").unwrap().conditions.has("Dazed")
}

#[test]
fn behind_holds_only_from_the_back() {
    // Og faces east, away from Ana: she stands behind him.
    let mut session = alley("east");
    run(&mut session, "Ana uses Backstab on Og\n");
    assert!(dazed(&session));
    // Og faces west, toward Ana: she is in front of him, and the Prereq refuses the use.
    let mut session = alley("west");
    let found = refused(&mut session, "Ana uses Backstab on Og\n");
    assert_eq!(found[0].code, "runtime::requirement", "{found:?}");
    assert!(found[0].message.contains("you are behind Target"), "{}", found[0].message);
    assert!(!dazed(&session));
}

#[test]
fn result_gates_read_front_side_and_back() {
    // Facing north, Og has Ana (to his west) 90 degrees off: beside him.
    let mut session = alley("north");
    let out = run(&mut session, "Ana uses Filch on Og\n");
    assert!(out.contains("Og takes 1 damage"), "{out}");
    assert!(!out.contains("2 damage"), "{out}");
    assert!(dazed(&session));
    // Facing east: behind.
    let mut session = alley("east");
    let out = run(&mut session, "Ana uses Filch on Og\n");
    assert!(out.contains("Og takes 2 damage"), "{out}");
    assert!(!out.contains("1 damage"), "{out}");
    // Facing west: in front, so no gate holds.
    let mut session = alley("west");
    let out = run(&mut session, "Ana uses Filch on Og\n");
    assert!(!out.contains("damage"), "{out}");
    assert!(!dazed(&session));
}

#[test]
fn no_facing_or_no_place_is_an_error_at_the_test() {
    let mut session = alley("east");
    run(&mut session, "actor Bo from Cutpurse\nside Bo: b\nplace Bo at 0,1\n");
    let found = refused(&mut session, "Ana uses Backstab on Bo\n");
    assert_eq!(found[0].code, "runtime::space", "{found:?}");
    assert_eq!(
        found[0].message,
        "`you are behind Target` reads Bo's facing, and Bo faces no direction"
    );
    assert_eq!(
        found[0].help.as_deref(),
        Some("give Bo a facing: `Bo faces east` or `place Bo at 0,0 facing east`")
    );
}

#[test]
fn check_refuses_an_actor_against_its_own_facing_and_a_missing_target() {
    let pack = PACK.replace("Prereq: you are behind Target", "Prereq: you are behind you")
        + "\ncondition Lurking\nWhile: you are behind Target\n";
    let found = crate::common::checked::checked("alley.rules", &pack);
    let found: Vec<(&str, &str)> =
        found.iter().map(|(code, _, under, _)| (code.as_str(), under.as_str())).collect();
    assert_eq!(
        found,
        [
            ("rules::check::facing_itself", "you are behind you"),
            ("rules::check::no_target_here", "Target")
        ]
    );
}
