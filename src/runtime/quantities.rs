//! Damage and healing as the conditions of the actors involved change them: the victim's
//! `damage taken` modifiers become the engine's [`DamageRules`] (typed resistance counts only
//! when every type of the hit is resisted, typed vulnerability when any type matches,
//! untyped modifiers always), and the dealer's `damage dealt` and the receiver's `healing
//! received` modifiers change the amount before it is dealt or healed. Bare `damage` and
//! `healing` modifiers are the damage taken and healing received. A `damage taken` modifier
//! with `vs`/`unless` counts only against the [`Attack`] whose keywords satisfy it, and
//! `damage taken leaves N` is the health floor the hit must respect.

use std::borrow::Cow;

use crate::engine::{Actor, DamageRules, RoundingDirection, Scale};
use crate::model::Modifier;
use crate::model::entity::{Change, Quantity, TypeFilter};
use crate::model::expr::{LineContext, Rounding};
use crate::model::{Amount, Name};

use super::error::RuntimeError;
use super::relations::{Held, held};
use super::rules::Rules;
use super::scope::LineScope;

/// A modifier's amount on `actor` with the condition's N.
fn value(
    rules: &Rules,
    actor: &Actor,
    held: Held<'_>,
    amount: &Amount,
) -> Result<i64, RuntimeError> {
    let extra = [("N", held.n.unwrap_or(0))];
    let scope = LineScope { extra: &extra, ..LineScope::of(rules, actor) };
    Ok(scope.amount(amount, LineContext::Condition, rules.rounding)?)
}

/// The engine scale of `factor` rounded `how` (the system's rounding when not given).
fn scale(
    rules: &Rules,
    actor: &Actor,
    held: Held<'_>,
    factor: &Amount,
    how: Option<Rounding>,
) -> Result<Scale, RuntimeError> {
    let rounding = match how.unwrap_or(rules.rounding) {
        Rounding::Ceiling => RoundingDirection::Up,
        Rounding::Nearest => RoundingDirection::Nearest,
        // Damage, healing and their factors are not negative: truncating is flooring.
        Rounding::Floor | Rounding::TowardZero => RoundingDirection::Down,
    };
    Ok(match factor {
        Amount::Number(number) => {
            let denominator = 10i64.checked_pow(number.scale).unwrap_or(i64::MAX);
            Scale { numerator: number.units, denominator, rounding }
        }
        other => Scale { numerator: value(rules, actor, held, other)?, denominator: 1, rounding },
    })
}

/// The damage type a filter names on `held`: `None` for an untyped modifier (a `[Type]`
/// filter on a copy applied without a type is untyped too).
fn filter_type<'a>(filter: Option<&'a TypeFilter>, held: Held<'a>) -> Option<&'a str> {
    match filter? {
        TypeFilter::Named(name) => Some(name.node.as_str()),
        TypeFilter::Parameter(_) => held.subtype,
    }
}

/// The lower-cased types of a damage phrase's type word: `fire/cold` is a fire and cold hit.
pub(crate) fn hit_types(damage_type: Option<&Name>) -> Vec<String> {
    damage_type
        .map(|t| t.as_str().split('/').map(|part| part.trim().to_lowercase()).collect())
        .unwrap_or_default()
}

/// The attack a hit belongs to, as `damage taken` modifiers with `vs`/`unless` see it: its
/// user (`vs Source`: the condition's source made the attack) and its power's lines with the
/// weapon it used, whose keywords (see [`crate::model::keywords::of`]) `vs Ranged` tests.
/// A hit that no power deals (an event rule's, a script's, the GM's) is no attack: the
/// relative modifiers do not count on it.
#[derive(Clone, Copy, Default)]
pub(crate) struct Attack<'a> {
    /// Who deals the hit.
    pub attacker: Option<&'a str>,
    /// The power in use and its weapon.
    pub power: Option<(
        &'a [crate::diagnostics::Spanned<crate::model::PowerLine>],
        Option<&'a crate::model::Block>,
    )>,
}

impl Attack<'_> {
    /// Whether every relation of a relative modifier holds for this attack on a condition
    /// applied by `source`. A hit no power deals is no attack: no relation holds for it, so
    /// `unless vs Area` does not halve a condition's ongoing damage or the GM's.
    fn holds(&self, relations: &[&crate::model::entity::Relation], source: Option<&str>) -> bool {
        self.power.is_some()
            && relations.iter().all(|relation| {
                let holds = if relation.is_source() {
                    source.zip(self.attacker).is_some_and(|(s, a)| s.eq_ignore_ascii_case(a))
                } else {
                    self.power.is_some_and(|(lines, weapon)| {
                        crate::model::keywords::has(lines, weapon, relation.against.node.as_str())
                    })
                };
                holds != relation.negated
            })
    }
}

/// How `victim` takes a hit of `types` dealt by `attack`: the `damage taken` modifiers of
/// what it holds ([`DamageRules::none`] when nothing it holds has one, the usual case), with
/// the relative ones (`damage taken * 1.5 vs Ranged`) whose relations all hold for the
/// attack; and the health the hit must leave it (`damage taken leaves 1`: the largest).
pub(crate) fn damage_taken(
    rules: &Rules,
    victim: &Actor,
    types: &[String],
    attack: Attack<'_>,
) -> Result<(Cow<'static, DamageRules>, Option<i64>), RuntimeError> {
    let mut built: Option<DamageRules> = None;
    let mut leaves: Option<i64> = None;
    for h in held(rules, victim) {
        for modifier in h.modifiers() {
            let mut relations = Vec::new();
            let mut modifier = modifier;
            while let Modifier::Relative { modifier: inner, relation } = modifier {
                relations.push(relation);
                modifier = inner;
            }
            if !relations.is_empty() && !attack.holds(&relations, h.source) {
                continue;
            }
            match modifier {
                // Only the lower-case quantity: a stat may be called `Damage`.
                Modifier::Add { negative, amount, stat }
                    if relations.is_empty() && stat.node.as_str() == "damage" =>
                {
                    let v = value(rules, victim, h, amount)?;
                    // Rules are built on the first modifier that concerns damage.
                    let result = built.get_or_insert_with(DamageRules::default);
                    if *negative {
                        result.reduction = result.reduction.saturating_add(v);
                    } else {
                        result.added = result.added.saturating_add(v);
                    }
                }
                Modifier::Scale { stat, factor, rounding }
                    if relations.is_empty() && stat.node.matches("damage") =>
                {
                    let factor = scale(rules, victim, h, factor, *rounding)?;
                    let held = &mut built.get_or_insert_with(DamageRules::default).scale;
                    *held = Some(held.map_or(factor, |held| held.and(factor)));
                }
                Modifier::Quantity(q) if q.quantity == Quantity::DamageTaken => {
                    if let Change::Leaves { amount } = &q.change {
                        let v = value(rules, victim, h, amount)?;
                        leaves = Some(leaves.map_or(v, |l| l.max(v)));
                        continue;
                    }
                    let result = built.get_or_insert_with(DamageRules::default);
                    let typed = filter_type(q.of_type.as_ref(), h).map(str::to_lowercase);
                    match (&q.change, typed) {
                        (Change::Add { negative, amount }, typed) => {
                            let v = value(rules, victim, h, amount)?;
                            let table = match (negative, typed) {
                                (true, None) => {
                                    result.reduction = result.reduction.saturating_add(v);
                                    None
                                }
                                (false, None) => {
                                    result.added = result.added.saturating_add(v);
                                    None
                                }
                                (true, Some(t)) => Some((&mut result.resistances, t)),
                                (false, Some(t)) => Some((&mut result.vulnerabilities, t)),
                            };
                            if let Some((table, t)) = table {
                                let entry = table.entry(t).or_insert(0);
                                *entry = entry.saturating_add(v);
                            }
                        }
                        (Change::Scale { factor, rounding }, typed) => {
                            let all = typed.as_ref().is_none_or(|t| {
                                !types.is_empty() && types.iter().all(|hit| hit == t)
                            });
                            if all {
                                let factor = scale(rules, victim, h, factor, *rounding)?;
                                result.scale = Some(result.scale.map_or(factor, |s| s.and(factor)));
                            }
                        }
                        (Change::Leaves { .. }, _) => {}
                    }
                    if let Some(min) = &q.min {
                        result.minimum = result.minimum.max(value(rules, victim, h, min)?);
                    }
                }
                _ => {}
            }
        }
    }
    let rules = built.map_or(Cow::Borrowed(DamageRules::none()), Cow::Owned);
    Ok((rules, leaves))
}

/// `amount` changed by the `quantity` modifiers (`damage dealt` or `healing received`, and
/// bare `healing`) of what `actor` holds: additions first, then scales, then the largest
/// floor (only for an amount that was positive); never below 0. A typed modifier counts
/// when the hit has its type.
pub(crate) fn adjusted(
    rules: &Rules,
    actor: &Actor,
    quantity: Quantity,
    types: &[String],
    amount: i64,
) -> Result<i64, RuntimeError> {
    let (mut added, mut scaled, mut floor) = (0i64, None::<Scale>, None::<i64>);
    for h in held(rules, actor) {
        for modifier in h.modifiers() {
            match modifier {
                Modifier::Add { negative, amount, stat }
                    if quantity == Quantity::HealingReceived && stat.node.as_str() == "healing" =>
                {
                    let v = value(rules, actor, h, amount)?;
                    added = added.saturating_add(if *negative { -v } else { v });
                }
                Modifier::Quantity(q) if q.quantity == quantity => {
                    let typed = filter_type(q.of_type.as_ref(), h);
                    if typed.is_some_and(|t| !types.iter().any(|hit| hit.eq_ignore_ascii_case(t))) {
                        continue;
                    }
                    match &q.change {
                        Change::Add { negative, amount } => {
                            let v = value(rules, actor, h, amount)?;
                            added = added.saturating_add(if *negative { -v } else { v });
                        }
                        Change::Scale { factor, rounding } => {
                            let factor = scale(rules, actor, h, factor, *rounding)?;
                            scaled = Some(scaled.map_or(factor, |s| s.and(factor)));
                        }
                        // Damage taken only (`check` refuses it here).
                        Change::Leaves { .. } => {}
                    }
                    if let Some(min) = &q.min {
                        let v = value(rules, actor, h, min)?;
                        floor = Some(floor.map_or(v, |f| f.max(v)));
                    }
                }
                _ => {}
            }
        }
    }
    let mut result = amount.saturating_add(added);
    if let Some(s) = scaled {
        result = s.rounding.scale(result, s.numerator, s.denominator);
    }
    if let Some(floor) = floor.filter(|_| amount > 0) {
        result = result.max(floor);
    }
    Ok(result.max(0))
}
