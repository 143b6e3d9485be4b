//! The rule line that caused a logged event. Every event carries one; as an `Option<Span>`
//! it would take 16 bytes, as a span whose [`Span::NONE`] means "none" it takes 12, which
//! keeps the largest events (and so every event) a word smaller. It prints, compares and
//! serialises exactly as the `Option<Span>` it replaces; the one difference, a saved span equal
//! to [`Span::NONE`] (which the engine never writes), reads back as none.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::diagnostics::Span;

/// The rule line behind an event, if any.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Cause(Span);

impl Cause {
    /// No rule line.
    pub const NONE: Cause = Cause(Span::NONE);

    /// The line at `span` ([`Span::NONE`]: none).
    pub fn of(span: Span) -> Self {
        Cause(span)
    }

    /// The line, if any.
    pub fn span(self) -> Option<Span> {
        (!self.0.is_none()).then_some(self.0)
    }
}

impl From<Option<Span>> for Cause {
    fn from(span: Option<Span>) -> Self {
        Cause(span.unwrap_or(Span::NONE))
    }
}

impl fmt::Debug for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // As the `Option<Span>` it replaces, so debug output and snapshots stay the same.
        fmt::Debug::fmt(&self.span(), f)
    }
}

impl Serialize for Cause {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.span().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Cause {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Option::<Span>::deserialize(deserializer).map(Cause::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::FileId;

    #[test]
    fn a_cause_reads_and_writes_as_an_optional_span() {
        let line = Span::new(FileId(2), 5..9);
        for (cause, json, debug) in [
            (Cause::of(line), r#"{"file":2,"start":5,"end":9}"#, format!("{:?}", Some(line))),
            (Cause::NONE, "null", "None".to_string()),
        ] {
            assert_eq!(serde_json::to_string(&cause).unwrap(), json);
            assert_eq!(serde_json::from_str::<Cause>(json).unwrap(), cause);
            assert_eq!(format!("{cause:?}"), debug);
        }
        assert_eq!(Cause::of(Span::NONE), Cause::from(None));
        assert_eq!(Cause::from(Some(line)).span(), Some(line));
    }
}
