//! Rhai is built with `no_float`: float results come from the platform's libm and could
//! differ between machines, so a float literal or a float function gets a clear diagnostic
//! instead; whole-number arithmetic (what dice games need) is unchanged.

use super::support::Fixture;

const HELP: &str = "mythforge runs Rhai without floating point, so every platform gives the \
                    same results; use whole numbers (scale up by 10 or 100 and divide last)";

#[test]
fn a_float_literal_is_a_compile_error_at_the_literal() {
    let mut fx = Fixture::new();
    for (text, at) in [("fn f() { let x = 2.5; x }", "1:20"), ("fn f() { 1e3 }", "1:11")] {
        let diagnostic = fx.load("scripts/f.rhai", text).unwrap_err();
        assert_eq!(
            fx.summary(&diagnostic),
            format!("script::float | scripts have no floating-point numbers | scripts/f.rhai:{at}")
        );
        assert_eq!(diagnostic.help.as_deref(), Some(HELP));
    }
}

#[test]
fn a_float_function_is_unknown_with_the_reason() {
    let mut fx = Fixture::new();
    for name in ["sin", "sqrt", "to_float"] {
        let diagnostic = fx.run(&format!("fn f() {{ {name}(1) }}"), "f").unwrap_err();
        assert_eq!(
            fx.summary(&diagnostic),
            format!(
                "script::unknown_function | unknown function `{name} (i64)` | scripts/test.rhai:1:10"
            )
        );
        assert_eq!(
            diagnostic.help,
            Some(format!("`{name}` works on floating-point numbers: {HELP}"))
        );
    }
}

#[test]
fn whole_number_arithmetic_is_unchanged() {
    let mut fx = Fixture::new();
    let value = fx.run("fn f() { 10 / 4 * 100 + 2 ** 3 + 7 % 3 - 10 / -4 }", "f").unwrap();
    assert_eq!(value.as_int(), Ok(200 + 8 + 1 + 2));
}
