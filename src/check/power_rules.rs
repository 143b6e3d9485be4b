//! Checking power-use rule lines: a system `Keyword X:` rule or a condition's
//! `Forbids: X powers` whose keyword no power has (a warning with did-you-mean over the
//! keywords powers do have), a `Per turn:` quota likewise, and a `Stance ends:` line naming
//! an unknown condition (an error).

use super::error::CheckErrorKind;
use super::names::{Names, with_suggestion};
use crate::diagnostics::{Diagnostic, Span};
use crate::model::keywords;
use crate::model::{BlockBody, ConditionLine, Pack, SystemLine};

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
    let mut stance_ends = Vec::new();
    for block in pack.blocks() {
        match &block.node.body {
            BlockBody::System(lines) => {
                for line in lines {
                    match &line.node {
                        SystemLine::KeywordRule { keyword, .. } => {
                            check_keyword(keyword.node.as_str(), keyword.span)
                        }
                        SystemLine::PerTurn { quotas, purchases, .. } => {
                            for quota in quotas {
                                if let Some(keyword) = &quota.node.keyword {
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
                    let ConditionLine::Forbids(filters) = &line.node else { continue };
                    for filter in filters {
                        if let Some(keyword) = &filter.node.keyword {
                            check_keyword(keyword.as_str(), filter.span);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    for condition in stance_ends {
        names.check_block(condition, &["condition"], "condition", out);
    }
}
