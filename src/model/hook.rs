//! Event hooks a system declares: which engine event calls which script function (`On
//! damage taken: bleed_check`), or which effect lines it runs for everyone (`When HP reaches
//! 0: apply Dying`, `On hit: if you are Unconscious: apply Dead`). The runtime's hook
//! dispatch calls the function with the actor's handle and the event's data, or runs the
//! effects with the actor as user.

use std::fmt;

use serde::Serialize;

use super::common::Requirement;
use super::effect::Effects;
use super::expr::Name;
use crate::diagnostics::Spanned;

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
    /// `On resource zero:` — `fn f(actor, resource)`, when a change takes a resource from
    /// above 0 to 0 or below.
    ResourceZero,
    /// `On hit:` — `fn f(actor, amount)`, every time a damage effect lands on the actor,
    /// whatever it took (0 on an actor already at 0 health).
    Hit,
    /// `On kill:` — `fn f(actor, victim)`, when the actor's damage takes another actor's
    /// health from above 0 to 0 or below.
    Kill,
}

impl HookEvent {
    /// Every event with its words after `On`, in the order the help text lists them.
    pub const ALL: [(HookEvent, &'static str); 8] = [
        (HookEvent::DamageTaken, "damage taken"),
        (HookEvent::TurnStart, "turn start"),
        (HookEvent::TurnEnd, "turn end"),
        (HookEvent::ConditionApplied, "condition applied"),
        (HookEvent::ConditionEnded, "condition ended"),
        (HookEvent::ResourceZero, "resource zero"),
        (HookEvent::Hit, "hit"),
        (HookEvent::Kill, "kill"),
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

/// A system's effect line on an event: `On kill: gain 1 Glory`, `When HP reaches 0: apply
/// Dying`, `When Spikes is applied: 3 damage` (a trap laid as terrain fires on whoever
/// enters), `On damage taken: if [Trigger's Damage * 2 > Stability]: apply Bleeding`. The
/// effects run with the actor the event happened to as user (`Self`); on `kill` the victim
/// is the target. The event's value is `[Trigger's Damage]` (hit, damage taken).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventRule {
    /// The event.
    pub event: Spanned<HookEvent>,
    /// `When HP reaches 0`: the one resource a `resource zero` rule waits for; `When Spikes
    /// is applied`, `When Spikes ends`: the one condition.
    pub named: Option<Spanned<Name>>,
    /// `if you are Unconscious:` — what must hold when the event happens.
    pub gate: Option<Spanned<Requirement>>,
    /// What runs.
    pub effects: Effects,
}

impl fmt::Display for EventRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.named, self.event.node) {
            (Some(name), HookEvent::ConditionApplied) => {
                write!(f, "When {} is applied: ", name.node)?
            }
            (Some(name), HookEvent::ConditionEnded) => write!(f, "When {} ends: ", name.node)?,
            (Some(name), _) => write!(f, "When {} reaches 0: ", name.node)?,
            (None, event) => write!(f, "On {event}: ")?,
        }
        if let Some(gate) = &self.gate {
            write!(f, "if {}: ", gate.node)?;
        }
        write!(f, "{}", self.effects)
    }
}
