//! Mystica's turn rules on the shipped pack with forced dice: death (0 health unconscious,
//! hit again dead, never in the turn it fell), surprise (no turns, Dexterity 0 until hit),
//! Stun skipping turns, Reckless Strike's miss costing the next turn, On Fire.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

/// Karak (at his full 25) and a Bandit on side foes; Karak acts first (initiative 20, 1).
const SETUP: &str = "load \"rules/mystica\"\nactor Karak from Karak\nactor Bandit from Bandit\n\
side Karak: party\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

fn holds(session: &Session<Game>, actor: &str, condition: &str) -> bool {
    let actor = session.backend().world().actor(actor).unwrap();
    actor.conditions.has(condition)
}

fn dexterity(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().effective(actor, "Dexterity").unwrap().0
}

#[test]
fn a_second_hit_in_the_turn_it_fell_does_not_kill_and_the_next_turns_does() {
    let mut session = session();
    run(&mut session, "force 20, 1\nencounter Karak, Bandit\nset Bandit Health to 1\n");
    let out = run(&mut session, "force 10, 3\nKarak uses Attack on Bandit\n");
    assert!(
        out.contains("Bandit (Health reaches 0)\nBandit gains Unconscious\nBandit gains Fallen"),
        "{out}"
    );
    // The same turn: a second hit cannot kill (Jasmine's: a turn holds one attack each).
    run(&mut session, "actor Jasmine from Jasmine\nside Jasmine: party\n");
    run(&mut session, "force 10, 3\nJasmine uses Attack on Bandit\n");
    assert!(holds(&session, "Bandit", "Unconscious"));
    assert!(!holds(&session, "Bandit", "Dead"));
    // The unconscious Bandit's own turn passes; in round 2 the next hit kills.
    let out = run(&mut session, "next turn\nnext turn\n");
    assert!(out.contains("Bandit loses Fallen"), "{out}");
    assert!(out.contains("Bandit skips the turn"), "{out}");
    let out = run(&mut session, "force 10, 3\nKarak uses Attack on Bandit\n");
    assert!(out.contains("Bandit (on hit)\nBandit gains Dead"), "{out}");
    assert!(holds(&session, "Bandit", "Dead"));
}

#[test]
fn a_surprised_enemy_skips_its_turns_at_dexterity_0_until_hit() {
    let mut session = session();
    run(&mut session, "Karak uses Ambush on Bandit\n");
    assert_eq!(dexterity(&session, "Bandit"), 0);
    let out = run(&mut session, "force 1, 20\nencounter Karak, Bandit\nnext turn\n");
    // Dexterity 0 orders the Bandit after Karak despite its 20.
    assert!(out.contains("turn order: Karak, Bandit"), "{out}");
    assert!(out.contains("Bandit skips the turn"), "{out}");
    let out = run(&mut session, "next turn\nforce 10, 3\nKarak uses Attack on Bandit\n");
    assert!(out.contains("Bandit loses Surprised"), "{out}");
    assert_eq!(dexterity(&session, "Bandit"), 2);
}

#[test]
fn stun_skips_the_holders_turn() {
    let mut session = session();
    run(
        &mut session,
        "force 20, 1\nencounter Karak, Bandit\napply Stunned to Bandit for 1 turns\n",
    );
    let out = run(&mut session, "next turn\n");
    assert!(out.contains("Bandit skips the turn"), "{out}");
    assert!(out.contains("Bandit loses Stunned"), "{out}");
}

#[test]
fn a_missed_reckless_strike_costs_the_next_turn() {
    let mut session = session();
    run(&mut session, "force 20, 1\nencounter Karak, Bandit\n");
    // 3 + Dexterity 3 = 6 against 11: a miss.
    let out = run(&mut session, "force 3\nKarak uses Reckless Strike on Bandit\n");
    assert!(out.contains("Karak will skip the next turn"), "{out}");
    let out = run(&mut session, "next turn\nnext turn\n");
    assert!(out.contains("Karak skips the turn"), "{out}");
}

#[test]
fn on_fire_burns_2_health_each_turn_start() {
    let mut session = session();
    run(
        &mut session,
        "force 20, 1\nencounter Karak, Bandit\napply On Fire to Bandit for 2 turns\n",
    );
    run(&mut session, "next turn\n");
    let health = session.backend().world().actor("Bandit").unwrap().resources["Health"].current;
    assert_eq!(health, 14);
}
