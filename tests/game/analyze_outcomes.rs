//! An analysis explores a power's check one outcome at a time where the power reads nothing
//! else of the roll: a pool's sorted faces grouped by the grade and count they give against
//! every target, a roll plus modifier's faces by success and critical. A power whose lines
//! read the roll (`Margin`), or one roll read against two targets' numbers, is explored face
//! by face. Either way the answer is the exact law, checked here within 1e-12 against the
//! binomial and uniform laws. The pack: tests/fixtures/analyze/rules/outcomes.

use mythforge::analyze::{Options, Report, analyze};

const SETUP: &str = "load outcomes\nactor Ana from Archer\nactor Bo from Archer\n\
                     actor Cy from Archer with AC 17, Defense 6\nside Bo, Cy: foes\n";

fn ask(question: &str) -> Report {
    let scenario = super::analyze::scenario(SETUP, question, 1);
    let report = analyze(&scenario, &Options::default())
        .unwrap_or_else(|refused| panic!("{:?}", refused.diagnostics));
    assert!(report.exact);
    report
}

/// Asserts that `measure` of `report` has exactly the outcomes of `want`, within 1e-12.
fn assert_law(report: &Report, measure: &str, want: &[(i64, f64)]) {
    let measure = report.measure(measure).unwrap_or_else(|| panic!("no measure {measure}"));
    let got: Vec<(i64, f64)> = measure.outcomes.iter().map(|o| (o.value, o.p)).collect();
    assert_eq!(got.len(), want.len(), "{got:?} against {want:?}");
    for ((value, p), (expected, q)) in got.iter().zip(want) {
        assert_eq!(value, expected, "{got:?} against {want:?}");
        assert!((p - q).abs() < 1e-12, "P({value}) = {p}, expected {q}");
    }
}

/// C(3, k) p^k (1 - p)^(3 - k), for k = 0..=3.
fn binomial_of_three(p: f64) -> Vec<(i64, f64)> {
    let ways = [1.0, 3.0, 3.0, 1.0];
    (0..=3).map(|k| (i64::from(k), ways[k as usize] * p.powi(k) * (1.0 - p).powi(3 - k))).collect()
}

#[test]
fn a_strike_that_reads_success_and_critical_explores_three_outcomes_of_the_d20() {
    let report = ask("Ana uses Strike on Bo");
    // d20 + 5 against AC 15: a natural 10 hits, 19 and 20 are criticals (6 + 4 damage).
    assert_eq!((report.runs, report.leaves), (3, Some(3)));
    assert_law(&report, "damage to Bo", &[(0, 9.0 / 20.0), (6, 9.0 / 20.0), (10, 2.0 / 20.0)]);
}

#[test]
fn one_roll_read_against_two_targets_numbers_explores_every_face() {
    // Bo's AC 15 and Cy's 17 read the one d20 differently: the natural die itself decides.
    let report = ask("Ana uses Strike on Bo, Cy");
    assert_eq!(report.runs, 20);
    assert_law(&report, "damage to Bo", &[(0, 9.0 / 20.0), (6, 9.0 / 20.0), (10, 2.0 / 20.0)]);
    assert_law(&report, "damage to Cy", &[(0, 11.0 / 20.0), (6, 7.0 / 20.0), (10, 2.0 / 20.0)]);
}

#[test]
fn a_strike_that_reads_its_margin_explores_every_face() {
    let report = ask("Ana uses Measured Strike on Bo");
    assert_eq!(report.runs, 20);
    // A hit deals its margin, 0 to 10 (natural 10 to 20); a miss deals nothing.
    let mut want = vec![(0, 10.0 / 20.0)];
    want.extend((1..=10).map(|margin| (margin, 1.0 / 20.0)));
    assert_law(&report, "damage to Bo", &want);
}

#[test]
fn the_better_of_two_d20_explores_three_outcomes_of_its_pair() {
    let report = ask("Ana uses Lucky Strike on Bo");
    assert_eq!(report.runs, 3);
    // The better die is 10 or more unless both are below: 1 - (9/20)^2; 20 unless both
    // are below: 1 - (19/20)^2.
    let (hit, critical) = (1.0 - 0.45f64.powi(2), 1.0 - 0.95f64.powi(2));
    assert_law(&report, "damage to Bo", &[(0, 1.0 - hit), (6, hit - critical), (10, critical)]);
}

#[test]
fn a_check_the_target_rolls_explores_three_outcomes_too() {
    let report = ask("Ana uses Dodge This on Bo");
    assert_eq!(report.runs, 3);
    assert_law(&report, "Bo's check", &[(0, 9.0 / 20.0), (1, 9.0 / 20.0), (2, 2.0 / 20.0)]);
}

#[test]
fn a_pool_read_against_two_thresholds_explores_each_way_of_grading_both() {
    let report = ask("Ana uses Volley Fire on Bo, Cy");
    // 3d6 counted against Defense 4 (1/2 a die) and 6 (1/6 a die): a 6 counts for both, a 4
    // or 5 for Bo alone, so the 56 sorted pools grade in 10 ways (sixes + fours or fives
    // <= 3).
    assert_eq!(report.runs, 10);
    assert_law(&report, "damage to Bo", &binomial_of_three(1.0 / 2.0));
    assert_law(&report, "damage to Cy", &binomial_of_three(1.0 / 6.0));
}
