//! Sampling reads samples whose dice repeat a path already run from a dice-path memo
//! instead of running the rules again. The estimate must be the one the samples give one by
//! one, bit for bit: memo on and off, a script that rolls its own dice, a memo too small
//! for the question's paths, and on one to four threads.

use mythforge::analyze::{Options, Report, Scenario, analyze};

use super::analyze::scenario;

fn charge() -> Scenario {
    scenario(
        "load mestezia\nactor Itzel from Itzel\nactor The Inquisitor from The Inquisitor\n",
        "Itzel uses Berserker Charge on \"The Inquisitor\" with weapon Maquahuitl",
        1,
    )
}

fn sampled(samples: u64, seed: u64) -> Options {
    Options { sample: true, samples, seed, threads: 1, ..Options::default() }
}

fn run(scenario: &Scenario, options: &Options) -> Report {
    analyze(scenario, options).unwrap_or_else(|refused| panic!("{:?}", refused.diagnostics))
}

/// The report with the memo at its default size and turned off, checked equal (the JSON
/// too, every digit), and returned.
fn same_with_and_without_memo(scenario: &Scenario, options: &Options) -> Report {
    assert!(options.memo > 0, "the default memo is on");
    let with = run(scenario, options);
    let without = run(scenario, &Options { memo: 0, ..options.clone() });
    assert_eq!(with, without);
    let json = |report: &Report| serde_json::to_string(report).unwrap();
    assert_eq!(json(&with), json(&without));
    with
}

fn p(report: &Report, measure: &str, value: i64) -> f64 {
    report.measure(measure).unwrap_or_else(|| panic!("no {measure} in {report:#?}")).p(value)
}

#[test]
fn a_sampled_charge_is_the_same_with_the_memo_and_without() {
    let report = same_with_and_without_memo(&charge(), &sampled(20_000, 7));
    assert_eq!((report.exact, report.samples, report.runs), (false, Some(20_000), 20_000));
    // The grade law of 3d10 against the Inquisitor, estimated: every grade seen.
    let check = report.measure("Itzel's check").unwrap();
    assert!(check.outcomes.len() >= 3, "{check:#?}");
    let total: f64 = check.outcomes.iter().map(|o| o.p).sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
}

#[test]
fn two_charges_and_other_seeds_are_the_same_with_the_memo_and_without() {
    let mut twice = charge();
    twice.repeat = 2;
    for seed in [1, 2, 3] {
        let report = same_with_and_without_memo(&twice, &sampled(9_000, seed));
        assert_eq!(report.runs, 18_000);
    }
}

#[test]
fn a_script_that_rolls_its_own_die_is_the_same_with_the_memo_and_without() {
    // The skirmish check is a Rhai function calling `roll_die(20)`; damage 1d8 + 3, one
    // more 1d8 on a critical (a natural 19 or 20 that hits).
    let skirmish = "load skirmish\nactor Ana from Fighter\nactor Bo from Fighter\n";
    let question = scenario(skirmish, "Ana uses Longsword on Bo", 3);
    let report = same_with_and_without_memo(&question, &sampled(12_000, 11));
    // Ana hits AC 15 on a natural 10 or more: 11 in 20, within the estimate's noise.
    let hit = 1.0 - p(&report, "Ana's check", 0);
    assert!((hit - 0.55).abs() < 0.02, "P(hit) = {hit}");
    assert!(p(&report, "Ana's check", 2) > 0.0, "criticals were drawn");
}

#[test]
fn a_memo_too_small_for_the_paths_gives_the_same_estimate() {
    // A few hundred bytes hold a path or two: every other sample runs the rules.
    for bytes in [1, 600, 4_000, 60_000] {
        let options = Options { memo: bytes, ..sampled(9_000, 5) };
        let small = run(&charge(), &options);
        assert_eq!(small, run(&charge(), &Options { memo: 0, ..options }), "{bytes} bytes");
    }
    // 6d10 has a million orders: 20,000 samples hardly ever repeat one.
    let wide = scenario("", "roll 6d10", 1);
    let report = same_with_and_without_memo(&wide, &sampled(20_000, 3));
    let mean = report.measure("roll").unwrap().mean;
    assert!((mean - 33.0).abs() < 0.3, "mean of 6d10: {mean}");
}

#[test]
fn the_memo_gives_the_same_estimate_on_one_to_four_threads() {
    // Five chunks of 4,096 samples: each thread keeps its own memo.
    let options = sampled(20_000, 13);
    let one = run(&charge(), &options);
    for threads in 2..=4 {
        assert_eq!(one, run(&charge(), &Options { threads, ..options.clone() }), "{threads}");
    }
    assert_eq!(one, run(&charge(), &Options { memo: 0, threads: 3, ..options }));
}
