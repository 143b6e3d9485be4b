//! The interrupted charge, a ruling of the Mystica pack (system.rules): losing health
//! interrupts an Invoker's charge and every Charge gathered is lost (`On damage taken: if
//! [Charge > 0]: set Charge to 0`); a missed blow, moving and acting between charges keep
//! it. Forced dice on the shipped pack.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

/// Shaera (Invoker) acting first and charging twice, the Bandit beside her.
const SETUP: &str = "load \"rules/mystica\"\nactor Shaera from Shaera\nactor Bandit from Bandit\n\
side Shaera: party\nforce 20, 1\nencounter Shaera, Bandit\nplace Shaera at 0,0\nplace Bandit at 1,0\n\
Shaera uses Charge\nShaera uses Charge\nnext turn\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

fn charge(session: &Session<Game>) -> i64 {
    session.backend().world().actor("Shaera").unwrap().resources["Charge"].current
}

#[test]
fn a_blow_that_takes_health_loses_every_charge_gathered() {
    let mut session = session();
    assert_eq!(charge(&session), 2);
    // 15 + 2 against 10 + her Agility 3 hits; 4 + Strength 2 - her Stamina 1: 5 damage.
    let out = run(&mut session, "force 15, 4\nBandit uses Attack on Shaera\n");
    assert!(out.contains("Shaera takes 5 damage into Health; Health now 11\nShaera (on damage taken)\nShaera: Charge 2 -> 0"), "{out}");
    assert_eq!(charge(&session), 0);
}

#[test]
fn a_miss_keeps_the_charge_and_so_does_moving() {
    let mut session = session();
    let out = run(&mut session, "force 2\nBandit uses Attack on Shaera\n");
    assert!(out.contains("failure"), "{out}");
    assert_eq!(charge(&session), 2);
    // Shaera's next turn: she moves and charges once more, keeping all three.
    run(&mut session, "next turn\nShaera uses Move to 0,2\nShaera uses Charge\n");
    assert_eq!(charge(&session), 3);
}

#[test]
fn poison_or_fire_interrupts_too_and_with_no_charge_nothing_is_said() {
    let mut session = session();
    let out = run(&mut session, "Shaera takes 1 damage\n");
    assert!(out.contains("Shaera: Charge 2 -> 0"), "{out}");
    let out = run(&mut session, "Shaera takes 1 damage\n");
    assert!(!out.contains("Charge"), "{out}");
}
