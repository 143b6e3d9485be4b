//! Decision points: the choices a player makes in the middle of a resolution (take the second
//! die? how much boost? spend extra dice?). A point is plain data; a [`Decider`] answers it.
//! In batch mode a [`PolicyDecider`] answers from named policies, deterministically; the REPL
//! will implement [`Decider`] by asking a question. Every answer is recorded for the log.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A choice the engine needs made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "decision")]
pub enum DecisionPoint {
    /// Use a second die instead of the first? Carries the best result each die can give.
    UseSecondDie {
        /// The score the first die gives (higher is better for the roller).
        first: i64,
        /// The score the second die gives.
        second: i64,
    },
    /// Add 0..=`max` to a roll that succeeds while `roll + boost <= target`.
    ChooseBoost {
        /// The die as rolled.
        roll: i64,
        /// The target to stay at or below.
        target: i64,
        /// The largest boost allowed.
        max: i64,
    },
    /// Spend 0..=`max` of something (extra dice, energy, fate).
    SpendExtra {
        /// What would be spent.
        resource: String,
        /// The most that may be spent.
        max: i64,
    },
    /// Pick one of `options` (a script's `decide(question, options)`); the answer is the
    /// index picked, as an amount. Policies pick the first option.
    Choose {
        /// The question as the script asked it.
        question: String,
        /// The options, in order.
        options: Vec<String>,
    },
    /// Pay `cost` of `resource` to roll a failed check again? Asked only when affordable.
    Reroll {
        /// What the reroll costs.
        resource: String,
        /// How much.
        cost: i64,
        /// The score of the failed roll.
        score: i64,
    },
    /// Pay `cost` of `resource` to drop the check's negative modifiers (`penalty`, below 0)?
    IgnorePenalties {
        /// The penalties' sum.
        penalty: i64,
        /// What it costs.
        resource: String,
        /// How much.
        cost: i64,
    },
}

impl DecisionPoint {
    /// The kind of decision, used to look up its policy.
    pub fn kind(&self) -> DecisionKind {
        match self {
            DecisionPoint::UseSecondDie { .. } => DecisionKind::SecondDie,
            DecisionPoint::ChooseBoost { .. } => DecisionKind::Boost,
            DecisionPoint::SpendExtra { .. } => DecisionKind::Spend,
            DecisionPoint::Choose { .. } => DecisionKind::Choice,
            DecisionPoint::Reroll { .. } => DecisionKind::Reroll,
            DecisionPoint::IgnorePenalties { .. } => DecisionKind::IgnorePenalties,
        }
    }
}

/// The kinds of decision, each with its own policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DecisionKind {
    /// [`DecisionPoint::UseSecondDie`].
    SecondDie,
    /// [`DecisionPoint::ChooseBoost`].
    Boost,
    /// [`DecisionPoint::SpendExtra`].
    Spend,
    /// [`DecisionPoint::Choose`].
    Choice,
    /// [`DecisionPoint::Reroll`].
    Reroll,
    /// [`DecisionPoint::IgnorePenalties`].
    IgnorePenalties,
}

/// The answer to a decision point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// Yes or no.
    Choice(bool),
    /// An amount.
    Amount(i64),
}

impl Answer {
    /// The answer as yes/no (an amount above 0 counts as yes).
    pub fn as_bool(self) -> bool {
        match self {
            Answer::Choice(b) => b,
            Answer::Amount(n) => n > 0,
        }
    }

    /// The answer as an amount clamped to `0..=max` (yes counts as `max`).
    pub fn as_amount(self, max: i64) -> i64 {
        match self {
            Answer::Choice(true) => max.max(0),
            Answer::Choice(false) => 0,
            Answer::Amount(n) => n.clamp(0, max.max(0)),
        }
    }
}

/// A named way of answering decisions without asking anyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// Always yes / the maximum.
    Always,
    /// Always no / zero.
    Never,
    /// Yes only when it improves the result (second die: strictly higher score).
    IfBetter,
    /// The largest amount that still succeeds (boost: `target - roll`, within `0..=max`).
    MaxSafe,
}

impl Policy {
    /// Every policy name [`Policy::from_name`] reads.
    pub const NAMES: &'static [&'static str] = &["always", "never", "if-better", "max-safe"];

    /// The policy's name as written in rule files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Policy::Always => "always",
            Policy::Never => "never",
            Policy::IfBetter => "if-better",
            Policy::MaxSafe => "max-safe",
        }
    }

    /// Parses a policy name as written in rule files and on the command line.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "always" => Some(Policy::Always),
            "never" => Some(Policy::Never),
            "if-better" => Some(Policy::IfBetter),
            "max-safe" => Some(Policy::MaxSafe),
            _ => None,
        }
    }

    /// Answers `point` under this policy.
    pub fn answer(self, point: &DecisionPoint) -> Answer {
        match (self, point) {
            (Policy::Always, DecisionPoint::UseSecondDie { .. }) => Answer::Choice(true),
            (Policy::Never, DecisionPoint::UseSecondDie { .. }) => Answer::Choice(false),
            (Policy::IfBetter | Policy::MaxSafe, DecisionPoint::UseSecondDie { first, second }) => {
                Answer::Choice(second > first)
            }
            (Policy::Always, DecisionPoint::ChooseBoost { max, .. })
            | (Policy::Always, DecisionPoint::SpendExtra { max, .. }) => Answer::Amount(*max),
            (Policy::Never, _) => Answer::Amount(0),
            (
                Policy::IfBetter | Policy::MaxSafe,
                DecisionPoint::ChooseBoost { roll, target, max },
            ) => Answer::Amount(target.saturating_sub(*roll).clamp(0, (*max).max(0))),
            // Spending has no "better" to measure without the rule model: spend nothing.
            (Policy::IfBetter | Policy::MaxSafe, DecisionPoint::SpendExtra { .. }) => {
                Answer::Amount(0)
            }
            // A script's options carry no order of merit: every policy takes the first.
            (Policy::Always | Policy::IfBetter | Policy::MaxSafe, DecisionPoint::Choose { .. }) => {
                Answer::Amount(0)
            }
            // Asked only after a failure or with a penalty: paying can only help.
            (
                Policy::Always | Policy::IfBetter | Policy::MaxSafe,
                DecisionPoint::Reroll { .. } | DecisionPoint::IgnorePenalties { .. },
            ) => Answer::Choice(true),
        }
    }
}

/// A decision point together with the answer it got, for the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionTaken {
    /// The question.
    pub point: DecisionPoint,
    /// The answer.
    pub answer: Answer,
    /// The policy that answered, or `None` when a person did.
    pub policy: Option<Policy>,
}

impl DecisionTaken {
    /// The decision in words, for the transcript: `uses the second die (6 over 0; policy
    /// if-better)`.
    pub fn describe(&self) -> String {
        let what = match (&self.point, self.answer) {
            (DecisionPoint::UseSecondDie { first, second }, answer) if answer.as_bool() => {
                format!("uses the second die ({second} over {first})")
            }
            (DecisionPoint::UseSecondDie { first, second }, _) => {
                format!("keeps the first die ({first} over {second})")
            }
            (DecisionPoint::ChooseBoost { roll, target, max }, answer) => {
                format!(
                    "boosts {roll} by {} (up to {max}, target {target})",
                    answer.as_amount(*max)
                )
            }
            (DecisionPoint::SpendExtra { resource, max }, answer) => {
                format!("spends {} of up to {max} {resource}", answer.as_amount(*max))
            }
            (DecisionPoint::Choose { question, options }, answer) => {
                let last = i64::try_from(options.len()).unwrap_or(i64::MAX).saturating_sub(1);
                let index = usize::try_from(answer.as_amount(last)).unwrap_or(0);
                let picked = options.get(index).map_or("", String::as_str);
                let how = if self.policy.is_some() { "the first option" } else { "asked" };
                return format!("decides {question} {picked}; {how}");
            }
            (DecisionPoint::Reroll { resource, cost, score }, answer) if answer.as_bool() => {
                format!("pays {cost} {resource} to reroll the failed check (score {score})")
            }
            (DecisionPoint::Reroll { score, .. }, _) => {
                format!("keeps the failed check (score {score})")
            }
            (DecisionPoint::IgnorePenalties { penalty, resource, cost }, answer)
                if answer.as_bool() =>
            {
                format!("pays {cost} {resource} to ignore the penalty of {penalty}")
            }
            (DecisionPoint::IgnorePenalties { penalty, .. }, _) => {
                format!("keeps the penalty of {penalty}")
            }
        };
        let how =
            self.policy.map_or("asked".to_string(), |policy| format!("policy {}", policy.name()));
        format!("{what}; {how}")
    }
}

/// Something that answers decision points: a policy set in batch mode, a person in the REPL.
pub trait Decider {
    /// Answers one decision point.
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken;

    /// What the next question is about, as the transcript prints it (the dice a second-die
    /// question is about, the failed check a reroll question is about), told before it is
    /// asked: a person reads it first. Policies need not look.
    fn show(&mut self, _happened: &str) {}

    /// True when a person answers (the REPL at a terminal): only then does a use that
    /// leaves out a number it must be given (`choosing 3`) ask for it; a policy would
    /// only guess, so without a person such a use is refused.
    fn asks_person(&self) -> bool {
        false
    }
}

/// Answers every decision from a named policy per kind; deterministic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PolicyDecider {
    /// The policy per kind of decision.
    pub policies: BTreeMap<DecisionKind, Policy>,
}

impl Default for PolicyDecider {
    /// Second die: `if-better`; boost: `max-safe`; spending, rerolls and ignoring
    /// penalties: `never` (they cost something).
    fn default() -> Self {
        let kinds = [
            DecisionKind::SecondDie,
            DecisionKind::Boost,
            DecisionKind::Spend,
            DecisionKind::Reroll,
            DecisionKind::IgnorePenalties,
        ];
        PolicyDecider { policies: kinds.map(|kind| (kind, DefaultPolicies::of(kind))).into() }
    }
}

/// The decider [`PolicyDecider::default`] is, without its table: every decision answered by
/// its kind's default policy (a choice among named options: `never`), allocating nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultPolicies;

impl DefaultPolicies {
    /// The default policy for decisions of `kind`.
    pub fn of(kind: DecisionKind) -> Policy {
        match kind {
            DecisionKind::SecondDie => Policy::IfBetter,
            DecisionKind::Boost => Policy::MaxSafe,
            DecisionKind::Spend
            | DecisionKind::Choice
            | DecisionKind::Reroll
            | DecisionKind::IgnorePenalties => Policy::Never,
        }
    }
}

impl Decider for DefaultPolicies {
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        let policy = DefaultPolicies::of(point.kind());
        DecisionTaken { point: point.clone(), answer: policy.answer(point), policy: Some(policy) }
    }
}

impl PolicyDecider {
    /// Replaces the policy for one kind of decision.
    pub fn with(mut self, kind: DecisionKind, policy: Policy) -> Self {
        self.policies.insert(kind, policy);
        self
    }
}

impl Decider for PolicyDecider {
    fn decide(&mut self, point: &DecisionPoint) -> DecisionTaken {
        let policy = self.policies.get(&point.kind()).copied().unwrap_or(Policy::Never);
        DecisionTaken { point: point.clone(), answer: policy.answer(point), policy: Some(policy) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_max_safe_boost_stays_at_target() {
        let point = DecisionPoint::ChooseBoost { roll: 9, target: 10, max: 3 };
        assert_eq!(Policy::MaxSafe.answer(&point), Answer::Amount(1));
        let point = DecisionPoint::ChooseBoost { roll: 11, target: 10, max: 3 };
        assert_eq!(Policy::MaxSafe.answer(&point), Answer::Amount(0));
    }

    #[test]
    fn policy_if_better_takes_only_strictly_better() {
        let equal = DecisionPoint::UseSecondDie { first: 5, second: 5 };
        assert_eq!(Policy::IfBetter.answer(&equal), Answer::Choice(false));
        let better = DecisionPoint::UseSecondDie { first: 5, second: 6 };
        assert_eq!(Policy::IfBetter.answer(&better), Answer::Choice(true));
        assert_eq!(Policy::Never.answer(&better), Answer::Choice(false));
    }

    #[test]
    fn the_default_policies_decide_as_the_default_table() {
        // The table written out, as the docs state it.
        let table = BTreeMap::from([
            (DecisionKind::SecondDie, Policy::IfBetter),
            (DecisionKind::Boost, Policy::MaxSafe),
            (DecisionKind::Spend, Policy::Never),
            (DecisionKind::Reroll, Policy::Never),
            (DecisionKind::IgnorePenalties, Policy::Never),
        ]);
        assert_eq!(PolicyDecider::default(), PolicyDecider { policies: table });
        let resource = || "Fate".to_string();
        let points = [
            DecisionPoint::UseSecondDie { first: 3, second: 8 },
            DecisionPoint::ChooseBoost { roll: 9, target: 10, max: 3 },
            DecisionPoint::SpendExtra { resource: resource(), max: 2 },
            // Left out of the table: `never` by the decider's fallback and by its kind.
            DecisionPoint::Choose { question: "which".into(), options: vec!["a".into()] },
            DecisionPoint::Reroll { resource: resource(), cost: 1, score: 4 },
            DecisionPoint::IgnorePenalties { penalty: 2, resource: resource(), cost: 1 },
        ];
        for point in &points {
            let table = PolicyDecider::default().decide(point);
            assert_eq!(DefaultPolicies.decide(point), table, "{point:?}");
        }
        let taken = DefaultPolicies.decide(&points[0]);
        assert_eq!((taken.answer, taken.policy), (Answer::Choice(true), Some(Policy::IfBetter)));
    }

    #[test]
    fn policy_names_parse() {
        for name in ["always", "never", "if-better", "max-safe"] {
            assert!(Policy::from_name(name).is_some(), "{name}");
        }
        assert_eq!(Policy::from_name("sometimes"), None);
    }

    #[test]
    fn decider_default_policies_and_override() {
        let mut decider = PolicyDecider::default().with(DecisionKind::Spend, Policy::Always);
        let taken =
            decider.decide(&DecisionPoint::SpendExtra { resource: "energy".into(), max: 4 });
        assert_eq!(taken.answer.as_amount(4), 4);
        assert_eq!(taken.policy, Some(Policy::Always));
    }
}
