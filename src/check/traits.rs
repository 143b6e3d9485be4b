//! Traits that act on their own (feats, items, relationships, plain traits): a `Trigger:`
//! must be an event the engine raises ([`crate::model::timing::TRAIT_TRIGGERS`]), and a
//! trait without one can only hold conditions (`Effect: apply Protected 1 to Self`), for as
//! long as it (and its `While:` lines) hold. Anything else would be accepted and never run,
//! so it is refused here with what to write instead.

use crate::diagnostics::{Diagnostic, Spanned};
use crate::model::timing::{TRAIT_TRIGGERS, TraitTrigger};
use crate::model::{
    Block, BlockBody, BlockKind, Effect, EffectPart, Pack, SystemLine, TraitKind, TraitLine,
};

/// Checks every feat, item, relationship and trait of `pack`.
pub(super) fn traits(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let resources: Vec<String> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Resource { name, .. } => Some(name.node.as_str().to_string()),
            _ => None,
        })
        .collect();
    for block in pack.blocks() {
        let block = &block.node;
        let kind = match block.kind.node {
            BlockKind::Trait(
                kind @ (TraitKind::Feat
                | TraitKind::Item
                | TraitKind::Relationship
                | TraitKind::Trait),
            ) => kind,
            _ => continue,
        };
        let a = crate::diagnostics::article(&kind.to_string());
        let BlockBody::Trait(lines) = &block.body else { continue };
        let trigger = lines.iter().find_map(|line| match &line.node {
            TraitLine::Trigger(requirement) => Some((requirement, line.span)),
            _ => None,
        });
        match trigger {
            Some((requirement, span)) => match TraitTrigger::parse(&requirement.to_string()) {
                None => out.push(
                    Diagnostic::error(
                        "rules::check::unknown_trigger",
                        format!("the engine cannot tell when `{requirement}` happens"),
                    )
                    .with_primary(span, format!("not an event the engine raises for {a} {kind}"))
                    .with_help(format!(
                        "{a} {kind}'s trigger is one of: {}; a reaction the player chooses to use \
                         is a power with this Trigger line",
                        TRAIT_TRIGGERS.join(", ")
                    )),
                ),
                Some(TraitTrigger { resource: Some(resource), .. })
                    if !resources.iter().any(|known| known.eq_ignore_ascii_case(&resource)) =>
                {
                    let mut diagnostic = Diagnostic::error(
                        "rules::check::unknown_resource",
                        format!("unknown resource `{resource}`"),
                    )
                    .with_primary(span, "not a resource of the system");
                    let known = resources.iter().map(String::as_str);
                    if let Some(close) = crate::diagnostics::did_you_mean(&resource, known) {
                        diagnostic = diagnostic.with_help(format!("did you mean `{close}`?"));
                    }
                    out.push(diagnostic);
                }
                Some(_) => {}
            },
            None => held(block, kind, lines, out),
        }
    }
}

/// The Effect lines of a trait without a trigger: only conditions on its holder, lasting
/// as long as the trait holds them.
fn held(block: &Block, kind: TraitKind, lines: &[Spanned<TraitLine>], out: &mut Vec<Diagnostic>) {
    let name = block.name.node.as_str();
    for line in lines {
        let TraitLine::Effect(effects) = &line.node else { continue };
        for part in &effects.parts {
            let effect = match &part.node {
                EffectPart::Effect(effect) => effect,
                EffectPart::When { .. } => {
                    out.push(
                        Diagnostic::error(
                            "rules::check::held_effect",
                            format!(
                                "{kind} `{name}` has no `Trigger:`, so its Effect holds all the time: a `when` test is not read there"
                            ),
                        )
                        .with_primary(part.span, "cannot be held")
                        .with_help("put the test on a `While:` line"),
                    );
                    continue;
                }
                EffectPart::Check { .. } => {
                    out.push(
                        Diagnostic::error(
                            "rules::check::held_effect",
                            format!(
                                "{kind} `{name}` has no `Trigger:`, so its Effect holds all the time: a check is never rolled there"
                            ),
                        )
                        .with_primary(part.span, "cannot be held")
                        .with_help("give the trait a `Trigger:` line, or roll the check in a power's Result"),
                    );
                    continue;
                }
                EffectPart::Narration(_) => continue,
            };
            let problem = match effect {
                Effect::Apply { subject, duration, against, .. } => {
                    let on_holder = subject.as_ref().is_none_or(|who| {
                        matches!(who.node.as_str().to_lowercase().as_str(), "self" | "you")
                    });
                    if !on_holder {
                        Some((
                            "a condition a trait holds is on its holder",
                            "write `to Self`".to_string(),
                        ))
                    } else if let Some(duration) = duration {
                        Some((
                            "a condition a trait holds lasts as long as the trait holds it",
                            format!(
                                "drop `{duration}`, or give the {kind} a `Trigger:` so it applies the condition each time"
                            ),
                        ))
                    } else if against.is_some() {
                        Some((
                            "a condition a trait holds cannot hold against one actor",
                            "drop `against ...`".to_string(),
                        ))
                    } else {
                        None
                    }
                }
                _ => Some((
                    "only conditions can be held",
                    format!(
                        "give the {kind} a `Trigger:` ({}) to run this each time, or make it a power",
                        TRAIT_TRIGGERS[3..].join(", ")
                    ),
                )),
            };
            if let Some((why, help)) = problem {
                out.push(
                    Diagnostic::error(
                        "rules::check::held_effect",
                        format!(
                            "{kind} `{name}` has no `Trigger:`, so its Effect holds all the time: {why}"
                        ),
                    )
                    .with_primary(part.span, "cannot be held")
                    .with_help(help),
                );
            }
        }
    }
}
