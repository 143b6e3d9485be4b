//! A condition whose lines read its `N` (`Modifiers: -[N] Defense`) is given one: an
//! `apply` or `lay` without an amount, an `Includes:` without one, or an actor's
//! `Conditions:` line (which gives none), would hold it at N 0 and its lines would read 0
//! where the author meant a number. (Temporary health has its own diagnostic,
//! `temporary_health`.)

use crate::diagnostics::{Diagnostic, Span};
use crate::model::entity::ActorLine;
use crate::model::{BlockBody, BlockKind, Pack};

use crate::model::references::{References, condition_reads_n, passed_conditions};

/// The code of a condition that reads its N given none.
const WITHOUT_N: &str = "rules::check::condition_without_n";

/// The pack's conditions whose lines read `N`, each with where the first reads it.
pub(super) fn readers(pack: &Pack) -> Vec<(&str, Span)> {
    let conditions = pack.blocks().filter(|block| block.node.kind.node == BlockKind::Condition);
    conditions
        .filter(|block| !crate::model::entity::holds_temporary_health(&block.node.body))
        .filter_map(|block| {
            Some((block.node.name.node.as_str(), condition_reads_n(&block.node.body)?))
        })
        .collect()
}

/// The diagnostic for `name` given no N where `read` reads it.
fn without_n(name: &str, at: Span, gives: &str, read: Span, help: String) -> Diagnostic {
    Diagnostic::error(WITHOUT_N, format!("`{name}` is given no N, and its lines read one"))
        .with_primary(at, gives)
        .with_secondary(read, "read here")
        .with_help(help)
}

/// Refuses each `apply` or `lay` in `references` of a condition that reads its N, without one.
pub(super) fn references(
    readers: &[(&str, Span)],
    references: &References<'_>,
    out: &mut Vec<Diagnostic>,
) {
    for condition in references.applied.iter().filter(|c| c.amount.is_none()) {
        let name = &condition.name;
        let Some((_, read)) = readers.iter().find(|(known, _)| name.node.matches(known)) else {
            continue;
        };
        let help = format!("give the N it reads: `{} 2`", name.node);
        out.push(without_n(name.node.as_str(), name.span, "given without an N", *read, help));
    }
}

/// Refuses an `Includes:` or `Grants:` line giving no N to a condition that reads one.
pub(super) fn passed_on(pack: &Pack, readers: &[(&str, Span)], out: &mut Vec<Diagnostic>) {
    let conditions = pack.blocks().filter(|block| block.node.kind.node == BlockKind::Condition);
    for block in conditions {
        let passed = passed_conditions(&block.node.body).into_iter().map(|(c, _)| c);
        for condition in passed.filter(|c| c.amount.is_none()) {
            let name = &condition.name;
            let Some((_, read)) = readers.iter().find(|(known, _)| name.node.matches(known)) else {
                continue;
            };
            let help = format!(
                "give the N it reads: `{} 2`, or `{} [N]` for this one's",
                name.node, name.node
            );
            let gives = "included without an N";
            out.push(without_n(name.node.as_str(), name.span, gives, *read, help));
        }
    }
}

/// Refuses an actor block listing, under `Conditions:`, a condition that reads its N.
pub(super) fn actors(pack: &Pack, readers: &[(&str, Span)], out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Actor(lines) = &block.node.body else { continue };
        for line in lines {
            let ActorLine::Conditions(names) = &line.node else { continue };
            for name in names {
                let Some((_, read)) = readers.iter().find(|(known, _)| name.node.matches(known))
                else {
                    continue;
                };
                let help = format!(
                    "apply it with its N instead (a session's `apply {} 2 to NAME`)",
                    name.node
                );
                let gives = "a `Conditions:` line gives no N";
                out.push(without_n(name.node.as_str(), name.span, gives, *read, help));
            }
        }
    }
}
