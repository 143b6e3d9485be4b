//! Enforcing `Limit:` lines: each counted use of a limited power (or upgrade) is recorded in
//! the running encounter, per user and per name (or per keyword when the limit is shared).
//! The encounter's turn and round ends reset the counts and its end drops them; out of an
//! encounter there are no turns to count by, so limits do not apply, and the log says so
//! at each `Limit:` line once per stretch out of encounters (at the first use it passes).
//! Undo and a failed command restore the counts with
//! the encounter.

use crate::diagnostics::{Span, Spanned};
use crate::engine::{Encounter, LimitReset, LimitUse};
use crate::model::power::{Limit, LimitClock};
use crate::model::{Block, PowerLine, TraitLine};

use super::Game;
use super::error::{LimitReached, RuntimeError, RuntimeErrorKind};
use super::power_lines::{Kinds, PowerLines};

/// The counter clock of a `per turn`/`per round`/`per encounter` limit.
pub(crate) fn reset_of(clock: LimitClock) -> LimitReset {
    match clock {
        LimitClock::Turn => LimitReset::Turn,
        LimitClock::Round => LimitReset::Round,
        LimitClock::Encounter => LimitReset::Encounter,
    }
}

/// What a `Limit:` line limits: its key prefix keeps a power, an upgrade and a `shared by`
/// keyword of the same name apart (a quota's keys have their own, `per turn: `).
#[derive(Clone, Copy)]
pub(crate) enum Limited {
    /// A power's own limit.
    Power,
    /// An upgrade's limit.
    Upgrade,
}

/// The counter key of `limit` on `name`: (prefix, name or shared keyword).
fn key_of<'a>(name: &'a str, limit: &'a Limit, limited: Limited) -> (&'static str, &'a str) {
    match (&limit.shared, limited) {
        (Some(keyword), _) => ("shared: ", keyword.node.as_str()),
        (None, Limited::Power) => ("power: ", name),
        (None, Limited::Upgrade) => ("upgrade: ", name),
    }
}

/// Whether a stored counter key is `(prefix, key)`; a key without a prefix, from a save made
/// before keys had one, still counts.
fn key_matches(stored: &str, (prefix, key): (&str, &str)) -> bool {
    let bare = stored.get(..prefix.len()).filter(|p| p.eq_ignore_ascii_case(prefix));
    bare.map_or(stored, |_| &stored[prefix.len()..]).eq_ignore_ascii_case(key)
}

/// Counts one use of the upgrade `name` by `actor` under `limit` (its `line`): true when
/// counted (or when no encounter runs, which the log says at the line), false when the
/// limit is used up.
pub(crate) fn count_use(
    game: &mut Game,
    actor: &str,
    name: &str,
    limit: &Limit,
    line: &Spanned<TraitLine>,
) -> bool {
    if game.world.encounter.is_none() {
        not_counted(game, name, &line.node, line.span);
        return true;
    }
    take(game, actor, name, limit, Limited::Upgrade).is_none()
}

/// Says that a use of `name` outside an encounter counts nothing against its `Limit:` line
/// (as written, label and all): there are no turns or rounds to count by, and a limit that
/// silently did not apply would read as one that held. Said once per stretch out of
/// encounters.
fn not_counted(game: &mut Game, name: &str, line: &dyn std::fmt::Display, span: Span) {
    let so = || format!("`{line}` counts nothing").into();
    super::encounter::no_encounter_once(game, name, so, span);
}

/// Whether `limit` on the upgrade `name` is used up for `actor`, without counting a use.
pub(crate) fn used_up(game: &Game, actor: &str, name: &str, limit: &Limit) -> bool {
    let Some(encounter) = game.world.encounter.as_ref() else { return false };
    let (key, reset) = (key_of(name, limit, Limited::Upgrade), reset_of(limit.per));
    encounter.limits.iter().any(|used| {
        used.actor == actor
            && used.reset == reset
            && key_matches(&used.key, key)
            && used.count >= limit.count
    })
}

/// Counts one use of `power` under each of its `Limit:` lines; a used-up limit is an error
/// at that line saying what was used when. Out of an encounter each line says it counts
/// nothing (once per stretch).
pub(crate) fn use_power(
    game: &mut Game,
    actor: &str,
    power: &Block,
    lines: PowerLines<'_>,
) -> Result<(), RuntimeError> {
    let name = power.name.node.as_str();
    for line in lines.each(Kinds::LIMIT) {
        let PowerLine::Limit(limit) = &line.node else { continue };
        if game.world.encounter.is_none() {
            not_counted(game, name, &line.node, line.span);
            continue;
        }
        if let Some(first) = take(game, actor, name, limit, Limited::Power) {
            let reached = LimitReached {
                actor: actor.to_string(),
                name: name.to_string(),
                limit: limit.to_string(),
                first,
                resets: limit.per.word(),
            };
            return Err(RuntimeErrorKind::LimitReached(Box::new(reached)).at(line.span));
        }
    }
    Ok(())
}

/// Records the use; `Some(first use)` instead when the limit is already used up.
fn take(
    game: &mut Game,
    actor: &str,
    name: &str,
    limit: &Limit,
    limited: Limited,
) -> Option<String> {
    let encounter = game.world.encounter.as_mut()?;
    let key = key_of(name, limit, limited);
    let counter = Counter { reset: reset_of(limit.per), allowed: limit.count };
    let new_key = || format!("{}{}", key.0, key.1);
    counter.take(encounter, actor, name, |used| key_matches(used, key), new_key)
}

/// One kind of limit counter in the encounter: when it resets and how many uses it allows.
pub(crate) struct Counter {
    /// When the count starts again.
    pub reset: LimitReset,
    /// How many uses it allows.
    pub allowed: u32,
}

impl Counter {
    /// Counts one use of `name` by `actor` under the first counter whose key `matches`
    /// (a new one keyed `new_key` when none does); `Some(the first counted use)` instead
    /// when that counter is used up.
    pub(crate) fn take(
        &self,
        encounter: &mut Encounter,
        actor: &str,
        name: &str,
        matches: impl Fn(&str) -> bool,
        new_key: impl FnOnce() -> String,
    ) -> Option<String> {
        let found = encounter
            .limits
            .iter_mut()
            .find(|used| used.actor == actor && used.reset == self.reset && matches(&used.key));
        match found {
            Some(used) if used.count >= self.allowed => Some(used.first.clone()),
            Some(used) => {
                used.count += 1;
                None
            }
            None => {
                let acting = encounter.acting().map_or("no one", |p| p.name.as_str());
                let first = format!("{name} in round {}, {acting}'s turn", encounter.round);
                let (actor, key, reset) = (actor.to_string(), new_key(), self.reset);
                encounter.limits.push(LimitUse { actor, key, reset, count: 1, first });
                None
            }
        }
    }
}
