//! A power's `Defence:` line: the power is a defence its holder may choose when an attack
//! (`Check: [...] versus a defence`) resolves against it. The line says which attacks it
//! counts against (a keyword gate on the attacking power) and how often it may be made per
//! turn, round or encounter, in all or for each weapon its holder has equipped (`2 per weapon
//! per round`); its `Penalty:` line grows with the defences already made this turn or round.

use std::fmt;

use serde::Serialize;

use super::condition_lines::Relation;
use super::power::LimitClock;
use crate::diagnostics::{Span, Spanned};
use crate::model::{Expr, Name};

/// The name a defence's `Penalty:` line reads for the defences its holder already made this
/// turn (`[Defences this turn]`).
pub const DEFENCES_THIS_TURN: &str = "Defences this turn";

/// The name a defence's `Penalty:` line reads for the defences its holder already made this
/// round, across every side's turns (`[Defences this round]`).
pub const DEFENCES_THIS_ROUND: &str = "Defences this round";

/// The names a `Penalty:` line reads, with the clock each counts by.
pub const DEFENCE_COUNTS: [(&str, LimitClock); 2] =
    [(DEFENCES_THIS_TURN, LimitClock::Turn), (DEFENCES_THIS_ROUND, LimitClock::Round)];

/// `Defence: unless vs Ranged, 2 per turn`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DefenceSpec {
    /// Which attacks it counts against, by the attacking power's keywords; `None`: any
    /// (`Defence: any`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate: Option<Relation>,
    /// How many times it may be made each turn, round or encounter (`per`); `None`:
    /// unlimited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<Spanned<u32>>,
    /// What restarts the `limit`'s count (`per turn` unless the line says otherwise).
    pub per: LimitClock,
    /// `per weapon per turn`: the count is for each weapon the holder has equipped (two
    /// swords block four times a turn; no weapon, never).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub per_weapon: bool,
}

impl DefenceSpec {
    /// Reads a `Defence:` line's text: `any`, `vs X` / `against X`, `unless vs X` / `not
    /// against X`, each optionally followed by `, N per turn` or `, N per weapon per turn`
    /// (or `per round`, `per encounter`);
    /// `span` makes the span of a byte range of the text. `None` when the text is none of
    /// these.
    pub fn parse(text: &str, span: impl Fn(std::ops::Range<usize>) -> Span) -> Option<DefenceSpec> {
        let base = 0;
        let (gate_text, limit, per, per_weapon) = match text.rsplit_once(',') {
            Some((gate, count)) => {
                let offset = base + gate.len() + 1;
                let trimmed = count.trim_start();
                let start = offset + (count.len() - trimmed.len());
                let (number, per) = [LimitClock::Turn, LimitClock::Round, LimitClock::Encounter]
                    .into_iter()
                    .find_map(|per| {
                        let suffix = format!("per {}", per.word());
                        Some((trimmed.trim_end().strip_suffix(suffix.as_str())?, per))
                    })?;
                let number = number.trim_end();
                let (number, per_weapon) = match number.strip_suffix("per weapon") {
                    Some(number) => (number.trim_end(), true),
                    None => (number, false),
                };
                let value: u32 = number.parse().ok()?;
                let span = span(start..start + number.len());
                (gate, Some(Spanned::new(value, span)), per, per_weapon)
            }
            None => (text, None, LimitClock::Turn, false),
        };
        let trimmed = gate_text.trim();
        let lead = gate_text.len() - gate_text.trim_start().len();
        let lower = trimmed.to_ascii_lowercase();
        if lower == "any" {
            return Some(DefenceSpec { gate: None, limit, per, per_weapon });
        }
        let prefixes: [(&str, bool); 4] =
            [("unless vs ", true), ("not against ", true), ("vs ", false), ("against ", false)];
        let (prefix, negated) = prefixes.into_iter().find(|(p, _)| lower.starts_with(p))?;
        let keyword = trimmed[prefix.len()..].trim();
        if keyword.is_empty() || keyword.contains(char::is_whitespace) {
            return None;
        }
        let start = base + lead + (trimmed.len() - trimmed[prefix.len()..].trim_start().len());
        let against = Spanned::new(Name::new(keyword), span(start..start + keyword.len()));
        let gate = Some(Relation { negated, against });
        Some(DefenceSpec { gate, limit, per, per_weapon })
    }

    /// Whether the defence counts against an attack with these `keywords`.
    pub fn admits(&self, keywords: &[String]) -> bool {
        let Some(gate) = &self.gate else { return true };
        let word = gate.against.node.as_str();
        let held = keywords.iter().any(|k| super::keywords::names(word, k));
        held != gate.negated
    }
}

/// One entry of a defence's `Modifiers:` line: an amount added to its roll when the attack
/// it answers has (or, `unless vs`, lacks) a keyword: `-4 vs Weapon`, `+[Weapon's Fast
/// Block] vs Fast`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackModifier {
    /// The amount, read on the defender (its weapon is `Weapon`).
    pub amount: Spanned<Expr>,
    /// The keyword of the attack it counts against.
    pub gate: Relation,
}

impl AttackModifier {
    /// Whether it counts against an attack with these `keywords`.
    pub fn admits(&self, keywords: &[String]) -> bool {
        let word = self.gate.against.node.as_str();
        let held = keywords.iter().any(|k| super::keywords::names(word, k));
        held != self.gate.negated
    }

    /// Splits one entry's text into its amount text (with the byte offset where it starts)
    /// and its relation: `-4 vs Weapon` -> (`-4`, 0, `vs Weapon`). The amount is a signed
    /// number or a bracket, with an optional `+`; `None` when the text has no relation or
    /// no amount.
    pub fn split(
        text: &str,
        span: impl Fn(std::ops::Range<usize>) -> Span,
    ) -> Option<(&str, usize, Relation)> {
        let lower = text.to_ascii_lowercase();
        let words: [(&str, bool); 4] =
            [(" unless vs ", true), (" not against ", true), (" vs ", false), (" against ", false)];
        let (at, word, negated) = words
            .into_iter()
            .filter_map(|(word, negated)| Some((lower.rfind(word)?, word, negated)))
            // The longest relation word at the rightmost place (`unless vs` over `vs`).
            .max_by_key(|(at, word, _)| (*at + word.len(), word.len()))?;
        let keyword = text[at + word.len()..].trim();
        if keyword.is_empty() || keyword.contains(char::is_whitespace) {
            return None;
        }
        let start = at
            + word.len()
            + (text[at + word.len()..].len() - text[at + word.len()..].trim_start().len());
        let against = Spanned::new(Name::new(keyword), span(start..start + keyword.len()));
        let amount = &text[..at];
        let lead = amount.len() - amount.trim_start().len();
        let mut amount = amount.trim();
        let mut offset = lead;
        if let Some(rest) = amount.strip_prefix('+') {
            offset += 1 + (rest.len() - rest.trim_start().len());
            amount = rest.trim_start();
        }
        if amount.is_empty() {
            return None;
        }
        Some((amount, offset, Relation { negated, against }))
    }
}

impl fmt::Display for AttackModifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.amount.node {
            Expr::Number(number) => write!(f, "+{number} {}", self.gate),
            Expr::Negate(inner) if matches!(inner.node, Expr::Number(_)) => {
                write!(f, "-{} {}", inner.node, self.gate)
            }
            other => write!(f, "+[{other}] {}", self.gate),
        }
    }
}

impl fmt::Display for DefenceSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.gate {
            Some(gate) => write!(f, "{gate}")?,
            None => f.write_str("any")?,
        }
        let each = if self.per_weapon { " per weapon" } else { "" };
        match &self.limit {
            Some(count) => write!(f, ", {}{each} per {}", count.node, self.per.word()),
            None => Ok(()),
        }
    }
}
