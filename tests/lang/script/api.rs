//! The host API: dice from the shared roller, captured output, compile-once, the function
//! registry, and the actor seam through a test double.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use mythforge::diagnostics::{SourceMap, Span};
use mythforge::dice::Roller;
use mythforge::script::{
    ActorHandle, Dynamic, HostError, OutputKind, Sandbox, ScriptHost, ScriptLibrary, ScriptLimits,
    ScriptOutput,
};

use super::support::{Fixture, failure};

fn ints(value: Dynamic) -> Vec<i64> {
    value.into_array().expect("an array").into_iter().map(|v| v.as_int().expect("int")).collect()
}

#[test]
fn roll_die_draws_the_same_faces_as_the_roller() {
    let mut fixture = Fixture::new();
    let text = "fn rolls(n) {\n    let faces = [];\n    for i in 0..n { faces.push(roll_die(10)); }\n    faces\n}\n";
    let script = fixture.load("scripts/dice.rhai", text).unwrap();
    let from_script =
        ints(fixture.sandbox.call(&script, "rolls", vec![12_i64.into()], None).unwrap());
    let mut direct = Roller::new(7);
    let from_roller: Vec<i64> = (0..12).map(|_| i64::from(direct.roll_die(10).unwrap())).collect();
    assert_eq!(from_script, from_roller);
    // The golden seed-7 stream of dice/roller.rs.
    assert_eq!(from_script, [2, 2, 2, 2, 3, 8, 1, 8, 1, 7, 9, 4]);
    // The script advanced the shared roller: the next face continues the same stream.
    assert_eq!(fixture.roller.borrow_mut().roll_die(10), direct.roll_die(10));
}

#[test]
fn roll_die_takes_forced_faces_first() {
    let mut fixture = Fixture::new();
    let script =
        fixture.load("scripts/dice.rhai", "fn two() { [roll_die(10), roll_die(10)] }").unwrap();
    fixture.roller.borrow_mut().force([8, 6]);
    assert_eq!(ints(fixture.sandbox.call(&script, "two", vec![], None).unwrap()), [8, 6]);
    fixture.roller.borrow_mut().force([11]);
    let diagnostic = failure(fixture.sandbox.call(&script, "two", vec![], None));
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::host | forced die 11 does not fit a d10 | scripts/dice.rhai:1:13"
    );
}

#[test]
fn roll_die_rejects_impossible_dice() {
    let mut fixture = Fixture::new();
    let diagnostic = failure(fixture.run("fn none() {\n    roll_die(0)\n}\n", "none"));
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::host | a die needs between 1 and 4294967295 sides, not 0 | scripts/test.rhai:2:5"
    );
}

#[test]
fn print_debug_and_log_go_to_the_host() {
    let mut fixture = Fixture::new();
    let text = "fn talk() {\n    print(\"p\");\n    debug(\"d\");\n    log(`l ${1 + 1}`);\n    log(3);\n}\n";
    assert!(fixture.run(text, "talk").unwrap().is_unit());
    let output = fixture.host.borrow_mut().take_output();
    let expected = [
        (OutputKind::Print, "p"),
        (OutputKind::Debug, "\"d\""),
        (OutputKind::Log, "l 2"),
        (OutputKind::Log, "3"),
    ]
    .map(|(kind, text)| ScriptOutput { kind, text: text.to_string() });
    assert_eq!(output, expected);
}

#[test]
fn top_level_statements_never_run() {
    let mut fixture = Fixture::new();
    assert_eq!(fixture.run("print(\"loaded\");\nfn one() { 1 }\n", "one").unwrap().as_int(), Ok(1));
    assert!(fixture.host.borrow().output().is_empty());
}

#[test]
fn a_script_is_compiled_once_and_called_many_times() {
    let mut fixture = Fixture::new();
    let script = fixture.load("scripts/bonus.rhai", "fn bonus(grade) { grade * 2 + 1 }").unwrap();
    let total: i64 = (0..1_000_i64)
        .map(|grade| {
            fixture
                .sandbox
                .call(&script, "bonus", vec![grade.into()], None)
                .unwrap()
                .as_int()
                .unwrap()
        })
        .sum();
    assert_eq!(total, (0..1_000).map(|g| g * 2 + 1).sum::<i64>());
    assert_eq!(fixture.sandbox.compilations(), 1);
}

#[test]
fn each_call_gets_a_fresh_budget() {
    let mut fixture =
        Fixture::with_limits(ScriptLimits { max_operations: 10_000, ..ScriptLimits::default() });
    let script = fixture
        .load("scripts/loop.rhai", "fn count(n) { let i = 0; while i < n { i += 1; } i }")
        .unwrap();
    let call = |n: i64| fixture.sandbox.call(&script, "count", vec![n.into()], None);
    assert!(call(100_000).is_err());
    // 1,000 iterations fit; they would not if the failed call's operations were still counted.
    for _ in 0..5 {
        assert_eq!(call(1_000).unwrap().as_int(), Ok(1_000));
    }
}

#[test]
fn the_registry_lists_public_functions_with_their_arity() {
    let mut fixture = Fixture::new();
    let text =
        "fn jolt(actor) { 1 }\nfn knockback(target, grade) { grade }\nprivate fn helper() { 0 }\n";
    let script = fixture.load("scripts/pack.rhai", text).unwrap();
    let listed: Vec<(&str, usize)> =
        script.functions().iter().map(|f| (f.name.as_str(), f.arity)).collect();
    assert_eq!(listed, [("jolt", 1), ("knockback", 2)]);
    let mut library = ScriptLibrary::new();
    library.add(script).unwrap();
    assert!(library.function("knockback", 2).is_some());
    assert!(library.function("knockback", 1).is_none());
    assert!(library.function("helper", 0).is_none());
    assert_eq!(library.script_for("jolt", 1).map(|s| s.file()), Some(library.scripts()[0].file()));
}

#[test]
fn calling_a_missing_function_suggests_a_close_name() {
    let mut fixture = Fixture::new();
    let rules = fixture.add("rules/pack.rules", "Result: script knockbak(target, Grade)\n");
    let script =
        fixture.load("scripts/pack.rhai", "fn knockback(target, grade) { grade }").unwrap();
    let args = vec![Dynamic::UNIT, 2_i64.into()];
    let diagnostic =
        failure(fixture.sandbox.call(&script, "knockbak", args, Some(Span::new(rules, 15..23))));
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::unknown_function | no script function `knockbak` taking 2 arguments | rules/pack.rules:1:16"
    );
    assert_eq!(diagnostic.help.as_deref(), Some("did you mean `knockback`?"));
}

#[test]
fn a_function_defined_in_two_files_is_an_error() {
    let mut fixture = Fixture::new();
    let first = fixture.load("scripts/a.rhai", "fn jolt(actor) { 1 }").unwrap();
    let second = fixture.load("scripts/b.rhai", "// again\nfn  jolt (x) { 2 }").unwrap();
    let mut library = ScriptLibrary::new();
    library.add(first).unwrap();
    let diagnostic = library.add(second).unwrap_err();
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::duplicate_function | script function `jolt` with 1 argument is defined in two files | scripts/b.rhai:2:5"
    );
    assert_eq!(fixture.sources.line_col(diagnostic.labels[1].span).map(|p| p.column), Some(4));
}

#[test]
fn undeclared_variables_are_compile_errors() {
    let mut fixture = Fixture::new();
    let diagnostic =
        fixture.load("scripts/typo.rhai", "fn bonus(grade) {\n    Grade * 2\n}\n").unwrap_err();
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::unknown_variable | unknown variable `Grade` | scripts/typo.rhai:2:5"
    );
}

#[test]
fn actor_functions_are_unavailable_without_an_engine() {
    let mut fixture = Fixture::new();
    let script = fixture
        .load("scripts/actor.rhai", "fn might(actor) {\n    actor.stat(\"Might\")\n}\n")
        .unwrap();
    let diagnostic =
        failure(fixture.sandbox.call(&script, "might", vec![Dynamic::from(ActorHandle(1))], None));
    assert_eq!(
        fixture.summary(&diagnostic),
        "script::host | `stat` is not available here | scripts/actor.rhai:2:11"
    );
}

/// A stand-in for the engine: stats and a damage log in maps.
struct TableHost {
    roller: Roller,
    stats: BTreeMap<(u32, String), i64>,
    damage: Vec<(u32, i64, String)>,
    output: Vec<ScriptOutput>,
}

impl ScriptHost for TableHost {
    fn roll_die(&mut self, sides: u32) -> Result<u32, HostError> {
        Ok(self.roller.roll_die(sides)?)
    }

    fn log(&mut self, output: ScriptOutput) {
        self.output.push(output);
    }

    fn stat(&self, actor: ActorHandle, stat: &str) -> Result<i64, HostError> {
        self.stats
            .get(&(actor.0, stat.to_string()))
            .copied()
            .ok_or_else(|| HostError::Rejected(format!("unknown stat `{stat}`")))
    }

    fn set_stat(&mut self, actor: ActorHandle, stat: &str, value: i64) -> Result<(), HostError> {
        self.stats.insert((actor.0, stat.to_string()), value);
        Ok(())
    }

    fn deal_damage(
        &mut self,
        actor: ActorHandle,
        amount: i64,
        kind: &str,
    ) -> Result<i64, HostError> {
        self.damage.push((actor.0, amount, kind.to_string()));
        Ok(amount)
    }

    fn decide(&mut self, _question: &str, options: &[String]) -> Result<usize, HostError> {
        Ok(options.len() - 1)
    }
}

#[test]
fn actor_handles_reach_the_host() {
    let host = Rc::new(RefCell::new(TableHost {
        roller: Roller::new(1),
        stats: BTreeMap::from([((1, "Might".to_string()), 3)]),
        damage: Vec::new(),
        output: Vec::new(),
    }));
    let sandbox = Sandbox::new(ScriptLimits::default(), host.clone());
    let mut sources = SourceMap::new();
    let text = "fn jolt(actor, target) {\n    actor.set_stat(\"Might\", actor.stat(\"Might\") + 1);\n    let choice = decide(\"push or pull?\", [\"push\", \"pull\"]);\n    log(`${actor} picks ${choice}`);\n    target.damage(actor.stat(\"Might\"), \"fire\")\n}\n";
    let file = sources.add("scripts/jolt.rhai", text);
    let script = sandbox.compile(&sources, file).unwrap();
    let args = vec![Dynamic::from(ActorHandle(1)), Dynamic::from(ActorHandle(2))];
    let taken = sandbox.call(&script, "jolt", args, None).unwrap();
    assert_eq!(taken.as_int(), Ok(4));
    let host = host.borrow();
    assert_eq!(host.stats[&(1, "Might".to_string())], 4);
    assert_eq!(host.damage, [(2, 4, "fire".to_string())]);
    assert_eq!(host.output[0].text, "actor#1 picks 1");
}
