//! Lowering a whole file: the outer pest parse (headers, notation lines, includes), blocks
//! assembled line by line, and comments collected for `fmt`. A notation line belongs to the
//! block above it; blank lines inside a block are allowed so a power copied from a rulebook
//! (which puts a blank line between its lines) needs nothing but a header.

use super::error::{ParseErrorKind, error_range};
use super::grammar::Rule;
use super::lines::{RawLine, empty_body};
use super::outer::Outer;
use super::text::Lowerer;
use crate::diagnostics::{Diagnostic, FileId, Span, Spanned};
use crate::model::{Block, BlockKind, Comment, Include, Item, Name};

/// Lowers the text of one file into items and comments.
pub fn lower_file(file: FileId, text: &str) -> (Vec<Item>, Vec<Spanned<Comment>>, Vec<Diagnostic>) {
    let mut lowerer = Lowerer::new(file);
    let comments = comments(file, text);
    let outer = match super::outer::items(text) {
        Ok(items) => items,
        Err(error) => {
            lowerer.diagnostics.push(outer_error(&error, file, text));
            Vec::new()
        }
    };
    let mut items: Vec<Item> = Vec::new();
    let mut open: Option<Spanned<Block>> = None;
    let mut house: Option<super::house::OpenHouse> = None;
    let at = |range: &std::ops::Range<usize>| Span::new(file, range.clone());
    for item in outer {
        if !matches!(item, Outer::Notation { .. }) {
            items.extend(house.take().map(super::house::OpenHouse::close));
        }
        match item {
            Outer::House(pair) => {
                close(&mut open, &mut items);
                let span = lowerer.span(&pair, 0);
                if pair.as_rule() == Rule::house_header {
                    house = super::house::open(&lowerer, pair, span);
                } else {
                    items.extend(super::house::for_item(&lowerer, pair, span));
                }
            }
            Outer::Notation { span, label, text: line_text } if house.is_some() => {
                let raw = raw_line(file, text, label, line_text, at(&span));
                if let Some(house) = &mut house {
                    house.line(&mut lowerer, &raw);
                }
            }
            Outer::Include { span, string, inner } => {
                close(&mut open, &mut items);
                let path =
                    Spanned::new(inner.replace("\\\"", "\"").replace("\\\\", "\\"), at(&string));
                items.push(Item::Include(Spanned::new(Include { path }, at(&span))));
            }
            Outer::Header { span, kind, name } => {
                close(&mut open, &mut items);
                let Some(kind_node) = BlockKind::parse(&text[kind.clone()]) else { continue };
                let block = Block {
                    kind: Spanned::new(kind_node, at(&kind)),
                    name: Spanned::new(Name::new(&text[name.clone()]), at(&name)),
                    body: empty_body(kind_node),
                };
                open = Some(Spanned::new(block, at(&span)));
            }
            Outer::Notation { span, label, text: line_text } => {
                let span = at(&span);
                let raw = raw_line(file, text, label, line_text, span);
                match &mut open {
                    Some(block) => {
                        let kind = block.node.kind.node;
                        lowerer.line(kind, &mut block.node.body, &raw);
                        block.span = block.span.to(span);
                    }
                    None => lowerer
                        .diagnostics
                        .push(ParseErrorKind::LineOutsideBlock.at(raw.label_span).to_diagnostic()),
                }
            }
        }
    }
    close(&mut open, &mut items);
    items.extend(house.map(super::house::OpenHouse::close));
    (items, comments, lowerer.diagnostics)
}

fn close(open: &mut Option<Spanned<Block>>, items: &mut Vec<Item>) {
    if let Some(block) = open.take() {
        items.push(Item::Block(block));
    }
}

/// A notation line's parts: its label (a grade number split off), its text trimmed, and the
/// spans of both.
fn raw_line<'a>(
    file: FileId,
    whole: &'a str,
    label: std::ops::Range<usize>,
    text: std::ops::Range<usize>,
    span: Span,
) -> RawLine<'a> {
    let label_text = &whole[label.clone()];
    // A number ending a gate's test (`Result if an ally within 1`) is the test's, not a grade.
    let gated = label_text.split_whitespace().skip(1).any(|word| word == "if");
    let (name, grade) = match label_text.rsplit_once(' ') {
        Some((name, number)) if !gated && number.bytes().all(|byte| byte.is_ascii_digit()) => {
            let start = label.start + label_text.len() - number.len();
            let grade = number
                .parse()
                .ok()
                .map(|grade| Spanned::new(grade, Span::new(file, start..start + number.len())));
            (name.trim_end(), grade)
        }
        _ => (label_text, None),
    };
    let raw_text = &whole[text.clone()];
    let trimmed = raw_text.trim();
    let base = text.start + (raw_text.len() - raw_text.trim_start().len());
    let label_span = Span::new(file, label.start..label.start + name.len());
    RawLine {
        label: name,
        label_span,
        grade,
        text: trimmed,
        base,
        span: Span::new(
            span.file,
            span.start as usize..(base + trimmed.len()).max(span.start as usize),
        ),
    }
}

/// A diagnostic for a line the outer grammar cannot read, pointing at the whole line.
fn outer_error(error: &pest::error::Error<Rule>, file: FileId, text: &str) -> Diagnostic {
    let position = error_range(error).start.min(text.len());
    let line_start = text[..position].rfind('\n').map_or(0, |index| index + 1);
    let line_end = text[position..].find(['\n', '\r']).map_or(text.len(), |index| position + index);
    let line = &text[line_start..line_end];
    let start = line_start + (line.len() - line.trim_start().len());
    let end = (line_start + line.trim_end().len()).max(start);
    if let Some(diagnostic) = misspelt_kind(file, start, &text[start..end]) {
        return diagnostic;
    }
    ParseErrorKind::NotALine.at(Span::new(file, start..end)).to_diagnostic()
}

/// `powr Shield Bash`: a line with no colon whose first word is close to a block kind (and
/// not one) is a header with its kind misspelt.
fn misspelt_kind(file: FileId, start: usize, line: &str) -> Option<Diagnostic> {
    if line.contains(':') {
        return None;
    }
    let word = line.split([' ', '\t']).next()?;
    let close = crate::diagnostics::did_you_mean(word, BlockKind::all_words())?;
    if close == word || line.len() == word.len() {
        return None;
    }
    let kind = ParseErrorKind::UnknownKind { word: word.to_string(), close };
    Some(kind.at(Span::new(file, start..start + word.len())).to_diagnostic())
}

/// Every comment in `text`: `#` to the end of the line, outside strings.
fn comments(file: FileId, text: &str) -> Vec<Spanned<Comment>> {
    let mut comments = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let mut in_string = false;
        let mut escaped = false;
        for (index, character) in line.char_indices() {
            match character {
                '\\' if in_string => escaped = !escaped,
                '"' if !escaped => in_string = !in_string,
                '#' if !in_string => {
                    let comment = line[index..].trim_end();
                    let trailing = !line[..index].trim().is_empty();
                    let span =
                        Span::new(file, line_start + index..line_start + index + comment.len());
                    comments
                        .push(Spanned::new(Comment { text: comment.to_string(), trailing }, span));
                    break;
                }
                _ => escaped = false,
            }
        }
        line_start += line.len();
    }
    comments
}
