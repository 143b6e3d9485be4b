//! Helpers for tests that play the shipped rule packs: a game with a pack from `rules/`
//! loaded and actors made from its stat blocks, a resource's current value, and a REPL run
//! through the binary with a fixed seed.

use std::path::PathBuf;

use mythforge::runtime::Game;

/// A game (seed 7) with the shipped pack `pack` loaded and one actor per name in `actors`,
/// each made from the stat block of the same name.
pub fn pack_game(pack: &str, actors: &[&str]) -> Game {
    let mut game = Game::new(7);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules").join(pack);
    game.load(&[path]).expect("the pack loads");
    for actor in actors {
        game.add_actor(actor, Some(actor), &[]).unwrap();
    }
    game
}

/// The current value of `actor`'s resource `name`.
pub fn resource(game: &Game, actor: &str, name: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[name].current
}

/// Runs the REPL (seed 3, no colour) on `stdin`: exit code, standard output, standard error.
pub fn repl(stdin: &str) -> (i32, String, String) {
    let output = assert_cmd::Command::new(env!("CARGO_BIN_EXE_mythforge"))
        .env("NO_COLOR", "1")
        .current_dir(std::env::temp_dir())
        .args(["repl", "--seed", "3"])
        .write_stdin(stdin)
        .output()
        .unwrap();
    let code = output.status.code().unwrap_or(-1);
    (code, String::from_utf8(output.stdout).unwrap(), String::from_utf8(output.stderr).unwrap())
}

/// A game (seed 11) on the shipped Mystika pack with Mira, Brannoc and the Narrator added
/// under short names.
pub fn mystika_game() -> Game {
    let mut game = Game::new(11);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules/mystika");
    game.load(&[path]).expect("the Mystika pack loads");
    for (name, block) in
        [("Mira", "Mira Quickblade"), ("Brannoc", "Brannoc the Bouncer"), ("Narrator", "Narrator")]
    {
        game.add_actor(name, Some(block), &[]).unwrap();
    }
    game
}
