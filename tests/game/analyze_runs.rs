//! Exact exploration's runs share one record of choices, one path buffer and one reading,
//! and take a power use back without rebuilding the dice stream unless faces were forced:
//! forced faces before a power use are used by every run alike (the command is taken back
//! with its dice), and two uses in a row, merged between them, give the convolution of one.

use mythforge::analyze::{Options, analyze};
use mythforge::dice::{DiceExpr, distribution};

const DUEL: &str = "load duel\nactor Ana from Fighter\nactor Bo from Fighter\n";
const STRIKE: &str = "Ana uses Strike on Bo with weapon Longsword";

fn ask(question: &str) -> mythforge::analyze::Report {
    analyze(&super::analyze::scenario(DUEL, question, 1), &Options::default())
        .unwrap_or_else(|refused| panic!("{:?}", refused.diagnostics))
}

fn law(name: &str, report: &mythforge::analyze::Report) -> Vec<(i64, f64)> {
    let measure = report.measure(name).unwrap_or_else(|| panic!("no measure {name}"));
    measure.outcomes.iter().map(|o| (o.value, o.p)).collect()
}

fn assert_same_law(got: &[(i64, f64)], want: &[(i64, f64)]) {
    assert_eq!(got.len(), want.len(), "{got:?} against {want:?}");
    for ((value, p), (expected, q)) in got.iter().zip(want) {
        assert_eq!(value, expected);
        assert!((p - q).abs() < 1e-12, "P({value}) = {p}, expected {q}");
    }
}

#[test]
fn a_forced_face_is_used_by_every_run_of_the_next_power_use() {
    // 19 is in the Longsword's crit range: every run is a critical, 1d8 + 3 + 1d8.
    let report = ask(&format!("force 19\n{STRIKE}"));
    assert!(report.exact);
    assert_eq!(report.runs, 65, "the force, then 64 ways of the two d8");
    assert_same_law(&law("Ana's check", &report), &[(2, 1.0)]);
    let critical = distribution(&DiceExpr::parse("2d8+3").unwrap()).unwrap();
    assert_same_law(&law("damage to Bo", &report), &critical.outcomes);
}

#[test]
fn two_uses_in_a_row_add_up_as_two_independent_strikes() {
    let once = ask(STRIKE);
    let twice = ask(&format!("{STRIKE}\n{STRIKE}"));
    assert!(once.exact && twice.exact);
    let one = law("damage to Bo", &once);
    let mut sum = std::collections::BTreeMap::new();
    for (a, p) in &one {
        for (b, q) in &one {
            *sum.entry(a + b).or_insert(0.0) += p * q;
        }
    }
    let want: Vec<(i64, f64)> = sum.into_iter().collect();
    assert_same_law(&law("damage to Bo in all", &twice), &want);
}
