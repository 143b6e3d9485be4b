//! Mystica's traps and ground on the square grid, on the shipped pack with forced dice: a
//! Phantom lays a trap beside a creature (nothing happens) and whoever steps on it sets it
//! off once (Springwire, Flash with its area 1, EZ-Use Smoke with its area 2, Stasis,
//! Poison's 20% of current health each turn); unsteady ground's trip check, cumbersome
//! ground's halved movement and the three dangerous obstacles' 1d10 crossing checks, rolled
//! by the ground itself on entry.

use mythforge::engine::Hex;
use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::{refused, run, session_after};

/// Jasmine (Phantom) and Karak on side party, a Bandit (Strength 2, Dexterity 2, Agility 1,
/// 16 health) on side foes; Jasmine at 0,0, the Bandit at 3,0, Karak at 6,6.
const SETUP: &str = "load \"rules/mystica\"\nactor Jasmine from Jasmine\nactor Karak from Karak\n\
actor Bandit from Bandit\nside Jasmine, Karak: party\nplace Jasmine at 0,0\nplace Bandit at 3,0\n\
place Karak at 6,6\n";

fn session() -> Session<Game> {
    session_after(SETUP)
}

fn holds(session: &Session<Game>, actor: &str, condition: &str) -> bool {
    session.backend().world().actor(actor).unwrap().conditions.has(condition)
}

fn value(session: &Session<Game>, actor: &str, name: &str) -> i64 {
    session.backend().effective(actor, name).unwrap().0
}

fn health(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["Health"].current
}

fn trapped(session: &Session<Game>, q: i64, r: i64) -> bool {
    session.backend().world().terrain.contains_key(&Hex::new(q, r))
}

#[test]
fn a_trap_laid_beside_a_creature_waits_and_goes_off_once_when_stepped_on() {
    let mut session = session();
    let out = run(&mut session, "Jasmine uses Place Springwire Trap to 2,0\n");
    assert_eq!(
        out,
        "> Jasmine uses Place Springwire Trap to 2,0\nPlace Springwire Trap: no encounter runs, so \
         `Limit: once per turn, shared by Trap` counts nothing\nPlace Springwire Trap: no \
         encounter runs, so `Per turn: 1 Move or Charging, 1 Action or Move` counts nothing\n\
         terrain Springwire Trap at 2,0\n"
    );
    assert!(!holds(&session, "Bandit", "Springwired"), "laid next to the Bandit: nothing yet");
    let out = run(&mut session, "place Bandit at 2,0\n");
    assert_eq!(
        out,
        "> place Bandit at 2,0\nBandit is placed: 3,0 -> 2,0 (1 square)\nBandit gains Springwire Trap\n\
         Bandit (Springwire Trap is applied)\nBandit gains Springwired\n\
         terrain Springwire Trap lifted at 2,0\nBandit loses Springwire Trap\n"
    );
    assert_eq!(value(&session, "Bandit", "Movement"), 0);
    assert!(!trapped(&session, 2, 0), "a trap that went off is gone");
    // Stepping off and back on: nothing is left to go off.
    let out = run(&mut session, "place Bandit at 3,0\nplace Bandit at 2,0\n");
    assert!(!out.contains("is applied"), "{out}");
    // Escaping: 12 + Strength 2 = 14, more than 13.
    let out = run(
        &mut session,
        "grant power Escape Springwire to Bandit\nforce 12\nBandit uses Escape Springwire\n",
    );
    assert!(out.contains("Bandit: 12 -> 14 vs 14: success\nBandit loses Springwired"), "{out}");
}

#[test]
fn only_a_phantom_places_traps_and_undo_takes_the_trap_back() {
    let mut session = session();
    run(
        &mut session,
        "grant power Place Flash Trap to Jasmine\nJasmine uses Place Flash Trap to 1,0\n",
    );
    assert!(trapped(&session, 1, 0));
    run(&mut session, "undo\n");
    assert!(!trapped(&session, 1, 0));
    run(&mut session, "grant power Place Springwire Trap to Karak\n");
    let refused = session.run_text("x.session", "Karak uses Place Springwire Trap to 1,0\n", None);
    let failure = format!("{:?}", refused.failure.expect("Karak is no Phantom"));
    assert!(failure.contains("Phantom Bonuses"), "{failure}");
    assert!(!trapped(&session, 1, 0));
}

#[test]
fn a_trap_is_never_placed_on_an_occupied_square_nor_on_unsteady_ground() {
    let mut session = session();
    let diagnostics = refused(&mut session, "Jasmine uses Place Springwire Trap to 3,0\n");
    assert_eq!(
        diagnostics[0].message,
        "Jasmine cannot use Place Springwire Trap: requirement `you are Phantom Bonuses and not \
         the square is occupied` does not hold"
    );
    assert!(!trapped(&session, 3, 0), "the Bandit's square keeps no trap");
    run(&mut session, "terrain Unsteady Ground at 1,0\n");
    let diagnostics = refused(&mut session, "Jasmine uses Place Springwire Trap to 1,0\n");
    assert!(
        diagnostics[0].message.ends_with("`not the square has Unsteady Ground` does not hold"),
        "{}",
        diagnostics[0].message
    );
    // A use naming no square has nothing to test: an error, never a pass.
    let diagnostics = refused(&mut session, "Jasmine uses Place Springwire Trap\n");
    assert_eq!(
        (diagnostics[0].message.as_str(), diagnostics[0].help.as_deref()),
        (
            "`not the square is occupied` needs the square the use names",
            Some("give the use a square: `... to q,r`")
        )
    );
    // A free square beside them takes it.
    let out = run(&mut session, "Jasmine uses Place Springwire Trap to 2,0\n");
    assert!(out.ends_with("terrain Springwire Trap at 2,0\n"), "{out}");
}

#[test]
fn a_phantom_is_never_affected_by_its_own_traps() {
    let mut session = session();
    run(
        &mut session,
        "grant power Place Flash Trap to Jasmine\nJasmine uses Place Flash Trap to 1,0\n",
    );
    // Stepping on her own trap gives Jasmine nothing, and the trap stays.
    let out = run(&mut session, "place Jasmine at 1,0\nshow state\n");
    assert!(
        out.starts_with("> place Jasmine at 1,0\nJasmine is placed: 0,0 -> 1,0 (1 square)\n> show")
    );
    assert!(out.contains("terrain at 1,0: Flash Trap (laid by Jasmine)\n"), "{out}");
    assert!(trapped(&session, 1, 0));
    // The Bandit sets it off with Jasmine and Karak each 1 square from it: Karak only.
    run(&mut session, "place Jasmine at 1,1\nplace Karak at 0,0\n");
    let out = run(&mut session, "place Bandit at 1,0\n");
    assert!(
        out.contains(
            "Bandit gains Disoriented\nJasmine is spared: Jasmine laid it\n\
             Karak gains Disoriented\nterrain Flash Trap lifted"
        ),
        "{out}"
    );
    assert!(!holds(&session, "Jasmine", "Disoriented"));
    // A trap the GM lays is laid by nobody: it reaches Jasmine.
    run(&mut session, "place Bandit at 3,0\nterrain Flash Trap at 2,1\n");
    let out = run(&mut session, "place Jasmine at 2,1\n");
    assert!(out.contains("Jasmine gains Disoriented\n"), "{out}");
}

#[test]
fn a_flash_trap_disorients_whoever_steps_on_it_and_everyone_within_1() {
    let mut session = session();
    // Karak beside the trap (1 square), Jasmine 2 squares away.
    run(&mut session, "place Karak at 2,1\nplace Jasmine at 0,0\nterrain Flash Trap at 2,0\n");
    let out = run(&mut session, "place Bandit at 2,0\n");
    assert!(
        out.contains(
            "Bandit gains Disoriented\nKarak gains Disoriented\nterrain Flash Trap lifted"
        ),
        "{out}"
    );
    assert!(!holds(&session, "Jasmine", "Disoriented"));
    // Disoriented: no actions (the attack is an Action power).
    let refused = session.run_text("x.session", "Karak uses Attack on Bandit\n", None);
    let failure = refused.failure.expect("a disoriented Karak cannot attack");
    assert!(format!("{failure:?}").contains("Disoriented"), "{failure:?}");
}

#[test]
fn a_smoke_trap_lowers_dexterity_by_3_within_2() {
    let mut session = session();
    run(&mut session, "place Karak at 2,2\nplace Jasmine at 5,0\nterrain Smoke Trap at 2,0\n");
    let (karak, jasmine) =
        (value(&session, "Karak", "Dexterity"), value(&session, "Jasmine", "Dexterity"));
    run(&mut session, "place Bandit at 2,0\n");
    assert_eq!(value(&session, "Bandit", "Dexterity"), 2 - 3);
    assert_eq!(value(&session, "Karak", "Dexterity"), karak - 3, "2 squares from the trap");
    assert_eq!(value(&session, "Jasmine", "Dexterity"), jasmine, "3 squares away");
}

#[test]
fn a_stasis_trap_stuns_for_a_turn() {
    let mut session = session();
    run(
        &mut session,
        "force 20, 1\nencounter Jasmine, Karak, Bandit\nterrain Stasis Trap at 2,0\n",
    );
    run(&mut session, "place Bandit at 2,0\n");
    assert!(holds(&session, "Bandit", "Stunned"));
    let out = run(&mut session, "next turn\nnext turn\n");
    assert!(out.contains("Bandit skips the turn"), "{out}");
}

#[test]
fn poison_takes_a_fifth_of_current_health_rounded_down_at_each_turn_end() {
    let mut session = session();
    run(
        &mut session,
        "force 20, 10, 1\nencounter Jasmine, Karak, Bandit\nterrain Poison Trap at 2,0\n",
    );
    run(&mut session, "place Bandit at 2,0\n");
    assert!(holds(&session, "Bandit", "Poisoned"));
    // 16 / 5 = 3.2: 3; then 13 / 5 = 2.6: 2.
    run(&mut session, "next turn\nnext turn\nnext turn\n");
    assert_eq!(health(&session, "Bandit"), 13);
    run(&mut session, "next turn\nnext turn\nnext turn\n");
    assert_eq!(health(&session, "Bandit"), 11);
}

#[test]
fn unsteady_ground_trips_below_10_and_ends_the_turn() {
    let mut session = session();
    run(
        &mut session,
        "force 20, 1\nencounter Jasmine, Bandit\nterrain Unsteady Ground at 1,0 0,1\n",
    );
    // Jasmine's Agility 7: 3 + 7 = 10 keeps her footing.
    let out = run(&mut session, "force 3\nplace Jasmine at 1,0\n");
    assert!(out.contains("Jasmine: 3 -> 10 vs 10: success"), "{out}");
    assert!(!holds(&session, "Jasmine", "Tripped"));
    // 2 + 7 = 9 trips, and her turn ends.
    let out = run(&mut session, "force 2\nplace Jasmine at 0,1\n");
    assert!(
        out.ends_with(
            "Jasmine: 2 -> 9 vs 10: failure\nJasmine gains Tripped\nJasmine's turn ends\n"
        ),
        "{out}"
    );
}

#[test]
fn cumbersome_ground_halves_movement_while_standing_on_it() {
    let mut session = session();
    run(&mut session, "terrain Cumbersome Ground at 1,0\n");
    assert_eq!(value(&session, "Jasmine", "Movement"), 4);
    run(&mut session, "place Jasmine at 1,0\n");
    assert_eq!(value(&session, "Jasmine", "Movement"), 2);
    run(&mut session, "place Jasmine at 0,0\n");
    assert_eq!(value(&session, "Jasmine", "Movement"), 4);
}

#[test]
fn poison_pool_hurts_3_on_a_crossing_and_5_on_a_failure() {
    let mut session = session();
    run(&mut session, "terrain Poison Pool at 2,0 4,0\n");
    // The Bandit's Agility 1: 10 + 1 = 11 crosses, with 3 damage.
    let out = run(&mut session, "force 10\nplace Bandit at 2,0\n");
    assert!(out.contains("Bandit: 10 -> 11 vs 11: success"), "{out}");
    assert_eq!(health(&session, "Bandit"), 13);
    // 9 + 1 = 10 fails: 5 damage.
    run(&mut session, "force 9\nplace Bandit at 4,0\n");
    assert_eq!(health(&session, "Bandit"), 8);
}

#[test]
fn thorns_are_crossed_on_dexterity_and_cost_3_on_a_failure() {
    let mut session = session();
    run(&mut session, "terrain Thorns at 2,0 4,0\n");
    // The Bandit's Dexterity 2: 9 + 2 = 11 crosses unharmed; 8 + 2 = 10 fails for 3.
    let out = run(&mut session, "force 9\nplace Bandit at 2,0\n");
    assert!(out.contains("Bandit: 9 -> 11 vs 11: success"), "{out}");
    assert_eq!(health(&session, "Bandit"), 16);
    run(&mut session, "force 8\nplace Bandit at 4,0\n");
    assert_eq!(health(&session, "Bandit"), 13);
}
