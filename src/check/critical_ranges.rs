//! `Critical: natural in ...` as the runtime reads it: faces low to high (`18-20`), or a
//! bracket naming a `range` field of the power's weapon (`[Weapon Crit range]`). A number,
//! or arithmetic on a range (which reads only its lowest value), where a range is needed is
//! refused at the bracket; `natural >= 18-20` (a range where one face is needed) is refused
//! when the line is parsed.

use crate::diagnostics::Diagnostic;
use crate::link::Symbols;
use crate::model::gear::{FieldType, GearKind};
use crate::model::system::CriticalRange;
use crate::model::{BlockBody, Expr, Pack, ProcedureLine};

use super::error::CheckErrorKind;

/// Every `Critical: natural in` line of `pack` the runtime could not read as a range.
pub fn critical_ranges(pack: &Pack, symbols: &Symbols, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Check(lines) = &block.node.body else { continue };
        for line in lines {
            match &line.node {
                ProcedureLine::Critical(CriticalRange::Faces(low, high)) => {
                    if let (Some(low), Some(high)) = (low.whole_number(), high.whole_number())
                        && low > high
                    {
                        let message = format!(
                            "the critical range's lowest face ({low}) is above its highest ({high})"
                        );
                        out.push(
                            CheckErrorKind::CriticalRange(message)
                                .at(line.span)
                                .to_diagnostic()
                                .with_help(format!(
                                    "write the lowest first: `natural in {high}-{low}`"
                                )),
                        );
                    }
                }
                ProcedureLine::Critical(CriticalRange::Field(expr)) => {
                    if let Some(why) = not_a_range(&expr.node, symbols) {
                        let message = format!("`[{}]` is {why}, not a range", expr.node);
                        out.push(CheckErrorKind::CriticalRange(message).at(expr.span).to_diagnostic().with_help(
                            "write the faces (`natural in 18-20`), a weapon's range field \
                             (`natural in [Weapon Crit range]`), or `natural >= [...]` for a number",
                        ));
                    }
                }
                _ => {}
            }
        }
    }
}

/// Why `expr` does not read a weapon's `range` field; `None` when it does.
fn not_a_range(expr: &Expr, symbols: &Symbols) -> Option<&'static str> {
    let path = match expr {
        Expr::Name(name) => {
            let text = name.as_str();
            match text.get(..7).filter(|head| head.eq_ignore_ascii_case("weapon ")) {
                Some(head) => &text[head.len()..],
                None => return Some("a number"),
            }
        }
        Expr::Possessive { owner, name } if owner.node.matches("Weapon") => name.node.as_str(),
        Expr::Possessive { .. } | Expr::Number(_) | Expr::Special(_) => {
            return Some("a number");
        }
        _ => return Some("a computed number (arithmetic reads a range's lowest value)"),
    };
    match symbols.gear.resolve(GearKind::Weapon, path) {
        Some((field, None)) if field.allows(&FieldType::Range) => None,
        _ => Some("not a weapon field declared `range`"),
    }
}
