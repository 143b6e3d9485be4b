//! System lines a system declares once: the runtime reads one `Grid:`, one `Turn order:`,
//! one `Default check:` (and the others below), so a second is refused rather than one of
//! the two being dropped in silence.

use crate::diagnostics::{Diagnostic, Span};
use crate::model::labels::{Labels, SystemLabel};
use crate::model::{Pack, SystemLine};

/// The code of a line the system writes twice.
const TWICE: &str = "rules::check::system_line_twice";

/// The label `line` is declared once under, when it is one of those; `Per turn:` and `Per
/// challenge turn:` share one (a system has one set of quotas).
fn once(line: &SystemLine) -> Option<SystemLabel> {
    Some(match line {
        SystemLine::Grid(_) => SystemLabel::Grid,
        SystemLine::Segments(_) => SystemLabel::Segments,
        SystemLine::TurnOrder(_) => SystemLabel::TurnOrder,
        SystemLine::Initiative(_) => SystemLabel::Initiative,
        SystemLine::ActionTicks(_) => SystemLabel::ActionTicks,
        SystemLine::DefaultCheck(_) => SystemLabel::DefaultCheck,
        SystemLine::Rounding(_) => SystemLabel::Rounding,
        SystemLine::Grades(_) => SystemLabel::Grades,
        SystemLine::SideOrder(_) => SystemLabel::SideOrder,
        SystemLine::ChallengeCounters { .. } => SystemLabel::ChallengeCounters,
        SystemLine::PerTurn { .. } => SystemLabel::PerTurn,
        SystemLine::FallbackWeapon(_) => SystemLabel::FallbackWeapon,
        SystemLine::Clock { .. } => SystemLabel::Clock,
        _ => return None,
    })
}

/// Refuses each second line of a kind the system declares once.
pub(super) fn system_once(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut seen: Vec<(SystemLabel, Span)> = Vec::new();
    for line in pack.system_lines() {
        let Some(label) = once(&line.node) else { continue };
        let Some(&(_, first)) = seen.iter().find(|(known, _)| *known == label) else {
            seen.push((label, line.span));
            continue;
        };
        let text = label.info().text;
        out.push(
            Diagnostic::error(TWICE, format!("the system writes its `{text}:` line twice"))
                .with_primary(line.span, "a second one")
                .with_secondary(first, "the first")
                .with_help(format!("the system reads one `{text}:` line: keep the one you mean")),
        );
    }
}
