//! Checking the condition lines that relate actors and quantities: `of [Type]` filters and
//! `[Type] damage` types naming a parameter of the condition, lower-case `damage`/`healing`
//! modifiers one letter-case away from a stat of the system, the N an `Includes:` or
//! `Grants:` line passes, and modifiers reading what only a power's use binds.

use super::error::CheckErrorKind;
use super::names::Names;
use crate::diagnostics::{Diagnostic, Spanned};
use crate::model::entity::{Change, TypeFilter};
use crate::model::expr::Special;
use crate::model::{Amount, BlockBody, ConditionLine, Expr, Modifier, Name};

/// Checks the modifiers of a condition block: `of [Type]` must name a parameter, and a
/// lower-case `damage`/`healing` that differs from a stat only by case is flagged.
pub(super) fn check_condition_block(body: &BlockBody, names: &Names, out: &mut Vec<Diagnostic>) {
    let BlockBody::Condition(lines) = body else { return };
    if let (_, Some(trigger)) = crate::model::timing::moments(lines)
        && let Some(line) = lines.iter().find(|l| matches!(l.node, ConditionLine::Trigger(_)))
    {
        let help = format!(
            "a condition's effects run at {} (the hex: where it lies as terrain), joined by \
             `or`; to answer an event, write a system rule: `On hit: if you are Spiky: apply \
             Bleeding`",
            crate::model::timing::condition_moment_wordings()
        );
        out.push(
            CheckErrorKind::TriggerNotRun(trigger).at(line.span).to_diagnostic().with_help(help),
        );
    }
    let parameters = super::names::parameters(body);
    let passed = crate::model::references::passed_conditions(body);
    out.extend(
        passed.into_iter().filter_map(|(condition, included)| unread_n(condition, included)),
    );
    for line in lines {
        let ConditionLine::Modifiers(modifiers) = &line.node else { continue };
        for modifier in modifiers {
            out.extend(unbound_in_modifier(&modifier.node));
        }
    }
    for line in lines {
        let ConditionLine::Modifiers(modifiers) = &line.node else { continue };
        for modifier in modifiers {
            let mut plain = &modifier.node;
            while let Modifier::Relative { modifier, .. } = plain {
                plain = modifier;
            }
            match plain {
                Modifier::Add { stat, .. } | Modifier::Scale { stat, .. } => {
                    let text = stat.node.as_str();
                    let Some(quantity) = ["damage", "healing"].into_iter().find(|q| *q == text)
                    else {
                        continue;
                    };
                    let clash = names
                        .values()
                        .find(|value| *value != quantity && value.eq_ignore_ascii_case(quantity));
                    if let Some(value) = clash {
                        let better =
                            if quantity == "damage" { "damage taken" } else { "healing received" };
                        out.push(
                            CheckErrorKind::AmbiguousQuantity {
                                written: quantity.to_string(),
                                stat: value.to_string(),
                            }
                            .at(stat.span)
                            .to_diagnostic()
                            .with_help(format!(
                                "write `{better}` for the quantity, or `{value}` for the stat"
                            )),
                        );
                    }
                }
                Modifier::Quantity(quantity) => {
                    let Some(TypeFilter::Parameter(name)) = &quantity.of_type else { continue };
                    if !parameters.iter().any(|p| name.node.matches(p)) {
                        out.push(
                            CheckErrorKind::UnknownParameter(name.node.to_string())
                                .at(name.span)
                                .to_diagnostic()
                                .with_help("declare it with `Parameters: N, Type`"),
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

/// The names a condition's modifier reads that nothing binds there: a modifier holds all
/// the time for its holder, between checks and outside any power's use, so `[Grade]`,
/// `[Target's X]`, `[Distance to Target]` and `[Trigger's X]` would read 0 or fail (a
/// relative modifier, `vs Source`, is no different: the scope where its two actors deal binds
/// none of them either).
fn unbound_in_modifier(modifier: &Modifier) -> Vec<Diagnostic> {
    let amounts: Vec<&Amount> = match modifier {
        Modifier::Add { amount, .. } | Modifier::Set { value: amount, .. } => vec![amount],
        Modifier::Scale { factor, .. } => vec![factor],
        Modifier::Quantity(quantity) => {
            let change = match &quantity.change {
                Change::Add { amount, .. } | Change::Leaves { amount } => Some(amount),
                Change::Scale { factor, .. } => Some(factor),
            };
            change.into_iter().chain(quantity.min.as_ref()).collect()
        }
        // A relative modifier (`vs Source`) is read the same way, where its two actors deal.
        Modifier::Relative { modifier, .. } => return unbound_in_modifier(modifier),
    };
    let mut out = Vec::new();
    for amount in amounts {
        let Amount::Expr(expr) = amount else { continue };
        expr.node.visit(
            &mut |node, span| {
                let name = match node {
                    Expr::Special(special @ (Special::Grade | Special::DistanceToTarget)) => {
                        special.to_string()
                    }
                    Expr::Possessive { owner, name }
                        if owner.node.matches("Target") || owner.node.matches("Trigger") =>
                    {
                        format!("{}'s {}", owner.node, name.node)
                    }
                    _ => return,
                };
                let why = "a condition's modifier holds all the time, with no check, target or \
                           trigger to read";
                let kind = CheckErrorKind::UseNameUnbound { name, why: why.into() };
                out.push(kind.at(span).to_diagnostic().with_help(
                    "read the holder's own values (`[N]`, `[Level]`, a stat), or put the \
                     number on the power that applies the condition (`apply Marked [Grade] to \
                     Target`)",
                ));
            },
            expr.span,
        );
    }
    out
}

/// The N an `Includes:` or `Grants:` line gives a condition is a number, or (included) the
/// including condition's own `[N]`: the runtime reads no other bracket there (`[N * 2]` was
/// passed on as the including N, a granted one's as none), so any other is refused.
fn unread_n(condition: &crate::model::ConditionRef, inherits: bool) -> Option<Diagnostic> {
    let Some(Amount::Expr(expr)) = &condition.amount else { return None };
    if inherits && matches!(&expr.node, Expr::Name(name) if name.matches("N")) {
        return None;
    }
    let name = &condition.name.node;
    let (line, read, help) = match inherits {
        true => (
            "Includes",
            "a number or `[N]`",
            format!("write a number (`{name} 2`) or this condition's own N (`{name} [N]`)"),
        ),
        false => ("Grants", "a number", format!("write a number: `{name} 2`")),
    };
    Some(
        Diagnostic::error(
            "rules::check::passed_n",
            format!("`{line}: {condition}`: the runtime reads only {read} here"),
        )
        .with_primary(expr.span, "not read")
        .with_help(help),
    )
}

/// Checks bracketed damage types (`[N] [Type] damage`): each must name a parameter of the
/// block (a condition's `Parameters:` line), whose applied value is the damage type.
pub(super) fn check_type_parameters(
    types: &[&Spanned<Name>],
    parameters: &[String],
    out: &mut Vec<Diagnostic>,
) {
    for kind in types {
        for word in kind.node.as_str().split('/') {
            let Some(name) = word.strip_prefix('[').and_then(|w| w.strip_suffix(']')) else {
                continue;
            };
            if !parameters.iter().any(|p| p.eq_ignore_ascii_case(name)) {
                out.push(
                    CheckErrorKind::UnknownParameter(name.to_string())
                        .at(kind.span)
                        .to_diagnostic()
                        .with_help(
                            "a bracketed damage type is a condition parameter (`Parameters: N, \
                             Type`); elsewhere write the type itself, such as `fire`",
                        ),
                );
            }
        }
    }
}
