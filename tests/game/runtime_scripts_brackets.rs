//! Read-only actor handles in bracket calls: `[jolt(Self)]` and `[bonus(Target)]` read stats,
//! resources (current and maximum), derived values and conditions exactly as an acting script
//! does; a write, die or decision through a handle is refused with the bracket diagnostic in
//! the `.rhai` file and changes nothing; numeric calls are unchanged; `check` accepts handle
//! arguments, checks arities, and refuses a handle used as a number; the shipped Mestezia
//! `jolt` takes the actor.

use crate::common::{hp, serialised};
use mythforge::diagnostics::{RenderStyle, SourceMap, ToDiagnostic, render};
use mythforge::engine::{ActiveCondition, Expiry, StackRule};
use mythforge::runtime::{Game, PowerUse, RuntimeError};

const RULES: &str = "system Brackets
Stats: Attack, Defense, Sturdiness
Resource HP: max [Max HP]
Resource Max HP: no max
Resource Focus: max 5
Derived Guard: [Defense + Sturdiness]
Default check: Roll
Functions: jolt, bonus, scar, plain, numb, peek, same
Layered Body: HP
check Roll
Method: pool
Dice: 2d10
Modifier: each die
Success: >= [Threshold]
Grades: 0 Fail, 1 Hit, 2 Strong

condition Bleeding
Stacking: never stacks with itself

power Jab
Target: Enemy in 1
Threshold: Target's Defense
Check: [Attack]
Result: RESULT

actor Fighter
Stats: Attack 2, Defense 10, Sturdiness 1
Resources: HP 40, Max HP 40, Focus 3
Powers: Jab
";

const SCRIPT: &str = r#"fn jolt(actor) { actor.resource_max("HP") / 4 + actor.stat("Sturdiness") }
fn bonus(target) {
    if target.has_condition("Bleeding") { 2 + target.condition_rating("Bleeding") }
    else { target.stat("Guard") - target.resource("Focus") }
}
fn scar(target) {
    target.change_resource("HP", -5);
    1
}
fn plain(grade) { grade * 2 + 1 }
fn numb(actor) { actor + 1 }
fn peek(actor) { roll_die(6) + actor.stat("Attack") }
fn same(a, b) { if a == b { a.name().len() } else { 0 } }
"#;

/// The fixture with the power's Result as `result`; Ana (Sturdiness 3, Max HP 48) and Bo
/// (the plain Fighter: Sturdiness 1, Max HP 40).
fn game(result: &str) -> Game {
    load(&RULES.replace("RESULT", result))
}

/// `rules` with the fixture's script, Ana and Bo.
fn load(rules: &str) -> Game {
    let mut game = Game::new(7);
    game.load_source_with_scripts("brackets.rules", rules, &[("brackets.rhai", SCRIPT)])
        .expect("the fixture loads");
    game.add_actor("Ana", Some("Fighter"), &[("Sturdiness", 3), ("Max HP", 48), ("HP", 48)])
        .unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    game
}

/// Ana jabs Bo with the forced dice 9 and 3: one die meets Defense 10, grade 1.
fn jab(game: &mut Game) -> Result<(), RuntimeError> {
    game.world_mut().roller.force([9, 3]);
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).map(|_| ())
}

/// The refusal message every write, die and decision in a bracket call gets.
fn refused(function: &str) -> String {
    format!(
        "script error: `{function}` cannot be used in a bracket expression: a rule line's value \
         must not roll dice or change the world; call it from a `script` effect instead"
    )
}

#[test]
fn jolt_of_self_reads_the_users_maximum_and_stat() {
    let mut game = game("[jolt(Self)] damage");
    jab(&mut game).unwrap();
    // Ana's jolt: 48 / 4 + 3 = 15.
    assert_eq!(hp(&game, "Bo"), 25);
    let mut game = self::game("[jolt(Target)] damage");
    jab(&mut game).unwrap();
    // Bo's jolt: 40 / 4 + 1 = 11.
    assert_eq!(hp(&game, "Bo"), 29);
}

#[test]
fn bonus_of_target_reads_derived_values_resources_and_conditions() {
    let mut game = game("[bonus(Target)] damage");
    jab(&mut game).unwrap();
    // Guard 10 + 1 = 11, minus Focus 3: 8 damage.
    assert_eq!(hp(&game, "Bo"), 32);

    let mut game = self::game("[bonus(Target)] damage");
    let bleeding = ActiveCondition::new("Bleeding", Expiry::EndOfEncounter).with_n(3);
    let span = mythforge::diagnostics::Span::NONE;
    game.world_mut().apply_condition("Bo", bleeding, StackRule::Never, span).unwrap();
    jab(&mut game).unwrap();
    // Bleeding 3: 2 + 3 = 5 damage.
    assert_eq!(hp(&game, "Bo"), 35);
}

#[test]
fn handles_mix_with_numbers_and_the_same_actor_is_one_handle() {
    let mut game = game("[jolt(Self) + plain(Grade)] damage");
    jab(&mut game).unwrap();
    // 15 + (1 * 2 + 1).
    assert_eq!(hp(&game, "Bo"), 22);
    // Self and Self are the same handle: "Ana".len() = 3; Self and Target are not: 0 damage.
    let mut game = self::game("[same(Self, Self)] damage");
    jab(&mut game).unwrap();
    assert_eq!(hp(&game, "Bo"), 37);
    let mut game = self::game("[same(Self, Target)] damage");
    jab(&mut game).unwrap();
    assert_eq!(hp(&game, "Bo"), 40);
}

#[test]
fn a_write_through_a_handle_is_refused_in_the_script_and_changes_nothing() {
    let mut game = game("[scar(Target)] damage");
    game.world_mut().roller.force([9, 3]);
    let before = serialised(&game);
    let mark = game.mark();
    let error = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap_err();
    assert_eq!(error.to_string(), refused("change_resource"));
    assert_eq!(error.kind.code(), "runtime::script");
    let rendered = render(&error.to_diagnostic(), game.sources(), RenderStyle::Plain);
    // Primary at the refused call in the script, the rule line as the caller.
    assert_eq!(rendered, REFUSED_RENDER);
    assert_eq!(serialised(&game), before, "world, HP, roller and forced dice unchanged");
    assert_eq!(game.mark(), mark, "no event logged");
    assert_eq!(hp(&game, "Bo"), 40);
}

const REFUSED_RENDER: &str = r#"script::host

  × `change_resource` cannot be used in a bracket expression: a rule line's
  │ value must not roll dice or change the world; call it from a `script`
  │ effect instead
   ╭─[brackets.rhai:7:12]
 6 │ fn scar(target) {
 7 │     target.change_resource("HP", -5);
   ·            ───────┬───────
   ·                   ╰── refused
 8 │     1
   ╰────
  help: check the arguments passed to this function

Advice: 
  ☞ see also brackets.rules
    ╭─[brackets.rules:24:10]
 23 │ Check: [Attack]
 24 │ Result: [scar(Target)] damage
    ·          ──────┬─────
    ·                ╰── script `scar` called here
 25 │ 
    ╰────
"#;

#[test]
fn dice_through_a_bracket_with_handles_are_refused() {
    let mut game = game("[peek(Self)] damage");
    let error = jab(&mut game).unwrap_err();
    assert_eq!(error.to_string(), refused("roll_die"));
    assert_eq!(hp(&game, "Bo"), 40);
}

#[test]
fn a_handle_used_as_a_number_is_the_scripts_own_runtime_error() {
    let mut game = game("[numb(Self)] damage");
    let error = jab(&mut game).unwrap_err();
    let diagnostic = error.to_diagnostic();
    assert_eq!(diagnostic.code, "script::unknown_function");
    let rendered = render(&diagnostic, game.sources(), RenderStyle::Plain);
    assert!(rendered.contains("╭─[brackets.rhai:11:24]"), "{rendered}");
    assert_eq!(hp(&game, "Bo"), 40);
}

#[test]
fn target_on_a_line_without_a_target_is_an_unknown_name() {
    let rules = RULES
        .replace("RESULT", "2 damage")
        .replace("Check: [Attack]", "Cost: [jolt(Target) - 14] Focus\nCheck: [Attack]");
    let mut game = load(&rules);
    let error = jab(&mut game).unwrap_err();
    assert_eq!(error.to_string(), "unknown name `Target (no target)`");
    // Self is known on the Cost line: Ana's jolt 48 / 4 + 3 = 15, less 14: 1 Focus paid.
    let mut game = load(&rules.replace("jolt(Target)", "jolt(Self)"));
    jab(&mut game).unwrap();
    assert_eq!(game.world().actor("Ana").unwrap().resources["Focus"].current, 2);
}

#[test]
fn numeric_bracket_calls_are_unchanged() {
    let mut game = game("[plain(Grade)] damage");
    jab(&mut game).unwrap();
    assert_eq!(hp(&game, "Bo"), 37);
    let mut declared = self::game("[Grade * 2 + 1] damage");
    jab(&mut declared).unwrap();
    assert_eq!(game.transcript_since(0), declared.transcript_since(0));
}

/// `check_pack` and `check_scripts` on the fixture with `result`: (code, message, help).
fn check(result: &str) -> Vec<(String, String, Option<String>)> {
    let root = std::env::temp_dir().join(format!("mythforge-brackets-{}", std::process::id()));
    let name = result.len() + result.bytes().map(usize::from).sum::<usize>();
    let root = root.join(name.to_string());
    let rules_dir = root.join("rules").join("pack");
    let scripts_dir = root.join("scripts").join("pack");
    std::fs::create_dir_all(&rules_dir).unwrap();
    std::fs::create_dir_all(&scripts_dir).unwrap();
    std::fs::write(rules_dir.join("pack.rules"), RULES.replace("RESULT", result)).unwrap();
    std::fs::write(scripts_dir.join("pack.rhai"), SCRIPT).unwrap();
    let paths = vec![rules_dir.clone()];
    let mut sources = SourceMap::new();
    let (pack, errors) = mythforge::parse::load_pack(&paths, &mut sources);
    assert!(errors.is_empty(), "{errors:?}");
    let folders = mythforge::runtime::script_folders(&paths);
    let mut diagnostics = mythforge::check::check_pack(&pack);
    diagnostics.extend(mythforge::runtime::check_scripts(&pack, &folders, &mut sources));
    let _ = std::fs::remove_dir_all(&root);
    diagnostics.into_iter().map(|d| (d.code, d.message, d.help)).collect()
}

#[test]
fn check_accepts_handle_arguments_and_checks_arity() {
    assert_eq!(check("[jolt(Self) + bonus(Target)] damage"), []);
    assert_eq!(
        check("[jolt(Self, Target)] damage"),
        [(
            "script::wrong_arity".to_string(),
            "`jolt` is called with 2 argument(s)".to_string(),
            Some("the script defines `jolt` with 1 argument(s)".to_string()),
        )]
    );
}

#[test]
fn check_refuses_a_handle_used_as_a_number() {
    let in_effect = check("2 damage; script plain(Target * 2)");
    assert_eq!(in_effect.len(), 1);
    assert_eq!(in_effect[0].1, "unknown stat `Target`");
    assert_eq!(
        check("[jolt(Self + 1)] damage"),
        [(
            "rules::check::unknown_stat".to_string(),
            "unknown stat `Self`".to_string(),
            Some(
                "`Self` is an actor, not a number: pass it whole to a script function \
                 (`[f(Self)]`) and read its values there"
                    .to_string()
            ),
        )]
    );
}

#[test]
fn mestezia_healing_poultice_heals_the_targets_jolt_through_the_shipped_script() {
    let mut game = crate::common::game_with(7, &["rules/mestezia"]);
    for name in ["Ragweed", "Xochitl"] {
        game.add_actor(name, Some(name), &[]).unwrap();
    }
    game.world_mut().actor_mut("Xochitl").unwrap().resources.get_mut("HP").unwrap().current = 5;
    // Biology 2 + Hands 2 on each of 3 dice against 9: 10, 10, 5 is grade 2.
    game.world_mut().roller.force([6, 6, 1]);
    let outcome = game.use_power(&PowerUse::new("Ragweed", "Healing Poultice").at(["Xochitl"]));
    assert_eq!(outcome.unwrap().targets[0].grade, 2);
    // jolt(Xochitl) = 18 / 4 + Sturdiness 1 = 5, plus grade 2: 5 + 7 = 12 HP.
    assert_eq!(hp(&game, "Xochitl"), 12);
}

/// The guide's first scripting example (docs/src/scripting.md), verbatim.
const README_SCRIPT: &str = r#"// scripts/mygame/powers.rhai
// Bracket functions give a rule line a value: numbers and read-only actors in, a number out.
fn bonus(grade) { grade * 2 + 1 }
fn jolt(actor) { actor.resource_max("HP") / 4 + actor.stat("Sturdiness") }

// Effect functions act: they roll, log and change the world through the engine.
fn knockback(target, grade) {
    let metres = roll_die(6);
    log(`${target.name()} is knocked back ${metres} m`);
    target.damage(3 * grade)
}
"#;

#[test]
fn the_readme_example_reads_in_brackets_and_rolls_in_the_effect() {
    let rules = RULES
        .replace("RESULT", "[jolt(Self) + bonus(Grade)] damage; script knockback(Target, Grade)")
        .replace("jolt, bonus, scar, plain, numb, peek, same", "bonus, jolt, knockback");
    let mut game = Game::new(7);
    game.load_source_with_scripts("readme.rules", &rules, &[("powers.rhai", README_SCRIPT)])
        .expect("the README example loads");
    game.add_actor("Ana", Some("Fighter"), &[("Sturdiness", 3), ("Max HP", 48), ("HP", 48)])
        .unwrap();
    game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
    let mark = game.mark();
    game.world_mut().roller.force([9, 3, 4]);
    game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
    // jolt(Self) 48 / 4 + 3 = 15 and bonus(1) = 3: 18 damage; the knockback's 3 * 1 after.
    assert_eq!(hp(&game, "Bo"), 19);
    let transcript = game.transcript_since(mark);
    assert!(transcript.contains("Bo is knocked back 4 m"), "{transcript}");
}
