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
            let Some(unit) = Unit::parse(unit) else {
                let units = crate::model::timing::UNITS.iter().map(|(_, w)| w[0]);
                return Err(unknown("duration unit", unit, units).at(span));
            };
            counted(n, unit, parties.holder)
        }
        Duration::Until(event) => {
            let Some(event_until) = Until::parse(&event.node) else {
                let words = Until::all_words();
                return Err(
                    unknown("duration", &format!("until {}", event.node), words).at(event.span)
                );
            };
            let acting =
                game.world.encounter.as_ref().and_then(|e| e.acting()).map(|p| p.name.clone());
            let owner = |whose| match whose {
                Whose::User => parties.user.to_string(),
                Whose::Current => acting.as_deref().unwrap_or(parties.user).to_string(),
            };
            until(event_until, owner, acting.as_deref())
        }
    })
}

/// The engine duration of `for n <unit>` on `holder` (whose turns `for N turns` counts).
pub(crate) fn counted(n: u32, unit: Unit, holder: &str) -> Expiry {
    match unit {
        Unit::Rounds => Expiry::Rounds(n),
        Unit::Turns => Expiry::EndOfTurn { actor: holder.to_string(), turns: n },
        Unit::Encounters if n == 1 => Expiry::EndOfEncounter,
        Unit::Encounters => Expiry::Encounters(n),
    }
}

/// The engine duration of `until <event>`: `owner` says whose turn an `until end of ...
/// turn` waits for, `acting` is the participant whose turn is in progress.
pub(crate) fn until(
    event: Until,
    owner: impl FnOnce(Whose) -> String,
    acting: Option<&str>,
) -> Expiry {
    match event {
        Until::EndOfTurn { whose, next: true } => {
            Expiry::until_end_of_next_turn(&owner(whose), acting)
        }
        Until::EndOfTurn { whose, next: false } => {
            Expiry::EndOfTurn { actor: owner(whose), turns: 1 }
        }
        Until::EndOfRound => Expiry::Rounds(1),
        Until::EndOfEncounter => Expiry::EndOfEncounter,
        Until::Healed => Expiry::UntilHealed,
        Until::Hit => Expiry::UntilHit,
        Until::Removed => Expiry::UntilRemoved,
    }
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
