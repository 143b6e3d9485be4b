//! What the runtime benches share: timing power uses on fresh clones of a game.

use std::hint::black_box;
use std::time::{Duration, Instant};

use mythforge::runtime::{Game, PowerUse};

/// Times `iterations` uses of `request`, on a fresh clone of `game` every 10,000 uses so
/// the log (which only grows) stays small; only the power uses are timed.
pub fn time_power_uses(game: &Game, request: &PowerUse, iterations: u64) -> Duration {
    let mut elapsed = Duration::ZERO;
    let mut done = 0;
    while done < iterations {
        let mut fresh = game.clone();
        let chunk = (iterations - done).min(10_000);
        let start = Instant::now();
        for _ in 0..chunk {
            black_box(fresh.use_power(black_box(request))).ok();
        }
        elapsed += start.elapsed();
        done += chunk;
    }
    elapsed
}
