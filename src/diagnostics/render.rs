//! Turns [`Diagnostic`]s into text through miette (graphical, plain for golden files, or
//! fancy for terminals) and into JSON. Every label is clamped to its source first: miette
//! panics on spans past the end of the text.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use serde_json::{Value, json};

use super::diagnostic::{Diagnostic, Severity};
use super::source::SourceMap;
use super::span::{FileId, Span};

/// How to draw a diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenderStyle {
    /// Unicode boxes, no colour, fixed width 80: stable for golden files and pipes.
    Plain,
    /// Colours and unicode for a terminal.
    Fancy,
}

/// Renders one diagnostic as miette would print it.
pub fn render(diagnostic: &Diagnostic, sources: &SourceMap, style: RenderStyle) -> String {
    let theme = match style {
        RenderStyle::Plain => GraphicalTheme::unicode_nocolor(),
        RenderStyle::Fancy => GraphicalTheme::unicode(),
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(80).with_links(false);
    let report = Report::build(diagnostic, sources);
    let mut out = String::new();
    if handler.render_report(&mut out, &report).is_err() {
        // Rendering into a String only fails if a Display impl fails; fall back to the bare text.
        out = format!("{}: {}\n", severity_word(diagnostic.severity), diagnostic.message);
    }
    out
}

/// The most diagnostics [`render_all`] draws; the rest are counted in one closing line. A
/// file of 20,000 bad lines must not print megabytes: the first hundred say what is wrong.
pub const MAX_RENDERED: usize = 100;

/// Renders the diagnostics, separated by blank lines: the first [`MAX_RENDERED`] of them,
/// then a line counting those left out.
pub fn render_all(diagnostics: &[Diagnostic], sources: &SourceMap, style: RenderStyle) -> String {
    let shown = diagnostics.iter().take(MAX_RENDERED).map(|d| render(d, sources, style));
    let mut text = shown.collect::<Vec<_>>().join("\n");
    if diagnostics.len() > MAX_RENDERED {
        let left = &diagnostics[MAX_RENDERED..];
        let errors = left.iter().filter(|d| d.is_error()).count();
        text.push_str(&format!(
            "\n… and {} more ({errors} errors) not shown; fix these first\n",
            left.len()
        ));
    }
    text
}

/// A diagnostic as a JSON object: severity, code, message, file/line/column of the primary
/// label, every label with its own position, and the hint.
pub fn to_json(diagnostic: &Diagnostic, sources: &SourceMap) -> Value {
    let position = |span: Span| {
        let file = sources.get(span.file).map(|f| f.name.clone());
        let start = sources.line_col(span);
        let end = sources.line_col(Span { start: span.end, ..span });
        json!({
            "file": file,
            "line": start.map(|p| p.line),
            "column": start.map(|p| p.column),
            "end_line": end.map(|p| p.line),
            "end_column": end.map(|p| p.column),
            "start": span.start,
            "end": span.end,
        })
    };
    let primary = diagnostic.primary_span();
    let labels: Vec<Value> = diagnostic
        .labels
        .iter()
        .map(|l| {
            let mut v = position(l.span);
            v["message"] = json!(l.message);
            v["primary"] = json!(l.primary);
            v
        })
        .collect();
    let mut v = json!({
        "severity": diagnostic.severity,
        "code": diagnostic.code,
        "message": diagnostic.message,
        "help": diagnostic.help,
        "labels": labels,
    });
    if !diagnostic.labels.is_empty() {
        let p = position(primary);
        for key in ["file", "line", "column"] {
            v[key] = p[key].clone();
        }
    }
    v
}

fn severity_word(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Advice => "advice",
    }
}

/// A diagnostic bound to one source file, in the shape miette wants. Labels in other files
/// become related reports, each with its own source.
struct Report {
    message: String,
    code: String,
    severity: Severity,
    help: Option<String>,
    source: Option<NamedSource<String>>,
    labels: Vec<LabeledSpan>,
    related: Vec<Report>,
}

impl Report {
    fn build(diagnostic: &Diagnostic, sources: &SourceMap) -> Report {
        let home = diagnostic.primary_span().file;
        let mut report = Report::for_file(
            diagnostic.message.clone(),
            diagnostic.code.clone(),
            diagnostic.severity,
            diagnostic.help.clone(),
            sources,
            home,
            diagnostic.labels.iter().filter(|l| l.span.file == home && !l.span.is_none()),
        );
        let mut others: Vec<FileId> =
            diagnostic.labels.iter().map(|l| l.span.file).filter(|f| *f != home).collect();
        others.dedup();
        for file in others {
            let name = sources.get(file).map_or("?", |f| f.name.as_str());
            report.related.push(Report::for_file(
                format!("see also {name}"),
                String::new(),
                Severity::Advice,
                None,
                sources,
                file,
                diagnostic.labels.iter().filter(|l| l.span.file == file),
            ));
        }
        report
    }

    fn for_file<'a>(
        message: String,
        code: String,
        severity: Severity,
        help: Option<String>,
        sources: &SourceMap,
        file: FileId,
        labels: impl Iterator<Item = &'a super::diagnostic::Label>,
    ) -> Report {
        // Messages, hints, labels, file names and source lines may carry a stranger's text:
        // no control character reaches the terminal (source text is masked byte for byte so
        // label offsets stay right).
        let message = super::escape_text(&message).into_owned();
        let help = help.map(|help| super::escape_text(&help).into_owned());
        let Some(source_file) = sources.get(file) else {
            return Report {
                message,
                code,
                severity,
                help,
                source: None,
                labels: Vec::new(),
                related: Vec::new(),
            };
        };
        let original: &str = &source_file.text;
        let clamped: Vec<(usize, usize, &super::diagnostic::Label)> = labels
            .map(|l| {
                let (start, len) = clamp(l.span, original);
                (start, len, l)
            })
            .collect();
        let mut text = super::mask_text(original).into_owned();
        // A label at the very end (an unexpected end of input) needs a character to point at:
        // render one trailing space so the caret sits just after the last character.
        if clamped.iter().any(|(start, _, _)| *start == original.len()) {
            text.push(' ');
        }
        let labels: Vec<LabeledSpan> = clamped
            .into_iter()
            .map(|(start, len, l)| {
                let text = (!l.message.is_empty()).then(|| super::escape_text(&l.message).into());
                let span = SourceSpan::new(start.into(), len);
                if l.primary {
                    LabeledSpan::new_primary_with_span(text, span)
                } else {
                    LabeledSpan::new_with_span(text, span)
                }
            })
            .collect();
        let name = super::escape_text(&source_file.name).into_owned();
        let source = (!labels.is_empty()).then(|| NamedSource::new(name, text));
        Report { message, code, severity, help, source, labels, related: Vec::new() }
    }
}

/// Clamps a span into `text`: start and end within `0..=text.len()` and on char boundaries.
/// A start equal to `text.len()` is allowed; the caller renders a trailing space there.
fn clamp(span: Span, text: &str) -> (usize, usize) {
    let len = text.len();
    let mut start = (span.start as usize).min(len);
    let mut end = (span.end as usize).clamp(start, len);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    while !text.is_char_boundary(end) {
        end += 1;
    }
    (start, end - start)
}

impl fmt::Debug for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Report {}

impl miette::Diagnostic for Report {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        (!self.code.is_empty()).then(|| Box::new(&self.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Advice => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        (!self.labels.is_empty())
            .then(|| Box::new(self.labels.iter().cloned()) as Box<dyn Iterator<Item = LabeledSpan>>)
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        (!self.related.is_empty()).then(|| {
            Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic))
                as Box<dyn Iterator<Item = _>>
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamp_keeps_spans_inside_the_text() {
        let text = "2d6 +";
        assert_eq!(clamp(Span { file: FileId(0), start: 5, end: 5 }, text), (5, 0));
        assert_eq!(clamp(Span { file: FileId(0), start: 3, end: 99 }, text), (3, 2));
        assert_eq!(clamp(Span { file: FileId(0), start: 99, end: 120 }, text), (5, 0));
        assert_eq!(clamp(Span { file: FileId(0), start: 1, end: 2 }, "é"), (0, 2));
    }

    #[test]
    fn render_survives_spans_past_the_end_and_empty_sources() {
        let mut sources = SourceMap::new();
        let empty = sources.add("<empty>", "");
        let short = sources.add("<expr>", "3d");
        let d =
            Diagnostic::error("test::code", "boom").with_primary(Span::new(empty, 5..9), "here");
        let text = render(&d, &sources, RenderStyle::Plain);
        assert!(text.contains("boom") && text.contains("<empty>:1:1"), "{text}");
        let d = Diagnostic::error("test::code", "expected a die size")
            .with_primary(Span::new(short, 2..2), "here")
            .with_help("write a number after `d`");
        let text = render(&d, &sources, RenderStyle::Plain);
        // The caret sits just after the input, on a rendered trailing space.
        assert!(text.contains("<expr>:1:3"), "{text}");
        assert!(text.contains(" 1 │ 3d \n   ·   ▲"), "{text}");
        assert!(text.contains("write a number after `d`"), "{text}");
    }

    #[test]
    fn json_names_file_line_and_column() {
        let mut sources = SourceMap::new();
        let f = sources.add("pack.rules", "power X\nCost: 2 QQ\n");
        let d = Diagnostic::error("rules::unknown", "unknown resource `QQ`")
            .with_primary(Span::new(f, 16..18), "");
        let v = to_json(&d, &sources);
        assert_eq!(v["file"], "pack.rules");
        assert_eq!(v["line"], 2);
        assert_eq!(v["column"], 9);
        assert_eq!(v["severity"], "error");
    }
}
