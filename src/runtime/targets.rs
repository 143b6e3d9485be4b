//! Choosing a power's targets from its Target line: the count of a creature target, its
//! reach and line to target when positions exist, and the creatures standing in an area
//! (burst, cone, ray, line, path, blast) from its origin. Actors without positions keep the
//! request's targets, so games that never place anyone work as before.

use std::borrow::Cow;

use crate::engine::{Grid, Hex, World};
use crate::model::common::{AreaShape, SelfInArea, SidesInArea, TargetCount};
use crate::model::expr::LineContext;
use crate::model::{PowerLine, Target};

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::power::{Pipeline, Stage, engine};
use super::power_lines::Kinds;
use super::scope::LineScope;
use super::sides::{check_target, kept_in_area};

/// A refusal about positions, at `span`, with a hint.
pub(crate) fn space(message: String, hint: &str, span: crate::diagnostics::Span) -> RuntimeError {
    RuntimeErrorKind::Space { message, hint: hint.to_string() }.at(span)
}

/// The hex of the first wall on every line from `from` to `to`, if all are blocked.
pub(crate) fn walled(world: &World, grid: Grid, from: Hex, to: Hex) -> Option<Hex> {
    grid.clear_line(from, to, |hex| world.walls.contains(&hex)).err()
}

/// The power's targets by name. `Target: Self` (or no Target line) targets the user; a
/// creature target checks the request's count, reach and line to target; an area selects
/// every placed creature in it (see [`area_targets`]). The request's own names are
/// borrowed, not copied.
// Inline: one step of the power pipeline, called once per use; offered to the pipeline's
// own code unit so whether it is inlined does not depend on how modules are partitioned.
// Kept: +46 instructions per attack without it and journal's two (Nov 2026).
#[inline]
pub(crate) fn choose_targets<'a>(
    game: &Game,
    pipeline: &Pipeline<'a>,
    stage: Stage,
) -> Result<Cow<'a, [String]>, RuntimeError> {
    let (context, block, request) = (&pipeline.context, pipeline.block, pipeline.request);
    let (rules, weapon) = (context.rules, context.weapon);
    let target_line = pipeline.lines.first(Kinds::TARGET);
    let Some((target, span)) = target_line.and_then(|line| match &line.node {
        PowerLine::Target(target) => Some((target, line.span)),
        _ => None,
    }) else {
        return Ok(Cow::Borrowed(std::slice::from_ref(&request.actor)));
    };
    let user = game.world.actor(&request.actor).map_err(engine)?;
    let requested = || {
        if request.targets.is_empty() {
            Cow::Borrowed(std::slice::from_ref(&request.actor))
        } else {
            Cow::Borrowed(request.targets.as_slice())
        }
    };
    let scope = LineScope { weapon, ..LineScope::of(rules, user) };
    let rounding = rules.rounding;
    let reach_of = |range: Option<&crate::model::effect::Amount>| match range {
        Some(range) => scope.amount(range, LineContext::Target, rounding).map(Some),
        None => Ok(None),
    };
    let (count, range, nearest, wanted) = match target {
        Target::Creatures { count, range, least, who } => (count, range, least, who.node.as_str()),
        Target::Area { shape, size, range, least, first, user: rule, sides } => {
            // A queued resolution keeps the creatures chosen when the power was used.
            let Some(origin) = user.position.filter(|_| stage == Stage::Use) else {
                return Ok(requested());
            };
            let area = Area {
                shape,
                size: scope.amount(size, LineContext::Target, rounding)?,
                reach: reach_of(range.as_ref())?,
                least: reach_of(least.as_deref())?,
                first: reach_of(first.as_deref())?,
                rule: *rule,
                sides: *sides,
            };
            let chosen = area_targets(&game.world, &request.actor, origin, &area, pipeline, span)?;
            if let Some(outside) = request.targets.iter().find(|name| !chosen.contains(name)) {
                let message = format!("{outside} is not in the area of {}", block.name.node);
                let hint = format!("the area holds: {}", listed(&chosen));
                return Err(space(message, &hint, span));
            }
            return Ok(Cow::Owned(chosen));
        }
        Target::User | Target::Narration(_) => return Ok(requested()),
    };
    let (least, most) = match count {
        None => (1, 1),
        Some(TargetCount::All) => (1, i64::MAX),
        Some(TargetCount::UpTo(amount)) => {
            (1, scope.amount(amount, LineContext::Target, rounding)?)
        }
        Some(TargetCount::Exactly(amount)) => {
            let n = scope.amount(amount, LineContext::Target, rounding)?;
            (n, n)
        }
    };
    let chosen = i64::try_from(request.targets.len()).unwrap_or(i64::MAX);
    if chosen < least || chosen > most {
        let wanted = if least == most {
            format!("{least}")
        } else if most == i64::MAX {
            format!("at least {least}")
        } else {
            format!("{least} to {most}")
        };
        let message = format!("{} takes {wanted} target(s), got {chosen}", block.name.node);
        return Err(RuntimeErrorKind::Targets(message).at(span));
    }
    let (reach, nearest) = (reach_of(range.as_ref())?, reach_of(nearest.as_deref())?);
    for name in &request.targets {
        let target = game.world.actor(name).map_err(engine)?;
        check_target(user, target, wanted, block.name.node.as_str(), span)?;
        let (Some(from), Some(to)) = (user.position, target.position) else { continue };
        let grid = game.rules.grid;
        let distance = grid.distance(from, to);
        if let Some(reach) = reach
            && distance > reach
        {
            let (away, power) = (grid.count(distance), &block.name.node);
            let message = format!("{name} is {away} away; {power} reaches {reach}");
            return Err(space(message, "move closer first, or pick a nearer target", span));
        }
        if let Some(least) = nearest
            && distance < least
        {
            let (away, power) = (grid.count(distance), &block.name.node);
            let message = format!("{name} is {away} away; {power} reaches from {least}");
            return Err(space(message, "step back first, or pick a farther target", span));
        }
        super::gear::too_close(name, (distance, grid), weapon, pipeline.minimum_range)?;
        if let Some(wall) = walled(&game.world, grid, from, to) {
            let message =
                format!("no line to target from {from} to {name} at {to}: wall at {wall}");
            return Err(space(message, "walls block lines to targets; creatures do not", span));
        }
    }
    Ok(Cow::Borrowed(request.targets.as_slice()))
}

/// An area as the Target line gives it, amounts evaluated.
struct Area<'a> {
    shape: &'a AreaShape,
    size: i64,
    reach: Option<i64>,
    least: Option<i64>,
    first: Option<i64>,
    rule: Option<SelfInArea>,
    sides: Option<SidesInArea>,
}

/// The placed creatures in the area, in the area's hex order (nearest the origin first; a
/// burst ring by ring, a cone by depth, a ray or path step by step).
///
/// Origins: an area with a reach (`within R`) starts at the request's first `at` hex, which
/// must be within R with a line to it, and holds that hex; one without a reach starts on
/// the user and does not hold the user's hex. A Cone, Ray or Line points at the next `at`
/// hex; a Path runs through the next `at` hexes in order. An area placed at range counts its
/// user when the user stands in it; one starting on the user does not (`including Self` and
/// `excluding Self` change that). A wall between the origin and a creature shelters it.
/// Then `excluding allies` leaves out the user's side (the user too, unless `including
/// Self`) and `excluding enemies` every other side; actors without a side stay in. An area
/// placed `within 2-3` may not start nearer than 2; `, first N` keeps the first N chosen.
fn area_targets(
    world: &World,
    user: &str,
    position: Hex,
    area: &Area<'_>,
    pipeline: &Pipeline<'_>,
    span: crate::diagnostics::Span,
) -> Result<Vec<String>, RuntimeError> {
    let name = &pipeline.block.name.node;
    let grid = pipeline.context.rules.grid;
    let shape = area.shape.0.to_ascii_lowercase();
    let placed = area.reach.is_some();
    let mut aim = pipeline.request.options.aim.iter().copied();
    let mut next_aim = |what: &str| {
        aim.next().ok_or_else(|| {
            let message = format!("{name} needs {what}");
            space(message, "add `at q,r` to the request (e.g. `Ana uses Blast at 3,-1`)", span)
        })
    };
    let cell = grid.name();
    let origin = if placed { next_aim(&format!("an origin {cell}"))? } else { position };
    if let Some(reach) = area.reach {
        let distance = grid.distance(position, origin);
        if distance > reach {
            let away = grid.count(distance);
            let message = format!("the origin {origin} is {away} away; {name} reaches {reach}");
            return Err(space(message, &format!("pick an origin {cell} within reach"), span));
        }
        if let Some(least) = area.least
            && distance < least
        {
            let away = grid.count(distance);
            let message =
                format!("the origin {origin} is {away} away; {name} reaches from {least}");
            return Err(space(message, &format!("pick an origin {cell} farther away"), span));
        }
        let origin_name = format!("the origin {origin}");
        let weapon = pipeline.context.weapon;
        super::gear::too_close(&origin_name, (distance, grid), weapon, pipeline.minimum_range)?;
        if let Some(wall) = walled(world, grid, position, origin) {
            let message = format!("no line to the origin {origin}: wall at {wall}");
            return Err(space(message, "walls block lines to targets; creatures do not", span));
        }
    }
    let mut hexes = match shape.as_str() {
        "cone" => {
            let toward = next_aim(&format!("a {cell} to point at"))?;
            grid.cone(origin, grid.direction_to(origin, toward), area.size)
        }
        "arc" => {
            let toward = next_aim(&format!("a {cell} to point at"))?;
            grid.arc(origin, grid.direction_to(origin, toward), area.size)
        }
        "ray" | "line" => grid.ray(origin, next_aim(&format!("a {cell} to point at"))?, area.size),
        "path" => {
            let mut waypoints = vec![origin, next_aim(&format!("a {cell} the path runs to"))?];
            waypoints.extend(aim);
            grid.path(&waypoints, area.size)
        }
        _ => grid.burst(origin, area.size),
    };
    if placed && !hexes.contains(&origin) {
        hexes.insert(0, origin);
    }
    let the_user = world.actor(user).map_err(engine)?;
    let counts_user = match area.rule {
        Some(SelfInArea::Including) => true,
        Some(SelfInArea::Excluding) => false,
        None => {
            placed && !(area.sides == Some(SidesInArea::ExcludingAllies) && the_user.side.is_some())
        }
    };
    let mut chosen = Vec::new();
    for hex in hexes {
        let Some(actor) = world.actors.iter().find(|a| a.position == Some(hex)) else { continue };
        let is_user = actor.name == user;
        if (is_user && !counts_user)
            || (!is_user && !kept_in_area(the_user, actor, area.sides))
            || walled(world, grid, origin, hex).is_some()
        {
            continue;
        }
        chosen.push(actor.name.clone());
    }
    if counts_user && !placed && !chosen.iter().any(|n| n == user) {
        // An area starting on its user counts the user only when asked to (`including Self`).
        chosen.insert(0, user.to_string());
    }
    if let Some(first) = area.first {
        // `check` refuses a written `first 0`; a bracket read below 1 is refused the same.
        let kept = usize::try_from(first).ok().filter(|n| *n >= 1).ok_or_else(|| {
            let message = format!("{name} strikes its first {first}: nobody");
            space(message, "an area strikes at least its first creature: `, first 1`", span)
        })?;
        chosen.truncate(kept);
    }
    Ok(chosen)
}

/// Names joined for a hint; `nobody` when empty.
fn listed(names: &[String]) -> String {
    if names.is_empty() { "nobody".to_string() } else { names.join(", ") }
}
