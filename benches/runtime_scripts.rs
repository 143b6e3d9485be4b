//! Resolving a power whose Result calls a small script function (`[bonus(Grade)] damage`,
//! and as an effect phrase `script bonus(Grade)`) through `Game::use_power`, on the scripted
//! fixture pack. Target: 200,000 resolutions per second on one core.

#[path = "support/mod.rs"]
mod support;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mythforge::runtime::{Game, PowerUse};

/// The scripted fixture pack with its power's Result replaced by `result`, two fighters
/// ready, and the request that uses the power.
fn setup(result: &str) -> (Game, PowerUse) {
    let mut game = Game::new(7);
    let rules = include_str!("../tests/fixtures/scripted/tiny.rules")
        .replace("[bonus(Grade)] damage", result);
    game.load_source_with_scripts(
        "tiny.rules",
        &rules,
        &[("tiny.rhai", include_str!("../tests/fixtures/scripted/tiny.rhai"))],
    )
    .expect("the bench pack loads");
    // Attack 9 against Defense 10: every die meets, so every use reaches the Result line.
    game.add_actor("Attacker", Some("Fighter"), &[("Attack", 9)]).unwrap();
    let endless = [("HP", 1_000_000_000), ("Max HP", 1_000_000_000)];
    game.add_actor("Defender", Some("Fighter"), &endless).unwrap();
    let request = PowerUse::new("Attacker", "Jab").at(["Defender"]);
    // The timed loop ignores results; make sure the power resolves (the script is called).
    game.clone().use_power(&request).expect("the power resolves");
    (game, request)
}

fn scripted_power(c: &mut Criterion) {
    let mut group = c.benchmark_group("runtime");
    group.throughput(Throughput::Elements(1));
    let (game, request) = setup("[bonus(Grade)] damage");
    group.bench_function("power with [bonus(Grade)] script call", |b| {
        b.iter_custom(|iterations| support::time_power_uses(&game, &request, iterations))
    });
    // An effect-phrase script holds the game for the call (the acting seam).
    let (game, request) = setup("2 damage; script bonus(Grade)");
    group.bench_function("power with a script effect phrase", |b| {
        b.iter_custom(|iterations| support::time_power_uses(&game, &request, iterations))
    });
    // A bracket call passing an actor lends the script a snapshot of it (read-only handles).
    let (game, request) = setup("[jolt(Target)] damage");
    group.bench_function("power with [jolt(Target)] reading a handle", |b| {
        b.iter_custom(|iterations| support::time_power_uses(&game, &request, iterations))
    });
    group.finish();
}

criterion_group!(benches, scripted_power);
criterion_main!(benches);
