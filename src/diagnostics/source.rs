//! The registry of source texts (rule files, scripts, session files, command-line
//! expressions). Diagnostics carry only spans; text is looked up here when rendering.

use std::sync::Arc;

use super::span::{FileId, Span};

/// One registered source text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// Display name: a path, or a pseudo-name such as `<expr>`.
    pub name: String,
    /// The whole text.
    pub text: Arc<str>,
}

/// All source texts known to a run, addressed by [`FileId`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

/// A 1-based line and column (columns count characters, not bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LineCol {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> Self {
        SourceMap::default()
    }

    /// Registers a text and returns its id; a text registered before under the same name
    /// keeps its id, so two maps that registered the same files in the same order (a
    /// session's and its game's copy) agree on every id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<Arc<str>>) -> FileId {
        let file = SourceFile { name: name.into(), text: text.into() };
        if let Some(known) =
            self.files.iter().position(|f| f.name == file.name && f.text == file.text)
        {
            return FileId(known as u32);
        }
        self.files.push(file);
        FileId(self.files.len() as u32 - 1)
    }

    /// The file behind `id`, if registered.
    pub fn get(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    /// Every registered file with its id, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files.iter().enumerate().map(|(i, f)| (FileId(i as u32), f))
    }

    /// The text a span covers (empty when the span is out of range).
    pub fn slice(&self, span: Span) -> &str {
        self.get(span.file).and_then(|f| f.text.get(span.range())).unwrap_or("")
    }

    /// Line and column of the span's start, if the span points into a registered file.
    pub fn line_col(&self, span: Span) -> Option<LineCol> {
        let file = self.get(span.file)?;
        Some(line_col(&file.text, span.start as usize))
    }
}

/// 1-based line and character column of byte `offset` in `text` (clamped to the text).
pub fn line_col(text: &str, offset: usize) -> LineCol {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    LineCol { line, column: before[line_start..].chars().count() + 1 }
}

/// Byte offset of 1-based `line` and character `column` in `text`, clamped to the text.
/// Script engines report positions this way.
pub fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut line_start = 0;
    for _ in 1..line.max(1) {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line_text = text[line_start..].split('\n').next().unwrap_or("");
    let within =
        line_text.char_indices().nth(column.saturating_sub(1)).map_or(line_text.len(), |(i, _)| i);
    line_start + within
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_characters_not_bytes() {
        let text = "ab\nñé x";
        assert_eq!(line_col(text, 0), LineCol { line: 1, column: 1 });
        assert_eq!(line_col(text, 3), LineCol { line: 2, column: 1 });
        // 'x' sits after two 2-byte characters and a space.
        assert_eq!(line_col(text, 8), LineCol { line: 2, column: 4 });
    }

    #[test]
    fn offset_of_inverts_line_col() {
        let text = "ab\nñé x\n";
        assert_eq!(offset_of(text, 2, 4), 8);
        assert_eq!(offset_of(text, 9, 1), text.len());
    }
}
