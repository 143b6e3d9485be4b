//! Lowering the declaration lines of system, check, condition, actor, weapon and armour
//! blocks. Unlike power and trait lines, declarations must be fully typed: text outside
//! their small languages is an error, not narration.

use super::grammar::Rule;
use super::lines::{Lowered, RawLine};
use super::text::Lowerer;
use crate::diagnostics::did_you_mean;
use crate::diagnostics::{Span, Spanned};
use crate::engine::Policy;
use crate::model::common::Assignment;
use crate::model::entity::TieBreak;
use crate::model::expr::{CompareOp, Rounding};
use crate::model::outcome::{CheckOutcomeKind, InitiativeMode};
use crate::model::system::{ModifierMode, PolicyDecision, ResourceRule, TieRule};
use crate::model::{
    ActorLine, Amount, ArmourLine, ConditionLine, Duration, Method, Modifier, Name, ProcedureLine,
    Stacking, SystemLine, WeaponLine,
};

/// Splits `Ruling grade cap` into (`Ruling`, `grade cap`) when the first word is `prefix`.
fn split_prefix<'a>(label: &'a str, prefix: &str) -> Option<&'a str> {
    let (first, rest) = label.split_once(' ')?;
    first.eq_ignore_ascii_case(prefix).then_some(rest.trim())
}

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
    pub(super) fn system_line(&mut self, line: &RawLine<'_>) -> Lowered<SystemLine> {
        let (text, base) = (line.text, line.base);
        let label = line.label;
        let named = |prefix: &str| {
            split_prefix(label, prefix).map(|rest| {
                let offset = label.len() - rest.len();
                Spanned::new(
                    Name::new(rest),
                    Span::new(
                        line.label_span.file,
                        line.label_span.start as usize + offset..line.label_span.end as usize,
                    ),
                )
            })
        };
        let lower = label.to_ascii_lowercase();
        if lower == "stats" || named("Stats").is_some() {
            return Some(self.names(line).map(|stats| {
                let (group, parent) = split_under(named("Stats"));
                SystemLine::Stats { group, parent, stats }
            }));
        }
        if let Some(name) = named("Resource") {
            return Some(
                self.resource_rules(line).map(|rules| SystemLine::Resource { name, rules }),
            );
        }
        if let Some(name) = named("Derived") {
            return Some(
                self.bare_expression(line).map(|value| SystemLine::Derived { name, value }),
            );
        }
        if let Some(name) = named("Status") {
            return Some(self.bare_expression(line).map(|when| SystemLine::Status { name, when }));
        }
        if let Some(name) = named("Layered") {
            let Some(resource) = self.single_name(line) else {
                self.expected(line, "the pool's innermost resource, such as `Health`");
                return Some(None);
            };
            return Some(Some(SystemLine::Layered { name, resource }));
        }
        if let Some(event) = named("On") {
            return Some(self.hook(line, event));
        }
        if let Some(keyword) = named("Keyword") {
            return Some(self.keyword_rule(line, keyword));
        }
        if let Some(name) = named("Ruling") {
            return Some(
                self.required_amount(line).map(|value| SystemLine::Ruling { name, value }),
            );
        }
        Some(match lower.as_str() {
            "grades" => self.grades(line).map(SystemLine::Grades),
            "rounding" => match Rounding::parse(text) {
                Some(rounding) => Some(SystemLine::Rounding(rounding)),
                None => {
                    self.expected(line, "`floor`, `ceiling`, `nearest` or `truncate`");
                    None
                }
            },
            "phases" => self.names(line).map(SystemLine::Phases),
            "functions" => self.names(line).map(SystemLine::Functions),
            "per turn" => self.per_turn(line, false),
            "per challenge turn" => self.per_turn(line, true),
            "stance ends" => self.names(line).map(SystemLine::StanceEnds),
            "segments" => self.required_amount(line).map(SystemLine::Segments),
            "turn order" => self.dice_template(line).map(SystemLine::TurnOrder),
            "initiative" => match InitiativeMode::parse(text) {
                Some(mode) => Some(SystemLine::Initiative(mode)),
                None => {
                    self.expected(line, "`turns` or `ticks`");
                    None
                }
            },
            "action ticks" => self.required_amount(line).map(SystemLine::ActionTicks),
            "default check" => Some(SystemLine::DefaultCheck(Spanned::new(
                Name::new(text),
                self.span_at(base, 0..text.len()),
            ))),
            "details" => Some(SystemLine::Details(self.narration(text, base))),
            _ => match named("Default") {
                Some(name) => self.amount_line(line).map(|(negative, value)| {
                    SystemLine::Default(Assignment { name, negative, value })
                }),
                None => return None,
            },
        })
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

    /// `On damage taken: bleed_check`: one known event, one function name.
    fn hook(&mut self, line: &RawLine<'_>, event: Spanned<Name>) -> Option<SystemLine> {
        let Some(kind) = crate::model::hook::HookEvent::parse(event.node.as_str()) else {
            let events: Vec<&str> =
                crate::model::hook::HookEvent::ALL.iter().map(|(_, words)| *words).collect();
            self.expected(line, &format!("an event after `On`: {}", events.join(", ")));
            return None;
        };
        let mut names = self.names(line)?;
        if names.len() != 1 {
            self.expected(line, "one script function name, such as `bleed_check`");
            return None;
        }
        let function = names.remove(0);
        Some(SystemLine::Hook { event: Spanned::new(kind, event.span), function })
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
                    _ => ResourceRule::Start(self.plain_amount(inner.remove(0), base)?),
                };
                Some(Spanned::new(lowered, span))
            })
            .collect()
    }

    pub(super) fn condition_line(&mut self, line: &RawLine<'_>) -> Lowered<ConditionLine> {
        let (text, base) = (line.text, line.base);
        Some(match line.label.to_ascii_lowercase().as_str() {
            "parameters" => self.names(line).map(ConditionLine::Parameters),
            "modifiers" | "modifier" => self.modifiers(line).map(ConditionLine::Modifiers),
            "stacking" => self.stacking(line).map(ConditionLine::Stacking),
            "duration" => self.duration_line(line).map(ConditionLine::Duration),
            "effect" => Some(ConditionLine::Effect(self.effects(text, base))),
            "halt" => Some(ConditionLine::Halt(self.requirement(text, base))),
            "trigger" => Some(ConditionLine::Trigger(self.requirement(text, base))),
            "while" => Some(ConditionLine::While(self.requirement(text, base))),
            "keywords" => Some(ConditionLine::Keywords(self.keywords(text, base))),
            "details" => Some(ConditionLine::Details(self.narration(text, base))),
            "grants" | "grant" => self.grants(line).map(ConditionLine::Grants),
            "includes" | "include" => self.includes(line).map(ConditionLine::Includes),
            "forbids" => self.forbids(line).map(ConditionLine::Forbids),
            _ => return None,
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
        Some(match line.label.to_ascii_lowercase().as_str() {
            "stats" => self.assignments(line).map(ActorLine::Stats),
            "resources" => self.assignments(line).map(ActorLine::Resources),
            "tier" => self.required_amount(line).map(ActorLine::Tier),
            "level" => self.required_amount(line).map(ActorLine::Level),
            "powers" => self.names(line).map(ActorLine::Powers),
            "traits" => self.names(line).map(ActorLine::Traits),
            "equipment" => self.names(line).map(ActorLine::Equipment),
            "conditions" => self.names(line).map(ActorLine::Conditions),
            "keywords" => Some(ActorLine::Keywords(self.keywords(text, base))),
            "details" => Some(ActorLine::Details(self.narration(text, base))),
            "side" => self.one_name(line).map(ActorLine::Side),
            _ => return None,
        })
    }

    pub(super) fn weapon_line(&mut self, line: &RawLine<'_>) -> Lowered<WeaponLine> {
        let (text, base) = (line.text, line.base);
        Some(match line.label.to_ascii_lowercase().as_str() {
            "cost" => self.amount_as(line, WeaponLine::Cost),
            "reach" => self.amount_as(line, WeaponLine::Reach),
            "damage" => self.amount_as(line, WeaponLine::Damage),
            "range" => self.amount_as(line, WeaponLine::Range),
            "minimum range" => self.amount_as(line, WeaponLine::MinimumRange),
            "crit range" => self.amount_as(line, WeaponLine::CritRange),
            "crit damage" => self.amount_as(line, WeaponLine::CritDamage),
            "rate" => self.amount_as(line, WeaponLine::Rate),
            "requires" => Some(WeaponLine::Requires(self.requirement(text, base))),
            "keywords" => Some(WeaponLine::Keywords(self.keywords(text, base))),
            "details" => Some(WeaponLine::Details(self.narration(text, base))),
            _ => return None,
        })
    }

    pub(super) fn armour_line(&mut self, line: &RawLine<'_>) -> Lowered<ArmourLine> {
        let (text, base) = (line.text, line.base);
        Some(match line.label.to_ascii_lowercase().as_str() {
            "value" => self.amount_as(line, ArmourLine::Value),
            "blow-through" => self.amount_as(line, ArmourLine::BlowThrough),
            "hardness" => self.amount_as(line, ArmourLine::Hardness),
            "protection" => self.amount_as(line, ArmourLine::Protection),
            "cost" => self.amount_as(line, ArmourLine::Cost),
            "pool" => match self.single_name(line) {
                Some(pool) => Some(ArmourLine::Pool(pool)),
                None => {
                    self.expected(line, "a layered pool of the system, such as `Purse`");
                    None
                }
            },
            "keywords" => Some(ArmourLine::Keywords(self.keywords(text, base))),
            "details" => Some(ArmourLine::Details(self.narration(text, base))),
            _ => return None,
        })
    }

    pub(super) fn procedure_line(&mut self, line: &RawLine<'_>) -> Lowered<ProcedureLine> {
        let (text, base) = (line.text, line.base);
        let lower = text.trim().to_ascii_lowercase();
        Some(match line.label.to_ascii_lowercase().as_str() {
            "method" => match Method::parse(text) {
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
            "dice" => self.dice_template(line).map(ProcedureLine::Dice),
            "roll" => self.dice_template(line).map(ProcedureLine::Roll),
            "modifier" => match lower.as_str() {
                "each die" => Some(ProcedureLine::Modifier(ModifierMode::EachDie)),
                "total" => Some(ProcedureLine::Modifier(ModifierMode::Total)),
                "none" => Some(ProcedureLine::Modifier(ModifierMode::None)),
                _ => {
                    self.expected(line, "`each die`, `total` or `none`");
                    None
                }
            },
            "success" => {
                self.comparison(line).map(|(op, against)| ProcedureLine::Success { op, against })
            }
            "difficulty" => self.required_amount(line).map(ProcedureLine::Difficulty),
            "always" => self.bare_expression(line).map(ProcedureLine::Always),
            "explode" => self.required_amount(line).map(ProcedureLine::Explode),
            "grades" => self.grades(line).map(ProcedureLine::Grades),
            "grade cap" => self.required_amount(line).map(ProcedureLine::GradeCap),
            "tie" => match lower.as_str() {
                "defender" => Some(ProcedureLine::Tie(TieRule::Defender)),
                "attacker" => Some(ProcedureLine::Tie(TieRule::Attacker)),
                "none" => Some(ProcedureLine::Tie(TieRule::Nobody)),
                _ => {
                    self.expected(line, "`defender`, `attacker` or `none`");
                    None
                }
            },
            "boost" => self.required_amount(line).map(ProcedureLine::Boost),
            "alternative die" => self.dice_template(line).map(ProcedureLine::AlternativeDie),
            "alternative die feeds" => {
                let name = Name::new(text.trim());
                let span = self.span_at(base, 0..text.len());
                Some(ProcedureLine::AlternativeDieFeeds(Spanned::new(name, span)))
            }
            "policy second die" => self.policy(line, PolicyDecision::SecondDie),
            "policy boost" => self.policy(line, PolicyDecision::Boost),
            "policy spend" => self.policy(line, PolicyDecision::Spend),
            "policy reroll" => self.policy(line, PolicyDecision::Reroll),
            "policy ignore penalties" => self.policy(line, PolicyDecision::IgnorePenalties),
            "on failure" => self.outcome_action(line, CheckOutcomeKind::Failure),
            "on success" => self.outcome_action(line, CheckOutcomeKind::Success),
            "reroll" => self.payment(line, ProcedureLine::Reroll),
            "ignore penalties" => self.payment(line, ProcedureLine::IgnorePenalties),
            "extra dice" => self.extra_dice(line),
            "ease" => self.required_amount(line).map(ProcedureLine::Ease),
            "critical" => self.critical(line),
            "zero wins" => match lower.as_str() {
                "yes" => Some(ProcedureLine::ZeroWins(true)),
                "no" => Some(ProcedureLine::ZeroWins(false)),
                _ => {
                    self.expected(line, "`yes` or `no`");
                    None
                }
            },
            "details" => Some(ProcedureLine::Details(self.narration(text, base))),
            _ => return None,
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

    /// `Critical: natural >= [Crit]`.
    fn critical(&mut self, line: &RawLine<'_>) -> Option<ProcedureLine> {
        let text = line.text.trim_start();
        let Some(rest) =
            text.strip_prefix("natural").and_then(|r| r.trim_start().strip_prefix(">="))
        else {
            self.expected(line, "`natural >= ` and an amount, such as `natural >= 19`");
            return None;
        };
        let amount = rest.trim_start();
        let inner = RawLine {
            text: amount,
            base: line.base + line.text.len() - amount.len(),
            grade: None,
            ..*line
        };
        self.required_amount(&inner).map(ProcedureLine::Critical)
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
