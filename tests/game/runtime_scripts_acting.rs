//! Scripts that act on the game from `script f(Target, Grade)` effect phrases: actor handles
//! for `Self` and `Target`, damage and healing through the effect path, resources, stats and
//! conditions, dice from the world's roller with forced faces, log/print/debug as narration,
//! decisions, the purity of bracket calls, and the transaction around a failing script.

use crate::common::acting;

use crate::common::{resource, serialised};
use acting::jab;
use mythforge::runtime::{Game, PowerUse};
use mythforge::script::ScriptLimits;

/// The acting fixture with the power's Result replaced by `result`.
fn game(result: &str) -> Game {
    acting::game("", result)
}

fn conditions(game: &Game, actor: &str) -> Vec<(String, Option<i64>)> {
    let actor = game.world().actor(actor).unwrap();
    actor.conditions.active.iter().map(|c| (c.name.clone(), c.n)).collect()
}

#[test]
fn an_effect_script_gets_the_target_handle_and_the_grade_and_acts_through_the_engine() {
    let mut game = game("script knockback(Target, Grade)");
    let mark = game.mark();
    // Grade 1: 3 force damage; the forced d6 of 5 dazes Bo with N = 1.
    jab(&mut game, &[9, 3, 5]).unwrap();
    assert_eq!(resource(&game, "Bo", "HP"), 37);
    assert_eq!(conditions(&game, "Bo"), vec![("Dazed".to_string(), Some(1))]);
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Ana rolls 1d6 = 5"), "{transcript}");
    assert!(transcript.contains("knocked back for 3"), "{transcript}");
}

#[test]
fn the_grade_reaches_the_script_at_grade_two() {
    let mut game = game("script knockback(Target, Grade)");
    game.world_mut().roller.force([9, 9, 1]);
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    assert_eq!(resource(&game, "Bo", "HP"), 34, "3 * grade 2");
    assert!(conditions(&game, "Bo").is_empty(), "the forced 1 does not daze");
}

#[test]
fn resources_stats_and_healing_change_through_handles() {
    let mut game = game("script drain(Self, Target)");
    jab(&mut game, &[9, 3]).unwrap();
    assert_eq!(resource(&game, "Bo", "Focus"), 1);
    assert_eq!(resource(&game, "Ana", "Focus"), 5);

    let mut game = self::game("script sap(Target)");
    jab(&mut game, &[9, 3]).unwrap();
    assert_eq!(game.world().actor("Bo").unwrap().stats["Defense"], 7);

    let mut game = self::game("5 damage; script mend(Target, 2)");
    jab(&mut game, &[9, 3]).unwrap();
    assert_eq!(resource(&game, "Bo", "HP"), 37, "40 - 5 + 2");
}

#[test]
fn a_script_failing_after_changes_leaves_world_roller_and_log_as_before() {
    let mut game = game("2 damage; script toughen(Target)");
    game.world_mut().roller.force([9, 3]);
    let before = serialised(&game);
    let mark = game.mark();
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "script error: division by zero: 1 / 0");
    assert_eq!(serialised(&game), before, "stat, damage and forced dice all restored");
    assert_eq!(game.mark(), mark);
    assert_eq!(game.world().actor("Bo").unwrap().stats["Defense"], 10);
}

#[test]
fn undo_takes_back_what_a_script_changed() {
    let mut game = game("script sap(Target)");
    game.world_mut().roller.force([9, 3]);
    let before = serialised(&game);
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    game.undo().unwrap();
    assert_eq!(serialised(&game), before);
}

#[test]
fn a_host_error_names_the_problem() {
    let mut game = game("script fumble(Target)");
    let error = jab(&mut game, &[9, 3]).unwrap_err();
    assert_eq!(error.to_string(), "script error: Bo has no resource `Mana`");
}

#[test]
fn decide_takes_the_first_option_and_print_and_debug_are_narrated() {
    let mut game = game("script ask(Self)");
    let mark = game.mark();
    jab(&mut game, &[9, 3]).unwrap();
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Ana decides push or pull? push"), "{transcript}");
    assert!(transcript.contains("picked 0"), "{transcript}");

    let mut game = self::game("script chatter(Target)");
    let mark = game.mark();
    jab(&mut game, &[9, 3]).unwrap();
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("loud"), "{transcript}");
    assert!(transcript.contains("quiet"), "{transcript}");
}

#[test]
fn a_bracket_call_may_not_roll_dice() {
    let mut game = game("[peek(Grade)] damage");
    let before = serialised(&game);
    game.world_mut().roller.force([9, 3]);
    let forced = serialised(&game);
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(
        error.to_string(),
        "script error: `roll_die` cannot be used in a bracket expression: a rule line's value \
         must not roll dice or change the world; call it from a `script` effect instead"
    );
    assert_ne!(before, forced);
    assert_eq!(serialised(&game), forced);
}

#[test]
fn an_effect_script_error_is_rendered_in_the_script_with_the_rule_line_as_caller() {
    use mythforge::diagnostics::{RenderStyle, ToDiagnostic, render};
    let mut game = game("script toughen(Target)");
    let error = jab(&mut game, &[9, 3]).unwrap_err();
    let rendered = render(&error.to_diagnostic(), game.sources(), RenderStyle::Plain);
    assert_eq!(rendered, EXPECTED_RENDER);
}

/// The script error primary in the `.rhai` file, the rule line secondary.
const EXPECTED_RENDER: &str = r#"script::arithmetic

  × division by zero: 1 / 0
    ╭─[acting.rhai:14:64]
 13 │ fn sap(target) { target.set_stat("Defense", target.stat("Defense") - 3); }
 14 │ fn toughen(target) { target.set_stat("Defense", 99); let x = 1 / 0; }
    ·                                                                ┬
    ·                                                                ╰── here
 15 │ fn fumble(user) { user.end_condition("Dazed"); user.resource("Mana") }
    ╰────
  help: integers are 64-bit and checked: overflow and division by zero are
        errors

Advice: 
  ☞ see also acting.rules
    ╭─[acting.rules:26:16]
 25 │ Check: [Attack]
 26 │ Result: script toughen(Target)
    ·                ───┬───
    ·                   ╰── script `toughen` called here
 27 │ 
    ╰────
"#;
#[test]
fn script_errors_keep_their_code() {
    let mut game = game("script toughen(Target)");
    let error = jab(&mut game, &[9, 3]).unwrap_err();
    assert_eq!(error.kind.code(), "runtime::script");
}

#[test]
fn an_effect_script_over_its_operation_limit_changes_nothing() {
    // A low operation limit and a generous clock: the operation limit fires first even in a
    // debug build on a loaded machine.
    let limits = ScriptLimits { max_operations: 20_000, ..ScriptLimits::default() };
    let mut game = acting::load_with_limits("", "script churn(Target)", limits).unwrap();
    game.world_mut().roller.force([9, 3]);
    let before = serialised(&game);
    let mark = game.mark();
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), "script error: script `churn` ran more than 20000 operations");
    assert_eq!(serialised(&game), before, "the 1 damage dealt first is rolled back");
    assert_eq!(game.mark(), mark);
}

#[test]
fn the_same_seed_gives_the_same_transcript_with_acting_scripts() {
    let run = || {
        let mut game = game("script knockback(Target, Grade)");
        for _ in 0..5 {
            game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
        }
        (game.transcript_since(0), serialised(&game))
    };
    assert_eq!(run(), run());
}
