//! The rule-model parts of a test that takes several steps (a success pool left open after
//! its roll): extra dice bought in chunks from a resource (`Chunk: Effort, at most
//! [Rating]`), what each chunk costs besides (`Per chunk: gain 1 Fatigue`), how a chunk's
//! dice are judged as a whole (`Chunk all highest: Major Success, gain [Chunk] successes`,
//! effects may follow), the dice an opponent rolls to raise the successes needed
//! (`Opposing dice: Tension`), and the named outcomes of a kind of test (`Outcomes Contest:
//! Prevails if [Margin > 0], Stalemate if [Margin <= 0]`).
//! Plain data with canonical `Display`; the runtime's `steps` module runs them.

use std::fmt;

use serde::Serialize;

use super::effect::{Amount, Effects};
use super::expr::{Expr, Name};
use super::outcome::Payment;
use crate::diagnostics::Spanned;

/// `Chunk: Effort, at most [Rating]`: extra dice bought after the roll, one point of the
/// resource per die, at most `most` dice in one chunk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChunkRule {
    /// The resource spent: `Effort`.
    pub resource: Spanned<Name>,
    /// The largest chunk: `[Rating]`.
    pub most: Amount,
}

impl fmt::Display for ChunkRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, at most {}", self.resource.node, self.most)
    }
}

/// `Per chunk: gain 1 Fatigue`: a resource change of the roller's with every chunk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChunkCost {
    /// `lose` rather than `gain`.
    pub lose: bool,
    /// How much of which resource.
    pub change: Payment,
}

impl fmt::Display for ChunkCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", if self.lose { "lose" } else { "gain" }, self.change)
    }
}

/// How a chunk's dice came out as a whole, judged on their first rolls (dice rolled for a
/// push are not judged). The first class that holds wins, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum ChunkClass {
    /// `Chunk all highest`: every die shows its highest face.
    AllHighest,
    /// `Chunk all successes`: every die is a success.
    AllSuccesses,
    /// `Chunk all ones`: every die shows 1.
    AllOnes,
    /// `Chunk all failures`: every die is a failure.
    AllFailures,
}

impl ChunkClass {
    /// The line's label: `Chunk all highest`.
    pub fn label(self) -> &'static str {
        match self {
            ChunkClass::AllHighest => "Chunk all highest",
            ChunkClass::AllSuccesses => "Chunk all successes",
            ChunkClass::AllOnes => "Chunk all ones",
            ChunkClass::AllFailures => "Chunk all failures",
        }
    }
}

/// What a judged chunk does to the test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum SuccessChange {
    /// `gain [Chunk] successes`.
    Gain(Amount),
    /// `lose 1 successes, else raise Threshold by 1`: successes taken away (never below 0);
    /// when there are none to take, the successes needed rise by `otherwise` instead.
    Lose {
        /// Successes taken away.
        amount: Amount,
        /// The rise of the successes needed when there are none to take.
        otherwise: Option<Amount>,
    },
}

impl fmt::Display for SuccessChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuccessChange::Gain(amount) => write!(f, "gain {amount} successes"),
            SuccessChange::Lose { amount, otherwise } => {
                write!(f, "lose {amount} successes")?;
                match otherwise {
                    Some(rise) => write!(f, ", else raise Threshold by {rise}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// `Chunk all ones: Major Blunder, lose [Chunk] successes, else raise Threshold by [Chunk]`,
/// optionally followed by effects on the roller: `...; when [Chunk = Rating]: do Advance`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChunkJudgement {
    /// Which outcome of the chunk it judges.
    pub class: ChunkClass,
    /// The name the transcript gives it: `Major Blunder`.
    pub label: Spanned<String>,
    /// What it does to the test.
    pub change: SuccessChange,
    /// Effects after the change, with the roller as their user (`Stat` in their names is
    /// the stat the test invokes); empty when the line has none.
    pub effects: Effects,
}

/// The name a chunk judgement's effects use for the stat the test invokes (its first):
/// `gain 1 Stat Marks` gains `Might Marks` in a test of Might.
pub const TESTED_STAT: &str = "Stat";

impl fmt::Display for ChunkJudgement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}, {}", self.class.label(), self.label.node, self.change)?;
        if !self.effects.parts.is_empty() {
            write!(f, "; {}", self.effects)?;
        }
        Ok(())
    }
}

/// One named outcome of a settled test and the test that gives it: `Stalemate if [Margin
/// <= 0]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedOutcome {
    /// `Stalemate`.
    pub name: Spanned<String>,
    /// `[Margin <= 0]`, reading `Successes`, `Threshold` (the successes needed) and `Margin`.
    pub gate: Spanned<Expr>,
}

/// `Outcomes Contest: Prevails if [Margin > 0], Stalemate if [Margin <= 0]`: the outcomes
/// a test of this kind settles into (`Hero tests Might vs 2 as Contest`), the first whose
/// test holds; `check` refuses two that hold at once and one that never does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NamedOutcomes {
    /// The kind of test: `Contest`.
    pub kind: Spanned<Name>,
    /// Its outcomes, in order.
    pub outcomes: Vec<NamedOutcome>,
}

impl fmt::Display for NamedOutcomes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Outcomes {}: ", self.kind.node)?;
        for (index, outcome) in self.outcomes.iter().enumerate() {
            if index > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} if [{}]", outcome.name.node, outcome.gate.node)?;
        }
        Ok(())
    }
}
