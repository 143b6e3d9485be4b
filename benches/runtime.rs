//! Resolving a typical attack power (cost, one target, check against Defense, damage through
//! armour) through the public runtime API, without scripts.

use std::path::PathBuf;

#[path = "support/mod.rs"]
mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use mythforge::runtime::{Game, PowerUse};

fn attack(c: &mut Criterion) {
    let mut game = Game::new(7);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sample/system.rules");
    game.load(&[path]).expect("the sample pack loads");
    game.add_actor("Attacker", Some("Brakka"), &[("CP", 1_000_000_000)]).unwrap();
    game.add_actor("Defender", Some("Brakka"), &[("HP", 1_000_000_000), ("Max HP", 1_000_000_000)])
        .unwrap();
    let request = PowerUse::new("Attacker", "Berserker Charge").at(["Defender"]);
    c.bench_function("runtime/attack power, one target", |b| {
        b.iter_custom(|iterations| support::time_power_uses(&game, &request, iterations))
    });
}

criterion_group!(benches, attack);
criterion_main!(benches);
