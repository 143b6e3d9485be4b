//! Resolving a typical attack power (cost, one target, check against Defense, damage through
//! armour) through the public runtime API, without scripts.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

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
        b.iter_custom(|iterations| {
            let mut elapsed = Duration::ZERO;
            let mut done = 0;
            while done < iterations {
                // A fresh game every chunk keeps the log (which only grows) small; only the
                // power uses are timed.
                let mut fresh = game.clone();
                let chunk = (iterations - done).min(10_000);
                let start = Instant::now();
                for _ in 0..chunk {
                    black_box(fresh.use_power(black_box(&request))).ok();
                }
                elapsed += start.elapsed();
                done += chunk;
            }
            elapsed
        })
    });
}

criterion_group!(benches, attack);
criterion_main!(benches);
