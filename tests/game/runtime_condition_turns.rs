//! Conditions that act every turn and conditions between two actors, on the Mestezia pack
//! with forced dice: typed ongoing damage resisted by typed resistance and stacking across
//! types, regeneration capped at the maximum, an ongoing effect ending with its duration, an
//! effect at turn end, a failing turn effect that changes nothing; relative modifiers in plain
//! checks and versus checks; Advantage held against one creature (also after save and
//! restore); `show` listing sources, `against` and included conditions; `check` refusing
//! misused `[Type]` damage and `against`.

use assert_cmd::Command;
use mythforge::diagnostics::Span;
use mythforge::engine::{ActiveCondition, Expiry, Phase, StackRule};
use mythforge::runtime::{CheckRequest, Game, PowerUse, VersusRequest};

use crate::common::cli::repl as run;
use crate::common::hp;

fn game() -> Game {
    let mut game =
        crate::common::game_with(7, &["rules/mestezia", "tests/fixtures/turns/turn_powers.rules"]);
    for actor in ["Itzel", "White Coyote", "The Inquisitor"] {
        game.add_actor(actor, Some(actor), &[]).unwrap();
        let powers = &mut game.world_mut().actor_mut(actor).unwrap().powers;
        powers.extend(
            [
                "Test Burn",
                "Test Chill",
                "Test Short Burn",
                "Test Long Burn",
                "Test Regrow",
                "Test Sting",
                "Test Drain",
                "Test Focus",
                "Test Swing",
            ]
            .map(String::from),
        );
    }
    game
}

/// An encounter of Itzel (d10 8 + Initiative 2 = 10) and the coyote (5 + 3 = 8), Itzel first,
/// moved on to Itzel's action phase.
fn fight() -> Game {
    let mut game = game();
    game.world_mut().roller.force([8, 5]);
    assert_eq!(
        game.start_encounter(&["Itzel", "White Coyote"]).unwrap(),
        ["Itzel", "White Coyote"]
    );
    game.next_turn().unwrap();
    assert_eq!(now(&game), ("Itzel".to_string(), Phase::Action));
    game
}

fn now(game: &Game) -> (String, Phase) {
    let encounter = game.world().encounter.as_ref().unwrap();
    (encounter.acting().unwrap().name.clone(), encounter.phase)
}

/// Moves on until `actor`'s `phase` begins.
fn until(game: &mut Game, actor: &str, phase: Phase) {
    for _ in 0..12 {
        game.next_turn().unwrap();
        if now(game) == (actor.to_string(), phase) {
            return;
        }
    }
    panic!("{actor}'s {phase:?} never came");
}

fn set_hp(game: &mut Game, actor: &str, value: i64) {
    game.world_mut().set_resource(actor, "HP", value, Span::NONE).unwrap();
}

fn give(game: &mut Game, actor: &str, condition: ActiveCondition, stacking: StackRule) {
    game.world_mut().apply_condition(actor, condition, stacking, Span::NONE).unwrap();
}

fn use_on(game: &mut Game, user: &str, power: &str, target: &str) {
    game.use_power(&PowerUse::new(user, power).at([target])).unwrap();
}

#[test]
fn ongoing_fire_3_resisted_by_resistant_fire_2_deals_1_each_start_phase() {
    let mut game = fight();
    let resistant = ActiveCondition::new("Resistant", Expiry::UntilRemoved).with_n(2);
    give(&mut game, "White Coyote", resistant.with_subtype("Fire"), StackRule::PerSubtype);
    use_on(&mut game, "Itzel", "Test Burn", "White Coyote");
    let ongoing: Vec<_> =
        game.world().actor("White Coyote").unwrap().conditions.named("Ongoing").cloned().collect();
    assert_eq!(ongoing.len(), 1);
    assert_eq!((ongoing[0].n, ongoing[0].subtype.as_deref()), (Some(3), Some("Fire")));
    until(&mut game, "White Coyote", Phase::Action);
    assert_eq!(hp(&game, "White Coyote"), 9);
    until(&mut game, "White Coyote", Phase::Start);
    assert_eq!(hp(&game, "White Coyote"), 8);
    until(&mut game, "White Coyote", Phase::Start);
    assert_eq!(hp(&game, "White Coyote"), 7);
    // Itzel's own turns never hurt her.
    assert_eq!(hp(&game, "Itzel"), 24);
    let text = game.log().transcript();
    assert!(text.contains("White Coyote's Ongoing (Fire) acts at turn start"), "{text}");
}

#[test]
fn two_ongoing_types_both_tick_and_the_same_type_does_not_stack() {
    let mut game = fight();
    use_on(&mut game, "Itzel", "Test Burn", "White Coyote");
    use_on(&mut game, "Itzel", "Test Chill", "White Coyote");
    use_on(&mut game, "Itzel", "Test Burn", "White Coyote");
    let coyote = game.world().actor("White Coyote").unwrap();
    let types: Vec<_> =
        coyote.conditions.named("Ongoing").map(|c| (c.subtype.clone(), c.n)).collect();
    assert_eq!(types, [(Some("Fire".into()), Some(3)), (Some("Cold".into()), Some(2))]);
    until(&mut game, "White Coyote", Phase::Start);
    assert_eq!(hp(&game, "White Coyote"), 10 - 3 - 2);
    // Resistance to one type leaves the other whole.
    let resistant = ActiveCondition::new("Resistant", Expiry::UntilRemoved).with_n(5);
    give(&mut game, "White Coyote", resistant.with_subtype("Cold"), StackRule::PerSubtype);
    until(&mut game, "White Coyote", Phase::Start);
    assert_eq!(hp(&game, "White Coyote"), 5 - 3);
}

#[test]
fn weakened_does_not_halve_ongoing_damage() {
    let mut game = fight();
    give(
        &mut game,
        "White Coyote",
        ActiveCondition::new("Weakened", Expiry::UntilRemoved),
        StackRule::Never,
    );
    use_on(&mut game, "Itzel", "Test Burn", "White Coyote");
    until(&mut game, "White Coyote", Phase::Start);
    assert_eq!(hp(&game, "White Coyote"), 7);
}

#[test]
fn regeneration_heals_at_the_start_phase_capped_at_the_maximum() {
    let mut game = fight();
    use_on(&mut game, "Itzel", "Test Regrow", "Itzel");
    set_hp(&mut game, "Itzel", 22);
    until(&mut game, "Itzel", Phase::Start);
    assert_eq!(hp(&game, "Itzel"), 24);
    set_hp(&mut game, "Itzel", 10);
    until(&mut game, "Itzel", Phase::Start);
    assert_eq!(hp(&game, "Itzel"), 14);
    assert_eq!(hp(&game, "White Coyote"), 10);
}

#[test]
fn ongoing_for_one_turn_ticks_once_then_ends_at_the_holders_turn_end() {
    let mut game = fight();
    use_on(&mut game, "Itzel", "Test Short Burn", "White Coyote");
    until(&mut game, "White Coyote", Phase::Start);
    assert_eq!(hp(&game, "White Coyote"), 6);
    until(&mut game, "White Coyote", Phase::End);
    assert!(game.world().actor("White Coyote").unwrap().conditions.has("Ongoing"));
    until(&mut game, "Itzel", Phase::Start);
    assert!(!game.world().actor("White Coyote").unwrap().conditions.has("Ongoing"));
    until(&mut game, "White Coyote", Phase::Start);
    assert_eq!(hp(&game, "White Coyote"), 6);
}

#[test]
fn ongoing_until_the_end_of_the_appliers_next_turn_ticks_on_the_holders_turn_between() {
    let mut game = fight();
    use_on(&mut game, "Itzel", "Test Long Burn", "White Coyote");
    let ongoing = game.world().actor("White Coyote").unwrap().conditions.active[0].clone();
    assert_eq!(ongoing.duration, Expiry::EndOfTurn { actor: "Itzel".into(), turns: 2 });
    until(&mut game, "White Coyote", Phase::Start);
    assert_eq!(hp(&game, "White Coyote"), 8);
    // Itzel's next turn ends before the coyote's next start phase: no second tick.
    until(&mut game, "Itzel", Phase::End);
    assert!(game.world().actor("White Coyote").unwrap().conditions.has("Ongoing"));
    until(&mut game, "White Coyote", Phase::Start);
    assert!(!game.world().actor("White Coyote").unwrap().conditions.has("Ongoing"));
    assert_eq!(hp(&game, "White Coyote"), 8);
}

#[test]
fn an_effect_triggered_by_the_turn_end_runs_at_the_end_phase() {
    let mut game = fight();
    use_on(&mut game, "Itzel", "Test Sting", "White Coyote");
    until(&mut game, "White Coyote", Phase::Action);
    assert_eq!(hp(&game, "White Coyote"), 10);
    game.next_turn().unwrap();
    assert_eq!(now(&game), ("White Coyote".to_string(), Phase::End));
    assert_eq!(hp(&game, "White Coyote"), 9);
}

#[test]
fn a_failing_turn_effect_fails_next_and_changes_nothing() {
    let mut game = fight();
    use_on(&mut game, "Itzel", "Test Burn", "White Coyote");
    use_on(&mut game, "Itzel", "Test Drain", "White Coyote");
    until(&mut game, "Itzel", Phase::End);
    let (world, events) = (game.world().actor("White Coyote").unwrap().clone(), game.log().len());
    let error = game.next_turn().unwrap_err();
    assert!(error.to_string().contains("division by zero"), "{error}");
    assert_eq!(now(&game), ("Itzel".to_string(), Phase::End));
    assert_eq!(game.world().actor("White Coyote").unwrap(), &world);
    assert_eq!(hp(&game, "White Coyote"), 10);
    assert_eq!(game.log().len(), events);
}

fn attack_check(actor: &str, against: Option<&str>) -> CheckRequest {
    CheckRequest {
        actor: actor.into(),
        stats: vec!["Attack".into()],
        threshold: 30,
        against: against.map(String::from),
        ..CheckRequest::default()
    }
}

/// The totals of a plain Attack check with dice 5, 5, 5.
fn attack_totals(game: &mut Game, actor: &str, against: Option<&str>) -> Vec<i64> {
    game.world_mut().roller.force([5, 5, 5]);
    game.check(&attack_check(actor, against)).unwrap().totals
}

#[test]
fn advantage_against_one_creature_counts_only_against_it() {
    let mut game = game();
    use_on(&mut game, "Itzel", "Test Focus", "White Coyote");
    let held = game.world().actor("Itzel").unwrap().conditions.active.clone();
    assert_eq!(held.len(), 1);
    assert_eq!(
        (held[0].name.as_str(), held[0].against.as_deref()),
        ("Advantage", Some("White Coyote"))
    );
    // Aim 3 is Itzel's Attack; the Advantage adds 1 against the coyote only.
    assert_eq!(attack_totals(&mut game, "Itzel", Some("White Coyote")), [9, 9, 9]);
    assert_eq!(attack_totals(&mut game, "Itzel", Some("The Inquisitor")), [8, 8, 8]);
    assert_eq!(attack_totals(&mut game, "Itzel", None), [8, 8, 8]);
    // In a power: Test Swing's check is [Attack] vs the target's Defense (coyote 10).
    game.world_mut().roller.force([6, 6, 1]);
    let swing = game.use_power(&PowerUse::new("Itzel", "Test Swing").at(["White Coyote"])).unwrap();
    assert_eq!(swing.targets[0].grade, 2);
    let defense = game.world().actor("The Inquisitor").unwrap().stats["Defense"];
    game.world_mut().roller.force([6, 6, 1]);
    let plain =
        game.use_power(&PowerUse::new("Itzel", "Test Swing").at(["The Inquisitor"])).unwrap();
    assert_eq!(plain.targets[0].grade, if defense <= 9 { 2 } else { 0 });
}

#[test]
fn advantage_against_one_creature_and_advantage_against_all_are_two_copies() {
    let mut game = game();
    use_on(&mut game, "Itzel", "Test Focus", "White Coyote");
    give(
        &mut game,
        "Itzel",
        ActiveCondition::new("Advantage", Expiry::UntilRemoved),
        StackRule::Never,
    );
    assert_eq!(game.world().actor("Itzel").unwrap().conditions.named("Advantage").count(), 2);
    // Advantage never adds twice: the plain copy already counts against the coyote.
    assert_eq!(attack_totals(&mut game, "Itzel", Some("White Coyote")), [9, 9, 9]);
    assert_eq!(attack_totals(&mut game, "Itzel", Some("The Inquisitor")), [9, 9, 9]);
}

#[test]
fn marked_counts_in_a_plain_check_against_someone_other_than_the_marker() {
    let mut game = game();
    let marked = ActiveCondition::new("Marked", Expiry::UntilRemoved).with_source("Itzel");
    give(&mut game, "White Coyote", marked, StackRule::Never);
    // The coyote's Attack is Aim 2.
    assert_eq!(attack_totals(&mut game, "White Coyote", Some("Itzel")), [7, 7, 7]);
    assert_eq!(attack_totals(&mut game, "White Coyote", Some("The Inquisitor")), [6, 6, 6]);
}

#[test]
fn a_versus_check_counts_the_pairs_relative_modifiers_and_grants() {
    let mut game = game();
    use_on(&mut game, "Itzel", "Test Focus", "White Coyote");
    // Dazed grants Advantage to attackers: the coyote resisting gets nothing from it.
    give(&mut game, "Itzel", ActiveCondition::new("Dazed", Expiry::UntilRemoved), StackRule::Never);
    let request = VersusRequest {
        attacker: attack_check("Itzel", None),
        defender: attack_check("White Coyote", None),
        tie: None,
        zero_never_wins: false,
    };
    game.world_mut().roller.force([5, 5, 5, 5, 5, 5]);
    let outcome = game.versus(&request).unwrap();
    assert_eq!(outcome.attacker.totals, [9, 9, 9]);
    assert_eq!(outcome.defender.totals, [7, 7, 7]);
    // The coyote attacking Itzel does get the granted Advantage.
    assert_eq!(attack_totals(&mut game, "White Coyote", Some("Itzel")), [8, 8, 8]);
}

#[test]
fn show_lists_sources_against_and_included_conditions() {
    let input = "load mestezia\n\
                 power Test Grip\nTarget: Enemy\n\
                 Result: apply Restrained to Target, apply Advantage to Self against Target\n\n\
                 actor Gripper\nSide: party\nStats: Aim 2, Defense 1\n\
                 Resources: HP 12, Max HP 12, CP 6\nPowers: Test Grip\n\n\
                 actor Ana from Gripper\nactor Coyote from White Coyote\n\
                 Ana uses Test Grip on Coyote\nshow Coyote\nshow Ana\n\
                 force 5, 5, 5\ncheck Ana Attack vs 10 against Coyote\n";
    let (code, stdout, stderr) = run(input);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains(
            "Conditions: Restrained from Ana [until removed], Immobilized (included by Restrained)"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("Conditions: Advantage against Coyote [until removed]"), "{stdout}");
    // Attack 2 + 1 for the Advantage (the Advantage Restrained grants does not add to it).
    assert!(stdout.contains("Ana: [8, 8] vs 10: 0 meet, grade 0"), "{stdout}");
}

/// `mythforge check` on `text`: the exit code and everything printed.
fn check_text(name: &str, text: &str) -> (Option<i32>, String) {
    let path = std::env::temp_dir().join(format!("turns-{name}-{}.rules", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_mythforge"))
        .env("NO_COLOR", "1")
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    std::fs::remove_file(&path).ok();
    let text = String::from_utf8(output.stderr).unwrap()
        + String::from_utf8(output.stdout).unwrap().as_str();
    (output.status.code(), text)
}

#[test]
fn check_flags_a_bracketed_damage_type_that_is_no_parameter() {
    let (code, text) = check_text(
        "types",
        "condition Burning\nParameters: N\nEffect: [N] [Kind] damage\n\n\
         power Flame\nTarget: Enemy\nResult: 3 [Type] damage\n",
    );
    assert_ne!(code, Some(0), "{text}");
    assert!(text.contains("unknown parameter `Kind`"), "{text}");
    assert!(text.contains(":3:13]"), "{text}");
    assert!(text.contains("unknown parameter `Type`"), "{text}");
    assert!(text.contains(":7:11]"), "{text}");
    assert!(text.contains("2 errors"), "{text}");
}

#[test]
fn check_flags_a_condition_held_against_its_own_holder() {
    let (code, text) = check_text(
        "against",
        "power Bad\nTarget: Enemy\nResult: apply Advantage to Target against Target\n\n\
         power Good\nTarget: Enemy\nResult: apply Advantage to Self against Target\n",
    );
    assert_ne!(code, Some(0), "{text}");
    assert!(text.contains("rules::check::against_holder"), "{text}");
    assert!(text.contains("`against Target` names the condition's own holder"), "{text}");
    assert!(text.contains(":3:43]"), "{text}");
    assert!(text.contains("1 error"), "{text}");
}

#[test]
fn a_condition_held_against_one_creature_survives_save_and_restore() {
    let mut game = game();
    use_on(&mut game, "Itzel", "Test Focus", "White Coyote");
    let path = std::env::temp_dir().join(format!("turns-save-{}.json", std::process::id()));
    game.save(&path).unwrap();
    let mut restored = self::game();
    restored.restore(&path).unwrap();
    std::fs::remove_file(&path).ok();
    let held = &restored.world().actor("Itzel").unwrap().conditions.active;
    assert_eq!(held[0].against.as_deref(), Some("White Coyote"));
    assert_eq!(attack_totals(&mut restored, "Itzel", Some("White Coyote")), [9, 9, 9]);
    assert_eq!(attack_totals(&mut restored, "Itzel", None), [8, 8, 8]);
}
