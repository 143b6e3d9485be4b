//! The flow of effect lines: `when <test>:` (the rest of the line runs only when the test
//! holds: its brackets read the line's values, its state tests what holds now), `do Group` (the system's `Effects Group:` line run in place), `set R to N`, and
//! `At N Resource:` lines (effects an actor runs when a resource reaches a count, looked at
//! after every effect).

use crate::diagnostics::{Span, Spanned};
use crate::model::common::Test;
use crate::model::{Amount, Effects, Expr, Name, Requirement};

use super::Game;
use super::effects::{Context, amount, execute};
use super::error::{RuntimeError, RuntimeErrorKind, unknown};

/// How deep groups and threshold lines may run inside each other before the run is refused
/// (`check` refuses cycles between groups; a threshold line can still raise its own count).
const MAX_DEPTH: u8 = 16;

/// An `At N Resource:` line, gathered at load.
#[derive(Clone, Debug)]
pub(crate) struct Threshold {
    /// The count.
    pub count: i64,
    /// The resource.
    pub resource: String,
    /// What runs.
    pub effects: Effects,
    /// The line.
    pub span: Span,
}

/// Which actors' resources are at or past each threshold line's count (by line index):
/// a line fires again only after the resource has gone below its count. Taken afresh as
/// every command starts ([`watch_thresholds`]), so undo and the GM's changes never leave
/// it stale: a line fires when a command's effects take the resource to its count.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reached(Vec<(String, usize)>);

/// Whether `test` holds (is not 0) for this effect's user, target and grade.
pub(crate) fn holds(
    game: &mut Game,
    context: &Context<'_>,
    test: &Spanned<Expr>,
    target: Option<&str>,
    grade: Option<i64>,
) -> Result<bool, RuntimeError> {
    let value = amount(game, context, &Amount::Expr(test.clone()), target, grade)?;
    Ok(value != 0)
}

/// Whether an effect line's `when` test holds: each bracket as [`holds`] (the line's
/// values: `Margin`, `Trigger's Damage`, the grade), each state test (`Target is Dazed`,
/// `an ally within 2`) as a `While:` line does, with `Target` the line's target; joined
/// left to right by `and`/`or`.
pub(crate) fn gate_holds(
    game: &mut Game,
    context: &Context<'_>,
    gate: &Requirement,
    target: Option<&str>,
    grade: Option<i64>,
) -> Result<bool, RuntimeError> {
    gate.holds_by(|test: &Spanned<Test>| -> Result<bool, RuntimeError> {
        if let Test::Compare(expr) = &test.node {
            return holds(game, context, expr, target, grade);
        }
        let world = &game.world;
        let user =
            world.actor(context.user).map_err(|e| RuntimeErrorKind::Engine(e).at(test.span))?;
        let target = match target {
            Some(name) => {
                Some(world.actor(name).map_err(|e| RuntimeErrorKind::Engine(e).at(test.span))?)
            }
            None => None,
        };
        let single = Requirement::Tests { first: test.clone(), rest: Vec::new() };
        super::requirement::holds_on(
            (context.rules, world),
            &single,
            (user, target),
            super::requirement::Asked::default(),
            context.trigger,
        )
        .map_err(|e| e.or_at(test.span))
    })
}

/// Runs the system's `Effects name:` line in place of `do name`.
pub(crate) fn run_group(
    game: &mut Game,
    context: &Context<'_>,
    name: &Spanned<Name>,
    target: Option<&str>,
    grade: Option<i64>,
) -> Result<(), RuntimeError> {
    let rules = context.rules;
    let Some((_, effects)) = rules.effect_groups.iter().find(|(group, _)| name.node.matches(group))
    else {
        let names = rules.effect_groups.iter().map(|(group, _)| group.as_str());
        return Err(unknown("effects group", name.node.as_str(), names).at(name.span));
    };
    let bound = context.binding.map(|binding| binding.effects(effects));
    let effects = bound.as_ref().unwrap_or(effects);
    nested(game, name.span, |game| execute(game, context, effects, target, grade, name.span))
}

/// Runs `body` one level deeper, refusing a run deeper than [`MAX_DEPTH`].
fn nested(
    game: &mut Game,
    span: Span,
    body: impl FnOnce(&mut Game) -> Result<(), RuntimeError>,
) -> Result<(), RuntimeError> {
    if game.flow_depth >= MAX_DEPTH {
        let message = format!(
            "effects groups and `At` lines run {MAX_DEPTH} deep inside each other here: a \
             line keeps starting itself"
        );
        let hint = "let an `At` line take its resource below its count (`set Marks to 0`)";
        return Err(RuntimeErrorKind::Flow { message, hint: hint.to_string() }.at(span));
    }
    game.flow_depth += 1;
    let result = body(game);
    game.flow_depth -= 1;
    result
}

/// `set resource to value` on `who`: a value past the resource's bounds stops at the bound,
/// and the log says so.
pub(crate) fn set_resource(
    game: &mut Game,
    who: &str,
    resource: &Spanned<Name>,
    value: i64,
) -> Result<(), RuntimeError> {
    let span = resource.span;
    let actor = game.world.actor(who).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    let name = resource.node.as_str();
    let Some(held) = actor.resources.get(name).copied() else {
        let names = actor.resources.keys().map(String::as_str);
        return Err(unknown("resource", name, names).at(span));
    };
    let kept = held.clamp(value);
    if kept != value {
        let bound = if kept < value { "above its maximum" } else { "below its minimum" };
        game.world
            .narrate(format!("{who}'s {name} cannot go {bound}: set to {kept}, not {value}"), span);
    }
    let delta = kept.saturating_sub(held.current);
    if delta != 0 {
        let rules = std::sync::Arc::clone(&game.rules);
        game.change_resource(who, rules.resource_key(&resource.node), delta, span)?;
    }
    Ok(())
}

/// Notes, as a command starts, which actors' resources are already at or past each `At`
/// line's count (those lines do not fire until the resource goes below it again).
pub(crate) fn watch_thresholds(game: &mut Game) {
    if game.rules.thresholds.is_empty() {
        return;
    }
    let mut reached = Vec::new();
    for (index, line) in game.rules.thresholds.iter().enumerate() {
        for actor in &game.world.actors {
            let held = actor.resources.get(&line.resource);
            if held.is_some_and(|held| held.current >= line.count) {
                reached.push((actor.name.clone(), index));
            }
        }
    }
    game.reached = Reached(reached);
}

/// Runs the `At N Resource:` lines whose count an actor's resource has reached since the
/// last look. One test when the system has none.
// Kept: +89 instructions per attack without the pins of ticks, checks, flow (Nov 2026).
#[inline(always)]
pub(crate) fn threshold_checkpoint(game: &mut Game) -> Result<(), RuntimeError> {
    if game.rules.thresholds.is_empty() {
        return Ok(());
    }
    fire_thresholds(game)
}

// Kept: +89 instructions per attack without the pins of ticks, checks, flow (Nov 2026).
#[inline(never)]
fn fire_thresholds(game: &mut Game) -> Result<(), RuntimeError> {
    let rules = std::sync::Arc::clone(&game.rules);
    for (index, line) in rules.thresholds.iter().enumerate() {
        let names: Vec<String> = game.world.actors.iter().map(|a| a.name.clone()).collect();
        for name in names {
            // A line whose own effects take the counter down but not below the count has
            // reached it again (`At 10 XP: ...; lose 10 XP` from 25 runs twice).
            let mut runs = 0;
            while fire_once(game, &rules, index, line, &name)? {
                runs += 1;
                if runs >= MAX_REACHED {
                    let message = format!(
                        "`At {} {}` reached its count {MAX_REACHED} times in a row for {name}",
                        line.count, line.resource
                    );
                    let hint = "let the line take its resource below its count (`set Marks to 0`)";
                    let kind = RuntimeErrorKind::Flow { message, hint: hint.to_string() };
                    return Err(kind.at(line.span));
                }
            }
        }
    }
    Ok(())
}

/// The most times one `At` line runs for one actor at one look: a counter 1,000 counts past
/// its line is a line that never brings it down.
const MAX_REACHED: usize = 1_000;

/// Runs `line` for `name` when its counter has reached the count since the last look;
/// true when it ran and its effects left the counter lower yet still at the count.
fn fire_once(
    game: &mut Game,
    rules: &super::rules::Rules,
    index: usize,
    line: &Threshold,
    name: &str,
) -> Result<bool, RuntimeError> {
    let current = |game: &Game| {
        let actor = game.world.actor(name).ok()?;
        actor.resources.get(&line.resource).map(|held| held.current)
    };
    let Some(before) = current(game) else { return Ok(false) };
    let key = (name.to_string(), index);
    if before < line.count {
        game.reached.0.retain(|pair| *pair != key);
        return Ok(false);
    }
    if game.reached.0.contains(&key) {
        return Ok(false);
    }
    game.reached.0.push(key.clone());
    let text = match before > line.count {
        // Several changes in one step went past the count: say where it stands.
        true => format!("{name}'s {} reaches {} (it is {before})", line.resource, line.count),
        false => format!("{name}'s {} reaches {}", line.resource, line.count),
    };
    game.world.narrate(text, line.span);
    let context = Context::of(rules, name);
    nested(game, line.span, |game| execute(game, &context, &line.effects, None, None, line.span))?;
    let again = current(game).is_some_and(|after| after < before && after >= line.count);
    if again {
        game.reached.0.retain(|pair| *pair != key);
    }
    Ok(again)
}
