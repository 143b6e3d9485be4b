//! `ACTOR leaves STANCE`: a stance held "until deactivated" ends by a command that costs
//! nothing and takes no turn slot; the conditions it applied end with it, `undo` takes the
//! leaving back, and leaving a stance not held is refused with the stance that is held.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_after};

fn session() -> Session<Game> {
    session_after("load \"rules/mystica\"\nactor Karak from Karak\nKarak adopts Defensive Stance\n")
}

fn defending(session: &Session<Game>) -> bool {
    session.backend().world().actor("Karak").unwrap().conditions.has("Defending")
}

#[test]
fn leaving_a_stance_ends_its_conditions_and_undo_takes_it_back() {
    let mut session = session();
    assert_eq!(session.backend().stance_of("Karak"), Some("Defensive Stance"));
    assert!(defending(&session));
    let out = run(&mut session, "Karak leaves Defensive Stance\n");
    assert_eq!(
        out,
        "> Karak leaves Defensive Stance\nKarak's Defensive Stance ends (Karak leaves it)\n"
    );
    assert_eq!(session.backend().stance_of("Karak"), None);
    assert!(!defending(&session));
    // Defending's 3 less damage is gone with the stance: 5 of 5 comes through.
    let out = run(&mut session, "Karak takes 5 damage\n");
    assert!(out.contains("Health now 30"), "{out}");
    run(&mut session, "undo\nundo\n");
    assert_eq!(session.backend().stance_of("Karak"), Some("Defensive Stance"));
    assert!(defending(&session));
}

#[test]
fn leaving_costs_no_turn_slot() {
    let mut session = session();
    run(
        &mut session,
        "actor Bandit from Bandit\nside Karak: party\nforce 20, 1\nencounter Karak, Bandit\nplace Karak at 0,0\nplace Bandit at 9,9\n",
    );
    let out = run(
        &mut session,
        "Karak leaves Defensive Stance\nKarak uses Move to 2,0\nKarak uses Move to 4,0\n",
    );
    assert!(out.contains("Karak walk: 2,0 -> 4,0 (2 squares)"), "{out}");
}

#[test]
fn leaving_a_stance_not_held_is_refused_with_the_one_held() {
    let mut session = session();
    let found = refused(&mut session, "Karak leaves Guard Stance\n");
    assert_eq!(found[0].code, "runtime::stance");
    assert_eq!(found[0].message, "Karak is not in Guard Stance");
    assert_eq!(found[0].help.as_deref(), Some("Karak's stance is Defensive Stance"));
    run(&mut session, "Karak leaves Defensive Stance\n");
    let found = refused(&mut session, "Karak leaves Defensive Stance\n");
    assert_eq!(
        found[0].help.as_deref(),
        Some("Karak holds no stance: `Karak adopts Defensive Stance` first")
    );
}
