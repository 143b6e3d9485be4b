//! Dice notation text → [`DiceExpr`]: limits checked before pest runs (length, nesting),
//! pest's errors turned into [`DiceError`]s with human rule names, then the parse tree
//! lowered into the AST while modifiers are checked (duplicates, phase order, keep/drop
//! amounts, dice limits, compare points every face meets or no face meets, which side of a
//! pool's brace a modifier belongs on) and names are resolved (unknown, duplicate, unused,
//! reserved). Nothing here rolls dice.

use std::ops::Range;

use pest::Parser;
use pest::iterators::Pair;

use super::ast::{
    BinaryOperator, CompareOperator, ComparePoint, DiceBinding, DiceExpr, DiceNode, DicePool,
    DiceTerm, ExplodeKind, Function, RerollKind, Select, SelectKind,
};
use super::error::{
    DiceError, DiceErrorKind, MAX_DICE_PER_EXPRESSION, MAX_DICE_PER_TERM, MAX_NESTING_DEPTH,
    MAX_SIDES, MAX_TEXT_LENGTH,
};

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/dice.pest"]
struct DiceParser;

impl DiceExpr {
    /// Parses dice notation. Spans in errors and nodes are byte ranges of `text`.
    ///
    /// ```
    /// use mythforge::dice::DiceExpr;
    /// assert_eq!(DiceExpr::parse("{3d10+3}cs>=9").unwrap().to_string(), "{3d10+3}cs>=9");
    /// let error = DiceExpr::parse("4d6kh9").unwrap_err();
    /// assert_eq!(error.to_string(), "cannot keep 9 of 4 dice");
    /// ```
    pub fn parse(text: &str) -> Result<DiceExpr, DiceError> {
        if text.len() > MAX_TEXT_LENGTH {
            let kind = DiceErrorKind::TooLong { length: text.len(), limit: MAX_TEXT_LENGTH };
            return Err(kind.at(MAX_TEXT_LENGTH..MAX_TEXT_LENGTH));
        }
        check_nesting(text)?;
        let mut pairs =
            DiceParser::parse(Rule::expression, text).map_err(|error| pest_error(text, error))?;
        let mut lowering = Lowering { term_count: 0, dice_total: 0, names: Vec::new() };
        let Some(pair) = pairs.next() else {
            return Err(unexpected(text, 0, "a dice expression"));
        };
        let (bindings, root) = lowering.expression(pair)?;
        Ok(DiceExpr { bindings, root, term_count: lowering.term_count })
    }
}

/// Rejects nesting deeper than [`MAX_NESTING_DEPTH`] before pest recurses into it.
fn check_nesting(text: &str) -> Result<(), DiceError> {
    let mut depth = 0usize;
    for (offset, character) in text.char_indices() {
        match character {
            '(' | '{' => {
                depth += 1;
                if depth > MAX_NESTING_DEPTH {
                    let kind = DiceErrorKind::TooDeep { limit: MAX_NESTING_DEPTH };
                    return Err(kind.at(offset..offset + 1));
                }
            }
            ')' | '}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    Ok(())
}

fn unexpected(text: &str, offset: usize, expected: &str) -> DiceError {
    let (found, span) = match text[offset..].chars().next() {
        Some(character) => (format!("`{character}`"), offset..offset + character.len_utf8()),
        None => ("end of input".to_string(), offset..offset),
    };
    DiceErrorKind::Unexpected { found, expected: expected.to_string() }.at(span)
}

fn pest_error(text: &str, error: pest::error::Error<Rule>) -> DiceError {
    let offset = match error.location {
        pest::error::InputLocation::Pos(offset) => offset,
        pest::error::InputLocation::Span((start, _)) => start,
    };
    let expected = match &error.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut phrases: Vec<&str> = Vec::new();
            for rule in positives {
                let phrase = rule_name(*rule);
                if !phrases.contains(&phrase) {
                    phrases.push(phrase);
                }
            }
            join_alternatives(&phrases)
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    unexpected(text, offset.min(text.len()), &expected)
}

fn join_alternatives(phrases: &[&str]) -> String {
    match phrases {
        [] => "a dice expression".to_string(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// The human name of every grammar rule, as used in "expected ..." messages.
fn rule_name(rule: Rule) -> &'static str {
    match rule {
        Rule::EOI => "end of input",
        Rule::WHITESPACE => "a space",
        Rule::integer | Rule::signed_integer | Rule::amount => "a number",
        Rule::expression | Rule::sum | Rule::product | Rule::factor | Rule::comparison => {
            "a dice expression"
        }
        Rule::comparison_operator => "a comparison such as `>=`",
        Rule::name | Rule::reference => "a name",
        Rule::binding => "a named roll such as `r = 1d20;`",
        Rule::binding_equals => "`=`",
        Rule::binding_end => "`;`",
        Rule::fudge | Rule::custom_faces => "the number of sides, such as the `6` of `2d6`",
        Rule::additive_operator | Rule::multiplicative_operator => "an operator (+ - * /)",
        Rule::negation => "a minus sign",
        Rule::operand => "a number, a dice term such as `2d6`, or `(`",
        Rule::parenthesized => "`(`",
        Rule::closing_parenthesis => "`)`",
        Rule::closing_brace => "`}`",
        Rule::function_call | Rule::function_name => "a function such as `max(1d6, 3)`",
        Rule::dice | Rule::dice_count => "a dice term such as `2d6`",
        Rule::dice_sides => "the number of sides, such as the `6` of `2d6`",
        Rule::group => "a group such as `{3d10+3}`",
        Rule::group_offset => "a per-die offset such as `+3`",
        Rule::group_modifiers => "a modifier",
        Rule::compare_point | Rule::compare_operator => "a compare point such as `>=6`",
        Rule::modifier
        | Rule::keep_highest
        | Rule::keep_lowest
        | Rule::drop_highest
        | Rule::drop_lowest
        | Rule::count_successes
        | Rule::count_failures
        | Rule::deduct_failures
        | Rule::compound
        | Rule::explode_once
        | Rule::explode
        | Rule::reroll_repeat
        | Rule::reroll_once
        | Rule::clamp_minimum
        | Rule::clamp_maximum => "a modifier such as `kh3`, `x` or `cs>=6`",
    }
}

/// Which phase a modifier belongs to: generate (0), select (1), count (2).
fn phase(rule: Rule) -> u8 {
    match rule {
        Rule::keep_highest | Rule::keep_lowest | Rule::drop_highest | Rule::drop_lowest => 1,
        Rule::count_successes | Rule::count_failures | Rule::deduct_failures => 2,
        _ => 0,
    }
}

/// Largest group offset or clamp value: keeps every die value, and every sum of the
/// dice of an expression, far inside i64.
const MAX_DIE_ADJUSTMENT: i64 = 1_000_000_000_000;

fn adjustment_too_large(span: Range<usize>) -> DiceError {
    DiceErrorKind::AdjustmentTooLarge { limit: MAX_DIE_ADJUSTMENT }.at(span)
}

struct Lowering {
    term_count: usize,
    dice_total: u64,
    /// The named rolls defined so far: name, where it was named, whether it was read.
    names: Vec<(String, Range<usize>, bool)>,
}

/// The functions, which no roll may be named after.
const FUNCTION_NAMES: [&str; 7] = ["floor", "ceil", "round", "abs", "min", "max", "if"];

/// What `name` would read as if it named a roll, when that is not a name.
fn reserved(name: &str) -> Option<&'static str> {
    if FUNCTION_NAMES.contains(&name) {
        return Some("a function");
    }
    let mut characters = name.chars();
    let dice_like = characters.next() == Some('d')
        && characters.next().is_some_and(|c| c.is_ascii_digit() || c == 'F');
    dice_like.then_some("a dice term")
}

fn span_of(pair: &Pair<'_, Rule>) -> Range<usize> {
    pair.as_span().start()..pair.as_span().end()
}

fn integer(pair: &Pair<'_, Rule>) -> Result<i64, DiceError> {
    pair.as_str().parse::<i64>().map_err(|_| {
        DiceErrorKind::IntegerTooLarge { text: pair.as_str().to_string() }.at(span_of(pair))
    })
}

impl Lowering {
    fn expression(
        &mut self,
        pair: Pair<'_, Rule>,
    ) -> Result<(Vec<DiceBinding>, DiceNode), DiceError> {
        let mut bindings = Vec::new();
        let mut root = None;
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::binding => bindings.push(self.binding(inner)?),
                Rule::comparison => root = Some(self.comparison(inner)?),
                _ => {}
            }
        }
        if let Some((name, span, _)) = self.names.iter().find(|(_, _, read)| !read) {
            return Err(DiceErrorKind::UnusedName { name: name.clone() }.at(span.clone()));
        }
        Ok((bindings, root.expect("grammar: expression ends with a comparison")))
    }

    /// `r = 1d20;`: the value is lowered before the name exists, so it cannot read itself.
    fn binding(&mut self, pair: Pair<'_, Rule>) -> Result<DiceBinding, DiceError> {
        let mut inner = pair.into_inner();
        let name_pair = inner.next().expect("grammar: binding starts with a name");
        let (name, name_span) = (name_pair.as_str().to_string(), span_of(&name_pair));
        if let Some(reads_as) = reserved(&name) {
            return Err(DiceErrorKind::ReservedName { name, reads_as }.at(name_span));
        }
        if self.names.iter().any(|(known, ..)| *known == name) {
            return Err(DiceErrorKind::DuplicateName { name }.at(name_span));
        }
        let value =
            inner.find(|p| p.as_rule() == Rule::comparison).expect("grammar: binding has a value");
        let value = self.comparison(value)?;
        self.names.push((name.clone(), name_span.clone(), false));
        Ok(DiceBinding { name, value, name_span })
    }

    /// A sum, or two sums compared; a second comparison is refused.
    fn comparison(&mut self, pair: Pair<'_, Rule>) -> Result<DiceNode, DiceError> {
        let mut inner = pair.into_inner();
        let left = self.sum(inner.next().expect("grammar: comparison starts with a sum"))?;
        let Some(operator) = inner.next() else { return Ok(left) };
        let right = self.sum(inner.next().expect("grammar: comparison has a right side"))?;
        if let Some(second) = inner.next() {
            return Err(DiceErrorKind::ChainedComparison.at(span_of(&second)));
        }
        let operator = match operator.as_str() {
            ">=" => CompareOperator::GreaterOrEqual,
            "<=" => CompareOperator::LessOrEqual,
            "==" => CompareOperator::Equal,
            "!=" => CompareOperator::NotEqual,
            ">" => CompareOperator::Greater,
            _ => CompareOperator::Less,
        };
        let span = left.span().start..right.span().end;
        Ok(DiceNode::Compare { operator, left: Box::new(left), right: Box::new(right), span })
    }

    /// A name read again: the binding it names, marked as read.
    fn reference(&mut self, pair: Pair<'_, Rule>) -> Result<DiceNode, DiceError> {
        let (name, span) = (pair.as_str().to_string(), span_of(&pair));
        match self.names.iter().position(|(known, ..)| *known == name) {
            Some(binding) => {
                self.names[binding].2 = true;
                Ok(DiceNode::Reference { binding, name, span })
            }
            None => {
                let known = self.names.iter().map(|(known, ..)| known.as_str());
                let suggestion = crate::diagnostics::did_you_mean(&name, known).map(str::to_string);
                Err(DiceErrorKind::UnknownName { name, suggestion }.at(span))
            }
        }
    }

    fn sum(&mut self, pair: Pair<'_, Rule>) -> Result<DiceNode, DiceError> {
        self.binary(pair, Self::product)
    }

    fn product(&mut self, pair: Pair<'_, Rule>) -> Result<DiceNode, DiceError> {
        self.binary(pair, Self::factor)
    }

    /// A left-associative chain `operand (operator operand)*`.
    fn binary(
        &mut self,
        pair: Pair<'_, Rule>,
        operand: fn(&mut Self, Pair<'_, Rule>) -> Result<DiceNode, DiceError>,
    ) -> Result<DiceNode, DiceError> {
        let mut inner = pair.into_inner();
        let mut left = operand(self, inner.next().expect("grammar: chain starts with operand"))?;
        while let Some(operator_pair) = inner.next() {
            let operator = match operator_pair.as_str() {
                "+" => BinaryOperator::Add,
                "-" => BinaryOperator::Subtract,
                "*" => BinaryOperator::Multiply,
                _ => BinaryOperator::Divide,
            };
            let right = operand(self, inner.next().expect("grammar: operator has operand"))?;
            let span = left.span().start..right.span().end;
            left = DiceNode::Binary {
                operator,
                left: Box::new(left),
                right: Box::new(right),
                operator_span: span_of(&operator_pair),
                span,
            };
        }
        Ok(left)
    }

    fn factor(&mut self, pair: Pair<'_, Rule>) -> Result<DiceNode, DiceError> {
        let span = span_of(&pair);
        let mut negations = 0usize;
        let mut result = None;
        for inner in pair.into_inner() {
            match inner.as_rule() {
                Rule::negation => negations += 1,
                _ => result = Some(self.operand(inner)?),
            }
        }
        let operand = result.expect("grammar: factor has an operand");
        // Two minus signs cancel; folding them keeps the tree shallow for `------1`.
        if negations % 2 == 1 {
            Ok(DiceNode::Negate { operand: Box::new(operand), span })
        } else {
            Ok(operand)
        }
    }

    fn operand(&mut self, pair: Pair<'_, Rule>) -> Result<DiceNode, DiceError> {
        match pair.as_rule() {
            Rule::integer => Ok(DiceNode::Integer { value: integer(&pair)?, span: span_of(&pair) }),
            Rule::parenthesized => {
                self.comparison(pair.into_inner().next().expect("grammar: parentheses hold a sum"))
            }
            Rule::reference => {
                self.reference(pair.into_inner().next().expect("grammar: a reference is a name"))
            }
            Rule::function_call => self.call(pair),
            Rule::dice => {
                let span = span_of(&pair);
                Ok(DiceNode::Dice(Box::new(self.dice(pair, None, span)?)))
            }
            Rule::group => self.group(pair),
            rule => unreachable!("grammar: {rule:?} is not an operand"),
        }
    }

    fn call(&mut self, pair: Pair<'_, Rule>) -> Result<DiceNode, DiceError> {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let name = inner.next().expect("grammar: call has a name");
        let function = match name.as_str() {
            "floor" => Function::Floor,
            "ceil" => Function::Ceil,
            "round" => Function::Round,
            "abs" => Function::Abs,
            "min" => Function::Min,
            "max" => Function::Max,
            _ => Function::If,
        };
        let arguments = inner
            .filter(|argument| argument.as_rule() == Rule::comparison)
            .map(|argument| self.comparison(argument))
            .collect::<Result<Vec<_>, _>>()?;
        let (fits, expected) = match function {
            Function::Min | Function::Max => (arguments.len() >= 2, "two or more arguments"),
            Function::If => (arguments.len() == 3, "three arguments"),
            _ => (arguments.len() == 1, "one argument"),
        };
        if !fits {
            let kind = DiceErrorKind::WrongArgumentCount {
                function: function.name(),
                expected,
                found: arguments.len(),
            };
            return Err(kind.at(span));
        }
        Ok(DiceNode::Call { function, arguments, span })
    }

    fn group(&mut self, pair: Pair<'_, Rule>) -> Result<DiceNode, DiceError> {
        let span = span_of(&pair);
        let mut dice = Vec::new();
        let mut offsets = Vec::new();
        let mut modifiers = Vec::new();
        for part in pair.into_inner() {
            match part.as_rule() {
                Rule::dice => dice.push(part),
                Rule::group_offset => offsets.push(part),
                Rule::group_modifiers => modifiers.extend(part.into_inner()),
                _ => {}
            }
        }
        if dice.len() > 1 {
            if let Some(offset) = offsets.first() {
                return Err(DiceErrorKind::PoolOffset.at(span_of(offset)));
            }
            return self.pool(dice, modifiers, span);
        }
        let mut offset = 0i64;
        for part in offsets {
            let mut pieces = part.clone().into_inner();
            let sign = pieces.next().expect("grammar: offset sign").as_str();
            let amount = integer(&pieces.next().expect("grammar: offset amount"))?;
            let signed = if sign == "-" { amount.checked_neg() } else { Some(amount) };
            offset = signed
                .and_then(|value| offset.checked_add(value))
                .filter(|total| total.abs() <= MAX_DIE_ADJUSTMENT)
                .ok_or_else(|| adjustment_too_large(span_of(&part)))?;
        }
        let only = dice.pop().expect("grammar: group holds a dice term");
        let mut term = self.dice(only, Some(modifiers), span)?;
        term.group_offset = Some(offset);
        Ok(DiceNode::Dice(Box::new(term)))
    }

    /// `{4d6, 2d8}kh3`: each term keeps its generate modifiers; keep/drop and count come
    /// after the brace and apply to every die.
    fn pool(
        &mut self,
        dice: Vec<Pair<'_, Rule>>,
        modifiers: Vec<Pair<'_, Rule>>,
        span: Range<usize>,
    ) -> Result<DiceNode, DiceError> {
        let misplaced = |modifier: &Pair<'_, Rule>, problem: &'static str| {
            let kind =
                DiceErrorKind::PoolModifier { modifier: modifier.as_str().to_string(), problem };
            Err(kind.at(span_of(modifier)))
        };
        let mut terms = Vec::with_capacity(dice.len());
        for pair in dice {
            let inside = pair.clone().into_inner().find(|p| phase(p.as_rule()) > 0);
            if let Some(modifier) = inside {
                return misplaced(&modifier, "applies to the whole pool: write it after the brace");
            }
            let term_span = span_of(&pair);
            terms.push(self.dice(pair, None, term_span)?);
        }
        // The pool's own modifiers are lowered on a stand-in term holding every die, so the
        // checks of a single term (order, duplicates, keeping more than rolled) apply.
        let count: u32 = terms.iter().map(|term| term.count).sum();
        let mut whole = DiceTerm { count, ..terms[0].clone() };
        (whole.select, whole.successes, whole.failures, whole.deductions) =
            (None, None, None, None);
        let mut latest: Option<(u8, &str)> = None;
        for modifier in &modifiers {
            if phase(modifier.as_rule()) == 0 {
                return misplaced(modifier, "applies to each term: write it on the terms inside");
            }
            check_order(&mut latest, modifier)?;
            apply_modifier(&mut whole, modifier)?;
        }
        Ok(DiceNode::Pool(Box::new(DicePool {
            terms,
            select: whole.select,
            successes: whole.successes,
            failures: whole.failures,
            deductions: whole.deductions,
            span,
        })))
    }

    /// Lowers `NdX` and its modifiers; a group passes the modifiers after its brace.
    fn dice(
        &mut self,
        pair: Pair<'_, Rule>,
        outer_modifiers: Option<Vec<Pair<'_, Rule>>>,
        span: Range<usize>,
    ) -> Result<DiceTerm, DiceError> {
        let mut inner = pair.into_inner().peekable();
        let count_pair = inner.next_if(|p| p.as_rule() == Rule::dice_count);
        let sides_pair = inner.next().expect("grammar: dice term has sides");
        let count = match &count_pair {
            Some(pair) => pair.as_str().parse::<u64>().unwrap_or(u64::MAX),
            None => 1,
        };
        let count_span = count_pair.as_ref().map_or(span.start..span.start + 1, span_of);
        let (sides, percent, faces) = match sides_pair.as_rule() {
            Rule::fudge => (3, false, Some(vec![-1, 0, 1])),
            Rule::custom_faces => {
                let faces = custom_faces(sides_pair.clone())?;
                (faces.len() as u64, false, Some(faces))
            }
            _ => match sides_pair.as_str() {
                "%" => (100, true, None),
                digits => (digits.parse::<u64>().unwrap_or(u64::MAX), false, None),
            },
        };
        let fudge = sides_pair.as_rule() == Rule::fudge;
        if count == 0 || sides == 0 {
            let at = if count == 0 { count_span } else { span_of(&sides_pair) };
            return Err(DiceErrorKind::EmptyDice.at(at));
        }
        if count > MAX_DICE_PER_TERM {
            let kind = DiceErrorKind::TooManyDice { count, limit: MAX_DICE_PER_TERM };
            return Err(kind.at(count_span));
        }
        if sides > MAX_SIDES {
            let kind = DiceErrorKind::TooManySides { sides, limit: MAX_SIDES };
            return Err(kind.at(span_of(&sides_pair)));
        }
        self.dice_total += count;
        if self.dice_total > MAX_DICE_PER_EXPRESSION {
            let kind = DiceErrorKind::TooManyDiceInExpression { limit: MAX_DICE_PER_EXPRESSION };
            return Err(kind.at(span.clone()));
        }
        let mut term = DiceTerm {
            count: count as u32,
            sides: sides as u32,
            percent,
            fudge,
            faces,
            group_offset: None,
            explode: None,
            reroll: None,
            minimum: None,
            maximum: None,
            select: None,
            successes: None,
            failures: None,
            deductions: None,
            index: self.term_count,
            span,
        };
        self.term_count += 1;
        let modifiers: Vec<Pair<'_, Rule>> =
            inner.chain(outer_modifiers.into_iter().flatten()).collect();
        let mut latest: Option<(u8, &str)> = None;
        let mut explode_span = None;
        let mut reroll_span = None;
        for modifier in &modifiers {
            let rule = modifier.as_rule();
            check_order(&mut latest, modifier)?;
            apply_modifier(&mut term, modifier)?;
            match rule {
                Rule::explode | Rule::explode_once | Rule::compound => {
                    explode_span = Some(span_of(modifier));
                }
                Rule::reroll_once | Rule::reroll_repeat => reroll_span = Some(span_of(modifier)),
                _ => {}
            }
        }
        check_termination(&term, explode_span, reroll_span)?;
        Ok(term)
    }
}

/// Refuses a modifier written after one of a later phase; `latest` is the latest phase seen
/// and the modifier that opened it.
fn check_order<'i>(
    latest: &mut Option<(u8, &'i str)>,
    modifier: &Pair<'i, Rule>,
) -> Result<(), DiceError> {
    let rule = modifier.as_rule();
    if let Some((latest_phase, latest_text)) = *latest
        && phase(rule) < latest_phase
    {
        let kind = DiceErrorKind::ModifierOrder {
            modifier: modifier.as_str().to_string(),
            previous: latest_text.to_string(),
        };
        return Err(kind.at(span_of(modifier)));
    }
    if latest.is_none_or(|(latest_phase, _)| phase(rule) > latest_phase) {
        *latest = Some((phase(rule), modifier.as_str()));
    }
    Ok(())
}

/// The faces of `d{1,1,2,3}`, each within the safe range.
fn custom_faces(pair: Pair<'_, Rule>) -> Result<Vec<i64>, DiceError> {
    pair.into_inner()
        .filter(|part| part.as_rule() == Rule::signed_integer)
        .map(|part| {
            let value = integer(&part)?;
            if value.abs() > MAX_DIE_ADJUSTMENT {
                return Err(
                    DiceErrorKind::FaceTooLarge { limit: MAX_DIE_ADJUSTMENT }.at(span_of(&part))
                );
            }
            Ok(value)
        })
        .collect()
}

/// Rejects explosions and repeated rerolls that every reachable face triggers, and
/// explosions and rerolls that no face triggers.
fn check_termination(
    term: &DiceTerm,
    explode_span: Option<Range<usize>>,
    reroll_span: Option<Range<usize>>,
) -> Result<(), DiceError> {
    let die = term.die();
    let reroll = term.rerolling();
    let rerolled_forever = |face: i64| {
        reroll.is_some_and(|(kind, point)| kind == RerollKind::Repeat && point.matches(face))
    };
    if let (Some(span), Some((kind, point))) = (&reroll_span, reroll) {
        if !term.face_values().any(|face| point.matches(face)) {
            let point = point.to_string();
            return Err(DiceErrorKind::NeverRerolls { die, point }.at(span.clone()));
        }
        if kind == RerollKind::Repeat && term.face_values().all(rerolled_forever) {
            return Err(DiceErrorKind::AlwaysRerolls { die }.at(span.clone()));
        }
    }
    if let (Some(span), Some((kind, point))) = (explode_span, term.explosion()) {
        let reachable: Vec<i64> =
            term.face_values().filter(|&face| !rerolled_forever(face)).collect();
        if !reachable.iter().any(|&face| point.matches(face)) {
            let point = point.to_string();
            return Err(DiceErrorKind::NeverExplodes { die, point }.at(span));
        }
        if kind != ExplodeKind::Once && reachable.iter().all(|&face| point.matches(face)) {
            return Err(DiceErrorKind::AlwaysExplodes { die }.at(span));
        }
    }
    Ok(())
}

fn compare_point(pair: Option<Pair<'_, Rule>>) -> Result<Option<ComparePoint>, DiceError> {
    let Some(pair) = pair else { return Ok(None) };
    let mut operator = CompareOperator::Equal;
    let mut value = 0;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::compare_operator => {
                operator = match part.as_str() {
                    ">=" => CompareOperator::GreaterOrEqual,
                    "<=" => CompareOperator::LessOrEqual,
                    ">" => CompareOperator::Greater,
                    "<" => CompareOperator::Less,
                    _ => CompareOperator::Equal,
                }
            }
            _ => value = integer(&part)?,
        }
    }
    Ok(Some(ComparePoint { operator, value }))
}

fn apply_modifier(term: &mut DiceTerm, modifier: &Pair<'_, Rule>) -> Result<(), DiceError> {
    let span = span_of(modifier);
    let rule = modifier.as_rule();
    let argument = modifier.clone().into_inner().next();
    let duplicate = |name: &'static str| {
        Err(DiceErrorKind::DuplicateModifier { modifier: name }.at(span.clone()))
    };
    match rule {
        Rule::keep_highest | Rule::keep_lowest | Rule::drop_highest | Rule::drop_lowest => {
            if term.select.is_some() {
                return duplicate("keep/drop");
            }
            let amount = match &argument {
                Some(pair) => pair.as_str().parse::<u64>().unwrap_or(u64::MAX),
                None => 1,
            };
            let (kind, action) = match rule {
                Rule::keep_highest => (SelectKind::KeepHighest, "keep"),
                Rule::keep_lowest => (SelectKind::KeepLowest, "keep"),
                Rule::drop_highest => (SelectKind::DropHighest, "drop"),
                _ => (SelectKind::DropLowest, "drop"),
            };
            if amount > u64::from(term.count) {
                let kind =
                    DiceErrorKind::SelectTooMany { action, amount, count: u64::from(term.count) };
                return Err(kind.at(span));
            }
            term.select = Some(Select { kind, amount: amount as u32 });
        }
        Rule::explode | Rule::explode_once | Rule::compound => {
            if term.explode.is_some() {
                return duplicate("explode");
            }
            let kind = match rule {
                Rule::explode => ExplodeKind::Repeat,
                Rule::explode_once => ExplodeKind::Once,
                _ => ExplodeKind::Compound,
            };
            term.explode = Some((kind, compare_point(argument)?));
        }
        Rule::reroll_once | Rule::reroll_repeat => {
            if term.reroll.is_some() {
                return duplicate("reroll");
            }
            let kind =
                if rule == Rule::reroll_once { RerollKind::Once } else { RerollKind::Repeat };
            term.reroll = Some((kind, compare_point(argument)?));
        }
        Rule::clamp_minimum | Rule::clamp_maximum => {
            let argument = argument.expect("grammar: clamp has a value");
            let value = integer(&argument)?;
            if value.abs() > MAX_DIE_ADJUSTMENT {
                return Err(adjustment_too_large(span_of(&argument)));
            }
            let slot =
                if rule == Rule::clamp_minimum { &mut term.minimum } else { &mut term.maximum };
            if slot.is_some() {
                return duplicate(if rule == Rule::clamp_minimum { "min" } else { "max" });
            }
            *slot = Some(value);
        }
        _ => {
            let (slot, name) = match rule {
                Rule::count_successes => (&mut term.successes, "cs"),
                Rule::count_failures => (&mut term.failures, "cf"),
                _ => (&mut term.deductions, "df"),
            };
            if slot.is_some() {
                return duplicate(name);
            }
            *slot = compare_point(argument)?;
        }
    }
    Ok(())
}
