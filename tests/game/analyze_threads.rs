//! Analyses spread over threads copy the prepared game (its pack parsed, checked and
//! linked once) instead of preparing it again: the answers are the same as on one thread,
//! for a sweep and for a sampled estimate, with the built-in pack's scripts compiled again
//! in each thread.

use mythforge::analyze::{Axis, Options, Scenario, analyze, sweep};

fn charge() -> Scenario {
    Scenario {
        setup: "load mestezia\nactor Itzel from Itzel\nactor The Inquisitor from The Inquisitor\n"
            .into(),
        question: "Itzel uses Berserker Charge on \"The Inquisitor\" with weapon Maquahuitl".into(),
        ..Scenario::default()
    }
}

#[test]
fn a_sweep_on_two_threads_equals_the_sweep_on_one() {
    let axes = [
        Axis::parse("The Inquisitor's Defense", "10..13").unwrap(),
        Axis::parse("Itzel's Strength", "0..1").unwrap(),
    ];
    let one = Options { threads: 1, ..Options::default() };
    let two = Options { threads: 2, ..Options::default() };
    let on_one = sweep(&charge(), &[], &axes, &one).unwrap_or_else(|r| panic!("{r:?}"));
    let on_two = sweep(&charge(), &[], &axes, &two).unwrap_or_else(|r| panic!("{r:?}"));
    assert_eq!(on_one.points.len(), 8);
    assert_eq!(on_one, on_two);
}

#[test]
fn a_sampled_estimate_on_two_threads_equals_the_estimate_on_one() {
    let options =
        Options { sample: true, samples: 9_000, seed: 5, threads: 1, ..Options::default() };
    let one = analyze(&charge(), &options).unwrap_or_else(|r| panic!("{r:?}"));
    let two =
        analyze(&charge(), &Options { threads: 2, ..options }).unwrap_or_else(|r| panic!("{r:?}"));
    assert_eq!(one.samples, Some(9_000));
    assert_eq!(one, two);
}

#[test]
fn a_sampled_sweep_gives_the_same_estimates_on_one_two_and_three_threads() {
    // Two points of 5,000 samples (two chunks each): on two or three threads the points
    // run side by side; on four each point's two chunks also run on two threads.
    let axes = [Axis::parse("The Inquisitor's Defense", "10..11").unwrap()];
    let options =
        Options { sample: true, samples: 5_000, seed: 9, threads: 1, ..Options::default() };
    let on = |threads| {
        sweep(&charge(), &[], &axes, &Options { threads, ..options.clone() })
            .unwrap_or_else(|r| panic!("{r:?}"))
    };
    let one = on(1);
    assert_eq!(one.points.len(), 2);
    assert!(one.points.iter().all(|p| !p.report.exact && p.report.samples == Some(5_000)));
    // The points differ (Defense 10 is hit more often than 11): the estimate is per point.
    assert_ne!(one.points[0].report.measures, one.points[1].report.measures);
    assert_eq!(one, on(2));
    assert_eq!(one, on(3));
    assert_eq!(one, on(4));
}
