//! How long an applied condition lasts, one rule for every way a condition is applied (an
//! effect line, a script's `apply_condition`, an actor block's `Conditions:` line, a trait):
//! the duration written where it is applied, else the condition block's `Duration:` line,
//! else until something removes it. The words are the entries of
//! [`crate::model::timing`]; `check` refuses any other, and so does this module if a pack
//! reached the runtime unchecked.

use crate::diagnostics::Span;
use crate::engine::Expiry;
use crate::model::timing::{Unit, Until, Whose};
use crate::model::{Amount, Block, BlockBody, ConditionLine, Duration};

use super::Game;
use super::error::{RuntimeError, unknown};

/// The condition block's own `Duration:` line, if it has one.
pub(crate) fn declared(block: &Block) -> Option<&Duration> {
    let BlockBody::Condition(lines) = &block.body else { return None };
    lines.iter().find_map(|line| match &line.node {
        ConditionLine::Duration(duration) => Some(duration),
        _ => None,
    })
}

/// Who a duration is about: the condition's `holder`, the `user` who applied it.
pub(crate) struct Parties<'a> {
    /// Who gets the condition (whose turns `for N turns` counts).
    pub holder: &'a str,
    /// Who applies it (`your` turn).
    pub user: &'a str,
}

/// The engine duration of a condition of `block` applied with `written` (or nothing) for
/// `parties`; `count` evaluates the `N` of `for N rounds` in the applying line's context.
pub(crate) fn resolve(
    game: &mut Game,
    written: Option<&Duration>,
    block: &Block,
    parties: &Parties<'_>,
    span: Span,
    count: &mut dyn FnMut(&mut Game, &Amount) -> Result<i64, RuntimeError>,
) -> Result<Expiry, RuntimeError> {
    let Some(written) = written.or_else(|| declared(block)) else {
        return Ok(Expiry::UntilRemoved);
    };
    Ok(match written {
        Duration::For { amount, unit } => {
            let n = u32::try_from(count(game, amount)?.max(0)).unwrap_or(u32::MAX);
            match Unit::parse(unit) {
                Some(Unit::Rounds) => Expiry::Rounds(n),
                Some(Unit::Turns) => {
                    Expiry::EndOfTurn { actor: parties.holder.to_string(), turns: n }
                }
                Some(Unit::Encounters) if n == 1 => Expiry::EndOfEncounter,
                Some(Unit::Encounters) => Expiry::Encounters(n),
                None => {
                    let units = crate::model::timing::UNITS.iter().map(|(_, w)| w[0]);
                    return Err(unknown("duration unit", unit, units).at(span));
                }
            }
        }
        Duration::Until(event) => match Until::parse(&event.node) {
            Some(Until::EndOfTurn { whose, next }) => {
                let acting =
                    game.world.encounter.as_ref().and_then(|e| e.acting()).map(|p| p.name.clone());
                let owner = match whose {
                    Whose::User => parties.user,
                    Whose::Current => acting.as_deref().unwrap_or(parties.user),
                };
                if next {
                    Expiry::until_end_of_next_turn(owner, acting.as_deref())
                } else {
                    Expiry::EndOfTurn { actor: owner.to_string(), turns: 1 }
                }
            }
            Some(Until::EndOfRound) => Expiry::Rounds(1),
            Some(Until::EndOfEncounter) => Expiry::EndOfEncounter,
            Some(Until::Healed) => Expiry::UntilHealed,
            Some(Until::Hit) => Expiry::UntilHit,
            Some(Until::Removed) => Expiry::UntilRemoved,
            None => {
                let words = Until::all_words();
                return Err(
                    unknown("duration", &format!("until {}", event.node), words).at(event.span)
                );
            }
        },
    })
}

/// A count read on the holder, for lines with no context of their own (a script's
/// `apply_condition`, an actor block): `for [N] rounds` on the condition block reads the
/// holder's values.
pub(crate) fn on_holder<'a>(
    rules: &'a super::rules::Rules,
    holder: &'a str,
) -> impl FnMut(&mut Game, &Amount) -> Result<i64, RuntimeError> + 'a {
    move |game, amount| {
        let actor = game
            .world
            .actor(holder)
            .map_err(|kind| super::error::RuntimeErrorKind::Engine(kind).at(Span::NONE))?;
        let scope = super::scope::LineScope::of(rules, actor);
        Ok(scope.amount(amount, crate::model::expr::LineContext::Declaration, rules.rounding)?)
    }
}
