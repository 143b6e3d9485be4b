//! Checking a power's `Choose:` line: the group must be a `Stats <Group>:` line, and the
//! power's other lines are checked with the bound name standing for the group's first stat
//! (`Skill Fragments` must be a resource once `Skill` is a stat of the group).

use super::error::CheckErrorKind;
use crate::diagnostics::{Diagnostic, Spanned};
use crate::model::bind::{Binding, group_members};
use crate::model::steps::{ChunkJudgement, TESTED_STAT};
use crate::model::{
    Block, BlockBody, Effect, EffectPart, Name, Pack, PowerLine, ProcedureLine, SystemLine,
};

/// How a block's names are checked.
pub enum CheckedAs {
    /// As written: the block chooses nothing.
    Plain,
    /// With the choice bound to the group's first stat.
    Bound(BlockBody),
    /// Not at all: the group is unknown (reported), so every bound name would be too.
    Skip,
}

/// The tested stat (`Stat`) bound to the system's first stat, as a `Choose:` name is.
fn tested_stat(pack: &Pack) -> Option<Binding> {
    let first = pack.system_lines().find_map(|line| match &line.node {
        SystemLine::Stats { stats, .. } => stats.first(),
        _ => None,
    })?;
    Some(Binding { name: Name::new(TESTED_STAT), chosen: vec![first.node.as_str().to_string()] })
}

/// The effects groups a chunk's judgement runs (`do Group`), by name as written.
fn groups_run_by_chunks(pack: &Pack) -> Vec<Name> {
    let mut names = Vec::new();
    for block in pack.blocks() {
        let BlockBody::Check(lines) = &block.node.body else { continue };
        for line in lines {
            let ProcedureLine::ChunkJudgement(judgement) = &line.node else { continue };
            for part in judgement.effects.leaves() {
                if let EffectPart::Effect(Effect::Do { group, .. }) = &part.node {
                    names.push(group.node.clone());
                }
            }
        }
    }
    names
}

/// A system block whose effects groups run from a chunk's judgement, with `Stat` bound
/// in those groups.
fn bound_system(pack: &Pack, lines: &[Spanned<SystemLine>]) -> CheckedAs {
    let run = groups_run_by_chunks(pack);
    let Some(binding) = tested_stat(pack).filter(|_| !run.is_empty()) else {
        return CheckedAs::Plain;
    };
    let bound = lines
        .iter()
        .map(|line| match &line.node {
            SystemLine::Effects { name, effects }
                if run.iter().any(|used| used.matches(name.node.as_str())) =>
            {
                let node =
                    SystemLine::Effects { name: name.clone(), effects: binding.effects(effects) };
                Spanned::new(node, line.span)
            }
            _ => line.clone(),
        })
        .collect();
    CheckedAs::Bound(BlockBody::System(bound))
}

/// A check block whose chunk judgements run effects, with `Stat` (the stat the test
/// invokes) bound to the system's first stat, as a `Choose:` name is.
fn bound_check(pack: &Pack, lines: &[Spanned<ProcedureLine>]) -> CheckedAs {
    let runs_effects = lines.iter().any(|line| {
        matches!(&line.node, ProcedureLine::ChunkJudgement(judgement)
            if !judgement.effects.parts.is_empty())
    });
    let Some(binding) = tested_stat(pack).filter(|_| runs_effects) else {
        return CheckedAs::Plain;
    };
    let bound = lines
        .iter()
        .map(|line| match &line.node {
            ProcedureLine::ChunkJudgement(judgement) => {
                let effects = binding.effects(&judgement.effects);
                let node =
                    ProcedureLine::ChunkJudgement(ChunkJudgement { effects, ..judgement.clone() });
                Spanned::new(node, line.span)
            }
            _ => line.clone(),
        })
        .collect();
    CheckedAs::Bound(BlockBody::Check(bound))
}

/// The power's body with its choice bound for checking (a check block's chunk effects
/// with the tested stat bound).
pub fn bound_for_check(pack: &Pack, block: &Block, out: &mut Vec<Diagnostic>) -> CheckedAs {
    match &block.body {
        BlockBody::Check(lines) => return bound_check(pack, lines),
        BlockBody::System(lines) => return bound_system(pack, lines),
        _ => {}
    }
    let BlockBody::Power(lines) = &block.body else { return CheckedAs::Plain };
    let Some(choice) = lines.iter().find_map(|line| match &line.node {
        PowerLine::Choose(choice) => Some(choice),
        _ => None,
    }) else {
        return CheckedAs::Plain;
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
            None => return CheckedAs::Skip,
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
            return CheckedAs::Skip;
        }
    };
    let binding =
        Binding { name: choice.name.node.clone(), chosen: vec![first.node.as_str().to_string()] };
    CheckedAs::Bound(BlockBody::Power(binding.lines(lines)))
}
