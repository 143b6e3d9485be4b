//! The typical attack the runtime benches time: the sample pack, an attacker with plenty of
//! CP and a defender with plenty of HP, and a Berserker Charge request (cost, one target,
//! threshold from the target's Defense, pool check, damage through armour).

use std::path::PathBuf;

use mythforge::runtime::{Game, PowerUse};

/// The loaded game and the attack request.
pub fn attack() -> (Game, PowerUse) {
    let mut game = Game::new(7);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sample/system.rules");
    game.load(&[path]).expect("the sample pack loads");
    game.add_actor("Attacker", Some("Brakka"), &[("CP", 1_000_000_000)]).unwrap();
    game.add_actor("Defender", Some("Brakka"), &[("HP", 1_000_000_000), ("Max HP", 1_000_000_000)])
        .unwrap();
    let request = PowerUse::new("Attacker", "Berserker Charge").at(["Defender"]);
    (game, request)
}
