//! `mythforge analyze` benchmarks: the exact analysis of one Berserker Charge (Itzel with
//! the Maquahuitl) against one Defense and over Defense 8..16, two uses in a row, a 6 x 9
//! sweep, and the sampling fallback's throughput (power uses per second on one core). The
//! pack is loaded once outside the timing, except in the `load Mestezia + analyze` bench,
//! which times the whole question in process; whole-process timings are in
//! docs/src/analyze.md.
//! Run with `cargo bench --bench analyze -- --warm-up-time 1 --measurement-time 3`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mythforge::analyze::{Axis, Options, Scenario, analyze_prepared, sweep};
use std::hint::black_box;

const SETUP: &str =
    "load mestezia\nactor Itzel from Itzel\nactor The Inquisitor from The Inquisitor\n";
const CHARGE: &str = "Itzel uses Berserker Charge on \"The Inquisitor\" with weapon Maquahuitl";

fn scenario(repeat: u32, setup: &str) -> Scenario {
    Scenario { setup: setup.into(), question: CHARGE.into(), repeat, ..Scenario::default() }
}

fn exact(c: &mut Criterion) {
    let options = Options::default();
    let one = scenario(1, SETUP);
    let prepared = one.prepare(1).unwrap();
    let again = || one.prepare(1);
    c.bench_function("analyze charge vs Defense 12 (exact)", |b| {
        b.iter(|| black_box(analyze_prepared(&prepared, &again, &options).unwrap()))
    });
    // The whole question in process: the pack loaded (parsed, checked, linked, its script
    // compiled), the actors made, then the exact analysis; a whole process adds start-up.
    c.bench_function("load Mestezia + analyze charge vs Defense 12 (exact)", |b| {
        b.iter(|| {
            let prepared = one.prepare(1).unwrap();
            black_box(analyze_prepared(&prepared, &again, &options).unwrap())
        })
    });
    let two = scenario(2, SETUP);
    let prepared_two = two
        .prepare(1)
        .unwrap()
        .with_inputs(&[mythforge::analyze::StatSetting::parse("Itzel's CP", 8).unwrap()])
        .unwrap();
    c.bench_function("analyze charge twice, 8 CP (exact)", |b| {
        b.iter(|| black_box(analyze_prepared(&prepared_two, &again, &options).unwrap()))
    });
    let defense = Axis::parse("The Inquisitor's Defense", "8..16").unwrap();
    c.bench_function("sweep charge over Defense 8..16 (exact, one thread)", |b| {
        b.iter(|| black_box(sweep(&one, &[], std::slice::from_ref(&defense), &options).unwrap()))
    });
    let strength = Axis::parse("Itzel's Strength", "0..5").unwrap();
    let axes = [strength, defense.clone()];
    c.bench_function("sweep charge 6 x 9 (exact, one thread)", |b| {
        b.iter(|| black_box(sweep(&one, &[], &axes, &options).unwrap()))
    });
}

fn sampling(c: &mut Criterion) {
    let one = scenario(1, SETUP);
    let prepared = one.prepare(1).unwrap();
    let again = || one.prepare(1);
    let samples = 20_000;
    let options = Options { sample: true, samples, ..Options::default() };
    let mut group = c.benchmark_group("sampling");
    group.throughput(Throughput::Elements(samples));
    group.bench_function("charge, power uses (one core)", |b| {
        b.iter(|| black_box(analyze_prepared(&prepared, &again, &options).unwrap()))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = exact, sampling
}
criterion_main!(benches);
