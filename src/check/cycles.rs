//! Definitions that depend on themselves: a derived value whose expression reads itself
//! through other derived values (`Derived Guard: [Ward + 1]`, `Derived Ward: [Guard + 1]`),
//! and a condition that includes itself through other conditions. Both checked clean before
//! and failed (or looped) only in play; each node on a cycle is reported once, at its
//! definition, with the path back to itself.

use std::collections::BTreeMap;

use crate::diagnostics::{Diagnostic, Span};
use crate::model::expr::Expr;
use crate::model::{BlockBody, ConditionLine, Pack, SystemLine};

/// A dependency graph: each node's definition span and the nodes it depends on.
pub(super) type Graph = BTreeMap<String, (Span, Vec<String>)>;

/// Reports every derived value and condition that depends on itself.
pub fn cycles(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let (mut derived, mut conditions) = (Graph::new(), Graph::new());
    for block in pack.blocks() {
        match &block.node.body {
            BlockBody::System(lines) => {
                for line in lines {
                    let SystemLine::Derived { name, value } = &line.node else { continue };
                    let mut reads = Vec::new();
                    value.node.visit(
                        &mut |expr, _| {
                            if let Expr::Name(read) = expr {
                                reads.push(read.to_string());
                            }
                        },
                        value.span,
                    );
                    derived.entry(name.node.to_string()).or_insert((name.span, reads));
                }
            }
            BlockBody::Condition(lines) => {
                let includes = lines.iter().filter_map(|line| match &line.node {
                    ConditionLine::Includes(names) => Some(names),
                    _ => None,
                });
                let names = includes.flatten().map(|r| r.node.name.node.to_string()).collect();
                conditions
                    .entry(block.node.name.node.to_string())
                    .or_insert((block.node.name.span, names));
            }
            _ => {}
        }
    }
    report(&derived, "rules::check::derived_cycle", "derived value", out);
    report(&conditions, "rules::check::condition_cycle", "condition", out);
}

pub(super) fn report(graph: &Graph, code: &str, what: &str, out: &mut Vec<Diagnostic>) {
    for (start, (span, _)) in graph {
        let Some(path) = path_back(graph, start) else { continue };
        let through = path.join("` → `");
        out.push(
            Diagnostic::error(
                code,
                format!("{what} `{start}` depends on itself: `{start}` → `{through}`"),
            )
            .with_primary(*span, "defined here")
            .with_help(format!("a {what} cannot depend on itself; break the loop at one of them")),
        );
    }
}

/// The shortest path of dependencies from `start` back to `start`, if there is one
/// (breadth first, so the message names the smallest loop).
fn path_back(graph: &Graph, start: &str) -> Option<Vec<String>> {
    let mut previous: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        let Some((_, next)) = graph.get(node) else { continue };
        for dependency in next {
            if dependency == start {
                let mut path = vec![start.to_string()];
                let mut at = node;
                while at != start {
                    path.push(at.to_string());
                    at = previous[at];
                }
                // Reversed, the path runs from the first step after start to node and closes
                // back at start.
                path.reverse();
                return Some(path);
            }
            if graph.contains_key(dependency.as_str())
                && !previous.contains_key(dependency.as_str())
            {
                previous.insert(dependency, node);
                queue.push_back(dependency);
            }
        }
    }
    None
}
