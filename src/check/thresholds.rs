//! Thresholds that can never be met, or are always met, by a per-die procedure (`pool`,
//! `successes`): a die rolls 1 to its faces, plus the check modifier when the procedure adds
//! it to each die. Known statically for check blocks with constant targets, and for powers
//! with a constant Threshold whose Check modifier is constant or computable from the stat
//! block of an actor that uses the power.

use std::collections::BTreeMap;

use super::error::CheckErrorKind;
use super::rules::{constant, constant_expr};
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::expr::{EvalErrorKind, LineContext, Reference, Scope, Special, Value, evaluate};
use crate::model::system::ModifierMode;
use crate::model::{ActorLine, BlockBody, CheckSpec, Method, Name, Pack, PowerLine, Procedure};

/// A procedure's die and comparison, when its dice are read one by one.
struct Die<'a> {
    procedure: Procedure<'a>,
    faces: i64,
}

impl<'a> Die<'a> {
    fn of(procedure: Procedure<'a>) -> Option<Die<'a>> {
        if !matches!(procedure.method?, Method::Pool | Method::Successes) {
            return None;
        }
        procedure.success?;
        let faces = procedure.dice?.node.faces()?;
        Some(Die { procedure, faces })
    }

    /// Whether a die plus `modifier` can meet, and can miss, `target`.
    fn reachable(&self, modifier: i64, target: i64) -> (bool, bool) {
        let Some(success) = self.procedure.success else { return (true, true) };
        let modifier = if self.procedure.modifier == ModifierMode::EachDie { modifier } else { 0 };
        let meets = |face: i64| success.op.holds(face + modifier, target);
        ((1..=self.faces).any(meets), !(1..=self.faces).all(meets))
    }

    fn diagnostic(&self, modifier: i64, target: i64, span: Span) -> Option<Diagnostic> {
        let (can_meet, can_miss) = self.reachable(modifier, target);
        let procedure = self.procedure.name.to_string();
        if !can_meet {
            let best = self.faces;
            return Some(CheckErrorKind::ThresholdNever { target, procedure, best }.at(span).to_diagnostic().with_help(
                format!("lower the threshold to at most the die's best result ({best} plus the modifier)"),
            ));
        }
        (!can_miss).then(|| {
            CheckErrorKind::ThresholdAlways { target, procedure }
                .at(span)
                .to_diagnostic()
                .with_help("a check that cannot fail needs no roll; raise the threshold")
        })
    }
}

/// Stat values of one actor, for evaluating a power's Check modifier.
struct StatBlock<'a> {
    values: BTreeMap<&'a str, i64>,
}

impl<'a> StatBlock<'a> {
    fn of(lines: &'a [Spanned<ActorLine>]) -> StatBlock<'a> {
        let mut values = BTreeMap::new();
        for line in lines {
            match &line.node {
                ActorLine::Stats(assignments) | ActorLine::Resources(assignments) => {
                    for assignment in assignments {
                        if let Some(value) = constant(&assignment.node.value) {
                            let value = if assignment.node.negative { -value } else { value };
                            values.insert(assignment.node.name.node.as_str(), value);
                        }
                    }
                }
                ActorLine::Tier(amount) => {
                    values.extend(constant(amount).map(|value| ("Tier", value)));
                }
                ActorLine::Level(amount) => {
                    values.extend(constant(amount).map(|value| ("Level", value)));
                }
                _ => {}
            }
        }
        StatBlock { values }
    }
}

impl Scope for StatBlock<'_> {
    fn lookup(&self, reference: Reference<'_>, _: LineContext) -> Result<Value, EvalErrorKind> {
        let name = match reference {
            Reference::Name(name) => name.as_str().to_string(),
            Reference::Special(special @ (Special::Tier | Special::Level)) => special.to_string(),
            _ => return Err(EvalErrorKind::UnknownName(String::new())),
        };
        self.values
            .get(name.as_str())
            .map(|value| Value::integer(*value))
            .ok_or(EvalErrorKind::UnknownName(name))
    }

    fn call(&self, function: &Name, _: &[Value]) -> Result<Value, EvalErrorKind> {
        Err(EvalErrorKind::Script(function.to_string()))
    }
}

/// Checks every per-die procedure and every power with a constant Threshold.
pub fn thresholds(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let dice: Vec<Die<'_>> =
        pack.blocks().filter_map(|block| Procedure::of(&block.node)).filter_map(Die::of).collect();
    for die in &dice {
        let Some(success) = die.procedure.success else { continue };
        if die.procedure.modifier == ModifierMode::None
            && let Some(target) = constant(success.against)
        {
            out.extend(die.diagnostic(0, target, success.span));
        }
    }
    let default = pack.default_procedure().map(|procedure| procedure.name);
    for block in pack.blocks() {
        let BlockBody::Power(lines) = &block.node.body else { continue };
        let threshold = lines.iter().find_map(|line| match &line.node {
            PowerLine::Threshold(expr) => constant_expr(&expr.node).map(|value| (value, expr.span)),
            PowerLine::GmThreshold(Some(expr)) => {
                constant_expr(&expr.node).map(|value| (value, expr.span))
            }
            _ => None,
        });
        let gm_set = lines.iter().any(|line| matches!(line.node, PowerLine::GmThreshold(_)));
        let start = out.len();
        let check = lines.iter().find_map(|line| match &line.node {
            PowerLine::Check(check) => Some(check),
            _ => None,
        });
        let (Some((target, span)), Some(check)) = (threshold, check) else { continue };
        let wanted = check.procedure.as_ref().map(|name| name.node.as_str()).or(default);
        let Some(die) = wanted.and_then(|wanted| {
            dice.iter().find(|die| die.procedure.name.eq_ignore_ascii_case(wanted))
        }) else {
            continue;
        };
        match constant_expr(&check.modifier.node) {
            Some(modifier) => out.extend(die.diagnostic(modifier, target, span)),
            None => {
                out.extend(by_actor(pack, block.node.name.node.as_str(), check, die, target, span))
            }
        }
        if gm_set {
            gm_warnings(&mut out[start..]);
        }
    }
}

/// A GM-set threshold's default is only a default: the GM picks another number for an
/// actor who could never meet it, so the checker warns instead of refusing the pack.
fn gm_warnings(diagnostics: &mut [Diagnostic]) {
    for diagnostic in diagnostics {
        diagnostic.severity = crate::diagnostics::Severity::Warning;
        diagnostic.help = Some(
            "the GM sets this threshold per use (`threshold N`); the default is only a default"
                .into(),
        );
    }
}

/// The first actor using the power `power` whose stats make its threshold unreachable.
fn by_actor(
    pack: &Pack,
    power: &str,
    check: &CheckSpec,
    die: &Die<'_>,
    target: i64,
    span: Span,
) -> Option<Diagnostic> {
    for block in pack.blocks() {
        let BlockBody::Actor(lines) = &block.node.body else { continue };
        let uses = lines.iter().find_map(|line| match &line.node {
            ActorLine::Powers(powers) => powers.iter().find(|name| name.node.matches(power)),
            _ => None,
        });
        let Some(uses) = uses else { continue };
        let stats = StatBlock::of(lines);
        let Ok(modifier) = evaluate(&check.modifier, &stats, LineContext::Check) else { continue };
        let Some(modifier) = modifier.as_integer() else { continue };
        let (can_meet, _) = die.reachable(modifier, target);
        if !can_meet {
            let actor = block.node.name.node.as_str();
            let diagnostic = die.diagnostic(modifier, target, span)?;
            return Some(diagnostic.with_secondary(
                uses.span,
                format!("used by `{actor}` with a check modifier of {modifier}"),
            ));
        }
    }
    None
}
