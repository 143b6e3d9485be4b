//! Cost of one call into a compiled script function, the unit of work behind every power
//! whose Result line calls a script. Target: well under 5 µs per call (200,000 power
//! resolutions per second, each with a script call). Kept short: `cargo bench --bench script`.

use std::cell::RefCell;
use std::hint::black_box;
use std::rc::Rc;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mythforge::diagnostics::SourceMap;
use mythforge::dice::Roller;
use mythforge::script::{DiceHost, Sandbox, ScriptLimits};

fn script_calls(c: &mut Criterion) {
    let roller = Rc::new(RefCell::new(Roller::new(7)));
    let host = Rc::new(RefCell::new(DiceHost::new(roller)));
    let sandbox = Sandbox::new(ScriptLimits::default(), host);
    let mut sources = SourceMap::new();
    let file = sources.add(
        "scripts/bench.rhai",
        "fn bonus(grade) { grade * 2 + 1 }\nfn strike(sides) { roll_die(sides) + roll_die(sides) }\n",
    );
    let script = sandbox.compile(&sources, file).expect("bench script compiles");

    let mut group = c.benchmark_group("script");
    group.throughput(Throughput::Elements(1));
    group.bench_function("call bonus(grade)", |b| {
        let mut grade = 0_i64;
        b.iter(|| {
            grade = (grade + 1) % 5;
            black_box(sandbox.call(&script, "bonus", vec![grade.into()], None).expect("call"))
        })
    });
    group.bench_function("call strike(10) with two roll_die", |b| {
        b.iter(|| {
            black_box(sandbox.call(&script, "strike", vec![10_i64.into()], None).expect("call"))
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = script_calls
}
criterion_main!(benches);
