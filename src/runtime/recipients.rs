//! Who a `gains`/`loses` or `takes ... damage` phrase acts on: one named actor (`Target gains
//! 2 Wounds`, `Self loses 1 HP`, `Next Ally gains 1 CP`) or every placed creature of a kind
//! within a distance of the user (`each ally within 5 gains 1 Morale`, `each creature within
//! 1 takes [Level] damage`), nearest first.

use crate::diagnostics::Spanned;
use crate::engine::{Actor, Grid, Hex, World};
use crate::model::{Amount, Effect, Name, Recipient};

use super::Game;
use super::effects::{Context, amount};
use super::error::{RuntimeError, RuntimeErrorKind};
use super::sides::{Wanted, enemies, same_side};

use crate::model::effect::ATTACKER;

/// The actors `effect` (a gain or loss) acts on, by name: its recipient, else the user for
/// a gain and the target (else the user) for a loss.
pub(crate) fn of(
    game: &mut Game,
    context: &Context<'_>,
    effect: &Effect,
    target: Option<&str>,
    grade: Option<i64>,
) -> Result<Vec<String>, RuntimeError> {
    let user = context.user;
    let recipient = match effect {
        Effect::Gain { recipient, .. } | Effect::Lose { recipient, .. } => recipient.as_ref(),
        _ => None,
    };
    match recipient {
        None if matches!(effect, Effect::Gain { .. }) => Ok(vec![user.to_string()]),
        None => Ok(vec![target.unwrap_or(user).to_string()]),
        Some(recipient) => named(game, context, recipient, (target, grade)),
    }
}

/// The actors `recipient` names: one (`Target`, `Self`), each placed one of a kind within a
/// distance of the user, nearest first, or every one of a kind.
pub(crate) fn named(
    game: &mut Game,
    context: &Context<'_>,
    recipient: &Recipient,
    (target, grade): (Option<&str>, Option<i64>),
) -> Result<Vec<String>, RuntimeError> {
    match recipient {
        Recipient::One(name) if name.node.matches(ATTACKER) => Ok(vec![attacker(context, name)?]),
        Recipient::One(name) => {
            Ok(vec![super::effects::subject(game, Some(name), context.user, target)])
        }
        Recipient::Each { who, within } => each_within(game, context, who, within, (target, grade)),
        Recipient::Every { who } => every(game, context, who),
    }
}

/// The actor `Attacker` (`name`) names: whose attack set off the hit's rule running now.
pub(crate) fn attacker(
    context: &Context<'_>,
    name: &Spanned<Name>,
) -> Result<String, RuntimeError> {
    match context.attacker {
        Some(attacker) => Ok(attacker.to_string()),
        None => {
            let message = format!("`{}` names nobody here: no attack struck", name.node);
            let hint = "`Attacker` is the actor whose attack set off an `On hit:` or `On damage \
                        taken:` rule; a condition's ongoing damage and the GM's have none"
                .to_string();
            Err(RuntimeErrorKind::Flow { message, hint }.at(name.span))
        }
    }
}

/// `who` as an effect's subject names it (`apply Burning to Attacker`, `remove Dazed from
/// Self`): [`attacker`] for `Attacker`, else [`super::effects::subject`].
pub(crate) fn one(
    game: &mut Game,
    context: &Context<'_>,
    who: Option<&Spanned<Name>>,
    target: Option<&str>,
) -> Result<String, RuntimeError> {
    match who {
        Some(name) if name.node.matches(ATTACKER) => attacker(context, name),
        _ => Ok(super::effects::subject(game, who, context.user, target)),
    }
}

/// Every creature of the kind `who` names (`every ally`), placed or not, in the order they
/// joined; the user and the spared one are never among them. Logs when there is nobody.
pub(crate) fn every(
    game: &mut Game,
    context: &Context<'_>,
    who: &Spanned<Name>,
) -> Result<Vec<String>, RuntimeError> {
    let user = context.user;
    let me = game.world.actor(user).map_err(|k| RuntimeErrorKind::Engine(k).at(who.span))?;
    let wanted = Wanted::of(who.node.as_str());
    let mut found: Vec<String> = game
        .world
        .actors
        .iter()
        .filter(|other| other.name != me.name)
        .filter(|other| match wanted {
            Wanted::Ally | Wanted::AllyOrSelf => same_side(me, other) == Some(true),
            Wanted::Enemy => enemies(me, other),
            Wanted::Anyone => true,
        })
        .map(|other| other.name.clone())
        .collect();
    spare(game, context, &mut found, who);
    if found.is_empty() {
        game.world.narrate(format!("{user} has no {}", who.node), who.span);
    }
    Ok(found)
}

/// Takes the one the effects spare (who laid the terrain that set them off) out of
/// `found`, saying so.
fn spare(game: &mut Game, context: &Context<'_>, found: &mut Vec<String>, who: &Spanned<Name>) {
    let Some(spared) = context.spared else { return };
    let before = found.len();
    found.retain(|name| name != spared);
    if found.len() < before {
        game.world.narrate(format!("{spared} is spared: {spared} laid it"), who.span);
    }
}

/// Every placed creature of the kind `who` names within `within` of the user, nearest
/// first (`each ally within 5`); logs when there is nobody.
pub(crate) fn each_within(
    game: &mut Game,
    context: &Context<'_>,
    who: &Spanned<Name>,
    within: &Amount,
    (target, grade): (Option<&str>, Option<i64>),
) -> Result<Vec<String>, RuntimeError> {
    let user = context.user;
    let reach = amount(game, context, within, target, grade)?;
    let me = game.world.actor(user).map_err(|k| RuntimeErrorKind::Engine(k).at(who.span))?;
    let mut found = near(&game.world, game.rules.grid, me, ("each", who), reach)?;
    spare(game, context, &mut found, who);
    if found.is_empty() {
        let text = format!("nobody is {} within {reach} of {user}", who.node);
        game.world.narrate(text, who.span);
    }
    Ok(found)
}

/// The placed creatures among `actors` that `wanted` asks for within `reach` cells of `me`
/// (standing at `from`) on `grid`, with their distances; `me` is never one of them.
pub(crate) fn placed_within<'w>(
    actors: &'w [Actor],
    grid: Grid,
    me: &Actor,
    from: Hex,
    wanted: Wanted,
    reach: i64,
) -> impl Iterator<Item = (i64, &'w Actor)> {
    actors
        .iter()
        .filter(move |other| other.name != me.name)
        .filter(move |other| match wanted {
            Wanted::Ally | Wanted::AllyOrSelf => same_side(me, other) == Some(true),
            Wanted::Enemy => enemies(me, other),
            Wanted::Anyone => true,
        })
        .filter_map(move |other| {
            let distance = grid.distance(from, other.position?);
            (distance <= reach).then_some((distance, other))
        })
}

/// The placed creatures of the kind `who` names (`ally`, `enemy`, `creature`; see
/// [`Wanted::of`]) within `reach` cells of `me` on `grid`, nearest first (then by name); `me`
/// is never one of them. An error when `me` is not placed: there is nowhere to measure from
/// (`article` is the phrase's first word, `each` or `an`, for the message).
pub(crate) fn near(
    world: &World,
    grid: Grid,
    me: &Actor,
    (article, who): (&str, &Spanned<Name>),
    reach: i64,
) -> Result<Vec<String>, RuntimeError> {
    let Some(from) = me.position else {
        let user = &me.name;
        let message = format!(
            "`{article} {} within {reach}` measures from {user}, who is not placed",
            who.node
        );
        let hint = format!("place {user} first (`place {user} at 0,0`)");
        return Err(RuntimeErrorKind::Flow { message, hint }.at(who.span));
    };
    let wanted = Wanted::of(who.node.as_str());
    let mut found: Vec<(i64, String)> = placed_within(&world.actors, grid, me, from, wanted, reach)
        .map(|(distance, other)| (distance, other.name.clone()))
        .collect();
    found.sort();
    Ok(found.into_iter().map(|(_, name)| name).collect())
}
