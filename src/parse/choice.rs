//! Lowering the two power lines a use fills in: `Choose: 1-2 Skills from Challenge Skills`
//! (stats the user picks, from one group or several joined by `or`) and `Threshold: set by GM, default 12` (a number the GM gives).

use super::lines::RawLine;
use super::text::Lowerer;
use crate::diagnostics::Spanned;
use crate::model::{Choice, Expr, Name};

/// The words that open a GM-set threshold.
const GM_SET: &str = "set by GM";

impl Lowerer {
    /// `Skill from Challenge Skills`, `2 Skills from ...`, `1-2 Skills from ...`.
    pub(super) fn choice(&mut self, line: &RawLine<'_>) -> Option<Choice> {
        const EXPECTED: &str =
            "a choice such as `Skill from Challenge Skills` or `1-2 Skills from Challenge Skills`";
        let text = line.text;
        let Some(from) = text.find(" from ") else {
            self.expected(line, EXPECTED);
            return None;
        };
        let (head, group) = (&text[..from], text[from + " from ".len()..].trim());
        let (count, name_start) = match head.split_once(' ') {
            Some((first, _)) if first.starts_with(|c: char| c.is_ascii_digit()) => {
                let Some(count) = parse_count(first) else {
                    self.expected(line, EXPECTED);
                    return None;
                };
                (Some(count), first.len() + 1)
            }
            _ => (None, 0),
        };
        let name_text = head[name_start..].trim();
        if name_text.is_empty() || group.is_empty() || !Name::new(name_text).is_bare() {
            self.expected(line, EXPECTED);
            return None;
        }
        let name_offset =
            name_start + (head[name_start..].len() - head[name_start..].trim_start().len());
        let group_offset = text.len() - text[from + " from ".len()..].trim_start().len();
        let name = Spanned::new(
            Name::new(name_text),
            self.span_at(line.base, name_offset..name_offset + name_text.len()),
        );
        let mut groups = Vec::new();
        let mut offset = group_offset;
        for part in group.split(" or ") {
            let trimmed = part.trim();
            let start = offset + (part.len() - part.trim_start().len());
            if trimmed.is_empty() {
                self.expected(line, EXPECTED);
                return None;
            }
            let span = self.span_at(line.base, start..start + trimmed.len());
            groups.push(Spanned::new(Name::new(trimmed), span));
            offset += part.len() + " or ".len();
        }
        Some(Choice { count, name, groups })
    }

    /// `set by GM` or `set by GM, default 12`: `None` when the text is not a GM-set
    /// threshold at all (an ordinary Threshold line).
    pub(super) fn gm_threshold(
        &mut self,
        line: &RawLine<'_>,
    ) -> Option<Option<Option<Spanned<Expr>>>> {
        let text = line.text;
        if !text.get(..GM_SET.len()).is_some_and(|start| start.eq_ignore_ascii_case(GM_SET)) {
            return None;
        }
        let rest = text[GM_SET.len()..].trim_start();
        if rest.is_empty() {
            return Some(Some(None));
        }
        let default = rest.strip_prefix(',').map(str::trim_start).and_then(|rest| {
            rest.strip_prefix("default").filter(|r| r.starts_with([' ', '\t', '[']))
        });
        let Some(default) = default.map(str::trim_start) else {
            self.expected(line, "`set by GM` or `set by GM, default 12`");
            return Some(None);
        };
        let inner = RawLine {
            text: default,
            base: line.base + text.len() - default.len(),
            grade: None,
            ..*line
        };
        Some(self.bare_expression(&inner).map(Some))
    }
}

/// `2` as (2, 2) or `1-2` as (1, 2); the low bound must be at least 1 and at most the high.
fn parse_count(text: &str) -> Option<(u32, u32)> {
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (low.parse().ok()?, high.parse().ok()?),
        None => {
            let n = text.parse().ok()?;
            (n, n)
        }
    };
    (1..=high).contains(&low).then_some((low, high))
}
