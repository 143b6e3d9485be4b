//! The creation budget: `Creation: 8 points among Attributes, 0-4 each` holds every created
//! character — an actor block that names no `Side:` (foes and others name theirs) — to
//! spending at most that many points among the stats of the `Stats Attributes:` group, each
//! within the range. A trait the block lists raises its budget (`Creation: +2 points`). A
//! stat of the group the block leaves out counts its `Default` (0 without one). Refused: a
//! block over budget (at its `Stats:` line, with the total and the budget), a stat outside
//! the range (at the stat), a point that is not a plain number, a group no `Stats` line
//! declares, and a trait's `Creation:` line in a system without a budget.

use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::system::CreationBudget;
use crate::model::{ActorLine, Amount, Assignment, BlockBody, Name, Pack, SystemLine, TraitLine};

const CODE: &str = "rules::check::creation";

/// A plain number as written (`-` included); `None` for anything else.
fn number(assignment: &Assignment) -> Option<i64> {
    let Amount::Number(number) = &assignment.value else { return None };
    let value = number.value().ok()?.round(Default::default());
    Some(if assignment.negative { -value } else { value })
}

/// Checks every created character of `pack` against the system's `Creation:` line.
pub fn creation(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let budgets: Vec<&CreationBudget> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Creation(budget) => Some(budget),
            _ => None,
        })
        .collect();
    // Each trait's `Creation: +N points`, by trait name.
    let mut raises: Vec<(&Spanned<Name>, i64, Span)> = Vec::new();
    for block in pack.blocks() {
        let BlockBody::Trait(lines) = &block.node.body else { continue };
        for line in lines {
            if let TraitLine::Creation(points) = line.node {
                raises.push((&block.node.name, points, line.span));
            }
        }
    }
    let Some(budget) = budgets.first() else {
        for (_, _, span) in &raises {
            out.push(
                Diagnostic::error(CODE, "the system has no creation budget to raise")
                    .with_primary(*span, "no `Creation:` line in the system block")
                    .with_help("declare one: `Creation: 8 points among Attributes, 0-4 each`"),
            );
        }
        return;
    };
    let stats: Vec<&Spanned<Name>> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Stats { group: Some(group), stats, .. }
                if group.node.matches(budget.group.node.as_str()) =>
            {
                Some(stats)
            }
            _ => None,
        })
        .flatten()
        .collect();
    if stats.is_empty() {
        out.push(
            Diagnostic::error(CODE, format!("no stats group is called {}", budget.group.node))
                .with_primary(budget.group.span, "no `Stats` line declares this group")
                .with_help(format!("declare it: `Stats {}: Strength, Agility`", budget.group.node)),
        );
        return;
    }
    let default = |stat: &Name| {
        pack.system_lines()
            .find_map(|line| match &line.node {
                SystemLine::Default(default) if default.name.node.matches(stat.as_str()) => {
                    number(default)
                }
                _ => None,
            })
            .unwrap_or(0)
    };
    for block in pack.blocks() {
        let BlockBody::Actor(lines) = &block.node.body else { continue };
        if lines.iter().any(|line| matches!(line.node, ActorLine::Side(_))) {
            continue;
        }
        let name = &block.node.name.node;
        let written: Vec<&Spanned<Assignment>> = lines
            .iter()
            .filter_map(|line| match &line.node {
                ActorLine::Stats(values) => Some(values),
                _ => None,
            })
            .flatten()
            .collect();
        let at = lines
            .iter()
            .find(|line| matches!(line.node, ActorLine::Stats(_)))
            .map_or(block.node.name.span, |line| line.span);
        let mut total = 0;
        let mut counted = true;
        for stat in &stats {
            let found =
                written.iter().rev().find(|value| value.node.name.node.matches(stat.node.as_str()));
            let (value, span) = match found {
                Some(value) => match number(&value.node) {
                    Some(points) => (points, value.span),
                    None => {
                        out.push(
                            Diagnostic::error(
                                CODE,
                                format!("{name}'s {} is not a plain number of points", stat.node),
                            )
                            .with_primary(value.span, "a created character's points are counted")
                            .with_help(format!("write the points spent: `{} 2`", stat.node)),
                        );
                        counted = false;
                        continue;
                    }
                },
                None => (default(&stat.node), at),
            };
            if !(budget.low..=budget.high).contains(&value) {
                out.push(
                    Diagnostic::error(
                        CODE,
                        format!(
                            "{name}'s {} {value} is outside the creation range {} to {}",
                            stat.node, budget.low, budget.high
                        ),
                    )
                    .with_primary(span, "outside the range")
                    .with_secondary(budget.group.span, "the system's `Creation:` line")
                    .with_help(format!(
                        "each of {} holds {} to {} at creation",
                        budget.group.node, budget.low, budget.high
                    )),
                );
            }
            total += value;
        }
        let traits: Vec<&Spanned<Name>> = lines
            .iter()
            .filter_map(|line| match &line.node {
                ActorLine::Traits(names) => Some(names),
                _ => None,
            })
            .flatten()
            .collect();
        let mut allowed = budget.points;
        let mut from = Vec::new();
        for (trait_name, points, _) in &raises {
            if traits.iter().any(|listed| listed.node.matches(trait_name.node.as_str())) {
                allowed += points;
                from.push(format!("{points:+} from {}", trait_name.node));
            }
        }
        if counted && total > allowed {
            let budget_text = match from.is_empty() {
                true => format!("{allowed}"),
                false => format!("{allowed} ({}, {})", budget.points, from.join(", ")),
            };
            out.push(
                Diagnostic::error(
                    CODE,
                    format!(
                        "{name} spends {total} creation points among {}; the budget is {budget_text}",
                        budget.group.node
                    ),
                )
                .with_primary(at, format!("{total} points"))
                .with_secondary(budget.group.span, "the system's `Creation:` line")
                .with_help(format!(
                    "take {} off its {}, or list a trait that raises the budget \
                     (`Creation: +2 points`)",
                    match total - allowed {
                        1 => "1 point".to_string(),
                        over => format!("{over} points"),
                    },
                    budget.group.node
                )),
            );
        }
    }
}
