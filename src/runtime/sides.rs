//! Sides: which actors fight together. An actor may belong to a side (a free name such as
//! `party` or `foes`); two actors that both have a side are allies when the sides match and
//! enemies otherwise. Target kinds (`Enemy`, `ally`, `creature`), area filters (`excluding
//! allies`), `Next Ally` and walking past enemies ask here. An actor without a side is
//! neither ally nor enemy of anyone, so games that never set sides run as before.

use crate::diagnostics::Span;
use crate::engine::{Actor, World};
use crate::model::common::SidesInArea;

use super::Game;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::power::engine;

/// What a creature Target line's word asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Wanted {
    /// `Enemy`, `enemies`, `foe`, `opponent`: someone on another side.
    Enemy,
    /// `ally`, `allies`: someone else on the user's side (the user is not its own ally).
    Ally,
    /// `you or an ally`: the user or someone on the user's side.
    AllyOrSelf,
    /// `creature`, `any`, anything else: anyone.
    Anyone,
}

impl Wanted {
    /// The kind a Target line's word names (`Enemy`, `allies`, `creature`).
    pub(crate) fn of(who: &str) -> Wanted {
        // Compared in place: lower-casing a copy would allocate on every power use.
        let any = |words: &[&str]| words.iter().any(|word| word.eq_ignore_ascii_case(who));
        if any(&["enemy", "enemies", "foe", "foes", "opponent", "opponents"]) {
            Wanted::Enemy
        } else if any(&["ally", "allies"]) {
            Wanted::Ally
        } else if any(&["you or an ally", "you or allies"]) {
            Wanted::AllyOrSelf
        } else {
            Wanted::Anyone
        }
    }
}

/// Whether `a` and `b` are on the same side; `None` when either has no side.
pub(crate) fn same_side(a: &Actor, b: &Actor) -> Option<bool> {
    Some(a.side.as_ref()? == b.side.as_ref()?)
}

/// Whether `other` is an enemy of `actor` (both have sides, and they differ).
pub(crate) fn enemies(actor: &Actor, other: &Actor) -> bool {
    same_side(actor, other) == Some(false)
}

/// Refuses `target` for a Target line whose word (`who`, see [`Wanted::of`]) asks for
/// someone else when the sides say otherwise. Nothing is refused when the user or the
/// target has no side (the word is not even read then).
pub(crate) fn check_target(
    user: &Actor,
    target: &Actor,
    who: &str,
    power: &str,
    span: Span,
) -> Result<(), RuntimeError> {
    let (Some(own), Some(theirs)) = (&user.side, &target.side) else { return Ok(()) };
    let (name, by) = (&target.name, &user.name);
    let refusal = match Wanted::of(who) {
        Wanted::Anyone => return Ok(()),
        Wanted::Enemy if own == theirs => (
            format!("{name} is on side {theirs}, the same side as {by}; {power} targets an enemy"),
            format!("pick a creature on another side than {own}"),
        ),
        Wanted::Ally | Wanted::AllyOrSelf if own != theirs => (
            format!("{name} is on side {theirs}, not {by}'s side {own}; {power} targets an ally"),
            format!("pick a creature on side {own}"),
        ),
        Wanted::Ally if name == by => (
            format!("{power} targets an ally, and {by} is not their own ally"),
            format!(
                "pick another creature on side {own} (a Target line of `you or an ally` lets the user choose themselves)"
            ),
        ),
        _ => return Ok(()),
    };
    Err(RuntimeErrorKind::Side { message: refusal.0, hint: refusal.1 }.at(span))
}

/// Whether an area with `filter` keeps `other` (not the user: the Self rule decides that).
pub(crate) fn kept_in_area(user: &Actor, other: &Actor, filter: Option<SidesInArea>) -> bool {
    !matches!(
        (filter, same_side(user, other)),
        (Some(SidesInArea::ExcludingAllies), Some(true))
            | (Some(SidesInArea::ExcludingEnemies), Some(false))
    )
}

/// Whether a walker must go around the hex `occupant` stands on: only an enemy blocks.
pub(crate) fn blocks_walker(
    world: &World,
    walker: &str,
    occupant: &Actor,
    health: Option<&str>,
) -> bool {
    // A downed creature (its health at 0 or below) can be passed through.
    let downed = health
        .and_then(|health| occupant.resources.get(health))
        .is_some_and(|held| held.current <= 0);
    !downed && world.actor(walker).is_ok_and(|walker| enemies(walker, occupant))
}

impl Game {
    /// Puts `actors` on `side` (or on no side with `None`), as one command. Unknown actors
    /// and an empty side name are refused and nothing changes.
    ///
    /// ```
    /// use mythforge::runtime::Game;
    /// let mut game = Game::new(1);
    /// game.add_actor("Ana", None, &[]).unwrap();
    /// game.add_actor("Bo", None, &[]).unwrap();
    /// game.set_side(&["Ana", "Bo"], Some("party")).unwrap();
    /// assert_eq!(game.world().actor("Bo").unwrap().side.as_deref(), Some("party"));
    /// ```
    pub fn set_side(&mut self, actors: &[&str], side: Option<&str>) -> Result<(), RuntimeError> {
        self.command(|game| {
            let side = side.map(str::trim);
            if side.is_some_and(str::is_empty) {
                let hint = "name the side, e.g. `party` or `foes`".to_string();
                let message = "a side needs a name".to_string();
                return Err(RuntimeErrorKind::Side { message, hint }.at(Span::NONE));
            }
            for name in actors {
                game.world.actor_mut(name).map_err(engine)?.side = side.map(str::to_string);
            }
            let text = match side {
                Some(side) => format!("{} on side {side}", actors.join(", ")),
                None => format!("{} on no side", actors.join(", ")),
            };
            game.world.narrate(text, Span::NONE);
            Ok(())
        })
    }

    /// The first participant after `actor` in turn order (wrapping round) who is not its
    /// enemy: the target of `Next Ally`. Participants without a side are never skipped.
    pub fn next_ally(&self, actor: &str) -> Option<String> {
        let encounter = self.world.encounter.as_ref()?;
        let user = self.world.actor(actor).ok()?;
        let count = encounter.participants.len();
        let at = encounter.participants.iter().position(|p| p.name == actor)?;
        (1..count)
            .map(|step| &encounter.participants[(at + step) % count].name)
            .find(|name| self.world.actor(name).is_ok_and(|other| !enemies(user, other)))
            .cloned()
    }
}
