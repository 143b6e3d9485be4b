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
