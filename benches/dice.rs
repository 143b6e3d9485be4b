//! Dice engine benchmarks: exact distributions (a big count pool, exploding counts, a
//! keep-highest pool, the whole grade battery) and rolling throughput. Run with
//! `cargo bench --bench dice -- --warm-up-time 1 --measurement-time 3`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mythforge::dice::{DiceExpr, Roll, Roller, distribution};
use std::hint::black_box;

/// `{Nd10+M}cs>=T` for N = 3..10, M = 0..5, T = 6..16: 528 expressions.
fn grade_battery() -> Vec<String> {
    let mut battery = Vec::new();
    for count in 3..=10 {
        for offset in 0..=5 {
            for threshold in 6..=16 {
                battery.push(format!("{{{count}d10+{offset}}}cs>={threshold}"));
            }
        }
    }
    battery
}

fn exact_distributions(c: &mut Criterion) {
    for text in ["{30d10+2}cs>=9", "50d6xcs>=4", "8d10kh3"] {
        let expr = DiceExpr::parse(text).unwrap();
        c.bench_function(&format!("dist {text}"), |b| {
            b.iter(|| distribution(black_box(&expr)).unwrap())
        });
    }
    let battery = grade_battery();
    c.bench_function("dist grade battery (528 expressions, parse included)", |b| {
        b.iter(|| {
            for text in &battery {
                black_box(distribution(&DiceExpr::parse(text).unwrap()).unwrap());
            }
        })
    });
}

fn rolling(c: &mut Criterion) {
    let mut group = c.benchmark_group("roll");
    for (text, dice) in [("3d10", 3), ("5d6xcs>=4", 5)] {
        let expr = DiceExpr::parse(text).unwrap();
        let mut roller = Roller::new(7);
        let mut roll = Roll::default();
        group.throughput(Throughput::Elements(dice));
        group.bench_function(text, |b| {
            b.iter(|| {
                roller.roll_into(black_box(&expr), &mut roll).unwrap();
                roll.total
            })
        });
    }
    group.finish();
}

criterion_group!(benches, exact_distributions, rolling);
criterion_main!(benches);
