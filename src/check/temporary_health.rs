//! Temporary health (`Temporary health: N` on a condition): the N a condition is applied
//! with is what it holds, so applying one without an N (an `apply` with none, an actor's
//! `Conditions:` line, which gives none) would hold nothing; and a heal's `over its maximum
//! as X` puts the excess into X, which must be such a condition.

use crate::diagnostics::Diagnostic;
use crate::model::entity::ActorLine;
use crate::model::{BlockBody, BlockKind, Pack};

use crate::model::references::References;

/// The code of an `over its maximum as X` whose X holds no temporary health.
const NOT_TEMPORARY: &str = "rules::check::not_temporary_health";

/// The code of a temporary-health condition applied without its N.
const WITHOUT_N: &str = "rules::check::temporary_health_without_n";

/// The names of the pack's conditions with a `Temporary health: N` line.
pub(super) fn conditions(pack: &Pack) -> Vec<&str> {
    pack.blocks()
        .filter(|block| block.node.kind.node == BlockKind::Condition)
        .filter(|block| crate::model::entity::holds_temporary_health(&block.node.body))
        .map(|block| block.node.name.node.as_str())
        .collect()
}

/// Checks one block's references against the pack's temporary-health conditions.
pub(super) fn references(
    pack: &Pack,
    temporary: &[&str],
    references: &References<'_>,
    out: &mut Vec<Diagnostic>,
) {
    let holds = |name: &crate::model::Name| temporary.iter().any(|known| name.matches(known));
    for over in &references.over_maximum {
        let name = &over.condition;
        // An unknown condition is reported by the name check.
        let known =
            pack.find(name.node.as_str()).any(|block| block.node.kind.node == BlockKind::Condition);
        if known && !holds(&name.node) {
            out.push(
                Diagnostic::error(
                    NOT_TEMPORARY,
                    format!("`{}` holds no temporary health", name.node),
                )
                .with_primary(name.span, "what a heal puts over the maximum goes here")
                .with_help(format!(
                    "give `condition {}` the line `Temporary health: N`, or name a condition \
                     that has it",
                    name.node
                )),
            );
        }
    }
    for condition in &references.applied {
        if condition.amount.is_none() && holds(&condition.name.node) {
            let name = &condition.name;
            out.push(
                Diagnostic::error(
                    WITHOUT_N,
                    format!("`{}` is applied without its temporary health", name.node),
                )
                .with_primary(name.span, "no N: it would hold no temporary health")
                .with_help(format!(
                    "give the N it holds: `apply {} [Level + 1] to Target`",
                    name.node
                )),
            );
        }
    }
}

/// An actor block listing a temporary-health condition under `Conditions:` (which gives no
/// N) is refused at the name.
pub(super) fn actors(pack: &Pack, temporary: &[&str], out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Actor(lines) = &block.node.body else { continue };
        for line in lines {
            let ActorLine::Conditions(names) = &line.node else { continue };
            for name in names.iter().filter(|n| temporary.iter().any(|t| n.node.matches(t))) {
                out.push(
                    Diagnostic::error(
                        WITHOUT_N,
                        format!("`{}` is listed without its temporary health", name.node),
                    )
                    .with_primary(name.span, "a `Conditions:` line gives no N")
                    .with_help(format!(
                        "apply it with its N instead (a session's `apply {} 3 to NAME`, or a \
                         power's `apply {} [Level + 1] to Target`)",
                        name.node, name.node
                    )),
                );
            }
        }
    }
}
