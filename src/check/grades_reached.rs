//! Grades a power's check can reach. A one-die check (`total`, `versus`, `roll under`)
//! grades a use 0 (failure) or 1 (success); what else it produced is read by name
//! (`Result Critical:` with the procedure's `Critical:` line, `Result if [Margin >= 5]:`).
//! So on a power checked that way a `Result 2:` or `Effect 2:` line, or a `Result <Label>:`
//! whose label names grade 2 or more, would never run: `check` refuses it.

use super::error::CheckErrorKind;
use crate::diagnostics::{Diagnostic, Span};
use crate::model::power::GradeGate;
use crate::model::system::GradeLabel;
use crate::model::{BlockBody, Method, Pack, PowerLine};

/// Refuses every grade gate of a power that its check's method never reaches.
pub fn grades_reached(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let system: Vec<&GradeLabel> = pack.grade_labels().collect();
    let cap = super::rules::grade_cap(pack).map(|(cap, _)| cap);
    for block in pack.blocks() {
        let BlockBody::Power(lines) = &block.node.body else { continue };
        // A defence's Check line is its side of the attack's check, graded there.
        if lines.iter().any(|line| matches!(line.node, PowerLine::Defence(_))) {
            continue;
        }
        let Some(spec) = PowerLine::check_of(lines) else { continue };
        let Some(procedure) = pack.check_procedure(spec).filter(|p| p.script.is_none()) else {
            continue;
        };
        let Some(method @ (Method::Total | Method::Versus | Method::RollUnder)) = procedure.method
        else {
            continue;
        };
        // A named gate reads the procedure's labels, then the system's, as the runtime does.
        let labelled = |name: &str| {
            crate::model::procedure::gate_grade(Some(&procedure), system.iter().copied(), name)
        };
        for line in lines {
            let (grade, span): (u32, Span) = match &line.node {
                PowerLine::Result {
                    grade: Some(grade),
                    gate: GradeGate::AtLeast | GradeGate::Exactly,
                    ..
                }
                | PowerLine::Effect { grade: Some(grade), .. } => (grade.node, grade.span),
                PowerLine::Result { gate: GradeGate::Named(name), .. } => {
                    match labelled(name.node.as_str()) {
                        Some(grade) => (grade, name.span),
                        None => continue,
                    }
                }
                // `Critical` is a grade only where the system labels one so (as the runtime).
                PowerLine::Result { gate: GradeGate::Critical, .. } => {
                    let system = system.iter().copied();
                    match crate::model::procedure::gate_grade(None, system, "Critical") {
                        Some(grade) => (grade, line.span),
                        None => continue,
                    }
                }
                _ => continue,
            };
            // Above the grade cap, `grade_above_cap` has said so at the same place.
            let capped = cap.is_some_and(|cap| i64::from(grade) > cap);
            if grade < 2 || capped {
                continue;
            }
            let kind = CheckErrorKind::GradeNeverReached {
                grade,
                procedure: procedure.name.to_string(),
                method: method.to_string(),
            };
            out.push(kind.at(span).to_diagnostic().with_help(
                "read what the check produced by name: `Result Critical:` (with a `Critical:` \
                 line on the procedure) or `Result if [Margin >= 5]:`",
            ));
        }
    }
}
