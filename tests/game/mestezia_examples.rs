//! The Mestezia rulebook's worked examples (issue 7), played through the runtime's `Game`
//! on the shipped pack with forced dice: checks, combo, aid, Berserker Charge, a challenge
//! turn, the spores attack against Bastion of Defense, and Sleep on Enrique.

use std::path::PathBuf;

use mythforge::runtime::{CheckRequest, Game, PowerUse};

use crate::common::packs::mestezia as pack_game;
use crate::common::resource;

fn check(actor: &str, stats: &[&str], bonus: i64, threshold: i64) -> CheckRequest {
    CheckRequest {
        actor: actor.to_string(),
        stats: stats.iter().map(|s| (*s).to_string()).collect(),
        bonus,
        threshold,
        ..CheckRequest::default()
    }
}

/// `actor` uses the task `power` choosing `skills` (the Tasks' `Choose:` line), with the
/// GM's default threshold 12.
fn task_use(actor: &str, power: &str, skills: &[&str]) -> PowerUse {
    let mut request = PowerUse::new(actor, power);
    request.options.choices = skills.iter().map(|s| s.to_string()).collect();
    request
}

#[test]
fn kinesthetics_check_8_6_1_plus_3_vs_9_is_medium() {
    let mut game = pack_game(&["Ragweed"]);
    game.world_mut().roller.force([8, 6, 1]);
    let outcome = game.check(&check("Ragweed", &["Kinesthetics"], 0, 9)).unwrap();
    assert_eq!(outcome.totals, [11, 9, 4]);
    assert_eq!(outcome.grade, 2);
    assert_eq!(outcome.label.as_deref(), Some("Medium"));
}

#[test]
fn bluff_combo_4_5_10_plus_4_vs_11_is_low_and_an_aid_of_3_lifts_it_to_medium() {
    let mut game = pack_game(&["Xochitl"]);
    game.world_mut().roller.force([4, 5, 10]);
    let request = check("Xochitl", &["Influence", "Trickery"], 0, 11);
    let outcome = game.check(&request).unwrap();
    assert_eq!(outcome.totals, [8, 9, 14]);
    assert_eq!((outcome.grade, outcome.label.as_deref()), (1, Some("Low")));
    // Ragweed's aid at High (grade 3) is +3 on one die: the 9 becomes 12.
    game.world_mut().roller.force([4, 5, 10]);
    let aided = game.check(&CheckRequest { aid: 3, ..request }).unwrap();
    assert_eq!((aided.grade, aided.label.as_deref()), (2, Some("Medium")));
    let mut totals = aided.totals.clone();
    totals.sort_unstable();
    assert_eq!(totals, [8, 12, 14]);
}

#[test]
fn berserker_charge_costs_4_cp_with_the_maquahuitl_and_a_high_does_15_damage() {
    let mut game = pack_game(&["Itzel", "The Inquisitor"]);
    let before = resource(&game, "The Inquisitor", "HP");
    // Attack 3 + Strength 3: 9, 8, 7 -> 15, 14, 13, all meet Defense 12.
    game.world_mut().roller.force([9, 8, 7]);
    let mut request = PowerUse::new("Itzel", "Berserker Charge").at(["The Inquisitor"]);
    request.options.weapon = Some("Maquahuitl".into());
    let outcome = game.use_power(&request).unwrap();
    assert_eq!(outcome.targets[0].threshold, Some(12));
    assert_eq!(outcome.targets[0].grade, 3);
    assert_eq!(resource(&game, "Itzel", "CP"), 2, "Weapon 3 + 1 = 4 CP");
    assert_eq!(resource(&game, "The Inquisitor", "HP"), before - 15, "12 + Grade 3");
}

#[test]
fn challenge_turn_16_14_11_7_vs_12_is_medium_and_a_breakthrough() {
    let mut game = pack_game(&["Xochitl"]);
    // A Tier 2 character (Level 6) rolls 4 dice. With Discipline 4 + Perception 2 = +6 the
    // faces 10, 8, 5, 1 are the rulebook's already-modified 16, 14, 11, 7.
    game.add_actor("Itzel", Some("Itzel"), &[("Level", 6), ("Discipline", 4)]).unwrap();
    game.world_mut().roller.force([8, 3]);
    let order = game.start_challenge(5, 4, &["Itzel", "Xochitl"]).unwrap();
    assert_eq!(order, ["Itzel", "Xochitl"], "a bare d10 each: 8 and 3");
    game.world_mut().roller.force([10, 8, 5, 1]);
    let outcome = game
        .use_power(&task_use("Itzel", "Accept the Challenge", &["Discipline", "Perception"]))
        .unwrap();
    // Ruling: only 16 and 14 meet 12, so grade 2 (Medium), which is a Breakthrough.
    assert_eq!(outcome.targets[0].grade, 2);
    let challenge = game.challenge().unwrap();
    assert_eq!((challenge.successes, challenge.failures), (1, 0));
    assert_eq!(resource(&game, "Itzel", "Setbacks"), 0);
}

#[test]
fn a_challenge_is_won_by_enough_breakthroughs_and_lost_by_enough_setbacks() {
    let mut game = pack_game(&["Itzel", "Ragweed"]);
    game.world_mut().roller.force([9, 2]);
    game.start_challenge(1, 1, &["Itzel", "Ragweed"]).unwrap();
    // Itzel: Discipline 2 + Perception 2 = +4; 9, 8, 1 -> 13, 12, 5: Medium.
    game.world_mut().roller.force([9, 8, 1]);
    game.use_power(&task_use("Itzel", "Accept the Challenge", &["Discipline", "Perception"]))
        .unwrap();
    let won: Vec<String> = game.world().log.iter().map(|e| e.describe()).collect();
    assert_eq!(
        won[won.len() - 2..],
        ["challenge: Breakthroughs 1/1, Setbacks 0/1", "the challenge is won"]
    );
    game.end_encounter().unwrap();
    assert!(game.challenge().is_none());
    assert_eq!(resource(&game, "Itzel", "Breakthroughs"), 0, "lost at end of encounter");

    game.world_mut().roller.force([9, 2]);
    game.start_challenge(3, 1, &["Itzel", "Ragweed"]).unwrap();
    // A Fail (1, 1, 1 -> 5, 5, 5 vs 12) is a Setback.
    game.world_mut().roller.force([1, 1, 1]);
    game.use_power(&task_use("Itzel", "Accept the Challenge", &["Discipline", "Perception"]))
        .unwrap();
    let lost = game.world().log.last().unwrap().describe();
    assert_eq!(lost, "the challenge is lost");
    assert_eq!(game.challenge().unwrap().failures, 1);
}

#[test]
fn build_momentum_puts_momentum_on_the_next_player_in_turn_order() {
    let mut game = pack_game(&["Itzel", "Ragweed", "Xochitl"]);
    game.world_mut().roller.force([7, 3, 9]);
    let order = game.start_challenge(5, 4, &["Itzel", "Ragweed", "Xochitl"]).unwrap();
    assert_eq!(order, ["Xochitl", "Itzel", "Ragweed"]);
    // Ragweed's Analysis 2: 10, 8, 5 -> 12, 10, 7 vs 12: Low, a success.
    game.world_mut().roller.force([10, 8, 5]);
    let outcome = game.use_power(&task_use("Ragweed", "Build Momentum", &["Analysis"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    // After Ragweed comes Xochitl again (the order wraps round).
    assert_eq!(game.next_in_turn_order("Ragweed").as_deref(), Some("Xochitl"));
    let xochitl = game.world().actor("Xochitl").unwrap();
    assert_eq!(xochitl.conditions.named("Momentum").count(), 1);
    assert_eq!(game.world().actor("Ragweed").unwrap().conditions.named("Momentum").count(), 0);
    // Momentum's `+1 all checks` reaches Xochitl's next check: Kinesthetics 1 + 1 on each die.
    game.world_mut().roller.force([8, 6, 1]);
    let outcome = game.check(&check("Xochitl", &["Kinesthetics"], 0, 9)).unwrap();
    assert_eq!(outcome.totals, [10, 8, 3]);
    assert_eq!(outcome.grade, 1);
}

#[test]
fn a_challenge_needs_its_counters_declared_and_a_refused_one_changes_nothing() {
    let mut game = Game::new(7);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules").join("mystika");
    game.load(&[path]).expect("the pack loads");
    let error = game.start_challenge(3, 2, &[]).unwrap_err();
    // Mystika's pack names no `Challenge counters:`.
    assert_eq!(error.to_string(), "the system declares no challenge counters");
    assert!(game.world().encounter.is_none());
}

#[test]
fn spores_do_1_toxin_damage_on_a_high_defense_and_bastion_of_defense_resists_it() {
    let mut game = pack_game(&["Spore Mushroom", "Ragweed"]);
    // Ragweed's Defense 3 + Health 3: 10, 4, 6 -> 16, 10, 12 vs 10: High, [4 - 3] = 1.
    game.world_mut().roller.force([10, 4, 6]);
    let burst = PowerUse::new("Spore Mushroom", "Spore Burst").at(["Ragweed"]);
    let outcome = game.use_power(&burst).unwrap();
    assert_eq!(outcome.targets[0].grade, 3);
    assert_eq!(resource(&game, "Ragweed", "HP"), 21);
    // Bastion of Defense (1 CP) at High: Resistant 2, so the next 1 damage is resisted.
    game.world_mut().roller.force([10, 4, 6]);
    let mut bastion = PowerUse::new("Ragweed", "Bastion of Defense");
    bastion.options.trigger = Some("an enemy attacks you".into());
    bastion.options.trigger_values = vec![("Threshold".into(), 10)];
    game.use_power(&bastion).unwrap();
    assert_eq!(resource(&game, "Ragweed", "CP"), 5);
    game.world_mut().roller.force([10, 4, 6]);
    game.use_power(&burst).unwrap();
    assert_eq!(resource(&game, "Ragweed", "HP"), 21, "Resistant 2 absorbs the 1 damage");
}

#[test]
fn sleep_on_enrique_does_12_quietus_damage_at_high_and_he_falls_unconscious() {
    let mut game = pack_game(&["Xochitl", "Enrique"]);
    // Attack 2 + Spirits 3 = +5: 9, 8, 7 -> 14, 13, 12 vs Will 12: High.
    game.world_mut().roller.force([9, 8, 7]);
    let outcome = game.use_power(&PowerUse::new("Xochitl", "Sleep").at(["Enrique"])).unwrap();
    assert_eq!(outcome.targets[0].threshold, Some(12));
    assert_eq!(outcome.targets[0].grade, 3);
    assert_eq!(resource(&game, "Enrique", "HP"), 8, "20 - 4 * 3");
    assert_eq!(resource(&game, "Xochitl", "CP"), 3);
    assert_eq!(resource(&game, "Xochitl", "Sg"), 1);
    let enrique = game.world().actor("Enrique").unwrap();
    assert_eq!(enrique.conditions.named("Unconscious").count(), 1);
}

#[test]
fn build_momentum_out_of_an_encounter_says_who_stands_in_for_the_next_ally() {
    let setup = "load mestezia\nactor Xochitl from Xochitl\nactor Itzel from Itzel\n";
    let mut session = crate::common::sessions::session_after(setup);
    let out = crate::common::sessions::run(
        &mut session,
        "force 9, 9, 9\nXochitl uses Build Momentum choosing Lore\n",
    );
    let said =
        "Next Ally: no encounter runs, so it is Xochitl (the target)\nXochitl gains Momentum\n";
    assert!(out.ends_with(said), "{out}");
}

#[test]
fn next_ally_in_an_encounter_without_one_is_the_user_never_the_foe_targeted() {
    let pack = "system NA\nStats: Might\nResource HP: max 30\nResource FP: no max\n\n\
                power Rally\nTarget: Enemy in 5\nResult: Next Ally gains 2 FP\n\n\
                actor Hero\nStats: Might 1\nResources: HP 30, FP 1\nPowers: Rally\n";
    let setup = "actor Ana from Hero\nactor Bo from Hero\nside Ana: party\nside Bo: foes\n\
                 encounter Ana, Bo\n";
    let mut session = crate::common::sessions::session_with("na.rules", pack, setup);
    let out = crate::common::sessions::run(&mut session, "Ana uses Rally on Bo\n");
    let said = "Next Ally: no one after Ana in the turn order fits, so it is Ana (the user)\n";
    assert!(out.contains(said) && out.contains("Ana: FP 1 -> 3"), "{out}");
}
