//! Mystica's Toss on the shipped pack: a thrown close range weapon. Its `While:` tests the
//! weapon the use names (`the weapon has keyword Bow`), so Jasmine, who carries a Knife
//! and a Short Bow, throws the Knife and cannot throw the Bow.

use crate::common::sessions::{refused, run, session_after};

const SETUP: &str = "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Bandit from Bandit\n\
side Jasmine: party\nplace Jasmine at 0,0\nplace Bandit at 3,0\n";

#[test]
fn jasmine_throws_her_knife_though_she_also_carries_a_bow() {
    let mut session = session_after(SETUP);
    // 15 + Dexterity 4 + 3 = 22 against 10 + Agility 1: a hit for the Knife's 1d4 (3) plus
    // Strength 1, less the Bandit's Stamina 0.
    let out = run(&mut session, "force 15, 3\nJasmine uses Toss on Bandit with weapon Knife\n");
    assert!(
        out.contains(
            "Jasmine rolls 1d20 for check: [15f]\nJasmine: 15 -> 22 vs 11: success\n\
             Jasmine rolls 1d4 for effect: [3f] = 3\nBandit takes 4 damage into Health; Health now 12"
        ),
        "{out}"
    );
}

#[test]
fn a_bow_is_never_thrown() {
    let mut session = session_after(SETUP);
    let found = refused(&mut session, "Jasmine uses Toss on Bandit with weapon Short Bow\n");
    let message = &found[0].message;
    assert!(
        message.contains(
            "Jasmine cannot use Toss: requirement `not the weapon has keyword Bow and not the \
             weapon has keyword Crossbow and not the weapon has keyword Whip` does not hold"
        ),
        "{message}"
    );
}
