//! A power's `Roll:` line: one roll for the whole use, read as `[Roll]` by every target's
//! Result and Effect lines. So it is written once per power, and it reads nothing that
//! differs per target (`Target's Stamina`, `Distance to Target`, `Grade`: that part belongs
//! on the Result line; `Target Number` is refused there by `check::use_names`).

use crate::diagnostics::Diagnostic;
use crate::model::expr::{NameKind, Special};
use crate::model::{BlockBody, Expr, Pack, PowerLine};

/// What `node` reads of one target (`Target's Stamina`, `Distance to Target`, the `Grade`
/// the check reached against it), as written; `None` when it reads no target.
fn per_target(node: &Expr) -> Option<String> {
    match node {
        Expr::Possessive { owner, .. } if owner.node.matches("Target") => Some(node.to_string()),
        Expr::Special(special @ (Special::DistanceToTarget | Special::Grade)) => {
            Some(special.to_string())
        }
        // `Target Number` off a Result line is refused with why by `check::use_names`.
        Expr::Name(name) if name.kind() == NameKind::Special(Special::Grade) => {
            Some(name.as_str().to_string())
        }
        _ => None,
    }
}

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
                    let Some(read) = per_target(node) else { return };
                    out.push(
                        Diagnostic::error(
                            "rules::check::roll_reads_target",
                            format!("a `Roll:` line reads `{read}`, which differs per target"),
                        )
                        .with_primary(span, "rolled once for every target: whose is this?")
                        .with_help(format!(
                            "read it where each target takes the roll: `Result: [Roll - {read}] \
                             damage`"
                        )),
                    );
                },
                expr.span,
            );
        }
    }
}
