//! The timing vocabularies: the moments a resource rule runs at (`reset to 6 at turn
//! start`, `lost at end of encounter`), the durations a condition lasts for (`for 2
//! rounds`, `until end of your next turn`) and the moments a condition's effects run at
//! (`Trigger: you end your turn`, `you enter the hex`). Each is one table: the parser keeps the words as
//! written, `check` refuses words outside the table (with a did-you-mean), the runtime runs
//! exactly the entries here, and the help lists them from here.

use super::common::Junction;
use super::{ConditionLine, Requirement};
use crate::diagnostics::Spanned;

/// A moment of the turn structure a resource rule runs at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Moment {
    /// The encounter opens (every participant, before round 1 starts).
    EncounterStart,
    /// A round starts (every participant; round 1 when the encounter opens). Rounds exist
    /// only in plain turns, not on a tick timeline.
    RoundStart,
    /// The holder's own turn starts (its start phase).
    TurnStart,
    /// The holder's own turn ends (its end phase).
    TurnEnd,
    /// A round ends (every participant).
    RoundEnd,
    /// The encounter ends (every participant).
    EncounterEnd,
}

/// Every moment with the ways it may be written, the first one canonical.
pub const MOMENTS: [(Moment, &[&str]); 6] = [
    (Moment::EncounterStart, &["encounter start", "start of encounter"]),
    (Moment::RoundStart, &["round start", "start of round"]),
    (Moment::TurnStart, &["turn start", "start of turn"]),
    (Moment::TurnEnd, &["turn end", "end of turn"]),
    (Moment::RoundEnd, &["round end", "end of round"]),
    (Moment::EncounterEnd, &["end of encounter", "encounter end"]),
];

impl Moment {
    /// The moment `text` names (any case; `the`, `each` and `every` are ignored:
    /// `at the start of each round`).
    pub fn parse(text: &str) -> Option<Moment> {
        let words = normal(text, &["the", "each", "every"]);
        MOMENTS.iter().find(|(_, written)| written.contains(&words.as_str())).map(|(m, _)| *m)
    }

    /// The canonical wording.
    pub fn words(self) -> &'static str {
        MOMENTS.iter().find(|(moment, _)| *moment == self).map_or("", |(_, written)| written[0])
    }

    /// Every wording, for did-you-mean and help.
    pub fn all_words() -> impl Iterator<Item = &'static str> {
        MOMENTS.iter().flat_map(|(_, written)| written.iter().copied())
    }

    /// When it runs and for whom, in one line (the docs' table).
    pub fn meaning(self) -> &'static str {
        match self {
            Moment::EncounterStart => "the encounter opens: every participant, before round 1",
            Moment::RoundStart => {
                "a round starts (round 1 as the encounter opens): every participant"
            }
            Moment::TurnStart => "the holder's own turn starts (its start phase)",
            Moment::TurnEnd => "the holder's own turn ends (as its end phase begins)",
            Moment::RoundEnd => "a round ends: every participant",
            Moment::EncounterEnd => "the encounter ends: every participant",
        }
    }
}

/// What `for N <unit>` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Round ends.
    Rounds,
    /// Ends of the holder's turns.
    Turns,
    /// Ends of encounters the holder takes part in.
    Encounters,
}

/// The units `for N <unit>` may name, singular and plural.
pub const UNITS: [(Unit, &[&str]); 3] = [
    (Unit::Rounds, &["rounds", "round"]),
    (Unit::Turns, &["turns", "turn"]),
    (Unit::Encounters, &["encounters", "encounter"]),
];

impl Unit {
    /// The unit `text` names.
    pub fn parse(text: &str) -> Option<Unit> {
        let word = text.trim().to_ascii_lowercase();
        UNITS.iter().find(|(_, written)| written.contains(&word.as_str())).map(|(unit, _)| *unit)
    }

    /// How long `for N <unit>` lasts, in one line (the docs' table).
    pub fn meaning(self) -> &'static str {
        match self {
            Unit::Rounds => "N round ends (`for 1 round`: to the end of the round in progress)",
            Unit::Turns => "to the end of the holder's Nth turn",
            Unit::Encounters => "to the end of the Nth encounter the holder takes part in",
        }
    }
}

/// What to write instead of `unit` in `for N <unit>` when it is none of [`UNITS`]: the
/// closest unit, else every one (the help `check` and the session's `apply` give).
pub fn unit_help(unit: &str) -> String {
    let units = UNITS.iter().flat_map(|(_, written)| written.iter().copied());
    match crate::diagnostics::did_you_mean(unit, units) {
        Some(close) => format!("did you mean `{close}`?"),
        None => {
            let units: Vec<&str> = UNITS.iter().map(|(_, written)| written[0]).collect();
            format!("count {} instead: `for 2 rounds`", units.join(", "))
        }
    }
}

/// What to write instead of `until <event>` when `event` is none of [`UNTILS`]: the
/// closest wording, else every duration (the help `check` and the session's `apply` give).
pub fn until_help(event: &str) -> String {
    match crate::diagnostics::did_you_mean(event, Until::all_words()) {
        Some(close) => format!("did you mean `until {close}`?"),
        None => {
            let units: Vec<String> =
                UNITS.iter().map(|(_, written)| format!("`for N {}`", written[0])).collect();
            let all: Vec<String> =
                Until::all_words().map(|words| format!("`until {words}`")).collect();
            format!("the durations the engine runs: {}, {}", units.join(", "), all.join(", "))
        }
    }
}

/// Whose turn an `until end of ... turn` waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    /// The turn in progress: the acting participant's (the user's outside an encounter).
    Current,
    /// The user's (`your`).
    User,
}

/// What an `until ...` duration waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// The end of a turn; `next`: not the turn in progress but the one after it.
    EndOfTurn {
        /// Whose turn.
        whose: Whose,
        /// The next turn rather than this one.
        next: bool,
    },
    /// The end of the round in progress.
    EndOfRound,
    /// The end of the encounter (of the next one the holder takes part in).
    EndOfEncounter,
    /// The holder is healed (a heal that raises its health).
    Healed,
    /// The holder is hit (an actor's damage effect lands on it).
    Hit,
    /// Something removes it (never on its own).
    Removed,
}

/// Every `until` wording (after `until`, without `the`), the first of each its canonical one.
pub const UNTILS: [(Until, &[&str]); 9] = [
    (Until::EndOfTurn { whose: Whose::Current, next: false }, &["end of turn", "end of this turn"]),
    (Until::EndOfTurn { whose: Whose::User, next: false }, &["end of your turn"]),
    (Until::EndOfTurn { whose: Whose::Current, next: true }, &["end of next turn"]),
    (Until::EndOfTurn { whose: Whose::User, next: true }, &["end of your next turn"]),
    (Until::EndOfRound, &["end of round", "end of this round"]),
    (
        Until::EndOfEncounter,
        &["end of encounter", "end of this encounter", "end of battle", "end of this battle"],
    ),
    (Until::Healed, &["healed"]),
    (Until::Hit, &["hit"]),
    (Until::Removed, &["removed"]),
];

impl Until {
    /// The event `text` (the words after `until`) names.
    pub fn parse(text: &str) -> Option<Until> {
        let words = normal(text, &["the"]);
        UNTILS.iter().find(|(_, written)| written.contains(&words.as_str())).map(|(u, _)| *u)
    }

    /// Every wording after `until`, for did-you-mean and help.
    pub fn all_words() -> impl Iterator<Item = &'static str> {
        UNTILS.iter().flat_map(|(_, written)| written.iter().copied())
    }

    /// How long it lasts, in one line (the docs' table). The user is who applied it; the
    /// GM's `apply` has no user, so there every turn named is the holder's.
    pub fn meaning(self) -> &'static str {
        match self {
            Until::EndOfTurn { whose: Whose::Current, next: false } => {
                "to the end of the turn in progress (the user's outside an encounter)"
            }
            Until::EndOfTurn { whose: Whose::User, next: false } => {
                "to the end of the user's turn: the one in progress, else the user's next"
            }
            Until::EndOfTurn { whose: Whose::Current, next: true } => {
                "over the acting participant's next turn (not the one in progress), to its end"
            }
            Until::EndOfTurn { whose: Whose::User, next: true } => {
                "over the user's next turn (not the one in progress), to its end"
            }
            Until::EndOfRound => "to the end of the round in progress",
            Until::EndOfEncounter => {
                "to the end of the encounter (outside one: of the next one the holder takes part in)"
            }
            Until::Healed => "until a heal raises the holder's health; it outlasts the encounter",
            Until::Hit => {
                "until an actor's damage effect lands on the holder (not a condition's ongoing \
                 damage); it outlasts the encounter"
            }
            Until::Removed => "until an effect or the GM removes it",
        }
    }
}

/// What a trait's `Trigger:` waits for: an engine event that happens to the trait's
/// holder, and for `ResourceZero` the resource that reaches 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraitTrigger {
    /// The event.
    pub event: super::hook::HookEvent,
    /// The resource whose reaching 0 it waits for (`you fall to 0 HP`).
    pub resource: Option<String>,
}

/// The trigger wordings a trait may use, `<Resource>` standing for a resource name.
pub const TRAIT_TRIGGERS: [&str; 9] = [
    "you fall to 0 <Resource>",
    "you drop to 0 <Resource>",
    "your <Resource> reaches 0",
    "you take damage",
    "you start your turn",
    "you begin your turn",
    "your turn starts",
    "you end your turn",
    "your turn ends",
];

impl TraitTrigger {
    /// The trigger `text` (a `Trigger:` line as written) names, if it is one of
    /// [`TRAIT_TRIGGERS`].
    pub fn parse(text: &str) -> Option<TraitTrigger> {
        use super::hook::HookEvent;
        let words: Vec<&str> = text.split_whitespace().collect();
        let lower: Vec<String> = words.iter().map(|word| word.to_lowercase()).collect();
        let lower: Vec<&str> = lower.iter().map(String::as_str).collect();
        let plain = |event| Some(TraitTrigger { event, resource: None });
        let zero = |resource: &[&str]| {
            (!resource.is_empty()).then(|| TraitTrigger {
                event: HookEvent::ResourceZero,
                resource: Some(resource.join(" ")),
            })
        };
        match lower.as_slice() {
            ["you", "take", "damage"] => plain(HookEvent::DamageTaken),
            ["you", "start" | "begin", "your", "turn"] | ["your", "turn", "starts"] => {
                plain(HookEvent::TurnStart)
            }
            ["you", "end", "your", "turn"] | ["your", "turn", "ends"] => plain(HookEvent::TurnEnd),
            ["you", "fall" | "drop", "to", "0", ..] => zero(&words[4..]),
            ["your", .., "reaches", "0"] => zero(&words[1..words.len() - 2]),
            _ => None,
        }
    }
}

/// `text` in lower case, one space between words, without the `ignored` words.
fn normal(text: &str, ignored: &[&str]) -> String {
    let lower = text.to_lowercase();
    let words: Vec<&str> =
        lower.split_whitespace().filter(|word| !ignored.contains(word)).collect();
    words.join(" ")
}

/// When a condition block's `Effect:` lines run on its holder: at its start phase, at its
/// end phase, on entering the cell the condition lies on as terrain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moments {
    /// `Trigger: you start your turn` (or no `Trigger:` line).
    pub start: bool,
    /// `Trigger: you end your turn`, `you end your turn in the hex`.
    pub end: bool,
    /// `Trigger: you enter the hex` (`square`, `cell`).
    pub enter: bool,
}

/// The moments a condition block's effects run at (none without an `Effect:` line; the
/// start phase without a `Trigger:`), and the trigger as written when some of it names no
/// moment — `you take damage`, `and` between two moments — which `check` refuses: nothing
/// would ever run it.
pub fn moments(lines: &[Spanned<ConditionLine>]) -> (Moments, Option<String>) {
    if !lines.iter().any(|line| matches!(line.node, ConditionLine::Effect(_))) {
        return (Moments::default(), None);
    }
    let trigger = lines.iter().find_map(|line| match &line.node {
        ConditionLine::Trigger(requirement) => Some(requirement),
        _ => None,
    });
    let Some(trigger) = trigger else {
        return (Moments { start: true, ..Moments::default() }, None);
    };
    let Requirement::Tests { first, rest } = trigger else {
        return (Moments::default(), Some(trigger.to_string()));
    };
    let mut moments = Moments::default();
    let tests = std::iter::once((Junction::Or, first)).chain(rest.iter().map(|(j, t)| (*j, t)));
    for (junction, test) in tests {
        let text = test.node.to_string().to_lowercase();
        let words: Vec<&str> = text
            .split_whitespace()
            .map(|word| if matches!(word, "square" | "cell") { "hex" } else { word })
            .collect();
        let wording = words.join(" ");
        let named = CONDITION_MOMENTS.iter().find(|(written, _)| *written == wording);
        match named {
            Some((_, moment)) if junction == Junction::Or => match moment {
                ConditionMoment::Start => moments.start = true,
                ConditionMoment::End => moments.end = true,
                ConditionMoment::Enter => moments.enter = true,
            },
            _ => return (moments, Some(trigger.to_string())),
        }
    }
    (moments, None)
}

/// A moment a condition's `Trigger:` can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConditionMoment {
    /// The holder's start phase: `you start your turn`.
    Start,
    /// The holder's end phase: `you end your turn`.
    End,
    /// Entering the cell the condition lies on as terrain: `you enter the hex`.
    Enter,
}

/// Every wording of a condition's trigger moments, in lower case; `hex` stands for any cell
/// word (`square`, `cell`). The one list [`moments`] reads and `check`'s help names.
pub const CONDITION_MOMENTS: [(&str, ConditionMoment); 5] = [
    ("you start your turn", ConditionMoment::Start),
    ("you begin your turn", ConditionMoment::Start),
    ("you end your turn", ConditionMoment::End),
    ("you end your turn in the hex", ConditionMoment::End),
    ("you enter the hex", ConditionMoment::Enter),
];

/// The wordings of a condition's trigger moments as a help lists them: `` `you start your
/// turn`, `you begin your turn`, ... `` (each in backticks, joined by commas).
pub fn condition_moment_wordings() -> String {
    let quoted: Vec<String> =
        CONDITION_MOMENTS.iter().map(|(written, _)| format!("`{written}`")).collect();
    quoted.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wording_parses_to_its_entry() {
        for (moment, written) in MOMENTS {
            for words in written {
                assert_eq!(Moment::parse(words), Some(moment), "{words}");
            }
            assert_eq!(Moment::parse(moment.words()), Some(moment));
        }
        for (until, written) in UNTILS {
            for words in written {
                assert_eq!(Until::parse(words), Some(until), "{words}");
            }
        }
        for (unit, written) in UNITS {
            for words in written {
                assert_eq!(Unit::parse(words), Some(unit), "{words}");
            }
        }
    }

    #[test]
    fn articles_and_case_do_not_matter_and_other_words_do() {
        assert_eq!(Moment::parse("at"), None);
        assert_eq!(Moment::parse("the Start of each  Round"), Some(Moment::RoundStart));
        assert_eq!(Moment::parse("banana time"), None);
        assert_eq!(
            Until::parse("the end of your next turn"),
            Some(Until::EndOfTurn { whose: Whose::User, next: true })
        );
        assert_eq!(Until::parse("halted"), None);
        assert_eq!(Unit::parse("segments"), None);
    }

    #[test]
    fn trait_triggers_name_an_event_and_a_resource() {
        use crate::model::hook::HookEvent;
        let zero = |resource: &str| {
            Some(TraitTrigger { event: HookEvent::ResourceZero, resource: Some(resource.into()) })
        };
        assert_eq!(TraitTrigger::parse("you fall to 0 HP"), zero("HP"));
        assert_eq!(TraitTrigger::parse("You drop to 0 Max  Focus"), zero("Max Focus"));
        assert_eq!(TraitTrigger::parse("your Stamina reaches 0"), zero("Stamina"));
        assert_eq!(TraitTrigger::parse("you fall to 0"), None);
        assert_eq!(
            TraitTrigger::parse("your turn ends"),
            Some(TraitTrigger { event: HookEvent::TurnEnd, resource: None })
        );
        assert_eq!(TraitTrigger::parse("an enemy moves adjacent to you"), None);
    }

    fn moments_of(trigger: Option<&str>) -> (Moments, Option<String>) {
        let mut text = String::from("condition Test\nEffect: heal 1\n");
        if let Some(trigger) = trigger {
            text += &format!("Trigger: {trigger}\n");
        }
        let mut sources = crate::diagnostics::SourceMap::new();
        let (file, errors) = crate::parse::parse_source(&mut sources, "test.rules", &text);
        assert!(errors.is_empty(), "{errors:?}");
        match &file.items[0] {
            crate::model::Item::Block(block) => match &block.node.body {
                crate::model::BlockBody::Condition(lines) => moments(lines),
                _ => panic!("a condition"),
            },
            crate::model::Item::Include(_) | crate::model::Item::House(_) => panic!("a block"),
        }
    }

    #[test]
    fn the_trigger_picks_the_moments() {
        let start = Moments { start: true, ..Moments::default() };
        let end = Moments { end: true, ..Moments::default() };
        assert_eq!(moments_of(None), (start, None));
        assert_eq!(moments_of(Some("you start your turn")), (start, None));
        assert_eq!(moments_of(Some("you end your turn")), (end, None));
        assert_eq!(moments_of(Some("you end your turn in the hex")), (end, None));
        let both = Moments { start: true, enter: true, end: false };
        assert_eq!(moments_of(Some("you enter the hex or you start your turn")), (both, None));
        let unrun = |text: &str| moments_of(Some(text)).1;
        assert_eq!(
            unrun("you spend your turn hiding").as_deref(),
            Some("you spend your turn hiding")
        );
        assert_eq!(unrun("you take damage").as_deref(), Some("you take damage"));
        assert_eq!(
            unrun("you enter the hex and you start your turn").as_deref(),
            Some("you enter the hex and you start your turn")
        );
    }
}
