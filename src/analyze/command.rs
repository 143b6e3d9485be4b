//! Runs one command of a question on a [`Game`], through the same [`Backend`] methods the
//! REPL's session calls, so a question means exactly what it means at the table. A `roll`
//! rolls on the game's own roller (explored like every other die) and reports its total.

use crate::diagnostics::Diagnostic;
use crate::engine::Decider;
use crate::runtime::Game;
use crate::session::{Backend, Command};

/// What running a command gave, besides its changes to the game.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ran {
    /// The total of a `roll` command.
    pub roll: Option<i64>,
    /// How to take the command back: `None` for a game command ([`Game::undo`]), else the
    /// roller as it was (`roll` and `force` touch only the roller and are no game command).
    pub roller_before: Option<crate::dice::RollerState>,
}

impl Ran {
    /// Takes the command back exactly, dice included.
    pub fn undo(self, game: &mut Game) {
        match self.roller_before {
            Some(state) => game.world_mut().roller = crate::dice::Roller::from_state(&state),
            // The command succeeded, so it is the last one in the undo history.
            None => {
                let _ = game.undo();
            }
        }
    }
}

/// Runs `command` on `game`; a failed command leaves the game unchanged (the backend's
/// transaction contract). `policy` commands are the caller's (they change no game).
pub(crate) fn run(
    game: &mut Game,
    command: &Command,
    decider: &mut dyn Decider,
) -> Result<Ran, Vec<Diagnostic>> {
    let done = Ok(Ran { roll: None, roller_before: None });
    match command {
        Command::UsePower(power_use) => Backend::use_power(game, power_use, decider).and(done),
        Command::Check(request) => Backend::check(game, request, decider).and(done),
        Command::Versus { attacker, defender } => {
            Backend::versus(game, attacker, defender, decider).and(done)
        }
        Command::NextTurn => Backend::next_turn(game, decider).and(done),
        Command::Encounter(actors) => Backend::start_encounter(game, actors).and(done),
        Command::EndEncounter => Backend::end_encounter(game).and(done),
        Command::Challenge { breakthroughs, setbacks, participants } => {
            Backend::start_challenge(game, *breakthroughs, *setbacks, participants).and(done)
        }
        Command::ActorFrom { stat_block, name } => {
            Backend::create_actor(game, name, stat_block).and(done)
        }
        Command::ActorInline { name, stats } => {
            Backend::create_inline_actor(game, name, stats).and(done)
        }
        Command::Place { actor, hex } => Backend::place(game, actor, hex).and(done),
        Command::Wall(hexes) => Backend::add_walls(game, hexes).and(done),
        Command::Terrain { condition, n, hexes } => {
            Backend::set_terrain(game, condition, n.as_ref(), hexes).and(done)
        }
        Command::ClearTerrain(hexes) => Backend::clear_terrain(game, hexes).and(done),
        Command::Side { actors, side } => Backend::set_side(game, actors, side).and(done),
        Command::Adopt { actor, stance } => Backend::adopt(game, actor, stance).and(done),
        Command::Force(faces) => {
            let before = game.world().roller.state();
            game.world_mut().roller.force(faces.iter().copied());
            Ok(Ran { roll: None, roller_before: Some(before) })
        }
        Command::Roll(dice) => {
            let before = game.world().roller.state();
            match game.world_mut().roller.roll(&dice.expression) {
                Ok(roll) => Ok(Ran { roll: Some(roll.total), roller_before: Some(before) }),
                Err(error) => {
                    // Like the session's `roll`: a failed roll puts the stream back.
                    game.world_mut().roller = crate::dice::Roller::from_state(&before);
                    Err(vec![error.to_diagnostic(dice.span.file, dice.span.start as usize)])
                }
            }
        }
        // Refused by `Scenario::prepare` or handled by the explorer.
        _ => done,
    }
}
