//! Names with reserved words (`Bastion of Defense`) in lists, through the shipped packs and
//! the runtime.

use mythforge::runtime::{Game, PowerUse};

use crate::common::packs;

fn pack_game(pack: &str) -> Game {
    packs::pack_game(pack, &[])
}

#[test]
fn a_powers_list_names_a_power_with_a_reserved_word_and_the_actor_can_use_it() {
    let mut game = pack_game("mestezia");
    game.add_actor("Ragweed", Some("Ragweed"), &[]).unwrap();
    let ragweed = game.world().actor("Ragweed").unwrap();
    assert_eq!(ragweed.powers[0], "Bastion of Defense");
    // The spores example: Defense 3 + Health 3, dice 16, 10, 12 vs 10 -> High.
    game.world_mut().roller.force([10, 4, 6]);
    let mut request = PowerUse::new("Ragweed", "Bastion of Defense");
    request.options.trigger = Some("an enemy attacks you".into());
    request.options.trigger_values = vec![("Threshold".into(), 10)];
    let outcome = game.use_power(&request).unwrap();
    assert_eq!(outcome.targets[0].threshold, Some(10), "Threshold: Trigger's Threshold");
    let ragweed = game.world().actor("Ragweed").unwrap();
    assert_eq!(ragweed.resources["CP"].current, 5, "1 CP paid");
    let resistant: Vec<Option<i64>> =
        ragweed.conditions.named("Resistant").map(|condition| condition.n).collect();
    assert_eq!(resistant, [Some(2)], "Resistant [Grade - 1] at High");
}

#[test]
fn derived_values_and_the_current_status_are_evaluated_on_the_actor() {
    let mut game = pack_game("mestezia");
    game.add_actor("Ragweed", Some("Ragweed"), &[]).unwrap();
    let derived = game.derived("Ragweed");
    let value = |name: &str| derived.iter().find(|(key, _)| key == name).map(|(_, value)| *value);
    // Max HP 22, Sturdiness 3: floor(22 / 4) + 3.
    assert_eq!(value("Jolt"), Some(8));
    assert_eq!(value("Tier"), Some(1));
    assert_eq!(value("Pool Dice"), Some(3));
    assert_eq!(game.status("Ragweed").as_deref(), Some("Healthy"));
    // The last status that holds wins: 11 of 22 is both Injured and Bloodied.
    game.world_mut().actor_mut("Ragweed").unwrap().resources.get_mut("HP").unwrap().current = 11;
    assert_eq!(game.status("Ragweed").as_deref(), Some("Bloodied"));
    game.world_mut().actor_mut("Ragweed").unwrap().resources.get_mut("HP").unwrap().current = 0;
    assert_eq!(game.status("Ragweed").as_deref(), Some("Dying"));
    assert_eq!(game.status("Nobody"), None);
}

#[test]
fn a_derived_tier_overrides_the_actor_line_and_feeds_other_derived_values() {
    let mut game = pack_game("mestezia");
    game.add_actor("Ragweed", Some("Ragweed"), &[("Level", 6)]).unwrap();
    let derived = game.derived("Ragweed");
    assert!(derived.contains(&("Tier".to_string(), 2)), "{derived:?}");
    assert!(derived.contains(&("Pool Dice".to_string(), 4)), "{derived:?}");
}

/// The spore mushroom and Ragweed, from the pack's actor blocks.
fn spores_game() -> Game {
    let mut game = pack_game("mestezia");
    game.add_actor("Spore Mushroom", Some("Spore Mushroom"), &[]).unwrap();
    game.add_actor("Ragweed", Some("Ragweed"), &[]).unwrap();
    game
}

fn spore_burst_on_ragweed(game: &mut Game) -> mythforge::runtime::PowerOutcome {
    game.use_power(&PowerUse::new("Spore Mushroom", "Spore Burst").at(["Ragweed"])).unwrap()
}

#[test]
fn a_check_by_target_is_rolled_by_each_defender_with_its_own_values_and_grade() {
    let mut game = spores_game();
    // Ragweed's Defense 3 + Health 3 = +6: dice 10, 4, 6 -> 16, 10, 12 vs 10 -> High.
    game.world_mut().roller.force([10, 4, 6]);
    let outcome = spore_burst_on_ragweed(&mut game);
    assert_eq!(outcome.targets[0].grade, 3);
    assert_eq!(outcome.targets[0].threshold, Some(10));
    // [4 - Grade] toxin damage: a High still takes 1.
    assert_eq!(game.world().actor("Ragweed").unwrap().resources["HP"].current, 21);
    assert_eq!(game.world().actor("Spore Mushroom").unwrap().resources["CP"].current, 4);
}

#[test]
fn a_failed_defence_check_takes_the_whole_attack() {
    let mut game = spores_game();
    game.world_mut().roller.force([1, 1, 1]);
    let outcome = spore_burst_on_ragweed(&mut game);
    assert_eq!(outcome.targets[0].grade, 0);
    assert_eq!(game.world().actor("Ragweed").unwrap().resources["HP"].current, 18);
}

#[test]
fn a_trigger_value_the_request_does_not_give_is_refused_at_its_line_and_changes_nothing() {
    let mut game = pack_game("mestezia");
    game.add_actor("Ragweed", Some("Ragweed"), &[]).unwrap();
    let mut request = PowerUse::new("Ragweed", "Bastion of Defense");
    request.options.trigger = Some("an enemy attacks you".into());
    let error = game.use_power(&request).unwrap_err();
    assert_eq!(error.to_string(), "unknown name `Trigger's Threshold (not given by the request)`");
    assert!(!error.span.is_none(), "points at the Threshold line");
    assert_eq!(game.world().actor("Ragweed").unwrap().resources["CP"].current, 6);
}
