//! Mystica class skills encoded with the general language, on the shipped pack with forced
//! dice: Sweep (each adjacent creature saves on its own 1d20 + Dexterity against 15; the
//! Legionnaire takes double damage for the rest of the turn), Longshot (the distance raises
//! the number to beat and adds to the damage), Fool's Luck (the better of two d20, the kept
//! die deciding the critical).

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

/// Karak at 0,0 with a Bandit east (1,0) and a Thug south (0,1), both Dexterity 2, Agility
/// 1, Stamina 1, 16 health; Jasmine (Dexterity 7, a Short Bow) at 5,0; Karak and Jasmine
/// on side party, the Bandits on side foes; an encounter with Karak first. Sweep and
/// Longshot are the other choices of tiers Karak and Jasmine took Reckless Strike and Toss
/// at (one skill a tier: the class's `Choices:`), so those are taken back first.
const SETUP: &str = "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Karak from Karak\n\
actor Bandit from Bandit\nactor Thug from Bandit\nside Jasmine, Karak: party\n\
place Karak at 0,0\nplace Bandit at 1,0\nplace Thug at 0,1\nplace Jasmine at 5,0\n\
revoke power Reckless Strike from Karak\nrevoke power Toss from Jasmine\n\
grant power Sweep to Karak\ngrant power Longshot to Jasmine\ngrant power \"Fool's Luck\" to Jasmine\n\
force 20, 19, 2, 1\nencounter Karak, Jasmine, Bandit, Thug\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

fn health(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["Health"].current
}

#[test]
fn sweep_has_each_adjacent_creature_save_on_its_own_dexterity_against_15() {
    let mut session = session();
    // Nearest first, the burst's order: the Thug saves (13 + 2 = 15), the Bandit does not
    // (12 + 2 = 14) and loses its next turn.
    let out = run(&mut session, "force 13, 12\nKarak uses Sweep\n");
    assert!(
        out.contains(
            "Thug rolls 1d20 for check: [13f]\nThug: 13 -> 15 vs 15: success\n\
             Bandit rolls 1d20 for check: [12f]\nBandit: 12 -> 14 vs 15: failure\n\
             Bandit will skip the next turn\nKarak gains Open Guard"
        ),
        "{out}"
    );
    // Open: a 5 damage hit does 10 this turn.
    let before = health(&session, "Karak");
    run(&mut session, "Karak takes 5 damage\n");
    assert_eq!(health(&session, "Karak"), before - 10);
    let out = run(&mut session, "next turn\nnext turn\n");
    assert!(out.contains("Karak loses Open Guard"), "{out}");
    assert!(out.contains("Bandit skips the turn"), "{out}");
}

#[test]
fn longshot_adds_the_distance_to_the_number_to_beat_and_to_the_damage() {
    let mut session = session();
    // 4 squares: 10 + Agility 1 + 4 = 15 to beat; 8 + 7 = 15 hits, 7 + 7 misses.
    let out = run(
        &mut session,
        "next turn\nforce 7\nJasmine uses Longshot on Bandit with weapon Short Bow\n",
    );
    assert!(out.contains("Jasmine: 7 -> 14 vs 15: failure"), "{out}");
    let out = run(
        &mut session,
        "next turn\nforce 8, 3\nJasmine uses Longshot on Bandit with weapon Short Bow\n",
    );
    assert!(out.contains("Jasmine: 8 -> 15 vs 15: success"), "{out}");
    // 1d6 3 + 4 squares - Stamina 1 = 6.
    assert_eq!(health(&session, "Bandit"), 10);
}

#[test]
fn fools_luck_keeps_the_better_of_two_d20_and_its_natural_roll_decides_the_critical() {
    let mut session = session();
    // 3 and 17: the 17 is kept; 17 + 7 = 24 against 11, and 17 lies in the bow's widened
    // range (18 - floor(7 / 4) = 17): critical, 1d6 4 x 2 - 1 = 7.
    let out = run(
        &mut session,
        "next turn\nforce 3, 17, 4\nJasmine uses \"Fool's Luck\" on Bandit with weapon Short Bow\n",
    );
    assert!(
        out.contains(
            "Jasmine rolls 2d20 for check: [(3f), 17f]\nJasmine: 17 -> 24 vs 11: critical success"
        ),
        "{out}"
    );
    assert_eq!(health(&session, "Bandit"), 9);
    // 2 and 1: the better is 2; 2 + 7 = 9 misses.
    let out = run(
        &mut session,
        // The next turn: a turn holds one action (`Per turn:`, system.rules).
        "next turn\nforce 2, 1\nJasmine uses \"Fool's Luck\" on Bandit with weapon Short Bow\n",
    );
    assert!(out.contains("Jasmine: 2 -> 9 vs 11: failure"), "{out}");
}

/// The whole party (Jasmine, Karak, Shaera) and a Bandit; turn order Jasmine, Karak,
/// Shaera, Bandit.
const PARTY: &str = "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Karak from Karak\n\
actor Shaera from Shaera\nactor Bandit from Bandit\nside Jasmine, Karak, Shaera: party\n\
force 20, 19, 18, 1\nencounter Karak, Jasmine, Shaera, Bandit\n";

/// Courageous Strike is the other tier 1 choice to Karak's Defensive Stance (one skill a
/// tier): the stance is taken back first.
const COURAGEOUS: &str =
    "revoke stance Defensive Stance from Karak\ngrant power Courageous Strike to Karak\n";

#[test]
fn courageous_strike_inspires_every_party_member_and_waits_until_nobody_is() {
    let mut session = session_after(&format!("{PARTY}{COURAGEOUS}"));
    // 10 + Dexterity 4 hits; 1d8 4 + Strength 6 - Stamina 1 = 9, not yet inspired.
    let out = run(&mut session, "force 10, 4\nKarak uses Courageous Strike on Bandit\n");
    assert!(
        out.ends_with(
            "Bandit takes 9 damage into Health; Health now 7\nKarak gains Emboldened\n\
             Jasmine gains Emboldened\nShaera gains Emboldened\n"
        ),
        "{out}"
    );
    // Jasmine's Knife hit: 1d4 3 + Strength 2 - Stamina 1 = 4, x 1.25 = 5.
    let out = run(&mut session, "force 10, 3\nJasmine uses Attack on Bandit\n");
    assert!(out.contains("Bandit takes 5 damage into Health; Health now 2"), "{out}");
    // Karak's own ends; Jasmine's still holds: no second strike.
    run(&mut session, "remove Emboldened from Karak\n");
    run(&mut session, "next turn\n");
    let refused = session.run_text("x.session", "Karak uses Courageous Strike on Bandit\n", None);
    let failure = format!("{:?}", refused.failure.expect("an ally is still inspired"));
    assert!(failure.contains("no ally is Emboldened"), "{failure}");
    run(&mut session, "remove Emboldened from Jasmine\nremove Emboldened from Shaera\n");
    let out = run(&mut session, "force 2\nKarak uses Courageous Strike on Bandit\n");
    assert!(out.contains("Karak: 2 -> 6 vs 11: failure"), "{out}");
}

#[test]
fn defensive_stance_guards_every_other_party_member_while_it_lasts() {
    let mut session = session_after(PARTY);
    let out = run(&mut session, "Karak adopts Defensive Stance\n");
    assert!(
        out.contains("Karak gains Defending\nJasmine gains Guarded\nShaera gains Guarded"),
        "{out}"
    );
    run(&mut session, "Jasmine takes 5 damage\n");
    assert_eq!(health(&session, "Jasmine"), 16 - 4);
    // Karak no longer Defending: the guard goes dormant.
    let out = run(&mut session, "remove Defending from Karak\n");
    assert!(
        out.contains("Jasmine's Guarded is dormant: `an ally is Defending` does not hold"),
        "{out}"
    );
    run(&mut session, "Jasmine takes 5 damage\n");
    assert_eq!(health(&session, "Jasmine"), 16 - 4 - 5);
}

#[test]
fn cleave_strikes_the_intended_target_and_whoever_stands_left_and_right_of_it() {
    // Karak at 0,0 strikes east: the Bandit at 1,0, the Thug at 1,1 and Jasmine (a friend)
    // at 1,-1; the Lout behind the Bandit (2,0) is not in the arc.
    let mut session = session_after(
        "load \"rules/mystica\"\nactor Karak from Karak\nactor Bandit from Bandit\nactor Thug from Bandit\n\
         actor Lout from Bandit\nactor Jasmine from Jasmine\nside Karak, Jasmine: party\n\
         place Karak at 0,0\nplace Bandit at 1,0\nplace Thug at 1,1\nplace Jasmine at 1,-1\n\
         place Lout at 2,0\ngrant power Cleave to Karak\n",
    );
    // One d20 for the arc, read against each target's own number: 12 + 4 = 16 hits the
    // Bandit and the Thug (Agility 1: 11) and misses Jasmine (Agility 7: 17); one damage
    // roll: 3 x (1d8 5 + Strength 6) / 4 = 8, rounded down, less each one's Stamina 1: 7.
    let out = run(&mut session, "force 12, 5, 1, 1\nKarak uses Cleave at 1,0\n");
    assert!(
        out.contains("Karak: 12 -> 16 vs 11: success\nKarak: 12 -> 16 vs 17: failure\n"),
        "{out}"
    );
    assert_eq!(out.matches("rolls 1d8").count(), 1, "{out}");
    assert!(out.contains("Karak rolls once for every target: Roll = 11"), "{out}");
    assert!(out.contains("Bandit takes 7 damage into Health; Health now 9"), "{out}");
    assert!(out.contains("Thug takes 7 damage into Health; Health now 9"), "{out}");
    assert!(!out.contains("Jasmine takes"), "{out}");
    assert_eq!(health(&session, "Lout"), 16);
    // Without a square to point at, it is refused and nothing changes.
    let refused = session.run_text("x.session", "Karak uses Cleave\n", None);
    let failure = format!("{:?}", refused.failure.expect("Cleave points somewhere"));
    assert!(failure.contains("Cleave needs a square to point at"), "{failure}");
    assert_eq!(health(&session, "Bandit"), 9);
}
