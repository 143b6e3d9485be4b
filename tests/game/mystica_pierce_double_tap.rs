//! Mystica's Piercing Shot and Double Tap with forced dice. Piercing Shot strikes the foes on
//! a line of Weapon Range + 2 squares in order, one damage roll for all, 1 less on each one it
//! pierces after the first (`[Target Number]`); it is shot with a Bow or a Crossbow, a turn
//! after one spent on Gather Wind. Double Tap's feat holds Double Tapping (`Converts: Move to
//! Action`): the turn's move slot takes an attack, so a turn holds two.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_after};

/// Jasmine (a Phantom, Dexterity 5 with her class) at 0,0 acting first; three Bandits
/// without Stamina on her row at 2,0, 4,0 and 6,0 (Health 15 each), Karak (her ally) at 0,2.
/// Piercing Shot in place of Arcana Blast, its tier's other choice.
fn field() -> Session<Game> {
    session_after(
        "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Karak from Karak\n\
         actor Ana from Bandit with Stamina 0\nactor Bo from Bandit with Stamina 0\n\
         actor Cy from Bandit with Stamina 0\nside Jasmine, Karak: party\n\
         force 20, 1, 1, 1, 1\nencounter Jasmine, Karak, Ana, Bo, Cy\n\
         place Jasmine at 0,0\nplace Karak at 0,2\nplace Ana at 2,0\nplace Bo at 4,0\n\
         place Cy at 6,0\n\
         revoke power Arcana Blast from Jasmine\ngrant power Gather Wind to Jasmine\n\
         grant power Piercing Shot to Jasmine\n",
    )
}

fn health(session: &Session<Game>, actor: &str) -> i64 {
    crate::common::resource(session.backend(), actor, "Health")
}

/// Ends the turns of everyone until Jasmine's next one.
const ROUND: &str = "next turn\nnext turn\nnext turn\nnext turn\nnext turn\n";

#[test]
fn a_charged_piercing_shot_deals_5_4_3_down_the_line() {
    let mut session = field();
    let out = run(&mut session, "Jasmine uses Gather Wind\n");
    assert!(out.contains("Jasmine gains Wind Gathered"), "{out}");
    let out = run(
        &mut session,
        &format!("{ROUND}force 15, 5\nJasmine uses Piercing Shot with weapon Short Bow at 1,0\n"),
    );
    assert!(out.contains("Jasmine rolls once for every target: Roll = 5"), "{out}");
    let struck: Vec<&str> = out.lines().filter(|line| line.contains(" takes ")).collect();
    assert_eq!(
        struck,
        [
            "Ana takes 5 damage into Health; Health now 10",
            "Bo takes 4 damage into Health; Health now 11",
            "Cy takes 3 damage into Health; Health now 12",
        ]
    );
    assert!(out.contains("Jasmine loses Wind Gathered"), "{out}");
    // The wind is spent: the next shot needs another charge.
    let found = refused(
        &mut session,
        &format!("{ROUND}Jasmine uses Piercing Shot with weapon Short Bow at 1,0\n"),
    );
    assert!(found[0].message.contains("Wind Gathered"), "{}", found[0].message);
}

#[test]
fn the_shot_reaches_weapon_range_plus_2_and_never_deals_below_0() {
    let mut session = field();
    // A Short Bow's range is 7: the line runs 9 squares, so a foe at 9,0 is the fourth
    // struck and one at 10,0 is out of it. A roll of 2: 2, 1, 0, 0.
    let out = run(
        &mut session,
        &format!(
            "actor Di from Bandit with Stamina 0\nactor Ed from Bandit with Stamina 0\n\
             place Di at 9,0\nplace Ed at 10,0\nJasmine uses Gather Wind\n{ROUND}\
             force 15, 2\nJasmine uses Piercing Shot with weapon Short Bow at 1,0\n"
        ),
    );
    let struck: Vec<&str> = out.lines().filter(|line| line.contains(" takes ")).collect();
    assert_eq!(
        struck,
        [
            "Ana takes 2 damage into Health; Health now 13",
            "Bo takes 1 damage into Health; Health now 14",
            "Cy takes 0 damage into Health; Health now 15",
            "Di takes 0 damage into Health; Health now 15",
        ]
    );
    assert_eq!(health(&session, "Ed"), 15);
}

#[test]
fn the_shot_is_refused_in_the_charging_turn_and_with_a_close_range_weapon() {
    let mut session = field();
    let found = refused(
        &mut session,
        "Jasmine uses Gather Wind\nJasmine uses Piercing Shot with weapon Short Bow at 1,0\n",
    );
    assert!(found[0].message.contains("Gathering Wind"), "{}", found[0].message);
    let found = refused(
        &mut session,
        &format!("{ROUND}Jasmine uses Piercing Shot with weapon Knife at 1,0\n"),
    );
    assert!(found[0].message.contains("this power has keyword Bow"), "{}", found[0].message);
    assert_eq!(health(&session, "Ana"), 15);
}

#[test]
fn double_tap_lets_a_turn_hold_two_attacks_and_without_it_the_second_is_refused() {
    let mut session = field();
    run(&mut session, "place Ana at 1,0\n");
    let out = run(&mut session, "force 15, 3\nJasmine uses Attack on Ana with weapon Knife\n");
    assert!(out.contains("Ana takes 5 damage into Health; Health now 10"), "{out}");
    let found = refused(&mut session, "Jasmine uses Attack on Ana with weapon Knife\n");
    assert_eq!(found[0].code, "runtime::turn_quota");
    assert!(
        found[0].message.starts_with(
            "Jasmine cannot use Attack: a turn allows 1 Action or Move power; used by Attack in round 1"
        ),
        "{}",
        found[0].message
    );
    assert_eq!(health(&session, "Ana"), 10);
    // With the feat, the next turn holds two attacks (the move slot took the second), and
    // then no move.
    let out = run(&mut session, "grant feat Double Tap to Jasmine\n");
    assert!(out.contains("Jasmine gains Double Tapping"), "{out}");
    let out = run(
        &mut session,
        &format!(
            "{ROUND}force 15, 3\nJasmine uses Attack on Ana with weapon Knife\n\
             force 15, 2\nJasmine uses Attack on Ana with weapon Knife\n"
        ),
    );
    assert!(out.contains("Ana takes 5 damage into Health; Health now 5"), "{out}");
    assert!(out.contains("Ana takes 4 damage into Health; Health now 1"), "{out}");
    let found = refused(&mut session, "Jasmine uses Move to 0,1\n");
    assert!(
        found[0].message.starts_with(
            "Jasmine cannot use Move: a turn allows 1 Move or Charging power; used by Attack"
        ),
        "{}",
        found[0].message
    );
    // Revoked, the feat's condition ends with it.
    let out = run(&mut session, "revoke feat Double Tap from Jasmine\n");
    assert!(out.contains("Jasmine loses Double Tapping"), "{out}");
}

#[test]
fn with_double_tap_an_attack_then_a_move_still_fit_and_a_trap_placement_takes_the_move_slot() {
    let mut session = field();
    run(&mut session, "place Ana at 1,0\ngrant feat Double Tap to Jasmine\n");
    // An attack goes to the action slot first (the widened slot only when that one is
    // full), so a move after it still fits.
    let out = run(
        &mut session,
        "force 15, 3\nJasmine uses Attack on Ana with weapon Knife\nJasmine uses Move to 0,1\n",
    );
    assert!(out.contains("Jasmine walk: 0,0 -> 0,1 (1 square)"), "{out}");
    // The next turn: an attack and a trap placement.
    let out = run(
        &mut session,
        &format!(
            "{ROUND}place Jasmine at 0,0\nforce 15, 3\n\
             Jasmine uses Attack on Ana with weapon Knife\n\
             Jasmine uses Place Springwire Trap to 1,1\n"
        ),
    );
    assert!(out.contains("terrain Springwire Trap at 1,1"), "{out}");
}

#[test]
fn a_phantom_takes_one_skill_of_each_tier_pair() {
    let mut session = field();
    // Jasmine has Toss (tier 4): Longshot, its pair, is refused; Fool's Luck (tier 5) is
    // not, and then Double Tap, its pair, is.
    let found = refused(&mut session, "grant power Longshot to Jasmine\n");
    assert_eq!(
        found[0].message,
        "Jasmine cannot have Longshot: Phantom allows one of Longshot or Toss, and Jasmine has Toss"
    );
    let out = run(&mut session, "grant power \"Fool's Luck\" to Jasmine\n");
    assert!(out.contains("Jasmine gains power Fool's Luck (GM)"), "{out}");
    let found = refused(&mut session, "grant feat Double Tap to Jasmine\n");
    assert_eq!(
        found[0].message,
        "Jasmine cannot have Double Tap: Phantom allows one of Double Tap or Fool's Luck, and Jasmine has Fool's Luck"
    );
    let jasmine = session.backend().world().actor("Jasmine").expect("Jasmine");
    assert!(!jasmine.traits.iter().any(|name| name == "Double Tap"));
    assert!(!jasmine.powers.iter().any(|name| name == "Longshot"));
}
