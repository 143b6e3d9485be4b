//! Resolving a power whose Result calls a small script function (`[bonus(Grade)] damage`)
//! through `Game::use_power`. Target: 200,000 resolutions per second on one core.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mythforge::runtime::{Game, PowerUse};

const PACK: &str = "
system Tiny
Stats: Attack, Defense
Resource HP: max [Max HP]
Resource Max HP: no max
Default check: Roll
Functions: bonus

check Roll
Method: pool
Dice: 2d10
Modifier: each die
Success: >= [Threshold]
Grades: 0 Fail, 1 Hit, 2 Strong

power Jab
Target: Enemy in 1
Threshold: Target's Defense
Check: [Attack]
Result: [bonus(Grade)] damage

actor Fighter
Stats: Attack 9, Defense 10
Resources: HP 1000000000, Max HP 1000000000
Powers: Jab
";

fn scripted_power(c: &mut Criterion) {
    let mut game = Game::new(7);
    game.load_source_with_scripts(
        "bench.rules",
        PACK,
        &[("bench.rhai", "fn bonus(grade) { grade * 2 + 1 }")],
    )
    .expect("the bench pack loads");
    game.add_actor("Attacker", Some("Fighter"), &[]).unwrap();
    game.add_actor("Defender", Some("Fighter"), &[]).unwrap();
    let request = PowerUse::new("Attacker", "Jab").at(["Defender"]);
    let mut group = c.benchmark_group("runtime");
    group.throughput(Throughput::Elements(1));
    group.bench_function("power with [bonus(Grade)] script call", |b| {
        b.iter_custom(|iterations| {
            let mut elapsed = Duration::ZERO;
            let mut done = 0;
            while done < iterations {
                // A fresh game every chunk keeps the log small; only power uses are timed.
                let mut fresh = game.clone();
                let chunk = (iterations - done).min(10_000);
                let start = Instant::now();
                for _ in 0..chunk {
                    black_box(fresh.use_power(black_box(&request))).expect("the power resolves");
                }
                elapsed += start.elapsed();
                done += chunk;
            }
            elapsed
        })
    });
    group.finish();
}

criterion_group!(benches, scripted_power);
criterion_main!(benches);
