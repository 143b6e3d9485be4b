//! Who a `gains`/`loses` phrase acts on: one named actor (`Target gains 2 Wounds`, `Self
//! loses 1 HP`, `Next Ally gains 1 CP`) or every placed creature of a kind within a distance
//! of the user (`each ally within 5 gains 1 Morale`), nearest first.

use crate::diagnostics::Span;
use crate::model::{Effect, Recipient};

use super::Game;
use super::effects::{Context, amount};
use super::error::{RuntimeError, RuntimeErrorKind};
use super::sides::{Wanted, enemies, same_side};

/// The actors `effect` (a gain or loss) acts on, by name: its recipient, else the user for
/// a gain and the target (else the user) for a loss.
pub(crate) fn of(
    game: &mut Game,
    context: &Context<'_>,
    effect: &Effect,
    target: Option<&str>,
    grade: Option<i64>,
    span: Span,
) -> Result<Vec<String>, RuntimeError> {
    let user = context.user;
    let recipient = match effect {
        Effect::Gain { recipient, .. } | Effect::Lose { recipient, .. } => recipient.as_ref(),
        _ => None,
    };
    match recipient {
        None if matches!(effect, Effect::Gain { .. }) => Ok(vec![user.to_string()]),
        None => Ok(vec![target.unwrap_or(user).to_string()]),
        Some(Recipient::One(name)) => {
            Ok(vec![super::effects::subject(game, Some(name), user, target)])
        }
        Some(Recipient::Each { who, within }) => {
            let reach = amount(game, context, within, target, grade)?;
            let me = game.world.actor(user).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
            let Some(from) = me.position else {
                let message = format!(
                    "`each {} within {reach}` measures from {user}, who is not placed",
                    who.node
                );
                let hint = format!("place {user} first (`place {user} at 0,0`)");
                return Err(RuntimeErrorKind::Flow { message, hint }.at(who.span));
            };
            let wanted = Wanted::of(who.node.as_str());
            let mut found: Vec<(i64, String)> = game
                .world
                .actors
                .iter()
                .filter(|other| other.name != user)
                .filter(|other| match wanted {
                    Wanted::Ally | Wanted::AllyOrSelf => same_side(me, other) == Some(true),
                    Wanted::Enemy => enemies(me, other),
                    Wanted::Anyone => true,
                })
                .filter_map(|other| {
                    let distance = game.rules.grid.distance(from, other.position?);
                    (distance <= reach).then(|| (distance, other.name.clone()))
                })
                .collect();
            found.sort();
            if found.is_empty() {
                let text = format!("nobody is {} within {reach} of {user}", who.node);
                game.world.narrate(text, who.span);
            }
            Ok(found.into_iter().map(|(_, name)| name).collect())
        }
    }
}
