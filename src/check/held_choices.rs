//! A trait's `Choices: Lunge or Parry; Feint or Riposte` (a class whose every
//! tier offers a choice of skills): each name must be a power or trait of the pack, and an
//! actor block listing the trait may list (among its powers and traits) at most one name of
//! each group. Refused: an unknown name (with did-you-mean), and an actor block holding two
//! of one group (at the second, with the trait's group as secondary label).

use super::error::CheckErrorKind;
use super::names::with_suggestion;
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::{ActorLine, BlockBody, BlockKind, Name, Pack, TraitLine};

const CODE: &str = "rules::check::choices_held";

/// One `Choices:` line: the trait's name and its groups.
type Choices<'a> = (&'a Spanned<Name>, &'a [Spanned<Vec<Spanned<Name>>>]);

/// Checks every `Choices:` line of `pack` and the actor blocks listing its trait.
pub fn held_choices(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut lines: Vec<Choices<'_>> = Vec::new();
    for block in pack.blocks() {
        let BlockBody::Trait(body) = &block.node.body else { continue };
        for line in body {
            if let TraitLine::Choices(groups) = &line.node {
                lines.push((&block.node.name, groups));
            }
        }
    }
    if lines.is_empty() {
        return;
    }
    let known: Vec<&str> = pack
        .blocks()
        .filter(|block| matches!(block.node.kind.node, BlockKind::Power | BlockKind::Trait(_)))
        .map(|block| block.node.name.node.as_str())
        .collect();
    for (_, groups) in &lines {
        for name in groups.iter().flat_map(|group| group.node.iter()) {
            let text = name.node.as_str();
            if !known.iter().any(|known| known.eq_ignore_ascii_case(text)) {
                let kind =
                    CheckErrorKind::UnknownReference { what: "power or trait", name: text.into() };
                out.push(with_suggestion(
                    kind.at(name.span),
                    text,
                    known.iter().copied(),
                    "define it with a power, feat or stance block, or leave the group out until \
                     both choices are written",
                ));
            }
        }
    }
    for block in pack.blocks() {
        let BlockBody::Actor(body) = &block.node.body else { continue };
        let listed: Vec<&Spanned<Name>> = body
            .iter()
            .filter_map(|line| match &line.node {
                ActorLine::Powers(names) | ActorLine::Traits(names) => Some(names),
                _ => None,
            })
            .flatten()
            .collect();
        for (owner, groups) in &lines {
            if !listed.iter().any(|name| name.node.matches(owner.node.as_str())) {
                continue;
            }
            for group in groups.iter() {
                let mut held = listed.iter().filter(|name| {
                    group.node.iter().any(|choice| choice.node.matches(name.node.as_str()))
                });
                let (Some(first), Some(second)) = (held.next(), held.next()) else { continue };
                out.push(refusal(block.node.name.node.as_str(), owner, group, first, second.span));
            }
        }
    }
}

/// The refusal of an actor listing both `first` and the name at `second` of one group.
fn refusal(
    actor: &str,
    owner: &Spanned<Name>,
    group: &Spanned<Vec<Spanned<Name>>>,
    first: &Spanned<Name>,
    second: Span,
) -> Diagnostic {
    let names: Vec<&str> = group.node.iter().map(|name| name.node.as_str()).collect();
    let owner = owner.node.as_str();
    Diagnostic::error(
        CODE,
        format!("{actor} has more than one of {}: {} allows one", names.join(" or "), owner),
    )
    .with_primary(second, format!("{actor} already has {}", first.node.as_str()))
    .with_secondary(group.span, format!("one of these ({owner}'s `Choices:`)"))
    .with_help(format!("keep one of {} on {actor}'s block", names.join(" or ")))
}
