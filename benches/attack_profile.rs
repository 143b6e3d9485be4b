//! A plain loop of N uses of the `runtime` bench's attack, for instruction counts:
//! `valgrind --tool=callgrind target/release/deps/attack_profile-* 20000` counts the same
//! work on every run, unlike wall time on a busy machine.

#[path = "support/mod.rs"]
mod support;

#[path = "attack/mod.rs"]
mod attack;

fn main() {
    // `cargo bench` passes `--bench`; the count is the first numeric argument.
    let uses = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(20_000);
    let (game, request) = attack::attack();
    let elapsed = support::time_power_uses(&game, &request, uses);
    let per_use = elapsed.as_nanos() as f64 / uses.max(1) as f64;
    println!("{uses} uses: {per_use:.0} ns per use ({:.0} uses/s)", 1e9 / per_use);
}
