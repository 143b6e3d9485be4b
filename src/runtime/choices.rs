//! The choices one power use makes: the stats a `Choose:` line binds (`choosing Blades`)
//! and the number a `Threshold: set by GM` line takes (`threshold 14`). Validates them
//! against the power and returns the power's lines with both filled in, so the rest of the
//! pipeline reads an ordinary power.

use crate::diagnostics::{Span, Spanned, did_you_mean};
use crate::model::bind::{Binding, group_members};
use crate::model::{Block, BlockBody, Choice, Expr, Number, PowerLine};

use super::error::{RuntimeError, RuntimeErrorKind};
use super::power::PowerOptions;
use super::power_lines::{Kinds, PowerLines};
use super::rules::Rules;

fn choice_error(message: String, hint: String, span: Span) -> RuntimeError {
    RuntimeErrorKind::Choice { message, hint }.at(span)
}

/// `block` with the use's choices bound, or `None` when the power makes no choice (and the
/// request brings none). A choice the power does not ask for is an error, as is a missing,
/// unknown or surplus one.
// Inline: most uses of most powers ask nothing and give nothing.
// Kept: +169 instructions per attack without the six guards' pins (Nov 2026).
#[inline]
pub(crate) fn bind(
    rules: &Rules,
    block: &Block,
    written: PowerLines<'_>,
    options: &PowerOptions,
) -> Result<Option<Block>, RuntimeError> {
    let asks = written.has(Kinds::CHOOSE | Kinds::GM_THRESHOLD);
    if !asks && options.choices.is_empty() && options.threshold.is_none() {
        return Ok(None);
    }
    bind_choices(rules, block, options)
}

/// [`bind`] for a power that asks a choice or a use that makes one.
fn bind_choices(
    rules: &Rules,
    block: &Block,
    options: &PowerOptions,
) -> Result<Option<Block>, RuntimeError> {
    let BlockBody::Power(lines) = &block.body else { return Ok(None) };
    let power = block.name.node.as_str();
    // The first of each line, in one pass: every use of every power asks.
    let (mut choose, mut gm) = (None, None);
    for line in lines {
        match &line.node {
            PowerLine::Choose(choice) if choose.is_none() => choose = Some((choice, line.span)),
            PowerLine::GmThreshold(default) if gm.is_none() => gm = Some((default, line.span)),
            _ => {}
        }
    }
    if choose.is_none() && !options.choices.is_empty() {
        let message = format!("{power} has no `Choose:` line: nothing to choose");
        let hint = "leave out `choosing ...`".to_string();
        return Err(choice_error(message, hint, block.name.span));
    }
    if gm.is_none() && options.threshold.is_some() {
        let message = format!("{power}'s threshold is not set by the GM");
        let hint = "leave out `threshold N`, or write `Threshold: set by GM` on the power".into();
        return Err(choice_error(message, hint, block.name.span));
    }
    if choose.is_none() && gm.is_none() {
        return Ok(None);
    }
    let binding = match choose {
        Some((choice, span)) => Some(chosen(rules, power, choice, span, &options.choices)?),
        None => None,
    };
    let mut bound = Vec::with_capacity(lines.len());
    for line in lines {
        let node = match (&line.node, &binding) {
            (PowerLine::GmThreshold(default), _) => {
                let expr = match (options.threshold, default) {
                    (Some(value), _) => {
                        Spanned::new(Expr::Number(Number::integer(value)), line.span)
                    }
                    (None, Some(default)) => default.clone(),
                    (None, None) => {
                        let message = format!("{power}'s threshold is set by the GM: give it");
                        let hint = format!("add `threshold N` to the use of {power}");
                        return Err(choice_error(message, hint, line.span));
                    }
                };
                PowerLine::Threshold(binding.as_ref().map_or(expr.clone(), |b| b.expr(&expr)))
            }
            (other, Some(binding)) => binding.line(other),
            (other, None) => other.clone(),
        };
        bound.push(Spanned::new(node, line.span));
    }
    Ok(Some(Block { body: BlockBody::Power(bound), ..block.clone() }))
}

/// The request's stats checked against the Choose line: each one of the group, no repeats,
/// as many as the line allows. Names are returned as the group declares them.
fn chosen(
    rules: &Rules,
    power: &str,
    choice: &Choice,
    span: Span,
    requested: &[String],
) -> Result<Binding, RuntimeError> {
    let group = choice.groups_text();
    let group = group.as_str();
    let members = group_members(&rules.system, &choice.groups).map_err(|missing| {
        let missing = missing.node.as_str();
        let message =
            format!("{power} chooses from `{missing}`, which no `Stats {missing}:` line declares");
        choice_error(message, "declare the group in the system block".into(), span)
    })?;
    let list = members.iter().map(|m| m.node.as_str()).collect::<Vec<_>>().join(", ");
    let (low, high) = choice.bounds();
    let wanted = if low == high { format!("{low}") } else { format!("{low} to {high}") };
    let count = requested.len() as u64;
    if count < u64::from(low) || count > u64::from(high) {
        let message = if requested.is_empty() {
            format!("{power} needs a choice of {wanted} of {group}")
        } else {
            format!("{power} chooses {wanted} of {group}, not {count}")
        };
        let hint = format!("add `choosing <stat>` with {wanted} of: {list}");
        return Err(choice_error(message, hint, span));
    }
    let mut chosen: Vec<String> = Vec::with_capacity(requested.len());
    for name in requested {
        let Some(member) = members.iter().find(|m| m.node.matches(name)) else {
            let message = format!("`{name}` is not one of {group}");
            let candidates = members.iter().map(|m| m.node.as_str());
            let hint = match did_you_mean(name, candidates) {
                Some(suggestion) => format!("did you mean `{suggestion}`? {group}: {list}"),
                None => format!("{group}: {list}"),
            };
            return Err(choice_error(message, hint, span));
        };
        let member = member.node.as_str().to_string();
        if chosen.contains(&member) {
            let message = format!("`{member}` is chosen twice");
            return Err(choice_error(message, format!("choose different stats of {group}"), span));
        }
        chosen.push(member);
    }
    Ok(Binding { name: choice.name.node.clone(), chosen })
}
