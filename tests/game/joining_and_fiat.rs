//! An actor's starting resources read the values its traits' conditions change (a class
//! feat's `+3 Stamina` raises both the maximum health and the health it starts with), and
//! the GM's `apply` reads the condition block's `Duration:` line the way an effect does
//! (`until hit`, `until healed`, `for 2 encounters`).

use mythforge::engine::Expiry;
use mythforge::runtime::{Game, Lasting};

const RULES: &str = "system Tiny\nStats: Stamina, Level\nDefault Level: 1\n\
Resource Health: max [Max Health]; start [Max Health]\n\
Derived Max Health: [15 + 2 * Stamina]\n\
Resource Focus: start [Stamina]; no max\n\n\
condition Sturdy\nModifiers: +3 Stamina\n\n\
condition Frail\nModifiers: -1 Stamina\n\n\
condition Marked\nDuration: until hit\n\n\
condition Bleeding\nDuration: until healed\n\n\
condition Cursed\nDuration: for 2 encounters\n\n\
feat Tough\nEffect: apply Sturdy to Self\n\n\
feat Weak\nEffect: apply Frail to Self\n\n\
actor Tank\nStats: Stamina 2\nTraits: Tough\n\n\
actor Wisp\nStats: Stamina 2\nTraits: Weak\n\n\
actor Given\nStats: Stamina 2\nResources: Health 10\nTraits: Tough\n";

fn game() -> Game {
    let mut game = Game::new(1);
    game.load_source("t.rules", RULES).expect("the pack loads");
    game
}

fn resource(game: &Game, actor: &str, name: &str) -> (i64, Option<i64>) {
    let held = game.world().actor(actor).unwrap().resources[name];
    (held.current, held.max)
}

#[test]
fn a_trait_condition_raising_a_stat_raises_the_starting_health_too() {
    let mut game = game();
    game.add_actor("Tank", Some("Tank"), &[]).unwrap();
    assert_eq!(game.effective("Tank", "Stamina").unwrap().0, 5);
    // 15 + 2 x 5: starts full, not at 19 of 25.
    assert_eq!(resource(&game, "Tank", "Health"), (25, Some(25)));
    assert_eq!(resource(&game, "Tank", "Focus"), (5, None));
}

#[test]
fn a_trait_condition_lowering_a_stat_starts_at_the_lower_value_without_a_cut() {
    let mut game = game();
    let mark = game.mark();
    game.add_actor("Wisp", Some("Wisp"), &[]).unwrap();
    assert_eq!(resource(&game, "Wisp", "Health"), (17, Some(17)));
    assert_eq!(resource(&game, "Wisp", "Focus"), (1, None));
    let log = game.transcript_since(mark);
    assert!(!log.contains("maximum is now"), "{log}");
}

#[test]
fn a_resource_the_block_or_the_request_gives_keeps_its_amount() {
    let mut game = game();
    game.add_actor("Given", Some("Given"), &[("Focus", 1)]).unwrap();
    assert_eq!(resource(&game, "Given", "Health"), (10, Some(25)));
    assert_eq!(resource(&game, "Given", "Focus"), (1, None));
}

fn applied(condition: &str) -> Expiry {
    let mut game = game();
    game.add_actor("Tank", Some("Tank"), &[]).unwrap();
    game.apply_condition("Tank", condition, None, Lasting::Declared).unwrap();
    let tank = game.world().actor("Tank").unwrap();
    let held = tank.conditions.active.iter().find(|c| c.name == condition).unwrap();
    held.duration.clone()
}

#[test]
fn the_gm_apply_reads_the_condition_blocks_duration_line() {
    assert_eq!(applied("Marked"), Expiry::UntilHit);
    assert_eq!(applied("Bleeding"), Expiry::UntilHealed);
    assert_eq!(applied("Cursed"), Expiry::Encounters(2));
    assert_eq!(applied("Sturdy"), Expiry::UntilRemoved);
}

#[test]
fn a_gm_applied_until_healed_condition_ends_when_its_holder_is_healed() {
    let mut game = game();
    game.add_actor("Tank", Some("Tank"), &[]).unwrap();
    game.deal_damage("Tank", 2, None).unwrap();
    game.apply_condition("Tank", "Bleeding", None, Lasting::Declared).unwrap();
    game.heal_actor("Tank", 1).unwrap();
    let tank = game.world().actor("Tank").unwrap();
    let names: Vec<&str> = tank.conditions.active.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Sturdy"]);
    assert_eq!(resource(&game, "Tank", "Health"), (24, Some(25)));
}
