//! Evaluating `While:` and `Prereq:` requirements: comparisons, held conditions and keyword
//! tests on the power in use.

use crate::diagnostics::Spanned;
use crate::engine::Actor;
use crate::model::common::{Junction, Test};
use crate::model::expr::{LineContext, Name, evaluate};
use crate::model::keywords;
use crate::model::{Block, Requirement};

use super::error::RuntimeError;
use super::rules::Rules;
use super::scope::LineScope;

/// Whether `requirement` holds for `user`. Comparisons, `you have/are <condition>` and
/// `this power has keyword X` (`power` with its weapon) are evaluated; event clauses and
/// narration count as holding (the caller vouches for them).
pub(crate) fn holds(
    rules: &Rules,
    requirement: &Requirement,
    user: &Actor,
    power: Option<(&Block, Option<&Block>)>,
) -> Result<bool, RuntimeError> {
    let Requirement::Tests { first, rest } = requirement else { return Ok(true) };
    let test = |test: &Spanned<Test>| -> Result<bool, RuntimeError> {
        Ok(match &test.node {
            Test::Compare(expr) => {
                let scope = LineScope::of(rules, user);
                let value = evaluate(expr, &scope, LineContext::Condition)?;
                value.as_integer() != Some(0)
            }
            Test::Has { condition, .. } => {
                super::relations::has(rules, user, condition.name.node.as_str())
            }
            Test::Keyword { subject, keyword, .. } => match power {
                Some((block, weapon)) if names_the_power(&subject.node) => {
                    keywords::has(keywords::power_lines(block), weapon, keyword.node.as_str())
                }
                _ => true,
            },
            Test::Event { .. } => true,
        })
    };
    let mut result = test(first)?;
    for (junction, next) in rest {
        let value = test(next)?;
        result = if *junction == Junction::And { result && value } else { result || value };
    }
    Ok(result)
}

/// Whether a keyword test's subject is the power being used (`this power has keyword
/// Melee`, `the power`, `it`).
fn names_the_power(subject: &Name) -> bool {
    let text = subject.as_str().to_ascii_lowercase();
    matches!(text.as_str(), "power" | "this power" | "the power" | "it")
}
