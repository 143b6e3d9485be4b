//! Gear lying on the map. `drop the weapon at Target` takes the use's weapon out of the
//! user's equipment and lays it on that creature's cell (a thrown weapon is its own
//! ammunition); `pick up gear within N` puts what lies within N of the user into its
//! equipment. Both are journaled (a failing power takes them back). A use that names a
//! weapon lying on the map is refused with where it lies.

use crate::diagnostics::{Span, Spanned};
use crate::engine::Hex;
use crate::engine::text::same_name;
use crate::model::{Amount, Name};

use super::Game;
use super::effects::Context;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::journal::Part;
use super::power::engine;

/// `drop the weapon at <at>` for the line's `target`.
pub(crate) fn drop_weapon(
    game: &mut Game,
    context: &Context<'_>,
    at: Option<&Spanned<Name>>,
    target: Option<&str>,
    span: Span,
) -> Result<(), RuntimeError> {
    let user = context.user;
    let Some(weapon) = context.weapon else {
        let message = format!("{user} has no weapon in this use to drop");
        let hint = "`drop the weapon` belongs on a power used with a weapon";
        return Err(super::targets::space(message, hint, span));
    };
    let written = weapon.name.node.as_str();
    let whose = match at {
        Some(_) => super::effects::subject(game, at, user, target),
        None => user.to_string(),
    };
    let cell = game.world.actor(&whose).map_err(engine)?.position;
    let actor = game.world.actor(user).map_err(engine)?;
    let held = actor.equipment.iter().position(|item| same_name(item, written));
    let Some(index) = held else {
        // Already dropped by an earlier line of the same use: nothing more leaves.
        return Ok(());
    };
    game.remember(user, Part::Gear);
    let item = game.world.actor_mut(user).map_err(engine)?.equipment.remove(index);
    match cell {
        Some(hex) => {
            game.world.narrate(format!("{user}'s {item} lies at {hex}"), span);
            game.world.ground.entry(hex).or_default().push(item);
        }
        None => game.world.narrate(format!("{user} drops {item} (no map to lie on)"), span),
    }
    Ok(())
}

/// `pick up gear [within N]`: everything lying within `within` (0: the user's own cell).
pub(crate) fn pick_up(
    game: &mut Game,
    context: &Context<'_>,
    within: Option<&Amount>,
    (target, grade): (Option<&str>, Option<i64>),
    span: Span,
) -> Result<(), RuntimeError> {
    let user = context.user;
    let reach = match within {
        Some(amount) => super::effects::amount(game, context, amount, target, grade)?,
        None => 0,
    };
    let Some(from) = game.world.actor(user).map_err(engine)?.position else {
        game.world.narrate(format!("{user} is not on the map: nothing to pick up"), span);
        return Ok(());
    };
    let grid = game.rules.grid;
    let cells: Vec<Hex> = game
        .world
        .ground
        .keys()
        .copied()
        .filter(|hex| grid.distance(from, *hex) <= reach)
        .collect();
    if cells.is_empty() {
        game.world.narrate(format!("nothing lies within {reach} of {user}"), span);
        return Ok(());
    }
    game.remember(user, Part::Gear);
    for hex in cells {
        let items = game.world.ground.remove(&hex).unwrap_or_default();
        game.world.narrate(format!("{user} picks up {} at {hex}", items.join(", ")), span);
        game.world.actor_mut(user).map_err(engine)?.equipment.extend(items);
    }
    Ok(())
}

/// `error` (a use naming a weapon its user has not equipped) with where the weapon lies, when
/// the user dropped it on the map.
pub(crate) fn explain(game: &Game, mut error: RuntimeError) -> RuntimeError {
    if let RuntimeErrorKind::NotEquipped { weapon, hint, .. } = &mut error.kind {
        let lying = game.world.ground.iter().find(|(_, items)| {
            items.iter().any(|item| same_name(item, weapon) || item.eq_ignore_ascii_case(weapon))
        });
        if let Some((hex, _)) = lying {
            *hint = format!(
                "{weapon} was thrown or dropped and lies at {hex}; pick it up first (`pick up gear`)"
            );
        }
    }
    error
}
