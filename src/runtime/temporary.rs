//! Temporary health: conditions whose N is spent before health (`Temporary health: N`),
//! found once when the pack loads; the heal whose part past the maximum becomes one (`Target
//! heals [X] over its maximum as Bolstered until end of encounter`); and the hooks of those a
//! hit used up. The spending itself is the engine's (`Conditions::absorb`), inside the hit.

use crate::diagnostics::Span;
use crate::model::ConditionRef;
use crate::model::effect::{Amount, OverMaximum};
use crate::model::expr::Number;
use crate::model::hook::HookEvent;

use super::Game;
use super::effects::Context;
use super::error::RuntimeError;
use super::rules::RulesIndex;

/// The names of the conditions with a `Temporary health: N` line, in declaration order.
pub(crate) fn conditions(rules: &RulesIndex) -> Vec<String> {
    rules
        .conditions
        .values()
        .filter(|block| holds_temporary_health(&block.body))
        .map(|block| block.name.node.as_str().to_string())
        .collect()
}

pub(crate) use crate::model::entity::holds_temporary_health;

/// A hit spent the temporary health of `spent` on `who` to 0: they ended (the engine logged
/// it); their `On condition ended` hooks run.
pub(crate) fn ended(
    game: &mut Game,
    who: &str,
    spent: Vec<String>,
    span: Span,
) -> Result<(), RuntimeError> {
    for name in spent {
        let name = super::hooks::EventData::Name(name);
        super::hooks::fire(game, HookEvent::ConditionEnded, who, name, span)?;
    }
    Ok(())
}

/// A heal of `who` asked for `wanted` and raised health by `applied`: the rest becomes the N
/// of `over`'s condition on `who` (its stacking decides against one already held: the larger
/// N stays). A heal that fits under the maximum leaves nothing over and applies nothing.
pub(crate) fn excess(
    game: &mut Game,
    context: &Context<'_>,
    who: &str,
    (wanted, applied): (i64, i64),
    over: &OverMaximum,
    span: Span,
) -> Result<(), RuntimeError> {
    let rest = wanted.saturating_sub(applied);
    if rest <= 0 {
        return Ok(());
    }
    let condition = ConditionRef {
        name: over.condition.clone(),
        amount: Some(Amount::Number(Number::integer(rest))),
        detail: None,
    };
    let applied = (&condition, over.duration.as_ref(), None);
    super::effects::apply_to(game, context, who, applied, (None, None), span)
}
