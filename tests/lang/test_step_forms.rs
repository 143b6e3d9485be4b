//! A test in steps, in the language: a chunk's judgement line with effects after its change
//! (`...; when [Chunk == Rating]: do Practise at most once per test`), and a check block's
//! named outcomes of a kind of test (`Outcomes Contest: ...`). They print canonically, and
//! `check` refuses `at most once per test` where no test is open, outcomes that overlap or
//! never hold, and outcome tests reading what a settled test does not give.

use mythforge::diagnostics::SourceMap;
use mythforge::model::Pack;

const FORMS: &str = "system Steps
Stats: Might, Grace
Resource Effort: max 9
Resource Might Practice: start 0; no max
Resource Grace Practice: start 0; no max
Effects Practise: gain 1 Stat Practice
At 3 Might Practice: raise Might by 1; set Might Practice to 0
Default check: Pool

check Pool
Method: successes
Dice: [Rating]d6
Success: >= 4
Chunk: Effort, at most [Rating]
Chunk all successes: Clean, gain 1 successes; when [Chunk == Rating]: do Practise at most once per test
Outcomes Contest: Prevails if [Margin > 0], Stalemate if [Margin <= 0]
";

fn parse(text: &str) -> Pack {
    let mut sources = SourceMap::new();
    let (file, diagnostics) = mythforge::parse::parse_source(&mut sources, "steps.rules", text);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
    Pack { files: vec![file] }
}

/// `(code, message, the text under the primary label)` of every diagnostic `check` gives.
fn check(text: &str) -> Vec<(String, String, String)> {
    let found = crate::common::checked::checked("steps.rules", text);
    found.into_iter().map(|(code, message, under, _)| (code, message, under)).collect()
}

#[test]
fn the_forms_print_canonically_and_check_clean() {
    let pack = parse(FORMS);
    assert_eq!(mythforge::model::format_file(&pack.files[0]), FORMS);
    let messy = FORMS.replace("Prevails if [Margin > 0]", "Prevails if [Margin>0]");
    assert_eq!(mythforge::model::format_file(&parse(&messy).files[0]), FORMS);
    assert_eq!(check(FORMS), []);
}

#[test]
fn once_per_test_is_refused_on_a_line_that_never_runs_in_a_test() {
    let text =
        format!("{FORMS}\npower Drill\nTarget: Self\nResult: do Practise at most once per test\n");
    assert_eq!(
        check(&text),
        [(
            "rules::check::once_per_test".to_string(),
            "`at most once per test` on a line that never runs inside an open test".to_string(),
            "Practise".to_string()
        )]
    );
}

#[test]
fn the_tested_stat_must_name_a_resource_once_bound() {
    let text = FORMS.replace("gain 1 Stat Practice", "gain 1 Stat Drill");
    let found = check(&text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "rules::check::unknown_resource");
    assert_eq!(found[0].1, "unknown resource `Might Drill`");
}

#[test]
fn outcomes_that_overlap_or_never_hold_or_read_other_names_are_refused() {
    let overlap = FORMS.replace("Stalemate if [Margin <= 0]", "Stalemate if [Margin >= 0]");
    assert_eq!(
        check(&overlap),
        [(
            "rules::check::outcome_overlap".to_string(),
            "outcomes `Prevails` and `Stalemate` of `Contest` both hold at 1 success of 0 needed"
                .to_string(),
            "Margin >= 0".to_string()
        )]
    );
    let never = FORMS.replace(
        "Stalemate if [Margin <= 0]",
        "Stalemate if [Margin <= 0], Rout if [Successes < 0]",
    );
    assert_eq!(
        check(&never),
        [(
            "rules::check::outcome_unreachable".to_string(),
            "outcome `Rout` of `Contest` never holds (0 to 24 successes, 0 to 12 needed)"
                .to_string(),
            "Successes < 0".to_string()
        )]
    );
    let other = FORMS.replace("Prevails if [Margin > 0]", "Prevails if [Might > 0]");
    let found = check(&other);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "rules::check::outcome_test");
    assert!(
        found[0]
            .1
            .starts_with("the test of outcome `Prevails` reads what a settled test does not give"),
        "{found:#?}"
    );
    assert_eq!(found[0].2, "Might > 0");
}

#[test]
fn a_kind_of_test_declared_twice_is_refused_at_the_second() {
    let text = format!("{FORMS}Outcomes contest: Win if [Margin >= 0], Loss if [Margin < 0]\n");
    let found = check(&text);
    assert_eq!(found.len(), 1, "{found:#?}");
    assert_eq!(found[0].0, "rules::check::outcome_kind_twice");
    assert_eq!(found[0].1, "the kind of test `contest` is declared twice");
    assert_eq!(found[0].2, "Outcomes contest");
}
