//! Upgrades modifying a power's damage, and turn order with the segment overflow ruling.

use mythforge::runtime::{Game, PowerUse};

fn game() -> Game {
    let mut game = crate::common::game_with(9, &["tests/fixtures/runtime/extras.rules"]);
    game.add_actor("Ana", Some("Singer"), &[]).unwrap();
    game.add_actor("Bo", Some("Singer"), &[("Initiative", 0)]).unwrap();
    game.world_mut().actor_mut("Bo").unwrap().traits.clear();
    game
}

#[test]
fn an_upgrade_adds_to_damage_of_its_type() {
    let mut game = game();
    game.world_mut().roller.force([10, 10]);
    game.use_power(&PowerUse::new("Ana", "Shriek").at(["Bo"])).unwrap();
    // Grade 2 -> 4 sound damage, +[Tier + 1] = +3 from Resonator.
    assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 23);
    assert!(game.transcript_since(0).contains("Ana's Resonator adds 3 sound damage"));
}

#[test]
fn without_the_upgrade_the_damage_is_plain() {
    let mut game = game();
    game.world_mut().roller.force([10, 10]);
    game.use_power(&PowerUse::new("Bo", "Shriek").at(["Ana"])).unwrap();
    assert_eq!(game.world().actor("Ana").unwrap().resources["HP"].current, 26);
}

#[test]
fn turn_order_totals_above_the_segments_gain_the_overflow() {
    let mut game = game();
    // Listed order: Bo rolls 7 (segment 7); Ana rolls 9 + 4 = 13 (segment 10, 3 extra CP).
    game.world_mut().roller.force([7, 9]);
    assert_eq!(game.start_encounter(&["Bo", "Ana"]).unwrap(), ["Ana", "Bo"]);
    let encounter = game.world().encounter.clone().unwrap();
    let segments: Vec<_> = encounter.participants.iter().map(|p| p.segment).collect();
    assert_eq!(segments, [Some(10), Some(7)]);
    // Ana's first start phase resets CP to 6, then adds the overflow.
    assert_eq!(game.world().actor("Ana").unwrap().resources["CP"].current, 9);
    assert_eq!(game.world().actor("Bo").unwrap().resources["CP"].current, 0);
    for _ in 0..3 {
        game.next_turn().unwrap();
    }
    assert_eq!(game.world().actor("Bo").unwrap().resources["CP"].current, 6, "no overflow");
    for _ in 0..3 {
        game.next_turn().unwrap();
    }
    assert_eq!(
        game.world().actor("Ana").unwrap().resources["CP"].current,
        6,
        "round 2: reset only"
    );
}
