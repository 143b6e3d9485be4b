//! `mythforge check` with scripts: every bracket call, `script` effect call, scripted check
//! procedure and hook must name a function a script defines, with the right number of
//! arguments.

use std::path::PathBuf;

use mythforge::diagnostics::SourceMap;

/// Writes `rules/<pack>/pack.rules` and `scripts/<pack>/pack.rhai` under a fresh folder and
/// returns the diagnostics of checking the pack's scripts.
fn check(name: &str, rules: &str, script: &str) -> Vec<(String, String, Option<String>, String)> {
    let root = std::env::temp_dir().join(format!("mythforge-{name}-{}", std::process::id()));
    let rules_dir = root.join("rules").join("pack");
    let scripts_dir = root.join("scripts").join("pack");
    std::fs::create_dir_all(&rules_dir).unwrap();
    std::fs::create_dir_all(&scripts_dir).unwrap();
    std::fs::write(rules_dir.join("pack.rules"), rules).unwrap();
    std::fs::write(scripts_dir.join("pack.rhai"), script).unwrap();
    let paths: Vec<PathBuf> = vec![rules_dir.clone()];
    let mut sources = SourceMap::new();
    let (pack, errors) = mythforge::parse::load_pack(&paths, &mut sources);
    assert!(errors.is_empty(), "{errors:?}");
    let folders = mythforge::runtime::script_folders(&paths);
    let diagnostics = mythforge::runtime::check_scripts(&pack, &folders, &mut sources);
    let _ = std::fs::remove_dir_all(&root);
    diagnostics
        .into_iter()
        .map(|d| {
            let at =
                d.labels.first().map(|l| sources.slice(l.span).to_string()).unwrap_or_default();
            (d.code, d.message, d.help, at)
        })
        .collect()
}

const RULES: &str = "system S
Stats: Attack
Resource HP: max 10
Functions: bonus, knockback
On damage taken: bleed
Default check: R

check R
Method: pool
Dice: 1d10
Success: >= [Threshold]

power Blast
Target: Enemy in 5
Threshold: 1
Check: [0]
Result: [bonus(Grade, 1)] damage; script knockbak(Target, Grade)
";

#[test]
fn calls_with_a_wrong_name_or_arity_are_reported_at_the_call() {
    let script =
        "fn bonus(grade) { grade }\nfn knockback(target, grade) { }\nfn bleed(actor) { }\n";
    let found = check("arity", RULES, script);
    assert_eq!(
        found,
        vec![
            (
                "script::wrong_arity".to_string(),
                "`bonus` is called with 2 argument(s)".to_string(),
                Some("the script defines `bonus` with 1 argument(s)".to_string()),
                "bonus".to_string(),
            ),
            (
                "script::undefined_function".to_string(),
                "no script of this pack defines `knockbak`".to_string(),
                Some("did you mean `knockback`?".to_string()),
                "knockbak".to_string(),
            ),
            (
                "script::wrong_arity".to_string(),
                "`bleed` is called with 2 argument(s)".to_string(),
                Some("the script defines `bleed` with 1 argument(s)".to_string()),
                "bleed".to_string(),
            ),
        ]
    );
}

#[test]
fn matching_calls_pass() {
    let rules = RULES.replace("bonus(Grade, 1)", "bonus(Grade)").replace("knockbak", "knockback");
    let script =
        "fn bonus(grade) { grade }\nfn knockback(target, grade) { }\nfn bleed(actor, amount) { }\n";
    assert_eq!(check("pass", &rules, script), vec![]);
}

const MOVES_RULES: &str = include_str!("../fixtures/scripted/moves.rules");
const MOVES_SCRIPT: &str = include_str!("../fixtures/scripted/moves.rhai");

#[test]
fn a_scripted_procedure_needs_its_function_with_two_arguments() {
    assert_eq!(check("moves-ok", MOVES_RULES, MOVES_SCRIPT), vec![]);
    let wrong = MOVES_SCRIPT.replace("fn move_roll(actor, inputs)", "fn move_roll(inputs)");
    assert_eq!(
        check("moves-arity", MOVES_RULES, &wrong),
        vec![(
            "script::wrong_arity".to_string(),
            "`move_roll` is called with 2 argument(s)".to_string(),
            Some("the script defines `move_roll` with 1 argument(s)".to_string()),
            "move_roll".to_string(),
        )]
    );
    let missing = MOVES_SCRIPT.replace("fn move_roll(", "fn move_rol(");
    let diagnostics = check("moves-missing", MOVES_RULES, &missing);
    assert_eq!(diagnostics[0].0, "script::undefined_function");
    assert_eq!(diagnostics[0].2.as_deref(), Some("did you mean `move_rol`?"));
}
