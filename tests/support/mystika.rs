//! The shipped Mystika pack loaded with the sample characters the Mystika tests share.

use std::path::PathBuf;

use mythforge::runtime::Game;

/// A game (seed 11) on rules/mystika with Mira, Brannoc and the Narrator added.
pub fn game() -> Game {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut game = Game::new(11);
    game.load(&[root.join("rules/mystika")]).expect("the Mystika pack loads");
    game.add_actor("Mira", Some("Mira Quickblade"), &[]).unwrap();
    game.add_actor("Brannoc", Some("Brannoc the Bouncer"), &[]).unwrap();
    game.add_actor("Narrator", Some("Narrator"), &[]).unwrap();
    game
}
