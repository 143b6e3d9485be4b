//! House rules: blocks of a file loaded after a pack that change the pack instead of adding
//! to it. A house-rule file may say which pack it changes (`house rules for fantasy`), then
//! replace a block whole (`replace power Heavy Strike` and its new lines), amend a
//! block's lines (`amend system Fantasy`, then `replace Ruling grade cap: 4`, `add Limit:
//! 1 per encounter`, `remove Before:`) or remove a block (`remove power Sleep`). Rulings are
//! the system block's `Ruling` lines, amended like any line. Plain blocks in the same file
//! are added as usual. [`super::house_apply`] applies them to a pack; this module is the
//! plain data and its canonical text.

use std::fmt;

use serde::Serialize;

use super::{Block, BlockBody, BlockKind, Name};
use crate::diagnostics::Spanned;

/// What a house rule does to the block it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum HouseVerb {
    /// `replace power X`: the lines that follow are the block's new lines.
    Replace,
    /// `amend power X`: the lines that follow add, replace or remove single lines.
    Amend,
    /// `remove power X`: the block goes.
    Remove,
}

impl HouseVerb {
    /// The verb a header word names.
    pub fn parse(word: &str) -> Option<HouseVerb> {
        match word {
            "replace" => Some(HouseVerb::Replace),
            "amend" => Some(HouseVerb::Amend),
            "remove" => Some(HouseVerb::Remove),
            _ => None,
        }
    }
}

impl fmt::Display for HouseVerb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            HouseVerb::Replace => "replace",
            HouseVerb::Amend => "amend",
            HouseVerb::Remove => "remove",
        })
    }
}

/// What one line of an `amend` block does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LineAction {
    /// `add Limit: 1 per encounter`: a line the block does not have yet.
    Add,
    /// `replace Result: [3 + Grade] damage`: the block's line with that label, rewritten.
    Replace,
    /// `remove Before:`: the block's line with that label goes (its text, when written, must
    /// be the line's: `remove Effect: apply Dazed` picks one of several `Effect` lines).
    Remove,
}

impl LineAction {
    /// The action a line's first word names.
    pub fn parse(word: &str) -> Option<LineAction> {
        match word {
            "add" => Some(LineAction::Add),
            "replace" => Some(LineAction::Replace),
            "remove" => Some(LineAction::Remove),
            _ => None,
        }
    }
}

impl fmt::Display for LineAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LineAction::Add => "add",
            LineAction::Replace => "replace",
            LineAction::Remove => "remove",
        })
    }
}

/// One line of an `amend` block: `replace Ruling grade cap: 4`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineEdit {
    /// What it does.
    pub action: Spanned<LineAction>,
    /// The label it names, with its grade: `Result 2`, `Ruling grade cap`.
    pub label: Spanned<String>,
    /// The line as lowered for the block's kind: a body of exactly one line (none for a
    /// `remove` without text).
    pub line: Option<BlockBody>,
}

impl LineEdit {
    /// The canonical text of the edit's line (`Ruling grade cap: 4`), if it has one.
    pub fn line_text(&self) -> Option<String> {
        let body = self.line.as_ref()?;
        body.line_texts().into_iter().next().map(|(_, text)| text)
    }
}

impl fmt::Display for LineEdit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line_text() {
            Some(text) => write!(f, "{} {text}", self.action.node),
            None => write!(f, "{} {}:", self.action.node, self.label.node),
        }
    }
}

/// What a house rule carries after its header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum HouseBody {
    /// The new block of a `replace` (its kind and name are the header's).
    Replace(Block),
    /// The line edits of an `amend`, in order.
    Amend(Vec<Spanned<LineEdit>>),
    /// A `remove` has no lines.
    Remove,
}

/// One house rule: `replace power Heavy Strike` and what follows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HouseRule {
    /// What it does.
    pub verb: Spanned<HouseVerb>,
    /// The kind of the block it names.
    pub kind: Spanned<BlockKind>,
    /// The name of the block it names.
    pub name: Spanned<Name>,
    /// Its lines.
    pub body: HouseBody,
}

impl HouseRule {
    /// The header's text: `replace power Heavy Strike`.
    pub fn header(&self) -> String {
        format!("{} {} {}", self.verb.node, self.kind.node, self.name.node.as_str())
    }

    /// `(start offset, whether it is the header, canonical text)` of every line, for `fmt`.
    pub fn printed(&self) -> Vec<(u32, bool, String)> {
        let mut lines = vec![(self.verb.span.start, true, self.header())];
        match &self.body {
            HouseBody::Replace(block) => {
                lines
                    .extend(block.line_texts().into_iter().map(|(span, t)| (span.start, false, t)));
            }
            HouseBody::Amend(edits) => {
                lines.extend(
                    edits.iter().map(|edit| (edit.span.start, false, edit.node.to_string())),
                );
            }
            HouseBody::Remove => {}
        }
        lines
    }
}

impl fmt::Display for HouseRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (_, _, text) in self.printed() {
            writeln!(f, "{text}")?;
        }
        Ok(())
    }
}

/// A house-rule item of a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum House {
    /// `house rules for fantasy`: the pack the file changes.
    For(Spanned<Name>),
    /// A house rule.
    Rule(HouseRule),
}
