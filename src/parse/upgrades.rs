//! Lowering the upgrade lines: `Limit:` (`once per turn`, `3 times per round, shared by
//! Fate`), `Replace:`/`With:` text as a real power line, and the signed `Add: +[N] damage`.

use super::lines::RawLine;
use super::text::Lowerer;
use crate::diagnostics::Spanned;
use crate::model::power::{Limit, LimitClock, LineSwap};
use crate::model::{Effect, EffectPart, Name, PowerLine, TraitLine};

impl Lowerer {
    /// `Limit: once per turn` / `twice per round` / `3 times per encounter, shared by Fate`.
    pub(super) fn limit(&mut self, line: &RawLine<'_>) -> Option<Limit> {
        let limit = read_limit(line.text);
        let Some((count, per, shared)) = limit else {
            self.expected(
                line,
                "a limit such as `once per turn`, `twice per round`, `3 times per encounter` \
                 or `once per turn, shared by Fate` (clocks: turn, round, encounter)",
            );
            return None;
        };
        let shared = shared.map(|(start, word)| {
            Spanned::new(Name::new(word), self.span_at(line.base, start..start + word.len()))
        });
        Some(Limit { count, per, shared })
    }

    /// The text of a `Replace:` or `With:` line, lowered as a power line: with its own
    /// label (`Result 3: apply Dazed`) as that line, otherwise as the effects of a `Result:`
    /// line whose label the replaced line supplies at run time.
    pub(super) fn line_swap(&mut self, line: &RawLine<'_>) -> LineSwap {
        let text = self.narration(line.text, line.base);
        let span = self.span_at(line.base, 0..line.text.len());
        if let Some((label, grade, rest)) = split_label(line.text) {
            let offset = line.text.len() - rest.len();
            let label_start = line.base;
            let raw = RawLine {
                label,
                label_span: self.span_at(label_start, 0..label.len()),
                grade: grade.map(|g| Spanned::new(g, self.span_at(label_start, 0..label.len()))),
                text: rest,
                base: line.base + offset,
                span,
            };
            let lowered = self.power_line(&raw).flatten().map(|node| Spanned::new(node, span));
            return LineSwap { text, line: lowered, labelled: true };
        }
        let effects = self.effects(line.text, line.base);
        let node = PowerLine::Result {
            grade: None,
            gate: crate::model::power::GradeGate::AtLeast,
            effects,
        };
        LineSwap { text, line: Some(Spanned::new(node, span)), labelled: false }
    }

    /// `Add:` text: a leading sign on damage effects makes it a [`TraitLine::Bonus`].
    pub(super) fn add_line(&mut self, line: &RawLine<'_>) -> TraitLine {
        let effects = self.effects(line.text, line.base);
        let signed = line.text.starts_with(['+', '-']);
        let all_damage = !effects.parts.is_empty()
            && effects
                .parts
                .iter()
                .all(|part| matches!(part.node, EffectPart::Effect(Effect::Damage { .. })));
        if signed && all_damage { TraitLine::Bonus(effects) } else { TraitLine::Add(effects) }
    }
}

/// `once per turn, shared by Fate` -> (1, Turn, Some((offset, "Fate"))).
#[allow(clippy::type_complexity)]
pub(super) fn read_limit(text: &str) -> Option<(u32, LimitClock, Option<(usize, &str)>)> {
    let (head, shared) = match text.find(", shared by ") {
        Some(at) => {
            let start = at + ", shared by ".len();
            let word = text[start..].trim();
            if word.is_empty() || word.contains(char::is_whitespace) {
                return None;
            }
            (&text[..at], Some((start + text[start..].find(word)?, word)))
        }
        None => (text, None),
    };
    let words: Vec<String> = head.split_whitespace().map(str::to_ascii_lowercase).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (count, rest) = match words.as_slice() {
        ["once", rest @ ..] => (1, rest),
        ["twice", rest @ ..] => (2, rest),
        [n, "times" | "time", rest @ ..] | [n, rest @ ..] => (n.parse().ok()?, rest),
        [] => return None,
    };
    let per = match rest {
        ["per", "turn"] => LimitClock::Turn,
        ["per", "round"] => LimitClock::Round,
        ["per", "encounter"] => LimitClock::Encounter,
        _ => return None,
    };
    (count > 0).then_some((count, per, shared))
}

/// `Result 3: apply Dazed` -> ("Result", Some(3), "apply Dazed"); `None` when the text does
/// not start with a power line's label.
fn split_label(text: &str) -> Option<(&str, Option<u32>, &str)> {
    let colon = text.find(':')?;
    let head = text[..colon].trim();
    let rest = text[colon + 1..].trim_start();
    let (label, grade) = match head.rsplit_once(' ') {
        Some((label, digits)) if digits.parse::<u32>().is_ok() => (label, digits.parse().ok()),
        _ => (head, None),
    };
    use crate::model::labels::{Labels, PowerLabel};
    PowerLabel::find(label).is_some().then_some((label, grade, rest))
}
