//! Lowering the sub-languages of notation lines (expressions, amounts, effect phrases,
//! targets, costs, requirements) from pest pairs into the model. Each function takes the
//! text of one line (or part of one) and its byte offset in the file, so every span points
//! into the whole file. Text outside a sub-language becomes narration, never an error;
//! only malformed bracket expressions are errors.

use pest::Parser;
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};

use super::brackets::{matching_bracket, nesting_depth, split_outside_brackets};
use super::error::{ParseErrorKind, expression_error};
use super::grammar::{Rule, RulesParser};
use crate::diagnostics::{Diagnostic, FileId, Span, Spanned};
use crate::model::common::{AreaShape, Junction, SelfInArea, SidesInArea, TargetCount};
use crate::model::effect::MoveKind;
use crate::model::expr::{BinaryOp, CompareOp, Counted, LogicOp, Special};
use crate::model::{
    Amount, ConditionRef, Cost, CostPart, DiceText, Duration, Effect, EffectPart, Effects, Expr,
    Keyword, MAX_DEPTH, Name, Narration, Number, Requirement, Target, Test,
};

/// Whether a Cost line's text means to choose an amount: the word `choose` before a number
/// or a bracket (`choose 1-5 Vigor`, `2 CP + choose 1d4-6 Sg`), not narration's `choose`.
fn chooses(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.match_indices("choose").any(|(at, word)| {
        let before = lower[..at].chars().next_back();
        let after = lower[at + word.len()..].trim_start();
        !before.is_some_and(char::is_alphanumeric)
            && lower[at + word.len()..].starts_with([' ', '\t'])
            && after.starts_with(|c: char| c.is_ascii_digit() || c == '[')
    })
}

/// Whether `text` holds `needle` (ASCII, any case) anywhere.
fn has_ignoring_case(text: &str, needle: &str) -> bool {
    text.as_bytes()
        .windows(needle.len())
        .any(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Lowers sub-language text of one file, collecting diagnostics.
pub struct Lowerer {
    /// The file being lowered.
    pub file: FileId,
    /// Problems found so far.
    pub diagnostics: Vec<Diagnostic>,
}

/// A parsed pair with the file offset of the text it came from.
pub type Node<'a> = Pair<'a, Rule>;

impl Lowerer {
    /// A lowerer for `file`.
    pub fn new(file: FileId) -> Self {
        Lowerer { file, diagnostics: Vec::new() }
    }

    /// The file span of `pair`, parsed from text starting at `base`.
    pub fn span(&self, pair: &Node<'_>, base: usize) -> Span {
        let span = pair.as_span();
        Span::new(self.file, base + span.start()..base + span.end())
    }

    /// The file span of `text[range]` where `text` starts at `base`.
    pub fn span_at(&self, base: usize, range: std::ops::Range<usize>) -> Span {
        Span::new(self.file, base + range.start..base + range.end)
    }

    /// Parses `text` with the entry rule `rule`; `None` (and no diagnostic) if it does not
    /// match or nests deeper than the limit. Returns the children of the entry rule.
    pub fn try_parse<'a>(&self, rule: Rule, text: &'a str) -> Option<Vec<Node<'a>>> {
        if nesting_depth(text) > MAX_DEPTH {
            return None;
        }
        let mut pairs = RulesParser::parse(rule, text).ok()?;
        Some(pairs.next()?.into_inner().filter(|pair| pair.as_rule() != Rule::EOI).collect())
    }

    /// Lowers a whole expression text (no brackets), reporting errors.
    pub fn expression(&mut self, text: &str, base: usize) -> Option<Spanned<Expr>> {
        if nesting_depth(text) > MAX_DEPTH {
            let span = self.span_at(base, 0..text.len());
            self.diagnostics.push(ParseErrorKind::TooDeep.at(span).to_diagnostic());
            return None;
        }
        match RulesParser::parse(Rule::expr_input, text) {
            Ok(mut pairs) => {
                let expr = pairs.next()?.into_inner().next()?;
                self.expr(expr, base)
            }
            Err(error) => {
                self.diagnostics.push(expression_error(&error, self.file, base));
                None
            }
        }
    }

    /// Lowers an `expr` pair.
    pub fn expr(&mut self, pair: Node<'_>, base: usize) -> Option<Spanned<Expr>> {
        let span = self.span(&pair, base);
        match pair.as_rule() {
            Rule::expr | Rule::conjunction => {
                let op = if pair.as_rule() == Rule::expr { LogicOp::Or } else { LogicOp::And };
                let mut inner = pair.into_inner();
                let mut left = self.expr(inner.next()?, base)?;
                // `a and b and c` groups from the left, as the printer reads it back.
                while inner.next().is_some() {
                    let right = self.expr(inner.next()?, base)?;
                    let whole = left.span.to(right.span);
                    let (left_box, right) = (Box::new(left), Box::new(right));
                    left = Spanned::new(Expr::Logic { op, left: left_box, right }, whole);
                }
                Some(left)
            }
            Rule::inversion => {
                let mut inner: Vec<Node<'_>> = pair.into_inner().collect();
                let mut expr = self.expr(inner.pop()?, base)?;
                // Each `not` wraps what follows it, innermost last.
                for not in inner.iter().rev() {
                    let whole = self.span(not, base).to(expr.span);
                    expr = Spanned::new(Expr::Not(Box::new(expr)), whole);
                }
                Some(expr)
            }
            Rule::comparison => {
                let mut inner = pair.into_inner();
                let left = self.expr(inner.next()?, base)?;
                let Some(op) = inner.next() else { return Some(left) };
                let op = CompareOp::parse(op.as_str())?;
                let right = self.expr(inner.next()?, base)?;
                Some(Spanned::new(
                    Expr::Compare { op, left: Box::new(left), right: Box::new(right) },
                    span,
                ))
            }
            Rule::dice_term => self.dice_term(pair.as_str(), span),
            Rule::arithmetic => self.arithmetic(pair, base),
            Rule::number => Some(Spanned::new(Expr::Number(self.number(&pair, base)?), span)),
            Rule::call => {
                let mut inner = pair.into_inner();
                let function = inner.next()?;
                let function =
                    Spanned::new(Name::new(function.as_str()), self.span(&function, base));
                let arguments =
                    inner.map(|argument| self.expr(argument, base)).collect::<Option<Vec<_>>>()?;
                Some(Spanned::new(Expr::Call { function, arguments }, span))
            }
            Rule::reference => {
                let mut inner = pair.into_inner();
                let first = self.name(&inner.next()?, base);
                if let Some(name) = inner.next() {
                    let name = self.name(&name, base);
                    return Some(Spanned::new(Expr::Possessive { owner: first, name }, span));
                }
                let expr = match Special::from_name(first.node.as_str()) {
                    Some(special) => Expr::Special(special),
                    None => Expr::Name(first.node),
                };
                Some(Spanned::new(expr, span))
            }
            Rule::ruling => {
                let name = self.name(&pair.into_inner().next()?, base);
                Some(Spanned::new(Expr::Ruling(name.node), span))
            }
            Rule::bracket => self.expr(pair.into_inner().next()?, base),
            Rule::distance_to => Some(Spanned::new(Expr::Special(Special::DistanceToTarget), span)),
            Rule::count_within => {
                let mut inner = pair.into_inner();
                let who = Counted::from_word(inner.next()?.as_str())?;
                let reach = inner.next()?;
                let Ok(within) = reach.as_str().parse::<u32>() else {
                    let span = self.span(&reach, base);
                    self.diagnostics.push(
                        Diagnostic::error(
                            "rules::parse::count_within",
                            "this distance is too large",
                        )
                        .with_primary(span, "more cells than any map has")
                        .with_help("count within a smaller distance: `Allies within 5`"),
                    );
                    return None;
                };
                Some(Spanned::new(Expr::Special(Special::CountWithin { who, within }), span))
            }
            _ => None,
        }
    }

    /// Lowers a dice term of a bracket (`4d6kh3`), checked by the dice parser: one term,
    /// whose dice can roll.
    fn dice_term(&mut self, text: &str, span: Span) -> Option<Spanned<Expr>> {
        let dice = DiceText::new(text, span);
        if let Some(diagnostic) = super::validate_dice(&dice) {
            self.diagnostics.push(diagnostic);
            return None;
        }
        Some(Spanned::new(Expr::Dice(Box::new(dice)), span))
    }

    /// Lowers `operand (op operand)*` with precedence: `*` and `/` bind tighter than `+`
    /// and `-`, all left-associative, unary minus tightest.
    fn arithmetic(&mut self, pair: Node<'_>, base: usize) -> Option<Spanned<Expr>> {
        let file = self.file;
        let span_of = |pair: &Node<'_>| {
            let span = pair.as_span();
            Span::new(file, base + span.start()..base + span.end())
        };
        PRATT.with(|pratt| {
            pratt
                .map_primary(|primary| self.expr(primary, base))
                .map_prefix(|negation, operand| {
                    let operand = operand?;
                    let whole = span_of(&negation).to(operand.span);
                    Some(Spanned::new(Expr::Negate(Box::new(operand)), whole))
                })
                .map_infix(|left, op, right| {
                    let (left, right) = (left?, right?);
                    let op = match op.as_rule() {
                        Rule::plus => BinaryOp::Add,
                        Rule::minus => BinaryOp::Subtract,
                        Rule::times => BinaryOp::Multiply,
                        _ => BinaryOp::Divide,
                    };
                    let whole = left.span.to(right.span);
                    Some(Spanned::new(
                        Expr::Binary { op, left: Box::new(left), right: Box::new(right) },
                        whole,
                    ))
                })
                .parse(pair.into_inner())
        })
    }

    /// Lowers a number literal, reporting one that does not fit.
    pub fn number(&mut self, pair: &Node<'_>, base: usize) -> Option<Number> {
        let number = Number::parse(pair.as_str());
        if number.is_none() {
            let span = self.span(pair, base);
            self.diagnostics.push(ParseErrorKind::NumberTooLarge.at(span).to_diagnostic());
        }
        number
    }

    /// Lowers an `amount` or `signed_amount` pair; the bool is a leading minus.
    pub fn amount(&mut self, pair: Node<'_>, base: usize) -> Option<(bool, Amount)> {
        match pair.as_rule() {
            Rule::signed_amount => {
                let mut inner = pair.into_inner();
                let first = inner.next()?;
                if first.as_rule() == Rule::sign {
                    let negative = first.as_str() == "-";
                    let (_, amount) = self.amount(inner.next()?, base)?;
                    return Some((negative, amount));
                }
                self.amount(first, base)
            }
            Rule::amount => self.amount(pair.into_inner().next()?, base),
            Rule::number => Some((false, Amount::Number(self.number(&pair, base)?))),
            Rule::bracket => Some((false, Amount::Expr(self.expr(pair, base)?))),
            Rule::dice => {
                let span = self.span(&pair, base);
                let dice = DiceText::new(pair.as_str(), span);
                if let Some(diagnostic) = super::validate_dice(&dice) {
                    self.diagnostics.push(diagnostic);
                }
                Some((false, Amount::Dice(dice)))
            }
            _ => None,
        }
    }

    /// Lowers an unsigned amount.
    pub fn plain_amount(&mut self, pair: Node<'_>, base: usize) -> Option<Amount> {
        self.amount(pair, base).map(|(_, amount)| amount)
    }

    /// A spanned name from a `name` pair.
    pub fn name(&self, pair: &Node<'_>, base: usize) -> Spanned<Name> {
        Spanned::new(Name::new(pair.as_str()), self.span(pair, base))
    }

    /// Narration with its bracket holes parsed and checked.
    pub fn narration(&mut self, text: &str, base: usize) -> Narration {
        let trimmed_start = text.len() - text.trim_start().len();
        let text = text.trim();
        let base = base + trimmed_start;
        let mut holes = Vec::new();
        let mut rest = 0;
        while let Some(open) = text[rest..].find('[').map(|index| rest + index) {
            let Some(close) = matching_bracket(text, open) else { break };
            if let Some(expr) = self.expression(&text[open + 1..close], base + open + 1) {
                holes.push(expr);
            }
            rest = close + 1;
        }
        Narration { text: text.to_string(), holes }
    }

    /// Lowers an effect line: typed effects where the vocabulary covers the text,
    /// narration for the `;`-separated parts where it does not.
    pub fn effects(&mut self, text: &str, base: usize) -> Effects {
        let mut parts = Vec::new();
        let segments = split_outside_brackets(text, ';');
        for (index, &(start, segment)) in segments.iter().enumerate() {
            let trimmed = segment.trim();
            if trimmed.is_empty() {
                continue;
            }
            let segment_base = base + start + (segment.len() - segment.trim_start().len());
            let span = self.span_at(segment_base, 0..trimmed.len());
            let at = start + (segment.len() - segment.trim_start().len());
            if let Some((test, then)) = self.when(text, at, base) {
                let whole = self.span_at(segment_base, 0..text.trim_end().len() - at);
                parts.push(Spanned::new(EffectPart::When { test, then }, whole));
                break;
            }
            if let Some(check) = self.effect_check(trimmed, segment_base) {
                let (on_success, on_failure) = self.branches(text, &segments[index + 1..], base);
                let branched = on_success.is_some() || on_failure.is_some();
                let end = if branched { text.trim_end().len() } else { at + trimmed.len() };
                let whole = self.span_at(segment_base, 0..end - at);
                parts
                    .push(Spanned::new(EffectPart::Check { check, on_success, on_failure }, whole));
                if branched {
                    break;
                }
                continue;
            }
            match self.try_parse(Rule::effects_input, trimmed) {
                Some(effects) => {
                    for effect in effects {
                        let effect_span = self.span(&effect, segment_base);
                        if let Some(lowered) = self.effect(effect, segment_base) {
                            parts.push(Spanned::new(EffectPart::Effect(lowered), effect_span));
                        }
                    }
                }
                None => {
                    let narration = self.narration(trimmed, segment_base);
                    parts.push(Spanned::new(EffectPart::Narration(narration), span));
                }
            }
        }
        Effects { parts }
    }

    /// `check Stability vs 21 with Challenge`, `Target checks Stability + Dodge vs [DC]`:
    /// the check of an effect line (`trimmed`, at `base`); `None` when it is not that shape.
    fn effect_check(&mut self, trimmed: &str, base: usize) -> Option<crate::model::EffectCheck> {
        // The grammar needs the verb `check`/`checks`: text without it is not tried (most
        // effect segments are not checks, and a failed parse costs as much as a good one).
        if !has_ignoring_case(trimmed, "check") {
            return None;
        }
        let nodes = self.try_parse(Rule::effect_check_input, trimmed)?;
        let mut check = crate::model::EffectCheck {
            roller: None,
            stats: Vec::new(),
            threshold: Amount::Number(Number::integer(0)),
            procedure: None,
        };
        for node in nodes {
            match node.as_rule() {
                Rule::effect_roller => check.roller = Some(self.name(&node, base)),
                Rule::effect_stat => check.stats.push(self.name(&node, base)),
                Rule::amount => check.threshold = self.plain_amount(node, base)?,
                Rule::name => check.procedure = Some(self.name(&node, base)),
                _ => {}
            }
        }
        Some(check)
    }

    /// The `on success:` and `on failure:` branches of a check among the `segments` of
    /// `text` (a line at `base`) that follow it: the first must start one; it runs to the
    /// segment that starts the other, which runs to the end of the line.
    fn branches(
        &mut self,
        text: &str,
        segments: &[(usize, &str)],
        base: usize,
    ) -> (Option<Effects>, Option<Effects>) {
        let label = |segment: &str| -> Option<(bool, usize)> {
            let trimmed = segment.trim_start();
            let lead = segment.len() - trimmed.len();
            let lower = trimmed.to_ascii_lowercase();
            let rest = lower.strip_prefix("on")?;
            let words = rest.trim_start();
            let (success, word) = if words.starts_with("success") {
                (true, "success")
            } else if words.starts_with("failure") {
                (false, "failure")
            } else {
                return None;
            };
            if words.len() == rest.len() {
                return None;
            }
            let after = words[word.len()..].trim_start();
            after.starts_with(':').then(|| {
                let colon = lower.len() - after.len();
                (success, lead + colon + 1)
            })
        };
        let Some(&(first_start, first)) = segments.first() else { return (None, None) };
        let Some((first_success, first_colon)) = label(first) else { return (None, None) };
        let other = segments[1..]
            .iter()
            .position(|(_, s)| label(s).is_some_and(|(success, _)| success != first_success));
        let from = first_start + first_colon;
        let (first_end, second) = match other {
            Some(offset) => {
                let (start, segment) = segments[1 + offset];
                let (_, colon) = label(segment).unwrap_or((false, 0));
                (start - 1, Some(start + colon))
            }
            None => (text.len(), None),
        };
        let first_effects = self.effects(&text[from..first_end], base + from);
        if let (Some(at), Some(nested)) = (
            second,
            first_effects.parts.iter().find(|part| matches!(part.node, EffectPart::Check { .. })),
        ) {
            // Whose `on ...:` this is cannot be told from the line: refused, not guessed.
            let (start, segment) = segments[1 + other.unwrap_or(0)];
            let label = segment.trim_start();
            let lead = segment.len() - label.len();
            let label_span = self.span_at(base + start + lead, 0..at - start - lead);
            self.diagnostics.push(
                Diagnostic::error(
                    "rules::parse::nested_check",
                    "a check inside the first branch of another check: this branch label is ambiguous",
                )
                .with_primary(label_span, "ends the outer check's first branch")
                .with_secondary(nested.span, "the inner check")
                .with_help(
                    "put the inner check in the outer check's last branch (`on failure: ...; on \
                     success: check ...`), or name its effects as a group (`Effects Retry: ...`) \
                     and run it with `do Retry`",
                ),
            );
        }
        let second_effects = second.map(|at| self.effects(&text[at..], base + at));
        if first_success {
            (Some(first_effects), second_effects)
        } else {
            (second_effects, Some(first_effects))
        }
    }

    /// `when <test>: effects` (or `if <test>:`, the same words) starting at `at` in `text`
    /// (a line at `base`): the test and the rest of the line as its effects; `None` when the
    /// text there is not that shape; the test is read by [`Self::gate`].
    fn when(
        &mut self,
        text: &str,
        at: usize,
        base: usize,
    ) -> Option<(Spanned<Requirement>, Effects)> {
        let here = &text[at..];
        let word = ["when", "if"]
            .into_iter()
            .find(|word| here.get(..word.len()).is_some_and(|h| h.eq_ignore_ascii_case(word)))?;
        let after_word = &here[word.len()..];
        let gap = after_word.len() - after_word.trim_start().len();
        if gap == 0 {
            return None;
        }
        let test_at = at + word.len() + gap;
        let (after_colon, _) = *split_outside_brackets(&text[test_at..], ':').get(1)?;
        let colon = test_at + after_colon - 1;
        let test_text = text[test_at..colon].trim_end();
        if test_text.is_empty() || text[colon + 1..].trim().is_empty() {
            return None;
        }
        let test = self.gate(test_text, base + test_at)?;
        let then = self.effects(&text[colon + 1..], base + colon + 1);
        Some((test, then))
    }

    /// The test of a gate (`when <test>:` on an effect line, `Result if <test>:`) written at
    /// `at`; `None` when the grammar of tests does not read it. A test that is one bracket
    /// is kept as an expression (so it reads the line's values — Margin, Grade, HP after
    /// the earlier effects — on the expression path); otherwise it is the grammar of
    /// `While:` and an event rule's `if` (`an ally within 2`, `Target is Dazed and [Margin
    /// >= 5]`).
    pub fn gate(&mut self, test_text: &str, at: usize) -> Option<Spanned<Requirement>> {
        let span = self.span_at(at, 0..test_text.len());
        let one_bracket = test_text.starts_with('[')
            && matching_bracket(test_text, 0) == Some(test_text.len() - 1);
        let test = if one_bracket {
            let expr = self.expression(&test_text[1..test_text.len() - 1], at + 1)?;
            Requirement::Tests { first: Spanned::new(Test::Compare(expr), span), rest: Vec::new() }
        } else {
            // Only a text the test grammar reads is a gate; anything else stays narration.
            // The nodes parsed here are lowered as they are (no second parse).
            let nodes = self.try_parse(Rule::condition_input, test_text)?;
            let mut tests = match self.tests(nodes, at) {
                Some(tests) if !tests.is_empty() => tests,
                _ => {
                    // As `requirement` does: its brackets are read (and reported) as narration.
                    self.narration(test_text, at);
                    return None;
                }
            };
            let (_, first) = tests.remove(0);
            Requirement::Tests { first, rest: tests }
        };
        Some(Spanned::new(test, span))
    }

    /// `Target`, `each ally within 5`: who a `gains`/`loses` phrase is about.
    fn recipient(&mut self, pair: Node<'_>, base: usize) -> Option<crate::model::Recipient> {
        let pair = pair.into_inner().next()?;
        match pair.as_rule() {
            Rule::each_recipient => {
                let mut inner = pair.into_inner().skip(1);
                let who = self.name(&inner.next()?, base);
                let within = self.plain_amount(inner.next()?, base)?;
                Some(crate::model::Recipient::Each { who, within })
            }
            Rule::every_recipient => {
                let who = self.name(&pair.into_inner().nth(1)?, base);
                Some(crate::model::Recipient::Every { who })
            }
            _ => Some(crate::model::Recipient::One(self.name(&pair, base))),
        }
    }

    fn effect(&mut self, pair: Node<'_>, base: usize) -> Option<Effect> {
        let pair = pair.into_inner().next()?;
        let rule = pair.as_rule();
        let mut inner: Vec<Node<'_>> = pair.clone().into_inner().collect();
        match rule {
            Rule::damage => {
                let (negative, amount) = self.amount(inner.remove(0), base)?;
                let damage_type = inner.first().map(|kind| self.name(kind, base));
                Some(Effect::Damage { negative, amount, damage_type, recipient: None })
            }
            Rule::subject_damage => {
                let recipient = Some(self.recipient(inner.remove(0), base)?);
                let mut damage: Vec<Node<'_>> = inner.pop()?.into_inner().collect();
                let (negative, amount) = self.amount(damage.remove(0), base)?;
                let damage_type = damage.first().map(|kind| self.name(kind, base));
                Some(Effect::Damage { negative, amount, damage_type, recipient })
            }
            Rule::heal => {
                let over = self.over_maximum(&mut inner, base)?;
                Some(Effect::Heal {
                    amount: self.plain_amount(inner.remove(0), base)?,
                    subject: None,
                    over,
                })
            }
            Rule::subject_heal => {
                let over = self.over_maximum(&mut inner, base)?;
                let subject = Some(self.name(&inner.remove(0), base));
                let amount = self.plain_amount(inner.remove(1), base)?;
                Some(Effect::Heal { amount, subject, over })
            }
            Rule::resource_change | Rule::spend => {
                let verb = if rule == Rule::spend {
                    "spend".to_string()
                } else {
                    inner.remove(0).as_str().to_ascii_lowercase()
                };
                let amount = self.plain_amount(inner.remove(0), base)?;
                let resource = self.name(inner.first()?, base);
                Some(match verb.as_str() {
                    "lose" => Effect::Lose { amount, resource, recipient: None },
                    "spend" => Effect::Spend { amount, resource },
                    _ => Effect::Gain { amount, resource, recipient: None },
                })
            }
            Rule::subject_change => {
                let recipient = Some(self.recipient(inner.remove(0), base)?);
                let loses = inner.remove(0).as_str().eq_ignore_ascii_case("loses");
                let amount = self.plain_amount(inner.remove(0), base)?;
                let resource = self.name(inner.first()?, base);
                Some(if loses {
                    Effect::Lose { amount, resource, recipient }
                } else {
                    Effect::Gain { amount, resource, recipient }
                })
            }
            Rule::set_resource => {
                let resource = self.name(&inner[1], base);
                let (negative, amount) = self.amount(inner.remove(2), base)?;
                Some(Effect::Set { resource, negative, amount })
            }
            Rule::do_group => Some(Effect::Do {
                group: self.name(inner.get(1)?, base),
                once_per_test: inner.len() > 2,
            }),
            Rule::advance_clock => {
                let amount = self.plain_amount(inner.get(1)?.clone(), base)?;
                let unit = inner.get(2)?;
                let word = unit.as_str().to_ascii_lowercase();
                Some(Effect::Advance { amount, unit: Spanned::new(word, self.span(unit, base)) })
            }
            Rule::apply | Rule::subject_is => {
                let mut subject = None;
                let mut condition = None;
                let mut duration = None;
                let mut against = None;
                let mut within = None;
                let mut every = false;
                for part in inner {
                    match part.as_rule() {
                        Rule::condition_ref => condition = Some(self.condition_ref(part, base)?),
                        Rule::name => subject = Some(self.name(&part, base)),
                        Rule::each_recipient => {
                            let mut each = part.into_inner().skip(1);
                            subject = Some(self.name(&each.next()?, base));
                            within = Some(Box::new(self.plain_amount(each.next()?, base)?));
                        }
                        Rule::every_recipient => {
                            subject = Some(self.name(&part.into_inner().nth(1)?, base));
                            every = true;
                        }
                        Rule::duration => duration = Some(self.duration(part, base)?),
                        Rule::against => {
                            let who = part.into_inner().next()?;
                            against = Some(self.name(&who, base));
                        }
                        _ => {}
                    }
                }
                Some(Effect::Apply {
                    subject,
                    condition: condition?,
                    duration,
                    against,
                    within,
                    every,
                })
            }
            Rule::remove => {
                let condition = self.condition_ref(inner.remove(0), base)?;
                let (subject, every) = match inner.first() {
                    Some(every) if every.as_rule() == Rule::every_recipient => {
                        (Some(self.name(&every.clone().into_inner().nth(1)?, base)), true)
                    }
                    Some(subject) => (Some(self.name(subject, base)), false),
                    None => (None, false),
                };
                Some(Effect::Remove { condition, subject, every })
            }
            Rule::movement => {
                let kind = MoveKind::parse(inner.remove(0).as_str())?;
                let (mut subject, mut up_to, mut distance, mut unit) = (None, false, None, None);
                let mut crowd = None;
                for part in inner {
                    match part.as_rule() {
                        Rule::name => subject = Some(self.name(&part, base)),
                        Rule::up_to => up_to = true,
                        Rule::amount => distance = Some(self.plain_amount(part, base)?),
                        Rule::distance_unit => unit = Some(part.as_str().to_ascii_lowercase()),
                        Rule::crowding => {
                            let span = self.span(&part, base);
                            let mut words = part.into_inner();
                            let cells = words.next()?.as_str().to_ascii_lowercase();
                            let condition = self.name(&words.next()?, base);
                            let occupant = words.next().map(|word| self.name(&word, base));
                            if !kind.is_forced() {
                                self.diagnostics.push(
                                    Diagnostic::error(
                                        "rules::parse::crowding_not_forced",
                                        format!("only a push or a pull may end on an occupied cell; a {kind} never does"),
                                    )
                                    .with_primary(span, "not a forced move")
                                    .with_help("write `push Target 1 into occupied hexes as Crowded`, or drop `into occupied ...`"),
                                );
                            }
                            crowd =
                                Some(crate::model::effect::Crowding { cells, condition, occupant });
                        }
                        _ => {}
                    }
                }
                Some(Effect::Move { kind, subject, up_to, distance: distance?, unit, crowd })
            }
            Rule::script => Some(Effect::Script(self.expr(inner.remove(0), base)?)),
            Rule::drop_weapon => {
                let at = inner.iter().find(|p| p.as_rule() == Rule::name);
                Some(Effect::Drop { at: at.map(|at| self.name(at, base)) })
            }
            Rule::pick_up => {
                let within = inner.into_iter().find(|p| p.as_rule() == Rule::amount);
                let within = match within {
                    Some(amount) => Some(self.plain_amount(amount, base)?),
                    None => None,
                };
                Some(Effect::PickUp { within })
            }
            Rule::in_front => {
                let layer = self.name(&inner.remove(0), base);
                let subject = self.name(inner.first()?, base);
                Some(Effect::InFront { layer, subject })
            }
            Rule::raise => {
                let lower = inner.remove(0).as_str().eq_ignore_ascii_case("lower");
                let stat = self.name(&inner.remove(0), base);
                let amount = self.plain_amount(inner.remove(0), base)?;
                Some(Effect::Raise { lower, stat, amount })
            }
            Rule::end_turn => Some(Effect::EndTurn),
            Rule::stop_before => {
                let cell = inner.last()?.as_str().to_lowercase();
                Some(Effect::StopBefore { cell })
            }
            Rule::lay => {
                let condition = self.condition_ref(inner.remove(1), base)?;
                let at = inner.get(1).map(|who| self.name(who, base));
                Some(Effect::Lay { condition, at })
            }
            Rule::lift => {
                let condition = self.name(&inner[1], base);
                let at = inner.get(2).map(|who| self.name(who, base));
                Some(Effect::Lift { condition, at })
            }
            Rule::use_power => Some(Effect::Use { power: self.name(&inner[1], base) }),
            Rule::skip_turn => {
                let subject =
                    inner.iter().find(|node| node.as_rule() == Rule::skip_subject).map(|who| {
                        let text = who.as_str();
                        let start = base + who.as_span().start();
                        Spanned::new(Name::new(text), self.span_at(start, 0..text.len()))
                    });
                Some(Effect::SkipTurn { subject })
            }
            _ => None,
        }
    }

    /// Lowers a `condition_ref` pair.
    pub fn condition_ref(&mut self, pair: Node<'_>, base: usize) -> Option<ConditionRef> {
        let mut inner = pair.into_inner();
        let name = self.name(&inner.next()?, base);
        let (mut amount, mut detail) = (None, None);
        for part in inner {
            match part.as_rule() {
                Rule::amount => amount = Some(self.plain_amount(part, base)?),
                _ => detail = Some(self.name(&part, base)),
            }
        }
        Some(ConditionRef { name, amount, detail })
    }

    /// Lowers a `duration` pair.
    /// The `over its maximum as X ...` part ending a heal's nodes, taken off them (`Some(None)`
    /// when there is none; `None` when it does not lower).
    fn over_maximum(
        &mut self,
        inner: &mut Vec<Node<'_>>,
        base: usize,
    ) -> Option<Option<Box<crate::model::effect::OverMaximum>>> {
        if inner.last().is_none_or(|last| last.as_rule() != Rule::over_maximum) {
            return Some(None);
        }
        let mut parts = inner.pop()?.into_inner();
        let condition = self.name(&parts.next()?, base);
        let duration = match parts.next() {
            Some(duration) => Some(self.duration(duration, base)?),
            None => None,
        };
        Some(Some(Box::new(crate::model::effect::OverMaximum { condition, duration })))
    }

    pub fn duration(&mut self, pair: Node<'_>, base: usize) -> Option<Duration> {
        let pair = pair.into_inner().next()?;
        let mut inner = pair.clone().into_inner();
        match pair.as_rule() {
            Rule::for_duration => {
                let amount = self.plain_amount(inner.next()?, base)?;
                let unit = inner.next()?.as_str().to_ascii_lowercase();
                Some(Duration::For { amount, unit })
            }
            _ => {
                let event = inner.next()?;
                let text = event.as_str().trim();
                Some(Duration::Until(Spanned::new(
                    text.to_string(),
                    self.span_at(base + event.as_span().start(), 0..text.len()),
                )))
            }
        }
    }

    /// Lowers a Target line, narration if it is outside the target language.
    pub fn target(&mut self, text: &str, base: usize) -> Target {
        let Some(mut nodes) = self.try_parse(Rule::target_input, text) else {
            return Target::Narration(self.narration(text, base));
        };
        let node = nodes.remove(0);
        let rule = node.as_rule();
        let mut inner: Vec<Node<'_>> = node.into_inner().collect();
        let lowered = match rule {
            Rule::self_target => Some(Target::User),
            Rule::area_target => (|| {
                let shape = AreaShape(capitalise(inner.remove(0).as_str()));
                let size = self.plain_amount(inner.remove(0), base)?;
                let (mut user, mut sides, mut range, mut least, mut first) =
                    (None, None, None, None, None);
                for node in inner {
                    match node.as_rule() {
                        Rule::target_range => (least, range) = self.target_range(node, base)?,
                        Rule::area_first => {
                            let amount = self.plain_amount(node.into_inner().next()?, base)?;
                            first = Some(Box::new(amount));
                        }
                        Rule::area_sides => {
                            let word = node.as_str().to_ascii_lowercase();
                            sides = Some(if word.ends_with("allies") {
                                SidesInArea::ExcludingAllies
                            } else {
                                SidesInArea::ExcludingEnemies
                            });
                        }
                        _ => {
                            let word = node.as_str().to_ascii_lowercase();
                            user = Some(if word.starts_with("ex") {
                                SelfInArea::Excluding
                            } else {
                                SelfInArea::Including
                            });
                        }
                    }
                }
                Some(Target::Area { shape, size, range, least, first, user, sides })
            })(),
            _ => (|| {
                let mut count = None;
                if inner.first().is_some_and(|first| first.as_rule() == Rule::target_count) {
                    let counted = inner.remove(0).into_inner().next()?;
                    count = Some(match counted.as_rule() {
                        Rule::up_to_count => TargetCount::UpTo(
                            self.plain_amount(counted.into_inner().next()?, base)?,
                        ),
                        Rule::all_count => TargetCount::All,
                        _ => TargetCount::Exactly(Amount::Number(self.number(&counted, base)?)),
                    });
                }
                let who = self.name(&inner.remove(0), base);
                let (least, range) = match inner.pop() {
                    Some(range) => self.target_range(range, base)?,
                    None => (None, None),
                };
                Some(Target::Creatures { count, who, range, least })
            })(),
        };
        lowered.unwrap_or_else(|| Target::Narration(self.narration(text, base)))
    }

    /// `3` or `2-3` after `in`/`within`: the least distance (if given) and the most.
    fn target_range(
        &mut self,
        node: Node<'_>,
        base: usize,
    ) -> Option<(Option<Box<Amount>>, Option<Amount>)> {
        let mut least = None;
        let mut most = None;
        for part in node.into_inner() {
            if part.as_rule() == Rule::range_least {
                least = Some(Box::new(self.plain_amount(part.into_inner().next()?, base)?));
            } else {
                most = Some(self.plain_amount(part, base)?);
            }
        }
        Some((least, most))
    }

    /// Lowers a Cost line.
    pub fn cost(&mut self, text: &str, base: usize) -> Cost {
        let parts = self.try_parse(Rule::cost_input, text).and_then(|nodes| {
            nodes
                .into_iter()
                .map(|part| {
                    let mut inner = part.into_inner();
                    let first = inner.next()?;
                    let (amount, up_to) = if first.as_rule() == Rule::cost_choice {
                        // `choose_word`, then the least and the most.
                        let mut bounds = first.into_inner().skip(1);
                        let least = bounds.next()?.into_inner().next()?;
                        let most = bounds.next()?.into_inner().next()?;
                        (self.plain_amount(least, base)?, Some(self.plain_amount(most, base)?))
                    } else {
                        (self.plain_amount(first, base)?, None)
                    };
                    let resource = self.name(&inner.next()?, base);
                    Some(CostPart { amount, resource, up_to })
                })
                .collect::<Option<Vec<_>>>()
        });
        match parts {
            Some(parts) => Cost::Resources(parts),
            None => {
                // A chosen cost that does not read is an error, not narration: the use
                // would ask for nothing and pay nothing.
                if chooses(text) {
                    let trimmed = text.trim();
                    let start = text.len() - text.trim_start().len();
                    let span = self.span_at(base, start..start + trimmed.len());
                    let kind = ParseErrorKind::UnreadableLine {
                        label: "Cost".to_string(),
                        expected: "a chosen cost such as `choose 1-5 Vigor`: the least and the \
                                   most, each a number or a bracket expression (not dice), the \
                                   least first, then the resource"
                            .to_string(),
                    };
                    self.diagnostics.push(kind.at(span).to_diagnostic());
                }
                Cost::Narration(self.narration(text, base))
            }
        }
    }

    /// Lowers a Trigger, While, Prereq, Halt or Sustain line.
    pub fn requirement(&mut self, text: &str, base: usize) -> Requirement {
        let tests =
            self.try_parse(Rule::condition_input, text).and_then(|nodes| self.tests(nodes, base));
        match tests {
            Some(mut tests) if !tests.is_empty() => {
                let (_, first) = tests.remove(0);
                Requirement::Tests { first, rest: tests }
            }
            _ => Requirement::Narration(self.narration(text, base)),
        }
    }

    /// The tests of a parsed `condition_input` (its children `nodes`, from text at `base`),
    /// each with the junction before it; `None` if one of them does not lower.
    fn tests(
        &mut self,
        nodes: Vec<Node<'_>>,
        base: usize,
    ) -> Option<Vec<(Junction, Spanned<Test>)>> {
        let mut junction = Junction::And;
        let mut tests = Vec::new();
        for node in nodes {
            if node.as_rule() == Rule::junction {
                junction = if node.as_str() == "or" { Junction::Or } else { Junction::And };
                continue;
            }
            let span = self.span(&node, base);
            tests.push((junction, Spanned::new(self.test(node, base)?, span)));
        }
        Some(tests)
    }

    fn test(&mut self, pair: Node<'_>, base: usize) -> Option<Test> {
        let pair = pair.into_inner().next()?;
        let rule = pair.as_rule();
        if rule == Rule::bracket {
            return Some(Test::Compare(self.expr(pair, base)?));
        }
        if rule == Rule::wielding_clause {
            return self.wielding(pair, base);
        }
        if rule == Rule::cell_clause {
            let (mut negated, mut cell, mut terrain) = (false, String::new(), None);
            for part in pair.into_inner() {
                match part.as_rule() {
                    Rule::cell_not => negated = true,
                    Rule::the_cell => {
                        let word = part.as_str().split_whitespace().last().unwrap_or_default();
                        cell = word.to_ascii_lowercase();
                    }
                    Rule::name => terrain = Some(self.name(&part, base)),
                    _ => {}
                }
            }
            return Some(Test::Cell { negated, cell, terrain });
        }
        if rule == Rule::near_clause {
            let mut inner = pair.into_inner();
            let negated = inner.next()?.as_str() == "no";
            let who = self.name(&inner.next()?, base);
            let within = self.plain_amount(inner.next()?, base)?;
            return Some(Test::Near { negated, who, within });
        }
        if rule == Rule::party_clause {
            let mut inner = pair.into_inner();
            let negated = inner.next()?.as_str() == "no";
            let who = self.name(&inner.next()?, base);
            let condition = self.name(&inner.nth(1)?, base);
            return Some(Test::Party { negated, who, condition });
        }
        let mut inner = pair.into_inner();
        let subject = self.name(&inner.next()?, base);
        if rule == Rule::keyword_clause {
            let verb = inner.next()?.as_str().to_string();
            let keyword = self.name(&inner.next()?, base);
            return Some(Test::Keyword { subject, verb, keyword });
        }
        if rule == Rule::facing_clause {
            let verb = inner.next()?.as_str().to_string();
            let quarter = crate::engine::Quarter::named(inner.next()?.as_str())?;
            let of = self.name(&inner.next()?, base);
            return Some(Test::Facing { subject, verb, quarter, of });
        }
        if rule == Rule::has_clause {
            let verb = inner.next()?.as_str().to_string();
            let condition = self.condition_ref(inner.next()?, base)?;
            return Some(Test::Has { subject, verb, condition });
        }
        let verb = inner.next()?.as_str().to_string();
        let rest = inner.next().map(|rest| rest.as_str().trim().to_string());
        Some(Test::Event { subject, verb, rest })
    }

    /// `not Target is wielding a Shield`: the negation, the subject with its verb, the gear.
    fn wielding(&mut self, pair: Node<'_>, base: usize) -> Option<Test> {
        let (mut negated, mut names, mut verb) = (false, Vec::new(), None);
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::wielding_not => negated = true,
                Rule::name => names.push(self.name(&part, base)),
                Rule::has_verb => verb = Some(part.as_str().to_string()),
                _ => {}
            }
        }
        // The gear is the last name; a name before it came with the verb.
        let gear = names.pop()?;
        let subject = names.pop().zip(verb);
        Some(Test::Wielding { negated, subject, gear })
    }

    /// Lowers a Keywords line: words separated by spaces or commas, `*emphasis*` dropped,
    /// `[Weapon]` kept as an expression.
    pub fn keywords(&mut self, text: &str, base: usize) -> Vec<Spanned<Keyword>> {
        let mut keywords = Vec::new();
        let bytes = text.as_bytes();
        let mut index = 0;
        while index < text.len() {
            let byte = bytes[index];
            if byte == b'[' {
                // An unclosed bracket runs to the end of the line (and fails as an expression).
                let close = matching_bracket(text, index);
                let end = close.unwrap_or(text.len());
                if close.is_none() {
                    let span = self.span_at(base, index..index + 1);
                    let expected = "`]` to close this bracket".to_string();
                    self.diagnostics
                        .push(ParseErrorKind::Expression { expected }.at(span).to_diagnostic());
                    break;
                }
                let span = self.span_at(base, index..close.map_or(end, |close| close + 1));
                if let Some(expr) = self.expression(&text[index + 1..end], base + index + 1) {
                    keywords.push(Spanned::new(Keyword::Expr(expr), span));
                }
                index = close.map_or(end, |close| close + 1);
            } else if let Some(separator) =
                text[index..].chars().next().filter(|c| c.is_whitespace() || *c == ',' || *c == '*')
            {
                index += separator.len_utf8();
            } else {
                let end = text[index..]
                    .find(|c: char| c.is_whitespace() || c == ',' || c == '*' || c == '[')
                    .map_or(text.len(), |offset| index + offset);
                keywords.push(Spanned::new(
                    Keyword::Word(Name::new(&text[index..end])),
                    self.span_at(base, index..end),
                ));
                index = end;
            }
        }
        keywords
    }
}

/// `burst` -> `Burst`.
fn capitalise(word: &str) -> String {
    let lower = word.to_ascii_lowercase();
    let mut chars = lower.chars();
    chars
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

thread_local! {
    /// Operator precedence for arithmetic, built once per thread.
    static PRATT: PrattParser<Rule> = PrattParser::new()
        .op(Op::infix(Rule::plus, Assoc::Left) | Op::infix(Rule::minus, Assoc::Left))
        .op(Op::infix(Rule::times, Assoc::Left) | Op::infix(Rule::divided_by, Assoc::Left))
        .op(Op::prefix(Rule::negate));
}
