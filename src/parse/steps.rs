//! Lowering the check-block lines of a test that takes several steps: `Chunk:`, `Per
//! chunk:`, the `Chunk all ...:` judgements (and the effects after them), `Opposing dice:`
//! and `Outcomes <Kind>:`.

use super::brackets::matching_bracket;
use super::lines::RawLine;
use super::outcome::part;
use super::text::Lowerer;
use crate::diagnostics::Spanned;
use crate::model::outcome::Payment;
use crate::model::steps::{
    ChunkClass, ChunkCost, ChunkJudgement, ChunkRule, NamedOutcome, NamedOutcomes, SuccessChange,
};
use crate::model::system::ProcedureLine;
use crate::model::{Amount, Name};

/// Where the first amount of `text` ends: after its closing bracket, else at the first space.
fn amount_end(text: &str) -> Option<usize> {
    if text.starts_with('[') {
        matching_bracket(text, 0).map(|close| close + 1)
    } else {
        Some(text.find(char::is_whitespace).unwrap_or(text.len()))
    }
}

/// The offset of `inner` (a slice of `outer`) inside `outer`.
fn offset(outer: &str, inner: &str) -> usize {
    inner.as_ptr() as usize - outer.as_ptr() as usize
}

impl Lowerer {
    /// `Chunk: Effort, at most [Rating]`.
    pub(super) fn chunk_rule(&mut self, line: &RawLine<'_>) -> Option<ProcedureLine> {
        let text = line.text;
        let found = text.find(',').and_then(|comma| {
            let rest = text[comma + 1..].trim_start();
            let amount = rest.strip_prefix("at most")?.trim_start();
            let resource = text[..comma].trim();
            (!resource.is_empty() && !amount.is_empty()).then_some((resource, amount))
        });
        let Some((resource, amount)) = found else {
            self.expected(
                line,
                "a resource and `at most` an amount, such as `Effort, at most [Rating]`",
            );
            return None;
        };
        let start = offset(text, amount);
        let most = self.required_amount(&part(line, start, start + amount.trim_end().len()))?;
        let at = offset(text, resource);
        let span = self.span_at(line.base, at..at + resource.len());
        Some(ProcedureLine::Chunk(ChunkRule {
            resource: Spanned::new(Name::new(resource), span),
            most,
        }))
    }

    /// `Per chunk: gain 1 Fatigue`.
    pub(super) fn chunk_cost(&mut self, line: &RawLine<'_>) -> Option<ProcedureLine> {
        const EXPECTED: &str =
            "`gain` or `lose`, an amount and a resource, such as `gain 1 Fatigue`";
        let text = line.text.trim_end();
        let verb_end = text.find(char::is_whitespace).unwrap_or(text.len());
        let lose = match text[..verb_end].to_ascii_lowercase().as_str() {
            "gain" => false,
            "lose" => true,
            _ => {
                self.expected(line, EXPECTED);
                return None;
            }
        };
        let rest = text[verb_end..].trim_start();
        let start = offset(text, rest);
        match self.amount_and_name(&part(line, start, text.len())) {
            Some((amount, resource)) => Some(ProcedureLine::PerChunk(ChunkCost {
                lose,
                change: Payment { amount, resource },
            })),
            None => {
                self.expected(line, EXPECTED);
                None
            }
        }
    }

    /// `Chunk all ones: Major Blunder, lose [Chunk] successes, else raise Threshold by [Chunk]`.
    pub(super) fn chunk_judgement(
        &mut self,
        line: &RawLine<'_>,
        class: ChunkClass,
    ) -> Option<ProcedureLine> {
        const EXPECTED: &str = "a name, then `gain N successes` or `lose N successes` \
                                (optionally `, else raise Threshold by N`), such as \
                                `Minor Blunder, lose 1 successes, else raise Threshold by 1`";
        let whole = line.text.trim_end();
        // The judgement ends at the first `;` outside brackets; effects may follow.
        let split = super::brackets::split_outside_brackets(whole, ';');
        let text = split.first().map_or(whole, |(_, first)| first.trim_end());
        let effects = match split.get(1) {
            Some((start, _)) => self.effects(&whole[*start..], line.base + start),
            None => crate::model::Effects { parts: Vec::new() },
        };
        let parsed = (|| {
            let (label, rest) = text.split_once(',')?;
            let label = label.trim();
            let rest = rest.trim_start();
            let verb_end = rest.find(char::is_whitespace)?;
            let lose = match &rest[..verb_end] {
                "gain" => false,
                "lose" => true,
                _ => return None,
            };
            let amount = rest[verb_end..].trim_start();
            let end = amount_end(amount)?;
            let after = amount[end..].trim_start();
            let after = after
                .strip_prefix("successes")
                .or_else(|| after.strip_prefix("success"))?
                .trim_start();
            let otherwise = match after {
                "" => None,
                _ => {
                    let rise = after
                        .strip_prefix(',')?
                        .trim_start()
                        .strip_prefix("else raise Threshold by")?
                        .trim_start();
                    (lose && !rise.is_empty()).then_some(rise)?.into()
                }
            };
            (!label.is_empty()).then_some((label, lose, &amount[..end], otherwise))
        })();
        let Some((label, lose, amount, otherwise)) = parsed else {
            self.expected(line, EXPECTED);
            return None;
        };
        let amount_of = |this: &mut Self, slice: &str| -> Option<Amount> {
            let start = offset(text, slice);
            this.required_amount(&part(line, start, start + slice.len()))
        };
        let amount = amount_of(self, amount)?;
        let change = match (lose, otherwise) {
            (false, _) => SuccessChange::Gain(amount),
            (true, None) => SuccessChange::Lose { amount, otherwise: None },
            (true, Some(rise)) => {
                SuccessChange::Lose { amount, otherwise: Some(amount_of(self, rise)?) }
            }
        };
        let at = offset(text, label);
        let span = self.span_at(line.base, at..at + label.len());
        let label = Spanned::new(label.to_string(), span);
        Some(ProcedureLine::ChunkJudgement(ChunkJudgement { class, label, change, effects }))
    }

    /// `Outcomes Contest: Prevails if [Margin > 0], Stalemate if [Margin <= 0]`, the kind
    /// (`Contest`) from the label.
    pub(super) fn named_outcomes(
        &mut self,
        line: &RawLine<'_>,
        kind: &str,
    ) -> Option<ProcedureLine> {
        const EXPECTED: &str = "outcomes separated by commas, each a name, `if` and a test in \
                                brackets, such as `Prevails if [Margin > 0], Stalemate if \
                                [Margin <= 0]`";
        let text = line.text.trim_end();
        let mut outcomes = Vec::new();
        for (start, piece) in super::brackets::split_outside_brackets(text, ',') {
            let lead = piece.len() - piece.trim_start().len();
            let piece = piece.trim();
            let parsed = piece.find(" if [").and_then(|at| {
                let open = at + " if ".len();
                let close = matching_bracket(piece, open)?;
                let name = piece[..at].trim();
                (close + 1 == piece.len() && !name.is_empty()).then_some((name, open, close))
            });
            let Some((name, open, close)) = parsed else {
                self.expected(line, EXPECTED);
                return None;
            };
            let at = start + lead;
            let gate = self.expression(&piece[open + 1..close], line.base + at + open + 1)?;
            let span = self.span_at(line.base, at..at + name.len());
            outcomes.push(NamedOutcome { name: Spanned::new(name.to_string(), span), gate });
        }
        let kind_span = line.label_span;
        let kind = Spanned::new(Name::new(kind), kind_span);
        Some(ProcedureLine::Outcomes(NamedOutcomes { kind, outcomes }))
    }

    /// `Opposing dice: Tension`.
    pub(super) fn opposing_dice(&mut self, line: &RawLine<'_>) -> Option<ProcedureLine> {
        let name = line.text.trim();
        if name.is_empty() {
            self.expected(line, "the name of the opposing dice, such as `Tension`");
            return None;
        }
        let at = offset(line.text, name);
        let span = self.span_at(line.base, at..at + name.len());
        Some(ProcedureLine::OpposingDice(Spanned::new(Name::new(name), span)))
    }
}
