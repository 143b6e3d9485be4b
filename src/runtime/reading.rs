//! Read-only actor handles in bracket calls (`Result: [jolt(Self)] damage`): a bracket's
//! `Self`, `User` and `Target` arguments become handles onto a snapshot of those actors, made
//! only for calls that pass one, so the script reads stats, resources and conditions exactly
//! as an acting script does while every write, die and decision is still refused.

use std::sync::Arc;

use crate::engine::Actor;
use crate::model::expr::{Argument, EvalErrorKind, Name, Value};
use crate::script::{ActorHandle, Dynamic};

use super::rules::Rules;
use super::scope::LineScope;

/// The actors a bracket call may read, lent to the host for the length of the call.
#[derive(Debug)]
pub(crate) struct Reading {
    /// The rules the actors' values are read under (derived values, condition modifiers).
    pub rules: Arc<Rules>,
    /// The actors passed, in order of first appearance; a handle is an index here.
    pub actors: Vec<Actor>,
}

impl Reading {
    /// The actor behind `handle`.
    pub fn actor(&self, handle: ActorHandle) -> Option<&Actor> {
        self.actors.get(usize::try_from(handle.0).ok()?)
    }
}

/// True when `name` is an actor argument in `scope`: `Self`, `User` or `Target`, unless the
/// line gives that name a value of its own (a check procedure's `Target` number).
pub(crate) fn is_handle(scope: &LineScope<'_>, name: &Name) -> bool {
    let actor = ["Self", "User", "Target"].iter().any(|handle| name.matches(handle));
    actor && !scope.extra.iter().any(|(key, _)| name.matches(key))
}

/// Calls `function` with `arguments` whose actors become read-only handles.
pub(crate) fn call(
    scope: &LineScope<'_>,
    function: &Name,
    arguments: &[Argument<'_>],
) -> Result<Value, EvalErrorKind> {
    let Some(scripts) = &scope.rules.scripts else {
        return Err(EvalErrorKind::Script(format!(
            "script function `{function}` is not available: scripts are not loaded"
        )));
    };
    let mut actors: Vec<Actor> = Vec::new();
    let mut values = Vec::with_capacity(arguments.len());
    for argument in arguments {
        let name = match argument {
            Argument::Value(value) => {
                values.push(super::host::integer_argument(function.as_str(), *value)?);
                continue;
            }
            Argument::Actor(name) => name,
        };
        let actor = if name.matches("Target") { scope.target } else { Some(scope.user) };
        let actor =
            actor.ok_or_else(|| EvalErrorKind::UnknownName(format!("{name} (no target)")))?;
        // The same actor twice (`Self` targeting itself) is one handle, so `a == b` holds.
        let index = match actors.iter().position(|known| known.name == actor.name) {
            Some(index) => index,
            None => {
                actors.push(actor.clone());
                actors.len() - 1
            }
        };
        let index = u32::try_from(index).unwrap_or(u32::MAX);
        values.push(Dynamic::from(ActorHandle(index)));
    }
    let Some(rules) = scripts.shared_rules(scope.rules) else {
        return Err(EvalErrorKind::Script(format!(
            "`{function}` cannot read actors: its rules are not loaded"
        )));
    };
    let reading = Reading { rules, actors };
    scripts.call_reading(function.as_str(), values, reading)
}
