//! The one place rule files hand dice notation to the dice parser. The dice engine lives on
//! another branch; until it is merged this does a cheap syntactic check only.

use crate::diagnostics::Diagnostic;
use crate::model::DiceText;

// ============================================================================================
// WIRING POINT for the dice engine (see the TODO below).
// ============================================================================================

/// Validates dice notation inside a rule file.
///
/// TODO(lead): wire to the dice engine when merging — replace the body with
/// `crate::dice::DiceExpr::parse(&text.text).err().map(|error| error.to_diagnostic(text.span.file, text.span.start as usize))`.
/// Until then this is a cheap syntactic check: `NdX` with at most 1,000 dice and faces.
pub fn validate_dice(text: &DiceText) -> Option<Diagnostic> {
    let notation = text.text.to_ascii_lowercase();
    let (count, rest) = notation.split_once('d')?;
    let faces: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let count_ok =
        count.is_empty() || count.parse::<u32>().is_ok_and(|count| (1..=1000).contains(&count));
    let faces_ok = rest.starts_with('%') || faces.parse::<u32>().is_ok_and(|faces| faces >= 1);
    (!count_ok || !faces_ok).then(|| {
        Diagnostic::error("rules::parse::dice", format!("invalid dice `{}`", text.text))
            .with_primary(
                text.span,
                "expected dice such as `2d6` (1 to 1,000 dice of at least 1 face)",
            )
    })
}
