//! One hostile script per sandbox guarantee, each with its exact diagnostic: code, message
//! and where the primary label points (`file:line:column`, columns in characters).

use mythforge::script::ScriptLimits;

use super::support::{Fixture, failure};

fn call_fails(fixture: &mut Fixture, text: &str, function: &str) -> String {
    let diagnostic = failure(fixture.run(text, function));
    fixture.summary(&diagnostic)
}

fn compile_fails(fixture: &mut Fixture, text: &str) -> String {
    match fixture.load("scripts/test.rhai", text) {
        Ok(_) => panic!("expected a compile error"),
        Err(diagnostic) => fixture.summary(&diagnostic),
    }
}

#[test]
fn infinite_loop_hits_the_operation_limit() {
    let limits = ScriptLimits { max_operations: 50_000, ..ScriptLimits::default() };
    let mut fixture = Fixture::with_limits(limits);
    let text = "fn spin() {\n    loop { }\n}\n";
    assert_eq!(
        call_fails(&mut fixture, text, "spin"),
        "script::limit::operations | script `spin` ran more than 50000 operations | scripts/test.rhai:1:4"
    );
}

#[test]
fn no_limit_reads_a_clock() {
    // Whether a call finishes must not depend on the machine's speed: the same busy loop
    // stops at the same operation count every time.
    let limits = ScriptLimits { max_operations: 20_000, ..ScriptLimits::default() };
    let text = "fn spin() {\n    let n = 0;\n    loop { n += 1; }\n}\n";
    let summaries: Vec<String> = (0..2)
        .map(|_| call_fails(&mut Fixture::with_limits(limits.clone()), text, "spin"))
        .collect();
    assert_eq!(
        summaries[0],
        "script::limit::operations | script `spin` ran more than 20000 operations | scripts/test.rhai:1:4"
    );
    assert_eq!(summaries[0], summaries[1]);
}

#[test]
fn sleep_does_not_exist() {
    let mut fixture = Fixture::new();
    assert_eq!(
        call_fails(&mut fixture, "fn nap() {\n    sleep(1);\n}\n", "nap"),
        "script::unknown_function | unknown function `sleep (i64)` | scripts/test.rhai:2:5"
    );
    assert_eq!(
        call_fails(&mut fixture, "fn nap() { sleep(1_000_000_000) }", "nap"),
        "script::unknown_function | unknown function `sleep (i64)` | scripts/test.rhai:1:12"
    );
}

#[test]
fn timestamp_does_not_exist() {
    let mut fixture = Fixture::new();
    assert_eq!(
        call_fails(&mut fixture, "fn now() { timestamp() }", "now"),
        "script::unknown_function | unknown function `timestamp ()` | scripts/test.rhai:1:12"
    );
}

#[test]
fn eval_is_disabled() {
    let mut fixture = Fixture::new();
    assert_eq!(
        compile_fails(&mut fixture, "fn run() {\n    eval(\"1\")\n}\n"),
        "script::forbidden::eval | `eval` is not available in scripts | scripts/test.rhai:2:5"
    );
}

#[test]
fn import_cannot_load_modules() {
    let mut fixture = Fixture::new();
    let text = "fn load() {\n    import \"x\" as x;\n    1\n}\n";
    let summary = match fixture.load("scripts/test.rhai", text) {
        Ok(script) => {
            fixture.summary(&failure(fixture.sandbox.call(&script, "load", vec![], None)))
        }
        Err(diagnostic) => fixture.summary(&diagnostic),
    };
    assert_eq!(
        summary,
        "script::forbidden::import | scripts cannot import modules | scripts/test.rhai:1:4"
    );
}

#[test]
fn runaway_recursion_hits_the_call_depth_limit() {
    let mut fixture = Fixture::new();
    let text = "fn down(n) {\n    down(n + 1)\n}\nfn start() { down(0) }\n";
    assert_eq!(
        call_fails(&mut fixture, text, "start"),
        "script::limit::call_depth | script calls nested more than 32 levels deep | scripts/test.rhai:4:4"
    );
}

#[test]
fn growing_string_hits_the_size_limit() {
    let mut fixture = Fixture::new();
    let text = "fn grow() {\n    let s = \"x\";\n    loop { s += s; }\n}\n";
    assert_eq!(
        call_fails(&mut fixture, text, "grow"),
        "script::limit::data_size | a string grew past 65536 bytes | scripts/test.rhai:1:4"
    );
}

#[test]
fn growing_array_hits_the_size_limit() {
    let mut fixture = Fixture::new();
    let text = "fn grow() {\n    let a = [];\n    loop { a.push(1); }\n}\n";
    assert_eq!(
        call_fails(&mut fixture, text, "grow"),
        "script::limit::data_size | an array grew past 10000 elements | scripts/test.rhai:1:4"
    );
}

#[test]
fn growing_map_hits_the_size_limit() {
    // Rhai does not check this map while it grows by index assignment, nor when it is
    // returned; the sandbox checks it as it grows.
    let mut fixture = Fixture::new();
    let text = "fn grow() {\n    let m = #{};\n    let i = 0;\n    while i < 12000 { m[`k${i}`] = i; i += 1; }\n    m\n}\n";
    assert_eq!(
        call_fails(&mut fixture, text, "grow"),
        "script::limit::data_size | an object map grew past 10000 entries | scripts/test.rhai:1:4"
    );
}

#[test]
fn map_growing_by_index_assignment_is_cut_off_during_the_call() {
    // Rhai 1.27 does not check `m[new_key] = value` against the map limit (only passing or
    // returning the map); the sandbox checks a map each time its variable is read, so the
    // loop stops at the limit, not at the operation budget (~70,000 entries).
    let mut fixture = Fixture::new();
    let text =
        "fn grow() {\n    let m = #{};\n    let i = 0;\n    loop { m[`k${i}`] = i; i += 1; }\n}\n";
    assert_eq!(
        call_fails(&mut fixture, text, "grow"),
        "script::limit::data_size | an object map grew past 10000 entries | scripts/test.rhai:1:4"
    );
}

#[test]
fn big_strings_stored_in_a_map_are_cut_off_during_the_call() {
    // 32 KB strings under new keys: the strings a map holds are counted as it grows.
    let mut fixture = Fixture::new();
    let text = "fn grow() {\n    let m = #{};\n    let s = \"\";\n    s.pad(32000, \"x\");\n    \
                let i = 0;\n    loop { m[`k${i}`] = s + i; i += 1; }\n}\n";
    assert_eq!(
        call_fails(&mut fixture, text, "grow"),
        "script::limit::data_size | an object map grew past 10000 entries | scripts/test.rhai:1:4"
    );
}

#[test]
fn deep_nesting_hits_the_expression_depth_limit() {
    let mut fixture = Fixture::new();
    let text = format!("fn deep() {{\n    {}1{}\n}}\n", "(".repeat(100), ")".repeat(100));
    assert_eq!(
        compile_fails(&mut fixture, &text),
        "script::limit::expression_depth | expression nested more than 64 levels deep | scripts/test.rhai:2:35"
    );
}

#[test]
fn too_many_variables_hit_the_variable_limit() {
    let mut fixture = Fixture::new();
    let lets: String = (0..1_100).map(|i| format!("    let v{i} = {i};\n")).collect();
    let text = format!("fn many() {{\n{lets}}}\n");
    assert_eq!(
        call_fails(&mut fixture, &text, "many"),
        "script::limit::variables | script `many` declared more than 1000 variables | scripts/test.rhai:1:4"
    );
}

#[test]
fn too_many_functions_hit_the_function_limit() {
    let mut fixture = Fixture::new();
    let text: String = (0..1_100).map(|i| format!("fn f{i}() {{ {i} }}\n")).collect();
    assert_eq!(
        compile_fails(&mut fixture, &text),
        "script::limit::functions | script defines more than 1000 functions | scripts/test.rhai:1001:1"
    );
}

#[test]
fn oversized_script_is_refused_before_compiling() {
    let mut fixture = Fixture::new();
    let text = format!("fn big() {{ 1 }}\n{}", "// padding\n".repeat(30_000));
    assert_eq!(
        compile_fails(&mut fixture, &text),
        "script::limit::script_size | script is 330015 bytes, more than the limit of 262144 bytes | scripts/test.rhai:1:1"
    );
    assert_eq!(fixture.sandbox.compilations(), 0);
}

/// Recursion 30 deep where every level nests `(1 + ` 14 times: within the call-depth and
/// expression-depth limits, yet a debug build needs about 3.5 MiB of native stack for it.
fn deep_and_nested() -> String {
    let nesting = 14;
    format!(
        "fn down(n) {{\n    if n > 30 {{ return 0; }}\n    {}down(n + 1){}\n}}\n",
        "(1 + ".repeat(nesting),
        ")".repeat(nesting)
    )
}

#[test]
fn deep_recursion_of_nested_expressions_hits_the_stack_limit() {
    let limits = ScriptLimits { max_stack_bytes: 64 * 1024, ..ScriptLimits::default() };
    let mut fixture = Fixture::with_limits(limits);
    let script = fixture.load("scripts/test.rhai", &deep_and_nested()).unwrap();
    let diagnostic = failure(fixture.sandbox.call(&script, "down", vec![0_i64.into()], None));
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::limit::stack | script `down` nested calls and expressions deeper than 64 KiB of stack | scripts/test.rhai:1:4"
    );
}

#[test]
fn deep_recursion_of_nested_expressions_never_overflows_a_test_thread() {
    // Test threads have 2 MiB of stack; before the stack limit this aborted the process in
    // a debug build. Release builds need less stack and may finish: both outcomes are fine.
    let mut fixture = Fixture::new();
    let script = fixture.load("scripts/test.rhai", &deep_and_nested()).unwrap();
    match fixture.sandbox.call(&script, "down", vec![0_i64.into()], None) {
        // 31 levels (n = 0..=30), each adding 14 ones around the recursive call.
        Ok(value) => assert_eq!(value.as_int(), Ok(31 * 14)),
        Err(diagnostic) => assert_eq!(diagnostic.code, "script::limit::stack"),
    }
}
