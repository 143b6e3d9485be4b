//! Mystica's Enfeebling Strike (Phantom, tier 1): only from the square behind the target and
//! only on a target unaware of the party (Surprised); it cannot move or act for 2 turns.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_after};

/// Jasmine at 0,0 with the skill; a Bandit one square east, facing `facing`.
fn ambush(facing: &str) -> Session<Game> {
    session_after(&format!(
        "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Bandit from Bandit\n\
         side Jasmine: party\ngrant power Enfeebling Strike to Jasmine\n\
         place Jasmine at 0,0\nplace Bandit at 1,0 facing {facing}\n"
    ))
}

#[test]
fn from_behind_an_unaware_target_is_stunned_for_two_turns() {
    let mut session = ambush("east");
    run(&mut session, "Jasmine uses Ambush on Bandit\n");
    let out = run(&mut session, "Jasmine uses Enfeebling Strike on Bandit\n");
    assert!(out.contains("Bandit gains Stunned"), "{out}");
    let bandit = session.backend().world().actor("Bandit").unwrap();
    let stunned = bandit.conditions.active.iter().find(|c| c.name == "Stunned").unwrap();
    assert_eq!(format!("{:?}", stunned.duration), "EndOfTurn { actor: \"Bandit\", turns: 2 }");
}

#[test]
fn an_aware_target_or_one_facing_the_phantom_is_refused() {
    // Not Surprised: the Bandit knows the party is there.
    let mut session = ambush("east");
    let found = refused(&mut session, "Jasmine uses Enfeebling Strike on Bandit\n");
    assert_eq!(found[0].code, "runtime::requirement");
    // Surprised but facing Jasmine: she is in front of it.
    let mut session = ambush("west");
    run(&mut session, "Jasmine uses Ambush on Bandit\n");
    let found = refused(&mut session, "Jasmine uses Enfeebling Strike on Bandit\n");
    assert_eq!(found[0].code, "runtime::requirement");
    assert!(found[0].message.contains("you are behind Target"), "{}", found[0].message);
}
