//! The rule-model parts of a check procedure that act around its roll: resource changes on
//! an outcome (`On failure: gain 1 Fragments per skill when [...]`), paid options
//! (`Reroll: 1 Stunt Points`, `Ignore penalties: 1 Stunt Points`), extra dice from a world
//! pool (`Extra dice: Chaos Dice, keep best`), and the system's initiative mode
//! (`Initiative: ticks`). Plain data with canonical `Display`; the runtime runs them.

use std::fmt;

use serde::Serialize;

use super::effect::Amount;
use super::expr::{Expr, Name};
use crate::diagnostics::Spanned;

/// Which outcome an `On ...:` line answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CheckOutcomeKind {
    /// `On failure:` — the check did not succeed (grade 0).
    Failure,
    /// `On success:` — the check succeeded (grade 1 or more).
    Success,
}

impl CheckOutcomeKind {
    /// The line's label: `On failure`.
    pub fn label(self) -> &'static str {
        match self {
            CheckOutcomeKind::Failure => "On failure",
            CheckOutcomeKind::Success => "On success",
        }
    }
}

/// `On failure: gain 1 Fragments per skill when [Target >= 1]` — the roller gains or loses
/// a resource after the check, when the condition holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutcomeAction {
    /// The outcome it answers.
    pub outcome: CheckOutcomeKind,
    /// `lose` instead of `gain`.
    pub lose: bool,
    /// How much.
    pub amount: Amount,
    /// The resource (`Fragments`).
    pub resource: Spanned<Name>,
    /// `per skill`: the resource is `<skill> <resource>` (`Blades Fragments`), the skill
    /// being the check's first stat.
    pub per_skill: bool,
    /// `when [...]`: only if this holds (read with `Target`, `Difficulty`, ...).
    pub when: Option<Spanned<Expr>>,
}

impl fmt::Display for OutcomeAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = if self.lose { "lose" } else { "gain" };
        write!(f, "{}: {verb} {} {}", self.outcome.label(), self.amount, self.resource.node)?;
        if self.per_skill {
            f.write_str(" per skill")?;
        }
        match &self.when {
            Some(when) => write!(f, " when [{}]", when.node),
            None => Ok(()),
        }
    }
}

/// `1 Stunt Points`: what a paid check option costs the roller.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Payment {
    /// How much.
    pub amount: Amount,
    /// Of which resource.
    pub resource: Spanned<Name>,
}

impl fmt::Display for Payment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.amount, self.resource.node)
    }
}

/// The system's `Initiative:` line: plain turns (the default) or a tick timeline.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum InitiativeMode {
    /// `turns`: everyone acts once per round in turn order.
    #[default]
    Turns,
    /// `ticks`: each action costs ticks; the participant with the fewest ticks acts next.
    Ticks,
}

impl InitiativeMode {
    /// Reads `turns` or `ticks` (any case).
    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "turns" => Some(InitiativeMode::Turns),
            "ticks" => Some(InitiativeMode::Ticks),
            _ => None,
        }
    }
}

impl fmt::Display for InitiativeMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            InitiativeMode::Turns => "turns",
            InitiativeMode::Ticks => "ticks",
        })
    }
}
