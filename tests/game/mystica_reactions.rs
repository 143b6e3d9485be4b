//! Mystica's reactions to an attack: Counter (Legionnaire, tier 4), Guardian (tier 3),
//! Protecting Winds and Cloak of Flames (Invoker, tier 3), with forced dice.

use crate::common::sessions::{refused, run, session_after};

const PARTY: &str = "load \"rules/mystica\"\nactor Karak from Karak\nactor Jasmine from Jasmine\n\
                     actor Shaera from Shaera\nactor Bandit from Bandit\n\
                     actor Archer from Bandit Archer\nactor Witch from Shaera\n\
                     side Karak, Jasmine, Shaera: party\nside Witch: foes\n\
                     place Karak at 0,0\nplace Jasmine at 0,2\nplace Shaera at 0,3\n\
                     place Bandit at 1,2\nplace Archer at 6,2\nplace Witch at 6,3\n\
                     grant power Counter to Karak\nrevoke power Mocking Blow from Karak\ngrant power Guardian to Karak\n\
                     grant power Protecting Winds to Shaera\ngrant power Cloak of Flames to Shaera\n\
                     grant power Rising Tide to Shaera\n";

#[test]
fn counter_returns_a_melee_blow_and_takes_half_again_from_an_arrow() {
    // Karak's Stamina 0 (base -8 with the bonuses of his class, race and armour) lets the
    // blows through; his Health maximum is then 15.
    let mut session = session_after(PARTY);
    let out = run(
        &mut session,
        "set Karak Stamina to -8\nplace Bandit at 1,0\nKarak uses Counter\n\
         force 15, 6\nBandit uses Attack on Karak\n",
    );
    // Longsword 6 + Strength 2 - Stamina 0 = 8, returned whole.
    assert!(out.contains("Karak gains Countering"), "{out}");
    assert!(out.contains("Karak takes 8 damage into Health; Health now 7"), "{out}");
    assert!(
        out.contains("Karak (on hit)\nBandit takes 8 damage into Health; Health now 8"),
        "{out}"
    );
    // Short bow 6 at long range, 50% more: 9; an arrow is not countered.
    let out = run(
        &mut session,
        "set Karak Health to 15\nplace Archer at 5,0\nforce 15, 6\nArcher uses Attack on Karak\n",
    );
    assert!(out.contains("Karak takes 9 damage into Health (from 6); Health now 6"), "{out}");
    assert!(!out.contains("Archer takes"), "{out}");
    // He may not attack while countering.
    let refusal = refused(&mut session, "Karak uses Attack on Bandit\n");
    assert_eq!(refusal[0].message, "Karak cannot use Attack: Countering forbids Attack powers");
}

#[test]
fn guardian_leaves_a_guarded_ally_at_1_and_is_then_spent_for_all() {
    let mut session = session_after(PARTY);
    let out = run(
        &mut session,
        "set Bandit Strength to 10\nset Jasmine Health to 5\nKarak uses Guardian\n",
    );
    // Jasmine (2 squares) and Shaera (3) are within his Movement 4; Karak is not covered.
    assert!(out.contains("Jasmine gains Intercepted\nShaera gains Intercepted\n"), "{out}");
    assert!(!out.contains("Karak gains Intercepted"), "{out}");
    // 6 + 10 - Stamina 1 = 15, halved to 7: Jasmine would drop to 0 and is left at 1.
    let out = run(&mut session, "force 15, 6\nBandit uses Attack on Jasmine\n");
    assert!(
        out.contains(
            "Jasmine takes 7 damage into Health (from 15); Health now 0\n\
             Jasmine: Health 0 -> 1\nJasmine is left at 1 Health, not 0\n"
        ),
        "{out}"
    );
    assert!(!out.contains("Jasmine gains Unconscious"), "{out}");
    assert!(out.contains("Jasmine loses Intercepted\nShaera loses Intercepted\n"), "{out}");
}

#[test]
fn guardian_does_not_intercept_an_area_attack() {
    let mut session = session_after(PARTY);
    // Rising Tide (Burst 2 around Shaera, party included) strikes Jasmine whole.
    let out = run(
        &mut session,
        "set Shaera Charge to 3\nKarak uses Guardian\nforce 1\nShaera uses Rising Tide\n",
    );
    // 1 + Intelligence 11 (10, +1 with a party member within 5).
    assert!(out.contains("Jasmine takes 12 damage into Health; Health now 4"), "{out}");
    assert!(!out.contains("loses Intercepted"), "{out}");
}

#[test]
fn protecting_winds_deflects_an_arrow_but_not_a_spell() {
    let mut session = session_after(PARTY);
    let out = run(
        &mut session,
        "set Shaera Charge to 1\nShaera uses Protecting Winds on Jasmine\n\
         force 15, 6\nArcher uses Attack on Jasmine\nforce 6\nWitch uses Cheshire Sprite on Jasmine\n",
    );
    assert!(out.contains("Shaera pays 1 Charge (0 left)\nJasmine gains Wind Ward"), "{out}");
    assert!(out.contains("Jasmine takes 0 damage into Health (from 5); Health now 16"), "{out}");
    // 1d8 6 + Intelligence 11 (the Witch's Bandit is within 5): a spell is magic.
    assert!(out.contains("Jasmine takes 17 damage into Health; Health now 0"), "{out}");
}

#[test]
fn cloak_of_flames_burns_a_melee_attacker_and_lowers_its_dexterity() {
    let mut session = session_after(PARTY);
    let out = run(
        &mut session,
        "Shaera uses Cloak of Flames on Jasmine\nforce 17, 6\nBandit uses Attack on Jasmine\n",
    );
    // Dexterity 2 - 2: 17 + 0 against 10 + Agility 7.
    assert!(out.contains("Bandit: 17 -> 17 vs 17: success"), "{out}");
    assert!(
        out.contains("Jasmine (on hit)\nBandit takes 2 damage into Health; Health now 14"),
        "{out}"
    );
    // An arrow is not melee: the archer is not burnt.
    let out = run(&mut session, "force 17, 6\nArcher uses Attack on Jasmine\n");
    assert!(!out.contains("Archer takes"), "{out}");
}
