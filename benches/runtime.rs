//! Resolving a typical attack power (cost, one target, check against Defense, damage through
//! armour) through the public runtime API, without scripts.

#[path = "support/mod.rs"]
mod support;

#[path = "attack/mod.rs"]
mod attack;

use criterion::{Criterion, criterion_group, criterion_main};

fn attack(c: &mut Criterion) {
    let (game, request) = attack::attack();
    c.bench_function("runtime/attack power, one target", |b| {
        b.iter_custom(|iterations| support::time_power_uses(&game, &request, iterations))
    });
}

criterion_group!(benches, attack);
criterion_main!(benches);
