//! Helpers shared by the integration test binaries (tests/cli, tests/lang, tests/game,
//! tests/props): a game with rule files loaded, an actor's resource and HP, the world as
//! JSON, and in submodules running the binary, what `check` says about a rule file, golden
//! loops that report every mismatch,
//! the effect-script fixture, the hex-map helpers, games on the shipped packs and sessions
//! played with their transcripts.

// Each binary uses only some of the helpers.
#![allow(dead_code)]

pub mod acting;
pub mod checked;
pub mod cli;
pub mod golden;
pub mod map;
pub mod packs;
pub mod sessions;

use std::path::PathBuf;

use mythforge::runtime::Game;

/// `relative` (a file or folder such as `rules/mestezia`) under the crate root.
pub fn path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// A game seeded with `seed` with the rule files or folders `paths` (relative to the crate
/// root) loaded, and no actors.
pub fn game_with(seed: u64, paths: &[&str]) -> Game {
    let mut game = Game::new(seed);
    let paths: Vec<PathBuf> = paths.iter().map(|relative| path(relative)).collect();
    game.load(&paths).unwrap_or_else(|errors| panic!("{paths:?} load: {errors:?}"));
    game
}

/// The current value of `actor`'s resource `name`.
pub fn resource(game: &Game, actor: &str, name: &str) -> i64 {
    game.world().actor(actor).unwrap().resources[name].current
}

/// `actor`'s current HP.
pub fn hp(game: &Game, actor: &str) -> i64 {
    resource(game, actor, "HP")
}

/// The world as JSON: equal strings mean equal worlds (roller position and forced dice too).
pub fn serialised(game: &Game) -> String {
    mythforge::engine::to_json(game.world()).unwrap()
}
