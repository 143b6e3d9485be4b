//! Parse + check throughput on a generated 10,000-power rule file (kept under the 1 MiB
//! file limit). Run with `cargo bench --bench rules -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, Throughput, criterion_group};
use mythforge::diagnostics::FileId;
use mythforge::model::Pack;

const SYSTEM: &str = "system Bench\nStats: Attack, Defense, Strength, Speed\nResource CP: reset to 6 at turn start\n\
Ruling grade cap: 3\nDefault check: Roll\n\ncheck Roll\nMethod: pool\nDice: [Tier + 2]d10\nModifier: each die\n\
Success: >= [Threshold]\n\ncondition Dazed\nModifiers: -2 CP\n\n";

/// A rule file with `count` powers of a few varied shapes.
fn generated(count: usize) -> String {
    let mut text = String::from(SYSTEM);
    for index in 0..count {
        let power = match index % 4 {
            0 => format!(
                "power P{index}\nCost: [Weapon + 1] CP\nCheck: [Attack + Strength]\nResult: [Weapon + Grade] damage\n\n"
            ),
            1 => format!(
                "power P{index}\nCost: 2 CP\nTarget: Enemy in 5\nResult 2: Target is Dazed until end of turn\n\n"
            ),
            2 => format!(
                "power P{index}\nThreshold: Target's Defense\nResult: 2d6 fire damage; push Target 2\n\n"
            ),
            _ => format!(
                "power P{index}\nTrigger: an enemy moves adjacent to you\nResult: shift 1 hex\n\n"
            ),
        };
        text.push_str(&power);
    }
    text
}

fn parse_and_check(text: &str) -> usize {
    let (file, mut diagnostics) =
        mythforge::parse::parse_file(FileId(0), Path::new("bench.rules"), text);
    let pack = Pack { files: vec![file] };
    diagnostics.extend(mythforge::check::check_pack(&pack));
    diagnostics.len()
}

fn bench(criterion: &mut Criterion) {
    let text = generated(10_000);
    assert!(
        text.len() <= mythforge::parse::MAX_FILE_BYTES,
        "generated file is {} bytes",
        text.len()
    );
    assert_eq!(parse_and_check(&text), 0, "the generated file must be clean");
    let mut group = criterion.benchmark_group("rules");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("parse_and_check_10000_powers", |bencher| {
        bencher.iter(|| parse_and_check(black_box(&text)))
    });
    group.bench_function("parse_only_10000_powers", |bencher| {
        bencher.iter(|| {
            mythforge::parse::parse_file(FileId(0), Path::new("bench.rules"), black_box(&text))
                .1
                .len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);

/// Seconds of CPU time this process has used (user + system), from `/proc/self/stat`;
/// `None` off Linux. Wall-clock numbers are noisy on a shared machine, CPU time is not.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// `RULES_BENCH_CPU=N cargo bench --bench rules`: N parse+check runs, throughput by CPU time.
fn cpu_report(runs: usize) {
    let text = generated(10_000);
    let start = cpu_seconds();
    for _ in 0..runs {
        black_box(parse_and_check(black_box(&text)));
    }
    if let (Some(start), Some(end)) = (start, cpu_seconds()) {
        let megabytes = (text.len() * runs) as f64 / 1e6;
        println!(
            "{runs} runs of {} bytes: {:.2} CPU s, {:.2} MB/s",
            text.len(),
            end - start,
            megabytes / (end - start)
        );
    }
}

fn main() {
    if let Some(runs) = std::env::var("RULES_BENCH_CPU").ok().and_then(|runs| runs.parse().ok()) {
        cpu_report(runs);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
