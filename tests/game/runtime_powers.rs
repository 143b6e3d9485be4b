//! The runtime against the sample pack: the power pipeline, costs, checks, conditions,
//! encounters, undo and save/restore.

use std::path::PathBuf;

use crate::common::serialised;
use mythforge::diagnostics::ToDiagnostic;
use mythforge::runtime::{CheckRequest, Game, PowerUse, RuntimeErrorKind};

fn game() -> Game {
    let mut game = crate::common::game_with(42, &["tests/fixtures/sample/system.rules"]);
    game.add_actor("Brakka", Some("Brakka"), &[]).unwrap();
    game.add_actor("Foe", Some("Brakka"), &[("Defense", 12)]).unwrap();
    game
}

/// Gives `name` plenty of CP and Sg so repeated powers can be paid.
fn refill(game: &mut Game, name: &str) {
    let actor = game.world_mut().actor_mut(name).unwrap();
    actor.resources.get_mut("CP").unwrap().current = 20;
    actor.resources.get_mut("Sg").unwrap().current = 5;
}

#[test]
fn berserker_charge_costs_weapon_plus_one_and_deals_weapon_plus_grade() {
    let mut game = game();
    // Tier 1: 3d10, +5 (Attack 2 + Strength 3) per die vs Defense 12: 10, 9, 8 -> all meet.
    game.world_mut().roller.force([10, 9, 8]);
    let outcome = game.use_power(&PowerUse::new("Brakka", "Berserker Charge").at(["Foe"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 3);
    assert_eq!(game.world().actor("Brakka").unwrap().resources["CP"].current, 2);
    let damage = game.log().iter().find_map(|e| match e {
        mythforge::engine::Event::Damage { steps, .. } => Some(steps.total),
        _ => None,
    });
    assert_eq!(damage, Some(15));
}

#[test]
fn a_cost_that_cannot_be_paid_changes_nothing_and_names_the_shortfall() {
    let mut game = game();
    game.add_actor("Poor", Some("Brakka"), &[("CP", 3)]).unwrap();
    let before = serialised(&game);
    let error = game.use_power(&PowerUse::new("Poor", "Berserker Charge").at(["Foe"])).unwrap_err();
    assert_eq!(error.to_string(), "Poor needs 4 CP but has 3: short by 1");
    assert!(!error.span.is_none(), "points at the Cost line");
    assert_eq!(serialised(&game), before);
}

#[test]
fn multi_target_shares_one_roll_with_per_target_thresholds_and_result_two_gates() {
    let mut game = game();
    game.add_actor("Tough", Some("Brakka"), &[]).unwrap();
    game.world_mut().actor_mut("Tough").unwrap().powers.clear();
    // Stunning Blow: Threshold 12, modifier Attack 2 + Kinesthetics 0: 10, 10, 3 -> 2 dice meet.
    refill(&mut game, "Brakka");
    game.world_mut().roller.force([10, 10, 3]);
    let mark = game.mark();
    let outcome =
        game.use_power(&PowerUse::new("Brakka", "Stunning Blow").at(["Foe", "Tough"])).unwrap();
    assert_eq!(outcome.targets.len(), 2);
    assert!(outcome.targets.iter().all(|t| t.grade == 2));
    let rolls = game
        .log()
        .since(mark)
        .filter(|e| matches!(e, mythforge::engine::Event::Roll { .. }))
        .count();
    assert_eq!(rolls, 1, "one roll for every target");
    assert!(game.world().actor("Foe").unwrap().conditions.has("Dazed"));
    assert!(game.world().actor("Tough").unwrap().conditions.has("Dazed"));
}

#[test]
fn result_two_does_not_apply_at_grade_one() {
    let mut game = game();
    refill(&mut game, "Brakka");
    game.world_mut().roller.force([10, 3, 3]);
    let outcome = game.use_power(&PowerUse::new("Brakka", "Stunning Blow").at(["Foe"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    assert!(!game.world().actor("Foe").unwrap().conditions.has("Dazed"));
}

#[test]
fn a_condition_applied_twice_keeps_one_instance() {
    let mut game = game();
    for _ in 0..2 {
        refill(&mut game, "Brakka");
        game.world_mut().roller.force([10, 10, 3]);
        game.use_power(&PowerUse::new("Brakka", "Stunning Blow").at(["Foe"])).unwrap();
    }
    let foe = game.world().actor("Foe").unwrap();
    assert_eq!(foe.conditions.named("Dazed").count(), 1);
}

#[test]
fn unknown_power_suggests_the_closest_name() {
    let mut game = game();
    let error =
        game.use_power(&PowerUse::new("Brakka", "Berserker Charg").at(["Foe"])).unwrap_err();
    assert_eq!(error.to_string(), "unknown power `Berserker Charg`");
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.help.as_deref(), Some("did you mean `Berserker Charge`?"));
}

#[test]
fn wrong_target_count_is_refused_at_the_target_line() {
    let mut game = game();
    let error = game.use_power(&PowerUse::new("Brakka", "Berserker Charge")).unwrap_err();
    assert!(matches!(error.kind, RuntimeErrorKind::Targets(_)));
    assert_eq!(error.to_string(), "Berserker Charge takes 1 target(s), got 0");
    assert!(!error.span.is_none());
}

#[test]
fn check_examples_from_the_mechanics_notes() {
    let mut game = game();
    let check = |threshold, bonus, aid| CheckRequest {
        actor: "Brakka".into(),
        stats: vec![],
        bonus,
        threshold,
        procedure: None,
        aid,
        ..CheckRequest::default()
    };
    game.world_mut().roller.force([8, 6, 1]);
    let outcome = game.check(&check(9, 3, 0)).unwrap();
    assert_eq!((outcome.grade, outcome.label.as_deref()), (2, Some("Medium")));
    game.world_mut().roller.force([4, 5, 10]);
    assert_eq!(game.check(&check(11, 4, 0)).unwrap().label.as_deref(), Some("Low"));
    game.world_mut().roller.force([4, 5, 10]);
    assert_eq!(game.check(&check(11, 4, 2)).unwrap().label.as_deref(), Some("Medium"));
}

#[test]
fn cp_resets_at_turn_start_and_is_lost_at_encounter_end() {
    let mut game = game();
    game.world_mut().actor_mut("Brakka").unwrap().resources.get_mut("CP").unwrap().current = 1;
    game.start_encounter(&["Brakka", "Foe"]).unwrap();
    for _ in 0..6 {
        game.next_turn().unwrap();
    }
    assert_eq!(game.world().actor("Brakka").unwrap().resources["CP"].current, 6);
    game.end_encounter().unwrap();
    assert_eq!(game.world().actor("Brakka").unwrap().resources["CP"].current, 0);
}

#[test]
fn undo_restores_exactly() {
    let mut game = game();
    let before = serialised(&game);
    let mark = game.mark();
    game.use_power(&PowerUse::new("Brakka", "Berserker Charge").at(["Foe"])).unwrap();
    game.undo().unwrap();
    assert_eq!(serialised(&game), before);
    assert_eq!(game.mark(), mark);
}

#[test]
fn save_midway_and_restore_continues_byte_for_byte() {
    let run = |game: &mut Game| {
        game.use_power(&PowerUse::new("Brakka", "Berserker Charge").at(["Foe"])).unwrap();
    };
    let start = || {
        let mut game = game();
        refill(&mut game, "Brakka");
        game
    };
    let mut straight = start();
    run(&mut straight);
    run(&mut straight);

    let mut first = start();
    run(&mut first);
    let path = std::env::temp_dir().join(format!("mythforge-runtime-{}.json", std::process::id()));
    first.save(&path).unwrap();
    let mut second = start();
    second.restore(&path).unwrap();
    run(&mut second);
    std::fs::remove_file(&path).ok();
    assert_eq!(second.transcript_since(0), straight.transcript_since(0));
    assert_eq!(second.json_since(0), straight.json_since(0));
}

#[test]
fn restore_refuses_another_pack() {
    let game = game();
    let path =
        std::env::temp_dir().join(format!("mythforge-runtime-other-{}.json", std::process::id()));
    game.save(&path).unwrap();
    let mut other = Game::new(1);
    other.load_source("other.rules", "system Other\nRounding: floor\n").unwrap();
    let error = other.restore(&path).unwrap_err();
    std::fs::remove_file(&path).ok();
    assert!(matches!(error.kind, RuntimeErrorKind::PackMismatch { .. }));
}

#[test]
fn a_pack_whose_effect_names_an_unknown_condition_is_refused_at_its_result_line() {
    let mut game = Game::new(3);
    let text = "system S\nDefault check: R\n\ncheck R\nMethod: pool\nDice: 1d10\nSuccess: >= [Threshold]\n\npower Hex\nTarget: Self\nResult: apply Cursed\n";
    let errors = game.load_source("inline.rules", text).unwrap_err();
    assert_eq!(errors[0].message, "unknown condition `Cursed`");
    let span = errors[0].primary_span();
    assert_eq!(&text[span.range()], "Cursed");
    assert!(game.pack().files.is_empty(), "a refused pack is not installed");
}

#[test]
fn protected_raises_defense_and_insubstantial_halves_damage_rounding_up() {
    use mythforge::engine::{ActiveCondition, Expiry, StackRule};
    let mut game = game();
    let foe = game.world_mut().actor_mut("Foe").unwrap();
    foe.conditions
        .apply(ActiveCondition::new("Protected", Expiry::UntilRemoved).with_n(2), StackRule::Never);
    foe.conditions
        .apply(ActiveCondition::new("Insubstantial", Expiry::UntilRemoved), StackRule::Never);
    // Defense 12 + 2 = 14; dice +5 each: 10, 9, 8 -> 15, 14, 13 -> grade 2.
    game.world_mut().roller.force([10, 9, 8]);
    let outcome = game.use_power(&PowerUse::new("Brakka", "Berserker Charge").at(["Foe"])).unwrap();
    assert_eq!((outcome.targets[0].threshold, outcome.targets[0].grade), (Some(14), 2));
    let total = game.log().iter().find_map(|e| match e {
        mythforge::engine::Event::Damage { steps, .. } => Some(steps.total),
        _ => None,
    });
    // 12 + 2 = 14 damage, halved: 7.
    assert_eq!(total, Some(7));
}

#[test]
fn a_reaction_needs_its_trigger_named() {
    let mut game = game();
    game.world_mut().actor_mut("Brakka").unwrap().powers.push("Quick Step".into());
    let error = game.use_power(&PowerUse::new("Brakka", "Quick Step")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Quick Step is a reaction: name its trigger (`an enemy moves adjacent to you`) in the request"
    );
    assert!(!error.span.is_none());
    let mut request = PowerUse::new("Brakka", "Quick Step");
    request.options.trigger = Some("an enemy moves adjacent to you".into());
    game.use_power(&request).unwrap();
    assert_eq!(game.world().actor("Brakka").unwrap().resources["CP"].current, 5);
}

#[test]
fn a_power_the_actor_does_not_know_is_refused() {
    let mut game = game();
    let error = game.use_power(&PowerUse::new("Brakka", "Quick Step")).unwrap_err();
    assert_eq!(error.to_string(), "Brakka does not know the power `Quick Step`");
    assert!(!error.span.is_none(), "points at the power's header");
}

#[test]
fn unknown_actor_suggests_the_closest_name() {
    let mut game = game();
    let error =
        game.use_power(&PowerUse::new("Brakk", "Berserker Charge").at(["Foe"])).unwrap_err();
    assert_eq!(error.to_string(), "unknown actor `Brakk`");
    assert_eq!(error.to_diagnostic().help.as_deref(), Some("did you mean `Brakka`?"));
}

#[test]
fn an_unknown_actor_block_suggests_the_closest_name() {
    let mut game = game();
    let error = game.add_actor("X", Some("Brakk"), &[]).unwrap_err();
    assert_eq!(error.to_string(), "unknown actor block `Brakk`");
    assert_eq!(error.to_diagnostic().help.as_deref(), Some("did you mean `Brakka`?"));
}

#[test]
fn a_failed_requirement_names_it() {
    let mut game = Game::new(1);
    let text = "system S\nStats: Level\nResource HP: max 10\nDefault check: R\n\ncheck R\nMethod: pool\nDice: 1d10\nSuccess: >= [Threshold]\n\npower Finisher\nPrereq: [Level >= 3]\nTarget: Self\nResult: heal 1\n\nactor A\nLevel: 1\nPowers: Finisher\n";
    game.load_source("inline.rules", text).unwrap();
    game.add_actor("A", Some("A"), &[]).unwrap();
    let error = game.use_power(&PowerUse::new("A", "Finisher")).unwrap_err();
    assert_eq!(
        error.to_string(),
        "A cannot use Finisher: requirement `[Level >= 3]` does not hold"
    );
    assert_eq!(&text[error.span.range()], "Prereq: [Level >= 3]");
}

#[test]
fn events_render_as_json_lines_and_name_their_rule_lines() {
    let mut game = game();
    let mark = game.mark();
    game.world_mut().roller.force([10, 9, 8]);
    game.use_power(&PowerUse::new("Brakka", "Berserker Charge").at(["Foe"])).unwrap();
    let json = game.json_since(mark);
    assert!(json.lines().all(|line| serde_json::from_str::<serde_json::Value>(line).is_ok()));
    assert!(json.contains("\"cause\""));
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Brakka"), "{transcript}");
}

#[test]
fn undo_after_conditions_and_damage_restores_exactly() {
    let mut game = game();
    refill(&mut game, "Brakka");
    // Forced faces are part of the roller's state: undo gives them back too.
    game.world_mut().roller.force([10, 10, 10]);
    let before = serialised(&game);
    game.use_power(&PowerUse::new("Brakka", "Stunning Blow").at(["Foe"])).unwrap();
    assert!(game.world().actor("Foe").unwrap().conditions.has("Dazed"));
    game.undo().unwrap();
    assert_eq!(serialised(&game), before);
}

#[test]
fn a_failure_after_the_roll_rolls_everything_back() {
    let mut game = Game::new(11);
    let text = "system S\nStats: Defense\nResource HP: max 10\nFunctions: boom\nDefault check: R\n\ncheck R\nMethod: pool\nDice: 1d10\nSuccess: >= [Threshold]\n\npower Blast\nTarget: Enemy in 5\nThreshold: 1\nCheck: [0]\nResult: 2 damage; script boom(1)\n\nactor A\nStats: Defense 1\nResources: HP 10\nPowers: Blast\n";
    game.load_source("inline.rules", text).unwrap();
    game.add_actor("A", Some("A"), &[]).unwrap();
    game.add_actor("B", Some("A"), &[]).unwrap();
    let before = serialised(&game);
    let mark = game.mark();
    let error = game.use_power(&PowerUse::new("A", "Blast").at(["B"])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "script error: script function `boom` is not available: scripts are not loaded"
    );
    assert!(text[error.span.range()].contains("boom"), "points into the Result line");
    assert_eq!(serialised(&game), before, "damage, roll and log are rolled back");
    assert_eq!(game.mark(), mark);
}

#[test]
fn an_unknown_target_fails_a_shared_check_without_a_threshold() {
    // An area used without positions takes the request's targets as named; with a check but
    // no Threshold line, the check is where a misspelt target is found.
    let power = "power Rallying Cry\nTarget: Burst 2 within 5\nCheck: [Influence]\nResult: the crowd cheers\n";
    let extra = std::env::temp_dir().join(format!("mythforge-cry-{}.rules", std::process::id()));
    std::fs::write(&extra, power).unwrap();
    let mut game = Game::new(42);
    let sample =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sample/system.rules");
    game.load(&[sample, extra.clone()]).expect("the sample pack and the power load");
    std::fs::remove_file(&extra).ok();
    game.add_actor("Brakka", Some("Brakka"), &[]).unwrap();
    game.add_actor("Foe", Some("Brakka"), &[]).unwrap();
    game.world_mut().actor_mut("Brakka").unwrap().powers.push("Rallying Cry".into());
    let before = serialised(&game);
    let request = PowerUse::new("Brakka", "Rallying Cry").at(["Foe", "Fo"]);
    let error = game.use_power(&request).unwrap_err();
    assert_eq!(error.to_string(), "unknown actor `Fo`");
    assert_eq!(error.to_diagnostic().help.as_deref(), Some("did you mean `Foe`?"));
    let check_line = power.find("Check:").unwrap();
    assert_eq!(error.span.start as usize, check_line, "points at the Check line");
    assert_eq!(serialised(&game), before, "the failed use changes nothing");
    // Spelt right, the same use goes through.
    game.use_power(&PowerUse::new("Brakka", "Rallying Cry").at(["Foe"])).unwrap();
}
