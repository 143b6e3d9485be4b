//! Lowering the check-block lines that act around a roll: `On failure:` / `On success:`
//! resource changes, paid options (`Reroll:`, `Ignore penalties:`) and `Extra dice:`.

use super::brackets::matching_bracket;
use super::lines::RawLine;
use super::text::Lowerer;
use crate::diagnostics::Spanned;
use crate::model::outcome::{CheckOutcomeKind, OutcomeAction, Payment};
use crate::model::system::ProcedureLine;
use crate::model::{Amount, Name};

/// The part of `line` from byte `start` to `end` of its text, as a line of its own.
pub(super) fn part<'a>(line: &RawLine<'a>, start: usize, end: usize) -> RawLine<'a> {
    RawLine { text: &line.text[start..end], base: line.base + start, grade: None, ..*line }
}

impl Lowerer {
    /// `1 Stunt Points`, `[Blades + 1] Blades Fragments`: an amount, then a name.
    pub(super) fn amount_and_name(
        &mut self,
        line: &RawLine<'_>,
    ) -> Option<(Amount, Spanned<Name>)> {
        let text = line.text;
        let end = if text.starts_with('[') {
            matching_bracket(text, 0).map(|close| close + 1)
        } else {
            text.find(char::is_whitespace)
        };
        let end = end.filter(|&end| !text[end..].trim().is_empty())?;
        let amount = self.required_amount(&part(line, 0, end))?;
        let name_start = end + (text[end..].len() - text[end..].trim_start().len());
        let name = text[name_start..].trim_end();
        let span = self.span_at(line.base, name_start..name_start + name.len());
        Some((amount, Spanned::new(Name::new(name), span)))
    }

    /// `Reroll: 1 Stunt Points`.
    pub(super) fn payment(
        &mut self,
        line: &RawLine<'_>,
        make: fn(Payment) -> ProcedureLine,
    ) -> Option<ProcedureLine> {
        match self.amount_and_name(line) {
            Some((amount, resource)) => Some(make(Payment { amount, resource })),
            None => {
                self.expected(line, "an amount and a resource, such as `1 Stunt Points`");
                None
            }
        }
    }

    /// `Extra dice: Chaos Dice, keep best`.
    pub(super) fn extra_dice(&mut self, line: &RawLine<'_>) -> Option<ProcedureLine> {
        let text = line.text;
        let pool = text.split_once(',').and_then(|(pool, rest)| {
            rest.trim().eq_ignore_ascii_case("keep best").then_some(pool.trim_end())
        });
        match pool.filter(|pool| !pool.trim().is_empty()) {
            Some(pool) => {
                let span = self.span_at(line.base, 0..pool.len());
                Some(ProcedureLine::ExtraDice(Spanned::new(Name::new(pool), span)))
            }
            None => {
                self.expected(
                    line,
                    "a world pool and `keep best`, such as `Chaos Dice, keep best`",
                );
                None
            }
        }
    }

    /// `On failure: gain 1 Fragments per skill when [Target >= 1 and Target >= Difficulty]`.
    pub(super) fn outcome_action(
        &mut self,
        line: &RawLine<'_>,
        outcome: CheckOutcomeKind,
    ) -> Option<ProcedureLine> {
        const EXPECTED: &str = "`gain` or `lose`, an amount and a resource, optionally `per \
                                skill` and `when [condition]`, such as `gain 1 Fragments per \
                                skill when [Target >= 1]`";
        let text = line.text;
        let verb_end = text.find(char::is_whitespace).unwrap_or(text.len());
        let lose = match text[..verb_end].to_ascii_lowercase().as_str() {
            "gain" => false,
            "lose" => true,
            _ => {
                self.expected(line, EXPECTED);
                return None;
            }
        };
        let (rest_end, when) = match text.find(" when ") {
            Some(at) => {
                let start = at + " when ".len();
                let start = start + (text[start..].len() - text[start..].trim_start().len());
                (at, Some(self.bare_expression(&part(line, start, text.len()))?))
            }
            None => (text.len(), None),
        };
        let body = text[verb_end..rest_end].trim_start();
        let body_start = rest_end - text[verb_end..rest_end].trim_start().len();
        let (per_skill, body_end) = match body.trim_end().strip_suffix(" per skill") {
            Some(stripped) => (true, body_start + stripped.len()),
            None => (false, body_start + body.trim_end().len()),
        };
        let Some((amount, resource)) = self.amount_and_name(&part(line, body_start, body_end))
        else {
            self.expected(line, EXPECTED);
            return None;
        };
        let action = OutcomeAction { outcome, lose, amount, resource, per_skill, when };
        Some(ProcedureLine::OnOutcome(action))
    }
}
