//! Checking a power's `Choose:` line: the group must be a `Stats <Group>:` line, and the
//! power's other lines are checked with the bound name standing for the group's first stat
//! (`Skill Fragments` must be a resource once `Skill` is a stat of the group).

use super::error::CheckErrorKind;
use crate::diagnostics::Diagnostic;
use crate::model::bind::{Binding, group_members};
use crate::model::{Block, BlockBody, Pack, PowerLine};

/// How a block's names are checked.
pub enum Checked {
    /// As written: the block chooses nothing.
    Plain,
    /// With the choice bound to the group's first stat.
    Bound(BlockBody),
    /// Not at all: the group is unknown (reported), so every bound name would be too.
    Skip,
}

/// The power's body with its choice bound for checking.
pub fn bound_for_check(pack: &Pack, block: &Block, out: &mut Vec<Diagnostic>) -> Checked {
    let BlockBody::Power(lines) = &block.body else { return Checked::Plain };
    let Some(choice) = lines.iter().find_map(|line| match &line.node {
        PowerLine::Choose(choice) => Some(choice),
        _ => None,
    }) else {
        return Checked::Plain;
    };
    let system: Vec<_> = pack
        .blocks()
        .filter_map(|block| match &block.node.body {
            BlockBody::System(lines) => Some(lines.iter()),
            _ => None,
        })
        .flatten()
        .collect();
    let first = match group_members(system.iter().copied(), &choice.groups) {
        Ok(members) => match members.first() {
            Some(first) => *first,
            None => return Checked::Skip,
        },
        Err(missing) => {
            if pack.blocks().any(|b| matches!(b.node.body, BlockBody::System(_))) {
                let diagnostic = CheckErrorKind::UnknownGroup(missing.node.to_string())
                    .at(missing.span)
                    .to_diagnostic()
                    .with_help(
                        "choose from a group the system declares: `Stats Skills: Blades, Clubs`",
                    );
                out.push(diagnostic);
            }
            return Checked::Skip;
        }
    };
    let binding =
        Binding { name: choice.name.node.clone(), chosen: vec![first.node.as_str().to_string()] };
    Checked::Bound(BlockBody::Power(binding.lines(lines)))
}
