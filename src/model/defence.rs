//! A power's `Defence:` line: the power is a defence its holder may choose when an attack
//! (`Check: [...] versus a defence`) resolves against it. The line says which attacks it
//! counts against (a keyword gate on the attacking power) and how often it may be made per
//! turn, round or encounter, in all or for each weapon its holder has equipped (`2 per weapon
//! per round`), and optionally only against an attacker within an arc of its holder's
//! facing (`within 120 degrees of facing`); its `Penalty:` line grows with the defences
//! already made this turn or round.

use std::fmt;

use serde::Serialize;

use super::condition_lines::Relation;
use super::power::LimitClock;
use crate::diagnostics::{Span, Spanned};
use crate::model::{Amount, Expr, Name};

/// The name a defence's `Penalty:` line reads for the defences its holder already made this
/// turn (`[Defences this turn]`).
pub const DEFENCES_THIS_TURN: &str = "Defences this turn";

/// The name a defence's `Penalty:` line reads for the defences its holder already made this
/// round, across every side's turns (`[Defences this round]`).
pub const DEFENCES_THIS_ROUND: &str = "Defences this round";

/// The names a `Penalty:` line reads, with the clock each counts by.
pub const DEFENCE_COUNTS: [(&str, LimitClock); 2] =
    [(DEFENCES_THIS_TURN, LimitClock::Turn), (DEFENCES_THIS_ROUND, LimitClock::Round)];

/// The words around a facing arc: `within [Armour Facing] degrees of facing`.
pub const ARC_WORDS: (&str, &str) = ("within ", " degrees of facing");

/// `Defence: unless vs Ranged, within 120 degrees of facing, 2 per turn`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DefenceSpec {
    /// Which attacks it counts against, by the attacking power's keywords; `None`: any
    /// (`Defence: any`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gate: Option<Relation>,
    /// `within N degrees of facing`: it counts only against an attacker inside the arc N
    /// degrees wide centred on the holder's facing (`None`: from any side).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arc: Option<Amount>,
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

/// The parts of `text` between commas outside brackets, each with its byte offset.
fn parts(text: &str) -> Vec<(usize, &str)> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (at, c) in text.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push((start, &text[start..at]));
                start = at + 1;
            }
            _ => {}
        }
    }
    parts.push((start, &text[start..]));
    parts
}

/// `N per turn` (`per round`, `per encounter`, `N per weapon per turn`) at `offset`.
fn limit_part(
    part: &str,
    offset: usize,
    span: &impl Fn(std::ops::Range<usize>) -> Span,
) -> Option<(Spanned<u32>, LimitClock, bool)> {
    let trimmed = part.trim_start();
    let start = offset + (part.len() - trimmed.len());
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
    Some((Spanned::new(value, span(start..start + number.len())), per, per_weapon))
}

impl DefenceSpec {
    /// Reads a `Defence:` line's text: `any`, `vs X` / `against X`, `unless vs X` / `not
    /// against X`, then optionally `, within N degrees of facing` and `, N per turn` or
    /// `, N per weapon per turn` (or `per round`, `per encounter`), in that order; `span`
    /// makes the span of a byte range of the text. An arc here is a whole number of degrees
    /// (the rule files' reader, [`DefenceSpec::parse_with`], takes any amount). `None` when
    /// the text is none of these.
    ///
    /// ```
    /// use mythforge::model::defence::DefenceSpec;
    /// let spec = DefenceSpec::parse("any, within 120 degrees of facing, 2 per turn", |_| {
    ///     mythforge::diagnostics::Span::NONE
    /// });
    /// assert_eq!(spec.unwrap().to_string(), "any, within 120 degrees of facing, 2 per turn");
    /// ```
    pub fn parse(text: &str, span: impl Fn(std::ops::Range<usize>) -> Span) -> Option<DefenceSpec> {
        let whole = |text: &str, _| {
            text.parse().ok().map(|n| Amount::Number(crate::model::expr::Number::integer(n)))
        };
        DefenceSpec::parse_with(text, span, whole)
    }

    /// [`DefenceSpec::parse`], reading the arc's N with `amount` (its text and byte offset;
    /// `None` when it is no amount, and then the line is none either).
    pub fn parse_with(
        text: &str,
        span: impl Fn(std::ops::Range<usize>) -> Span,
        mut amount: impl FnMut(&str, usize) -> Option<Amount>,
    ) -> Option<DefenceSpec> {
        let parts = parts(text);
        let (&(_, gate_text), rest) = parts.split_first()?;
        let (mut arc, mut limit, mut per, mut per_weapon) = (None, None, LimitClock::Turn, false);
        for (index, &(offset, part)) in rest.iter().enumerate() {
            let trimmed = part.trim();
            let lower = trimmed.to_ascii_lowercase();
            let (open, close) = ARC_WORDS;
            if index == 0 && lower.starts_with(open) && lower.ends_with(close) {
                let inner = &trimmed[open.len()..trimmed.len() - close.len()];
                let lead = part.len() - part.trim_start().len() + open.len();
                let inner_lead = inner.len() - inner.trim_start().len();
                arc = Some(amount(inner.trim(), offset + lead + inner_lead)?);
            } else if index + 1 == rest.len() {
                let (count, clock, weapon) = limit_part(part, offset, &span)?;
                (limit, per, per_weapon) = (Some(count), clock, weapon);
            } else {
                return None;
            }
        }
        let trimmed = gate_text.trim();
        let lead = gate_text.len() - gate_text.trim_start().len();
        let lower = trimmed.to_ascii_lowercase();
        if lower == "any" {
            return Some(DefenceSpec { gate: None, arc, limit, per, per_weapon });
        }
        let prefixes: [(&str, bool); 4] =
            [("unless vs ", true), ("not against ", true), ("vs ", false), ("against ", false)];
        let (prefix, negated) = prefixes.into_iter().find(|(p, _)| lower.starts_with(p))?;
        let keyword = trimmed[prefix.len()..].trim();
        if keyword.is_empty() || keyword.contains(char::is_whitespace) {
            return None;
        }
        let start = lead + (trimmed.len() - trimmed[prefix.len()..].trim_start().len());
        let against = Spanned::new(Name::new(keyword), span(start..start + keyword.len()));
        let gate = Some(Relation { negated, against });
        Some(DefenceSpec { gate, arc, limit, per, per_weapon })
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
        if let Some(arc) = &self.arc {
            let (open, close) = ARC_WORDS;
            write!(f, ", {open}{arc}{close}")?;
        }
        match self.limit_words() {
            Some(limit) => write!(f, ", {limit}"),
            None => Ok(()),
        }
    }
}

impl DefenceSpec {
    /// The limit as the line writes it (`2 per weapon per round`); `None`: unlimited.
    pub fn limit_words(&self) -> Option<String> {
        let each = if self.per_weapon { " per weapon" } else { "" };
        self.limit.as_ref().map(|count| format!("{}{each} per {}", count.node, self.per.word()))
    }
}
