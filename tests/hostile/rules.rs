//! Rule files: sizes, nesting, includes, encodings, special files and check misses. Each
//! pack is written to a scratch folder and loaded from disk, as `mythforge check` does.

use std::path::PathBuf;

use mythforge::diagnostics::SourceMap;
use mythforge::runtime::Game;

use crate::support::{first_error, scratch};

const SYSTEM: &str = "system Tiny\nStats: Might, Speed\nResource HP: max 10\n\n";

/// Writes `files` into a scratch folder, loads `target` (a file or the folder itself when
/// empty) and returns the first error's snapshot.
fn load(case: &str, files: &[(&str, &[u8])], target: &str) -> String {
    let dir = scratch(case);
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    let path: PathBuf = if target.is_empty() { dir.clone() } else { dir.join(target) };
    loaded(&path)
}

/// Parses and checks the pack at `path` as `Game::load` does, returning the first error's
/// snapshot; the game must refuse exactly the packs that have an error.
fn loaded(path: &std::path::Path) -> String {
    let mut sources = SourceMap::new();
    let (pack, mut diagnostics) = mythforge::parse::load_pack(&[path.to_path_buf()], &mut sources);
    diagnostics.extend(mythforge::check::check_pack(&pack));
    let found = first_error(&diagnostics, &sources);
    let refused = Game::new(1).load(&[path.to_path_buf()]).is_err();
    assert_eq!(refused, found != "clean", "{found}");
    found
}

fn one(case: &str, text: &str) -> String {
    load(case, &[("pack.rules", text.as_bytes())], "pack.rules")
}

fn threshold(expression: &str) -> String {
    format!("{SYSTEM}power Probe\nThreshold: [{expression}]\n")
}

#[test]
fn a_ten_megabyte_line_is_refused_before_parsing() {
    let text = format!("{SYSTEM}power P\nResult: {}\n", "x".repeat(10 << 20));
    insta::assert_snapshot!(one("10mb_line", &text), @"rules::load::unreadable @ - +help");
}

#[test]
fn a_file_just_over_the_limit_is_refused() {
    let text = format!("{SYSTEM}# {}\n", "x".repeat(1 << 20));
    insta::assert_snapshot!(one("over_limit", &text), @"rules::load::unreadable @ - +help");
}

#[test]
fn deep_parentheses_are_refused() {
    let text = threshold(&format!("{}Might{}", "(".repeat(10_000), ")".repeat(10_000)));
    insta::assert_snapshot!(one("deep_parens", &text), @"rules::parse::too_deep @ pack.rules:6:13 +help");
}

#[test]
fn ten_thousand_minus_signs_are_refused_not_a_stack_overflow() {
    let text = threshold(&format!("{}Might", "-".repeat(10_000)));
    insta::assert_snapshot!(one("minus_chain", &text), @"rules::parse::too_deep @ pack.rules:6:13 +help");
}

#[test]
fn spaced_minus_signs_are_refused() {
    let text = threshold(&format!("{}Might", "- ".repeat(5_000)));
    insta::assert_snapshot!(one("minus_spaced", &text), @"rules::parse::too_deep @ pack.rules:6:13 +help");
}

#[test]
fn a_twenty_thousand_term_sum_is_refused_not_a_stack_overflow() {
    let text = threshold(&vec!["Might"; 20_000].join(" + "));
    insta::assert_snapshot!(one("sum_chain", &text), @"rules::parse::too_deep @ pack.rules:6:13 +help");
}

#[test]
fn a_long_product_is_refused() {
    let text = threshold(&vec!["2"; 5_000].join("*"));
    insta::assert_snapshot!(one("product_chain", &text), @"rules::parse::too_deep @ pack.rules:6:13 +help");
}

#[test]
fn an_unclosed_bracket_is_located() {
    let text = format!("{SYSTEM}power P\nThreshold: [Might + \n");
    insta::assert_snapshot!(one("unclosed", &text), @"rules::parse::expression @ pack.rules:6:12 +help");
}

#[test]
fn an_include_cycle_is_reported() {
    let a = b"include \"b.rules\"\nsystem Tiny\nStats: Might\n";
    let b = b"include \"a.rules\"\npower P\nThreshold: 5\n";
    insta::assert_snapshot!(load("include_cycle", &[("a.rules", a), ("b.rules", b)], "a.rules"), @"rules::check::include_cycle @ b.rules:1:1 +help");
}

#[test]
fn a_file_including_itself_is_a_cycle() {
    let text = format!("include \"pack.rules\"\n{SYSTEM}");
    insta::assert_snapshot!(one("include_self", &text), @"rules::check::include_cycle @ pack.rules:1:1 +help");
}

#[test]
fn an_include_outside_the_pack_is_refused() {
    let text = format!("include \"../outside.rules\"\n{SYSTEM}");
    let dir = scratch("include_outside");
    std::fs::write(dir.parent().unwrap().join("outside.rules"), SYSTEM).unwrap();
    std::fs::write(dir.join("pack.rules"), text).unwrap();
    insta::assert_snapshot!(loaded(&dir.join("pack.rules")), @"rules::load::include_outside_pack @ pack.rules:1:9 +help");
}

#[test]
fn binary_noise_is_a_located_parse_error() {
    let noise: Vec<u8> =
        (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8 & 0x7f).collect();
    insta::assert_snapshot!(load("binary", &[("pack.rules", &noise)], "pack.rules"), @"rules::parse::unexpected @ pack.rules:1:1 +help");
}

#[test]
fn nul_bytes_are_a_located_parse_error() {
    let text = format!("{SYSTEM}power P\0\0\nResult: gain 5 HP\n");
    insta::assert_snapshot!(one("nul", &text), @"clean");
}

#[test]
fn invalid_utf8_points_at_its_line_and_column() {
    let mut bytes = format!("{SYSTEM}power P\nThreshold: 5 ").into_bytes();
    bytes.extend([0xff, 0xfe, b'\n']);
    insta::assert_snapshot!(load("invalid_utf8", &[("pack.rules", &bytes)], "pack.rules"), @"rules::load::not_utf8 @ pack.rules:6:14 +help");
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let text = format!("\u{feff}{SYSTEM}power P\nResult: gain 5 HP\n");
    insta::assert_snapshot!(one("bom", &text), @"clean");
}

#[test]
fn crlf_line_ends_are_read_like_lf() {
    let text = format!("{SYSTEM}power P\nResult: gain [Might + 2] HP\n").replace('\n', "\r\n");
    insta::assert_snapshot!(one("crlf", &text), @"clean");
}

#[test]
fn an_error_after_crlf_lines_is_located_on_its_line() {
    let text = format!("{SYSTEM}power P\nThreshold: [Might +]\n").replace('\n', "\r\n");
    insta::assert_snapshot!(one("crlf_error", &text), @"rules::parse::expression @ pack.rules:6:20 +help");
}

#[test]
fn cyclic_derived_values_are_refused_by_check() {
    let text = "system Tiny\nStats: Might\nDerived Guard: [Ward + 1]\nDerived Ward: [Guard + 1]\n";
    insta::assert_snapshot!(one("derived_cycle", text), @"rules::check::derived_cycle @ pack.rules:3:9 +help");
}

#[test]
fn a_derived_value_reading_itself_is_refused() {
    let text = "system Tiny\nStats: Might\nDerived Guard: [Guard + Might]\n";
    insta::assert_snapshot!(one("derived_self", text), @"rules::check::derived_cycle @ pack.rules:3:9 +help");
}

#[test]
fn a_condition_that_includes_itself_is_refused() {
    let text = format!("{SYSTEM}condition Dazed\nIncludes: Dazed\n");
    insta::assert_snapshot!(one("condition_self", &text), @"rules::check::condition_cycle @ pack.rules:5:11 +help");
}

#[test]
fn a_huge_number_literal_is_located() {
    let text = threshold("99999999999999999999999 + Might");
    insta::assert_snapshot!(one("huge_literal", &text), @"rules::parse::number_too_large @ pack.rules:6:13 +help");
}

#[test]
fn one_hundred_thousand_duplicate_blocks_stay_fast_and_capped() {
    let text = format!("{SYSTEM}{}", "power P\n".repeat(100_000));
    let started = std::time::Instant::now();
    insta::assert_snapshot!(one("dup_blocks", &text), @"rules::check::duplicate @ pack.rules:6:7 +help");
    // Linear work: a quadratic pass over 100k blocks would take hours, not seconds (the bound
    // is loose for debug builds on a loaded machine).
    assert!(started.elapsed().as_secs() < 120, "took {:?}", started.elapsed());
}

#[test]
fn twenty_thousand_bad_lines_stay_fast_and_capped() {
    let text = format!("{SYSTEM}power P\n{}", "Nonsense line here\n".repeat(20_000));
    let started = std::time::Instant::now();
    insta::assert_snapshot!(one("bad_lines", &text), @"rules::parse::unexpected @ pack.rules:6:1 +help");
    // Linear work: a quadratic pass over 100k blocks would take hours, not seconds (the bound
    // is loose for debug builds on a loaded machine).
    assert!(started.elapsed().as_secs() < 120, "took {:?}", started.elapsed());
}

#[test]
fn a_folder_named_like_a_rule_file_is_refused() {
    let dir = scratch("dir_rules");
    std::fs::create_dir_all(dir.join("sub.rules")).unwrap();
    insta::assert_snapshot!(loaded(&dir.join("sub.rules")), @"clean");
}

#[test]
fn an_empty_file_is_clean() {
    insta::assert_snapshot!(one("empty", ""), @"clean");
}

#[cfg(unix)]
#[test]
fn a_symlink_to_dev_zero_is_refused_not_read_forever() {
    let dir = scratch("dev_zero");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.rules")).unwrap();
    insta::assert_snapshot!(loaded(&dir.join("zero.rules")), @"rules::load::outside_pack @ - +help");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_blocking() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.rules");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    insta::assert_snapshot!(loaded(&dir), @"rules::load::unreadable @ - +help");
}

#[cfg(unix)]
#[test]
fn a_rule_file_symlinked_out_of_the_pack_is_refused_unread() {
    let dir = scratch("symlink_out");
    let secret = dir.parent().unwrap().join("secret.rules");
    std::fs::write(&secret, "power Secret Line\nThreshold: 5\n").unwrap();
    std::fs::create_dir_all(dir.join("pack")).unwrap();
    std::fs::write(dir.join("pack/system.rules"), SYSTEM).unwrap();
    std::os::unix::fs::symlink(&secret, dir.join("pack/leak.rules")).unwrap();
    insta::assert_snapshot!(loaded(&dir.join("pack")), @"rules::load::outside_pack @ - +help");
}

#[cfg(unix)]
#[test]
fn a_folder_symlink_loop_is_walked_once() {
    let dir = scratch("dir_loop");
    std::fs::write(dir.join("system.rules"), SYSTEM).unwrap();
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::os::unix::fs::symlink(&dir, dir.join("sub/loop")).unwrap();
    insta::assert_snapshot!(loaded(&dir), @"clean");
}
