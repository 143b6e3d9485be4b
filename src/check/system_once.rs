//! System lines a system declares once: the runtime reads one `Grid:`, one `Turn order:`,
//! one `Default check:`, one `Ruling bonus:` (and the others below), so a second that says
//! something else is refused rather than one of the two being dropped in silence.

use crate::diagnostics::{Diagnostic, Span};
use crate::model::labels::{Labels, SystemLabel};
use crate::model::{Pack, SystemLine};

/// The code of a line the system writes twice.
const TWICE: &str = "rules::check::system_line_twice";

/// The label `line` is declared once under (with its name, for a named line: one `Ruling
/// bonus:`, one `Default Might:`), when it is one of those; `Per turn:` and `Per challenge
/// turn:` share one (a system has one set of quotas).
fn once(line: &SystemLine) -> Option<(SystemLabel, Option<&crate::model::Name>)> {
    let label = match line {
        SystemLine::Ruling { name, .. } => return Some((SystemLabel::Ruling, Some(&name.node))),
        SystemLine::Default(set) => return Some((SystemLabel::Default, Some(&set.name.node))),
        SystemLine::Table { name, .. } => return Some((SystemLabel::Table, Some(&name.node))),
        SystemLine::Grid(_) => SystemLabel::Grid,
        SystemLine::Segments(_) => SystemLabel::Segments,
        SystemLine::TurnOrder(_) => SystemLabel::TurnOrder,
        SystemLine::Initiative(_) => SystemLabel::Initiative,
        SystemLine::ActionTicks(_) => SystemLabel::ActionTicks,
        SystemLine::DefaultCheck(_) => SystemLabel::DefaultCheck,
        SystemLine::Rounding(_) => SystemLabel::Rounding,
        SystemLine::SideOrder(_) => SystemLabel::SideOrder,
        SystemLine::ChallengeCounters { .. } => SystemLabel::ChallengeCounters,
        SystemLine::PerTurn { .. } => SystemLabel::PerTurn,
        SystemLine::FallbackWeapon(_) => SystemLabel::FallbackWeapon,
        SystemLine::Clock { .. } => SystemLabel::Clock,
        _ => return None,
    };
    Some((label, None))
}

/// Refuses each second line of a kind the system declares once, unless it says the same
/// as the first (a pack's files may each restate a line).
pub(super) fn system_once(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut seen: Vec<(SystemLabel, Option<&crate::model::Name>, &SystemLine, Span)> = Vec::new();
    for line in pack.system_lines() {
        let Some((label, name)) = once(&line.node) else { continue };
        let same = |other: Option<&crate::model::Name>| match (name, other) {
            (Some(a), Some(b)) => a.matches(b.as_str()),
            (a, b) => a.is_none() && b.is_none(),
        };
        let Some(&(.., said, first)) = seen.iter().find(|(l, n, ..)| *l == label && same(*n))
        else {
            seen.push((label, name, &line.node, line.span));
            continue;
        };
        if said.to_string() == line.node.to_string() {
            continue;
        }
        let text = match name {
            Some(name) => format!("{} {name}", label.info().text),
            None => label.info().text.to_string(),
        };
        out.push(
            Diagnostic::error(TWICE, format!("the system writes its `{text}:` line twice"))
                .with_primary(line.span, "a second one")
                .with_secondary(first, "the first")
                .with_help(format!("the system reads one `{text}:` line: keep the one you mean")),
        );
    }
}
