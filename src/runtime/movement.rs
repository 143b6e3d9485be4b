//! Positions on the hex map: placing actors and walls ([`Game::place`], [`Game::add_walls`])
//! and executing movement effects. `push N` moves the target straight away from the user
//! and `pull N` straight toward, each stopping before a wall or an occupied hex (or, `into
//! occupied hexes as Crowded`, on the first occupied one, shared: see `sharing.rs`); `move`,
//! `walk`, `shift`, `fly` and `teleport` take their mover to the request's destination
//! (`to q,r`) when it is close enough, free, and (except for `fly` and `teleport`) reachable
//! around walls and enemies (when sides are set, an enemy's hex cannot be walked through;
//! an ally's can, but not ended on). A walk enters each cell with terrain on its way
//! ([`Grid::path_around`]'s way), each leg logged and settled as the last one is; a rule
//! line that ends the turn or moves the walker stops it there, and `stop before this
//! square` ([`stop_before`]) puts it back on the cell of its path before the one entered. Every move is journaled for
//! undo and logged with where from and where to. Facing: set when placed (`facing`), by [`Game::face`], and by a move:
//! `move`, `walk`, `shift` and `fly` leave the mover facing along the last step of the
//! straight line from where it started; `push`, `pull` and `teleport` leave it as it was.

use crate::diagnostics::Span;
use crate::engine::{Direction, Event, Grid, Hex, World};
use crate::model::effect::MoveKind;

use super::Game;
use super::effects::Context;
use super::error::RuntimeError;
use super::journal::Part;
use super::power::engine;
use super::sides::blocks_walker;
use super::targets::space;

impl Game {
    /// Puts `actor` on `hex` (or takes it off the map with `None`), as one command. A hex
    /// that is a wall or holds another actor is refused and nothing changes.
    ///
    /// ```
    /// use mythforge::engine::Hex;
    /// use mythforge::runtime::Game;
    /// let mut game = Game::new(1);
    /// game.add_actor("Ana", None, &[]).unwrap();
    /// game.place("Ana", Some(Hex::new(2, 3))).unwrap();
    /// assert_eq!(game.world().actor("Ana").unwrap().position, Some(Hex::new(2, 3)));
    /// ```
    pub fn place(&mut self, actor: &str, hex: Option<Hex>) -> Result<(), RuntimeError> {
        self.place_facing(actor, hex, None)
    }

    /// [`Game::place`], turning the actor to face `facing` when it is given (a direction
    /// the grid does not have is refused). Placed without one, an actor keeps the facing it
    /// had (none when it was not on the map); taken off the map, it faces nowhere.
    pub fn place_facing(
        &mut self,
        actor: &str,
        hex: Option<Hex>,
        facing: Option<Direction>,
    ) -> Result<(), RuntimeError> {
        self.command(|game| {
            game.world.actor(actor).map_err(engine)?;
            if let Some(hex) = hex {
                free(game, actor, hex, Span::NONE)?;
            }
            if let Some(facing) = facing {
                on_grid(game.rules.grid, facing, Span::NONE)?;
            }
            let who = game.world.actor_mut(actor).map_err(engine)?;
            let from = who.position;
            who.position = hex;
            if hex.is_none() {
                who.facing = None;
            } else if facing.is_some() {
                who.facing = facing;
            }
            if let Some(to) = hex {
                let how = if from.is_some() { "is placed" } else { "place" };
                let event = Event::Moved {
                    actor: game.world.names.get(actor),
                    how: game.world.names.get(how),
                    from,
                    to,
                    grid: game.rules.grid,
                    cause: crate::engine::Cause::NONE,
                };
                game.world.record(event);
                if let Some(facing) = facing {
                    game.world.narrate(format!("{actor} faces {facing}"), Span::NONE);
                }
            } else {
                game.world.narrate(format!("{actor} leaves the map"), Span::NONE);
            }
            super::terrain::settle(game, actor, Span::NONE)
        })
    }

    /// Turns `actor` to face `facing`, as one command: refused when it is not on the map or
    /// the grid has no such direction.
    ///
    /// ```
    /// use mythforge::engine::{Direction, Hex};
    /// use mythforge::runtime::Game;
    /// let mut game = Game::new(1);
    /// game.add_actor("Ana", None, &[]).unwrap();
    /// game.place("Ana", Some(Hex::new(0, 0))).unwrap();
    /// game.face("Ana", Direction::West).unwrap();
    /// assert_eq!(game.world().actor("Ana").unwrap().facing, Some(Direction::West));
    /// ```
    pub fn face(&mut self, actor: &str, facing: Direction) -> Result<(), RuntimeError> {
        self.command(|game| {
            on_grid(game.rules.grid, facing, Span::NONE)?;
            let who = game.world.actor_mut(actor).map_err(engine)?;
            if who.position.is_none() {
                let message = format!("{actor} is not on the map, so it faces nowhere");
                let hint = format!("place it first: `place {actor} at 0,0 facing {facing}`");
                return Err(space(message, &hint, Span::NONE));
            }
            who.facing = Some(facing);
            game.world.narrate(format!("{actor} faces {facing}"), Span::NONE);
            Ok(())
        })
    }

    /// The direction `word` names on this game's grid; refused at `word`'s span with the
    /// grid's directions as the hint.
    pub fn direction(
        &self,
        word: &crate::diagnostics::Spanned<String>,
    ) -> Result<Direction, RuntimeError> {
        self.rules.grid.direction_named(&word.node).map_err(|hint| {
            let message = format!("`{}` is no direction on a {} grid", word.node, self.rules.grid);
            space(message, &hint, word.span)
        })
    }

    /// Adds walls: hexes that block movement and lines to targets. A hex where an actor
    /// stands is refused and nothing changes.
    pub fn add_walls(&mut self, hexes: &[Hex]) -> Result<(), RuntimeError> {
        self.command(|game| {
            for hex in hexes {
                if let Some(actor) = occupant(&game.world, *hex) {
                    let message = format!("{actor} stands on {hex}; a wall cannot go there");
                    let hint =
                        format!("move the actor first, or pick another {}", game.rules.grid.name());
                    return Err(space(message, &hint, Span::NONE));
                }
                game.world.walls.insert(*hex);
            }
            let shown: Vec<String> = hexes.iter().map(Hex::to_string).collect();
            game.world.narrate(format!("walls at {}", shown.join(" ")), Span::NONE);
            Ok(())
        })
    }
}

/// Refuses a direction `grid` does not have, naming the ones it has.
fn on_grid(grid: Grid, facing: Direction, span: Span) -> Result<(), RuntimeError> {
    match grid.direction_named(facing.name()) {
        Ok(_) => Ok(()),
        Err(hint) => {
            Err(space(format!("`{facing}` is no direction on a {grid} grid"), &hint, span))
        }
    }
}

/// Who stands on `hex`.
fn occupant(world: &World, hex: Hex) -> Option<&str> {
    world.actors.iter().find(|a| a.position == Some(hex)).map(|a| a.name.as_str())
}

/// Refuses `hex` for `mover` when it is a wall or someone else stands there.
fn free(game: &Game, mover: &str, hex: Hex, span: Span) -> Result<(), RuntimeError> {
    let cell = game.rules.grid.name();
    if game.world.walls.contains(&hex) {
        let hint = format!("pick a {cell} that is not a wall");
        return Err(space(format!("{hex} is a wall"), &hint, span));
    }
    match occupant(&game.world, hex) {
        Some(other) if other != mover => {
            let message = format!("{hex} is occupied by {other}");
            Err(space(message, &format!("pick an empty {cell}"), span))
        }
        _ => Ok(()),
    }
}

/// Runs one movement effect for `mover`. Returns `false` when positions or a destination
/// are missing, so the caller narrates the effect instead (games without a map).
pub(crate) fn run_move(
    game: &mut Game,
    context: &Context<'_>,
    (kind, crowd): (MoveKind, Option<[&str; 2]>),
    mover: &str,
    distance: i64,
    span: Span,
) -> Result<bool, RuntimeError> {
    let Some(from) = game.world.actor(mover).map_err(engine)?.position else { return Ok(false) };
    let grid = game.rules.grid;
    let mut sharer = None;
    // The cells the move passes through, in order (neither end for a walk's terrain, the
    // line for a push or pull); a mover stopped before a cell goes back along them.
    let mut path = Vec::new();
    let to = match kind {
        MoveKind::Push | MoveKind::Pull => {
            let Some(user) = game.world.actor(context.user).map_err(engine)?.position else {
                return Ok(false);
            };
            let line = if kind == MoveKind::Push {
                let away = from.plus(from.minus(user));
                if away == from {
                    return Ok(false);
                }
                grid.ray(from, away, distance)
            } else {
                let steps = usize::try_from(distance.max(0)).unwrap_or(0);
                grid.line(from, user).into_iter().skip(1).take(steps).collect()
            };
            let mut reached = from;
            for hex in line {
                path.push(hex);
                let other = occupant(&game.world, hex).filter(|other| *other != mover);
                if let (Some(conditions), Some(other), false) =
                    (crowd, other, game.world.walls.contains(&hex))
                {
                    // Forced into an occupied cell: it stops there, sharing it.
                    sharer = Some((other.to_string(), conditions));
                    reached = hex;
                    break;
                }
                if free(game, mover, hex, span).is_err() {
                    let text = format!("{mover} is stopped at {reached} ({hex} is blocked)");
                    game.world.narrate(text, span);
                    break;
                }
                reached = hex;
            }
            reached
        }
        _ => {
            let Some(to) = context.destination else { return Ok(false) };
            free(game, mover, to, span)?;
            let straight = grid.distance(from, to);
            if straight > distance {
                let away = grid.count(straight);
                let message = format!("{to} is {away} from {mover}; {kind} goes up to {distance}");
                return Err(space(message, "pick a nearer destination", span));
            }
            if !matches!(kind, MoveKind::Fly | MoveKind::Teleport) {
                let health = game.rules.health.as_deref();
                let walk = (from, to, distance);
                walkable(&game.world, grid, (mover, health), walk, kind, span)?;
                path = walk_path(&game.world, grid, (mover, health), walk);
            }
            to
        }
    };
    let start = from;
    let mut from = from;
    let on_the_way: Vec<(usize, Hex)> = path
        .iter()
        .copied()
        .enumerate()
        .filter(|(_, cell)| *cell != to && game.world.terrain.contains_key(cell))
        .collect();
    for (index, cell) in on_the_way {
        // Terrain on the way is entered as the end cell is; a rule line that ends the turn
        // (a trip), moves the mover elsewhere or stops it before the cell (a failed
        // crossing) stops the walk there.
        let back = back_cell(&game.world, mover, start, &path[..index]);
        game.walking.push(Leg { mover: mover.to_string(), back });
        let stepped = step(game, mover, kind, (from, cell), span);
        game.walking.pop();
        stepped?;
        let turn_over = game.world.encounter.as_ref().is_some_and(|e| e.turn_over);
        let now = game.world.actor(mover).map_err(engine)?.position;
        if turn_over || now != Some(cell) {
            game.world.narrate(format!("{mover} stops at {}", now.map_or(cell, |at| at)), span);
            return Ok(true);
        }
        from = cell;
    }
    if to != from {
        let before = path.iter().position(|cell| *cell == to).map_or(&path[..], |at| &path[..at]);
        let back = back_cell(&game.world, mover, start, before);
        game.remember(mover, Part::Position);
        let who = game.world.actor_mut(mover).map_err(engine)?;
        who.position = Some(to);
        // A mover faces along its last step; pushed, pulled or teleported, it keeps facing
        // the way it did.
        if !matches!(kind, MoveKind::Push | MoveKind::Pull | MoveKind::Teleport) {
            who.facing = grid.last_step(from, to).or(who.facing);
        }
        let (actor, how) = (game.world.names.get(mover), game.world.names.get(kind.as_str()));
        let cause = crate::engine::Cause::of(span);
        game.world.record(Event::Moved { actor, how, from: Some(from), to, grid, cause });
        game.walking.push(Leg { mover: mover.to_string(), back });
        let settled = super::terrain::settle(game, mover, span);
        game.walking.pop();
        settled?;
        let now = game.world.actor(mover).map_err(engine)?.position;
        if now != Some(to) {
            let at = now.map_or(to, |at| at);
            game.world.narrate(format!("{mover} stops at {at}"), span);
            return Ok(true);
        }
        if let Some((other, conditions)) = sharer {
            super::sharing::crowd(game, [mover, other.as_str()], conditions, to, span)?;
        }
    }
    Ok(true)
}

/// Moves `mover` one leg of a walk, `from` to `to`, and settles it there (terrain entered).
fn step(
    game: &mut Game,
    mover: &str,
    kind: MoveKind,
    (from, to): (Hex, Hex),
    span: Span,
) -> Result<(), RuntimeError> {
    let grid = game.rules.grid;
    game.remember(mover, Part::Position);
    let who = game.world.actor_mut(mover).map_err(engine)?;
    who.position = Some(to);
    who.facing = grid.last_step(from, to).or(who.facing);
    let (actor, how) = (game.world.names.get(mover), game.world.names.get(kind.as_str()));
    let cause = crate::engine::Cause::of(span);
    game.world.record(Event::Moved { actor, how, from: Some(from), to, grid, cause });
    super::terrain::settle(game, mover, span)
}

/// A walk under way: who moves, and the cell it is put back on when a rule run by entering
/// the next cell stops it before that cell ([`stop_before`]).
#[derive(Clone, Debug)]
pub(crate) struct Leg {
    /// The mover.
    pub mover: String,
    /// The last cell of the path before the one being entered that the mover may stand on
    /// (the start when every one between is taken).
    pub back: Hex,
}

/// The cell of `before` (the path up to the cell being entered) nearest that cell where
/// `mover` may stand (not a wall, nobody else there), else `start`.
fn back_cell(world: &World, mover: &str, start: Hex, before: &[Hex]) -> Hex {
    let free = |hex: &Hex| {
        !world.walls.contains(hex) && occupant(world, *hex).is_none_or(|other| other == mover)
    };
    before.iter().rev().copied().find(free).unwrap_or(start)
}

/// `stop before this square`: the walk under way for `mover` ends on the cell before the one
/// it just entered; the mover is put back there (journaled, logged, that cell's terrain held
/// again without its entering rules running twice), and the walk enters nothing more. With
/// no walk of `mover` under way (placed by a command, laid under), nothing moves and the log
/// says so.
pub(crate) fn stop_before(game: &mut Game, mover: &str, span: Span) -> Result<(), RuntimeError> {
    let Some(leg) = game.walking.iter().rev().find(|leg| leg.mover == mover).cloned() else {
        game.world.narrate(format!("{mover} is not moving: no move to stop"), span);
        return Ok(());
    };
    let now = game.world.actor(mover).map_err(engine)?.position;
    if now == Some(leg.back) {
        return Ok(());
    }
    game.remember(mover, Part::Position);
    game.world.actor_mut(mover).map_err(engine)?.position = Some(leg.back);
    let (actor, how) = (game.world.names.get(mover), game.world.names.get("stops short"));
    let (grid, cause) = (game.rules.grid, crate::engine::Cause::of(span));
    game.world.record(Event::Moved { actor, how, from: now, to: leg.back, grid, cause });
    super::terrain::settle_back(game, mover, span)
}

/// The cells a walk from `from` to `to` passes through (`to` included, `from` not), in the
/// order entered, on the way [`Grid::path_around`] picks around walls and the mover's
/// enemies. Empty on a map with no terrain: nothing on the way is entered then.
fn walk_path(
    world: &World,
    grid: Grid,
    (mover, health): (&str, Option<&str>),
    (from, to, distance): (Hex, Hex, i64),
) -> Vec<Hex> {
    if world.terrain.is_empty() {
        return Vec::new();
    }
    let blocked = |hex: Hex| {
        world.walls.contains(&hex)
            || world
                .actors
                .iter()
                .any(|a| a.position == Some(hex) && blocks_walker(world, mover, a, health))
    };
    grid.path_around(from, to, distance, blocked).unwrap_or_default()
}

/// Refuses a walk from `from` to `to` in `distance` steps that no way around the walls and
/// the mover's enemies allows, naming the enemies in the way when they are what blocks it.
/// A downed enemy (its `health` at 0 or below) does not block.
fn walkable(
    world: &World,
    grid: Grid,
    (mover, health): (&str, Option<&str>),
    (from, to, distance): (Hex, Hex, i64),
    kind: MoveKind,
    span: Span,
) -> Result<(), RuntimeError> {
    let walls = &world.walls;
    let enemy = |hex: Hex| {
        world
            .actors
            .iter()
            .find(|a| a.position == Some(hex))
            .filter(|a| blocks_walker(world, mover, a, health))
    };
    if grid
        .steps_around(from, to, distance, |hex| walls.contains(&hex) || enemy(hex).is_some())
        .is_some()
    {
        return Ok(());
    }
    if grid.steps_around(from, to, distance, |hex| walls.contains(&hex)).is_none() {
        let message = format!(
            "{mover} cannot {kind} from {from} to {to} around the walls in {distance} steps"
        );
        return Err(space(message, "pick a destination reachable around the walls", span));
    }
    let in_the_way: Vec<String> = world
        .actors
        .iter()
        .filter_map(|a| Some((a, a.position?)))
        .filter(|(a, hex)| {
            grid.distance(from, *hex) <= distance && blocks_walker(world, mover, a, health)
        })
        .map(|(a, hex)| format!("{} at {hex}", a.name))
        .collect();
    let message = format!(
        "{mover} cannot {kind} from {from} to {to} in {distance} steps: enemies block the way ({})",
        in_the_way.join(", ")
    );
    Err(space(message, "walk around the enemies, or pick another destination", span))
}
