//! Making untrusted text safe to print: names, script `log()` text and session lines come
//! from strangers' packs and saves, and an escape sequence reaching a terminal can move the
//! cursor, rewrite earlier lines or change the window title. Every control character except
//! the line break and the tab, and the bidirectional overrides that reorder what is shown,
//! is written as a visible `\u{…}` escape instead.

use std::borrow::Cow;

/// True for characters that must not reach a terminal raw.
fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every unsafe character written as `\u{1b}`; borrowed when there is none.
pub fn escape_text(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Like [`escape_text`] for an owned string: returned as it is when nothing needs escaping.
pub fn escape_string(text: String) -> String {
    if text.chars().any(is_unsafe) { escape_text(&text).into_owned() } else { text }
}

/// `text` with every unsafe character replaced by `?`s of the same byte length, so byte
/// offsets into it stay valid (for source snippets under a diagnostic's labels).
pub fn mask_text(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) && c != '\r') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_unsafe(c) && c != '\r' {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_offsets_kept_when_masked() {
        assert_eq!(escape_text("Bo\u{1b}[2J"), "Bo\\u{1b}[2J");
        assert_eq!(escape_text("a\nb\tc"), "a\nb\tc");
        assert!(matches!(escape_text("plain"), Cow::Borrowed(_)));
        assert_eq!(escape_text("x\u{202e}y\u{7f}\u{9b}"), "x\\u{202e}y\\u{7f}\\u{9b}");
        let masked = mask_text("a\u{1b}b\u{9b}c\r\n");
        assert_eq!(masked, "a?b??c\r\n");
        assert_eq!(masked.len(), "a\u{1b}b\u{9b}c\r\n".len());
    }
}
