//! The amount a power's `Cost: choose 1-5 Vigor` lets one use pick: the request's
//! `choosing 3`, else (a person answering) the question, else an error naming the bounds —
//! never a silent default. The pick is paid on the Cost line and read as `Chosen` (and
//! counted in `Spent`) on the use's own lines.

use crate::diagnostics::Span;
use crate::engine::DecisionPoint;
use crate::model::expr::LineContext;
use crate::model::{Block, Cost, CostPart, PowerLine};

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::power::{PowerUse, engine};
use super::power_lines::{Kinds, PowerLines};
use super::rules::Rules;
use super::scope::LineScope;

/// The most options one question lists; a wider range is answered with `choosing N`.
const MAX_ASKED: i64 = 100;

/// The chosen cost part of `lines` and its line's span: the first `choose` part.
fn chosen_part<'a>(lines: &PowerLines<'a>) -> Option<(&'a CostPart, Span)> {
    lines.each(Kinds::COST).find_map(|line| match &line.node {
        PowerLine::Cost(Cost::Resources(parts)) => {
            parts.iter().find(|part| part.up_to.is_some()).map(|part| (part, line.span))
        }
        _ => None,
    })
}

/// The amount this use picks for its chosen cost, `None` when the power chooses nothing
/// (and the request picks nothing). Its bounds are read with the user's stats and `spent`.
pub(crate) fn pick(
    game: &mut Game,
    rules: &Rules,
    (block, lines): (&Block, &PowerLines<'_>),
    weapon: Option<&Block>,
    request: &PowerUse,
    spent: i64,
) -> Result<Option<i64>, RuntimeError> {
    let power = block.name.node.as_str();
    let given = request.options.chosen;
    let Some((part, span)) = chosen_part(lines) else {
        return match given {
            None => Ok(None),
            Some(n) => Err(RuntimeErrorKind::Choice {
                message: format!(
                    "{power}'s cost chooses no amount: `choosing {n}` has nothing to pick"
                ),
                hint: "leave out `choosing N`, or write `Cost: choose 1-5 Vigor` on the power"
                    .into(),
            }
            .at(block.name.span)),
        };
    };
    let (least, most) = {
        let user = game.world.actor(&request.actor).map_err(engine)?;
        let extra = [("Spent", spent)];
        let scope = LineScope { weapon, extra: &extra, ..LineScope::of(rules, user) };
        let Some(most) = part.up_to.as_ref() else { return Ok(None) };
        let least = scope.amount(&part.amount, LineContext::Cost, rules.rounding)?;
        (least, scope.amount(most, LineContext::Cost, rules.rounding)?)
    };
    let resource = part.resource.node.as_str();
    if least > most {
        return Err(RuntimeErrorKind::Choice {
            message: format!(
                "{power}'s cost chooses from {least} to {most} {resource}: the least is above \
                 the most"
            ),
            hint: "write the bounds least first (`choose 1-5`); bracket bounds are read now, \
                   with the user's numbers"
                .into(),
        }
        .at(span));
    }
    let bounds = format!("from {least} to {most} {resource}");
    match given {
        Some(n) if (least..=most).contains(&n) => Ok(Some(n)),
        Some(n) => Err(RuntimeErrorKind::Choice {
            message: format!("{power} takes {bounds}, not {n}"),
            hint: format!("choose {least} to {most}: `choosing {least}`"),
        }
        .at(span)),
        None if game.questions.person && most - least < MAX_ASKED => {
            let options: Vec<String> = (least..=most).map(|n| format!("{n} {resource}")).collect();
            let question = format!("{power}: pay how much {resource}, {least} to {most}?");
            let last = most - least;
            let point = DecisionPoint::Choose { question, options };
            let index = game.ask(&request.actor, point)?.as_amount(last);
            Ok(Some(least + index))
        }
        None => Err(RuntimeErrorKind::Choice {
            message: format!("{power} takes {bounds}, chosen when it is used"),
            hint: format!(
                "say the number: `{} uses {power}{} choosing {least}` (any of {least} to {most})",
                request.actor,
                on_targets(&request.targets)
            ),
        }
        .at(span)),
    }
}

/// ` on Bo, Cy` as a use command names its targets (empty for none).
fn on_targets(targets: &[String]) -> String {
    if targets.is_empty() { String::new() } else { format!(" on {}", targets.join(", ")) }
}
