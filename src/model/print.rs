//! The canonical printer behind `mythforge fmt`: blocks and includes in source order, each
//! line in canonical form, comments kept where they were (whole-line comments on their own
//! line, trailing comments after their line), one blank line before each block.

use super::{Item, RuleFile};

/// What one printed line is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Entry {
    Include,
    Header,
    Line,
    Comment,
}

/// The canonical text of `file`.
pub fn format_file(file: &RuleFile) -> String {
    let mut entries: Vec<(u32, Entry, String)> = Vec::new();
    for item in &file.items {
        match item {
            Item::Include(include) => {
                let path = include.node.path.node.replace('\\', "\\\\").replace('"', "\\\"");
                entries.push((include.span.start, Entry::Include, format!("include \"{path}\"")));
            }
            Item::House(house) => match &house.node {
                super::house::House::For(name) => {
                    let text = format!("house rules for {}", name.node.as_str());
                    entries.push((house.span.start, Entry::Header, text));
                }
                super::house::House::Rule(rule) => {
                    for (start, header, text) in rule.printed() {
                        entries.push((
                            start,
                            if header { Entry::Header } else { Entry::Line },
                            text,
                        ));
                    }
                }
            },
            Item::Block(block) => {
                let header = format!("{} {}", block.node.kind.node, block.node.name.node.as_str());
                entries.push((block.node.kind.span.start, Entry::Header, header));
                for (span, text) in block.node.line_texts() {
                    entries.push((span.start, Entry::Line, text));
                }
            }
        }
    }
    entries.sort_by_key(|(start, _, _)| *start);
    for comment in &file.comments {
        let text = comment.node.text.clone();
        if comment.node.trailing {
            let owner = entries
                .iter_mut()
                .rev()
                .find(|(start, kind, _)| *start <= comment.span.start && *kind != Entry::Comment);
            if let Some((_, _, line)) = owner {
                line.push_str("  ");
                line.push_str(&text);
                continue;
            }
        }
        let position = entries.partition_point(|(start, _, _)| *start <= comment.span.start);
        entries.insert(position, (comment.span.start, Entry::Comment, text));
    }
    // A blank line goes before each block: before its header, or before the comments
    // directly above the header. Comments inside a block stay where they are.
    let mut output = String::new();
    for (index, (_, kind, text)) in entries.iter().enumerate() {
        let opens_block = match kind {
            Entry::Header => index == 0 || entries[index - 1].1 != Entry::Comment,
            Entry::Comment => {
                let next = entries[index..].iter().find(|(_, kind, _)| *kind != Entry::Comment);
                let previous_is_comment = index > 0 && entries[index - 1].1 == Entry::Comment;
                next.is_some_and(|(_, kind, _)| *kind == Entry::Header) && !previous_is_comment
            }
            Entry::Include | Entry::Line => false,
        };
        if opens_block && !output.is_empty() {
            output.push('\n');
        }
        output.push_str(text);
        output.push('\n');
    }
    output
}
