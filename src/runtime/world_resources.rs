//! World resources: `Resource Tension: world; start 0; max 6` is one value the world holds
//! (in its pools, saved and undone with it), not one per actor. Effect lines read it in
//! brackets (`[Tension]`) and change it (`gain 1 Tension`, `set Tension to 0`); a change
//! past its `max` or `min` (default 0) stops at the bound and the log says so. The GM sets
//! it with `set world Tension to 3`.

use crate::diagnostics::Span;
use crate::model::Amount;
use crate::model::system::ResourceRule;

use super::Game;
use super::error::RuntimeError;
use super::journal::Part;
use super::rules::Rules;

/// A world resource with its numbers (`check` refuses a world resource whose `start`,
/// `max` or `min` is not a plain number).
#[derive(Clone, Debug)]
pub(crate) struct WorldResource {
    /// The resource's name.
    pub name: String,
    /// What it holds until first changed.
    pub start: i64,
    /// The most it holds.
    pub max: Option<i64>,
    /// The least it holds.
    pub min: i64,
}

/// The world resources among `resources` (declaration order).
pub(crate) fn of(
    resources: &[(String, Vec<crate::diagnostics::Spanned<ResourceRule>>)],
) -> Vec<WorldResource> {
    let number = |amount: &Amount| match amount {
        Amount::Number(number) => number.value().ok().map(|v| v.round(Default::default())),
        _ => None,
    };
    resources
        .iter()
        .filter(|(_, rules)| rules.iter().any(|rule| rule.node == ResourceRule::World))
        .map(|(name, rules)| {
            let mut held = WorldResource { name: name.clone(), start: 0, max: None, min: 0 };
            for rule in rules {
                match &rule.node {
                    ResourceRule::Start(amount) => held.start = number(amount).unwrap_or(0),
                    ResourceRule::Max(amount) => held.max = number(amount),
                    ResourceRule::Min { negative, amount } => {
                        let value = number(amount).unwrap_or(0);
                        held.min = if *negative { -value } else { value };
                    }
                    _ => {}
                }
            }
            held
        })
        .collect()
}

impl Rules {
    /// The world resource called `name` (without regard to case), if it is one.
    pub(crate) fn world_resource(&self, name: &str) -> Option<&WorldResource> {
        self.world_resources.iter().find(|held| held.name.eq_ignore_ascii_case(name))
    }
}

/// What the world resource holds now.
pub(crate) fn value(pools: &std::collections::BTreeMap<String, i64>, held: &WorldResource) -> i64 {
    pools.get(&held.name).copied().unwrap_or(held.start)
}

/// Sets the world resource to `wanted`, stopping at its bounds (and saying so).
pub(crate) fn set(
    game: &mut Game,
    held: &WorldResource,
    wanted: i64,
    span: Span,
) -> Result<(), RuntimeError> {
    let high = held.max.unwrap_or(i64::MAX);
    let kept = wanted.clamp(held.min, high.max(held.min));
    if kept != wanted {
        let bound = if kept < wanted { "above its maximum" } else { "below its minimum" };
        let text = format!("the world's {} cannot go {bound}: {kept}, not {wanted}", held.name);
        game.world.narrate(text, span);
    }
    game.remember("", Part::Pool(&held.name));
    let start = held.start;
    game.world.set_pool(&held.name, start, kept, span);
    Ok(())
}

/// Adds `delta` to the world resource, within its bounds.
pub(crate) fn change(
    game: &mut Game,
    held: &WorldResource,
    delta: i64,
    span: Span,
) -> Result<(), RuntimeError> {
    let now = value(&game.world.pools, held);
    set(game, held, now.saturating_add(delta), span)
}

use crate::model::system::CLOCK_NAMES;

/// `[Clock Day]`, `[Clock Period]`, `[Clock Tick]` (all counted from 0).
pub(crate) fn clock_value(clock: &crate::engine::WorldClock, name: &str) -> Option<i64> {
    let value = match CLOCK_NAMES.iter().position(|known| known.eq_ignore_ascii_case(name))? {
        0 => i64::try_from(clock.day).unwrap_or(i64::MAX),
        1 => i64::from(clock.period),
        _ => i64::from(clock.tick),
    };
    Some(value)
}

/// Gives the clock the `Clock:` line's sizes, keeping where it stands (within them).
pub(crate) fn size_clock(clock: &mut crate::engine::WorldClock, periods: u32, ticks: u32) {
    clock.periods_per_day = periods.max(1);
    clock.ticks_per_period = ticks.max(1);
    clock.period = clock.period.min(clock.periods_per_day - 1);
    clock.tick = clock.tick.min(clock.ticks_per_period - 1);
}

/// `advance the clock by N ticks|periods|days`: ticks roll into periods, periods into days;
/// the clock never runs back.
pub(crate) fn advance(
    game: &mut Game,
    by: i64,
    unit: &crate::diagnostics::Spanned<String>,
) -> Result<(), RuntimeError> {
    let Ok(count) = u32::try_from(by) else {
        let message = format!("the clock cannot advance by {by} {}", unit.node);
        let hint = "advance it by 0 or more".to_string();
        return Err(super::error::RuntimeErrorKind::Flow { message, hint }.at(unit.span));
    };
    game.remember("", Part::Clock);
    match unit.node.trim_end_matches('s') {
        "tick" => game.world.advance_clock_ticks(count),
        "day" => {
            let per_day = u64::from(game.world.clock.periods_per_day.max(1));
            game.world.advance_clock_periods(u64::from(count).saturating_mul(per_day));
        }
        _ => game.world.advance_clock_periods(u64::from(count)),
    }
    Ok(())
}

/// `set world Clock Period to 2` from a session: one of the clock's counts, within its
/// sizes; `None` when `name` is not a clock name.
pub(crate) fn set_clock(
    game: &mut Game,
    name: &str,
    value: i64,
) -> Option<Result<(), RuntimeError>> {
    let index = CLOCK_NAMES.iter().position(|known| known.eq_ignore_ascii_case(name))?;
    let clock = &game.world.clock;
    let most = match index {
        0 => i64::MAX,
        1 => i64::from(clock.periods_per_day) - 1,
        _ => i64::from(clock.ticks_per_period) - 1,
    };
    if !(0..=most).contains(&value) {
        let message =
            format!("{} runs from 0 to {most}; {value} is outside it", CLOCK_NAMES[index]);
        let hint = "the system's `Clock:` line gives the sizes".to_string();
        return Some(Err(super::error::RuntimeErrorKind::Fiat { message, hint }.at(Span::NONE)));
    }
    let clock = &mut game.world.clock;
    match index {
        0 => clock.day = u64::try_from(value).unwrap_or(0),
        1 => clock.period = u32::try_from(value).unwrap_or(0),
        _ => clock.tick = u32::try_from(value).unwrap_or(0),
    }
    let (day, period, tick) = (clock.day, clock.period, clock.tick);
    game.world.record(crate::engine::Event::Clock { day, period, tick });
    Some(Ok(()))
}
