//! Lowering the declaration lines of system, check, condition, actor, weapon and armour
//! blocks. Unlike power and trait lines, declarations must be fully typed: text outside
//! their small languages is an error, not narration.

use super::error::ParseErrorKind;
use super::grammar::Rule;
use super::lines::{Lowered, RawLine};
use super::text::Lowerer;
use crate::diagnostics::did_you_mean;
use crate::diagnostics::{Span, Spanned};
use crate::engine::Policy;
use crate::model::common::Assignment;
use crate::model::entity::TieBreak;
use crate::model::expr::{CompareOp, Rounding};
use crate::model::labels::{
    ActorLabel, ArmourLabel, ConditionLabel, Labels, ProcedureLabel, SystemLabel, WeaponLabel,
};
use crate::model::outcome::{CheckOutcomeKind, InitiativeMode};
use crate::model::steps::ChunkClass;
use crate::model::system::{CriticalRange, ModifierMode, PolicyDecision, ResourceRule, TieRule};
use crate::model::{
    ActorLine, Amount, ArmourLine, ConditionLine, Duration, Method, Modifier, Name, Number,
    ProcedureLine, Stacking, SystemLine, WeaponLine,
};

/// Splits a `Stats` group label `Fighting Specialities under Fighting` into the group and
/// the parent stat; a label without ` under ` has no parent.
fn split_under(label: Option<Spanned<Name>>) -> (Option<Spanned<Name>>, Option<Spanned<Name>>) {
    let Some(label) = label else { return (None, None) };
    let text = label.node.as_str();
    let Some(at) = text.to_ascii_lowercase().rfind(" under ") else { return (Some(label), None) };
    let (start, file) = (label.span.start as usize, label.span.file);
    let group = text[..at].trim_end();
    let parent = text[at + " under ".len()..].trim_start();
    let parent_start = start + text.len() - parent.len();
    let group = Spanned::new(Name::new(group), Span::new(file, start..start + group.len()));
    let parent =
        Spanned::new(Name::new(parent), Span::new(file, parent_start..parent_start + parent.len()));
    (Some(group), Some(parent))
}

impl Lowerer {
    /// A table's rows, `<7 -3, 7-8 -2, >8 +1`: each row a key (`<N`, `>N`, `N-M` or `N`) and
    /// a whole number; a row that is not one is an error at the row.
    fn table(&mut self, line: &RawLine<'_>) -> Option<crate::model::table::Table> {
        use crate::model::table::Table;
        let mut rows = Vec::new();
        for (start, item) in super::brackets::split_outside_brackets(line.text, ',') {
            let trimmed = item.trim();
            let offset = start + (item.len() - item.trim_start().len());
            let span = self.span_at(line.base, offset..offset + trimmed.len());
            match Table::parse_row(trimmed) {
                Some(row) => rows.push(Spanned::new(row, span)),
                None => {
                    let row =
                        RawLine { text: trimmed, base: line.base + offset, grade: None, ..*line };
                    self.expected(
                        &row,
                        "a row such as `7-8 -2`, `<7 -3`, `>20 +3` or `1 110`: the numbers it \
                         covers, then its value",
                    );
                    return None;
                }
            }
        }
        Some(Table { rows })
    }

    pub(super) fn system_line(&mut self, line: &RawLine<'_>) -> Lowered<SystemLine> {
        let (text, base) = (line.text, line.base);
        let (label, rest) = SystemLabel::find(line.label)?;
        // The name after a named label (`Resource HP`), spanned where it is written.
        let named = rest.map(|rest| {
            // `rest` is a slice of the label: its offset is where the name starts.
            let offset = rest.as_ptr() as usize - line.label.as_ptr() as usize;
            let start = line.label_span.start as usize + offset;
            Spanned::new(
                Name::new(rest),
                Span::new(line.label_span.file, start..start + rest.len()),
            )
        });
        let name = || named.clone().expect("a named label has its name");
        Some(match label {
            SystemLabel::Stats => self.names(line).map(|stats| {
                let (group, parent) = split_under(named.clone());
                SystemLine::Stats { group, parent, stats }
            }),
            SystemLabel::Resource => {
                self.resource_rules(line).map(|rules| SystemLine::Resource { name: name(), rules })
            }
            SystemLabel::Derived => {
                self.bare_expression(line).map(|value| SystemLine::Derived { name: name(), value })
            }
            SystemLabel::Status => {
                self.bare_expression(line).map(|when| SystemLine::Status { name: name(), when })
            }
            SystemLabel::Layered => match self.single_name(line) {
                Some(resource) => Some(SystemLine::Layered { name: name(), resource }),
                None => {
                    self.expected(line, "the pool's innermost resource, such as `Health`");
                    None
                }
            },
            SystemLabel::On => self.hook(line, name()),
            SystemLabel::Effects => {
                Some(SystemLine::Effects { name: name(), effects: self.effects(text, base) })
            }
            SystemLabel::At => self.at_count(line, name()),
            SystemLabel::Bounds => self.bounds(line).map(SystemLine::Bounds),
            SystemLabel::Clock => self.clock(line),
            SystemLabel::Grid => {
                let text = line.text.trim_end();
                let start = text.len() - text.trim_start().len();
                let span = self.span_at(line.base, start..text.len());
                Some(SystemLine::Grid(Spanned::new(text.trim_start().to_string(), span)))
            }
            SystemLabel::World => self.world_flags(line),
            SystemLabel::Creation => self.creation(line),
            SystemLabel::When => self.when_line(line, name()),
            SystemLabel::SideOrder => self.names(line).map(SystemLine::SideOrder),
            SystemLabel::ChallengeCounters => match self.names(line).as_deref() {
                Some([success, failure]) => Some(SystemLine::ChallengeCounters {
                    success: success.clone(),
                    failure: failure.clone(),
                }),
                Some(_) => {
                    self.expected(
                        line,
                        "two resources, the successes' then the failures': `Successes, Failures`",
                    );
                    None
                }
                None => None,
            },
            SystemLabel::Keyword => self.keyword_rule(line, name()),
            SystemLabel::Table => {
                self.table(line).map(|table| SystemLine::Table { name: name(), table })
            }
            SystemLabel::Ruling => {
                self.required_amount(line).map(|value| SystemLine::Ruling { name: name(), value })
            }
            SystemLabel::Default => self.amount_line(line).map(|(negative, value)| {
                SystemLine::Default(Assignment { name: name(), negative, value })
            }),
            SystemLabel::Grades => self.grades(line).map(SystemLine::Grades),
            SystemLabel::Rounding => match Rounding::parse(text) {
                Some(rounding) => Some(SystemLine::Rounding(rounding)),
                None => {
                    self.expected(line, "`floor`, `ceiling`, `nearest` or `truncate`");
                    None
                }
            },
            SystemLabel::Phases => self.names(line).map(SystemLine::Phases),
            SystemLabel::Functions => self.names(line).map(SystemLine::Functions),
            SystemLabel::PerTurn => self.per_turn(line, false),
            SystemLabel::PerChallengeTurn => self.per_turn(line, true),
            SystemLabel::StanceEnds => self.names(line).map(SystemLine::StanceEnds),
            SystemLabel::CheckTags => self.names(line).map(SystemLine::CheckTags),
            SystemLabel::WeaponFields => self.field_decls(line).map(|fields| {
                SystemLine::GearFields { kind: crate::model::gear::GearKind::Weapon, fields }
            }),
            SystemLabel::ArmourFields => self.field_decls(line).map(|fields| {
                SystemLine::GearFields { kind: crate::model::gear::GearKind::Armour, fields }
            }),
            SystemLabel::Record => {
                self.field_decls(line).map(|fields| SystemLine::Record { name: name(), fields })
            }
            SystemLabel::FallbackWeapon => match self.single_name(line) {
                Some(weapon) => Some(SystemLine::FallbackWeapon(weapon)),
                None => {
                    self.expected(line, "one weapon of the pack, such as `Fists`");
                    None
                }
            },
            SystemLabel::Segments => self.required_amount(line).map(SystemLine::Segments),
            SystemLabel::TurnOrder => self.dice_template(line).map(SystemLine::TurnOrder),
            SystemLabel::Initiative => match InitiativeMode::parse(text) {
                Some(mode) => Some(SystemLine::Initiative(mode)),
                None => {
                    self.expected(line, "`turns` or `ticks`");
                    None
                }
            },
            SystemLabel::ActionTicks => self.required_amount(line).map(SystemLine::ActionTicks),
            SystemLabel::DefaultCheck => Some(SystemLine::DefaultCheck(Spanned::new(
                Name::new(text),
                self.span_at(base, 0..text.len()),
            ))),
            SystemLabel::Details => Some(SystemLine::Details(self.narration(text, base))),
        })
    }

    /// `Creation: 8 points among Attributes, 0-4 each` (or `-1 to 4 each`).
    fn creation(&mut self, line: &RawLine<'_>) -> Option<SystemLine> {
        let text = line.text.trim_end();
        let parsed = (|| {
            let (points, rest) = text.split_once(" points among ")?;
            let (group, range) = rest.rsplit_once(", ")?;
            let range = range.strip_suffix(" each")?.trim();
            let (low, high) = match range.split_once(" to ") {
                Some(pair) => pair,
                None => range.split_once('-')?,
            };
            let (low, high): (i64, i64) = (low.trim().parse().ok()?, high.trim().parse().ok()?);
            let group = group.trim();
            (low <= high && !group.is_empty()).then_some(())?;
            Some((points.trim().parse::<i64>().ok()?, group, low, high))
        })();
        let Some((points, group, low, high)) = parsed else {
            self.expected(
                line,
                "the points and where they go: `8 points among Attributes, 0-4 each`",
            );
            return None;
        };
        let start = text.find(" points among ").unwrap_or(0) + " points among ".len();
        let span = self.span_at(line.base, start..start + group.len());
        let group = Spanned::new(Name::new(group), span);
        Some(SystemLine::Creation(crate::model::system::CreationBudget {
            points,
            group,
            low,
            high,
        }))
    }

    /// `World: Day or Night; Warm or Cold`: groups split at `;`, flags at ` or `, each a
    /// plain name spanned where it is written; a group of one flag is an error (one of a
    /// group always holds, so a lone flag could never change).
    fn world_flags(&mut self, line: &RawLine<'_>) -> Option<SystemLine> {
        let mut groups = Vec::new();
        let mut offset = 0;
        for group in line.text.split(';') {
            let mut flags = Vec::new();
            let mut at = offset;
            for flag in group.split(" or ") {
                let trimmed = flag.trim();
                let start = at + (flag.len() - flag.trim_start().len());
                at += flag.len() + " or ".len();
                let plain = !trimmed.is_empty()
                    && trimmed
                        .chars()
                        .all(|c| c.is_alphanumeric() || c == ' ' || c == '\'' || c == '-');
                if !plain {
                    let raw =
                        RawLine { text: trimmed, base: line.base + start, grade: None, ..*line };
                    self.expected(&raw, "a flag name such as `Night`");
                    return None;
                }
                let span = self.span_at(line.base, start..start + trimmed.len());
                flags.push(Spanned::new(Name::new(trimmed), span));
            }
            if flags.len() < 2 {
                let trimmed = group.trim();
                let start = offset + (group.len() - group.trim_start().len());
                let raw = RawLine { text: trimmed, base: line.base + start, grade: None, ..*line };
                self.expected(&raw, "two or more flags of which one holds: `Day or Night`");
                return None;
            }
            groups.push(flags);
            offset += group.len() + 1;
        }
        Some(SystemLine::World(groups))
    }

    /// A line whose whole text is one name (`Health`, `Purse`); `None` for an empty text or
    /// a list, bracket or rule list.
    fn single_name(&self, line: &RawLine<'_>) -> Option<Spanned<Name>> {
        let text = line.text;
        if text.trim().is_empty() || text.contains([',', '[', ']', ';']) {
            return None;
        }
        Some(Spanned::new(Name::new(text), self.span_at(line.base, 0..text.len())))
    }

    /// `At 6 Marks: effects`: the label's name is a count and a resource.
    fn at_count(&mut self, line: &RawLine<'_>, named: Spanned<Name>) -> Option<SystemLine> {
        let written = named.node.as_str();
        let parsed = written.split_once(' ').and_then(|(count, resource)| {
            let resource = resource.trim();
            count.parse::<i64>().ok().filter(|_| !resource.is_empty()).map(|c| (c, resource))
        });
        let Some((count, resource)) = parsed else {
            self.expected(line, "a count and a resource after `At`, such as `At 6 Marks:`");
            return None;
        };
        let start = named.span.end as usize - resource.len();
        let span = Span::new(named.span.file, start..named.span.end as usize);
        let resource = Spanned::new(Name::new(resource), span);
        let effects = self.effects(line.text, line.base);
        Some(SystemLine::At { count, resource, effects })
    }

    /// `Clock: 6 periods of 4 ticks` (sizes of at least 1).
    fn clock(&mut self, line: &RawLine<'_>) -> Option<SystemLine> {
        let words: Vec<&str> = line.text.split_whitespace().collect();
        let size = |word: &str| word.parse::<u32>().ok().filter(|n| *n >= 1);
        let parsed = match words.as_slice() {
            [periods, p, "of", ticks, t]
                if p.eq_ignore_ascii_case("periods") && t.eq_ignore_ascii_case("ticks") =>
            {
                size(periods).zip(size(ticks))
            }
            _ => None,
        };
        let Some((periods, ticks)) = parsed else {
            self.expected(
                line,
                "the clock's sizes, such as `6 periods of 4 ticks` (each at least 1)",
            );
            return None;
        };
        Some(SystemLine::Clock { periods, ticks })
    }

    /// `Bounds: Might 1-6, Luck -3 to 3`: each stat with its least and most values.
    fn bounds(
        &mut self,
        line: &RawLine<'_>,
    ) -> Option<Vec<Spanned<crate::model::system::StatBounds>>> {
        let mut out = Vec::new();
        for (start, piece) in super::brackets::split_outside_brackets(line.text, ',') {
            let item = piece.trim();
            let at = line.base + start + (piece.len() - piece.trim_start().len());
            let parsed = match item.rsplit_once(" to ") {
                Some((left, high)) => left.trim().rsplit_once(' ').and_then(|(stat, low)| {
                    Some((stat.trim(), low.parse::<i64>().ok()?, high.trim().parse::<i64>().ok()?))
                }),
                None => item.rsplit_once(' ').and_then(|(stat, range)| {
                    let (low, high) = range.split_once('-')?;
                    Some((stat.trim(), low.parse::<i64>().ok()?, high.parse::<i64>().ok()?))
                }),
            };
            let Some((stat, low, high)) =
                parsed.filter(|(stat, low, high)| !stat.is_empty() && low <= high)
            else {
                self.expected(
                    line,
                    "stats with their least and most values, such as `Might 1-6, Luck -3 to 3`",
                );
                return None;
            };
            let stat = Spanned::new(Name::new(stat), self.span_at(at, 0..stat.len()));
            let span = self.span_at(at, 0..item.len());
            out.push(Spanned::new(crate::model::system::StatBounds { stat, low, high }, span));
        }
        Some(out)
    }

    /// `On damage taken: bleed_check` (one known event, one script function name) or `On
    /// kill: gain 1 Glory` (effects, optionally behind `if <test>:`).
    fn hook(&mut self, line: &RawLine<'_>, event: Spanned<Name>) -> Option<SystemLine> {
        use crate::model::hook::HookEvent;
        let Some(kind) = HookEvent::parse(event.node.as_str()) else {
            let events: Vec<&str> = HookEvent::ALL.iter().map(|(_, words)| *words).collect();
            self.expected(line, &format!("an event after `On`: {}", events.join(", ")));
            return None;
        };
        let event = Spanned::new(kind, event.span);
        let text = line.text.trim();
        let is_function = !text.is_empty()
            && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !text.starts_with(|c: char| c.is_ascii_digit());
        if is_function {
            let function = self.names(line)?.remove(0);
            return Some(SystemLine::Hook { event, function });
        }
        self.event_rule(line, event, None).map(|rule| SystemLine::OnEvent(Box::new(rule)))
    }

    /// `When HP reaches 0: apply Dying` (effects when one resource reaches 0; the label's
    /// `0` is read as a grade, so the label arrives as `HP reaches` with grade 0), `When
    /// Spikes is applied: 3 damage`, `When Spikes ends: ...` (one condition).
    fn when_line(&mut self, line: &RawLine<'_>, label: Spanned<Name>) -> Option<SystemLine> {
        use crate::model::hook::HookEvent;
        let text = label.node.as_str();
        let lower = text.to_ascii_lowercase();
        let zero = line.grade.as_ref().is_some_and(|grade| grade.node == 0);
        let found = [
            (" reaches", HookEvent::ResourceZero, true),
            (" is applied", HookEvent::ConditionApplied, false),
            (" ends", HookEvent::ConditionEnded, false),
        ]
        .into_iter()
        .find_map(|(suffix, event, graded)| {
            let at = lower.strip_suffix(suffix).map(str::len)?;
            (at > 0 && zero == graded).then(|| (text[..at].trim_end(), event))
        });
        let end = line.grade.as_ref().map_or(label.span.end, |grade| grade.span.end);
        let whole = Span::new(label.span.file, label.span.start as usize..end as usize);
        let Some((named, event)) = found else {
            let grade = line.grade.as_ref().map(|grade| format!(" {}", grade.node));
            let diagnostic = ParseErrorKind::UnreadableLine {
                label: format!("When {text}{}", grade.unwrap_or_default()),
                expected: "`When <Resource> reaches 0:`, `When <Condition> is applied:` or \
                           `When <Condition> ends:` and effects, such as `When HP reaches 0: \
                           apply Dying`"
                    .to_string(),
            }
            .at(whole)
            .to_diagnostic();
            self.diagnostics.push(diagnostic);
            return None;
        };
        let start = label.span.start as usize;
        let span = Span::new(label.span.file, start..start + named.len());
        let named = Spanned::new(Name::new(named), span);
        let event = Spanned::new(event, whole);
        self.event_rule(line, event, Some(named)).map(|rule| SystemLine::OnEvent(Box::new(rule)))
    }

    /// The text of an event rule: `if <test>: <effects>` (`when` is the same word) or
    /// `<effects>`.
    fn event_rule(
        &mut self,
        line: &RawLine<'_>,
        event: Spanned<crate::model::hook::HookEvent>,
        named: Option<Spanned<Name>>,
    ) -> Option<crate::model::hook::EventRule> {
        use crate::model::Requirement;
        use crate::model::common::Test;
        let text = line.text;
        let lead = text.len() - text.trim_start().len();
        let body = text.trim_start();
        let mut gate = None;
        let mut effects_at = lead;
        // `if` and `when` are the same word at the head of a rule: the rule's gate.
        let word = ["if ", "when "]
            .into_iter()
            .find(|word| body.get(..word.len()).is_some_and(|b| b.eq_ignore_ascii_case(word)))
            .map_or(0, str::len);
        if word > 0 {
            let Some((colon, _)) =
                super::brackets::split_outside_brackets(body, ':').get(1).copied()
            else {
                self.expected(
                    line,
                    "`if <test>: <effects>`, such as `if you are Unconscious: apply Dead`",
                );
                return None;
            };
            let test = &body[word..colon - 1];
            let test_start = lead + word + (test.len() - test.trim_start().len());
            let test = test.trim();
            let requirement = self.requirement(test, line.base + test_start);
            let runs = match &requirement {
                Requirement::Tests { first, rest } => std::iter::once(first)
                    .chain(rest.iter().map(|(_, test)| test))
                    .all(|test| !matches!(test.node, Test::Event { .. })),
                Requirement::Narration(_) => false,
            };
            if !runs {
                let test_line =
                    RawLine { text: test, base: line.base + test_start, grade: None, ..*line };
                self.expected(
                    &test_line,
                    "a test the engine can evaluate: `you are Unconscious`, `not Target is \
                     Hidden`, `[Trigger's Damage * 2 > Stability]`",
                );
                return None;
            }
            let span = self.span_at(line.base, test_start..test_start + test.len());
            gate = Some(Spanned::new(requirement, span));
            effects_at = lead + colon;
        }
        let rest = &text[effects_at..];
        let effects = self.effects(rest, line.base + effects_at);
        if effects.parts.is_empty() {
            self.expected(line, "effects to run, such as `apply Dying`");
            return None;
        }
        Some(crate::model::hook::EventRule { event, named, gate, effects })
    }

    fn resource_rules(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<ResourceRule>>> {
        let Some(nodes) = self.try_parse(Rule::resource_input, line.text) else {
            self.bracket_errors(line);
            self.expected(line, "resource rules such as `max [Max HP]; reset to 6 at turn start`");
            return None;
        };
        let base = line.base;
        nodes
            .into_iter()
            .map(|node| {
                let node = node.into_inner().next()?;
                let span = self.span(&node, base);
                let rule = node.as_rule();
                let mut inner: Vec<_> = node.into_inner().collect();
                let moment = |lowerer: &Self, inner: &mut Vec<super::text::Node<'_>>| {
                    inner.pop().map(|moment| {
                        let text = moment.as_str().trim();
                        Spanned::new(
                            text.to_string(),
                            lowerer.span_at(base + moment.as_span().start(), 0..text.len()),
                        )
                    })
                };
                let lowered = match rule {
                    Rule::resource_max => {
                        ResourceRule::Max(self.plain_amount(inner.remove(0), base)?)
                    }
                    Rule::resource_none => ResourceRule::NoMax,
                    Rule::resource_no_min => ResourceRule::NoMin,
                    Rule::resource_reset => {
                        let moment = moment(self, &mut inner)?;
                        ResourceRule::ResetTo {
                            amount: self.plain_amount(inner.remove(0), base)?,
                            moment,
                        }
                    }
                    Rule::resource_gain => {
                        let moment = moment(self, &mut inner)?;
                        ResourceRule::Gain {
                            amount: self.plain_amount(inner.remove(0), base)?,
                            moment,
                        }
                    }
                    Rule::resource_lost => ResourceRule::Lost(moment(self, &mut inner)?),
                    Rule::resource_world => ResourceRule::World,
                    Rule::resource_min => {
                        let (negative, amount) = self.amount(inner.remove(0), base)?;
                        ResourceRule::Min { negative, amount }
                    }
                    _ => ResourceRule::Start(self.plain_amount(inner.remove(0), base)?),
                };
                Some(Spanned::new(lowered, span))
            })
            .collect()
    }

    pub(super) fn condition_line(&mut self, line: &RawLine<'_>) -> Lowered<ConditionLine> {
        let (text, base) = (line.text, line.base);
        let (label, _) = ConditionLabel::find(line.label)?;
        Some(match label {
            ConditionLabel::Parameters => self.names(line).map(ConditionLine::Parameters),
            ConditionLabel::Modifiers => self.modifiers(line).map(ConditionLine::Modifiers),
            ConditionLabel::Stacking => self.stacking(line).map(ConditionLine::Stacking),
            ConditionLabel::Duration => self.duration_line(line).map(ConditionLine::Duration),
            ConditionLabel::Effect => Some(ConditionLine::Effect(self.effects(text, base))),
            ConditionLabel::Halt => Some(ConditionLine::Halt(self.requirement(text, base))),
            ConditionLabel::Trigger => Some(ConditionLine::Trigger(self.requirement(text, base))),
            ConditionLabel::While => Some(ConditionLine::While(self.requirement(text, base))),
            ConditionLabel::Keywords => Some(ConditionLine::Keywords(self.keywords(text, base))),
            ConditionLabel::Details => Some(ConditionLine::Details(self.narration(text, base))),
            ConditionLabel::Grants => self.grants(line).map(ConditionLine::Grants),
            ConditionLabel::Includes => self.includes(line).map(ConditionLine::Includes),
            ConditionLabel::Forbids => self.forbids(line).map(ConditionLine::Forbids),
            ConditionLabel::PerTurn => self.held_per_turn(line).map(ConditionLine::PerTurn),
            ConditionLabel::Spares => {
                let words: Vec<&str> = line.text.split_whitespace().collect();
                if words.join(" ").eq_ignore_ascii_case("who laid it") {
                    Some(ConditionLine::SparesLayer)
                } else {
                    self.expected(line, "`who laid it`: `Spares: who laid it`");
                    None
                }
            }
            ConditionLabel::Turn => {
                if line.text.trim().eq_ignore_ascii_case("skipped") {
                    Some(ConditionLine::TurnSkipped)
                } else {
                    self.expected(line, "`skipped`: `Turn: skipped`");
                    None
                }
            }
        })
    }

    fn duration_line(&mut self, line: &RawLine<'_>) -> Option<Duration> {
        match self.try_parse(Rule::duration_input, line.text) {
            Some(mut nodes) => self.duration(nodes.remove(0), line.base),
            None => {
                self.expected(line, "a duration such as `for 2 rounds` or `until end of turn`");
                None
            }
        }
    }

    fn modifiers(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<Modifier>>> {
        let Some(nodes) = self.try_parse(Rule::modifiers_input, line.text) else {
            self.bracket_errors(line);
            self.expected(line, "modifiers such as `+1 Attack, -5 Defense` or `Speed = 1`");
            return None;
        };
        nodes.into_iter().map(|node| self.modifier(node, line.base)).collect()
    }

    fn stacking(&mut self, line: &RawLine<'_>) -> Option<Stacking> {
        let node = self
            .try_parse(Rule::stacking_input, line.text)
            .and_then(|mut nodes| nodes.remove(0).into_inner().next());
        let Some(node) = node else {
            self.expected(
                line,
                "`never; longest duration wins`, `per damage type`, `adds` or `largest`",
            );
            return None;
        };
        Some(match node.as_rule() {
            Rule::stacking_never => Stacking::Never(node.into_inner().next().map(|tie| {
                match tie.as_str().to_ascii_lowercase().as_str() {
                    "newest wins" => TieBreak::Newest,
                    "largest wins" => TieBreak::Largest,
                    _ => TieBreak::LongestDuration,
                }
            })),
            Rule::stacking_per => Stacking::Per(self.name(&node.into_inner().next()?, line.base)),
            Rule::stacking_adds => Stacking::Adds,
            _ => Stacking::Largest,
        })
    }

    pub(super) fn actor_line(&mut self, line: &RawLine<'_>) -> Lowered<ActorLine> {
        let (text, base) = (line.text, line.base);
        let (label, _) = ActorLabel::find(line.label)?;
        Some(match label {
            ActorLabel::Stats => self.assignments(line).map(ActorLine::Stats),
            ActorLabel::Resources => self.assignments(line).map(ActorLine::Resources),
            ActorLabel::Tier => self.required_amount(line).map(ActorLine::Tier),
            ActorLabel::Level => self.required_amount(line).map(ActorLine::Level),
            ActorLabel::Powers => self.names(line).map(ActorLine::Powers),
            ActorLabel::Traits => self.names(line).map(ActorLine::Traits),
            ActorLabel::Equipment => self.names(line).map(ActorLine::Equipment),
            ActorLabel::Conditions => self.names(line).map(ActorLine::Conditions),
            ActorLabel::Keywords => Some(ActorLine::Keywords(self.keywords(text, base))),
            ActorLabel::Details => Some(ActorLine::Details(self.narration(text, base))),
            ActorLabel::Side => self.one_name(line).map(ActorLine::Side),
        })
    }

    pub(super) fn weapon_line(&mut self, line: &RawLine<'_>) -> Lowered<WeaponLine> {
        let (text, base) = (line.text, line.base);
        // A label no weapon has is a field the system may declare (`check` says if not).
        let Some((label, _)) = WeaponLabel::find(line.label) else {
            return Some(self.field(line).map(WeaponLine::Field));
        };
        let numeric =
            !matches!(label, WeaponLabel::Requires | WeaponLabel::Keywords | WeaponLabel::Details);
        if numeric && let Some(field) = self.shaped_field(line) {
            return Some(Some(WeaponLine::Field(field)));
        }
        Some(match label {
            WeaponLabel::Cost => self.amount_as(line, WeaponLine::Cost),
            WeaponLabel::Reach => self.amount_as(line, WeaponLine::Reach),
            WeaponLabel::Damage => self.amount_as(line, WeaponLine::Damage),
            WeaponLabel::Range => self.amount_as(line, WeaponLine::Range),
            WeaponLabel::MinimumRange => self.amount_as(line, WeaponLine::MinimumRange),
            WeaponLabel::CritRange => self.amount_as(line, WeaponLine::CritRange),
            WeaponLabel::CritDamage => self.amount_as(line, WeaponLine::CritDamage),
            WeaponLabel::Rate => self.amount_as(line, WeaponLine::Rate),
            WeaponLabel::Requires => Some(WeaponLine::Requires(self.requirement(text, base))),
            WeaponLabel::Keywords => Some(WeaponLine::Keywords(self.keywords(text, base))),
            WeaponLabel::Details => Some(WeaponLine::Details(self.narration(text, base))),
        })
    }

    pub(super) fn armour_line(&mut self, line: &RawLine<'_>) -> Lowered<ArmourLine> {
        let (text, base) = (line.text, line.base);
        // A label no armour has is a field the system may declare (`check` says if not).
        let Some((label, _)) = ArmourLabel::find(line.label) else {
            return Some(self.field(line).map(ArmourLine::Field));
        };
        Some(match label {
            ArmourLabel::Value => self.amount_as(line, ArmourLine::Value),
            ArmourLabel::BlowThrough => self.amount_as(line, ArmourLine::BlowThrough),
            ArmourLabel::Hardness => self.amount_as(line, ArmourLine::Hardness),
            ArmourLabel::Protection => self.amount_as(line, ArmourLine::Protection),
            ArmourLabel::Cost => self.amount_as(line, ArmourLine::Cost),
            ArmourLabel::Pool => match self.single_name(line) {
                Some(pool) => Some(ArmourLine::Pool(pool)),
                None => {
                    self.expected(line, "a layered pool of the system, such as `Purse`");
                    None
                }
            },
            ArmourLabel::Keywords => Some(ArmourLine::Keywords(self.keywords(text, base))),
            ArmourLabel::Modifiers => self.modifiers(line).map(ArmourLine::Modifiers),
            ArmourLabel::Requires => Some(ArmourLine::Requires(self.requirement(text, base))),
            ArmourLabel::Details => Some(ArmourLine::Details(self.narration(text, base))),
        })
    }

    pub(super) fn procedure_line(&mut self, line: &RawLine<'_>) -> Lowered<ProcedureLine> {
        let (text, base) = (line.text, line.base);
        let lower = text.trim().to_ascii_lowercase();
        let (label, named) = ProcedureLabel::find(line.label)?;
        Some(match label {
            ProcedureLabel::Outcomes => self.named_outcomes(line, named.unwrap_or_default()),
            ProcedureLabel::Method => match Method::parse(text) {
                Some(method) => Some(ProcedureLine::Method(method)),
                None => match self.script_method(line) {
                    Some(function) => Some(ProcedureLine::Script(function)),
                    None => {
                        self.expected(
                            line,
                            "`pool`, `roll under`, `successes`, `total`, `versus` or `script` \
                             and a script function's name",
                        );
                        None
                    }
                },
            },
            ProcedureLabel::Dice => self.dice_template(line).map(ProcedureLine::Dice),
            ProcedureLabel::Roll => self.dice_template(line).map(ProcedureLine::Roll),
            ProcedureLabel::Modifier => match lower.as_str() {
                "each die" => Some(ProcedureLine::Modifier(ModifierMode::EachDie)),
                "total" => Some(ProcedureLine::Modifier(ModifierMode::Total)),
                "none" => Some(ProcedureLine::Modifier(ModifierMode::None)),
                _ => {
                    self.expected(line, "`each die`, `total` or `none`");
                    None
                }
            },
            ProcedureLabel::Success => {
                self.comparison(line).map(|(op, against)| ProcedureLine::Success { op, against })
            }
            ProcedureLabel::Difficulty => self.required_amount(line).map(ProcedureLine::Difficulty),
            ProcedureLabel::Always => self.bare_expression(line).map(ProcedureLine::Always),
            ProcedureLabel::Explode => self.required_amount(line).map(ProcedureLine::Explode),
            ProcedureLabel::Grades => self.grades(line).map(ProcedureLine::Grades),
            ProcedureLabel::GradeCap => self.required_amount(line).map(ProcedureLine::GradeCap),
            ProcedureLabel::Tie => match lower.as_str() {
                "defender" => Some(ProcedureLine::Tie(TieRule::Defender)),
                "attacker" => Some(ProcedureLine::Tie(TieRule::Attacker)),
                "none" => Some(ProcedureLine::Tie(TieRule::NoWinner)),
                _ => {
                    self.expected(line, "`defender`, `attacker` or `none`");
                    None
                }
            },
            ProcedureLabel::Boost => self.required_amount(line).map(ProcedureLine::Boost),
            ProcedureLabel::AlternativeDie => {
                self.dice_template(line).map(ProcedureLine::AlternativeDie)
            }
            ProcedureLabel::AlternativeDieFeeds => {
                let name = Name::new(text.trim());
                let span = self.span_at(base, 0..text.len());
                Some(ProcedureLine::AlternativeDieFeeds(Spanned::new(name, span)))
            }
            ProcedureLabel::PolicySecondDie => self.policy(line, PolicyDecision::SecondDie),
            ProcedureLabel::PolicyBoost => self.policy(line, PolicyDecision::Boost),
            ProcedureLabel::PolicySpend => self.policy(line, PolicyDecision::Spend),
            ProcedureLabel::PolicyReroll => self.policy(line, PolicyDecision::Reroll),
            ProcedureLabel::PolicyIgnorePenalties => {
                self.policy(line, PolicyDecision::IgnorePenalties)
            }
            ProcedureLabel::OnFailure => self.outcome_action(line, CheckOutcomeKind::Failure),
            ProcedureLabel::OnSuccess => self.outcome_action(line, CheckOutcomeKind::Success),
            ProcedureLabel::Reroll => self.payment(line, ProcedureLine::Reroll),
            ProcedureLabel::IgnorePenalties => self.payment(line, ProcedureLine::IgnorePenalties),
            ProcedureLabel::ExtraDice => self.extra_dice(line),
            ProcedureLabel::Chunk => self.chunk_rule(line),
            ProcedureLabel::PerChunk => self.chunk_cost(line),
            ProcedureLabel::ChunkAllHighest => self.chunk_judgement(line, ChunkClass::AllHighest),
            ProcedureLabel::ChunkAllSuccesses => {
                self.chunk_judgement(line, ChunkClass::AllSuccesses)
            }
            ProcedureLabel::ChunkAllOnes => self.chunk_judgement(line, ChunkClass::AllOnes),
            ProcedureLabel::ChunkAllFailures => self.chunk_judgement(line, ChunkClass::AllFailures),
            ProcedureLabel::OpposingDice => self.opposing_dice(line),
            ProcedureLabel::Ease => self.required_amount(line).map(ProcedureLine::Ease),
            ProcedureLabel::Critical => self.critical(line),
            ProcedureLabel::ZeroWins => match lower.as_str() {
                "yes" => Some(ProcedureLine::ZeroWins(true)),
                "no" => Some(ProcedureLine::ZeroWins(false)),
                _ => {
                    self.expected(line, "`yes` or `no`");
                    None
                }
            },
            ProcedureLabel::Details => Some(ProcedureLine::Details(self.narration(text, base))),
        })
    }

    /// `script move_roll` after `Method:`: the function's name, spanned.
    fn script_method(&mut self, line: &RawLine<'_>) -> Option<Spanned<Name>> {
        let text = line.text;
        let start = text.len() - text.trim_start().len();
        let rest = text[start..].strip_prefix("script")?;
        let name = rest.trim();
        let is_identifier =
            name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !rest.starts_with(char::is_whitespace) || !is_identifier {
            return None;
        }
        let offset = start + "script".len() + (rest.len() - rest.trim_start().len());
        let span = self.span_at(line.base, offset..offset + name.len());
        Some(Spanned::new(Name::new(name), span))
    }

    /// `Policy second die: if-better`: the word must be a policy the engine knows.
    fn policy(&mut self, line: &RawLine<'_>, decision: PolicyDecision) -> Option<ProcedureLine> {
        let word = line.text.trim().to_ascii_lowercase();
        if Policy::from_name(&word).is_none() {
            let known = Policy::NAMES;
            let expected = match did_you_mean(&word, known.iter().copied()) {
                Some(suggestion) => format!("a policy (did you mean `{suggestion}`?)"),
                None => format!("a policy: {}", known.join(", ")),
            };
            self.expected(line, &expected);
            return None;
        }
        let span = self.span_at(line.base, 0..line.text.len());
        Some(ProcedureLine::Policy { decision, policy: Spanned::new(word, span) })
    }

    /// `Critical: natural >= [Crit]`, `Critical: natural in 18-20`,
    /// `Critical: natural in [Weapon Crit range]`.
    fn critical(&mut self, line: &RawLine<'_>) -> Option<ProcedureLine> {
        const EXPECTED: &str = "`natural >= ` and an amount (`natural >= 19`), or `natural in` \
                                and a range (`natural in 18-20`, `natural in [Weapon Crit range]`)";
        let text = line.text.trim_start();
        let Some(rest) = text.strip_prefix("natural").map(str::trim_start) else {
            self.expected(line, EXPECTED);
            return None;
        };
        let (within, rest) = match (rest.strip_prefix(">="), rest.strip_prefix("in ")) {
            (Some(rest), _) => (false, rest.trim_start()),
            (None, Some(rest)) => (true, rest.trim_start()),
            (None, None) => {
                self.expected(line, EXPECTED);
                return None;
            }
        };
        let inner = RawLine {
            text: rest.trim_end(),
            base: line.base + line.text.len() - rest.len(),
            grade: None,
            ..*line
        };
        let faces = faces(inner.text);
        if !within {
            // `natural >= 18-20`: a range where one face is needed.
            if faces.is_some() && inner.text.contains('-') {
                self.expected(&inner, "one face after `>=`; for a range write `natural in 18-20`");
                return None;
            }
            return self
                .required_amount(&inner)
                .map(|a| ProcedureLine::Critical(CriticalRange::AtLeast(a)));
        }
        if let Some((low, high)) = faces {
            let (low, high) =
                (Amount::Number(Number::integer(low)), Amount::Number(Number::integer(high)));
            return Some(ProcedureLine::Critical(CriticalRange::Faces(low, high)));
        }
        let bracket = inner.text.strip_prefix('[').and_then(|r| r.strip_suffix(']'));
        match bracket {
            Some(expr) if !expr.contains(']') => {
                let expr = self.expression(expr, inner.base + 1)?;
                Some(ProcedureLine::Critical(CriticalRange::Field(expr)))
            }
            _ => {
                self.expected(&inner, "a range after `in`: `18-20`, or a range field in brackets (`[Weapon Crit range]`)");
                None
            }
        }
    }

    fn comparison(&mut self, line: &RawLine<'_>) -> Option<(CompareOp, Amount)> {
        let Some(mut nodes) = self.try_parse(Rule::comparison_input, line.text) else {
            self.bracket_errors(line);
            self.expected(line, "a comparison such as `>= [Threshold]`");
            return None;
        };
        let op = CompareOp::parse(nodes.remove(0).as_str())?;
        let amount = self.plain_amount(nodes.remove(0), line.base)?;
        Some((op, amount))
    }
}

/// `18-20` (or `20`) as the lowest and highest face; `None` for anything else.
fn faces(text: &str) -> Option<(i64, i64)> {
    let number = |text: &str| {
        let text = text.trim();
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        text.parse::<i64>().ok()
    };
    match text.split_once('-') {
        Some((low, high)) => Some((number(low)?, number(high)?)),
        None => number(text).map(|face| (face, face)),
    }
}
