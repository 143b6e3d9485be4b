//! The one diagnostic type every phase converts its errors into: severity, a stable code,
//! a message, labelled spans and a hint. Building a diagnostic never touches source text.

use serde::Serialize;

use super::span::Span;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Something to know; never fails a command.
    Advice,
    /// Probably a mistake; `check` reports it but still succeeds.
    Warning,
    /// The input is wrong; the command fails with exit code 1.
    Error,
}

/// One labelled location.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Label {
    /// Where.
    pub span: Span,
    /// What is there (may be empty).
    pub message: String,
    /// The primary label is where the problem is; secondary labels give context.
    pub primary: bool,
}

/// A problem found in some input, ready to be rendered for a terminal, a golden file or JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or advice.
    pub severity: Severity,
    /// A stable code such as `dice::parse::unexpected` (documented; tools may match on it).
    pub code: String,
    /// One lower-case sentence saying what went wrong.
    pub message: String,
    /// Labelled locations; the first primary one is "where".
    pub labels: Vec<Label>,
    /// What would be valid, or how to fix it.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error with `code` and `message` and no location yet.
    pub fn error(code: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code: code.into(),
            message: message.into(),
            labels: Vec::new(),
            help: None,
        }
    }

    /// A warning with `code` and `message`.
    pub fn warning(code: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    /// Advice with `code` and `message`: something to know, never a failure.
    pub fn advice(code: impl Into<String>, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Advice, ..Diagnostic::error(code, message) }
    }

    /// Adds the primary label.
    pub fn with_primary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label { span, message: message.into(), primary: true });
        self
    }

    /// Adds a secondary label (context, another definition, a call site).
    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label { span, message: message.into(), primary: false });
        self
    }

    /// Sets the hint.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the hint to "did you mean `X`?" with the candidate closest to `name` (see
    /// [`did_you_mean`](super::did_you_mean)), else to `fallback`.
    pub fn with_suggestion<'a>(
        self,
        name: &str,
        candidates: impl IntoIterator<Item = &'a str>,
        fallback: impl Into<String>,
    ) -> Self {
        match super::did_you_mean(name, candidates) {
            Some(close) => self.with_help(format!("did you mean `{close}`?")),
            None => self.with_help(fallback),
        }
    }

    /// The primary span, or the first label's, or [`Span::NONE`].
    pub fn primary_span(&self) -> Span {
        self.labels
            .iter()
            .find(|l| l.primary)
            .or(self.labels.first())
            .map_or(Span::NONE, |l| l.span)
    }

    /// True for errors.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Anything that can describe itself as a [`Diagnostic`]: every phase's error type.
pub trait ToDiagnostic {
    /// The diagnostic for this error.
    fn to_diagnostic(&self) -> Diagnostic;
}

impl ToDiagnostic for Diagnostic {
    fn to_diagnostic(&self) -> Diagnostic {
        self.clone()
    }
}

impl std::fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for Diagnostic {}
