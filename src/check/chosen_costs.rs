//! Chosen costs (`Cost: choose 1-5 Vigor`) as the runtime can pay them: only on a power's
//! Cost line (a stance pays its cost with no use to pick), one per power (its lines read
//! one `Chosen`), bounds least first, and bounds that read neither `Chosen` nor `Spent`
//! (they are read before the use picks).

use crate::diagnostics::{Diagnostic, Span};
use crate::model::{Amount, BlockBody, Cost, CostPart, Expr, Pack, PowerLine, TraitLine};

use super::error::CheckErrorKind;

/// Every chosen cost of `pack` that the runtime could not pay as written.
pub fn chosen_costs(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        match &block.node.body {
            BlockBody::Power(lines) => {
                let mut first: Option<Span> = None;
                for line in lines {
                    let PowerLine::Cost(Cost::Resources(parts)) = &line.node else { continue };
                    for part in parts.iter().filter(|part| part.up_to.is_some()) {
                        if let Some(earlier) = first {
                            let message = "a power picks one chosen cost per use".to_string();
                            out.push(
                                refuse(message, line.span)
                                    .with_secondary(earlier, "the first chosen cost")
                                    .with_help(
                                        "keep one `choose` part; other parts can read \
                                         `[Chosen]` (`choose 1-3 Vigor + [Chosen] Focus`)",
                                    ),
                            );
                        }
                        first.get_or_insert(line.span);
                        bounds(part, line.span, out);
                    }
                }
            }
            BlockBody::Trait(lines) => {
                for line in lines {
                    let TraitLine::Cost(Cost::Resources(parts)) = &line.node else { continue };
                    if parts.iter().any(|part| part.up_to.is_some()) {
                        let message = format!(
                            "`{}` cannot choose its cost: only a power's use picks an amount",
                            block.node.name.node
                        );
                        out.push(refuse(message, line.span).with_help(
                            "write a fixed cost (`Cost: 2 Vigor`), or make it a power with \
                             `Cost: choose 1-5 Vigor`",
                        ));
                    }
                }
            }
            _ => {}
        }
    }
}

/// A chosen part's bounds: least first, and not reading what the use picks.
fn bounds(part: &CostPart, span: Span, out: &mut Vec<Diagnostic>) {
    let Some(most) = &part.up_to else { return };
    if let (Some(least), Some(high)) = (part.amount.whole_number(), most.whole_number())
        && least > high
    {
        let message = format!("the chosen cost's least ({least}) is above its most ({high})");
        out.push(refuse(message, span).with_help(format!(
            "write the least first: `choose {high}-{least} {}`",
            part.resource.node
        )));
    }
    for bound in [&part.amount, most] {
        let Amount::Expr(expr) = bound else { continue };
        expr.node.visit(
            &mut |node, at| {
                if let Expr::Name(name) = node
                    && ["Chosen", "Spent"].iter().any(|use_name| name.matches(use_name))
                {
                    let message = format!("a chosen cost's bound cannot read `{name}`");
                    out.push(refuse(message, at).with_help(
                        "the bounds are read before the use picks: read stats, resources or \
                         the weapon there",
                    ));
                }
            },
            expr.span,
        );
    }
}

/// A chosen-cost diagnostic at `span`.
fn refuse(message: String, span: Span) -> Diagnostic {
    CheckErrorKind::ChosenCost(message).at(span).to_diagnostic()
}
