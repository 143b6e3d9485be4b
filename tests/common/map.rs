//! Helpers shared by the hex-map tests (positions and sides): where an actor stands and the
//! targets Ana's area power hits when aimed at hexes.

use mythforge::engine::Hex;
use mythforge::runtime::{Game, PowerUse};

/// Where `name` stands.
pub fn at(game: &Game, name: &str) -> Option<Hex> {
    game.world().actor(name).unwrap().position
}

/// Ana uses `power` aimed at `aim`; the targets it hit, in order.
pub fn hit(game: &mut Game, power: &str, aim: &[(i64, i64)]) -> Vec<String> {
    let mut request = PowerUse::new("Ana", power);
    request.options.aim = aim.iter().map(|(q, r)| Hex::new(*q, *r)).collect();
    let outcome = game.use_power(&request).unwrap();
    outcome.targets.into_iter().map(|t| t.name.into()).collect()
}
