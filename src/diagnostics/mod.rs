//! Locations, source texts and diagnostics shared by every phase (dice, rules, engine,
//! scripts, sessions). Errors are built as plain data here and rendered only at the edge
//! (the CLI or a golden test); nothing in this module prints.

mod diagnostic;
mod escape;
mod render;
mod source;
mod span;
mod suggest;
mod wording;

pub use diagnostic::{Diagnostic, Label, Severity, ToDiagnostic};
pub use escape::{escape_string, escape_text, mask_text};
pub use render::{MAX_RENDERED, RenderStyle, render, render_all, to_json};
pub use source::{LineCol, SourceFile, SourceMap, line_col, offset_of};
pub use span::{FileId, Span, Spanned};
pub use suggest::{did_you_mean, edit_distance};
pub use wording::article;
