//! Binding a power's `Choose:` name to the stats chosen for one use: a copy of the power's
//! lines where `[Skill]` reads the chosen stat, `raise Skill by 1` raises it and the
//! resource `Skill Fragments` is the chosen stat's counter. Pure model rewriting: the
//! runtime binds the request's choice, the checker binds a group member to verify names.

use super::common::{Requirement, Test};
use super::effect::{Amount, Effect, EffectPart, Effects, Narration};
use super::expr::{BinaryOp, Expr, Name};
use super::power::PowerLine;
use super::{Cost, CostPart};
use crate::diagnostics::Spanned;

/// A bound name and the stats it stands for (one or several, in the order chosen).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The name the `Choose:` line binds (`Skill`).
    pub name: Name,
    /// The chosen stats.
    pub chosen: Vec<String>,
}

impl Binding {
    /// `name` itself, or a name containing it as whole words (`Skill Fragments`), with the
    /// chosen stat in its place. A name that binds several stats is only replaced whole
    /// (by [`Binding::expr`]); inside longer names it stays as written.
    pub fn name(&self, name: &Name) -> Name {
        let [chosen] = self.chosen.as_slice() else { return name.clone() };
        let wanted: Vec<&str> = self.name.as_str().split(' ').collect();
        let words: Vec<&str> = name.as_str().split(' ').collect();
        let mut out: Vec<&str> = Vec::with_capacity(words.len());
        let mut index = 0;
        while index < words.len() {
            let window = words.get(index..index + wanted.len());
            if window.is_some_and(|window| {
                window.iter().zip(&wanted).all(|(a, b)| a.eq_ignore_ascii_case(b))
            }) {
                out.push(chosen);
                index += wanted.len();
            } else {
                out.push(words[index]);
                index += 1;
            }
        }
        Name::new(&out.join(" "))
    }

    fn spanned_name(&self, name: &Spanned<Name>) -> Spanned<Name> {
        Spanned::new(self.name(&name.node), name.span)
    }

    /// The expression with the bound name read as the chosen stat, or the sum of the
    /// chosen stats when there are several.
    pub fn expr(&self, expr: &Spanned<Expr>) -> Spanned<Expr> {
        let span = expr.span;
        let boxed = |inner: &Spanned<Expr>| Box::new(self.expr(inner));
        let node = match &expr.node {
            Expr::Name(name) if name.matches(self.name.as_str()) => {
                let mut terms =
                    self.chosen.iter().map(|stat| Spanned::new(Expr::Name(Name::new(stat)), span));
                let first = terms.next().unwrap_or(Spanned::new(Expr::Name(name.clone()), span));
                return terms.fold(first, |left, right| {
                    let (left, right) = (Box::new(left), Box::new(right));
                    Spanned::new(Expr::Binary { op: BinaryOp::Add, left, right }, span)
                });
            }
            Expr::Name(name) => Expr::Name(self.name(name)),
            Expr::Possessive { owner, name } => {
                Expr::Possessive { owner: owner.clone(), name: self.spanned_name(name) }
            }
            Expr::Negate(inner) => Expr::Negate(boxed(inner)),
            Expr::Not(inner) => Expr::Not(boxed(inner)),
            Expr::Logic { op, left, right } => {
                Expr::Logic { op: *op, left: boxed(left), right: boxed(right) }
            }
            Expr::Binary { op, left, right } => {
                Expr::Binary { op: *op, left: boxed(left), right: boxed(right) }
            }
            Expr::Compare { op, left, right } => {
                Expr::Compare { op: *op, left: boxed(left), right: boxed(right) }
            }
            Expr::Call { function, arguments } => Expr::Call {
                function: function.clone(),
                arguments: arguments.iter().map(|argument| self.expr(argument)).collect(),
            },
            other => other.clone(),
        };
        Spanned::new(node, span)
    }

    fn amount(&self, amount: &Amount) -> Amount {
        match amount {
            Amount::Expr(expr) => Amount::Expr(self.expr(expr)),
            other => other.clone(),
        }
    }

    fn narration(&self, narration: &Narration) -> Narration {
        let holes = narration.holes.iter().map(|hole| self.expr(hole)).collect();
        Narration { text: narration.text.clone(), holes }
    }

    /// The effects with the binding applied; `raise Skills by 1` with several stats chosen
    /// raises each of them.
    pub fn effects(&self, effects: &Effects) -> Effects {
        let mut parts = Vec::with_capacity(effects.parts.len());
        for part in &effects.parts {
            let span = part.span;
            let effect = match &part.node {
                EffectPart::Narration(narration) => {
                    parts
                        .push(Spanned::new(EffectPart::Narration(self.narration(narration)), span));
                    continue;
                }
                EffectPart::Effect(effect) => effect,
                EffectPart::When { test, then } => {
                    let test = Spanned::new(self.requirement(&test.node), test.span);
                    let when = EffectPart::When { test, then: self.effects(then) };
                    parts.push(Spanned::new(when, span));
                    continue;
                }
                EffectPart::Check { check, on_success, on_failure } => {
                    let check = crate::model::EffectCheck {
                        threshold: self.amount(&check.threshold),
                        ..check.clone()
                    };
                    let on_success = on_success.as_ref().map(|then| self.effects(then));
                    let on_failure = on_failure.as_ref().map(|then| self.effects(then));
                    let part = EffectPart::Check { check, on_success, on_failure };
                    parts.push(Spanned::new(part, span));
                    continue;
                }
            };
            if let Effect::Raise { lower, stat, amount } = effect
                && stat.node.matches(self.name.as_str())
            {
                for chosen in &self.chosen {
                    let stat = Spanned::new(Name::new(chosen), stat.span);
                    let raise = Effect::Raise { lower: *lower, stat, amount: self.amount(amount) };
                    parts.push(Spanned::new(EffectPart::Effect(raise), span));
                }
                continue;
            }
            parts.push(Spanned::new(EffectPart::Effect(self.effect(effect)), span));
        }
        Effects { parts }
    }

    fn effect(&self, effect: &Effect) -> Effect {
        let mut effect = effect.clone();
        match &mut effect {
            Effect::Damage { amount, .. } | Effect::Heal { amount, .. } => {
                *amount = self.amount(amount)
            }
            Effect::Gain { amount, resource, .. }
            | Effect::Lose { amount, resource, .. }
            | Effect::Set { amount, resource, .. }
            | Effect::Spend { amount, resource } => {
                *amount = self.amount(amount);
                *resource = self.spanned_name(resource);
            }
            Effect::Raise { stat, amount, .. } => {
                *amount = self.amount(amount);
                *stat = self.spanned_name(stat);
            }
            Effect::Move { distance, .. } => *distance = self.amount(distance),
            Effect::Apply { within: Some(within), .. } => **within = self.amount(within),
            Effect::Script(expr) => *expr = self.expr(expr),
            _ => {}
        }
        effect
    }

    fn requirement(&self, requirement: &Requirement) -> Requirement {
        let test = |test: &Spanned<Test>| match &test.node {
            Test::Compare(expr) => Spanned::new(Test::Compare(self.expr(expr)), test.span),
            Test::Near { negated, who, within } => {
                let within = self.amount(within);
                Spanned::new(Test::Near { negated: *negated, who: who.clone(), within }, test.span)
            }
            _ => test.clone(),
        };
        match requirement {
            Requirement::Tests { first, rest } => Requirement::Tests {
                first: test(first),
                rest: rest.iter().map(|(junction, t)| (*junction, test(t))).collect(),
            },
            Requirement::Narration(narration) => Requirement::Narration(self.narration(narration)),
        }
    }

    /// One power line with the binding applied (spans kept, so messages still point at
    /// the line as written).
    pub fn line(&self, line: &PowerLine) -> PowerLine {
        match line {
            PowerLine::After(effects) => PowerLine::After(self.effects(effects)),
            PowerLine::Before(effects) => PowerLine::Before(self.effects(effects)),
            PowerLine::Check(check) => {
                let mut check = check.clone();
                check.modifier = self.expr(&check.modifier);
                check.defence = check.defence.as_ref().map(|defence| self.expr(defence));
                PowerLine::Check(check)
            }
            PowerLine::Cost(Cost::Resources(parts)) => PowerLine::Cost(Cost::Resources(
                parts
                    .iter()
                    .map(|part| CostPart {
                        amount: self.amount(&part.amount),
                        resource: self.spanned_name(&part.resource),
                        up_to: part.up_to.as_ref().map(|most| self.amount(most)),
                    })
                    .collect(),
            )),
            PowerLine::Cost(Cost::Narration(narration)) => {
                PowerLine::Cost(Cost::Narration(self.narration(narration)))
            }
            PowerLine::Effect { grade, effects } => {
                PowerLine::Effect { grade: grade.clone(), effects: self.effects(effects) }
            }
            PowerLine::Result { grade, gate, effects } => PowerLine::Result {
                grade: grade.clone(),
                gate: gate.clone(),
                effects: self.effects(effects),
            },
            PowerLine::Invest(amount) => PowerLine::Invest(self.amount(amount)),
            PowerLine::Ticks(amount) => PowerLine::Ticks(self.amount(amount)),
            PowerLine::Roll(amount) => PowerLine::Roll(self.amount(amount)),
            PowerLine::Threshold(expr) => PowerLine::Threshold(self.expr(expr)),
            PowerLine::GmThreshold(default) => {
                PowerLine::GmThreshold(default.as_ref().map(|expr| self.expr(expr)))
            }
            PowerLine::Halt(r) => PowerLine::Halt(self.requirement(r)),
            PowerLine::Prereq(r) => PowerLine::Prereq(self.requirement(r)),
            PowerLine::Sustain(r) => PowerLine::Sustain(self.requirement(r)),
            PowerLine::While(r) => PowerLine::While(self.requirement(r)),
            other => other.clone(),
        }
    }

    /// Every line of a power with the binding applied.
    pub fn lines(&self, lines: &[Spanned<PowerLine>]) -> Vec<Spanned<PowerLine>> {
        lines.iter().map(|line| Spanned::new(self.line(&line.node), line.span)).collect()
    }
}

/// The stats of the `Stats <group>:` lines among `system` lines naming any of `groups` (or,
/// for a group that is a `Record`, the gear fields holding it), in
/// the order of the groups; `Err` with the first group no line declares.
pub fn group_members<'a, 'g>(
    system: impl IntoIterator<Item = &'a Spanned<super::SystemLine>> + Clone,
    groups: &'g [Spanned<Name>],
) -> Result<Vec<&'a Spanned<Name>>, &'g Spanned<Name>> {
    let mut members = Vec::new();
    for group in groups {
        // Several lines may share a group (`Stats Specialities under Fighting:` and
        // `Stats Specialities under Agility:`): their stats join in declaration order.
        let mut declared = false;
        for line in system.clone() {
            match &line.node {
                super::SystemLine::Stats { group: Some(name), stats, .. }
                    if name.node.matches(group.node.as_str()) =>
                {
                    declared = true;
                    members.extend(stats);
                }
                // A record's name groups the gear fields that hold it: `Choose: Attack from
                // Attack` picks `Fast` or `Strong` of `Weapon fields: Fast Attack, ...`.
                super::SystemLine::Record { name, .. }
                    if name.node.matches(group.node.as_str()) =>
                {
                    declared = true;
                }
                super::SystemLine::GearFields { fields, .. } => {
                    let record = super::gear::FieldType::Record(group.node.clone());
                    let holding = fields.iter().filter(|field| field.node.allows(&record));
                    members.extend(holding.map(|field| &field.node.name));
                }
                _ => {}
            }
        }
        if !declared {
            return Err(group);
        }
    }
    Ok(members)
}
