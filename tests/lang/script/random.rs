//! Seeded random scripts from a soup of Rhai tokens: whatever they are, compiling and calling
//! them ends in a value or a diagnostic, never a panic (which the sandbox would report as
//! `script::internal`) and never a hang.

use mythforge::script::ScriptLimits;
use proptest::prelude::*;

use super::support::Fixture;

const TOKENS: &[&str] = &[
    "fn",
    "f",
    "g",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "#{",
    "let",
    "const",
    "x",
    "y",
    "=",
    "+",
    "*",
    "/",
    "%",
    "-",
    "**",
    "1",
    "0",
    "-9223372036854775808",
    "2.5",
    "\"s\"",
    "'c'",
    ";",
    ",",
    ":",
    "if",
    "else",
    "while",
    "loop",
    "break",
    "continue",
    "return",
    "roll_die",
    "log",
    "print",
    "debug",
    ".",
    "len",
    "push",
    "pad",
    "..",
    "..=",
    "for",
    "in",
    "true",
    "!",
    "==",
    "<",
    "&&",
    "||",
    "??",
    "`${",
    "}`",
    "throw",
    "try",
    "catch",
    "switch",
    "=>",
    "_",
    "|x|",
    "Fn",
    "call",
    "curry",
    "this",
    "é",
    "—",
    "\n",
    "import",
    "eval",
    "sleep",
    "type_of",
    "is_def_fn",
];

fn script() -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(TOKENS), 0..40)
        .prop_map(|tokens| format!("fn f(x) {{\n{}\n}}\nfn g() {{ f(1) }}\n", tokens.join(" ")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, rng_seed: proptest::test_runner::RngSeed::Fixed(7), ..ProptestConfig::default() })]

    #[test]
    fn random_scripts_end_in_a_value_or_a_diagnostic(text in script()) {
        let limits = ScriptLimits {
            max_operations: 20_000,
            ..ScriptLimits::default()
        };
        let mut fixture = Fixture::with_limits(limits);
        if let Ok(script) = fixture.load("scripts/random.rhai", &text) {
            for name in ["f", "g"] {
                let arity = script.functions().iter().find(|f| f.name == name).map(|f| f.arity);
                let args = vec![1_i64.into(); arity.unwrap_or(0)];
                if let Err(diagnostic) = fixture.sandbox.call(&script, name, args, None) {
                    prop_assert_ne!(diagnostic.code.as_str(), "script::internal", "{}", text);
                }
            }
        }
    }
}
