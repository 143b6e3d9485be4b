//! Lines the grammar accepts but the engine does not run: a relationship's `Group:`, an
//! item's `Slots:`, `Keywords:` anywhere but on a power, a weapon or an actor (only those
//! keywords are read: by `vs Keyword` modifiers, `this power has keyword X`, upgrade
//! selectors, `Target has keyword Construct`), a bracket among an actor's keywords, a
//! `Prereq:` on a trait that is never taken (only stances and upgrades test theirs), the
//! system's `Phases:`, a condition's `Halt:`, an armour's `Cost:`, a power's `Threshold:`
//! when it has no `Check:` line to meet it, and a
//! `Default X:` for a name that has no default (a resource, an unknown name). Each is
//! refused at its line with what to write instead, so a rule file that checks clean does
//! what it says. Reads the model only.

use crate::diagnostics::{Diagnostic, Span};
use crate::link::Symbols;
use crate::model::{
    ActorLine, ArmourLine, Assignment, BlockBody, BlockKind, ConditionLine, Pack, SystemLine,
    TraitKind, TraitLine,
};

/// The code of every refusal here.
const CODE: &str = "rules::check::not_run";

/// Checks every block of `pack` for lines the engine does not run.
pub(super) fn not_run(pack: &Pack, symbols: &Symbols, out: &mut Vec<Diagnostic>) {
    for block in pack.blocks() {
        let kind = block.node.kind.node;
        match &block.node.body {
            BlockBody::Trait(lines) => {
                for line in lines {
                    if let Some((why, help)) = trait_line(&line.node, kind) {
                        out.push(refusal(line.span, line.node.label(), kind, &why, help));
                    }
                }
            }
            BlockBody::Condition(lines) => {
                for line in lines {
                    let (label, why, help) = match &line.node {
                        ConditionLine::Halt(_) => ("Halt", HALT, HALT_HELP.to_string()),
                        ConditionLine::Keywords(_) => ("Keywords", KEYWORDS, keywords_help(kind)),
                        _ => continue,
                    };
                    out.push(refusal(line.span, label, kind, why, help));
                }
            }
            BlockBody::Actor(lines) => {
                // An actor's keywords are words (`Keywords: Construct, Legless`); a bracket
                // there would be read by nothing.
                for line in lines {
                    let ActorLine::Keywords(keywords) = &line.node else { continue };
                    for keyword in keywords {
                        if let crate::model::Keyword::Expr(_) = keyword.node {
                            out.push(refusal(
                                keyword.span,
                                "Keywords",
                                kind,
                                ACTOR_KEYWORD,
                                ACTOR_KEYWORD_HELP.to_string(),
                            ));
                        }
                    }
                }
            }
            BlockBody::Armour(lines) => {
                for line in lines {
                    let (why, help) = match &line.node {
                        ArmourLine::Cost(_) => (ARMOUR_COST, ARMOUR_COST_HELP.to_string()),
                        _ => continue,
                    };
                    out.push(refusal(line.span, line.node.label(), kind, why, help));
                }
            }
            BlockBody::System(lines) => {
                for line in lines {
                    match &line.node {
                        SystemLine::Phases(_) => out.push(refusal(
                            line.span,
                            "Phases",
                            kind,
                            PHASES,
                            PHASES_HELP.to_string(),
                        )),
                        SystemLine::Default(assignment) => {
                            default(assignment, line.span, symbols, out);
                        }
                        _ => {}
                    }
                }
            }
            BlockBody::Power(lines) => {
                // A threshold is what a check must meet: without a `Check:` line nothing
                // rolls against it, and every use applies its Result.
                if crate::model::PowerLine::check_of(lines).is_none() {
                    for line in lines {
                        if matches!(
                            line.node,
                            crate::model::PowerLine::Threshold(_)
                                | crate::model::PowerLine::GmThreshold(_)
                        ) {
                            out.push(refusal(
                                line.span,
                                "Threshold",
                                kind,
                                THRESHOLD,
                                THRESHOLD_HELP.to_string(),
                            ));
                        }
                    }
                }
            }
            BlockBody::Weapon(_) | BlockBody::Check(_) => {}
        }
    }
}

const KEYWORDS: &str = "only a power's, a weapon's and an actor's keywords are read (by `vs \
                        Keyword` modifiers, `this power has keyword X`, upgrade selectors and \
                        `Target has keyword Construct`)";
const ACTOR_KEYWORD: &str = "an actor's keyword is a word; a bracket there is read by nothing";
const ACTOR_KEYWORD_HELP: &str = "write the words (`Keywords: Construct, Legless`), which \
                                  `Target has keyword Construct` tests";
const HALT: &str = "nothing ends a condition when its `Halt:` test holds";
const HALT_HELP: &str = "end it with a `Duration:` the engine counts (`for 2 rounds`, `until \
                         removed`) and an effect that removes it (`remove Grabbed from \
                         Target`); keep the rule's text as a comment (`# Halt: ...`) for the GM";
const ARMOUR_COST: &str = "nothing reads an armour's cost";
const ARMOUR_COST_HELP: &str = "write it as a comment (`# Cost: 10`) or in the armour's \
                                `Details:` line until the engine reads armour costs";
const THRESHOLD: &str = "this power has no `Check:` line, so nothing rolls against it and \
                         every use applies its Result";
const THRESHOLD_HELP: &str = "add the check the threshold is for (`Check: [Attack]`, rolled \
                              with the system's `Default check:`), or remove the line";
const PHASES: &str = "every turn runs the engine's own start, action and end phases";
const PHASES_HELP: &str = "write it as a comment (`# Phases: ...`); to run something as a turn \
                           starts or ends, use a resource moment (`reset to 6 at turn start`) \
                           or a hook (`On turn start: function`)";

/// Why a trait line is not run, and what to write instead.
fn trait_line(line: &TraitLine, kind: BlockKind) -> Option<(String, String)> {
    let stance_or_upgrade =
        matches!(kind, BlockKind::Trait(TraitKind::Stance | TraitKind::Upgrade));
    match line {
        TraitLine::Group(_) => Some((
            "the engine reads no group: no test, selector or sheet uses it".into(),
            "write it in the `Details:` line, or as a comment (`# Group: River Clan`), until \
             the engine reads groups"
                .into(),
        )),
        TraitLine::Slots(_) => Some((
            "the engine counts no slots".into(),
            "write it as a comment (`# Slots: 1`) until the engine counts slots".into(),
        )),
        TraitLine::Keywords(_) => Some((KEYWORDS.into(), keywords_help(kind))),
        // A stance tests it when adopted, an upgrade when it modifies a power; a trait that
        // acts on its own (feat, item, relationship, trait) is never "taken" by the engine.
        TraitLine::Prereq(_) if !stance_or_upgrade => Some((
            format!(
                "the engine tests a `Prereq:` when a stance is adopted or an upgrade modifies \
                 a power, and never takes {} {kind} (it holds from when the actor joins)",
                crate::diagnostics::article(&kind.to_string())
            ),
            "write it as `While:` to hold the effect only while the test holds, or as a \
             comment (`# Prereq: ...`) for the GM who grants it"
                .into(),
        )),
        _ => None,
    }
}

fn keywords_help(kind: BlockKind) -> String {
    let a = crate::diagnostics::article(&kind.to_string());
    format!(
        "write it in the `Details:` line, or as a comment (`# Keywords: ...`), until the \
         engine reads {a} {kind}'s keywords; `vs Keyword` modifiers and `this power has \
         keyword X` read the keywords of the power in use and its weapon"
    )
}

/// A `Default X:` line: a default for a stat (or `Tier`, `Level`) applies to an actor that
/// does not list it; anything else has no default to take.
fn default(assignment: &Assignment, span: Span, symbols: &Symbols, out: &mut Vec<Diagnostic>) {
    let name = assignment.name.node.as_str();
    let special = ["Tier", "Level"].iter().any(|special| special.eq_ignore_ascii_case(name));
    if !symbols.has_system
        || special
        || symbols.stats.iter().any(|stat| stat.name.eq_ignore_ascii_case(name))
    {
        return;
    }
    let help = if symbols.is_resource(name) {
        format!("a resource starts at its `start` value: `Resource {name}: ..., start N`")
    } else {
        let names = symbols.stats.iter().map(|stat| stat.name.as_str());
        match crate::diagnostics::did_you_mean(name, names) {
            Some(close) => format!("did you mean `{close}`?"),
            None => "a default is for a stat of a `Stats` line, or `Tier` or `Level`".into(),
        }
    };
    out.push(
        Diagnostic::error(CODE, format!("`Default {name}:` gives a default to no stat"))
            .with_primary(span, format!("`{name}` is not a stat, so no actor reads this default"))
            .with_help(help),
    );
}

/// The diagnostic for a `label:` line of a `kind` block the engine does not run.
fn refusal(span: Span, label: &str, kind: BlockKind, why: &str, help: String) -> Diagnostic {
    let a = crate::diagnostics::article(&kind.to_string());
    Diagnostic::error(CODE, format!("{a} {kind}'s `{label}:` line is not run: {why}"))
        .with_primary(span, "accepted by the grammar, but the engine does not run it")
        .with_help(help)
}
