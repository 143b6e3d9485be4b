//! Lowering the condition lines that relate actors and quantities: one modifier (with its
//! quantity form and relation), `Grants:` and `Includes:` lines.

use super::grammar::Rule;
use super::lines::RawLine;
use super::text::{Lowerer, Node};
use crate::diagnostics::Spanned;
use crate::model::entity::{
    Audience, Change, Grant, GrantItem, Quantity, QuantityModifier, Relation, TypeFilter,
};
use crate::model::expr::Rounding;
use crate::model::{ConditionRef, Modifier};

impl Lowerer {
    /// Lowers one `modifier` pair: the modifier and its optional relation.
    pub(super) fn modifier(&mut self, node: Node<'_>, base: usize) -> Option<Spanned<Modifier>> {
        let span = self.span(&node, base);
        let mut parts = node.into_inner();
        let plain = self.plain_modifier(parts.next()?, base)?;
        // Each further relation wraps the modifier once more: all of them must hold.
        let mut modifier = plain;
        for relation in parts {
            let relation = relation.into_inner().next()?;
            let negated = relation.as_rule() == Rule::unless_relation;
            let against = self.name(&relation.into_inner().last()?, base);
            let relation = Relation { negated, against };
            modifier = Modifier::Relative { modifier: Box::new(modifier), relation };
        }
        Some(Spanned::new(modifier, span))
    }

    /// Lowers an `add_modifier`, `set_modifier`, `scale_modifier` or `quantity_modifier`.
    fn plain_modifier(&mut self, node: Node<'_>, base: usize) -> Option<Modifier> {
        let rule = node.as_rule();
        let mut inner: Vec<_> = node.into_inner().collect();
        Some(match rule {
            Rule::add_modifier => {
                let negative = inner.remove(0).as_str() == "-";
                let amount = self.plain_amount(inner.remove(0), base)?;
                Modifier::Add { negative, amount, stat: self.name(&inner.remove(0), base) }
            }
            Rule::set_modifier => {
                let stat = self.name(&inner.remove(0), base);
                let (negative, value) = self.amount(inner.remove(0), base)?;
                Modifier::Set { stat, negative, value }
            }
            Rule::quantity_modifier => Modifier::Quantity(self.quantity(inner, base)?),
            _ => {
                let stat = self.name(&inner.remove(0), base);
                let factor = self.plain_amount(inner.remove(0), base)?;
                let rounding = inner
                    .pop()
                    .and_then(|rounding| Rounding::parse(rounding.into_inner().next()?.as_str()));
                Modifier::Scale { stat, factor, rounding }
            }
        })
    }

    fn quantity(&mut self, parts: Vec<Node<'_>>, base: usize) -> Option<QuantityModifier> {
        let (mut quantity, mut of_type, mut change, mut min) =
            (Quantity::DamageTaken, None, None, None);
        for part in parts {
            match part.as_rule() {
                Rule::quantity => {
                    let words = part.as_str().to_ascii_lowercase();
                    quantity = if words.ends_with("dealt") {
                        Quantity::DamageDealt
                    } else if words.starts_with("healing") {
                        Quantity::HealingReceived
                    } else {
                        Quantity::DamageTaken
                    };
                }
                Rule::type_filter => {
                    let filter = part.into_inner().next()?;
                    of_type = Some(if filter.as_rule() == Rule::type_parameter {
                        TypeFilter::Parameter(self.name(&filter.into_inner().next()?, base))
                    } else {
                        TypeFilter::Named(self.name(&filter, base))
                    });
                }
                Rule::quantity_add => {
                    let mut inner = part.into_inner();
                    let negative = inner.next()?.as_str() == "-";
                    let amount = self.plain_amount(inner.next()?, base)?;
                    change = Some(Change::Add { negative, amount });
                }
                Rule::quantity_leaves => {
                    let amount = self.plain_amount(part.into_inner().next()?, base)?;
                    change = Some(Change::Leaves { amount });
                }
                Rule::quantity_scale => {
                    let mut inner = part.into_inner();
                    let factor = self.plain_amount(inner.next()?, base)?;
                    let rounding = inner.next().and_then(|rounding| {
                        Rounding::parse(rounding.into_inner().next()?.as_str())
                    });
                    change = Some(Change::Scale { factor, rounding });
                }
                _ => min = Some(self.plain_amount(part.into_inner().next()?, base)?),
            }
        }
        Some(QuantityModifier { quantity, of_type, change: change?, min })
    }

    /// `Grants: Advantage to melee attackers`.
    pub(super) fn grants(&mut self, line: &RawLine<'_>) -> Option<Grant> {
        let Some(nodes) = self.try_parse(Rule::grants_input, line.text) else {
            self.bracket_errors(line);
            self.expected(line, "a grant such as `Advantage to melee attackers`");
            return None;
        };
        let base = line.base;
        let mut grant =
            Grant { items: Vec::new(), audience: Audience { keyword: None, targets: false } };
        for node in nodes {
            if node.as_rule() == Rule::audience {
                for part in node.into_inner() {
                    if part.as_rule() == Rule::audience_keyword {
                        grant.audience.keyword = Some(self.name(&part, base));
                    } else {
                        grant.audience.targets = part.as_str().eq_ignore_ascii_case("targets");
                    }
                }
                continue;
            }
            let span = self.span(&node, base);
            let item = node.into_inner().next()?;
            let item = if item.as_rule() == Rule::add_modifier {
                GrantItem::Modifier(self.plain_modifier(item, base)?)
            } else {
                GrantItem::Condition(self.condition_ref(item, base)?)
            };
            grant.items.push(Spanned::new(item, span));
        }
        Some(grant)
    }

    /// `Includes: Dazed, Immobilized`.
    pub(super) fn includes(&mut self, line: &RawLine<'_>) -> Option<Vec<Spanned<ConditionRef>>> {
        let Some(nodes) = self.try_parse(Rule::includes_input, line.text) else {
            self.expected(line, "condition names such as `Dazed, Immobilized`");
            return None;
        };
        nodes
            .into_iter()
            .map(|node| {
                let span = self.span(&node, line.base);
                Some(Spanned::new(self.condition_ref(node, line.base)?, span))
            })
            .collect()
    }
}
