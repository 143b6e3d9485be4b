//! Issue "a line that checks clean does what it says": each construct here either runs as its
//! line reads (the value asserted with forced dice) or is refused by `check` with a
//! diagnostic whose code, span and help are asserted. One module per area.

mod gear;
mod modifiers;
mod procedures;
mod requirements;
mod values;
mod versus;

use mythforge::diagnostics::{Diagnostic, ToDiagnostic};
use mythforge::runtime::{Game, RuntimeError};

/// A small system every test pack starts with: a d20-plus-modifier default check, a health
/// resource and a handful of stats.
pub const SYSTEM: &str = "\
system Tiny
Stats Core: Attack, Defense, Strength, Agility, Speed, Grip
Resource HP: max [Max HP]
Resource Max HP: no max
Resource CP: no max
Rounding: floor
Default check: D20

check D20
Method: total
Dice: d20
Success: >= [Threshold]
";

/// A game (seed 7) with `SYSTEM` plus `rules` loaded; panics with the diagnostics when the
/// pack is refused.
pub fn game(rules: &str) -> Game {
    let mut game = Game::new(7);
    let text = format!("{SYSTEM}\n{rules}");
    if let Err(diagnostics) = game.load_source("t.rules", &text) {
        panic!("the pack loads: {diagnostics:#?}");
    }
    game
}

/// The errors `check` finds in `SYSTEM` plus `rules` (the load must fail), with the text of
/// the pack for [`spanned`].
pub fn refused(rules: &str) -> (Vec<Diagnostic>, String) {
    let text = format!("{SYSTEM}\n{rules}");
    let errors = Game::new(7).load_source("t.rules", &text).expect_err("check refuses the pack");
    (errors.into_iter().filter(Diagnostic::is_error).collect(), text)
}

/// The one error with `code` among `errors`.
pub fn one<'a>(errors: &'a [Diagnostic], code: &str) -> &'a Diagnostic {
    let found: Vec<&Diagnostic> = errors.iter().filter(|d| d.code == code).collect();
    assert_eq!(found.len(), 1, "one `{code}` among {errors:#?}");
    found[0]
}

/// The text the diagnostic's primary label points at, and its line (1-based) in `text`.
pub fn spanned<'a>(diagnostic: &Diagnostic, text: &'a str) -> (&'a str, usize) {
    let range = diagnostic.primary_span().range();
    let line = text[..range.start].matches('\n').count() + 1;
    (&text[range], line)
}

/// A runtime error as its diagnostic, with the text its primary label points at.
pub fn failure(game: &Game, error: &RuntimeError) -> (Diagnostic, String) {
    let diagnostic = error.to_diagnostic();
    let text = game.sources().slice(diagnostic.primary_span()).to_string();
    (diagnostic, text)
}
