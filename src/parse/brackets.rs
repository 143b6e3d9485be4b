//! Scanning raw line text for brackets before it is parsed: how deep `(`/`[` nest (to refuse
//! pathological input before pest sees it), where a `[` closes, and splitting at a separator
//! that stands outside brackets. Byte-level and allocation-light; no grammar involved.

/// How deep the expression tree of `text` may grow: the nesting of `(`, `[` and `{` plus
/// every arithmetic operator (`+ - * /`, leading minus signs included) inside the brackets
/// still open. The parser, the checker and the evaluator recurse once per operator as they
/// do once per bracket — `A + A + … + A` is a tree as deep as it is long, and `------x`
/// nests like `((((((x` — so both count towards the same limit.
pub fn nesting_depth(text: &str) -> usize {
    // Operators seen in each open bracket (the outermost text is level 0).
    let mut operators: Vec<usize> = vec![0];
    let (mut open_operators, mut deepest) = (0usize, 0usize);
    let bytes = text.as_bytes();
    for (index, &byte) in bytes.iter().enumerate() {
        if logic_word_at(bytes, index) {
            // `and`, `or` and `not` nest the tree as `+` does.
            if let Some(count) = operators.last_mut() {
                *count += 1;
            }
            open_operators += 1;
        }
        match byte {
            b'(' | b'[' | b'{' => operators.push(0),
            b')' | b']' | b'}' if operators.len() > 1 => {
                open_operators -= operators.pop().unwrap_or(0);
            }
            b'+' | b'-' | b'*' | b'/' => {
                if let Some(count) = operators.last_mut() {
                    *count += 1;
                }
                open_operators += 1;
            }
            _ => {}
        }
        deepest = deepest.max(operators.len() - 1 + open_operators);
    }
    deepest
}

/// Whether a whole word `and`, `or` or `not` starts at `index`.
fn logic_word_at(bytes: &[u8], index: usize) -> bool {
    let is_word = |byte: &u8| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'\'');
    if index > 0 && bytes.get(index - 1).is_some_and(is_word) {
        return false;
    }
    [&b"and"[..], b"or", b"not"].iter().any(|word| {
        bytes[index..].starts_with(word) && !bytes.get(index + word.len()).is_some_and(is_word)
    })
}

/// The index of the `]` closing the `[` at `open`.
pub fn matching_bracket(text: &str, open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (index, byte) in text.bytes().enumerate().skip(open) {
        match byte {
            b'[' => depth += 1,
            b']' => {
                // A `]` before any `[` closes nothing: no match rather than an underflow.
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

/// Splits `text` at `separator` outside brackets, with each piece's start offset.
pub fn split_outside_brackets(text: &str, separator: char) -> Vec<(usize, &str)> {
    let mut pieces = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (index, character) in text.char_indices() {
        match character {
            '[' | '(' => depth += 1,
            ']' | ')' => depth = depth.saturating_sub(1),
            _ if character == separator && depth == 0 => {
                pieces.push((start, &text[start..index]));
                start = index + character.len_utf8();
            }
            _ => {}
        }
    }
    pieces.push((start, &text[start..]));
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_are_matched_and_split_outside_nesting() {
        assert_eq!(matching_bracket("[a [b] c] d", 0), Some(8));
        assert_eq!(matching_bracket("[a [b] c] d", 3), Some(5));
        assert_eq!(matching_bracket("[open", 0), None);
        // A stray `]` before any `[` closes nothing instead of underflowing.
        assert_eq!(matching_bracket("] x", 0), None);
        assert_eq!(nesting_depth("[a ([b])]"), 3);
        // Leading minus signs nest like brackets: the parser recurses once per sign.
        assert_eq!(nesting_depth("[- - -x]"), 4);
        assert_eq!(nesting_depth(&format!("[{}x]", "-".repeat(10_000))), 10_001);
        // Operator chains deepen the tree as much: each operator is a level.
        assert_eq!(nesting_depth("[a + b * c]"), 3);
        assert_eq!(nesting_depth("[a - b] - [c]"), 2);
        assert_eq!(nesting_depth("(a + (b + c)) + d"), 4);
        // So do `and`, `or` and `not`, as whole words only.
        assert_eq!(nesting_depth("[a and not b or c]"), 4);
        assert_eq!(nesting_depth("[Band + Nothing]"), 2);
        assert_eq!(
            split_outside_brackets("1; [a; b]; c", ';'),
            [(0, "1"), (2, " [a; b]"), (10, " c")]
        );
    }
}
