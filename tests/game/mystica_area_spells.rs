//! Mystica's area spells on a square grid with forced dice: Rising Tide strikes everyone
//! within 2 squares of the Invoker, party included; Dive-bomb a line of 4 squares toward the
//! square aimed at; Erupting Earth the square aimed at (2 or 3 away) and the 4 beside it;
//! Tornado the first 4 creatures down a line of 15.
//! Each struck creature rolls its own damage; each spell pays its charge X-Y.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_after};

/// Shaera (Intelligence 11) at 0,0 with Karak beside her (0,2); a Bandit at 2,0 and a
/// Brute at 3,0 (Health 16 each).
fn field() -> Session<Game> {
    session_after(
        "load \"rules/mystica\"\nactor Shaera from Shaera\nactor Karak from Karak\n\
         actor Bandit from Bandit\nactor Brute from Bandit\nside Shaera, Karak: party\n\
         place Shaera at 0,0\nplace Karak at 0,2\nplace Bandit at 2,0\nplace Brute at 3,0\n\
         grant power Rising Tide to Shaera\ngrant power Dive-bomb to Shaera\n\
         grant power Erupting Earth to Shaera\n",
    )
}

fn health(session: &Session<Game>, actor: &str) -> i64 {
    crate::common::resource(session.backend(), actor, "Health")
}

#[test]
fn rising_tide_strikes_everyone_within_2_party_included() {
    let mut session = field();
    let found = refused(&mut session, "Shaera uses Rising Tide\n");
    assert!(found[0].message.contains("Charge"), "{}", found[0].message);
    let out = run(&mut session, "set Shaera Charge to 3\nforce 10, 4\nShaera uses Rising Tide\n");
    assert!(out.contains("Shaera pays 3 Charge (0 left)"), "{out}");
    // 1d20 + 11 each: Karak 10 + 11, the Bandit 4 + 11; the Brute 3 squares away is spared.
    assert!(out.contains("Karak takes 21 damage into Health; Health now 14"), "{out}");
    assert!(out.contains("Bandit takes 15 damage into Health"), "{out}");
    assert_eq!(health(&session, "Brute"), 16);
    assert_eq!(health(&session, "Shaera"), 16);
}

#[test]
fn dive_bomb_rains_along_a_line_of_4_and_erupting_earth_bursts_where_aimed() {
    let mut session = field();
    let out = run(&mut session, "force 3, 2\nShaera uses Dive-bomb at 4,0\n");
    assert!(out.contains("Shaera pays 0 Charge (0 left)"), "{out}");
    assert!(out.contains("Bandit takes 14 damage into Health; Health now 2"), "{out}");
    assert!(out.contains("Brute takes 13 damage into Health; Health now 3"), "{out}");
    assert_eq!(health(&session, "Karak"), 35);
    // The earth bursts under the Brute (3 away): it and the Bandit beside it are struck.
    let out = run(
        &mut session,
        "set Shaera Charge to 1\nforce 1, 1\nShaera uses Erupting Earth at 3,0\n",
    );
    assert!(out.contains("Shaera pays 1 Charge (0 left)"), "{out}");
    assert!(out.contains("Brute takes 12 damage"), "{out}");
    assert!(out.contains("Bandit takes 12 damage"), "{out}");
    // Aimed 4 squares away, or 1: out of its range.
    let found =
        refused(&mut session, "set Shaera Charge to 2\nShaera uses Erupting Earth at 4,0\n");
    assert_eq!(found[0].code, "runtime::space", "{found:?}");
    let found = refused(&mut session, "Shaera uses Erupting Earth at 1,0\n");
    assert_eq!(found[0].message, "the origin 1,0 is 1 square away; Erupting Earth reaches from 2");
}

#[test]
fn tornado_tosses_the_first_4_in_its_line() {
    let mut session = field();
    run(
        &mut session,
        "actor Third from Bandit\nactor Fourth from Bandit\nactor Fifth from Bandit\n\
         place Third at 5,0\nplace Fourth at 6,0\nplace Fifth at 7,0\n\
         grant power Tornado to Shaera\nset Shaera Charge to 2\n",
    );
    let out = run(&mut session, "force 1, 1, 1, 1\nShaera uses Tornado at 9,0\n");
    assert!(out.contains("Shaera pays 2 Charge (0 left)"), "{out}");
    for struck in ["Bandit", "Brute", "Third", "Fourth"] {
        assert!(out.contains(&format!("{struck} takes 12 damage")), "{struck}: {out}");
    }
    assert!(!out.contains("Fifth takes"), "{out}");
}
