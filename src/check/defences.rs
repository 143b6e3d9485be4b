//! Checking defences: a `Defence:` gate naming a keyword no power or weapon has (a warning,
//! as for keyword rules), a defence without the `Check:` line it rolls, a `Penalty:` line on
//! a power that is no defence, a defence's `Check:` line asking for what a defence never
//! reads (`using`, `versus`, `by Target`), a facing arc that is dice or more than 360
//! degrees, the names of a `Penalty:` line (where `[Defences this turn]` and `[Defences this
//! round]` are known), a `Modifiers:` line's amounts and keywords (refused, like
//! `Penalty:`, on a power that is no defence), and any other line on a defence (a `Cost:`, a
//! `Result:`: a defence is only offered inside an attack, which never runs them).

use super::error::CheckErrorKind;
use super::names::{Names, with_suggestion};
use crate::diagnostics::Diagnostic;
use crate::model::common::CheckSpec;
use crate::model::defence::DEFENCE_COUNTS;
use crate::model::expr::LineContext;
use crate::model::{Amount, BlockBody, Pack, PowerLine, keywords};

/// Checks the defence lines of every power of `pack`.
pub(super) fn defences(pack: &Pack, names: &Names, out: &mut Vec<Diagnostic>) {
    let known = super::power_rules::power_keywords(pack);
    let parameters = DEFENCE_COUNTS.map(|(name, _)| name.to_string());
    let procedures = super::use_names::Procedures::of(pack);
    for block in pack.blocks() {
        let BlockBody::Power(lines) = &block.node.body else { continue };
        let uses = super::use_names::UseNames::of(&procedures, &block.node.body);
        let defence = lines.iter().find_map(|line| match &line.node {
            PowerLine::Defence(spec) => Some((spec, line.span)),
            _ => None,
        });
        let has_check = lines.iter().any(|line| matches!(line.node, PowerLine::Check(_)));
        if defence.is_some() {
            // A defence is only offered inside an attack, which reads the lines below and
            // `While:` (and `Keywords:`, as every power's); any other line would never run
            // (`Weapons:` is refused by `each_weapon`).
            for line in lines {
                let read = matches!(
                    line.node,
                    PowerLine::Defence(_)
                        | PowerLine::Check(_)
                        | PowerLine::Penalty(_)
                        | PowerLine::Modifiers(_)
                        | PowerLine::While(_)
                        | PowerLine::Keywords(_)
                        | PowerLine::EachWeapon(_)
                );
                if read {
                    continue;
                }
                let label = line.node.label();
                let what = format!(
                    "`{}` is a defence, so its `{label}:` line never runs",
                    block.node.name.node
                );
                out.push(CheckErrorKind::Defence(what).at(line.span).to_diagnostic().with_help(
                    "a defence answers an attack with its `Check:`, `Penalty:` and `Modifiers:` \
                     lines, offered while its `While:` lines hold: drop the line, or make a power \
                     of it",
                ));
            }
            for line in lines {
                let PowerLine::Check(check) = &line.node else { continue };
                if let Some(ignored) = ignored_in_a_defence(check) {
                    let what = format!(
                        "defence `{}` rolls through the attack's procedure, so its `{ignored}` \
                         would never count",
                        block.node.name.node
                    );
                    out
                        .push(CheckErrorKind::Defence(what).at(line.span).to_diagnostic().with_help(
                        "a defence's `Check:` line is only the value it rolls: `Check: [Agility]`",
                    ));
                }
            }
        }
        if let Some((spec, span)) = defence {
            if let Some(gate) = &spec.gate {
                let word = gate.against.node.as_str();
                if !known.iter().any(|known| keywords::names(word, known)) {
                    out.push(with_suggestion(
                        CheckErrorKind::UnknownKeyword(word.to_string()).at(gate.against.span),
                        word,
                        known.iter().copied(),
                        "give a power or a weapon this keyword (`Keywords:`, a keyword field)",
                    ));
                }
            }
            if let Some(arc) = &spec.arc
                && let Some((what, at)) = unreadable_arc(arc)
            {
                out.push(CheckErrorKind::Defence(what).at(at.unwrap_or(span)).to_diagnostic().with_help(
                    "an arc is 0 to 360 degrees wide, centred on the holder's facing: `within 120 \
                     degrees of facing`, `within [Armour Facing] degrees of facing`",
                ));
            }
            if !has_check {
                let what =
                    format!("defence `{}` has no `Check:` line to roll", block.node.name.node);
                out.push(
                    CheckErrorKind::Defence(what)
                        .at(span)
                        .to_diagnostic()
                        .with_help("add the value it rolls: `Check: [Agility]`"),
                );
            }
        }
        for line in lines {
            let PowerLine::Modifiers(entries) = &line.node else { continue };
            for entry in entries {
                let expr = &entry.node.amount;
                names.check_expr(expr, LineContext::Check, &parameters, false, &uses, out);
                let word = entry.node.gate.against.node.as_str();
                if !known.iter().any(|known| keywords::names(word, known)) {
                    out.push(with_suggestion(
                        CheckErrorKind::UnknownKeyword(word.to_string()).at(entry
                            .node
                            .gate
                            .against
                            .span),
                        word,
                        known.iter().copied(),
                        "give a power or a weapon this keyword (`Keywords:`, a keyword field); \
                         `Weapon` is the keyword of a power whose `Keywords:` line reads \
                         `[Weapon]`, used with one",
                    ));
                }
            }
            if defence.is_none() {
                let what = format!(
                    "`{}` is no defence, so its `Modifiers:` never count",
                    block.node.name.node
                );
                out.push(CheckErrorKind::Defence(what).at(line.span).to_diagnostic().with_help(
                    "make it a defence (`Defence: any`): its modifiers count against the attack \
                     it answers",
                ));
            }
        }
        for line in lines {
            let PowerLine::Penalty(expr) = &line.node else { continue };
            names.check_expr(expr, LineContext::Check, &parameters, false, &uses, out);
            if defence.is_none() {
                let what = format!(
                    "`{}` is no defence, so its `Penalty:` never counts",
                    block.node.name.node
                );
                out.push(CheckErrorKind::Defence(what).at(line.span).to_diagnostic().with_help(
                    "make it a defence (`Defence: any`), or put the penalty in its `Check:` line",
                ));
            }
        }
    }
}

/// What is wrong with a `Defence:` line's arc, if anything it can tell before a game: dice
/// (an arc is no roll) or a number outside 0..=360; with the span to point at.
fn unreadable_arc(arc: &Amount) -> Option<(String, Option<crate::diagnostics::Span>)> {
    match arc {
        Amount::Dice(dice) => Some((
            format!("a facing arc of `{}` is a roll, not degrees", dice.text),
            Some(dice.span),
        )),
        Amount::Number(number) => {
            let whole = 360i64.saturating_mul(10i64.checked_pow(number.scale).unwrap_or(i64::MAX));
            let inside = (0..=whole).contains(&number.units);
            (!inside).then(|| (format!("a facing arc of {number} degrees is not 0 to 360"), None))
        }
        Amount::Expr(_) => None,
    }
}

/// The part of a defence's `Check:` line a defence never reads, if any: it rolls its value
/// through the attack's procedure, on its own holder.
fn ignored_in_a_defence(check: &CheckSpec) -> Option<&'static str> {
    if check.procedure.is_some() {
        Some("using ...")
    } else if check.defence.is_some() || check.defended {
        Some("versus ...")
    } else if !check.roller.is_user() {
        Some("by Target")
    } else {
        None
    }
}
