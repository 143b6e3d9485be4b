//! Lowering gear data: a system's field declarations (`Weapon fields: Damage dice, Crit
//! range range required`, `Record Attack: Hit number, Damage dice`) and the value a gear
//! block writes on a field's line (`18-20`, `x2`, `1d8`, `Hit 1, Damage 1d6`, `Melee`).
//! Which fields a system declares, and whether a value fits, is `check`'s (check/gear_fields.rs).

use super::grammar::Rule;
use super::lines::RawLine;
use super::text::Lowerer;
use crate::diagnostics::Spanned;
use crate::model::gear::{Field, FieldDecl, FieldType, FieldValue, parse_multiplier, parse_range};
use crate::model::{Amount, Name};

/// What a field declaration looks like, for the error.
const DECLARATION: &str = "fields such as `Damage dice, Crit range range, Crit damage dice or \
                           multiplier, Type keyword required`: a label, then its type(s)";

impl Lowerer {
    /// `Damage dice, Crit damage dice or multiplier required`: each entry a label followed
    /// by one or more types joined by `or`, optionally `required`.
    pub(super) fn field_decls(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<FieldDecl>>> {
        let mut fields = Vec::new();
        let mut offset = 0;
        for entry in line.text.split(',') {
            let start = offset + (entry.len() - entry.trim_start().len());
            offset += entry.len() + 1;
            let trimmed = entry.trim();
            let span = self.span_at(line.base, start..start + trimmed.len());
            match field_decl(trimmed) {
                Some((name, types, required)) => {
                    let name_span = self.span_at(line.base, start..start + name.len());
                    let name = Spanned::new(Name::new(name), name_span);
                    fields.push(Spanned::new(FieldDecl { name, types, required }, span));
                }
                None => {
                    let entry =
                        RawLine { text: trimmed, base: line.base + start, grade: None, ..*line };
                    self.expected(&entry, DECLARATION);
                    return None;
                }
            }
        }
        Some(fields)
    }

    /// A gear line the built-in labels do not take: its label and value, or `None` (with a
    /// diagnostic) when the text is no field value.
    pub(super) fn field(&mut self, line: &RawLine<'_>) -> Option<Field> {
        let label = Spanned::new(Name::new(line.label), line.label_span);
        let value = self.field_value(line)?;
        Some(Field { label, value })
    }

    /// A built-in numeric gear line written as a range or a multiplier (`Crit range:
    /// 18-20`), which only a declared field takes; `None` for any other text.
    pub(super) fn shaped_field(&mut self, line: &RawLine<'_>) -> Option<Field> {
        let shaped = parse_range(line.text).is_some() || parse_multiplier(line.text).is_some();
        if shaped { self.field(line) } else { None }
    }

    /// The value of a field line, tried in this order: a range, a multiplier, an amount, a
    /// record, keywords.
    fn field_value(&mut self, line: &RawLine<'_>) -> Option<FieldValue> {
        let text = line.text;
        if let Some((low, high)) = parse_range(text) {
            return Some(FieldValue::Range(low, high));
        }
        if let Some(factor) = parse_multiplier(text) {
            return Some(FieldValue::Multiplier(factor));
        }
        if self.try_parse(Rule::amount_input, text).is_some() {
            let (negative, amount) = self.amount_line(line)?;
            return match (negative, amount) {
                (false, amount) => Some(FieldValue::Amount(amount)),
                (true, Amount::Number(mut number)) => {
                    number.units = -number.units;
                    Some(FieldValue::Amount(Amount::Number(number)))
                }
                (true, _) => {
                    self.expected(line, "a negative number, such as `-2`");
                    None
                }
            };
        }
        if let Some(nodes) = self.try_parse(Rule::assignments_input, text) {
            let entries: Option<Vec<_>> =
                nodes.into_iter().map(|node| self.assignment(node, line.base)).collect();
            return entries.map(FieldValue::Record);
        }
        // A keyword that is a reserved word prints quoted (`"has"`), and reads back so.
        let words = text.chars().all(|c| c.is_alphabetic() || " ,-'_\"".contains(c));
        if words && !text.trim().is_empty() {
            return Some(FieldValue::Keywords(self.keywords(text, line.base)));
        }
        self.expected(
            line,
            "a field value: a number or dice (`3`, `1d8`, `[Strength]`), a range (`18-20`), a \
             multiplier (`x2`), a record (`Hit 1, Damage 1d6`) or keywords (`Melee Heavy`)",
        );
        None
    }
}

/// One declaration entry's label, types and `required`; `None` when it has no label or a
/// type is missing around an `or`.
fn field_decl(entry: &str) -> Option<(&str, Vec<FieldType>, bool)> {
    let mut words: Vec<&str> = entry.split_whitespace().collect();
    let required = words.last().is_some_and(|w| w.eq_ignore_ascii_case("required"));
    if required {
        words.pop();
    }
    let mut types = vec![FieldType::from_word(words.pop()?)];
    while words.len() >= 2 && words[words.len() - 1].eq_ignore_ascii_case("or") {
        words.pop();
        types.insert(0, FieldType::from_word(words.pop()?));
    }
    let first = *words.first()?;
    let last = *words.last()?;
    // The label runs from its first word to its last, as written.
    let start = first.as_ptr() as usize - entry.as_ptr() as usize;
    let end = last.as_ptr() as usize - entry.as_ptr() as usize + last.len();
    Some((&entry[start..end], types, required))
}
