//! Lowering a whole file: the outer pest parse (headers, notation lines, includes), blocks
//! assembled line by line, and comments collected for `fmt`. A notation line belongs to the
//! block above it; blank lines inside a block are allowed so a power copied from a rulebook
//! (which puts a blank line between its lines) needs nothing but a header.

use pest::Parser;

use super::error::{ParseErrorKind, error_range};
use super::grammar::{Rule, RulesParser};
use super::lines::{RawLine, empty_body};
use super::text::Lowerer;
use crate::diagnostics::{Diagnostic, FileId, Span, Spanned};
use crate::model::{Block, BlockKind, Comment, Include, Item, Name};

/// Lowers the text of one file into items and comments.
pub fn lower_file(file: FileId, text: &str) -> (Vec<Item>, Vec<Spanned<Comment>>, Vec<Diagnostic>) {
    let mut lowerer = Lowerer::new(file);
    let comments = comments(file, text);
    let pairs = match RulesParser::parse(Rule::file, text) {
        Ok(mut pairs) => pairs.next().map(|file| file.into_inner()),
        Err(error) => {
            lowerer.diagnostics.push(outer_error(&error, file, text));
            None
        }
    };
    let mut items: Vec<Item> = Vec::new();
    let mut open: Option<Spanned<Block>> = None;
    let mut house: Option<super::house::OpenHouse> = None;
    for pair in pairs.into_iter().flatten() {
        let span = lowerer.span(&pair, 0);
        if matches!(
            pair.as_rule(),
            Rule::include | Rule::header | Rule::house_header | Rule::house_rules
        ) {
            items.extend(house.take().map(super::house::OpenHouse::close));
        }
        match pair.as_rule() {
            Rule::house_header => {
                close(&mut open, &mut items);
                house = super::house::open(&lowerer, pair, span);
            }
            Rule::house_rules => {
                close(&mut open, &mut items);
                items.extend(super::house::for_item(&lowerer, pair, span));
            }
            Rule::notation if house.is_some() => {
                let mut inner = pair.into_inner();
                let (Some(label), Some(text_pair)) = (inner.next(), inner.next()) else { continue };
                let raw = raw_line(&lowerer, &label, &text_pair, span);
                if let Some(house) = &mut house {
                    house.line(&mut lowerer, &raw);
                }
            }
            Rule::include => {
                close(&mut open, &mut items);
                let Some(string) = pair.into_inner().next() else { continue };
                let string_span = lowerer.span(&string, 0);
                let raw = string.into_inner().next().map_or("", |inner| inner.as_str());
                let path =
                    Spanned::new(raw.replace("\\\"", "\"").replace("\\\\", "\\"), string_span);
                items.push(Item::Include(Spanned::new(Include { path }, span)));
            }
            Rule::header => {
                close(&mut open, &mut items);
                let mut inner = pair.into_inner();
                let (Some(kind_pair), Some(name_pair)) = (inner.next(), inner.next()) else {
                    continue;
                };
                let Some(kind) = BlockKind::parse(kind_pair.as_str()) else { continue };
                let block = Block {
                    kind: Spanned::new(kind, lowerer.span(&kind_pair, 0)),
                    name: Spanned::new(Name::new(name_pair.as_str()), lowerer.span(&name_pair, 0)),
                    body: empty_body(kind),
                };
                open = Some(Spanned::new(block, span));
            }
            Rule::notation => {
                let mut inner = pair.into_inner();
                let (Some(label), Some(text_pair)) = (inner.next(), inner.next()) else { continue };
                let raw = raw_line(&lowerer, &label, &text_pair, span);
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
            _ => {}
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

fn raw_line<'a>(
    lowerer: &Lowerer,
    label: &super::text::Node<'a>,
    text: &super::text::Node<'a>,
    span: Span,
) -> RawLine<'a> {
    let label_text = label.as_str();
    let label_span = lowerer.span(label, 0);
    // A number ending a gate's test (`Result if an ally within 1`) is the test's, not a grade.
    let gated = label_text.split_whitespace().skip(1).any(|word| word == "if");
    let (name, grade) = match label_text.rsplit_once(' ') {
        Some((name, number)) if !gated && number.bytes().all(|byte| byte.is_ascii_digit()) => {
            let start = label.as_span().start() + label_text.len() - number.len();
            let grade = number.parse().ok().map(|grade| {
                Spanned::new(grade, Span::new(lowerer.file, start..start + number.len()))
            });
            (name.trim_end(), grade)
        }
        _ => (label_text, None),
    };
    let raw_text = text.as_str();
    let trimmed = raw_text.trim();
    let base = text.as_span().start() + (raw_text.len() - raw_text.trim_start().len());
    let label_span =
        Span::new(lowerer.file, label_span.start as usize..label_span.start as usize + name.len());
    RawLine {
        label: name,
        label_span,
        grade,
        text: trimmed,
        base,
        span: trim_span(span, text, trimmed, base),
    }
}

/// The line span without trailing whitespace.
fn trim_span(span: Span, _text: &super::text::Node<'_>, trimmed: &str, base: usize) -> Span {
    Span::new(span.file, span.start as usize..(base + trimmed.len()).max(span.start as usize))
}

/// A diagnostic for a line the outer grammar cannot read, pointing at the whole line.
fn outer_error(error: &pest::error::Error<Rule>, file: FileId, text: &str) -> Diagnostic {
    let position = error_range(error).start.min(text.len());
    let line_start = text[..position].rfind('\n').map_or(0, |index| index + 1);
    let line_end = text[position..].find(['\n', '\r']).map_or(text.len(), |index| position + index);
    let line = &text[line_start..line_end];
    let start = line_start + (line.len() - line.trim_start().len());
    let end = (line_start + line.trim_end().len()).max(start);
    ParseErrorKind::NotALine.at(Span::new(file, start..end)).to_diagnostic()
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
