//! The parts of condition lines that say how a condition changes damage, healing and the
//! dealings between two actors: quantity modifiers (`damage taken of [Type] - [N] min 0`),
//! relations (`vs Source`, `unless Target is Source`) and grants
//! (`Grants: Advantage to melee attackers`).

use std::fmt;

use serde::Serialize;

use super::common::write_list;
use super::effect::{Amount, ConditionRef};
use super::entity::Modifier;
use super::expr::{Name, Rounding};
use crate::diagnostics::Spanned;

/// The quantity a damage or healing modifier changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Quantity {
    /// `damage taken`: every hit the holder takes.
    DamageTaken,
    /// `damage dealt`: every hit the holder's powers deal.
    DamageDealt,
    /// `healing received`: every heal the holder receives.
    HealingReceived,
}

impl Quantity {
    /// The words the quantity is written with.
    pub fn as_str(self) -> &'static str {
        match self {
            Quantity::DamageTaken => "damage taken",
            Quantity::DamageDealt => "damage dealt",
            Quantity::HealingReceived => "healing received",
        }
    }
}

/// Which damage types a quantity modifier is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum TypeFilter {
    /// `of Fire`: one named type.
    Named(Spanned<Name>),
    /// `of [Type]`: the type the condition was applied with (`Resistant 2 Fire`); a copy
    /// applied without one is untyped and applies to every hit.
    Parameter(Spanned<Name>),
}

impl fmt::Display for TypeFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeFilter::Named(name) => write!(f, "{}", name.node),
            TypeFilter::Parameter(name) => write!(f, "[{}]", name.node),
        }
    }
}

/// How a quantity modifier changes the amount.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Change {
    /// `+ [N]`, `- 2`
    Add {
        /// `-` for less.
        negative: bool,
        /// How much.
        amount: Amount,
    },
    /// `* 0.5 round up`
    Scale {
        /// The factor.
        factor: Amount,
        /// How to round (`None`: the system's rule).
        rounding: Option<Rounding>,
    },
    /// `leaves 1`: the hit never takes the holder's health below this (one already at or
    /// below it loses nothing); damage taken only.
    Leaves {
        /// The health left at least.
        amount: Amount,
    },
}

/// `damage taken of [Type] - [N] min 0`: a change to damage taken or dealt or healing
/// received, optionally only for one damage type, with an optional floor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuantityModifier {
    /// What is changed.
    pub quantity: Quantity,
    /// `of [Type]`: only hits of that type (typed resistance and vulnerability).
    pub of_type: Option<TypeFilter>,
    /// The change.
    pub change: Change,
    /// `min 1`: the changed amount is never below this (only when it was positive).
    pub min: Option<Amount>,
}

impl fmt::Display for QuantityModifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.quantity.as_str())?;
        if let Some(filter) = &self.of_type {
            write!(f, " of {filter}")?;
        }
        match &self.change {
            Change::Add { negative, amount } => {
                write!(f, " {} {amount}", if *negative { "-" } else { "+" })?
            }
            Change::Leaves { amount } => write!(f, " leaves {amount}")?,
            Change::Scale { factor, rounding } => {
                write!(f, " * {factor}")?;
                match rounding {
                    Some(Rounding::Ceiling) => f.write_str(" round up")?,
                    Some(Rounding::Nearest) => f.write_str(" round nearest")?,
                    Some(_) => f.write_str(" round down")?,
                    None => {}
                }
            }
        }
        match &self.min {
            Some(min) => write!(f, " min {min}"),
            None => Ok(()),
        }
    }
}

/// When a relative modifier counts: against the condition's source, or in a dealing whose
/// power has a keyword (`vs ranged`), or (negated) in every dealing but those.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Relation {
    /// `unless`: counts when the relation does NOT hold.
    pub negated: bool,
    /// `Source` (the actor that applied the condition) or a power keyword.
    pub against: Spanned<Name>,
}

impl Relation {
    /// Whether the relation names the condition's source rather than a keyword.
    pub fn is_source(&self) -> bool {
        self.against.node.matches("Source")
    }
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.negated, self.is_source()) {
            (false, _) => write!(f, "vs {}", self.against.node),
            (true, true) => write!(f, "unless Target is {}", self.against.node),
            (true, false) => write!(f, "unless vs {}", self.against.node),
        }
    }
}

/// One thing a `Grants` line gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum GrantItem {
    /// `Advantage`, `Concealed 5`: the condition's modifiers, counted once however many
    /// conditions grant it, and not at all when the receiver already has it.
    Condition(ConditionRef),
    /// `+2 Attack`: added as is.
    Modifier(Modifier),
}

impl fmt::Display for GrantItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GrantItem::Condition(condition) => write!(f, "{condition}"),
            GrantItem::Modifier(modifier) => write!(f, "{modifier}"),
        }
    }
}

/// Who receives a grant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Audience {
    /// `melee attackers`: only when the power has this keyword.
    pub keyword: Option<Spanned<Name>>,
    /// `targets`: the holder's targets (against the holder) instead of its attackers.
    pub targets: bool,
}

impl fmt::Display for Audience {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(keyword) = &self.keyword {
            write!(f, "{} ", keyword.node)?;
        }
        f.write_str(if self.targets { "targets" } else { "attackers" })
    }
}

/// `Grants: Advantage, +1 Damage to melee attackers`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Grant {
    /// What is granted.
    pub items: Vec<Spanned<GrantItem>>,
    /// To whom.
    pub audience: Audience,
}

impl fmt::Display for Grant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.items)?;
        write!(f, " to {}", self.audience)
    }
}
