//! The one place rule files hand dice notation to the dice parser, so a bad `2d` in a
//! Result line gets the dice engine's own diagnostic, placed inside the rule file.

use crate::diagnostics::Diagnostic;
use crate::model::DiceText;

/// Validates dice notation written inside a rule file; the diagnostic points into the file.
pub fn validate_dice(text: &DiceText) -> Option<Diagnostic> {
    crate::dice::DiceExpr::parse(&text.text)
        .err()
        .map(|error| error.to_diagnostic(text.span.file, text.span.start as usize))
}
