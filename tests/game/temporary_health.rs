//! Temporary health (`Temporary health: N` on a condition; a heal `over its maximum as`
//! one) with Mystica's two skills that grant it: Mud Spa (Invoker) coats a party member with
//! Level + 1 temporary health and 1 less Movement; Last Stand (Legionnaire) gives all his
//! health but 1, the part past the member's maximum as temporary health until the battle
//! ends. Damage takes it before health, a second grant does not add, undo and a save keep
//! it, and `analyze` explores a power granting it.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_after};

/// Shaera (Invoker, Level 1) and Karak (Legionnaire) in a party against a Bandit; Karak
/// acts first (Dexterity), Shaera charged once for Mud Spa.
const SETUP: &str = "load \"rules/mystica\"\nactor Shaera from Shaera\nactor Karak from Karak\n\
actor Bandit from Bandit\nside Shaera, Karak: party\nplace Shaera at 0,0\nplace Karak at 0,1\n\
place Bandit at 3,0\ngrant power Mud Spa to Shaera\ngrant power Last Stand to Karak\n\
force 20, 1, 1\nencounter Shaera, Karak, Bandit\nShaera uses Charge\n";

fn health(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["Health"].current
}

/// The N of `condition` on `actor` (its temporary health left), `None` when not held.
fn held(session: &Session<Game>, actor: &str, condition: &str) -> Option<i64> {
    let actor = session.backend().world().actor(actor).unwrap();
    actor.conditions.active.iter().find(|c| c.name == condition).map(|c| c.n.unwrap_or(0))
}

fn message(diagnostics: &[mythforge::diagnostics::Diagnostic]) -> String {
    diagnostics.iter().map(|d| d.message.clone()).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_coat_takes_damage_before_health_and_ends_when_spent() {
    let mut session = session_after(SETUP);
    run(&mut session, "Karak takes 4 damage\n");
    assert_eq!(health(&session, "Karak"), 31);
    // Mud Spa at Level 1: heals 2 and coats with 2 temporary health.
    let out = run(&mut session, "Shaera uses Mud Spa on Karak\n");
    assert!(out.contains("Shaera pays 1 Charge (0 left)"), "{out}");
    assert!(out.contains("Karak heals 2 Health (now 33)"), "{out}");
    assert!(out.contains("Karak gains Mud Coated 2"), "{out}");
    // Coated, he moves 3 squares, not 4.
    let diagnostics = refused(&mut session, "Karak uses Move to 0,5\n");
    assert_eq!(message(&diagnostics), "0,5 is 4 squares from Karak; walk goes up to 3");
    // The first point of damage is the coat's; health stays.
    let out = run(&mut session, "Karak takes 1 damage\n");
    assert!(out.contains("Karak's Mud Coated took 1 of it first (1 left)"), "{out}");
    assert_eq!((health(&session, "Karak"), held(&session, "Karak", "Mud Coated")), (33, Some(1)));
    // 3 more: the coat's last point, then 2 from health; the spent coat ends.
    let out = run(&mut session, "Karak takes 3 damage\n");
    assert!(out.contains("Karak's Mud Coated took 1 of it first (0 left)"), "{out}");
    assert!(out.contains("Karak loses Mud Coated"), "{out}");
    assert_eq!((health(&session, "Karak"), held(&session, "Karak", "Mud Coated")), (31, None));
    // Its Movement penalty ended with it.
    let out = run(&mut session, "Karak uses Move to 0,5\n");
    assert!(out.contains("(4 squares)"), "{out}");
}

#[test]
fn a_second_coat_does_not_add_the_larger_stays() {
    let mut session = session_after(SETUP);
    run(&mut session, "Shaera uses Mud Spa on Karak\nKarak takes 1 damage\n");
    assert_eq!(held(&session, "Karak", "Mud Coated"), Some(1));
    // Shaera's turn: a second coat of 2 tops the spent-down coat up to 2, not to 3.
    run(&mut session, "next turn\nShaera uses Charge\nShaera uses Mud Spa on Karak\n");
    assert_eq!(held(&session, "Karak", "Mud Coated"), Some(2));
    // A third, on a full coat of 2, changes nothing (not 4).
    run(
        &mut session,
        "next turn\nnext turn\nnext turn\nShaera uses Charge\nShaera uses Mud Spa on Karak\n",
    );
    assert_eq!(held(&session, "Karak", "Mud Coated"), Some(2));
}

#[test]
fn last_stand_gives_all_but_1_health_and_the_excess_is_temporary_until_the_battle_ends() {
    let mut session = session_after(SETUP);
    run(&mut session, "Shaera takes 5 damage\n");
    assert_eq!(health(&session, "Shaera"), 11);
    // Karak (35 health) gives 34: 6 heal Shaera to her maximum of 17, 28 stand over it.
    let out = run(&mut session, "Karak uses Last Stand on Shaera\n");
    assert!(out.contains("Shaera heals 6 Health (now 17)"), "{out}");
    assert!(out.contains("Shaera gains Last Stand Health 28"), "{out}");
    assert!(out.contains("Karak: Health 35 -> 1"), "{out}");
    // Damage spends the excess first: her health stays at the maximum.
    run(&mut session, "Shaera takes 10 damage\n");
    assert_eq!(
        (health(&session, "Shaera"), held(&session, "Shaera", "Last Stand Health")),
        (17, Some(18))
    );
    // Once per battle.
    let diagnostics = refused(&mut session, "Karak uses Last Stand on Shaera\n");
    assert!(
        message(&diagnostics)
            .contains("Karak cannot use Last Stand again: limited to once per encounter"),
        "{diagnostics:#?}"
    );
    // The battle ends: so does what is left of the excess; health stays.
    let out = run(&mut session, "end encounter\n");
    assert!(out.contains("Shaera loses Last Stand Health 18"), "{out}");
    assert_eq!(
        (health(&session, "Shaera"), held(&session, "Shaera", "Last Stand Health")),
        (17, None)
    );
}

#[test]
fn last_stand_at_1_health_has_nothing_to_give_and_is_refused() {
    let mut session = session_after(SETUP);
    run(&mut session, "set Karak Health to 1\n");
    let diagnostics = refused(&mut session, "Karak uses Last Stand on Shaera\n");
    assert!(message(&diagnostics).contains("Health > 1"), "{diagnostics:#?}");
}

#[test]
fn undo_of_a_hit_gives_the_spent_temporary_health_back() {
    let mut session = session_after(SETUP);
    // Shaera starts a point under her maximum of 17: the coat heals it.
    run(&mut session, "Shaera uses Mud Spa on Shaera\nnext turn\n");
    assert_eq!((health(&session, "Shaera"), held(&session, "Shaera", "Mud Coated")), (17, Some(2)));
    // The Bandit's attack beside her: a 15 hits for 6; the coat takes 2, health 4.
    let out = run(&mut session, "place Bandit at 1,0\nforce 15, 6\nBandit uses Attack on Shaera\n");
    assert!(out.contains("Shaera's Mud Coated took 2 of it first (0 left)"), "{out}");
    assert!(out.contains("Shaera takes 6 damage into Health; Health now 13"), "{out}");
    assert_eq!((health(&session, "Shaera"), held(&session, "Shaera", "Mud Coated")), (13, None));
    run(&mut session, "undo\n");
    assert_eq!((health(&session, "Shaera"), held(&session, "Shaera", "Mud Coated")), (17, Some(2)));
}

#[test]
fn a_save_keeps_the_temporary_health_left() {
    let path = std::env::temp_dir()
        .join(format!("mythforge-temporary-health-{}.json", std::process::id()));
    let shown = path.display().to_string();
    let mut session = session_after(SETUP);
    run(
        &mut session,
        &format!("Shaera uses Mud Spa on Karak\nKarak takes 1 damage\nsave \"{shown}\"\n"),
    );
    run(&mut session, "Karak takes 5 damage\n");
    assert_eq!(held(&session, "Karak", "Mud Coated"), None);
    run(&mut session, &format!("restore \"{shown}\"\n"));
    let _ = std::fs::remove_file(&path);
    assert_eq!((health(&session, "Karak"), held(&session, "Karak", "Mud Coated")), (35, Some(1)));
    // Restored, the coat still takes damage first.
    let out = run(&mut session, "Karak takes 3 damage\n");
    assert!(out.contains("Karak's Mud Coated took 1 of it first (0 left)"), "{out}");
    assert_eq!(health(&session, "Karak"), 33);
}

#[test]
fn analyze_explores_a_coat_then_a_blow() {
    use mythforge::analyze::{Options, Scenario, analyze};
    let scenario = Scenario {
        setup: "load \"rules/mystica\"\nactor Shaera from Shaera\nactor Bandit from Bandit\n\
                grant power Mud Spa to Shaera\nset Shaera Charge to 1\nset Shaera Health to 10\n"
            .into(),
        question: "Shaera uses Mud Spa on Shaera\nBandit uses Attack on Shaera".into(),
        repeat: 1,
        working_directory: Some(std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))),
    };
    let report =
        analyze(&scenario, &Options::default()).unwrap_or_else(|r| panic!("{:?}", r.diagnostics));
    assert!(report.exact);
    let damage = report.measure("damage to Shaera").expect("the blow's damage");
    let health = report.measure("Shaera's Health").expect("her health after");
    // Healed to 12 with a coat of 2: a blow of 2 or less leaves 12; 11 leaves 3.
    let at_most_2 = damage.p(0) + damage.p(1) + damage.p(2);
    assert!((health.p(12) - at_most_2).abs() < 1e-12, "{} vs {at_most_2}", health.p(12));
    assert!((health.p(3) - damage.p(11)).abs() < 1e-12);
    assert!(damage.p(11) > 0.0);
    assert_eq!(health.p(13), 0.0);
}

#[test]
fn the_gm_applies_a_coat_only_with_its_n() {
    let mut session = session_after(SETUP);
    let diagnostics = refused(&mut session, "apply Mud Coated to Karak\n");
    assert_eq!(message(&diagnostics), "Mud Coated holds temporary health: give it an N above 0");
    assert_eq!(held(&session, "Karak", "Mud Coated"), None);
    run(&mut session, "apply Mud Coated 3 to Karak\nKarak takes 2 damage\n");
    assert_eq!((health(&session, "Karak"), held(&session, "Karak", "Mud Coated")), (35, Some(1)));
}

#[test]
fn a_blow_the_coat_absorbs_whole_takes_no_health_and_keeps_the_charge() {
    let mut session = session_after(SETUP);
    // Shaera coats herself, then charges again for her next spell.
    run(&mut session, "Shaera uses Mud Spa on Shaera\nnext turn\nShaera uses Charge\n");
    let charge = |session: &Session<Game>| {
        session.backend().world().actor("Shaera").unwrap().resources["Charge"].current
    };
    assert_eq!(charge(&session), 1);
    // 2 damage: all the coat's; no health lost, so the charge is not interrupted.
    let out = run(&mut session, "Shaera takes 2 damage\n");
    assert!(!out.contains("Charge 1 -> 0"), "{out}");
    assert_eq!((health(&session, "Shaera"), charge(&session)), (17, 1));
    // 1 more reaches health: the charge is lost (system.rules, the interrupted charge).
    let out = run(&mut session, "Shaera takes 1 damage\n");
    assert!(out.contains("Shaera: Charge 1 -> 0"), "{out}");
    assert_eq!(health(&session, "Shaera"), 16);
}

/// A pack with armour layers in front of HP, a ward of temporary health, and a heal over the
/// maximum into it.
const LAYERED: &str = "system Plates
Stats: Might
Resource HP: max 20
Layered Body: HP

armour Plate
Protection: 3

condition Warded
Temporary health: N

power Strike
Target: Enemy
Effect: [Might] damage

power Rally
Target: Self
Effect: heal 5 over its maximum as Warded

actor Fighter
Stats: Might 6
Resources: HP 20
Powers: Strike

actor Knight
Stats: Might 5
Resources: HP 20
Equipment: Plate
Powers: Rally
";

#[test]
fn armour_takes_its_share_first_then_the_temporary_health_then_hp() {
    let mut session = crate::common::sessions::session_with(
        "plates.rules",
        LAYERED,
        "actor Ana from Fighter\nactor Bo from Knight\n",
    );
    // At full HP the whole heal stands over the maximum: Warded 5.
    let out = run(&mut session, "Bo uses Rally\n");
    assert!(out.contains("Bo gains Warded 5"), "{out}");
    // 6 into the Plate's 3: 3 pass, all the ward's; HP untouched.
    let out = run(&mut session, "Ana uses Strike on Bo\n");
    assert!(out.contains("Plate absorbs 3 (3 -> 3); 3 passes through"), "{out}");
    assert!(out.contains("Bo's Warded took 3 of it first (2 left)"), "{out}");
    assert!(!out.contains("Bo: HP"), "{out}");
    assert_eq!((health_of(&session, "Bo"), held(&session, "Bo", "Warded")), (20, Some(2)));
    // Again: 3 pass, 2 to the ward (it ends), 1 to HP.
    let out = run(&mut session, "Ana uses Strike on Bo\n");
    assert!(out.contains("Bo's Warded took 2 of it first (0 left)"), "{out}");
    assert!(out.contains("Bo: HP 20 -> 19"), "{out}");
    assert_eq!(held(&session, "Bo", "Warded"), None);
}

fn health_of(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["HP"].current
}

#[test]
fn mud_spa_reaches_6_squares_and_only_the_party() {
    let mut session = session_after(SETUP);
    run(&mut session, "place Karak at 0,7\n");
    let diagnostics = refused(&mut session, "Shaera uses Mud Spa on Karak\n");
    assert_eq!(message(&diagnostics), "Karak is 7 squares away; Mud Spa reaches 6");
    let diagnostics = refused(&mut session, "Shaera uses Mud Spa on Bandit\n");
    assert_eq!(
        message(&diagnostics),
        "Bandit is on side foes, not Shaera's side party; Mud Spa targets an ally"
    );
    run(&mut session, "place Karak at 0,6\nShaera uses Mud Spa on Karak\n");
    assert_eq!(held(&session, "Karak", "Mud Coated"), Some(2));
}
