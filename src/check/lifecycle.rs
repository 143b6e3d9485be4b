//! Lifecycle checks: every moment a resource rule runs at and every duration a condition
//! lasts for must be an entry of the timing tables ([`crate::model::timing`]), which are
//! exactly what the runtime runs; anything else is refused at its words with a
//! did-you-mean, never accepted and then ignored.

use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::system::ResourceRule;
use crate::model::timing::{self, Moment, Unit, Until};
use crate::model::{
    BlockBody, ConditionLine, Duration, Effect, EffectPart, Effects, Pack, PowerLine, SystemLine,
    TraitLine,
};

/// Checks the timing words of `pack`.
pub(super) fn lifecycle(pack: &Pack, out: &mut Vec<Diagnostic>) {
    for line in pack.system_lines() {
        if let SystemLine::Resource { rules, .. } = &line.node {
            for rule in rules {
                let moment = match &rule.node {
                    ResourceRule::ResetTo { moment, .. }
                    | ResourceRule::Gain { moment, .. }
                    | ResourceRule::Lost(moment) => moment,
                    _ => continue,
                };
                check_moment(moment, out);
            }
        }
    }
    for block in pack.blocks() {
        if let BlockBody::Condition(lines) = &block.node.body {
            for line in lines {
                if let ConditionLine::Duration(duration) = &line.node {
                    check_duration(duration, line.span, out);
                }
            }
        }
        for (effects, _) in effects_of(&block.node.body) {
            for part in effects.leaves() {
                if let EffectPart::Effect(Effect::Apply { duration: Some(duration), .. }) =
                    &part.node
                {
                    check_duration(duration, part.span, out);
                }
            }
        }
    }
}

/// Every effect line of a block body with its span: power Result, Effect, Before and After
/// lines (and the lines an upgrade's `With:` puts in), trait Effect and Add lines, condition
/// Effect lines.
pub(super) fn effects_of(body: &BlockBody) -> Vec<(&Effects, Span)> {
    fn power(line: &PowerLine) -> Option<&Effects> {
        match line {
            PowerLine::After(effects)
            | PowerLine::Before(effects)
            | PowerLine::Effect { effects, .. }
            | PowerLine::Result { effects, .. } => Some(effects),
            _ => None,
        }
    }
    let mut out = Vec::new();
    match body {
        BlockBody::Power(lines) => {
            out.extend(lines.iter().filter_map(|l| power(&l.node).map(|e| (e, l.span))));
        }
        BlockBody::Trait(lines) => {
            for line in lines {
                match &line.node {
                    TraitLine::Effect(effects)
                    | TraitLine::Add(effects)
                    | TraitLine::Bonus(effects) => out.push((effects, line.span)),
                    TraitLine::With(swap) => {
                        if let Some(with) = &swap.line
                            && let Some(effects) = power(&with.node)
                        {
                            out.push((effects, with.span));
                        }
                    }
                    _ => {}
                }
            }
        }
        BlockBody::Condition(lines) => {
            for line in lines {
                if let ConditionLine::Effect(effects) = &line.node {
                    out.push((effects, line.span));
                }
            }
        }
        _ => {}
    }
    out
}

fn check_moment(moment: &Spanned<String>, out: &mut Vec<Diagnostic>) {
    if Moment::parse(&moment.node).is_some() {
        return;
    }
    out.push(
        Diagnostic::error(
            "rules::check::unknown_moment",
            format!("unknown moment `{}`", moment.node),
        )
        .with_primary(moment.span, "not a moment the engine runs")
        .with_suggestion(
            &moment.node,
            Moment::all_words(),
            format!("the moments the engine runs: {}", canonical_moments()),
        ),
    );
}

fn canonical_moments() -> String {
    let words: Vec<String> = crate::model::timing::MOMENTS
        .iter()
        .map(|(moment, _)| format!("`{}`", moment.words()))
        .collect();
    words.join(", ")
}

fn check_duration(duration: &Duration, span: Span, out: &mut Vec<Diagnostic>) {
    let (words, span, help) = match duration {
        Duration::For { unit, .. } => {
            if Unit::parse(unit).is_some() {
                return;
            }
            (format!("for ... {unit}"), span, timing::unit_help(unit))
        }
        Duration::Until(event) => {
            if Until::parse(&event.node).is_some() {
                return;
            }
            (format!("until {}", event.node), event.span, timing::until_help(&event.node))
        }
    };
    out.push(
        Diagnostic::error("rules::check::unknown_duration", format!("unknown duration `{words}`"))
            .with_primary(span, "not a duration the engine runs")
            .with_help(help),
    );
}
