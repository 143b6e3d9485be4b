//! Lowering house rules (see [`crate::model::house`]): `house rules for NAME`, and a house
//! rule's header (`replace power X`, `amend system X`, `remove power X`) with the lines
//! under it. A `replace` block's lines are lowered as the block kind's lines; an `amend`
//! block's lines start with `add`, `replace` or `remove` and the rest is lowered the same
//! way; a `remove` block has no lines.

use super::lines::{RawLine, empty_body};
use super::text::{Lowerer, Node};
use crate::diagnostics::{Diagnostic, Span, Spanned, did_you_mean};
use crate::model::house::{House, HouseBody, HouseRule, HouseVerb, LineAction, LineEdit};
use crate::model::{Block, BlockKind, Item, Name};

/// A house rule whose lines are being read.
pub(super) struct OpenHouse {
    rule: HouseRule,
    span: Span,
}

/// `house rules for NAME` as an item.
pub(super) fn for_item(lowerer: &Lowerer, pair: Node<'_>, span: Span) -> Option<Item> {
    let name = pair.into_inner().next()?;
    let name = Spanned::new(Name::new(name.as_str()), lowerer.span(&name, 0));
    Some(Item::House(Spanned::new(House::For(name), span)))
}

/// Opens the house rule of a `house_header` pair.
pub(super) fn open(lowerer: &Lowerer, pair: Node<'_>, span: Span) -> Option<OpenHouse> {
    let mut inner = pair.into_inner();
    let (verb_pair, kind_pair, name_pair) = (inner.next()?, inner.next()?, inner.next()?);
    let verb = HouseVerb::parse(verb_pair.as_str())?;
    let kind = BlockKind::parse(kind_pair.as_str())?;
    let name = Spanned::new(Name::new(name_pair.as_str()), lowerer.span(&name_pair, 0));
    let kind = Spanned::new(kind, lowerer.span(&kind_pair, 0));
    let body = match verb {
        HouseVerb::Replace => HouseBody::Replace(Block {
            kind: kind.clone(),
            name: name.clone(),
            body: empty_body(kind.node),
        }),
        HouseVerb::Amend => HouseBody::Amend(Vec::new()),
        HouseVerb::Remove => HouseBody::Remove,
    };
    let verb = Spanned::new(verb, lowerer.span(&verb_pair, 0));
    Some(OpenHouse { rule: HouseRule { verb, kind, name, body }, span })
}

impl OpenHouse {
    /// Lowers one notation line under the rule's header.
    pub(super) fn line(&mut self, lowerer: &mut Lowerer, raw: &RawLine<'_>) {
        self.span = self.span.to(raw.span);
        let kind = self.rule.kind.node;
        match &mut self.rule.body {
            HouseBody::Replace(block) => lowerer.line(kind, &mut block.body, raw),
            HouseBody::Remove => lowerer.diagnostics.push(
                Diagnostic::error(
                    "rules::house::line_under_remove",
                    "a `remove` house rule has no lines: it removes the whole block",
                )
                .with_primary(raw.span, "this line")
                .with_help(format!(
                    "to remove one line, write `amend {} {}` and `remove LABEL:`",
                    self.rule.kind.node,
                    self.rule.name.node.as_str()
                )),
            ),
            HouseBody::Amend(edits) => {
                if let Some(edit) = edit(lowerer, kind, raw) {
                    edits.push(edit);
                }
            }
        }
    }

    /// The finished rule as an item.
    pub(super) fn close(self) -> Item {
        Item::House(Spanned::new(House::Rule(self.rule), self.span))
    }
}

/// One line of an `amend` block: its action word, then a line of the block's kind.
fn edit(lowerer: &mut Lowerer, kind: BlockKind, raw: &RawLine<'_>) -> Option<Spanned<LineEdit>> {
    let (word, rest) = raw.label.split_once(char::is_whitespace).unwrap_or((raw.label, ""));
    let Some(action) = LineAction::parse(word) else {
        let suggestion = did_you_mean(word, ["add", "replace", "remove"]);
        let help = match suggestion {
            Some(close) => format!("did you mean `{close}`?"),
            None => "start each line of an `amend` block with `add`, `replace` or `remove`: \
                     `replace Cost: 2 CP`"
                .to_string(),
        };
        lowerer.diagnostics.push(
            Diagnostic::error(
                "rules::house::no_action",
                "a line of an `amend` house rule starts with `add`, `replace` or `remove`",
            )
            .with_primary(raw.label_span, "not `add`, `replace` or `remove`")
            .with_help(help),
        );
        return None;
    };
    let rest_offset = raw.label.len() - rest.trim_start().len();
    let start = raw.label_span.start as usize;
    let action = Spanned::new(action, Span::new(raw.label_span.file, start..start + word.len()));
    let label_span =
        Span::new(raw.label_span.file, start + rest_offset..raw.label_span.end as usize);
    let inner = RawLine {
        label: rest.trim(),
        label_span,
        grade: raw.grade.clone(),
        text: raw.text,
        base: raw.base,
        span: raw.span,
    };
    let mut label = inner.label.to_string();
    if let Some(grade) = &raw.grade {
        label = format!("{label} {}", grade.node);
    }
    if inner.label.is_empty() {
        lowerer.diagnostics.push(
            Diagnostic::error("rules::house::no_label", format!("`{word}` names no line"))
                .with_primary(raw.label_span, "a label should follow")
                .with_help(format!("write `{word} LABEL: text`, such as `{word} Cost: 2 CP`")),
        );
        return None;
    }
    let line = if action.node == LineAction::Remove && inner.text.is_empty() {
        None
    } else {
        let mut body = empty_body(kind);
        lowerer.line(kind, &mut body, &inner);
        (!body.line_texts().is_empty()).then_some(body)
    };
    let label = Spanned::new(label, label_span);
    Some(Spanned::new(LineEdit { action, label, line }, raw.span))
}
