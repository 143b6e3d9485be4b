//! Checking specialised stats (`Stats G under Parent: A, B`): following parents from any stat
//! must end at a stat without one. On a cycle (`Blades` under `Fighting`, `Fighting` under
//! `Blades`) no stat of it has a value to fall back to, so the cycle is an error.

use std::collections::{BTreeMap, BTreeSet};

use super::error::CheckErrorKind;
use crate::diagnostics::{Diagnostic, Spanned};
use crate::model::{BlockBody, Name, Pack, SystemLine};

/// Reports each cycle of parents once, at the `under` name of its first stat in file order.
pub fn parent_cycles(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let lines = || {
        pack.blocks()
            .filter_map(|block| match &block.node.body {
                BlockBody::System(lines) => Some(lines.iter()),
                _ => None,
            })
            .flatten()
    };
    // Each stat is declared once (a second declaration is a duplicate), so it has at most
    // one parent.
    let mut parents: BTreeMap<String, &Spanned<Name>> = BTreeMap::new();
    for line in lines() {
        if let SystemLine::Stats { parent: Some(parent), stats, .. } = &line.node {
            for stat in stats {
                parents.entry(key(&stat.node)).or_insert(parent);
            }
        }
    }
    let mut reported = BTreeSet::new();
    for line in lines() {
        let SystemLine::Stats { parent: Some(parent), stats, .. } = &line.node else { continue };
        for stat in stats {
            let Some(chain) = cycle_from(&stat.node, &parents) else { continue };
            if chain.iter().any(|name| reported.contains(&key(name))) {
                continue;
            }
            reported.extend(chain.iter().map(key));
            let chain = chain.iter().map(Name::as_str).collect::<Vec<_>>().join(" -> ");
            let kind = CheckErrorKind::ParentCycle {
                stat: stat.node.to_string(),
                chain: format!("{chain} -> {}", stat.node),
            };
            out.push(kind.at(parent.span).to_diagnostic().with_help(
                "a specialised stat falls back to its parent's value, so the chain of `under` \
                 parents must end at a stat declared without one: remove one `under`",
            ));
        }
    }
}

/// The stats from `start` along its parents back to `start`, when they lead back to it.
fn cycle_from(start: &Name, parents: &BTreeMap<String, &Spanned<Name>>) -> Option<Vec<Name>> {
    let mut chain = vec![start.clone()];
    let mut seen = BTreeSet::from([key(start)]);
    let mut current = parents.get(&key(start))?;
    loop {
        let next = key(&current.node);
        if next == key(start) {
            return Some(chain);
        }
        // A cycle that does not pass through `start` is reported from one of its own stats.
        if !seen.insert(next.clone()) {
            return None;
        }
        chain.push(current.node.clone());
        current = parents.get(&next)?;
    }
}

fn key(name: &Name) -> String {
    name.as_str().to_ascii_lowercase()
}
