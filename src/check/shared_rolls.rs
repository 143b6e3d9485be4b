//! A power's `Roll:` line: one roll for the whole use, read as `[Roll]` by every target's
//! Result and Effect lines. So it is written once per power, and it reads no target's values
//! (`Target's Stamina` differs per target: that part belongs on the Result line).

use crate::diagnostics::Diagnostic;
use crate::model::{BlockBody, Expr, Pack, PowerLine};

/// Every problem with the `Roll:` lines of `pack`'s powers.
pub fn shared_rolls(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Power(lines) = &block.node.body else { continue };
        let mut first = None;
        for line in lines {
            let PowerLine::Roll(amount) = &line.node else { continue };
            if let Some(first) = first {
                out.push(
                    Diagnostic::error(
                        "rules::check::second_roll",
                        format!("`{}` has a second `Roll:` line", block.node.name.node),
                    )
                    .with_primary(line.span, "a second roll")
                    .with_secondary(first, "its roll")
                    .with_help("a power makes one shared roll: write it on one `Roll:` line"),
                );
                continue;
            }
            first = Some(line.span);
            let crate::model::Amount::Expr(expr) = amount else { continue };
            expr.node.visit(
                &mut |node, span| {
                    let Expr::Possessive { owner, name } = node else { return };
                    if !owner.node.matches("Target") {
                        return;
                    }
                    out.push(
                        Diagnostic::error(
                            "rules::check::roll_reads_target",
                            "a `Roll:` line reads a target's value",
                        )
                        .with_primary(span, "rolled once for every target: whose is this?")
                        .with_help(format!(
                            "subtract it where each target takes it: `Result: [Roll - \
                             Target's {}] damage`",
                            name.node
                        )),
                    );
                },
                expr.span,
            );
        }
    }
}
