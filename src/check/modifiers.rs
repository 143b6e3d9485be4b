//! Condition modifiers the runtime would drop. A stat (or resource, or derived value) read
//! through an actor takes every kind of modifier — adds, then scales, then sets — but some
//! targets take fewer: `checks` and `all checks` only add; the quantities `damage` and
//! `healing` add and scale where hits and heals resolve, never set; `reactions` is read by
//! nothing (a condition forbids reactions with `Forbids: Reaction powers`); and a relative
//! modifier (`vs Ranged`, `unless Target is Source`) counts only as an addition to a stat.
//! A modifier's amounts are numbers: it is read whenever the value is, and never rolls.

use super::as_written::RefusalKind;
use crate::diagnostics::{Diagnostic, Span};
use crate::model::entity::{Change, Quantity};
use crate::model::{Amount, BlockBody, ConditionLine, Modifier, Pack};

/// Checks every condition's modifiers.
pub fn modifiers(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Condition(lines) = &block.node.body else { continue };
        for line in lines {
            let ConditionLine::Modifiers(modifiers) = &line.node else { continue };
            for modifier in modifiers {
                if let Some(refusal) = refused(&modifier.node, modifier.span) {
                    out.push(refusal);
                } else if amounts(&modifier.node).iter().any(|a| matches!(a, Amount::Dice(_))) {
                    let kind = RefusalKind::DiceAsNumber { label: "Modifiers" };
                    let help = "write a number or a bracket expression (`+[N] Defense`): a \
                                modifier is read whenever the value is, and never rolls";
                    out.push(kind.at(modifier.span).to_diagnostic().with_help(help));
                }
            }
        }
    }
}

/// Why `modifier` (at `span`) would not count, if it would not.
fn refused(modifier: &Modifier, span: Span) -> Option<Diagnostic> {
    let (kind, stat, relative) = match modifier {
        Modifier::Relative { modifier, .. } => match &**modifier {
            Modifier::Add { stat, .. } => ("addition", stat.node.as_str(), true),
            // `damage taken` counts the attack that deals the hit (its keywords, its user as
            // the condition's source), under every relation written.
            inner if taken(inner) => return None,
            Modifier::Relative { .. } => {
                return Some(refusal(
                    span,
                    "a second `vs`/`unless`",
                    "only counts on `damage taken`",
                    "keep one relation (`+2 Attack vs Ranged`), or write it on `damage taken` \
                     (`damage taken * 0 vs Projectile unless vs Spell`)",
                ));
            }
            Modifier::Set { .. } | Modifier::Scale { .. } | Modifier::Quantity(_) => {
                return Some(refusal(
                    span,
                    "a relative modifier",
                    "only adds to a stat",
                    "write it as an addition (`+2 Attack vs Ranged`), as `damage taken` \
                     (`damage taken * 1.5 vs Ranged`), or without `vs`/`unless`",
                ));
            }
        },
        Modifier::Add { stat, .. } => ("addition", stat.node.as_str(), false),
        Modifier::Set { stat, .. } => ("setting", stat.node.as_str(), false),
        Modifier::Scale { stat, .. } => ("scaling", stat.node.as_str(), false),
        Modifier::Quantity(quantity) => {
            let leaves = matches!(quantity.change, Change::Leaves { .. });
            if leaves && quantity.quantity != Quantity::DamageTaken {
                return Some(refusal(
                    span,
                    &format!("`{}`", quantity.quantity.as_str()),
                    "takes no `leaves`",
                    "only a hit leaves health to floor: write `damage taken leaves 1`, or floor \
                     the amount (`min 1`)",
                ));
            }
            return None;
        }
    };
    let lower = stat.to_ascii_lowercase();
    if lower == "reactions" {
        return Some(refusal(
            span,
            "`reactions`",
            "is read by nothing",
            "forbid reactions with a line of the condition: `Forbids: Reaction powers`",
        ));
    }
    let quantity = matches!(stat, "damage" | "healing");
    if relative && quantity {
        return Some(refusal(
            span,
            &format!("`{stat}` (a quantity)"),
            "takes no relative modifier",
            "write it for the stat it changes (`+2 Defense vs Ranged`), or as a quantity \
             without `vs` (`damage taken - 2`)",
        ));
    }
    match (kind, lower.as_str()) {
        ("setting" | "scaling", "checks" | "all checks") => Some(refusal(
            span,
            &format!("`{stat}`"),
            "only takes additions",
            "write an addition (`-1 all checks`), or change the stats the checks read",
        )),
        ("setting", _) if quantity => Some(refusal(
            span,
            &format!("`{stat}`"),
            "takes additions and scales, not a setting",
            "scale it instead (`damage taken * 0`), or add to it (`healing received - 2`)",
        )),
        _ => None,
    }
}

/// Whether `modifier` is a `damage taken` change, under any number of relations.
fn taken(modifier: &Modifier) -> bool {
    match modifier {
        Modifier::Quantity(quantity) => quantity.quantity == Quantity::DamageTaken,
        Modifier::Relative { modifier, .. } => taken(modifier),
        _ => false,
    }
}

fn refusal(span: Span, what: &str, takes: &str, help: &str) -> Diagnostic {
    let kind = RefusalKind::UncountedModifier { what: what.to_string(), takes: takes.into() };
    kind.at(span).to_diagnostic().with_help(help)
}

/// The amounts of a modifier (its relation's inner modifier's, for a relative one).
fn amounts(modifier: &Modifier) -> Vec<&Amount> {
    match modifier {
        Modifier::Add { amount, .. } | Modifier::Set { value: amount, .. } => vec![amount],
        Modifier::Scale { factor, .. } => vec![factor],
        Modifier::Quantity(quantity) => {
            let change = match &quantity.change {
                Change::Add { amount, .. } => amount,
                Change::Scale { factor, .. } => factor,
                Change::Leaves { amount } => amount,
            };
            std::iter::once(change).chain(quantity.min.as_ref()).collect()
        }
        Modifier::Relative { modifier, .. } => amounts(modifier),
    }
}
