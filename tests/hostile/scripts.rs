//! Scripts: runaway loops, recursion, growth, errors after a change, and bad files. Each
//! runs inside a game through a rule line (`Result: [f(Grade)] damage`) or at load, and a
//! failed use leaves the game byte-identical.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::support::{expect_limit, fails_unchanged, first_error, scratch, state};

const RULES: &str = "system Tiny\nStats: Attack, Defense\nResource HP: max 40\nDefault check: Roll\n\
Functions: hostile\n\ncheck Roll\nMethod: pool\nDice: 2d10\nModifier: each die\n\
Success: >= [Threshold]\nGrades: 0 Fail, 1 Hit, 2 Strong\n\npower Jab\nTarget: Enemy in 1\n\
Threshold: Target's Defense\nCheck: [Attack]\nResult: [hostile(Grade)] damage\n\n\
actor Fighter\nStats: Attack 9, Defense 1\nResources: HP 40\nPowers: Jab\n";

/// A session whose pack's `hostile(grade)` is `body`, with two fighters placed; the use of
/// Jab must fail and change nothing.
fn use_fails(case: &str, script: &str) -> String {
    let mut game = Game::new(7);
    let loaded =
        game.load_source_with_scripts("tiny.rules", RULES, &[("scripts/hostile.rhai", script)]);
    assert!(loaded.is_ok(), "case `{case}`: {loaded:?}");
    let mut session = Session::new(game, 7);
    let setup = "actor A from Fighter\nactor B from Fighter\nforce 9, 9\n";
    assert!(session.run_text("setup", setup, None).failure.is_none());
    fails_unchanged(&mut session, case, "A uses Jab on B\n")
}

#[test]
fn an_infinite_loop_hits_the_operation_limit() {
    let found = use_fails("loop", "fn hostile(g) { loop { } }");
    insta::assert_snapshot!(found, @"script::limit::operations @ hostile.rhai:1:4 +help");
}

#[test]
fn deep_recursion_hits_the_call_depth_limit() {
    let found = use_fails("recursion", "fn hostile(g) { hostile(g + 1) }");
    insta::assert_snapshot!(found, @"script::limit::call_depth @ hostile.rhai:1:4 +help");
}

#[test]
fn an_exponential_string_hits_the_size_limit() {
    let found = use_fails("exp_string", "fn hostile(g) { let s = \"ab\"; loop { s += s; } }");
    insta::assert_snapshot!(found, @"script::limit::data_size @ hostile.rhai:1:4 +help");
}

#[test]
fn a_growing_array_hits_the_size_limit() {
    let found = use_fails("array", "fn hostile(g) { let a = []; loop { a.push(\"xxxxxxxx\"); } }");
    expect_limit("array", &found, &["script::limit::operations", "script::limit::data_size"]);
}

#[test]
fn a_map_grown_by_index_is_cut_off() {
    let script = "fn hostile(g) { let m = #{}; let i = 0; loop { m[`k${i}`] = i; i += 1; } }";
    expect_limit(
        "map_index",
        &use_fails("map_index", script),
        &["script::limit::operations", "script::limit::data_size"],
    );
}

#[test]
fn big_strings_stored_in_a_map_are_cut_off() {
    let script = "fn hostile(g) { let m = #{}; let s = \"\"; s.pad(32000, \"x\"); let i = 0; \
                  loop { m[`k${i}`] = s + i; i += 1; } }";
    expect_limit(
        "map_strings",
        &use_fails("map_strings", script),
        &["script::limit::operations", "script::limit::data_size"],
    );
}

#[test]
fn a_log_then_an_error_changes_nothing() {
    let script = "fn hostile(g) { log(\"about to fail\"); g / 0 }";
    insta::assert_snapshot!(use_fails("log_then_error", script), @"script::arithmetic @ hostile.rhai:1:41 +help");
}

#[test]
fn a_string_where_a_number_is_due_changes_nothing() {
    insta::assert_snapshot!(use_fails("wrong_type", "fn hostile(g) { \"ten\" }"), @"rules::eval::script @ tiny.rules:18:10 +help");
}

#[test]
fn integer_overflow_in_a_script_is_an_error() {
    let script = "fn hostile(g) { 9223372036854775807 + g }";
    insta::assert_snapshot!(use_fails("script_overflow", script), @"script::arithmetic @ hostile.rhai:1:37 +help");
}

#[test]
fn a_syntax_error_is_located_in_the_script() {
    let mut game = Game::new(7);
    let errors = game
        .load_source_with_scripts(
            "tiny.rules",
            RULES,
            &[("scripts/hostile.rhai", "fn hostile(g) { g + }")],
        )
        .unwrap_err();
    insta::assert_snapshot!(first_error(&errors, &script_sources("fn hostile(g) { g + }")), @"script::parse @ hostile.rhai:1:21 +help");
}

/// Sources holding the rules and one script, in the order a load registers them.
fn script_sources(script: &str) -> mythforge::diagnostics::SourceMap {
    let mut sources = mythforge::diagnostics::SourceMap::new();
    sources.add("tiny.rules", RULES);
    sources.add("scripts/hostile.rhai", script);
    sources
}

#[test]
fn a_declared_function_no_script_defines_is_refused_at_load() {
    let dir = scratch("missing_function");
    std::fs::create_dir_all(dir.join("rules/tiny")).unwrap();
    std::fs::create_dir_all(dir.join("scripts/tiny")).unwrap();
    std::fs::write(dir.join("rules/tiny/tiny.rules"), RULES).unwrap();
    std::fs::write(dir.join("scripts/tiny/other.rhai"), "fn other(g) { g }").unwrap();
    let mut game = Game::new(7);
    let result = game.load(&[dir.join("rules/tiny")]);
    let found = match result {
        Ok(warnings) => first_error(&warnings, game.sources()),
        Err(errors) => {
            crate::support::snapshot(&errors[0], &mythforge::diagnostics::SourceMap::new())
        }
    };
    insta::assert_snapshot!(found, @"script::undefined_function @ - +help");
}

#[test]
fn a_script_that_is_not_utf8_is_refused_at_load() {
    let dir = scratch("script_utf8");
    std::fs::create_dir_all(dir.join("rules/tiny")).unwrap();
    std::fs::create_dir_all(dir.join("scripts/tiny")).unwrap();
    std::fs::write(dir.join("rules/tiny/tiny.rules"), RULES).unwrap();
    std::fs::write(dir.join("scripts/tiny/hostile.rhai"), b"fn hostile(g) { \xff }").unwrap();
    let mut game = Game::new(7);
    let errors = game.load(&[dir.join("rules/tiny")]).unwrap_err();
    let found = crate::support::snapshot(&errors[0], &mythforge::diagnostics::SourceMap::new());
    insta::assert_snapshot!(found, @"runtime::script_unreadable @ - +help");
    assert_eq!(state_of(&game), state_of(&Game::new(7)));
}

fn state_of(game: &Game) -> String {
    game.save_text().unwrap()
}

#[test]
fn eval_and_sleep_do_not_exist() {
    let found = use_fails("sleep", "fn hostile(g) { sleep(1000); g }");
    insta::assert_snapshot!(found, @"script::unknown_function @ hostile.rhai:1:17 +help");
    let _ = state;
}
