//! Semantic checks over a loaded pack.

use crate::diagnostics::{Diagnostic, Spanned};
use crate::model::DiceText;

/// Dice validation stub.
pub fn validate_dice(_text: &Spanned<DiceText>) -> Option<Diagnostic> {
    None
}
