//! Lowering the power-use rule lines: the system's `Keyword X: only on own turn`,
//! `Per turn: 1 Task, 1 other` and `Stance ends: Unconscious`, and a condition's
//! `Forbids: Reaction powers` and `Converts: Move to Action`.

use super::lines::RawLine;
use super::text::Lowerer;
use crate::diagnostics::Spanned;
use crate::model::power::LimitClock;
use crate::model::power_rules::{
    KeywordRule, PowerFilter, RESISTED_AS, SlotConversion, TurnPurchase, TurnQuota,
};
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

/// `1 Task` or `1 other`.
fn quota(piece: &str) -> Option<TurnQuota> {
    let (count, word) = piece.trim().split_once(' ')?;
    let count = count.parse::<u32>().ok()?;
    let word = word.trim();
    if word.is_empty() || word.contains(' ') {
        return None;
    }
    let keyword = (!word.eq_ignore_ascii_case("other")).then(|| Name::new(word));
    Some(TurnQuota { count, keyword, also: Vec::new() })
}

/// A `Per turn:` entry: a [`quota`], or one slot several keywords share, `1 Action or Move`
/// (`other` never joins such a slot).
fn entry(piece: &str) -> Option<TurnQuota> {
    let mut words = piece.split(" or ");
    let mut entry = quota(words.next()?)?;
    for word in words {
        let word = word.trim();
        if entry.keyword.is_none()
            || word.is_empty()
            || word.contains(' ')
            || word.eq_ignore_ascii_case("other")
        {
            return None;
        }
        entry.also.push(Name::new(word));
    }
    Some(entry)
}

/// `1 Stamina buys 1 Basic or 1 Combat`, optionally `, once per turn` (`twice`, `N times`).
fn purchase(text: &str) -> Option<TurnPurchase> {
    let at = text.to_ascii_lowercase().find(" buys ")?;
    let (price, resource) = text[..at].trim().split_once(' ')?;
    let price = price.parse::<u32>().ok()?;
    let resource = resource.trim();
    let bought = &text[at + " buys ".len()..];
    let (bought, times_per_turn) = match bought.split_once(',') {
        Some((bought, times)) => (bought, Some(times_per_turn(times)?)),
        None => (bought, None),
    };
    let options = bought.split(" or ").map(quota).collect::<Option<Vec<_>>>()?;
    let resource = Spanned::new(Name::new(resource), crate::diagnostics::Span::NONE);
    (!resource.node.as_str().is_empty() && !options.is_empty()).then_some(TurnPurchase {
        price,
        resource,
        options,
        times_per_turn,
    })
}

/// `once per turn`, `twice per turn`, `3 times per turn`: a positive count, read as a
/// `Limit:` line's count is (turns only, shared by nothing).
fn times_per_turn(text: &str) -> Option<u32> {
    match super::upgrades::read_limit(text.trim())? {
        (times, LimitClock::Turn, None) => Some(times),
        _ => None,
    }
}

/// What follows `words` (each matched ignoring case, with any spacing) at the start of
/// `text`; `None` when `text` does not start with them.
fn strip_words<'t>(text: &'t str, words: &str) -> Option<&'t str> {
    let mut rest = text;
    for word in words.split(' ') {
        let trimmed = rest.trim_start();
        if !trimmed.get(..word.len())?.eq_ignore_ascii_case(word) {
            return None;
        }
        rest = &trimmed[word.len()..];
        if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
            return None;
        }
    }
    Some(rest)
}

impl Lowerer {
    /// `Keyword Attack: only on own turn`.
    pub(super) fn keyword_rule(
        &mut self,
        line: &RawLine<'_>,
        keyword: Spanned<Name>,
    ) -> Option<SystemLine> {
        if let Some(rest) = strip_words(line.text, RESISTED_AS) {
            let tag = rest.trim();
            if tag.is_empty() || tag.contains(char::is_whitespace) {
                self.expected(line, "one tag after `resisted as`: `resisted as Dodge`");
                return None;
            }
            let start = line.text.len() - rest.trim_start().len();
            let span = self.span_at(line.base, start..start + tag.len());
            return Some(SystemLine::ResistedAs {
                keyword,
                tag: Spanned::new(Name::new(tag), span),
            });
        }
        let Some(rule) = KeywordRule::parse(line.text) else {
            let rules: Vec<String> =
                KeywordRule::ALL.iter().map(|(_, words)| format!("`{words}`")).collect();
            let rules = format!("{}, `{RESISTED_AS} Tag`", rules.join(", "));
            self.expected(line, &format!("a keyword rule: {rules}"));
            return None;
        };
        let rule = Spanned::new(rule, self.span_at(line.base, 0..line.text.len()));
        Some(SystemLine::KeywordRule { keyword, rule })
    }

    /// `Per turn: 1 Task, 1 other`, optionally followed by purchases: `; 1 Stamina buys 1
    /// Basic or 1 Combat` (`, once per turn` limits how often a turn it is bought).
    pub(super) fn per_turn(&mut self, line: &RawLine<'_>, challenge: bool) -> Option<SystemLine> {
        let mut parts = line.text.split(';');
        let head = parts.next().unwrap_or_default();
        let mut quotas = Vec::new();
        for (piece, range) in pieces(head) {
            let Some(quota) = entry(piece) else {
                self.expected(
                    line,
                    "quotas such as `1 Task, 1 Action or Move, 1 other` (a count and a keyword, \
                     or keywords joined by `or` sharing one slot)",
                );
                return None;
            };
            quotas.push(Spanned::new(quota, self.span_at(line.base, range)));
        }
        let mut purchases = Vec::new();
        let mut start = head.len() + 1;
        for part in parts {
            let trimmed = part.trim();
            let offset = start + (part.len() - part.trim_start().len());
            start += part.len() + 1;
            let Some(mut purchase) = purchase(trimmed) else {
                let at = RawLine { text: trimmed, base: line.base + offset, grade: None, ..*line };
                self.expected(
                    &at,
                    "a purchase such as `1 Stamina buys 1 Basic or 1 Combat` (a price, a \
                     resource, `buys`, then quotas joined by `or`; optionally `, once per \
                     turn`, `twice` or `N times`)",
                );
                return None;
            };
            let span = self.span_at(line.base, offset..offset + trimmed.len());
            let name = purchase.resource.node.as_str();
            if let Some(at) = trimmed.find(name) {
                let at = offset + at;
                purchase.resource.span = self.span_at(line.base, at..at + name.len());
            }
            purchases.push(Spanned::new(purchase, span));
        }
        Some(SystemLine::PerTurn { challenge, quotas, purchases })
    }

    /// A condition's `Per turn: 1 Move`: keyword quotas only (no `other`, nothing bought),
    /// since it narrows the holder's turn rather than sharing it out.
    pub(super) fn held_per_turn(
        &mut self,
        line: &RawLine<'_>,
    ) -> Option<Vec<Spanned<crate::model::power_rules::TurnQuota>>> {
        let Some(SystemLine::PerTurn { quotas, purchases, .. }) = self.per_turn(line, false) else {
            return None;
        };
        if !purchases.is_empty() || quotas.iter().any(|quota| quota.node.keyword.is_none()) {
            self.expected(
                line,
                "keyword quotas such as `1 Move` or `1 Move, 1 Trap` (a condition narrows the \
                 holder's turn: no `other` entry and nothing bought)",
            );
            return None;
        }
        Some(quotas)
    }

    /// A condition's `Converts: Move to Action` (or `Move to Action or Trap`): one keyword,
    /// `to`, then keywords joined by `or`.
    pub(super) fn converts(&mut self, line: &RawLine<'_>) -> Option<SlotConversion> {
        let keyword = |word: &str| !word.is_empty() && !word.contains(' ');
        let at = line.text.to_ascii_lowercase().find(" to ");
        let Some((from, rest)) = at.map(|at| (&line.text[..at], &line.text[at + 4..])) else {
            self.expected(line, "a keyword, `to` and a keyword: `Converts: Move to Action`");
            return None;
        };
        let word_span = |lowerer: &Self, word: &str, start: usize| {
            let offset = start + (word.len() - word.trim_start().len());
            let word = word.trim();
            Spanned::new(Name::new(word), lowerer.span_at(line.base, offset..offset + word.len()))
        };
        let from_word = from.trim();
        let mut to = Vec::new();
        let mut start = from.len() + 4;
        for word in rest.split(" or ") {
            if !keyword(word.trim()) {
                to.clear();
                break;
            }
            to.push(word_span(self, word, start));
            start += word.len() + 4;
        }
        if !keyword(from_word) || to.is_empty() {
            self.expected(
                line,
                "a keyword, `to` and keywords joined by `or`: `Converts: Move to Action` (a \
                 slot that takes Move powers also takes Action powers)",
            );
            return None;
        }
        Some(SlotConversion { from: word_span(self, from, 0), to })
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
