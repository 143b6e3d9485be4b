//! The text of a narration event. Most narration is free text, but the one written on every
//! use of a power that moves without a map ("Brakka: walk up to 5 hexes") and a line's
//! standing fact out of encounters ("Jab: no encounter runs, so ...", said again by every
//! sampled use an analysis takes back) keep their parts (shared texts and a number) and are
//! rendered only when described or serialised: a power use then builds no string. Either form prints, serialises and compares exactly as
//! the `String` it replaces, so transcripts, `--json` and saves are unchanged.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::text::SharedText;

/// What a narration event says.
#[derive(Clone)]
pub enum Narrated {
    /// Free text.
    Text(String),
    /// A move without positions, narrated: `{who}: {how} [up to ]{distance} {unit}`.
    Move(MoveText),
    /// A line that needs an encounter, out of one: `{what}: no encounter runs, so {so}`.
    NoEncounter {
        /// Whose line (a power's name).
        what: SharedText,
        /// What follows (``Keyword Attack: only on own turn` restricts nothing`).
        so: SharedText,
    },
}

/// The parts of a narrated move.
#[derive(Clone, Debug)]
pub struct MoveText {
    /// Who moves.
    pub who: SharedText,
    /// The verb (`walk`, `fly`).
    pub how: &'static str,
    /// Whether the distance is a limit ("up to").
    pub up_to: bool,
    /// How far.
    pub distance: i64,
    /// The unit (`hexes`).
    pub unit: SharedText,
}

impl Narrated {
    /// The text, rendered when the narration was kept in parts.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Narrated::Text(text) => Cow::Borrowed(text),
            Narrated::Move(_) | Narrated::NoEncounter { .. } => Cow::Owned(self.to_string()),
        }
    }
}

impl fmt::Display for Narrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Narrated::Text(text) => f.write_str(text),
            Narrated::Move(MoveText { who, how, up_to, distance, unit }) => {
                let up_to = if *up_to { " up to" } else { "" };
                write!(f, "{who}: {how}{up_to} {distance} {unit}")
            }
            Narrated::NoEncounter { what, so } => write!(f, "{what}: no encounter runs, so {so}"),
        }
    }
}

impl fmt::Debug for Narrated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // As the `String` it replaces, so debug output and snapshots stay the same.
        fmt::Debug::fmt(&*self.text(), f)
    }
}

impl PartialEq for Narrated {
    fn eq(&self, other: &Self) -> bool {
        // The same words compare equal whichever form holds them (a loaded save holds text).
        self.text() == other.text()
    }
}

impl Eq for Narrated {}

impl From<String> for Narrated {
    fn from(text: String) -> Self {
        Narrated::Text(text)
    }
}

impl From<&str> for Narrated {
    fn from(text: &str) -> Self {
        Narrated::Text(text.to_string())
    }
}

impl From<MoveText> for Narrated {
    fn from(parts: MoveText) -> Self {
        Narrated::Move(parts)
    }
}

impl Serialize for Narrated {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Narrated::Text(text) => serializer.serialize_str(text),
            // Written straight into the output: no string in between.
            Narrated::Move(_) | Narrated::NoEncounter { .. } => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Narrated {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Narrated::Text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(up_to: bool) -> Narrated {
        let (who, unit) = (SharedText::from("Brakka"), SharedText::from("hexes"));
        Narrated::Move(MoveText { who, how: "walk", up_to, distance: 5, unit })
    }

    #[test]
    fn a_move_renders_as_the_text_it_replaces() {
        assert_eq!(walk(true).to_string(), "Brakka: walk up to 5 hexes");
        assert_eq!(walk(false).to_string(), "Brakka: walk 5 hexes");
        assert_eq!(format!("{:?}", walk(true)), "\"Brakka: walk up to 5 hexes\"");
    }

    #[test]
    fn a_standing_fact_renders_serialises_and_compares_as_its_text() {
        let (what, so) = (SharedText::from("Jab"), SharedText::from("it counts nothing"));
        let said = Narrated::NoEncounter { what, so };
        let text = "Jab: no encounter runs, so it counts nothing";
        assert_eq!(said.to_string(), text);
        assert_eq!(serde_json::to_string(&said).unwrap(), format!("\"{text}\""));
        assert_eq!(said, Narrated::from(text));
    }

    #[test]
    fn a_move_serialises_as_text_and_loads_back_equal() {
        let json = serde_json::to_string(&walk(true)).unwrap();
        assert_eq!(json, "\"Brakka: walk up to 5 hexes\"");
        let back: Narrated = serde_json::from_str(&json).unwrap();
        assert!(matches!(back, Narrated::Text(_)));
        assert_eq!(back, walk(true));
        assert_ne!(back, walk(false));
    }
}
