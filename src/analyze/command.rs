//! Runs one command of a question on a [`Game`], through the same [`Backend`] methods the
//! REPL's session calls, so a question means exactly what it means at the table. A power
//! use — the command an analysis runs most — goes straight to [`Game::use_power_with`],
//! with the request built once (as the backend builds it), skipping the transcript the
//! backend renders for every event. A `roll` rolls on the game's own roller (explored like
//! every other die) and reports its total.

use crate::diagnostics::{Diagnostic, ToDiagnostic};
use crate::engine::Decider;
use crate::runtime::{self, Game};
use crate::session::{Backend, Command};

/// A question's command ready to run many times.
#[derive(Clone, Debug)]
pub(crate) enum Planned {
    /// A power use, as the runtime takes it.
    Power(Box<runtime::PowerUse>),
    /// Any other command, run through the backend.
    Other(Box<Command>),
}

impl Planned {
    /// Plans `command`.
    pub fn of(command: &Command) -> Planned {
        match command {
            Command::UsePower(power_use) => Planned::Power(Box::new(power_use.request())),
            other => Planned::Other(Box::new(other.clone())),
        }
    }
}

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

    /// Takes the command back but leaves the dice stream where the command left it.
    pub fn undo_keeping_dice(self, game: &mut Game) {
        if self.roller_before.is_none() {
            // The command succeeded, so it is the last one in the undo history.
            let _ = game.undo_keeping_dice();
        }
    }
}

/// Runs `planned` on `game`; a failed command leaves the game unchanged (the backend's
/// transaction contract). `policy` commands are the caller's (they change no game).
pub(crate) fn run(
    game: &mut Game,
    planned: &Planned,
    decider: &mut dyn Decider,
) -> Result<Ran, Vec<Diagnostic>> {
    let done = Ok(Ran { roll: None, roller_before: None });
    let command = match planned {
        Planned::Power(request) => {
            return match game.use_power_with(request, decider) {
                Ok(_) => done,
                Err(error) => Err(vec![error.to_diagnostic()]),
            };
        }
        Planned::Other(command) => command,
    };
    match command.as_ref() {
        Command::UsePower(power_use) => Backend::use_power(game, power_use, decider).and(done),
        Command::Check(request) => Backend::check(game, request, decider).and(done),
        Command::Versus { attacker, defender } => {
            Backend::versus(game, attacker, defender, decider).and(done)
        }
        Command::NextTurn => Backend::next_turn(game, decider).and(done),
        Command::Encounter(actors) => Backend::start_encounter(game, actors).and(done),
        Command::EndEncounter => Backend::end_encounter(game).and(done),
        Command::Challenge { terms, participants } => {
            Backend::start_challenge(game, terms, participants).and(done)
        }
        Command::Actor { name, stat_block, stats } => {
            Backend::create_actor(game, name, stat_block.as_ref(), stats).and(done)
        }
        Command::Place { actor, hex, facing } => {
            Backend::place(game, actor, hex, facing.as_ref()).and(done)
        }
        Command::Face { actor, direction } => Backend::face(game, actor, direction).and(done),
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
        other => match crate::session::fiat_of(other) {
            // A GM's change (`set`, `takes ... damage`, `apply`, `next turn`, ...).
            Some(fiat) => Backend::fiat(game, &fiat, decider).and(done),
            // Refused by `Scenario::prepare` or handled by the explorer.
            None => done,
        },
    }
}
