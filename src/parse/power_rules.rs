//! Lowering the power-use rule lines: the system's `Keyword X: only on own turn`,
//! `Per turn: 1 Task, 1 other` and `Stance ends: Unconscious`, and a condition's
//! `Forbids: Reaction powers`.

use super::lines::RawLine;
use super::text::Lowerer;
use crate::diagnostics::Spanned;
use crate::model::power_rules::{KeywordRule, PowerFilter, TurnQuota};
use crate::model::{Name, SystemLine};

/// Splits `text` at commas into trimmed, non-empty pieces with their byte ranges.
fn pieces(text: &str) -> Vec<(&str, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut start = 0;
    for piece in text.split(',') {
        let trimmed = piece.trim();
        let offset = start + (piece.len() - piece.trim_start().len());
        out.push((trimmed, offset..offset + trimmed.len()));
        start += piece.len() + 1;
    }
    out
}

impl Lowerer {
    /// `Keyword Attack: only on own turn`.
    pub(super) fn keyword_rule(
        &mut self,
        line: &RawLine<'_>,
        keyword: Spanned<Name>,
    ) -> Option<SystemLine> {
        let Some(rule) = KeywordRule::parse(line.text) else {
            let rules: Vec<String> =
                KeywordRule::ALL.iter().map(|(_, words)| format!("`{words}`")).collect();
            self.expected(line, &format!("a keyword rule: {}", rules.join(", ")));
            return None;
        };
        let rule = Spanned::new(rule, self.span_at(line.base, 0..line.text.len()));
        Some(SystemLine::KeywordRule { keyword, rule })
    }

    /// `Per turn: 1 Task, 1 other`.
    pub(super) fn per_turn(&mut self, line: &RawLine<'_>, challenge: bool) -> Option<SystemLine> {
        let mut quotas = Vec::new();
        for (piece, range) in pieces(line.text) {
            let quota = piece.split_once(' ').and_then(|(count, word)| {
                let count = count.parse::<u32>().ok()?;
                let word = word.trim();
                if word.is_empty() || word.contains(' ') {
                    return None;
                }
                let keyword = (!word.eq_ignore_ascii_case("other")).then(|| Name::new(word));
                Some(TurnQuota { count, keyword })
            });
            let Some(quota) = quota else {
                self.expected(line, "quotas such as `1 Task, 1 other` (a count and a keyword)");
                return None;
            };
            quotas.push(Spanned::new(quota, self.span_at(line.base, range)));
        }
        Some(SystemLine::PerTurn { challenge, quotas })
    }

    /// `Forbids: powers` or `Forbids: Reaction powers, Fate powers`.
    pub(super) fn forbids(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<PowerFilter>>> {
        let mut filters = Vec::new();
        for (piece, range) in pieces(line.text) {
            let Some(filter) = PowerFilter::parse(piece) else {
                self.expected(
                    line,
                    "`powers` or a keyword and `powers`, such as `Reaction powers`",
                );
                return None;
            };
            filters.push(Spanned::new(filter, self.span_at(line.base, range)));
        }
        Some(filters)
    }
}
