//! Lowering one notation line of a block, by block kind: the label picks the line variant
//! (`Result 2` -> `PowerLine::Result` with grade 2), the text is lowered by the matching
//! sub-language. A label a block kind does not have is reported with the labels it does.

use super::error::ParseErrorKind;
use super::grammar::Rule;
use super::text::Lowerer;
use crate::diagnostics::{Span, Spanned, did_you_mean};
use crate::model::common::Assignment;
use crate::model::labels::{Labels, PowerLabel, TraitLabel};
use crate::model::power::{GradeGate, Selector};
use crate::model::system::{GradeLabel, TemplatePart};
use crate::model::{Amount, BlockBody, BlockKind, DiceTemplate, Name, PowerLine, TraitLine};

/// A notation line before lowering: label, optional grade, text and where they are.
pub struct RawLine<'a> {
    /// The label without the grade: `Result`, `Ruling grade cap`.
    pub label: &'a str,
    /// Where the label is.
    pub label_span: Span,
    /// `2` in `Result 2:`.
    pub grade: Option<Spanned<u32>>,
    /// The text after the colon, trimmed.
    pub text: &'a str,
    /// The file offset of `text`.
    pub base: usize,
    /// The whole line.
    pub span: Span,
}

/// Whether `label` is a system's `When <Resource> reaches` (its `0` reads as a grade).
fn is_reaches(label: &str) -> bool {
    let lower = label.to_ascii_lowercase();
    lower.starts_with("when ") && lower.ends_with(" reaches")
}

/// An empty body for `kind`.
pub fn empty_body(kind: BlockKind) -> BlockBody {
    match kind {
        BlockKind::System => BlockBody::System(Vec::new()),
        BlockKind::Power => BlockBody::Power(Vec::new()),
        BlockKind::Trait(_) => BlockBody::Trait(Vec::new()),
        BlockKind::Condition => BlockBody::Condition(Vec::new()),
        BlockKind::Actor => BlockBody::Actor(Vec::new()),
        BlockKind::Weapon => BlockBody::Weapon(Vec::new()),
        BlockKind::Armour => BlockBody::Armour(Vec::new()),
        BlockKind::Check => BlockBody::Check(Vec::new()),
    }
}

/// `Some(None)`: a known label whose text was wrong (already reported); `None`: unknown label.
pub(super) type Lowered<T> = Option<Option<T>>;

impl Lowerer {
    /// Lowers `line` into `body`, reporting a label the block kind does not have.
    pub fn line(&mut self, kind: BlockKind, body: &mut BlockBody, line: &RawLine<'_>) {
        fn push<T>(lines: &mut Vec<Spanned<T>>, lowered: Lowered<T>, span: Span) -> bool {
            match lowered {
                Some(Some(line)) => {
                    lines.push(Spanned::new(line, span));
                    true
                }
                Some(None) => true,
                None => false,
            }
        }
        let span = line.span;
        let known = match body {
            BlockBody::Power(lines) => push(lines, self.power_line(line), span),
            BlockBody::Trait(lines) => push(lines, self.trait_line(line), span),
            BlockBody::System(lines) => push(lines, self.system_line(line), span),
            BlockBody::Condition(lines) => push(lines, self.condition_line(line), span),
            BlockBody::Actor(lines) => push(lines, self.actor_line(line), span),
            BlockBody::Weapon(lines) => push(lines, self.weapon_line(line), span),
            BlockBody::Armour(lines) => push(lines, self.armour_line(line), span),
            BlockBody::Check(lines) => push(lines, self.procedure_line(line), span),
        };
        if !known {
            self.unknown_line(kind, line);
        } else if let Some(grade) = &line.grade
            && !matches!(line.label.to_ascii_lowercase().as_str(), "result" | "effect")
            && !is_reaches(line.label)
        {
            self.diagnostics.push(
                ParseErrorKind::GradeNotAllowed { label: line.label.to_string() }
                    .at(grade.span)
                    .to_diagnostic(),
            );
        }
    }

    fn unknown_line(&mut self, kind: BlockKind, line: &RawLine<'_>) {
        let labels = kind.labels();
        let label = match &line.grade {
            Some(grade) => format!("{} {}", line.label, grade.node),
            None => line.label.to_string(),
        };
        let diagnostic = ParseErrorKind::LineNotAllowed { label, kind: kind.to_string() }
            .at(line.label_span)
            .to_diagnostic();
        // `Layerd Body`: the label is misspelt, the name after it is not.
        let suggestion =
            did_you_mean(line.label, kind.label_spellings()).map(str::to_string).or_else(|| {
                let (head, name) = line.label.split_once(' ')?;
                let fixed = did_you_mean(head, kind.label_spellings())?;
                Some(format!("{fixed} {name}"))
            });
        let help = match suggestion {
            Some(suggestion) => {
                let a = crate::diagnostics::article(&kind.to_string());
                format!("did you mean `{suggestion}`? {a} {kind} block has {}", labels.join(", "))
            }
            None => {
                let a = crate::diagnostics::article(&kind.to_string());
                format!("{a} {kind} block has {}", labels.join(", "))
            }
        };
        self.diagnostics.push(diagnostic.with_help(help));
    }

    pub(super) fn expected(&mut self, line: &RawLine<'_>, what: &str) {
        let span = self.span_at(line.base, 0..line.text.len());
        self.diagnostics.push(
            ParseErrorKind::UnreadableLine {
                label: line.label.to_string(),
                expected: what.to_string(),
            }
            .at(span)
            .to_diagnostic(),
        );
    }

    /// The whole text as one amount: `3`, `-2`, `1d8`, `[Tier + 1]`.
    pub(super) fn amount_line(&mut self, line: &RawLine<'_>) -> Option<(bool, Amount)> {
        let Some(mut nodes) = self.try_parse(Rule::amount_input, line.text) else {
            self.bracket_errors(line);
            self.expected(line, "an amount such as `2`, `2d6` or `[Tier + 1]`");
            return None;
        };
        self.amount(nodes.remove(0), line.base)
    }

    /// A `Defence:` line's arc, `text` at byte `base` of the file, as an amount; reported
    /// when it is none.
    pub(super) fn arc_amount(&mut self, text: &str, base: usize) -> Option<Amount> {
        let Some(mut nodes) = self.try_parse(Rule::amount_input, text) else {
            self.narration(text, base);
            let span = crate::diagnostics::Span::new(self.file, base..base + text.len());
            self.diagnostics.push(
                ParseErrorKind::UnreadableLine {
                    label: "Defence".into(),
                    expected: "an arc in degrees such as `120` or `[Armour Facing]`".into(),
                }
                .at(span)
                .to_diagnostic(),
            );
            return None;
        };
        self.plain_amount(nodes.remove(0), base)
    }

    /// The whole text as an amount, wrapped by `make`: `Reach: 1` -> `WeaponLine::Reach`.
    pub(super) fn amount_as<L>(&mut self, line: &RawLine<'_>, make: fn(Amount) -> L) -> Option<L> {
        self.required_amount(line).map(make)
    }

    pub(super) fn required_amount(&mut self, line: &RawLine<'_>) -> Option<Amount> {
        self.amount_line(line).map(|(_, amount)| amount)
    }

    /// Reports malformed bracket expressions in text that failed a sub-language.
    pub(super) fn bracket_errors(&mut self, line: &RawLine<'_>) {
        // Only the expression errors matter here; the narration itself is not kept.
        self.narration(line.text, line.base);
    }

    /// A bracketed or bare expression: `[Target's Defense]`, `Target's Defense`, `12`.
    pub(super) fn bare_expression(
        &mut self,
        line: &RawLine<'_>,
    ) -> Option<Spanned<crate::model::Expr>> {
        let text = line.text;
        if text.starts_with('[')
            && super::brackets::matching_bracket(text, 0) == Some(text.len() - 1)
        {
            return self.expression(&text[1..text.len() - 1], line.base + 1);
        }
        self.expression(text, line.base)
    }

    /// A defence's `Modifiers:` line: entries `-4 vs Weapon`, `+[Weapon's Fast Block] vs
    /// Fast`, separated by commas outside brackets.
    pub(super) fn attack_modifiers(
        &mut self,
        line: &RawLine<'_>,
    ) -> Option<Vec<Spanned<crate::model::defence::AttackModifier>>> {
        use crate::model::defence::AttackModifier;
        let mut entries = Vec::new();
        for (start, entry) in super::brackets::split_outside_brackets(line.text, ',') {
            let base = line.base + start;
            let span = |range: std::ops::Range<usize>| self.span_at(base, range);
            let Some((amount, offset, gate)) = AttackModifier::split(entry, span) else {
                self.expected(
                    line,
                    "modifiers by the attack's keywords: `-4 vs Weapon, +[Weapon's Fast Block] \
                     vs Fast`",
                );
                return None;
            };
            let at = base + offset;
            let amount = if amount.starts_with('[')
                && super::brackets::matching_bracket(amount, 0) == Some(amount.len() - 1)
            {
                self.expression(&amount[1..amount.len() - 1], at + 1)?
            } else {
                self.expression(amount, at)?
            };
            let whole = self.span_at(base, 0..entry.trim_end().len());
            entries.push(Spanned::new(AttackModifier { amount, gate }, whole));
        }
        Some(entries)
    }

    /// `Weapons: each` or `Weapons: each Melee` (one keyword): the keyword, if any.
    pub(super) fn each_weapon(&mut self, line: &RawLine<'_>) -> Option<Option<Spanned<Name>>> {
        let text = line.text.trim_end();
        let head = text.get(..4).filter(|head| head.eq_ignore_ascii_case("each"));
        let rest = head.map(|head| &text[head.len()..]);
        match rest {
            Some("") => Some(None),
            Some(rest) if rest.starts_with(' ') => {
                let keyword = rest.trim();
                if keyword.contains(char::is_whitespace) || keyword.is_empty() {
                    self.expected(line, "`each` or `each` and one keyword: `each Melee`");
                    return None;
                }
                let start = text.len() - keyword.len();
                let span = self.span_at(line.base, start..text.len());
                Some(Some(Spanned::new(Name::new(keyword), span)))
            }
            _ => {
                self.expected(line, "`each` or `each` and one keyword: `each Melee`");
                None
            }
        }
    }

    pub(super) fn names(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<Name>>> {
        let Some(nodes) = self.try_parse(Rule::name_list_input, line.text) else {
            self.expected(line, "a list of names such as `Aim, Damage, Defense`");
            return None;
        };
        let names = nodes
            .into_iter()
            .filter_map(|item| item.into_inner().next())
            .map(|item| {
                Spanned::new(
                    Name::new(item.as_str().trim_matches(['[', ']'])),
                    self.span(&item, line.base),
                )
            })
            .collect();
        Some(names)
    }

    /// Exactly one name (`Side: foes`).
    pub(super) fn one_name(&mut self, line: &RawLine<'_>) -> Option<Spanned<Name>> {
        match self.try_parse(Rule::name_list_input, line.text).as_deref() {
            Some([_]) => self.names(line)?.pop(),
            _ => {
                self.expected(line, "one name such as `foes`");
                None
            }
        }
    }

    pub(super) fn assignments(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<Assignment>>> {
        let Some(nodes) = self.try_parse(Rule::assignments_input, line.text) else {
            self.bracket_errors(line);
            self.expected(line, "named values such as `Strength 2, Finesse 1`");
            return None;
        };
        nodes.into_iter().map(|node| self.assignment(node, line.base)).collect()
    }

    pub(super) fn assignment(
        &mut self,
        node: super::text::Node<'_>,
        base: usize,
    ) -> Option<Spanned<Assignment>> {
        let span = self.span(&node, base);
        let mut inner = node.into_inner();
        let name = self.name(&inner.next()?, base);
        let (negative, value) = self.amount(inner.next()?, base)?;
        Some(Spanned::new(Assignment { name, negative, value }, span))
    }

    pub(super) fn grades(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<GradeLabel>>> {
        let Some(nodes) = self.try_parse(Rule::grades_input, line.text) else {
            self.expected(line, "grade labels such as `0 Fail, 1 Low, 2 Medium`");
            return None;
        };
        nodes
            .into_iter()
            .map(|node| {
                let span = self.span(&node, line.base);
                let mut inner = node.into_inner();
                let grade = inner.next()?.as_str().parse().ok()?;
                let label = self.name(&inner.next()?, line.base);
                Some(Spanned::new(GradeLabel { grade, label }, span))
            })
            .collect()
    }

    pub(super) fn dice_template(&mut self, line: &RawLine<'_>) -> Option<Spanned<DiceTemplate>> {
        let span = self.span_at(line.base, 0..line.text.len());
        let Some(nodes) = self.try_parse(Rule::dice_template_input, line.text) else {
            self.bracket_errors(line);
            self.expected(line, "dice with holes such as `[Tier + 2]d10`");
            return None;
        };
        let mut parts = Vec::new();
        for node in nodes {
            parts.push(match node.as_rule() {
                Rule::bracket => TemplatePart::Hole(self.expr(node, line.base)?),
                _ => TemplatePart::Text(node.as_str().to_string()),
            });
        }
        Some(Spanned::new(DiceTemplate::new(parts), span))
    }

    /// `Result =0:`, `Result <2:`, `Result Fail:`, `Result Critical:` or `Result if [...]:`: an
    /// exact, upper or named grade gate, the critical flag, or a condition.
    fn gated_result(&mut self, line: &RawLine<'_>) -> Option<PowerLine> {
        let rest = line.label["Result".len()..].trim_start();
        let offset = line.label.len() - rest.len();
        let start = line.label_span.start as usize + offset;
        let span = Span::new(line.label_span.file, start..start + rest.len());
        if let Some(condition) = rest.strip_prefix("if").filter(|c| c.starts_with([' ', '\t'])) {
            let test = condition.trim_start();
            let at = start + rest.len() - test.len();
            let before = self.diagnostics.len();
            let Some(when) = self.gate(test, at) else {
                // A bracket that does not parse has said why; other text is no test.
                if self.diagnostics.len() == before {
                    let found = rest.to_string();
                    self.diagnostics
                        .push(ParseErrorKind::GradeGate { found }.at(span).to_diagnostic());
                }
                return None;
            };
            let effects = self.effects(line.text, line.base);
            return Some(PowerLine::Result {
                grade: None,
                gate: GradeGate::If(Box::new(when)),
                effects,
            });
        }
        let (gate, number) = match rest.split_at(rest.len().min(1)) {
            ("=", digits) => (GradeGate::Exactly, digits),
            ("<", digits) => (GradeGate::Below, digits),
            _ if rest.eq_ignore_ascii_case("critical") => {
                let effects = self.effects(line.text, line.base);
                return Some(PowerLine::Result { grade: None, gate: GradeGate::Critical, effects });
            }
            _ if !rest.contains([' ', '\t']) => {
                let name = Spanned::new(Name::new(rest), span);
                let effects = self.effects(line.text, line.base);
                return Some(PowerLine::Result {
                    grade: None,
                    gate: GradeGate::Named(name),
                    effects,
                });
            }
            _ => {
                self.diagnostics.push(
                    ParseErrorKind::GradeGate { found: rest.to_string() }.at(span).to_diagnostic(),
                );
                return None;
            }
        };
        let grade = number.parse().ok().map(|grade| Spanned::new(grade, span));
        let effects = self.effects(line.text, line.base);
        Some(PowerLine::Result { grade, gate, effects })
    }

    pub(super) fn power_line(&mut self, line: &RawLine<'_>) -> Lowered<PowerLine> {
        let (text, base) = (line.text, line.base);
        let (label, gate) = PowerLabel::find(line.label)?;
        Some(Some(match label {
            PowerLabel::After => PowerLine::After(self.effects(text, base)),
            PowerLabel::Before => PowerLine::Before(self.effects(text, base)),
            PowerLabel::Check => return Some(self.check_spec(line).map(PowerLine::Check)),
            PowerLabel::Choose => return Some(self.choice(line).map(PowerLine::Choose)),
            PowerLabel::Cost => PowerLine::Cost(self.cost(text, base)),
            PowerLabel::Defence => {
                let file = self.file;
                let span = |range: std::ops::Range<usize>| {
                    crate::diagnostics::Span::new(file, base + range.start..base + range.end)
                };
                let reported = self.diagnostics.len();
                let amount = |inner: &str, at: usize| self.arc_amount(inner, base + at);
                match crate::model::defence::DefenceSpec::parse_with(text, span, amount) {
                    Some(defence) => PowerLine::Defence(defence),
                    // An arc that is no amount was reported where it was read.
                    None if self.diagnostics.len() > reported => return Some(None),
                    None => {
                        self.expected(line, "the attacks it counts against: `any`, `vs Melee` or `unless vs Ranged`, then optionally `, within 120 degrees of facing` and `, 2 per turn`");
                        return Some(None);
                    }
                }
            }
            PowerLabel::Penalty => return Some(self.bare_expression(line).map(PowerLine::Penalty)),
            PowerLabel::Weapons => return Some(self.each_weapon(line).map(PowerLine::EachWeapon)),
            PowerLabel::Modifiers => {
                return Some(self.attack_modifiers(line).map(PowerLine::Modifiers));
            }
            PowerLabel::Effect => {
                PowerLine::Effect { grade: line.grade.clone(), effects: self.effects(text, base) }
            }
            PowerLabel::Halt => PowerLine::Halt(self.requirement(text, base)),
            PowerLabel::Invest => return Some(self.required_amount(line).map(PowerLine::Invest)),
            PowerLabel::Ticks => return Some(self.required_amount(line).map(PowerLine::Ticks)),
            PowerLabel::Roll => return Some(self.required_amount(line).map(PowerLine::Roll)),
            PowerLabel::Keywords => PowerLine::Keywords(self.keywords(text, base)),
            PowerLabel::Limit => return Some(self.limit(line).map(PowerLine::Limit)),
            PowerLabel::Prereq => PowerLine::Prereq(self.requirement(text, base)),
            PowerLabel::Result if gate.is_some() => return Some(self.gated_result(line)),
            PowerLabel::Result => PowerLine::Result {
                grade: line.grade.clone(),
                gate: GradeGate::AtLeast,
                effects: self.effects(text, base),
            },
            PowerLabel::Sustain => PowerLine::Sustain(self.requirement(text, base)),
            PowerLabel::Target => PowerLine::Target(self.target(text, base)),
            PowerLabel::Threshold => {
                if let Some(gm) = self.gm_threshold(line) {
                    return Some(gm.map(PowerLine::GmThreshold));
                }
                return Some(self.bare_expression(line).map(PowerLine::Threshold));
            }
            PowerLabel::Trigger => PowerLine::Trigger(self.requirement(text, base)),
            PowerLabel::While => PowerLine::While(self.requirement(text, base)),
        }))
    }

    fn check_spec(&mut self, line: &RawLine<'_>) -> Option<crate::model::CheckSpec> {
        let Some(nodes) = self.try_parse(Rule::check_input, line.text) else {
            self.bare_expression(line)?;
            self.expected(line, "a check such as `[Attack + Strength]`");
            return None;
        };
        let mut nodes = nodes.into_iter();
        let modifier = self.expr(nodes.next()?, line.base)?;
        let mut procedure = None;
        let mut defence = None;
        let mut defended = false;
        let mut roller = crate::model::common::CheckRoller::User;
        for node in nodes {
            if node.as_rule() == Rule::check_defence {
                let inner = node.into_inner().next()?;
                if inner.as_rule() == Rule::check_chosen {
                    defended = true;
                } else {
                    defence = Some(self.expr(inner, line.base)?);
                }
            } else if node.as_rule() == Rule::check_roller {
                if node.as_str().trim_start_matches("by").trim().eq_ignore_ascii_case("target") {
                    roller = crate::model::common::CheckRoller::Target;
                }
            } else {
                procedure = Some(self.name(&node, line.base));
            }
        }
        Some(crate::model::CheckSpec { modifier, defence, defended, procedure, roller })
    }

    fn trait_line(&mut self, line: &RawLine<'_>) -> Lowered<TraitLine> {
        let (text, base) = (line.text, line.base);
        let (label, _) = TraitLabel::find(line.label)?;
        Some(Some(match label {
            TraitLabel::Add => self.add_line(line),
            TraitLabel::Cost => TraitLine::Cost(self.cost(text, base)),
            TraitLabel::Details => TraitLine::Details(self.narration(text, base)),
            TraitLabel::Creation => {
                let points =
                    text.trim().strip_suffix("points").or(text.trim().strip_suffix("point"));
                match points
                    .and_then(|n| n.trim().strip_prefix('+').unwrap_or(n.trim()).parse().ok())
                {
                    Some(points) => TraitLine::Creation(points),
                    None => {
                        self.expected(line, "the points added to the creation budget: `+2 points`");
                        return Some(None);
                    }
                }
            }
            TraitLabel::Choices => return Some(self.choices(line).map(TraitLine::Choices)),
            TraitLabel::Effect => TraitLine::Effect(self.effects(text, base)),
            TraitLabel::Group => {
                TraitLine::Group(Spanned::new(Name::new(text), self.span_at(base, 0..text.len())))
            }
            TraitLabel::Keywords => TraitLine::Keywords(self.keywords(text, base)),
            TraitLabel::Prereq => TraitLine::Prereq(self.requirement(text, base)),
            TraitLabel::Limit => return Some(self.limit(line).map(TraitLine::Limit)),
            TraitLabel::Replace => TraitLine::Replace(self.line_swap(line)),
            TraitLabel::Slots => return Some(self.required_amount(line).map(TraitLine::Slots)),
            TraitLabel::To => TraitLine::To(self.selector(line)),
            TraitLabel::Trigger => TraitLine::Trigger(self.requirement(text, base)),
            TraitLabel::While => TraitLine::While(self.requirement(text, base)),
            TraitLabel::With => TraitLine::With(self.line_swap(line)),
        }))
    }

    /// `Choices: Lunge or Parry; Feint or Riposte`: groups split at `;`, names at
    /// ` or `, each with its span; a group of fewer than two names does not read.
    #[allow(clippy::type_complexity)]
    fn choices(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<Vec<Spanned<Name>>>>> {
        let mut groups = Vec::new();
        let mut start = 0;
        for group in line.text.split(';') {
            let mut names = Vec::new();
            let mut at = start;
            for name in group.split(" or ") {
                let trimmed = name.trim();
                let offset = at + (name.len() - name.trim_start().len());
                if !trimmed.is_empty() {
                    let span = self.span_at(line.base, offset..offset + trimmed.len());
                    names.push(Spanned::new(Name::new(trimmed), span));
                }
                at += name.len() + " or ".len();
            }
            if names.len() < 2 {
                self.expected(
                    line,
                    "groups of two or more names joined by `or`, separated by `;`: `Choices: \
                     Lunge or Parry; Feint or Riposte`",
                );
                return None;
            }
            let trimmed = group.trim();
            let offset = start + (group.len() - group.trim_start().len());
            groups
                .push(Spanned::new(names, self.span_at(line.base, offset..offset + trimmed.len())));
            start += group.len() + 1;
        }
        Some(groups)
    }

    /// `Sound or Electricity Attacks` -> `Sound Attacks`, `Electricity Attacks`: a trailing
    /// noun after the last alternative is shared by one-word alternatives before it.
    fn selector(&mut self, line: &RawLine<'_>) -> Selector {
        let mut pieces: Vec<(usize, &str)> = Vec::new();
        for (start, piece) in split_words(line.text, &[" or ", ", "]) {
            let trimmed = piece.trim();
            if !trimmed.is_empty() {
                pieces.push((start + piece.find(trimmed).unwrap_or(0), trimmed));
            }
        }
        let shared = pieces
            .last()
            .and_then(|(_, last)| last.rsplit_once(' '))
            .map(|(_, noun)| noun.to_string());
        let count = pieces.len();
        let alternatives = pieces
            .into_iter()
            .enumerate()
            .map(|(index, (start, piece))| {
                let span = self.span_at(line.base, start..start + piece.len());
                let text = match &shared {
                    Some(noun) if index + 1 < count && !piece.contains(' ') => {
                        format!("{piece} {noun}")
                    }
                    _ => piece.to_string(),
                };
                Spanned::new(Name::new(&text), span)
            })
            .collect();
        Selector { alternatives }
    }
}

/// Splits `text` at any of `separators`, with each piece's start offset.
fn split_words<'a>(text: &'a str, separators: &[&str]) -> Vec<(usize, &'a str)> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut index = 0;
    while index < text.len() {
        if let Some(separator) =
            separators.iter().find(|separator| text[index..].starts_with(**separator))
        {
            pieces.push((start, &text[start..index]));
            index += separator.len();
            start = index;
        } else {
            index += text[index..].chars().next().map_or(1, char::len_utf8);
        }
    }
    pieces.push((start, &text[start..]));
    pieces
}
