//! Session lines: sizes, control characters, quoting, unknown names, numbers out of range,
//! and expressions too deep. A failed line changes nothing.

use crate::support::{fails_unchanged, playing};

fn line_fails(case: &str, line: &str) -> String {
    let mut session = playing();
    fails_unchanged(&mut session, case, line)
}

#[test]
fn a_one_megabyte_line_is_refused() {
    let line = format!("roll {}\n", "1".repeat(1 << 20));
    insta::assert_snapshot!(line_fails("1mb_line", &line), @"session::parse::line_too_long @ 1mb_line.session:1:1 +help");
}

#[test]
fn nul_bytes_in_a_command() {
    insta::assert_snapshot!(line_fails("nul_line", "roll 1d6\0\0\n"), @"dice::parse::unexpected @ nul_line.session:1:9 +help");
}

#[test]
fn escape_sequences_in_a_name_are_never_printed_raw() {
    let mut session = playing();
    let run = session.run_text(
        "esc",
        "actor \"Evil\u{1b}[2J\" with Defense 3, HP 5\nshow \"Evil\u{1b}[2J\"\n",
        None,
    );
    let text: String = run.steps.iter().map(mythforge::session::transcript::step_text).collect();
    assert!(!text.contains('\u{1b}'), "{text:?}");
    if let Some(diagnostics) = &run.failure {
        let rendered = mythforge::diagnostics::render_all(
            diagnostics,
            session.sources(),
            mythforge::diagnostics::RenderStyle::Plain,
        );
        assert!(!rendered.contains('\u{1b}'), "{rendered:?}");
    }
}

#[test]
fn control_characters_in_an_unknown_command_are_escaped_in_the_diagnostic() {
    let mut session = playing();
    let run = session.run_text("ctl", "\u{1b}]0;pwned\u{7}\n", None);
    let diagnostics = run.failure.expect("fails");
    let rendered = mythforge::diagnostics::render_all(
        &diagnostics,
        session.sources(),
        mythforge::diagnostics::RenderStyle::Plain,
    );
    assert!(!rendered.contains('\u{1b}') && !rendered.contains('\u{7}'), "{rendered:?}");
}

#[test]
fn an_unbalanced_quote() {
    insta::assert_snapshot!(line_fails("quote", "actor \"Half Name from Itzel\n"), @"session::parse::unexpected @ quote.session:1:7 +help");
}

#[test]
fn an_unknown_actor() {
    insta::assert_snapshot!(line_fails("unknown_actor", "check Nobody Aim vs 5\n"), @"engine::unknown_actor @ unknown_actor.session:1:1 +help");
}

#[test]
fn an_unknown_power() {
    insta::assert_snapshot!(line_fails("unknown_power", "Itzel uses Nothing Real on Enrique\n"), @"runtime::unknown @ unknown_power.session:1:1 +help");
}

#[test]
fn an_unknown_command() {
    insta::assert_snapshot!(line_fails("unknown_command", "frobnicate everything\n"), @"session::parse::unknown_command @ unknown_command.session:1:1 +help");
}

#[test]
fn a_modifier_that_would_overflow() {
    let line = "check Itzel Aim + 9223372036854775807 vs 5\n";
    insta::assert_snapshot!(line_fails("modifier_overflow", line), @"session::parse::number_out_of_range @ modifier_overflow.session:1:19 +help");
}

#[test]
fn two_large_modifiers() {
    let line = "check Itzel Aim + 999999999 + 999999999 vs 5\n";
    let mut session = playing();
    let run = session.run_text("two_large", line, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
}

#[test]
fn a_hex_off_the_map() {
    insta::assert_snapshot!(line_fails("hex_off_map", "place Itzel at 999999999,0\n"), @"session::parse::number_out_of_range @ hex_off_map.session:1:16 +help");
}

#[test]
fn an_inline_block_too_deep() {
    let text = format!("power Deep\nThreshold: [{}2]\n\n", "-".repeat(10_000));
    insta::assert_snapshot!(line_fails("inline_deep", &text), @"rules::parse::too_deep @ inline_deep.session:2:13 +help");
}

#[test]
fn a_check_with_ten_thousand_minus_signs() {
    let line = format!("check Itzel Aim + {}1 vs 5\n", "-".repeat(10_000));
    insta::assert_snapshot!(line_fails("check_minus", &line), @"session::parse::unexpected @ check_minus.session:1:19 +help");
}

#[cfg(unix)]
#[test]
fn loading_a_symlink_to_dev_zero() {
    let dir = crate::support::scratch("session_zero");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.rules")).unwrap();
    let line = format!("load \"{}\"\n", dir.join("zero.rules").display());
    insta::assert_snapshot!(line_fails("session_zero", &line), @"rules::load::outside_pack @ session_zero.session:1:1 +help");
}

#[test]
fn undo_with_nothing_to_undo() {
    let mut session = mythforge::session::Session::new(mythforge::runtime::Game::new(7), 7);
    let found = fails_unchanged(&mut session, "undo_empty", "undo\n");
    insta::assert_snapshot!(found, @"engine::nothing_to_undo @ undo_empty.session:1:1 +help");
}
