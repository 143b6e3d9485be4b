//! Event hooks a system declares (`On damage taken: bleed_check`): which engine event calls
//! which script function. The runtime's hook dispatch calls the function with the actor's
//! handle and the event's data.

use std::fmt;

use serde::Serialize;

/// An event a hook can follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum HookEvent {
    /// `On damage taken:` — `fn f(actor, amount)`, after damage reduced the health resource.
    DamageTaken,
    /// `On turn start:` — `fn f(actor)`.
    TurnStart,
    /// `On turn end:` — `fn f(actor)`.
    TurnEnd,
    /// `On condition applied:` — `fn f(actor, condition)`.
    ConditionApplied,
    /// `On condition ended:` — `fn f(actor, condition)`.
    ConditionEnded,
    /// `On resource zero:` — `fn f(actor, resource)`, when a change leaves a resource at 0.
    ResourceZero,
}

impl HookEvent {
    /// Every event with its words after `On`, in the order the help text lists them.
    pub const ALL: [(HookEvent, &'static str); 6] = [
        (HookEvent::DamageTaken, "damage taken"),
        (HookEvent::TurnStart, "turn start"),
        (HookEvent::TurnEnd, "turn end"),
        (HookEvent::ConditionApplied, "condition applied"),
        (HookEvent::ConditionEnded, "condition ended"),
        (HookEvent::ResourceZero, "resource zero"),
    ];

    /// The event named by `words` (`damage taken`, any case).
    pub fn parse(words: &str) -> Option<HookEvent> {
        let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
        HookEvent::ALL
            .iter()
            .find(|(_, name)| name.eq_ignore_ascii_case(&words))
            .map(|(event, _)| *event)
    }

    /// The words after `On`.
    pub fn words(self) -> &'static str {
        HookEvent::ALL.iter().find(|(event, _)| *event == self).map_or("", |(_, name)| name)
    }
}

impl fmt::Display for HookEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}
