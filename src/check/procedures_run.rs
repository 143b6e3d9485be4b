//! Check procedures as the runtime rolls them, and the Check lines that use them. The
//! engine rolls what a procedure's `Dice`, `Modifier`, `Success` and `Explode` lines say, by
//! its method; so a `Roll:` line must say the same roll (it documents it, it adds nothing),
//! the one-die methods (`total`, `versus`, `roll under`) roll one die, each method compares
//! one way, a pool's dice meet the check's threshold, and a modifier mode the method never
//! applies is refused. A power's Check line must give a two-sided procedure (`versus`, a
//! `Tie:` or `Zero wins:` line) its other side with `versus [...]`, and `by Target` (each
//! target rolls its own check) needs a one-sided procedure the engine rolls.

use super::as_written::RefusalKind;
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::common::CheckRoller;
use crate::model::expr::{CompareOp, Expr};
use crate::model::procedure::Procedure;
use crate::model::system::{DiceTemplate, ModifierMode, TemplatePart};
use crate::model::{Amount, BlockBody, Method, Pack, PowerLine, ProcedureLine, TraitLine};

/// Checks every procedure and every power Check line.
pub fn procedures(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        match &block.node.body {
            BlockBody::Check(lines) => {
                if let Some(procedure) = Procedure::of(&block.node) {
                    procedure_lines(&procedure, lines, out);
                }
            }
            BlockBody::Power(lines) => {
                // A defence's Check line is its side of an attack's versus check.
                let defence = lines.iter().any(|line| matches!(line.node, PowerLine::Defence(_)));
                for line in lines {
                    if let PowerLine::Check(spec) = &line.node
                        && !defence
                    {
                        check_line(pack, spec, line.span, out);
                    }
                }
            }
            BlockBody::Trait(lines) => {
                for line in lines {
                    if let TraitLine::With(swap) = &line.node
                        && let Some(Spanned { node: PowerLine::Check(spec), span }) = &swap.line
                    {
                        check_line(pack, spec, *span, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The lines of one procedure the engine would not run as written.
fn procedure_lines(
    procedure: &Procedure<'_>,
    lines: &[Spanned<ProcedureLine>],
    out: &mut Vec<Diagnostic>,
) {
    let Some(method) = procedure.method else { return };
    if procedure.script.is_some() {
        return;
    }
    let name = procedure.name;
    let one_die = matches!(method, Method::Total | Method::Versus | Method::RollUnder);
    if one_die
        && let Some(dice) = procedure.dice
        && !rolls_one_die(&dice.node)
        && !(method == Method::Total && dice.node.best_of().is_some())
    {
        let help = format!(
            "write `Dice: d{}` (a `total` check may keep the best of several: `2d{0}kh1`); for several dice use a `pool` or `successes` procedure",
            dice.node.faces().unwrap_or(20)
        );
        let kind = RefusalKind::NotOneDie { procedure: name.into(), method: method.to_string() };
        out.push(kind.at(dice.span).to_diagnostic().with_help(help));
    }
    if let Some(success) = procedure.success {
        let wanted =
            if method == Method::RollUnder { CompareOp::AtMost } else { CompareOp::AtLeast };
        if method != Method::Versus && success.op != wanted {
            let kind = RefusalKind::SuccessComparison {
                method: method.to_string(),
                written: success.op.to_string(),
                wanted: wanted.to_string(),
            };
            let help = format!("write `Success: {wanted} {}`", success.against);
            out.push(kind.at(success.span).to_diagnostic().with_help(help));
        }
        if method == Method::Pool && !names_threshold(success.against) {
            let help = "write `Success: >= [Threshold]`: a pool's dice meet the check's \
                        threshold (the power's `Threshold:` line, or `vs N` in a session)";
            let kind = RefusalKind::PoolSuccess(success.against.to_string());
            out.push(kind.at(success.span).to_diagnostic().with_help(help));
        }
    }
    let modifier_line = lines.iter().find(|line| matches!(line.node, ProcedureLine::Modifier(_)));
    if let Some(line) = modifier_line {
        let ignored = match method {
            Method::Pool => procedure.modifier == ModifierMode::Total,
            Method::Successes => procedure.modifier != ModifierMode::None,
            _ => false,
        };
        if ignored {
            let help = match method {
                Method::Pool => {
                    "write `Modifier: each die` (added to every die) or `Modifier: none`"
                }
                _ => {
                    "write `Modifier: none`: a success pool counts dice, it adds nothing to them; \
                      more dice come from the pool's size (`Dice: [Rating + 1]d6`)"
                }
            };
            let kind = RefusalKind::IgnoredModifier { method: method.to_string() };
            out.push(kind.at(line.span).to_diagnostic().with_help(help));
        }
    }
    if let Some(roll) = procedure.roll
        && let Some(accepted) = engine_rolls(procedure, method)
    {
        let written = normal(&roll.node.to_string());
        if !accepted.iter().any(|form| normal(form) == written) {
            let shown = accepted.first().cloned().unwrap_or_default();
            let kind = RefusalKind::RollMismatch { procedure: name.into(), engine: shown.clone() };
            let help = format!(
                "write `Roll: {shown}` or remove the line (the engine rolls what `Dice`, \
                 `Modifier` and `Success` say); a bonus belongs in the check's modifier \
                 (`Check: [Attack + 2]`)"
            );
            out.push(kind.at(roll.span).to_diagnostic().with_help(help));
        }
    }
}

/// Whether a `Dice:` template rolls one die: `d20`, `1d20`.
fn rolls_one_die(template: &DiceTemplate) -> bool {
    match template.parts() {
        [TemplatePart::Text(text)] => {
            let digits: String = text.trim().chars().take_while(char::is_ascii_digit).collect();
            digits.is_empty() || digits == "1"
        }
        _ => false,
    }
}

/// Whether an amount is `[Threshold]`.
fn names_threshold(amount: &Amount) -> bool {
    matches!(amount, Amount::Expr(expr) if matches!(&expr.node, Expr::Name(name) if name.matches("Threshold")))
}

/// Dice notation in one form for comparing: no spaces, lower case, `d20` as `1d20`.
fn normal(text: &str) -> String {
    let text: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let text = text.to_ascii_lowercase();
    match text.strip_prefix('d') {
        Some(rest) => format!("1d{rest}"),
        None => text,
    }
}

/// The roll the engine makes for `procedure`, in the forms a `Roll:` line may write it (the
/// first is the one to show; compared after [`normal`]); `None` when there are no dice.
fn engine_rolls(procedure: &Procedure<'_>, method: Method) -> Option<Vec<String>> {
    let template = procedure.dice.or(procedure.roll)?;
    let faces = template.node.faces()?;
    let written = template.node.to_string();
    let dice = if written.starts_with(['d', 'D']) { format!("1{written}") } else { written };
    let success = |fallback: &str| {
        procedure.success.map_or(fallback.to_string(), |success| success.against.to_string())
    };
    Some(match method {
        Method::Pool => {
            let dice = match procedure.modifier {
                ModifierMode::EachDie => format!("{{{dice}+[Modifier]}}"),
                _ => dice,
            };
            vec![format!("{dice}cs>=[Threshold]")]
        }
        Method::Successes => {
            let count = format!("cs>={}", success("[Threshold]"));
            match procedure.explode {
                None => vec![format!("{dice}{count}")],
                Some(explode) => {
                    let mut forms = vec![format!("{dice}x>={explode}{count}")];
                    if explode.to_string() == faces.to_string() {
                        forms.insert(0, format!("{dice}x{count}"));
                    }
                    forms
                }
            }
        }
        Method::Total | Method::Versus | Method::RollUnder => {
            let die = format!("1d{faces}");
            let rolled = match (method, procedure.modifier) {
                (Method::RollUnder, _) | (_, ModifierMode::None) => die,
                _ => format!("{die}+[Modifier]"),
            };
            let compared = match method {
                Method::Total => Some(format!("{rolled}>={}", success("[Threshold]"))),
                Method::RollUnder => Some(format!("{rolled}<={}", success("[Target]"))),
                _ => None,
            };
            compared.into_iter().chain([rolled]).collect()
        }
    })
}

/// A power's Check line against the procedure it uses.
fn check_line(pack: &Pack, spec: &crate::model::CheckSpec, span: Span, out: &mut Vec<Diagnostic>) {
    let Some(procedure) = pack.check_procedure(spec) else { return };
    let two_sided = procedure.method == Some(Method::Versus)
        || procedure.tie.is_some()
        || procedure.zero_wins.is_some();
    let name = procedure.name;
    let by_target = spec.roller == CheckRoller::Target;
    let sided = spec.defence.is_some() || spec.defended;
    if by_target && sided {
        let kind = RefusalKind::ByTarget {
            procedure: name.into(),
            why: "a `versus` check already has each target roll its side".into(),
        };
        let help = "remove `by Target`: `Check: [Attack] versus [Defense]` rolls both sides";
        out.push(kind.at(span).to_diagnostic().with_help(help));
    } else if by_target && two_sided {
        let kind = RefusalKind::ByTarget {
            procedure: name.into(),
            why: format!("`{name}` compares two sides"),
        };
        let help = format!(
            "write both sides without `by Target`: `Check: [Attack] versus [Defense] using {name}`"
        );
        out.push(kind.at(span).to_diagnostic().with_help(help));
    } else if two_sided && !sided {
        let kind = RefusalKind::OneSided { procedure: name.into() };
        let help = format!(
            "give the target's side after `versus`: `Check: {} versus [Defense] using {name}`",
            format_args!("[{}]", spec.modifier.node)
        );
        out.push(kind.at(span).to_diagnostic().with_help(help));
    }
}
