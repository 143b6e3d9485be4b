//! Scripts in a running game: bracket calls in rule lines reach the pack's Rhai functions,
//! compiled once at load; a failing script aborts the command and changes nothing; a power
//! resolved through a script gives the same transcript as the same numbers declared; the
//! shipped `jolt` helper runs from a pack folder with a sibling `scripts/<pack>/` folder.

use crate::common::{hp, serialised};
use mythforge::runtime::{Game, PowerUse};
use mythforge::script::ScriptLimits;

/// The scripted fixture pack with its power's Result replaced by `result`.
fn pack(result: &str) -> String {
    include_str!("../fixtures/scripted/tiny.rules").replace("[bonus(Grade)] damage", result)
}

const SCRIPT: &str = include_str!("../fixtures/scripted/tiny.rhai");

fn game(result: &str) -> Game {
    game_with_limits(result, ScriptLimits::default())
}

/// The fixture game whose scripts run under `limits` (a host setting, never the pack's).
fn game_with_limits(result: &str, limits: ScriptLimits) -> Game {
    let mut game = Game::new(7);
    game.set_script_limits(limits);
    game.load_source_with_scripts("inline.rules", &pack(result), &[("inline.rhai", SCRIPT)])
        .expect("the pack and its script load");
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game
}

#[test]
fn a_bracket_call_reaches_the_script_function() {
    let mut game = game("[bonus(Grade)] damage");
    // 9 + 2 and 3 + 2 against Defense 10: one die meets, grade 1, bonus(1) = 3.
    game.world_mut().roller.force([9, 3]);
    let outcome = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    assert_eq!(outcome.targets[0].grade, 1);
    assert_eq!(hp(&game, "Bo"), 37);
}

#[test]
fn scripts_compile_once_at_load_not_per_call() {
    let mut game = game("[bonus(Grade)] damage");
    assert_eq!(game.script_compilations(), 1);
    for _ in 0..5 {
        game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    }
    assert_eq!(game.script_compilations(), 1);
    // Clones share the compiled scripts.
    let clone = game.clone();
    assert_eq!(clone.script_compilations(), 1);
}

#[test]
fn a_script_runtime_error_aborts_the_command_and_changes_nothing() {
    let mut game = game("[broken(Grade)] damage");
    game.world_mut().roller.force([9, 3]);
    let before = serialised(&game);
    let mark = game.mark();
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "script error: division by zero: 1 / 0");
    assert!(!error.span.is_none(), "points at the Result line");
    assert_eq!(serialised(&game), before, "world, roller position and forced dice unchanged");
    assert_eq!(game.mark(), mark, "no event logged");
}

#[test]
fn a_script_over_its_operation_limit_aborts_the_command_and_changes_nothing() {
    // A low operation limit and a generous clock, so the operation limit is what fires even
    // on a slow, loaded machine (the default 1,000,000 operations can outlast the 2 s clock
    // in a debug build).
    let limits = ScriptLimits { max_operations: 20_000, ..ScriptLimits::default() };
    let mut game = game_with_limits("[spin(Grade)] damage", limits);
    game.world_mut().roller.force([9, 3]);
    let before = serialised(&game);
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "script error: script `spin` ran more than 20000 operations");
    assert_eq!(serialised(&game), before);
}

#[test]
fn the_same_seed_gives_the_same_transcript_through_a_script_as_declared() {
    let mut scripted = game("[bonus(Grade)] damage");
    let mut declared = game("[Grade * 2 + 1] damage");
    for _ in 0..10 {
        scripted.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
        declared.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    }
    assert_eq!(scripted.transcript_since(0), declared.transcript_since(0));
    assert_eq!(hp(&scripted, "Bo"), hp(&declared, "Bo"));
}

#[test]
fn a_script_syntax_error_refuses_the_pack_with_a_span_in_the_script() {
    let mut game = Game::new(1);
    let errors = game
        .load_source_with_scripts(
            "inline.rules",
            &pack("[bonus(Grade)] damage"),
            &[("bad.rhai", "fn bonus(grade) { grade + }")],
        )
        .unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].code, "script::parse");
    let span = errors[0].primary_span();
    assert!(game.pack().files.is_empty(), "nothing installed");
    // The second file of the load (after the rule file), at the `}` where an operand is due.
    assert_eq!((span.file.0, span.start), (1, 26));
}

#[test]
fn the_shipped_jolt_helper_runs_from_a_sibling_scripts_folder() {
    let root = std::env::temp_dir().join(format!("mythforge-scripts-{}", std::process::id()));
    let rules = root.join("rules").join("tiny");
    let scripts = root.join("scripts").join("tiny");
    std::fs::create_dir_all(&rules).unwrap();
    std::fs::create_dir_all(&scripts).unwrap();
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/mestezia/checks.rhai");
    std::fs::copy(shipped, scripts.join("checks.rhai")).unwrap();
    // jolt(Target) reads Bo's handle: 40 / 4 + 1 = 11 damage.
    let text = pack("[jolt(Target)] damage").replace("bonus, broken, spin, ", "");
    std::fs::write(rules.join("system.rules"), text).unwrap();
    let mut game = Game::new(3);
    let loaded = game.load(&[rules.join("system.rules")]);
    std::fs::remove_dir_all(&root).unwrap();
    loaded.expect("the pack and the shipped script load");
    assert_eq!(game.script_compilations(), 1);
    game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game.world_mut().roller.force([9, 3]);
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    assert_eq!(hp(&game, "Bo"), 29);
}

#[test]
fn a_script_effect_phrase_calls_the_function_and_the_damage_still_applies() {
    let mut game = game("2 damage; script bonus(Grade)");
    game.world_mut().roller.force([9, 3]);
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    assert_eq!(hp(&game, "Bo"), 38);
    let mut failing = self::game("2 damage; script broken(1)");
    failing.world_mut().roller.force([9, 3]);
    let before = serialised(&failing);
    let error = failing.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "script error: division by zero: 1 / 0");
    assert_eq!(serialised(&failing), before, "the 2 damage dealt before is rolled back");
}
