//! Upgrades against the powers they select: every `Replace:` must match a line of at least
//! one power the upgrade's `To:` selects (with any weapon, for powers whose keywords take
//! the weapon's), and every `With:` needs a `Replace:` before it.

use super::error::CheckErrorKind;
use crate::diagnostics::{Diagnostic, Spanned};
use crate::model::power::LineSwap;
use crate::model::{Block, BlockBody, BlockKind, Pack, TraitLine};

/// Reports Replace lines that match nothing and With lines with nothing to replace.
pub fn replacements(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let powers: Vec<&Block> =
        pack.blocks().map(|b| &b.node).filter(|b| b.kind.node == BlockKind::Power).collect();
    let weapons: Vec<&Block> =
        pack.blocks().map(|b| &b.node).filter(|b| b.kind.node == BlockKind::Weapon).collect();
    for block in pack.blocks() {
        let BlockBody::Trait(lines) = &block.node.body else { continue };
        // Only `Replace:` and `With:` lines are checked here: a trait without them selects
        // nothing worth finding (the selection tries every power with every weapon).
        if !lines.iter().any(|line| matches!(line.node, TraitLine::Replace(_) | TraitLine::With(_)))
        {
            continue;
        }
        let selected: Vec<&Block> = powers
            .iter()
            .copied()
            .filter(|power| {
                lines.iter().any(|line| match &line.node {
                    TraitLine::To(selector) => {
                        selector.selects(power, None)
                            || weapons.iter().any(|w| selector.selects(power, Some(w)))
                    }
                    _ => false,
                })
            })
            .collect();
        let upgrade = block.node.name.node.as_str();
        let mut replacing: Option<&LineSwap> = None;
        for line in lines {
            match &line.node {
                TraitLine::Replace(swap) => {
                    replacing = Some(swap);
                    if swap.line.is_some() && !selected.iter().any(|p| matched(p, swap)) {
                        out.push(replace_nothing(upgrade, line, &selected));
                    }
                }
                TraitLine::With(with) => {
                    let usable = replacing.take().is_some_and(|replace| {
                        selected.iter().all(|power| {
                            let BlockBody::Power(lines) = &power.body else { return true };
                            replace
                                .find_in(lines)
                                .is_none_or(|i| with.replacing(&lines[i].node).is_some())
                        })
                    });
                    if !usable && with.line.is_some() {
                        let upgrade = upgrade.to_string();
                        out.push(
                            CheckErrorKind::WithoutReplace { upgrade }
                                .at(line.span)
                                .to_diagnostic()
                                .with_help(
                                    "put a `Replace:` line before it; a `With:` without a label \
                                     replaces only a Result, Effect, Before or After line",
                                ),
                        );
                    }
                }
                _ => {}
            }
        }
    }
}

fn matched(power: &Block, replace: &LineSwap) -> bool {
    let BlockBody::Power(lines) = &power.body else { return false };
    replace.find_in(lines).is_some()
}

fn replace_nothing(upgrade: &str, line: &Spanned<TraitLine>, selected: &[&Block]) -> Diagnostic {
    let names: Vec<&str> = selected.iter().map(|p| p.name.node.as_str()).collect();
    let help = if names.is_empty() {
        "its `To:` line selects no power (by name or keywords)".to_string()
    } else {
        format!(
            "write the replaced line as the power prints it (`mythforge fmt`), with or without \
             its label; selected: {}",
            names.join(", ")
        )
    };
    CheckErrorKind::ReplaceMatchesNothing { upgrade: upgrade.to_string() }
        .at(line.span)
        .to_diagnostic()
        .with_help(help)
}
