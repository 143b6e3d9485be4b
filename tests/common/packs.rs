//! Games on the shipped rule packs: a pack from `rules/` loaded and actors made from its
//! stat blocks, and the Mystika pack with its usual cast.

use mythforge::runtime::Game;

/// A game (seed 7) with the shipped pack `pack` loaded and one actor per name in `actors`,
/// each made from the stat block of the same name.
pub fn pack_game(pack: &str, actors: &[&str]) -> Game {
    let mut game = super::game_with(7, &[&format!("rules/{pack}")]);
    for actor in actors {
        game.add_actor(actor, Some(actor), &[]).unwrap();
    }
    game
}

/// A game (seed 7) on the shipped Mestezia pack with one actor per stat block in `actors`.
pub fn mestezia(actors: &[&str]) -> Game {
    pack_game("mestezia", actors)
}

/// A game (seed 11) on the shipped Mystika pack with Mira, Brannoc and the Narrator added
/// under short names.
pub fn mystika_game() -> Game {
    let mut game = super::game_with(11, &["rules/mystika"]);
    for (name, block) in
        [("Mira", "Mira Quickblade"), ("Brannoc", "Brannoc the Bouncer"), ("Narrator", "Narrator")]
    {
        game.add_actor(name, Some(block), &[]).unwrap();
    }
    game
}
