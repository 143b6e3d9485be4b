//! An analysis explores a power's check one outcome at a time where the power reads nothing
//! else of the roll: a pool's sorted faces grouped by the grade and count they give against
//! every target, a roll plus modifier's faces by success and critical. A power whose lines
//! read the roll (`Margin`, `Natural`, `Total`) is explored face by face. Either way the
//! answer is the exact law, checked here against the binomial and uniform laws.

use crate::common::sessions::{run, session_with};

const PACK: &str = "system Outcomes
Stats: Attack, AC, Defense
Resource HP: max 40
Default check: Attack Roll

check Attack Roll
Method: total
Dice: d20
Success: >= [Threshold]
Critical: natural in 19-20

check Volley
Method: pool
Dice: 3d6
Success: >= [Threshold]

power Strike
Target: Enemy in 1
Threshold: Target's AC
Check: [Attack]
Result: 6 damage
Result Critical: 4 damage

power Measured Strike
Target: Enemy in 1
Threshold: Target's AC
Check: [Attack]
Result: [Margin] damage

power Volley Fire
Target: Up to 2 enemies in 10
Threshold: Target's Defense
Check: [0] using Volley
Result: [Grade] damage

actor Archer
Stats: Attack 5, AC 15, Defense 4
Resources: HP 40
Powers: Strike, Measured Strike, Volley Fire
";

const SETUP: &str = "actor Ana from Archer\nactor Bo from Archer\n\
                     actor Cy from Archer with Defense 6\nside Bo, Cy: foes\n";

/// The analysis `question` prints, after the setup.
fn analyse(question: &str) -> String {
    let mut session = session_with("outcomes.rules", PACK, SETUP);
    run(&mut session, &format!("analyze {question}\n"))
}

/// The rows under `measure`: each value and its probability as printed.
fn rows(out: &str, measure: &str) -> Vec<(i64, String)> {
    let from = out.find(&format!("  {measure}  ")).unwrap_or_else(|| panic!("{measure}: {out}"));
    out[from..]
        .lines()
        .skip(1)
        .take_while(|row| row.starts_with("      "))
        .map(|row| {
            let cells: Vec<&str> = row.split_whitespace().collect();
            let value = cells[0].parse().expect("a value");
            let p = cells.iter().find(|cell| cell.ends_with('%')).expect("a probability");
            (value, p.to_string())
        })
        .collect()
}

/// `p` as the report prints it.
fn percent(p: f64) -> String {
    format!("{:.4}%", p * 100.0)
}

#[test]
fn a_strike_that_reads_success_and_critical_explores_three_outcomes_of_the_d20() {
    let out = analyse("Ana uses Strike on Bo");
    // d20 + 5 against AC 15: a natural 10 hits, 19 and 20 are criticals.
    assert!(out.contains("exact (3 runs, 3 leaves)"), "{out}");
    let want = [(0, percent(9.0 / 20.0)), (6, percent(9.0 / 20.0)), (10, percent(2.0 / 20.0))];
    assert_eq!(rows(&out, "damage to Bo"), want);
}

#[test]
fn a_strike_that_reads_its_margin_explores_every_face() {
    let out = analyse("Ana uses Measured Strike on Bo");
    assert!(out.contains("exact (20 runs, 20 leaves)"), "{out}");
    // A hit deals its margin, 0 to 10 (natural 10 to 20); a miss deals nothing.
    let mut want = vec![(0, percent(10.0 / 20.0))];
    want.extend((1..=10).map(|margin| (margin, percent(1.0 / 20.0))));
    assert_eq!(rows(&out, "damage to Bo"), want);
}

#[test]
fn a_pool_read_against_two_thresholds_explores_each_way_of_grading_both() {
    let out = analyse("Ana uses Volley Fire on Bo, Cy");
    // 3d6 counted against Defense 4 (1/2 a die) and 6 (1/6 a die): a die of 6 counts for
    // both, 4 or 5 for Bo alone, so the 56 sorted pools grade in 10 ways
    // (sixes + fours-or-fives <= 3).
    assert!(out.contains("exact (10 runs, 10 leaves)"), "{out}");
    let binomial = |k: i32, p: f64| -> f64 {
        let ways = [1.0, 3.0, 3.0, 1.0][k as usize];
        ways * p.powi(k) * (1.0 - p).powi(3 - k)
    };
    let law = |p: f64| -> Vec<(i64, String)> {
        (0..=3).map(|k| (i64::from(k), percent(binomial(k, p)))).collect()
    };
    assert_eq!(rows(&out, "damage to Bo"), law(1.0 / 2.0));
    assert_eq!(rows(&out, "damage to Cy"), law(1.0 / 6.0));
}
