//! Source locations: which file, which bytes. Every node of the rule model and every error
//! carries a [`Span`]; this module only describes locations and never reads source text.

use serde::{Deserialize, Serialize};

/// Identifies one source text registered in a [`SourceMap`](super::SourceMap).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct FileId(pub u32);

/// A byte range `start..end` in one file. [`Span::NONE`] (the default) means "no location".
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Span {
    /// The file the range points into.
    pub file: FileId,
    /// First byte (inclusive).
    pub start: u32,
    /// Last byte (exclusive).
    pub end: u32,
}

impl Span {
    /// The span that points nowhere; code that does not know its location uses it. Its
    /// file id is one no [`SourceMap`](super::SourceMap) hands out, so an empty span at the
    /// start of the first file is still a real location.
    pub const NONE: Span = Span { file: FileId(u32::MAX), start: 0, end: 0 };

    /// A span over `range` in `file`; offsets past `u32::MAX` saturate.
    pub fn new(file: FileId, range: std::ops::Range<usize>) -> Self {
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Span { file, start: clamp(range.start), end: clamp(range.end.max(range.start)) }
    }

    /// True for [`Span::NONE`].
    pub fn is_none(&self) -> bool {
        *self == Span::NONE
    }

    /// The byte range as `usize`s.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// Length in bytes.
    pub fn len(&self) -> usize {
        (self.end - self.start) as usize
    }

    /// True when the span covers no bytes.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The smallest span covering both (they must be in the same file; otherwise `self`).
    pub fn to(self, other: Span) -> Span {
        if self.is_none() {
            return other;
        }
        if other.is_none() || other.file != self.file {
            return self;
        }
        Span { file: self.file, start: self.start.min(other.start), end: self.end.max(other.end) }
    }

    /// A sub-span at `offset..offset + len` relative to this span's start.
    pub fn sub(self, offset: usize, len: usize) -> Span {
        let start = self.start as usize + offset;
        Span::new(self.file, start..start + len)
    }
}

impl Default for Span {
    fn default() -> Self {
        Span::NONE
    }
}

/// A value together with the source it came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs `node` with `span`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }

    /// Transforms the value, keeping the span.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Spanned<U> {
        Spanned { node: f(self.node), span: self.span }
    }
}

impl<T> std::ops::Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.node
    }
}
