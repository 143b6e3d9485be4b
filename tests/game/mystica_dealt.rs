//! The damage a line just dealt and one roll shared by a use's targets, on the shipped
//! Mystica pack with forced dice: Courageous Strike inspires only when its blow damages the
//! target (`if [Damage Dealt > 0]:`), Cleave's arc takes one damage roll (`Roll:`), Blood Oak
//! Roots damages the target and heals the Invoker by the same roll, and `analyze` branches
//! on a shared roll once, not once per target.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{run, session_after};

fn health(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["Health"].current
}

fn holds(session: &Session<Game>, actor: &str, condition: &str) -> bool {
    let world = session.backend().world();
    world.actor(actor).unwrap().conditions.active.iter().any(|c| c.name == condition)
}

/// Karak (Courageous Strike, in place of Defensive Stance: one skill a tier) and Jasmine on
/// one side against `foe`; Karak acts first.
fn strike_against(foe: &str) -> Session<Game> {
    session_after(&format!(
        "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Karak from Karak\n\
         actor Brute from Bandit{foe}\nside Jasmine, Karak: party\n\
         revoke stance Defensive Stance from Karak\ngrant power Courageous Strike to Karak\n\
         force 20, 1, 2\nencounter Karak, Jasmine, Brute\n"
    ))
}

#[test]
fn courageous_strike_inspires_only_when_its_blow_damages_the_target() {
    // Stamina 20 absorbs all of 1d8 4 + Strength 6: the hit deals 0 and inspires no one.
    let mut session = strike_against(" with Stamina 20");
    let out = run(&mut session, "force 10, 4\nKarak uses Courageous Strike on Brute\n");
    assert!(
        out.ends_with(
            "Karak: 10 -> 14 vs 11: success\nKarak rolls 1d8 for effect: [4f] = 4\n\
             Brute takes 0 damage into Health; Health now 35\n\
             [Damage Dealt > 0] does not hold: Self is Emboldened for 2 turns; every ally is \
             Emboldened for 2 turns does not happen\n"
        ),
        "{out}"
    );
    assert!(!holds(&session, "Karak", "Emboldened") && !holds(&session, "Jasmine", "Emboldened"));
    // Stamina 1: the same blow deals 9 and the party is inspired.
    let mut session = strike_against("");
    let out = run(&mut session, "force 10, 4\nKarak uses Courageous Strike on Brute\n");
    assert!(
        out.ends_with(
            "Brute takes 9 damage into Health; Health now 7\nKarak gains Emboldened\n\
             Jasmine gains Emboldened\n"
        ),
        "{out}"
    );
    assert!(holds(&session, "Karak", "Emboldened") && holds(&session, "Jasmine", "Emboldened"));
}

/// Karak at 0,0 striking east with Cleave: the Bandit (Stamina 1) at 1,0, the Thug
/// (Stamina 3) at 1,1 and Jasmine (Stamina 1) at 1,-1.
const ARC: &str = "load \"rules/mystica\"\nactor Karak from Karak\nactor Bandit from Bandit\n\
actor Thug from Bandit with Stamina 3\nactor Jasmine from Jasmine\nside Karak, Jasmine: party\n\
place Karak at 0,0\nplace Bandit at 1,0\nplace Thug at 1,1\nplace Jasmine at 1,-1\n\
grant power Cleave to Karak\n";

#[test]
fn cleave_deals_every_target_the_same_rolled_amount_less_its_own_stamina() {
    let mut session = session_after(ARC);
    // One 1d8 (2) for the arc: 3 x (2 + Strength 6) / 4 = 6; the faces after it go unused.
    // 14 + Dexterity 4 = 18 hits all three (11, 11 and Jasmine's 17).
    let out = run(&mut session, "force 14, 2, 8, 8\nKarak uses Cleave at 1,0\n");
    assert_eq!(out.matches("rolls 1d8").count(), 1, "{out}");
    assert!(out.contains("Karak rolls once for every target: Roll = 8\n"), "{out}");
    assert!(out.contains("Bandit takes 5 damage into Health; Health now 11"), "{out}");
    assert!(out.contains("Thug takes 3 damage into Health; Health now 15"), "{out}");
    assert!(out.contains("Jasmine takes 5 damage into Health; Health now 11"), "{out}");
    assert!(out.contains("forced dice not used by this command, dropped: 8, 8"), "{out}");
}

#[test]
fn analyze_branches_on_the_shared_roll_once_for_the_whole_arc() {
    let mut session = session_after(ARC);
    let out = run(&mut session, "analyze Karak uses Cleave at 1,0\n");
    // 6 missing faces, and 14 hitting faces x 8 faces of the one damage die (each target's
    // own die would make 14 x 8^3 = 7168 more).
    assert!(out.contains("exact (118 runs, 118 leaves)"), "{out}");
    let rows = |who: &str| -> Vec<String> {
        let from = out.find(&format!("  damage to {who}")).expect(who);
        out[from..]
            .lines()
            .skip(1)
            .take(7)
            .map(|row| row.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(
        rows("Bandit"),
        [
            "0 30.0000%",
            "4 8.7500%",
            "5 17.5000%",
            "6 8.7500%",
            "7 8.7500%",
            "8 17.5000%",
            "9 8.7500%"
        ]
    );
    // Jasmine's Agility 7 makes her 17 to hit: the same one d20 misses her more often.
    assert_eq!(
        rows("Jasmine"),
        [
            "0 60.0000%",
            "4 5.0000%",
            "5 10.0000%",
            "6 5.0000%",
            "7 5.0000%",
            "8 10.0000%",
            "9 5.0000%"
        ]
    );
    assert_eq!(
        rows("Thug"),
        [
            "0 30.0000%",
            "2 8.7500%",
            "3 17.5000%",
            "4 8.7500%",
            "5 8.7500%",
            "6 17.5000%",
            "7 8.7500%"
        ]
    );
    // The game is unchanged.
    assert_eq!(health(&session, "Bandit"), 16);
}

#[test]
fn blood_oak_roots_damages_the_target_and_heals_the_invoker_by_one_roll() {
    let mut session = session_after(
        "load \"rules/mystica\"\nactor Shaera from Shaera\nactor Bandit from Bandit\n\
         place Shaera at 0,0\nplace Bandit at 3,0\ngrant power Blood Oak Roots to Shaera\n\
         Shaera takes 10 damage\nset Shaera Charge to 1\n",
    );
    // 1d6 4 + Level 1 = 5: the Bandit loses 5, Shaera (6 of 16) regains the same 5.
    let out = run(&mut session, "force 4, 1\nShaera uses Blood Oak Roots on Bandit\n");
    assert!(
        out.contains(
            "Shaera pays 1 Charge (0 left)\nShaera rolls 1d6 for effect: [4f] = 4\n\
             Shaera rolls once for every target: Roll = 5\n\
             Bandit takes 5 damage into Health; Health now 11\nShaera heals 5 Health (now 11)\n\
             Shaera: Blood Oak Roots Casts 0 -> 1\n"
        ),
        "{out}"
    );
    // Never above the maximum: 15 of 16 regains 1 of a roll of 7.
    run(&mut session, "set Shaera Health to 15\nset Shaera Charge to 2\n");
    let out = run(&mut session, "force 6\nShaera uses Blood Oak Roots on Bandit\n");
    assert!(out.contains("Bandit takes 7 damage into Health; Health now 4"), "{out}");
    assert_eq!(health(&session, "Shaera"), 16);
    // The second cast in the battle costs 2 Charge (1-5).
    assert!(out.contains("Shaera pays 2 Charge (0 left)"), "{out}");
}

#[test]
fn analyze_inspires_exactly_as_often_as_the_blow_gets_through() {
    // Stamina 8 absorbs 1d8 + Strength 6 up to 8: the strike inspires only on a hit whose die
    // shows 3 or more.
    let mut session = strike_against(" with Stamina 8");
    let out = run(&mut session, "analyze Karak uses Courageous Strike on Brute\n");
    let row = |title: &str, value: &str| -> String {
        let from = out.find(title).unwrap_or_else(|| panic!("{title}: {out}"));
        let line = out[from..].lines().find(|l| l.trim_start().starts_with(value)).unwrap();
        line.split_whitespace().nth(value.split_whitespace().count()).unwrap().to_string()
    };
    assert_eq!(row("  damage to Brute", "0 "), "47.5000%", "{out}");
    assert_eq!(row("  Karak has Emboldened", "1 yes"), "52.5000%", "{out}");
    assert_eq!(row("  Jasmine has Emboldened", "1 yes"), "52.5000%", "{out}");
}
