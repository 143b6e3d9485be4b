//! Tables as the runtime reads them: every whole number between a table's lowest and
//! highest row has exactly one row (no gap, no overlap), a table's name calls nothing else
//! (a builtin or a script function), and a lookup takes one number — one written as a
//! constant must have a row. A lookup of a number computed at run time that no row covers
//! is the runtime's error at the line, never a default.

use crate::diagnostics::{Diagnostic, Span};
use crate::link::Symbols;
use crate::model::expr::{Builtin, EvalErrorKind, Value};
use crate::model::table::Table;
use crate::model::{BlockBody, Expr, Pack, SystemLine};

use crate::model::references::References;

/// Checks every table of `pack` and every lookup into one.
pub fn tables(pack: &Pack, symbols: &Symbols, out: &mut Vec<Diagnostic>) {
    let mut declared: Vec<(&str, &Table)> = Vec::new();
    for block in pack.blocks() {
        let BlockBody::System(lines) = &block.node.body else { continue };
        for line in lines {
            let SystemLine::Table { name, table } = &line.node else { continue };
            let text = name.node.as_str();
            if Builtin::from_name(text).is_some() || symbols.function(text).is_some() {
                out.push(
                    Diagnostic::error(
                        "rules::check::table_name",
                        format!("the table `{text}` has the name of a function"),
                    )
                    .with_primary(name.span, "a call of this name would not read the table")
                    .with_help("give the table a name no builtin or script function has"),
                );
            }
            rows(text, table, out);
            declared.push((text, table));
        }
    }
    if declared.is_empty() {
        return;
    }
    for block in pack.blocks() {
        for (expr, _) in References::of(&block.node.body).expressions {
            expr.node.visit(&mut |node, span| lookup(&declared, node, span, out), expr.span);
        }
    }
}

/// Gaps and overlaps between the rows of `table`, in the order of the numbers they cover.
fn rows(name: &str, table: &Table, out: &mut Vec<Diagnostic>) {
    let mut sorted: Vec<_> = table.rows.iter().collect();
    sorted.sort_by_key(|row| row.node.keys.bounds());
    for pair in sorted.windows(2) {
        let [before, after] = pair else { continue };
        let ((_, high), (low, _)) = (before.node.keys.bounds(), after.node.keys.bounds());
        if low <= high {
            out.push(
                Diagnostic::error(
                    "rules::check::table_overlap",
                    format!("two rows of the table `{name}` cover {low}"),
                )
                .with_primary(after.span, "this row")
                .with_secondary(before.span, "and this one")
                .with_help("each number has one row: make the ranges meet without sharing"),
            );
        } else if low > high.saturating_add(1) {
            let missing = high + 1;
            let gap = if low - 1 == missing {
                missing.to_string()
            } else {
                format!("{missing}-{}", low - 1)
            };
            out.push(
                Diagnostic::error(
                    "rules::check::table_gap",
                    format!("the table `{name}` has no row for {gap}"),
                )
                .with_primary(after.span, format!("the row before this one ends at {high}"))
                .with_help("add a row for the missing numbers, or widen a neighbouring row"),
            );
        }
    }
}

/// A call of a table: one argument, and a constant one within the rows.
fn lookup(declared: &[(&str, &Table)], node: &Expr, span: Span, out: &mut Vec<Diagnostic>) {
    let Expr::Call { function, arguments } = node else { return };
    let Some((name, table)) =
        declared.iter().find(|(name, _)| function.node.matches(name)).copied()
    else {
        return;
    };
    let [argument] = arguments.as_slice() else {
        let got = arguments.len();
        let arity = EvalErrorKind::Arity { function: name.to_string(), expected: "1", got };
        out.push(arity.at(span).to_diagnostic());
        return;
    };
    let minus_one = Value::integer(-1);
    let constant = match &argument.node {
        Expr::Number(number) => number.value().ok(),
        Expr::Negate(inner) => match &inner.node {
            Expr::Number(number) => number.value().ok().and_then(|v| v.times(minus_one).ok()),
            _ => None,
        },
        _ => None,
    };
    let Some(key) = constant.and_then(|value| value.as_integer()) else { return };
    if table.lookup(key).is_none() {
        let kind = EvalErrorKind::OutsideTable { table: name.to_string(), key };
        out.push(kind.at(span).to_diagnostic());
    }
}
