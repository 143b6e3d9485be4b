//! Checking power-use rule lines: a system `Keyword X:` rule or a condition's
//! `Forbids: X powers` whose keyword no power has (a warning with did-you-mean over the
//! keywords powers do have), a `Per turn:` quota likewise, and a `Stance ends:` line naming
//! an unknown condition (an error), and a condition's `Converts:` line that widens no slot
//! of the system's `Per turn:` line (an error).

use super::error::CheckErrorKind;
use super::names::{Names, with_suggestion};
use crate::diagnostics::{Diagnostic, Span};
use crate::model::keywords;
use crate::model::power_rules::{SlotConversion, TurnQuota};
use crate::model::{BlockBody, ConditionLine, Modifier, Pack, SystemLine};

/// Every keyword some power has (see [`keywords::of`]), with every weapon's keywords (a
/// power joins them through `[Weapon]`).
pub(super) fn power_keywords(pack: &Pack) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for block in pack.blocks() {
        let words: Box<dyn Iterator<Item = &str>> = match &block.node.body {
            BlockBody::Power(lines) if keywords::reads_weapon_keywords(lines) => {
                Box::new(keywords::of(lines, None).chain([keywords::WEAPON]))
            }
            BlockBody::Power(lines) => Box::new(keywords::of(lines, None)),
            BlockBody::Weapon(_) => Box::new(keywords::weapon_words(&block.node)),
            _ => continue,
        };
        for word in words {
            if !out.iter().any(|known| known.eq_ignore_ascii_case(word)) {
                out.push(word);
            }
        }
    }
    out
}

/// The tags `Keyword X: resisted as Tag` and `Check tags:` lines of `pack` declare.
fn declared_tags(pack: &Pack) -> Vec<&str> {
    let mut out = Vec::new();
    for block in pack.blocks() {
        let BlockBody::System(lines) = &block.node.body else { continue };
        for line in lines {
            match &line.node {
                SystemLine::ResistedAs { tag, .. } => out.push(tag.node.as_str()),
                SystemLine::CheckTags(tags) => out.extend(tags.iter().map(|t| t.node.as_str())),
                _ => {}
            }
        }
    }
    out
}

/// Refuses a relative modifier `vs Word` whose word no power has as a keyword and no
/// `resisted as` or `Check tags:` line declares as a tag: it would never count (`unless vs Word` always
/// counts then, which is what it says).
fn relation_words(modifier: &Modifier, known: &[&str], tags: &[&str], out: &mut Vec<Diagnostic>) {
    let Modifier::Relative { modifier, relation } = modifier else { return };
    relation_words(modifier, known, tags, out);
    let word = relation.against.node.as_str();
    let carried = |candidates: &[&str]| candidates.iter().any(|k| keywords::names(word, k));
    if relation.negated || relation.is_source() || carried(known) || carried(tags) {
        return;
    }
    out.push(with_suggestion(
        CheckErrorKind::UnknownTag(word.to_string()).at(relation.against.span),
        word,
        known.iter().chain(tags).copied(),
        "give a power this keyword (`Keywords:`), or declare a tag the targets of a power \
         carry (`Keyword Attack: resisted as Dodge`) or a check may carry (`Check tags: \
         Crafting`) in the system",
    ));
}

/// Checks the power-use rule lines of `pack`.
pub(super) fn power_rules(pack: &Pack, names: &Names, out: &mut Vec<Diagnostic>) {
    let known = power_keywords(pack);
    let mut check_keyword = |keyword: &str, span: Span| {
        if known.iter().any(|known| keywords::names(keyword, known)) {
            return;
        }
        out.push(with_suggestion(
            CheckErrorKind::UnknownKeyword(keyword.to_string()).at(span),
            keyword,
            known.iter().copied(),
            "give a power this keyword on its `Keywords:` line",
        ));
    };
    let tags = declared_tags(pack);
    let mut stance_ends = Vec::new();
    let mut conversions = Vec::new();
    for block in pack.blocks() {
        match &block.node.body {
            BlockBody::System(lines) => {
                for line in lines {
                    match &line.node {
                        SystemLine::KeywordRule { keyword, .. }
                        | SystemLine::ResistedAs { keyword, .. } => {
                            check_keyword(keyword.node.as_str(), keyword.span)
                        }
                        SystemLine::PerTurn { quotas, purchases, .. } => {
                            for quota in quotas {
                                for keyword in quota.node.keywords() {
                                    check_keyword(keyword.as_str(), quota.span);
                                }
                            }
                            for purchase in purchases {
                                for option in &purchase.node.options {
                                    if let Some(keyword) = &option.keyword {
                                        check_keyword(keyword.as_str(), purchase.span);
                                    }
                                }
                            }
                        }
                        SystemLine::StanceEnds(conditions) => stance_ends.extend(conditions),
                        _ => {}
                    }
                }
            }
            BlockBody::Condition(lines) => {
                for line in lines {
                    match &line.node {
                        ConditionLine::Forbids(filters) => {
                            for filter in filters {
                                if let Some(keyword) = &filter.node.keyword {
                                    check_keyword(keyword.as_str(), filter.span);
                                }
                            }
                        }
                        ConditionLine::PerTurn(quotas) => {
                            for quota in quotas {
                                for keyword in quota.node.keywords() {
                                    check_keyword(keyword.as_str(), quota.span);
                                }
                            }
                        }
                        ConditionLine::Converts(conversion) => {
                            for keyword in &conversion.to {
                                check_keyword(keyword.node.as_str(), keyword.span);
                            }
                            conversions.push(conversion);
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    for block in pack.blocks() {
        let BlockBody::Condition(lines) = &block.node.body else { continue };
        for line in lines {
            let ConditionLine::Modifiers(modifiers) = &line.node else { continue };
            for modifier in modifiers {
                relation_words(&modifier.node, &known, &tags, out);
            }
        }
    }
    for conversion in conversions {
        out.extend(widens_nothing(pack, conversion));
    }
    for condition in stance_ends {
        names.check_block(condition, &["condition"], "condition", out);
    }
}

/// Refuses a `Converts: Move to Action` line that would widen no slot: the system has no
/// `Per turn:` line, none of its slots takes the first keyword's powers, or every slot
/// that does already takes the others'.
fn widens_nothing(pack: &Pack, conversion: &SlotConversion) -> Option<Diagnostic> {
    let quotas = pack.system_lines().find_map(|line| match &line.node {
        SystemLine::PerTurn { quotas, .. } => Some(quotas),
        _ => None,
    });
    let from = conversion.from.node.as_str();
    let (why, label) = match quotas {
        None => ("the system has no `Per turn:` line".to_string(), "no slot to widen"),
        Some(quotas) => {
            let widened: Vec<_> = quotas.iter().filter(|q| conversion.widens(&q.node)).collect();
            let takes = |quota: &TurnQuota, keyword: &str| {
                quota.keywords().any(|counted| counted.matches(keyword))
            };
            let new = |quota: &&&crate::diagnostics::Spanned<TurnQuota>| {
                conversion.to.iter().any(|to| !takes(&quota.node, to.node.as_str()))
            };
            if widened.is_empty() {
                (
                    format!("no slot of the system's `Per turn:` line takes {from} powers"),
                    "no such slot",
                )
            } else if !widened.iter().any(|quota| new(&quota)) {
                (
                    format!("every slot that takes {from} powers already takes the others"),
                    "nothing new",
                )
            } else {
                return None;
            }
        }
    };
    Some(
        Diagnostic::error(
            "rules::check::converts_nothing",
            format!("`Converts: {conversion}` widens no slot: {why}"),
        )
        .with_primary(conversion.from.span, label)
        .with_help(
            "name a keyword a slot of the system's `Per turn:` line counts, and one it does \
             not take yet: with `Per turn: 1 Move, 1 Action or Move`, `Converts: Move to \
             Action`",
        ),
    )
}
