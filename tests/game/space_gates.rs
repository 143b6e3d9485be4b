//! Issue 17 item 6: "an ally within N" as a test, wherever tests are read. A condition's
//! `While:` line (the condition counts only while it holds: dormant otherwise), a feat's
//! `While:` (it holds its condition exactly then), a power's `Prereq:`, an event rule's
//! `if ...:` gate; `no enemy within N` is the negation. `each ally within N is Inspired`
//! applies a condition to each one found. Forced positions, values asserted.

use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

use crate::common::hp;

const PACK: &str = "\
system Band
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Glory: start 0; no max
On hit: if an ally within 1: gain 1 Glory

condition Inspired
While: an ally within 2
Modifiers: +1 Attack, +1 Defense

condition Steady
Modifiers: +2 Defense

feat Shield Wall
While: an ally within 1 and no enemy within 1
Effect: apply Steady to Self

power Rally
Target: Self
Result: each ally within 3 is Inspired

power Lone Shot
Target: Enemy in 10
Prereq: no ally within 2
Result: 2 damage

power Strike
Target: Enemy in 10
Result: 1 damage

actor Soldier
Stats: Attack 3, Defense 10
Resources: HP 20, Max HP 20
Powers: Rally, Lone Shot, Strike
Traits: Shield Wall
Side: party
";

fn game(placed: &[(&str, (i64, i64), &str)]) -> Game {
    let mut game = Game::new(1);
    game.load_source("band.rules", PACK).expect("the pack loads");
    for (name, (q, r), side) in placed {
        game.add_actor(name, Some("Soldier"), &[]).unwrap();
        game.place(name, Some(Hex::new(*q, *r))).unwrap();
        game.set_side(&[name], Some(side)).unwrap();
    }
    game
}

fn stat(game: &Game, actor: &str, name: &str) -> i64 {
    game.effective(actor, name).unwrap().0
}

/// The actor's conditions (with whether each is dormant), Shield Wall's Steady left out.
fn conditions(game: &Game, actor: &str) -> Vec<(String, bool)> {
    let held = &game.world().actor(actor).unwrap().conditions.active;
    held.iter().filter(|c| c.name != "Steady").map(|c| (c.name.clone(), c.dormant)).collect()
}

#[test]
fn each_ally_within_reach_is_given_the_condition() {
    let mut game = game(&[
        ("Ana", (0, 0), "party"),
        ("Bo", (1, 0), "party"),
        ("Cy", (3, 0), "party"),
        ("Dee", (4, 0), "party"),
        ("Og", (0, 3), "foes"),
    ]);
    game.use_power(&PowerUse::new("Ana", "Rally")).unwrap();
    assert_eq!(conditions(&game, "Bo"), [("Inspired".to_string(), false)]);
    assert_eq!(conditions(&game, "Cy"), [("Inspired".to_string(), false)]);
    assert!(conditions(&game, "Dee").is_empty(), "4 hexes away");
    assert!(conditions(&game, "Og").is_empty(), "an enemy, not an ally");
    assert!(conditions(&game, "Ana").is_empty(), "the user is not its own ally");
}

#[test]
fn a_condition_counts_only_while_an_ally_is_within_reach() {
    let mut game =
        game(&[("Ana", (0, 0), "party"), ("Bo", (2, 0), "party"), ("Og", (9, 0), "foes")]);
    game.use_power(&PowerUse::new("Ana", "Rally")).unwrap();
    assert_eq!((stat(&game, "Bo", "Attack"), stat(&game, "Bo", "Defense")), (4, 11));
    // Ana walks off: Bo keeps Inspired, dormant, and its modifiers stop counting.
    game.place("Ana", Some(Hex::new(-3, 0))).unwrap();
    assert_eq!(conditions(&game, "Bo"), [("Inspired".to_string(), true)]);
    assert_eq!((stat(&game, "Bo", "Attack"), stat(&game, "Bo", "Defense")), (3, 10));
    let said: Vec<String> = game.log().iter().map(|e| e.describe()).collect();
    assert!(
        said.iter().any(|l| l == "Bo's Inspired is dormant: `an ally within 2` does not hold"),
        "{said:?}"
    );
    // Back within 2: it counts again.
    game.place("Ana", Some(Hex::new(0, 0))).unwrap();
    assert_eq!(conditions(&game, "Bo"), [("Inspired".to_string(), false)]);
    assert_eq!(stat(&game, "Bo", "Attack"), 4);
    game.undo().unwrap();
    assert_eq!(conditions(&game, "Bo"), [("Inspired".to_string(), true)], "undo restores it");
}

#[test]
fn a_feat_holds_its_condition_while_an_ally_and_no_enemy_stand_next_to_its_holder() {
    let mut game =
        game(&[("Ana", (0, 0), "party"), ("Bo", (5, 0), "party"), ("Og", (9, 0), "foes")]);
    assert_eq!(stat(&game, "Ana", "Defense"), 10);
    game.place("Bo", Some(Hex::new(1, 0))).unwrap();
    assert_eq!(stat(&game, "Ana", "Defense"), 12, "an ally adjacent: Steady");
    game.place("Og", Some(Hex::new(0, 1))).unwrap();
    assert_eq!(stat(&game, "Ana", "Defense"), 10, "an enemy adjacent too: no longer");
}

#[test]
fn a_prereq_and_an_event_rule_gate_read_who_stands_near() {
    let mut game =
        game(&[("Ana", (0, 0), "party"), ("Bo", (1, 0), "party"), ("Og", (5, 0), "foes")]);
    let error = game.use_power(&PowerUse::new("Ana", "Lone Shot").at(["Og"])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Ana cannot use Lone Shot: requirement `no ally within 2` does not hold"
    );
    assert_eq!(hp(&game, "Og"), 20);
    // Og is hit with no ally next to it: no Glory. Bo is hit with Ana next to it: 1 Glory.
    game.use_power(&PowerUse::new("Ana", "Strike").at(["Og"])).unwrap();
    game.use_power(&PowerUse::new("Og", "Strike").at(["Bo"])).unwrap();
    let glory = |g: &Game, who: &str| g.world().actor(who).unwrap().resources["Glory"].current;
    assert_eq!((glory(&game, "Og"), glory(&game, "Bo")), (0, 1));
    game.place("Bo", Some(Hex::new(3, 0))).unwrap();
    game.use_power(&PowerUse::new("Ana", "Lone Shot").at(["Og"])).unwrap();
    assert_eq!(hp(&game, "Og"), 17);
}

#[test]
fn on_squares_a_diagonal_ally_is_not_within_1() {
    let mut game = Game::new(1);
    let square = PACK.replace("system Band\n", "system Band\nGrid: square\n");
    game.load_source("band.rules", &square).unwrap();
    for (name, (q, r)) in [("Ana", (0, 0)), ("Bo", (1, 1))] {
        game.add_actor(name, Some("Soldier"), &[]).unwrap();
        game.place(name, Some(Hex::new(q, r))).unwrap();
    }
    assert_eq!(stat(&game, "Ana", "Defense"), 10, "(1,1) is 2 squares from (0,0)");
    game.place("Bo", Some(Hex::new(0, 1))).unwrap();
    assert_eq!(stat(&game, "Ana", "Defense"), 12);
}

#[test]
fn nobody_is_near_a_holder_off_the_map() {
    let mut game = Game::new(1);
    game.load_source("band.rules", PACK).unwrap();
    game.add_actor("Ana", Some("Soldier"), &[]).unwrap();
    game.add_actor("Bo", Some("Soldier"), &[]).unwrap();
    game.add_actor("Og", Some("Soldier"), &[]).unwrap();
    game.set_side(&["Og"], Some("foes")).unwrap();
    assert_eq!(stat(&game, "Ana", "Defense"), 10, "no ally within 1 of someone not placed");
    game.use_power(&PowerUse::new("Ana", "Lone Shot").at(["Og"])).unwrap();
    assert_eq!(hp(&game, "Og"), 18, "`no ally within 2` holds off the map");
    let error = game.use_power(&PowerUse::new("Ana", "Rally")).unwrap_err();
    assert_eq!(error.to_string(), "`each ally within 3` measures from Ana, who is not placed");
}
