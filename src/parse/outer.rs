//! The outer structure of a rule file — includes, block headers and notation lines — as
//! byte ranges. The `file` rule of grammar/rules.pest defines it; reading a plain file
//! through pest costs about as much as every sub-language of its lines together (implicit
//! whitespace and comment skipping run rule by rule, character by character), so the plain
//! lines nearly every file is made of are read here by hand, following that rule step by
//! step. Any line this reader does not follow exactly (a house rule, a non-ASCII character
//! where the grammar tests for a letter, a line the grammar refuses) hands the whole file to
//! pest, which stays the definition and gives the errors. A unit test holds the two readers
//! to the same items on every shipped rule file and on generated lines.

use std::ops::Range;

use pest::Parser;

use super::grammar::{Rule, RulesParser};
use super::text::Node;

/// One item of a file's outer structure; ranges are byte offsets in the file.
#[derive(Clone, Debug)]
pub(super) enum Outer<'a> {
    /// `include "other.rules"`.
    Include {
        /// The whole item.
        span: Range<usize>,
        /// The string with its quotes.
        string: Range<usize>,
        /// The text between the quotes, escapes as written.
        inner: &'a str,
    },
    /// `power Berserker Charge`.
    Header {
        /// The whole item.
        span: Range<usize>,
        /// The kind word.
        kind: Range<usize>,
        /// The name after it.
        name: Range<usize>,
    },
    /// `Label: text`.
    Notation {
        /// The whole item, from the label to the end of its text.
        span: Range<usize>,
        /// The label.
        label: Range<usize>,
        /// The text after the colon (after the whitespace the grammar skips).
        text: Range<usize>,
    },
    /// A house-rule header or `house rules for NAME`, as pest read it.
    House(Node<'a>),
}

/// The outer items of `text`, or pest's error for a file the grammar refuses.
pub(super) fn items(text: &str) -> Result<Vec<Outer<'_>>, pest::error::Error<Rule>> {
    match plain_items(text) {
        Some(items) => Ok(items),
        None => with_pest(text),
    }
}

/// The outer items as the pest grammar reads them.
pub(super) fn with_pest(text: &str) -> Result<Vec<Outer<'_>>, pest::error::Error<Rule>> {
    let mut pairs = RulesParser::parse(Rule::file, text)?;
    let Some(file) = pairs.next() else { return Ok(Vec::new()) };
    let range = |pair: &Node<'_>| pair.as_span().start()..pair.as_span().end();
    let mut items = Vec::new();
    for pair in file.into_inner() {
        let span = range(&pair);
        match pair.as_rule() {
            Rule::include => {
                let Some(string) = pair.into_inner().next() else { continue };
                let inner = string.clone().into_inner().next().map_or("", |inner| inner.as_str());
                items.push(Outer::Include { span, string: range(&string), inner });
            }
            Rule::header => {
                let mut inner = pair.into_inner();
                let (Some(kind), Some(name)) = (inner.next(), inner.next()) else { continue };
                items.push(Outer::Header { span, kind: range(&kind), name: range(&name) });
            }
            Rule::notation => {
                let mut inner = pair.into_inner();
                let (Some(label), Some(text)) = (inner.next(), inner.next()) else { continue };
                items.push(Outer::Notation { span, label: range(&label), text: range(&text) });
            }
            Rule::house_header | Rule::house_rules => items.push(Outer::House(pair)),
            _ => {}
        }
    }
    Ok(items)
}

/// The outer items of a file of plain lines, read by hand; `None` as soon as a line is
/// anything else.
pub(super) fn plain_items(text: &str) -> Option<Vec<Outer<'_>>> {
    let bytes = text.as_bytes();
    let mut items = Vec::new();
    let mut at = if text.starts_with('\u{FEFF}') { '\u{FEFF}'.len_utf8() } else { 0 };
    loop {
        let end = at
            + bytes[at..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .unwrap_or(bytes.len() - at);
        let line = Line { bytes, end };
        let start = line.skip(at);
        if start < end {
            let (item, after) = line.item(text, start)?;
            if line.skip(after) != end {
                return None;
            }
            items.push(item);
        }
        if end == bytes.len() {
            return Some(items);
        }
        // NEWLINE is "\n", "\r\n" or "\r".
        at = end + if bytes[end] == b'\r' && bytes.get(end + 1) == Some(&b'\n') { 2 } else { 1 };
    }
}

/// One line of the file: the bytes of the whole file and where the line's break is.
struct Line<'b> {
    bytes: &'b [u8],
    end: usize,
}

impl Line<'_> {
    fn at(&self, at: usize) -> Option<u8> {
        (at < self.end).then(|| self.bytes[at])
    }

    /// Past the spaces and tabs at `at` (`WHITESPACE*`).
    fn spaces(&self, mut at: usize) -> usize {
        while matches!(self.at(at), Some(b' ' | b'\t')) {
            at += 1;
        }
        at
    }

    /// Past the whitespace and a comment at `at`, as the grammar's implicit skip between
    /// tokens: a comment runs to the line's end.
    fn skip(&self, at: usize) -> usize {
        let at = self.spaces(at);
        if self.at(at) == Some(b'#') { self.end } else { at }
    }

    /// The line item starting at `at` (not blank, not a comment) and where it ends, in the
    /// grammar's order: include, notation, header. `None` for anything else.
    fn item<'a>(&self, text: &'a str, at: usize) -> Option<(Outer<'a>, usize)> {
        if self.bytes[at..self.end].starts_with(b"include") {
            // `"include" ~ string`; anything else starting with the word is left to pest.
            return self.include(text, at);
        }
        // A notation line needs a colon; without one the label (and whether a non-ASCII
        // character in it is a letter) does not matter.
        let colon_in_line = self.bytes[at..self.end].contains(&b':');
        if let Some(label_end) = if colon_in_line { self.label(at)? } else { None } {
            let colon = self.skip(label_end);
            if self.at(colon) == Some(b':') {
                let start = self.skip(colon + 1);
                let end = start
                    + self.bytes[start..self.end]
                        .iter()
                        .position(|&b| b == b'#')
                        .unwrap_or(self.end - start);
                let item =
                    Outer::Notation { span: at..end, label: at..label_end, text: start..end };
                return Some((item, end));
            }
        }
        let kind = self.kind(at)?;
        let name_start = self.skip(kind.end);
        let name_end = self.header_name(name_start)?;
        let item = Outer::Header { span: at..name_end, kind, name: name_start..name_end };
        Some((item, name_end))
    }

    /// `include "other.rules"`: the word, a string (`\"` and `\\` escapes) on the same line.
    fn include<'a>(&self, text: &'a str, at: usize) -> Option<(Outer<'a>, usize)> {
        let open = self.skip(at + "include".len());
        if self.at(open) != Some(b'"') {
            return None;
        }
        let mut end = open + 1;
        loop {
            match self.at(end)? {
                b'"' => break,
                b'\\' if matches!(self.at(end + 1), Some(b'"' | b'\\')) => end += 2,
                b'\\' => return None,
                _ => end += 1,
            }
        }
        let item = Outer::Include {
            span: at..end + 1,
            string: open..end + 1,
            inner: text.get(open + 1..end)?,
        };
        Some((item, end + 1))
    }

    /// The end of the `label` at `at`: `Some(None)` when none starts there, `None` when the
    /// grammar would test a non-ASCII character for a letter.
    fn label(&self, at: usize) -> Option<Option<usize>> {
        let Some(mut at) = self.label_word(at)? else { return Some(None) };
        // `((" " | "\t")+ ~ !label_condition ~ label_word)*`
        loop {
            let spaced = self.spaces(at);
            if spaced == at || self.label_condition(spaced).is_some() {
                break;
            }
            match self.label_word(spaced)? {
                Some(end) => at = end,
                None => break,
            }
        }
        // `((" " | "\t")+ ~ (grade_gate | label_condition))?`
        let spaced = self.spaces(at);
        if spaced > at
            && let Some(end) = self.grade_gate(spaced).or_else(|| self.label_condition(spaced))
        {
            at = end;
        }
        Some(Some(at))
    }

    /// `label_word`: a letter or digit, then letters, digits, `_`, `-` and `'`.
    fn label_word(&self, at: usize) -> Option<Option<usize>> {
        match self.at(at) {
            Some(b) if b.is_ascii_alphanumeric() => {}
            Some(b) if !b.is_ascii() => return None,
            _ => return Some(None),
        }
        let mut at = at + 1;
        loop {
            match self.at(at) {
                Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'\'') => at += 1,
                Some(b) if !b.is_ascii() => return None,
                _ => return Some(Some(at)),
            }
        }
    }

    /// `grade_gate`: `=0`, `<2`.
    fn grade_gate(&self, at: usize) -> Option<usize> {
        if !matches!(self.at(at), Some(b'=' | b'<')) {
            return None;
        }
        let mut end = at + 1;
        while self.at(end).is_some_and(|b| b.is_ascii_digit()) {
            end += 1;
        }
        (end > at + 1).then_some(end)
    }

    /// `label_condition`: `if [Margin >= 5]`, `if Target is Dazed`: `if`, whitespace, then
    /// anything up to a colon, comment or unmatched bracket (brackets inside balanced).
    fn label_condition(&self, at: usize) -> Option<usize> {
        if !self.bytes[at..self.end].starts_with(b"if") {
            return None;
        }
        let start = self.spaces(at + 2);
        if start == at + 2 {
            return None;
        }
        let mut end = start;
        loop {
            match self.at(end) {
                Some(b'[') => match self.label_bracket(end) {
                    Some(after) => end = after,
                    None => break,
                },
                Some(b':' | b']' | b'#') | None => break,
                Some(_) => end += 1,
            }
        }
        (end > start).then_some(end)
    }

    /// `label_bracket`: a bracket at `at`, brackets inside it balanced.
    fn label_bracket(&self, at: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut end = at;
        while let Some(b) = self.at(end) {
            end += 1;
            match b {
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(end);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// `kind`: one of the block kinds, not followed by a word character.
    fn kind(&self, at: usize) -> Option<Range<usize>> {
        // The words are `BlockKind::parse`'s: the grammar's `kind` lists the same ones.
        let rest = &self.bytes[at..self.end];
        let len = rest.iter().take_while(|b| b.is_ascii_lowercase()).count();
        let word = std::str::from_utf8(&rest[..len]).ok()?;
        crate::model::BlockKind::parse(word)?;
        let end = at + len;
        match self.at(end) {
            Some(b) if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-') || !b.is_ascii() => {
                None
            }
            _ => Some(at..end),
        }
    }

    /// The end of the `header_name` at `at`: words of anything but whitespace, `#` and `:`,
    /// single spaces or tabs between them.
    fn header_name(&self, at: usize) -> Option<usize> {
        let name_char = |b: Option<u8>| b.is_some_and(|b| !matches!(b, b' ' | b'\t' | b'#' | b':'));
        if !name_char(self.at(at)) {
            return None;
        }
        let mut end = at;
        loop {
            while name_char(self.at(end)) {
                end += 1;
            }
            let spaced = self.spaces(end);
            if spaced > end && name_char(self.at(spaced)) {
                end = spaced;
            } else {
                return Some(end);
            }
        }
    }
}
