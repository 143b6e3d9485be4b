//! What `check` says about one rule file, in a form tests compare whole.

use mythforge::diagnostics::SourceMap;
use mythforge::model::Pack;

/// `(code, message, the text under the primary label, help)` of every diagnostic `check`
/// gives `text`, a rule file named `file` that must parse without errors.
pub fn checked(file: &str, text: &str) -> Vec<(String, String, String, String)> {
    let mut sources = SourceMap::new();
    let (parsed, errors) = mythforge::parse::parse_source(&mut sources, file, text);
    assert!(errors.is_empty(), "{errors:#?}");
    mythforge::check::check_pack(&Pack { files: vec![parsed] })
        .iter()
        .map(|d| {
            let span = d.labels.first().map(|label| label.span.range()).unwrap_or(0..0);
            let help = d.help.clone().unwrap_or_default();
            (d.code.to_string(), d.message.clone(), text[span].to_string(), help)
        })
        .collect()
}

/// [`checked`], keeping only the diagnostics with `code`.
pub fn checked_code(file: &str, text: &str, code: &str) -> Vec<(String, String, String, String)> {
    checked(file, text).into_iter().filter(|(found, ..)| found == code).collect()
}
