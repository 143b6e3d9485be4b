//! Power-use rules as data: the system's `Keyword X: ...` rules (when powers with a keyword
//! may be used), `Per turn:` quotas, `Stance ends:` and conditions' `Forbids:` filters. The
//! model only says what the lines mean; `runtime::power_rules` enforces them.

use std::fmt;

use serde::Serialize;

use super::expr::Name;

/// The words of a `Keyword X: resisted as Tag` line (see `SystemLine::ResistedAs`).
pub const RESISTED_AS: &str = "resisted as";

/// What a `Keyword X:` system line requires of a power with keyword X.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum KeywordRule {
    /// `only on own turn`: in an encounter, only while the user is the acting participant.
    OwnTurn,
    /// `not in encounters`: never while an encounter runs.
    NotInEncounters,
    /// `needs a trigger`: only as an answer to a named trigger.
    NeedsTrigger,
}

impl KeywordRule {
    /// Every rule with the words it is written with.
    pub const ALL: [(KeywordRule, &'static str); 3] = [
        (KeywordRule::OwnTurn, "only on own turn"),
        (KeywordRule::NotInEncounters, "not in encounters"),
        (KeywordRule::NeedsTrigger, "needs a trigger"),
    ];

    /// The rule written as `text` (case and spacing insensitive).
    pub fn parse(text: &str) -> Option<KeywordRule> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let joined = words.join(" ").to_ascii_lowercase();
        Self::ALL.iter().find(|(_, written)| *written == joined).map(|(rule, _)| *rule)
    }

    /// The canonical words.
    pub fn as_str(self) -> &'static str {
        Self::ALL.iter().find(|(rule, _)| *rule == self).map_or("", |(_, written)| written)
    }
}

impl fmt::Display for KeywordRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a quota's counter key starts with, so it never meets a power's or keyword's own.
const KEY_PREFIX: &str = "per turn: ";

/// One entry of a `Per turn:` line: `1 Task` (powers with that keyword), `1 Action or
/// Move` (powers with either keyword: one slot two kinds of use share) or `1 other` (every
/// power no keyword entry counts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnQuota {
    /// How many uses a turn allows.
    pub count: u32,
    /// The keyword counted; `None` for `other`.
    pub keyword: Option<Name>,
    /// Further keywords the same slot counts (`or Move`); empty for most entries.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Name>,
}

impl TurnQuota {
    /// The key the quota's uses are counted under in the encounter's limit counters.
    pub fn key(&self) -> String {
        format!("{KEY_PREFIX}{}", self.kinds())
    }

    /// Every keyword the entry counts (none for `other`).
    pub fn keywords(&self) -> impl Iterator<Item = &Name> {
        self.keyword.iter().chain(self.also.iter())
    }

    /// What the entry counts, as written: `Action or Move`, `Task`, `other`.
    pub fn kinds(&self) -> String {
        if self.keyword.is_none() {
            return "other".to_string();
        }
        self.keywords().map(Name::as_str).collect::<Vec<_>>().join(" or ")
    }
}

impl fmt::Display for TurnQuota {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.count, self.kinds())
    }
}

/// A condition's `Converts: Move to Action`: while held, every slot of the system's `Per
/// turn:` line that counts powers with the keyword `from` also takes powers with one of the
/// keywords `to` (a turn of two actions where it held a move and an action).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlotConversion {
    /// The keyword whose slots widen (`Move`).
    pub from: crate::diagnostics::Spanned<Name>,
    /// The keywords those slots also take (`Action`, `Action or Trap`).
    pub to: Vec<crate::diagnostics::Spanned<Name>>,
}

impl SlotConversion {
    /// Whether `quota` is one of the slots this widens: it counts `from`.
    pub fn widens(&self, quota: &TurnQuota) -> bool {
        quota.keywords().any(|keyword| keyword.matches(self.from.node.as_str()))
    }
}

impl fmt::Display for SlotConversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to ", self.from.node)?;
        for (index, keyword) in self.to.iter().enumerate() {
            if index > 0 {
                f.write_str(" or ")?;
            }
            write!(f, "{}", keyword.node)?;
        }
        Ok(())
    }
}

/// A `Per turn:` purchase: `1 Stamina buys 1 Basic or 1 Combat` — once a quota is used
/// up, paying the price allows that many more uses of one of the options this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnPurchase {
    /// How much it costs.
    pub price: u32,
    /// In which resource.
    pub resource: crate::diagnostics::Spanned<Name>,
    /// What it buys: more uses of these quotas (`1 Basic`, `1 other`), one per purchase.
    pub options: Vec<TurnQuota>,
    /// How many times a turn it may be bought (`, once per turn`); `None`: without limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub times_per_turn: Option<u32>,
}

impl TurnPurchase {
    /// The option that buys more uses of `quota` (by its keyword, `other` for `other`).
    pub fn option_for(&self, quota: &TurnQuota) -> Option<&TurnQuota> {
        self.options.iter().find(|option| match (&option.keyword, &quota.keyword) {
            (Some(bought), Some(_)) => {
                quota.keywords().any(|counted| bought.matches(counted.as_str()))
            }
            (None, None) => true,
            _ => false,
        })
    }
}

impl fmt::Display for TurnPurchase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} buys ", self.price, self.resource.node)?;
        for (index, option) in self.options.iter().enumerate() {
            if index > 0 {
                f.write_str(" or ")?;
            }
            write!(f, "{option}")?;
        }
        match self.times_per_turn {
            Some(count) => write!(f, ", {} per turn", super::power::times(count)),
            None => Ok(()),
        }
    }
}

/// What a condition's `Forbids:` line forbids: `powers` (every power) or `Reaction powers`
/// (powers with that keyword).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PowerFilter {
    /// The keyword; `None` for every power.
    pub keyword: Option<Name>,
}

impl PowerFilter {
    /// Parses `powers` or `<Keyword> powers`.
    pub fn parse(text: &str) -> Option<PowerFilter> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("powers") {
            return Some(PowerFilter { keyword: None });
        }
        let (keyword, last) = text.rsplit_once(' ')?;
        let keyword = keyword.trim();
        (last.eq_ignore_ascii_case("powers") && !keyword.is_empty() && !keyword.contains(' '))
            .then(|| PowerFilter { keyword: Some(Name::new(keyword)) })
    }

    /// True when a power with `has_keyword` answering for its keywords is forbidden.
    pub fn forbids(&self, has_keyword: impl Fn(&str) -> bool) -> bool {
        self.keyword.as_ref().is_none_or(|keyword| has_keyword(keyword.as_str()))
    }
}

impl fmt::Display for PowerFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.keyword {
            Some(keyword) => write!(f, "{keyword} powers"),
            None => f.write_str("powers"),
        }
    }
}
