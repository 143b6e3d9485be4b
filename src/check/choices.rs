//! Checking a power's `Choose:` line: the group must be a `Stats <Group>:` line, and the
//! power's other lines are checked with the bound name standing for the group's first stat
//! (`Skill Fragments` must be a resource once `Skill` is a stat of the group).

use super::error::CheckErrorKind;
use crate::diagnostics::Diagnostic;
use crate::model::bind::{Binding, group_members};
use crate::model::{Block, BlockBody, Pack, PowerLine};

/// The power's body with its choice bound for checking; `None` for a block without a
/// `Choose:` line or whose group is unknown (reported to `out`).
pub fn bound_for_check(pack: &Pack, block: &Block, out: &mut Vec<Diagnostic>) -> Option<BlockBody> {
    let BlockBody::Power(lines) = &block.body else { return None };
    let choice = lines.iter().find_map(|line| match &line.node {
        PowerLine::Choose(choice) => Some(choice),
        _ => None,
    })?;
    let system: Vec<_> = pack
        .blocks()
        .filter_map(|block| match &block.node.body {
            BlockBody::System(lines) => Some(lines.iter()),
            _ => None,
        })
        .flatten()
        .collect();
    let first = match group_members(system.iter().copied(), &choice.groups) {
        Ok(members) => members.first().copied()?,
        Err(missing) => {
            if !system.is_empty() || pack.blocks().any(|b| matches!(b.node.body, BlockBody::System(_))) {
                let diagnostic = CheckErrorKind::UnknownGroup(missing.node.to_string())
                    .at(missing.span)
                    .to_diagnostic()
                    .with_help("choose from a group the system declares: `Stats Skills: Blades, Clubs`");
                out.push(diagnostic);
            }
            return None;
        }
    };
    let binding = Binding { name: choice.name.node.clone(), chosen: vec![first.node.0.clone()] };
    Some(BlockBody::Power(binding.lines(lines)))
}
