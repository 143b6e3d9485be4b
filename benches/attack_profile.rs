//! A plain loop of N attack power uses (the `runtime` bench's setup) for instruction counts:
//! `valgrind --tool=callgrind target/release/deps/attack_profile-* 20000` counts the same
//! work on every run, unlike wall time on a busy machine.

use std::path::PathBuf;

#[path = "support/mod.rs"]
mod support;

use mythforge::runtime::{Game, PowerUse};

fn main() {
    // `cargo bench` passes `--bench`; the count is the first numeric argument.
    let uses = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(20_000);
    let mut game = Game::new(7);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sample/system.rules");
    game.load(&[path]).expect("the sample pack loads");
    game.add_actor("Attacker", Some("Brakka"), &[("CP", 1_000_000_000)]).unwrap();
    game.add_actor("Defender", Some("Brakka"), &[("HP", 1_000_000_000), ("Max HP", 1_000_000_000)])
        .unwrap();
    let request = PowerUse::new("Attacker", "Berserker Charge").at(["Defender"]);
    let elapsed = support::time_power_uses(&game, &request, uses);
    let per_use = elapsed.as_nanos() as f64 / uses as f64;
    println!("{uses} uses: {per_use:.0} ns per use ({:.0} uses/s)", 1e9 / per_use);
}
