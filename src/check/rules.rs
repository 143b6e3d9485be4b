//! The checks that look at several lines or blocks at once: duplicate names, grade caps,
//! thresholds that can never (or always) be met, armour hardness, complete procedures and
//! the blocks an actor refers to.

use std::collections::BTreeMap;

use super::error::CheckErrorKind;
use super::names::Names;
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::expr::Value;
use crate::model::power::GradeGate;
use crate::model::procedure::{Procedure, gate_grade};
use crate::model::system::{GradeLabel, PolicyDecision, TemplatePart};
use crate::model::{
    ActorLine, Amount, ArmourLine, BlockBody, BlockKind, Expr, Method, Pack, PowerLine,
    ProcedureLine, SystemLine,
};

/// The namespace a block's name lives in (all trait kinds share one).
fn namespace(kind: BlockKind) -> &'static str {
    match kind {
        BlockKind::System => "system",
        BlockKind::Power => "power",
        BlockKind::Trait(_) => "trait",
        BlockKind::Condition => "condition",
        BlockKind::Actor => "actor",
        BlockKind::Weapon | BlockKind::Armour => "equipment",
        BlockKind::Check => "check",
    }
}

fn duplicate(what: &'static str, name: &str, second: Span, first: Span) -> Diagnostic {
    CheckErrorKind::Duplicate { what, name: name.to_string() }
        .at(second)
        .to_diagnostic()
        .with_secondary(first, "first defined here")
        .with_help("rename one of them or remove the copy")
}

/// Blocks of one namespace with equal names, and stats/resources declared twice.
pub fn duplicates(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut seen: BTreeMap<(&str, String), Span> = BTreeMap::new();
    let mut declared: BTreeMap<String, Span> = BTreeMap::new();
    for block in pack.blocks() {
        let space = namespace(block.node.kind.node);
        let name = block.node.name.node.as_str().to_ascii_lowercase();
        match seen.get(&(space, name.clone())) {
            Some(first) => out.push(duplicate(
                space,
                block.node.name.node.as_str(),
                block.node.name.span,
                *first,
            )),
            None => {
                seen.insert((space, name), block.node.name.span);
            }
        }
        if let BlockBody::System(lines) = &block.node.body {
            for line in lines {
                let names: Vec<&Spanned<crate::model::Name>> = match &line.node {
                    SystemLine::Stats { stats, .. } => stats.iter().collect(),
                    SystemLine::Resource { name, .. }
                    | SystemLine::Derived { name, .. }
                    | SystemLine::Status { name, .. } => {
                        vec![name]
                    }
                    _ => Vec::new(),
                };
                for name in names {
                    let key = name.node.as_str().to_ascii_lowercase();
                    match declared.get(&key) {
                        Some(first) => {
                            out.push(duplicate("name", name.node.as_str(), name.span, *first))
                        }
                        None => {
                            declared.insert(key, name.span);
                        }
                    }
                }
            }
        }
    }
}

/// A constant amount's integer value.
pub(super) fn constant(amount: &Amount) -> Option<i64> {
    match amount {
        Amount::Number(number) => number.value().ok()?.as_integer(),
        Amount::Expr(expr) => constant_expr(&expr.node),
        Amount::Dice(_) => None,
    }
}

/// The integer value of an expression without names, if it has one.
pub(super) fn constant_expr(expr: &Expr) -> Option<i64> {
    struct NoNames;
    impl crate::model::expr::Scope for NoNames {
        fn lookup(
            &self,
            _: crate::model::expr::Reference<'_>,
            _: crate::model::expr::LineContext,
        ) -> Result<Value, crate::model::expr::EvalErrorKind> {
            Err(crate::model::expr::EvalErrorKind::UnknownName(String::new()))
        }
        fn call(
            &self,
            _: &crate::model::Name,
            _: &[Value],
        ) -> Result<Value, crate::model::expr::EvalErrorKind> {
            Err(crate::model::expr::EvalErrorKind::Script(String::new()))
        }
    }
    let spanned = Spanned::new(expr.clone(), Span::NONE);
    crate::model::expr::evaluate(&spanned, &NoNames, crate::model::expr::LineContext::Declaration)
        .ok()?
        .as_integer()
}

/// The grade cap powers of the default procedure roll under, and where it is set: the
/// procedure's own `Grade cap:` line wins over `Ruling grade cap` (as at run time); a line
/// that reads the ruling (`Grade cap: [Ruling grade cap]`) has the ruling's value.
pub(super) fn grade_cap(pack: &Pack) -> Option<(i64, Span)> {
    let ruling = pack.system_lines().find_map(|line| match &line.node {
        SystemLine::Ruling { name, value }
            if name.node.matches(crate::model::system::EngineRuling::GradeCap.name()) =>
        {
            Some((value, line.span))
        }
        _ => None,
    });
    let own = pack.default_procedure().and_then(|procedure| {
        let block = pack.blocks().find(|block| {
            block.node.kind.node == BlockKind::Check && block.node.name.node.matches(procedure.name)
        })?;
        let BlockBody::Check(lines) = &block.node.body else { return None };
        lines.iter().find_map(|line| match &line.node {
            ProcedureLine::GradeCap(value) => Some((value, line.span)),
            _ => None,
        })
    });
    let (value, span) = own.or(ruling)?;
    let reads_ruling = |amount: &Amount| match amount {
        Amount::Expr(expr) => matches!(&expr.node, Expr::Ruling(_)),
        _ => false,
    };
    match (reads_ruling(value), ruling) {
        (true, Some((ruling, ruling_span))) => Some((constant(ruling)?, ruling_span)),
        _ => Some((constant(value)?, span)),
    }
}

/// A resource whose rules contradict each other: a `max` beside `no max`, a `min` beside
/// `no min` (whichever came last would win silently).
pub fn resource_bounds(pack: &Pack, out: &mut Vec<Diagnostic>) {
    use crate::model::system::ResourceRule;
    for line in pack.system_lines() {
        let SystemLine::Resource { name, rules } = &line.node else { continue };
        let find = |wanted: fn(&ResourceRule) -> bool| rules.iter().find(|rule| wanted(&rule.node));
        let pairs = [
            (
                find(|rule| matches!(rule, ResourceRule::Max(_))),
                find(|rule| *rule == ResourceRule::NoMax),
            ),
            (
                find(|rule| matches!(rule, ResourceRule::Min { .. })),
                find(|rule| *rule == ResourceRule::NoMin),
            ),
        ];
        for (bound, none) in pairs {
            let (Some(bound), Some(none)) = (bound, none) else { continue };
            out.push(
                Diagnostic::error(
                    "rules::check::resource_bounds",
                    format!("{} has both `{}` and `{}`", name.node, bound.node, none.node),
                )
                .with_primary(none.span, "contradicts the bound")
                .with_secondary(bound.span, "the bound")
                .with_help("keep one of them"),
            );
        }
    }
}

/// Result and Effect grades above the system's grade cap can never apply.
pub fn grade_caps(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let Some((cap, cap_span)) = grade_cap(pack) else { return };
    for block in pack.blocks() {
        let BlockBody::Power(lines) = &block.node.body else { continue };
        for line in lines {
            // `Result <N:` below a grade past the cap still applies (to every grade).
            let (PowerLine::Result {
                grade: Some(grade),
                gate: GradeGate::AtLeast | GradeGate::Exactly,
                ..
            }
            | PowerLine::Effect { grade: Some(grade), .. }) = &line.node
            else {
                continue;
            };
            if i64::from(grade.node) > cap {
                out.push(
                    CheckErrorKind::GradeAboveCap { grade: grade.node, cap }
                        .at(grade.span)
                        .to_diagnostic()
                        .with_secondary(cap_span, "the cap is set here")
                        .with_help(format!("use a grade from 0 to {cap}, or raise the cap")),
                );
            }
        }
    }
}

/// `Result 0:` applies at every grade (warning: `Result =0:` or `Result Fail:` is likely
/// meant); `Result <Label>:` must name a label of the `Grades:` line of the power's
/// procedure or of the system ([`gate_grade`]). A procedure label that the system's
/// `Grades:` line gives another grade is a warning saying which one a gate reads.
pub fn result_gates(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let system: Vec<&GradeLabel> = pack.grade_labels().collect();
    for block in pack.blocks() {
        if let Some(procedure) = Procedure::of(&block.node) {
            shadowed_labels(&procedure, &system, out);
        }
        let BlockBody::Power(lines) = &block.node.body else { continue };
        let procedure = PowerLine::check_of(lines).and_then(|spec| pack.check_procedure(spec));
        for line in lines {
            match &line.node {
                PowerLine::Result { grade: Some(grade), gate: GradeGate::AtLeast, .. }
                    if grade.node == 0 =>
                {
                    out.push(CheckErrorKind::ResultZero.at(grade.span).to_diagnostic().with_help(
                        "for only a Fail write `Result =0:` or `Result Fail:`; for every grade write `Effect:`",
                    ));
                }
                PowerLine::Result { gate: GradeGate::Named(name), .. }
                    if gate_grade(
                        procedure.as_ref(),
                        system.iter().copied(),
                        name.node.as_str(),
                    )
                    .is_none() =>
                {
                    let own = procedure.iter().flat_map(|p| p.grades.iter().map(|g| &g.node));
                    let known: Vec<String> = own
                        .chain(system.iter().copied())
                        .map(|g| g.label.node.to_string())
                        .collect();
                    let known =
                        if known.is_empty() { "no grades".into() } else { known.join(", ") };
                    let lines = match procedure.as_ref().filter(|p| !p.grades.is_empty()) {
                        Some(procedure) if system.is_empty() => {
                            format!("the `Grades:` line of `{}` names", procedure.name)
                        }
                        Some(procedure) => format!(
                            "the `Grades:` lines of `{}` and of the system name",
                            procedure.name
                        ),
                        None => "the system's `Grades:` line names".to_string(),
                    };
                    out.push(
                        CheckErrorKind::UnknownGradeLabel(name.node.to_string())
                            .at(name.span)
                            .to_diagnostic()
                            .with_help(format!("{lines} {known}")),
                    );
                }
                _ => {}
            }
        }
    }
}

/// Warns about each label of `procedure`'s `Grades:` line that the system's `Grades:` line
/// gives another grade: a gate of a power checked with the procedure reads the procedure's.
fn shadowed_labels(procedure: &Procedure<'_>, system: &[&GradeLabel], out: &mut Vec<Diagnostic>) {
    for own in procedure.grades {
        let label = &own.node.label.node;
        let Some(other) = system.iter().find(|g| g.label.node.matches(label.as_str())) else {
            continue;
        };
        if other.grade == own.node.grade {
            continue;
        }
        let message = format!(
            "`{label}` is grade {} on `{}`'s `Grades:` line and grade {} on the system's",
            own.node.grade, procedure.name, other.grade
        );
        out.push(
            Diagnostic::warning("rules::check::grade_label_shadowed", message)
                .with_primary(own.node.label.span, "the grade a gate reads")
                .with_help(format!(
                    "a `Result {label}:` gate of a power checked with `{}` reads this line, \
                     others the system's; name the two grades apart to keep one meaning",
                    procedure.name
                )),
        );
    }
}

/// Armour hardness must be at least 1: ablation divides by it. An armour's `Pool` must be a
/// `Layered` line of the system.
pub fn armour(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let pools: Vec<&str> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Layered { name, .. } => Some(name.node.as_str()),
            _ => None,
        })
        .collect();
    let has_system = pack.blocks().any(|b| matches!(b.node.body, BlockBody::System(_)));
    for block in pack.blocks() {
        let BlockBody::Armour(lines) = &block.node.body else { continue };
        for line in lines {
            if let ArmourLine::Pool(pool) = &line.node
                && has_system
                && !pools.iter().any(|known| pool.node.matches(known))
            {
                let name = pool.node.as_str();
                let what = "layered pool";
                out.push(super::names::with_suggestion(
                    CheckErrorKind::UnknownReference { what, name: name.to_string() }.at(pool.span),
                    name,
                    pools.iter().copied(),
                    "declare it in the system block with a line such as `Layered Purse: Wealth`",
                ));
            }
            if let ArmourLine::Hardness(value) = &line.node
                && constant(value).is_some_and(|hardness| hardness < 1)
            {
                out.push(
                    CheckErrorKind::ZeroHardness
                        .at(line.span)
                        .to_diagnostic()
                        .with_help("leave the Hardness line out for a layer that never wears down"),
                );
            }
        }
    }
}

/// Check blocks need a Method and dice; pools and success counts need a Success line.
pub fn procedures(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let BlockBody::Check(lines) = &block.node.body else { continue };
        let method = lines.iter().find_map(|line| match &line.node {
            ProcedureLine::Method(method) => Some(*method),
            _ => None,
        });
        let has = |wanted: fn(&ProcedureLine) -> bool| lines.iter().any(|line| wanted(&line.node));
        // A script runs the whole check: it needs no dice or Success line of its own, and
        // the lines that tell the engine how to read dice do nothing.
        if has(|line| matches!(line, ProcedureLine::Script(_))) {
            scripted_ignores(lines, out);
            continue;
        }
        let mut missing = Vec::new();
        if method.is_none() {
            missing.push("`Method`");
        }
        if !has(|line| matches!(line, ProcedureLine::Dice(_) | ProcedureLine::Roll(_))) {
            missing.push("`Dice` or `Roll`");
        }
        if matches!(method, Some(Method::Pool | Method::Successes))
            && !has(|line| matches!(line, ProcedureLine::Success { .. }))
        {
            missing.push("`Success`");
        }
        if !missing.is_empty() {
            out.push(
                CheckErrorKind::IncompleteProcedure {
                    name: block.node.name.node.to_string(),
                    missing: missing.join(", "),
                }
                .at(block.node.name.span)
                .to_diagnostic()
                .with_help("a check block needs `Method:`, `Dice:` (or `Roll:`) and, for pools, `Success:`"),
            );
        }
        if let Some(method) = method {
            ignored_lines(method, lines, out);
        }
        for line in lines {
            let (ProcedureLine::Dice(template) | ProcedureLine::Roll(template)) = &line.node else {
                continue;
            };
            if template.node.parts().iter().all(|part| matches!(part, TemplatePart::Text(_))) {
                let text = template.node.to_string();
                let dice = crate::model::DiceText::new(text, template.span);
                out.extend(crate::parse::validate_dice(&dice));
            }
        }
    }
}

/// Warns about the dice-reading lines of a check block a script runs (`Method: script f`).
fn scripted_ignores(lines: &[Spanned<ProcedureLine>], out: &mut Vec<Diagnostic>) {
    for line in lines {
        let label = match &line.node {
            ProcedureLine::Dice(_) => "Dice",
            ProcedureLine::Roll(_) => "Roll",
            ProcedureLine::Modifier(_) => "Modifier",
            ProcedureLine::Success { .. } => "Success",
            ProcedureLine::Difficulty(_) => "Difficulty",
            ProcedureLine::Always(_) => "Always",
            ProcedureLine::Explode(_) => "Explode",
            ProcedureLine::Tie(_) => "Tie",
            ProcedureLine::Boost(_) => "Boost",
            ProcedureLine::Ease(_) => "Ease",
            ProcedureLine::Critical(_) => "Critical",
            _ => continue,
        };
        let read_by = "procedures that read dice (the script rolls its own)";
        let kind = CheckErrorKind::IgnoredLine { label, method: "script".into(), read_by };
        let help = "remove the line, or read the value in the script from its `inputs` map";
        out.push(kind.at(line.span).to_diagnostic().with_help(help));
    }
}

/// Warns about the choice lines a method never reads (`Ease` on a roll-under test).
fn ignored_lines(method: Method, lines: &[Spanned<ProcedureLine>], out: &mut Vec<Diagnostic>) {
    for line in lines {
        let (label, read_by, reads): (_, _, fn(Method) -> bool) = match &line.node {
            ProcedureLine::Boost(_) => ("Boost", "`roll under` procedures", roll_under),
            ProcedureLine::AlternativeDie(_) => {
                ("Alternative die", "`roll under` procedures", roll_under)
            }
            ProcedureLine::AlternativeDieFeeds(_) => {
                ("Alternative die feeds", "`roll under` procedures", roll_under)
            }
            ProcedureLine::Policy {
                decision:
                    decision @ (PolicyDecision::SecondDie
                    | PolicyDecision::Boost
                    | PolicyDecision::Spend),
                ..
            } => (decision.label(), "`roll under` procedures", roll_under),
            ProcedureLine::ExtraDice(_) => ("Extra dice", "`roll under` procedures", roll_under),
            ProcedureLine::Ease(_) => ("Ease", "`successes` procedures", successes),
            ProcedureLine::Chunk(_) => ("Chunk", "`successes` procedures", successes),
            ProcedureLine::PerChunk(_) => ("Per chunk", "`successes` procedures", successes),
            ProcedureLine::ChunkJudgement(judgement) => {
                (judgement.class.label(), "`successes` procedures", successes)
            }
            ProcedureLine::OpposingDice(_) => {
                ("Opposing dice", "`successes` procedures", successes)
            }
            ProcedureLine::Outcomes(_) => ("Outcomes", "`successes` procedures", successes),
            ProcedureLine::Critical(_) => ("Critical", "`total` and `versus` procedures", |m| {
                matches!(m, Method::Total | Method::Versus)
            }),
            _ => continue,
        };
        if !reads(method) {
            let kind = CheckErrorKind::IgnoredLine { label, method: method.to_string(), read_by };
            let help = "remove the line, or change the block's `Method:` line";
            out.push(kind.at(line.span).to_diagnostic().with_help(help));
        }
    }
}

fn successes(method: Method) -> bool {
    method == Method::Successes
}

fn roll_under(method: Method) -> bool {
    method == Method::RollUnder
}

/// An actor's powers, traits, equipment and conditions must be defined in the pack.
pub fn actor_references(lines: &[Spanned<ActorLine>], names: &Names, out: &mut Vec<Diagnostic>) {
    let trait_words = crate::model::BlockKind::trait_words();
    for line in lines {
        let (list, kinds, what): (_, &[&str], &str) = match &line.node {
            ActorLine::Powers(list) => (list, &["power"], "power"),
            ActorLine::Traits(list) => (list, trait_words.as_slice(), "trait"),
            ActorLine::Equipment(list) => (list, &["weapon", "armour", "item"], "equipment"),
            ActorLine::Conditions(list) => (list, &["condition"], "condition"),
            _ => continue,
        };
        for name in list {
            names.check_block(name, kinds, what, out);
        }
    }
}
