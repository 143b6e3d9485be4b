//! Issue 17 item 1: conditional effects (`when [test]:` guards the rest of an effect line)
//! and effects groups (`Effects Carry:` declared once, `do Carry` from powers, conditions and
//! other groups), with forced dice deciding the tests.

use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "
system Flow
Stats: Might
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Marks: start 0; no max
Resource Morale: start 0; no max
Layered Body: HP
Effects Carry: gain 1 Marks; when [Marks >= 2]: gain 1 Morale
Effects Finish: when [Target's HP <= 5]: apply Dazed

condition Dazed
Details: reels

condition Burdened
Effect: do Carry

power Strike
Target: Enemy
Result: 1d6 damage; do Finish

power Sweep
Target: Enemy
Result: when [Target's HP < 10]: 5 damage; apply Dazed

power Train
Target: Self
Result: do Carry

power Shoulder
Target: Self
Result: apply Burdened to Self

actor Hero
Stats: Might 2
Resources: HP 20, Max HP 20
Powers: Strike, Sweep, Train, Shoulder
";

fn game() -> Game {
    let mut game = Game::new(3);
    if let Err(diagnostics) = game.load_source("flow.rules", PACK) {
        panic!("the pack does not load: {diagnostics:#?}");
    }
    game.add_actor("Ana", Some("Hero"), &[]).unwrap();
    game.add_actor("Bo", Some("Hero"), &[]).unwrap();
    game
}

fn held(game: &Game, actor: &str, resource: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[resource].current
}

fn dazed(game: &Game, actor: &str) -> bool {
    game.world().actor(actor).unwrap().conditions.active.iter().any(|c| c.name == "Dazed")
}

#[test]
fn a_when_line_runs_its_effects_only_while_the_test_holds() {
    let mut game = game();
    let mark = game.mark();
    game.use_power(&PowerUse::new("Ana", "Sweep").at(["Bo"])).unwrap();
    assert_eq!(held(&game, "Bo", "HP"), 20, "Bo has 20 HP: the test does not hold");
    assert!(!dazed(&game, "Bo"), "the rest of the line is skipped too");
    let transcript = game.transcript_since(mark);
    assert!(
        transcript
            .contains("[Target's HP < 10] does not hold: 5 damage; apply Dazed does not happen"),
        "{transcript}"
    );
    game.world_mut().actor_mut("Bo").unwrap().resources.get_mut("HP").unwrap().current = 9;
    game.use_power(&PowerUse::new("Ana", "Sweep").at(["Bo"])).unwrap();
    assert_eq!(held(&game, "Bo", "HP"), 4);
    assert!(dazed(&game, "Bo"));
}

#[test]
fn a_group_reads_values_as_the_dice_left_them() {
    // 1d6 forced to 6: Bo 20 -> 14, not finished.
    let mut game = game();
    game.world_mut().roller.force([6]);
    game.use_power(&PowerUse::new("Ana", "Strike").at(["Bo"])).unwrap();
    assert_eq!(held(&game, "Bo", "HP"), 14);
    assert!(!dazed(&game, "Bo"));
    // Bo at 10: a forced 5 brings him to 5, and the group's test now holds.
    game.world_mut().actor_mut("Bo").unwrap().resources.get_mut("HP").unwrap().current = 10;
    game.world_mut().roller.force([5]);
    game.use_power(&PowerUse::new("Ana", "Strike").at(["Bo"])).unwrap();
    assert_eq!(held(&game, "Bo", "HP"), 5);
    assert!(dazed(&game, "Bo"), "`do Finish` applied Dazed to the power's target");
}

#[test]
fn one_group_serves_a_power_and_a_condition() {
    let mut game = game();
    game.use_power(&PowerUse::new("Ana", "Train")).unwrap();
    assert_eq!((held(&game, "Ana", "Marks"), held(&game, "Ana", "Morale")), (1, 0));
    game.use_power(&PowerUse::new("Ana", "Train")).unwrap();
    assert_eq!((held(&game, "Ana", "Marks"), held(&game, "Ana", "Morale")), (2, 1));
    // The condition's Effect line runs the same group at the start of Bo's turn.
    game.use_power(&PowerUse::new("Bo", "Shoulder")).unwrap();
    assert_eq!(held(&game, "Bo", "Marks"), 0);
    game.start_encounter(&["Bo"]).unwrap();
    assert_eq!(held(&game, "Bo", "Marks"), 1, "Burdened ran `do Carry` on its holder");
}
