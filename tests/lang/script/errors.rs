//! Positions and call chains: syntax errors after multi-byte characters land on the right
//! byte, and runtime errors inside nested calls show every call site.

use mythforge::diagnostics::Span;

use super::support::{Fixture, failure};

#[test]
fn syntax_error_after_multibyte_characters_points_at_the_right_column() {
    let mut fixture = Fixture::new();
    let text = "// Stärke über alles — ñ\nfn grade(x) {\n    let s = \"ñé—ü\"; x +* 2\n}\n";
    let diagnostic = fixture.load("scripts/umlaut.rhai", text).unwrap_err();
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::parse | unexpected '*' | scripts/umlaut.rhai:3:24"
    );
    // The caret sits under `*`. miette's `file:line:column` header counts bytes (29), not
    // characters (24); that is the renderer's, not the mapping's, and is pinned here so a
    // fix shows up.
    assert_eq!(
        fixture.render(&diagnostic),
        "script::parse\n\n  × unexpected '*'\n   ╭─[scripts/umlaut.rhai:3:29]\n 2 │ fn grade(x) {\n 3 │     let s = \"ñé—ü\"; x +* 2\n   ·                        ┬\n   ·                        ╰── here\n 4 │ }\n   ╰────\n  help: check the Rhai syntax near this point (https://rhai.rs/book/)\n"
    );
}

#[test]
fn runtime_error_in_nested_call_lists_the_call_chain() {
    let mut fixture = Fixture::new();
    let rules = fixture.add("rules/test.rules", "power Jolt\nResult: [jolt(actor)] damage\n");
    let text = "fn inner(x) {\n    x / 0\n}\nfn middle(x) {\n    inner(x) + 1\n}\nfn jolt(x) {\n    middle(x)\n}\n";
    let script = fixture.load("scripts/chain.rhai", text).unwrap();
    let caller = Span::new(rules, 20..31);
    let diagnostic =
        failure(fixture.sandbox.call(&script, "jolt", vec![3_i64.into()], Some(caller)));
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::arithmetic | division by zero: 3 / 0 | scripts/chain.rhai:2:7"
    );
    let expected = r#"script::arithmetic

  × division by zero: 3 / 0
   ╭─[scripts/chain.rhai:2:7]
 1 │ fn inner(x) {
 2 │     x / 0
   ·       ┬
   ·       ╰── here
 3 │ }
 4 │ fn middle(x) {
 5 │     inner(x) + 1
   ·     ──┬──
   ·       ╰── `inner` called here
 6 │ }
 7 │ fn jolt(x) {
 8 │     middle(x)
   ·     ───┬──
   ·        ╰── `middle` called here
 9 │ }
   ╰────
  help: integers are 64-bit and checked: overflow and division by zero are
        errors

Advice: 
  ☞ see also rules/test.rules
   ╭─[rules/test.rules:2:10]
 1 │ power Jolt
 2 │ Result: [jolt(actor)] damage
   ·          ─────┬─────
   ·               ╰── script `jolt` called here
   ╰────
"#;
    assert_eq!(fixture.render(&diagnostic), expected);
}

#[test]
fn limit_errors_point_at_the_called_function_and_the_rule_line() {
    // Rhai drops the position of limit errors at every call level, so the primary label is
    // the definition of the function the rule line called.
    let limits = mythforge::script::ScriptLimits { max_operations: 5_000, ..Default::default() };
    let mut fixture = Fixture::with_limits(limits);
    let rules = fixture.add("rules/test.rules", "power Spin\nResult: script spin(actor)\n");
    let script =
        fixture.load("scripts/spin.rhai", "// spins\nfn spin(actor) {\n    loop { }\n}\n").unwrap();
    let caller = Span::new(rules, 26..37);
    let diagnostic =
        failure(fixture.sandbox.call(&script, "spin", vec![1_i64.into()], Some(caller)));
    let expected = r#"script::limit::operations

  × script `spin` ran more than 5000 operations
   ╭─[scripts/spin.rhai:2:4]
 1 │ // spins
 2 │ fn spin(actor) {
   ·    ──┬─
   ·      ╰── this call did not finish
 3 │     loop { }
   ╰────
  help: look for a loop that never ends or recursion without a base case

Advice: 
  ☞ see also rules/test.rules
   ╭─[rules/test.rules:2:16]
 1 │ power Spin
 2 │ Result: script spin(actor)
   ·                ─────┬─────
   ·                     ╰── script `spin` called here
   ╰────
"#;
    assert_eq!(fixture.render(&diagnostic), expected);
}
