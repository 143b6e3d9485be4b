//! A check block's `Outcomes KIND:` lines name the outcomes a kind of test settles into,
//! the first whose test holds. Their tests read `Successes`, `Threshold` (the successes
//! needed) and `Margin` only (anything else is refused), so every standing from 0 to 24
//! successes against 0 to 12 needed is tried: two outcomes that hold at once are refused
//! (which one is meant?), and so is an outcome that never holds (it can never be named).

use crate::diagnostics::Diagnostic;
use crate::model::expr::{EvalErrorKind, LineContext, Name, Reference, Scope, Value, evaluate};
use crate::model::steps::NamedOutcomes;
use crate::model::{BlockBody, Pack, ProcedureLine};

/// The most successes and successes needed tried.
const MOST_SUCCESSES: i64 = 24;
const MOST_NEEDED: i64 = 12;

/// One standing of a settled test.
struct Standing {
    successes: i64,
    need: i64,
}

impl Scope for Standing {
    fn lookup(&self, reference: Reference<'_>, _: LineContext) -> Result<Value, EvalErrorKind> {
        let Reference::Name(name) = reference else {
            return Err(EvalErrorKind::UnknownName(String::new()));
        };
        let value = if name.matches("Successes") {
            self.successes
        } else if name.matches("Threshold") {
            self.need
        } else if name.matches("Margin") {
            self.successes - self.need
        } else {
            return Err(EvalErrorKind::UnknownName(name.to_string()));
        };
        Ok(Value::integer(value))
    }

    fn call(&self, function: &Name, _: &[Value]) -> Result<Value, EvalErrorKind> {
        Err(EvalErrorKind::Script(function.to_string()))
    }
}

/// Which of `line`'s outcomes hold at `standing`; the outcome whose test cannot be read
/// there (it reads another name, calls a script) and why.
fn holding(line: &NamedOutcomes, standing: &Standing) -> Result<Vec<usize>, (usize, String)> {
    let mut held = Vec::new();
    for (index, outcome) in line.outcomes.iter().enumerate() {
        let value = evaluate(&outcome.gate, standing, LineContext::Check)
            .map_err(|error| (index, error.kind.to_string()))?;
        if value.as_integer().unwrap_or(0) != 0 {
            held.push(index);
        }
    }
    Ok(held)
}

fn check_line(line: &NamedOutcomes, out: &mut Vec<Diagnostic>) {
    let mut ever = vec![false; line.outcomes.len()];
    let mut overlap = None;
    for need in 0..=MOST_NEEDED {
        for successes in 0..=MOST_SUCCESSES {
            let held = match holding(line, &Standing { successes, need }) {
                Ok(held) => held,
                Err((index, why)) => {
                    let outcome = &line.outcomes[index];
                    let message = format!(
                        "the test of outcome `{}` reads what a settled test does not give: {why}",
                        outcome.name.node
                    );
                    out.push(
                        Diagnostic::error("rules::check::outcome_test", message)
                            .with_primary(outcome.gate.span, "read when the test settles")
                            .with_help(
                                "an outcome's test reads `Successes`, `Threshold` and `Margin`",
                            ),
                    );
                    return;
                }
            };
            held.iter().for_each(|index| ever[*index] = true);
            if let [first, second, ..] = held.as_slice() {
                overlap.get_or_insert((*first, *second, successes, need));
            }
        }
    }
    if let Some((first, second, successes, need)) = overlap {
        let (first, second) = (&line.outcomes[first], &line.outcomes[second]);
        let message = format!(
            "outcomes `{}` and `{}` of `{}` both hold at {} of {need} needed",
            first.name.node,
            second.name.node,
            line.kind.node,
            crate::engine::successes(successes)
        );
        out.push(
            Diagnostic::error("rules::check::outcome_overlap", message)
                .with_primary(second.gate.span, "holds where an earlier outcome does")
                .with_help("make the tests exclusive: `Prevails if [Margin > 0], Stalemate if [Margin <= 0]`"),
        );
    }
    for (outcome, held) in line.outcomes.iter().zip(ever) {
        if held {
            continue;
        }
        let message = format!(
            "outcome `{}` of `{}` never holds (0 to {MOST_SUCCESSES} successes, 0 to \
             {MOST_NEEDED} needed)",
            outcome.name.node, line.kind.node
        );
        out.push(
            Diagnostic::error("rules::check::outcome_unreachable", message)
                .with_primary(outcome.gate.span, "false at every standing")
                .with_help("write a test some settled test meets, or remove the outcome"),
        );
    }
}

/// Every `Outcomes` line of `pack` whose outcomes overlap or never hold, and every kind a
/// check block declares twice (the second would never be read).
pub fn named_outcomes(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Check(lines) = &block.node.body else { continue };
        let mut kinds: Vec<&Name> = Vec::new();
        for line in lines {
            let ProcedureLine::Outcomes(outcomes) = &line.node else { continue };
            let kind = &outcomes.kind;
            if kinds.iter().any(|seen| seen.matches(kind.node.as_str())) {
                out.push(
                    Diagnostic::error(
                        "rules::check::outcome_kind_twice",
                        format!("the kind of test `{}` is declared twice", kind.node),
                    )
                    .with_primary(kind.span, "only the first is read")
                    .with_help("merge the outcomes into one `Outcomes` line"),
                );
                continue;
            }
            kinds.push(&kind.node);
            check_line(outcomes, out);
        }
    }
}
