//! Engine errors: a bare [`EngineErrorKind`] (what went wrong) and an [`EngineError`] that
//! adds where (the span of the rule line that caused it). Code that does not know its location
//! returns a kind; the caller attaches the span once, and an inner span is never replaced.
//! Every error converts into a [`Diagnostic`]; nothing here prints.

use crate::diagnostics::{Diagnostic, Span, ToDiagnostic};
use crate::dice::ForcedFaceError;

/// What went wrong in the engine, without a location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineErrorKind {
    /// A cost needs more of a resource than the actor has; nothing was spent.
    #[error("{actor} needs {needed} {resource} but has {available}: short by {short}")]
    CannotPay {
        /// Who was paying.
        actor: String,
        /// The resource that is short.
        resource: String,
        /// How much the cost asked for.
        needed: i64,
        /// How much the actor could spend.
        available: i64,
        /// `needed - available`.
        short: i64,
    },
    /// No actor has this name.
    #[error("unknown actor `{name}`")]
    UnknownActor {
        /// The name asked for.
        name: String,
        /// The closest known name, if any is close.
        suggestion: Option<String>,
    },
    /// Two actors would share a name.
    #[error("an actor named `{0}` already exists")]
    DuplicateActor(String),
    /// The actor has no stat, resource, pool or layer of this name.
    #[error("{actor} has no {what} named `{name}`")]
    UnknownName {
        /// The actor (or `world` for world pools).
        actor: String,
        /// What kind of thing was looked for: `resource`, `stat`, `layered pool`, `pool`.
        what: &'static str,
        /// The name asked for.
        name: String,
        /// The closest known name, if any is close.
        suggestion: Option<String>,
    },
    /// A layer declared with hardness 0 (it would divide by zero).
    #[error("layer `{layer}` has hardness 0; hardness must be at least 1")]
    ZeroHardness {
        /// The layer's name.
        layer: String,
    },
    /// A die with no faces.
    #[error("a die needs at least 1 side, not {sides}")]
    InvalidDie {
        /// The sides asked for.
        sides: u32,
    },
    /// More dice than the limit for one roll.
    #[error("{count} dice is more than the limit of {limit} for one roll")]
    TooManyDice {
        /// Dice asked for.
        count: u64,
        /// The limit.
        limit: u64,
    },
    /// A forced face does not fit the die it was used for.
    #[error(transparent)]
    ForcedFace(#[from] ForcedFaceError),
    /// An integer result does not fit in 64 bits.
    #[error("arithmetic overflow in {0}")]
    Overflow(&'static str),
    /// A value that must be positive was not (periods per day, segments, ...).
    #[error("{what} must be at least 1, not {value}")]
    NotPositive {
        /// What the value is.
        what: &'static str,
        /// The value given.
        value: i64,
    },
    /// The command needs an encounter and none is running.
    #[error("no encounter is running")]
    NoEncounter,
    /// The actor does not take part in the running encounter.
    #[error("{0} is not a participant of the encounter")]
    NotAParticipant(String),
    /// Undo with nothing to undo.
    #[error("nothing to undo")]
    NothingToUndo,
    /// Reading or writing a save failed.
    #[error("cannot {action} save `{path}`: {message}")]
    SaveIo {
        /// `read` or `write`.
        action: &'static str,
        /// The file.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A save larger than the limit.
    #[error("save `{path}` is larger than the limit of {limit} bytes (at least {size} read)")]
    SaveTooLarge {
        /// The file.
        path: String,
        /// Its size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// A save from another format version.
    #[error("save `{path}` has format version {found}, but this engine reads version {expected}")]
    SaveVersion {
        /// The file.
        path: String,
        /// The version in the file.
        found: u64,
        /// The version this engine writes.
        expected: u64,
    },
    /// A save that is truncated or not valid JSON for a world.
    #[error("save `{path}` is damaged: {message}")]
    SaveCorrupt {
        /// The file.
        path: String,
        /// What the JSON reader said.
        message: String,
    },
    /// A bug in the engine.
    #[error("internal engine error: {0}")]
    Internal(String),
}

impl EngineErrorKind {
    /// This error at `span` (the rule line that caused it).
    pub fn at(self, span: Span) -> EngineError {
        EngineError { kind: self, span }
    }

    /// A stable code such as `engine::cannot_pay`.
    pub fn code(&self) -> &'static str {
        match self {
            EngineErrorKind::CannotPay { .. } => "engine::cannot_pay",
            EngineErrorKind::UnknownActor { .. } => "engine::unknown_actor",
            EngineErrorKind::DuplicateActor(_) => "engine::duplicate_actor",
            EngineErrorKind::UnknownName { .. } => "engine::unknown_name",
            EngineErrorKind::ZeroHardness { .. } => "engine::zero_hardness",
            EngineErrorKind::InvalidDie { .. } => "engine::invalid_die",
            EngineErrorKind::TooManyDice { .. } => "engine::too_many_dice",
            EngineErrorKind::ForcedFace(_) => "engine::forced_face",
            EngineErrorKind::Overflow(_) => "engine::overflow",
            EngineErrorKind::NotPositive { .. } => "engine::not_positive",
            EngineErrorKind::NoEncounter => "engine::no_encounter",
            EngineErrorKind::NotAParticipant(_) => "engine::not_a_participant",
            EngineErrorKind::NothingToUndo => "engine::nothing_to_undo",
            EngineErrorKind::SaveIo { .. } => "engine::save::io",
            EngineErrorKind::SaveTooLarge { .. } => "engine::save::too_large",
            EngineErrorKind::SaveVersion { .. } => "engine::save::version",
            EngineErrorKind::SaveCorrupt { .. } => "engine::save::corrupt",
            EngineErrorKind::Internal(_) => "engine::internal",
        }
    }

    fn help(&self) -> String {
        match self {
            EngineErrorKind::UnknownActor { suggestion: Some(s), .. }
            | EngineErrorKind::UnknownName { suggestion: Some(s), .. } => {
                format!("did you mean `{s}`?")
            }
            EngineErrorKind::UnknownActor { suggestion: None, .. } => {
                "`show state` lists the actors; add one with `actor NAME from STAT BLOCK`".into()
            }
            EngineErrorKind::UnknownName { suggestion: None, .. } => {
                "declare it in the system (`Stats:`, `Resource`) or give the actor a value for it"
                    .into()
            }
            EngineErrorKind::DuplicateActor(_) => {
                "give the new one another name: `actor NAME from STAT BLOCK as \"Name 2\"`".into()
            }
            EngineErrorKind::CannotPay { .. } => {
                "nothing was spent; the cost is paid in full or not at all".into()
            }
            EngineErrorKind::ZeroHardness { .. } => {
                "leave hardness out for a layer that never wears down".into()
            }
            EngineErrorKind::InvalidDie { .. } => "a die has at least one side: `d6`".into(),
            EngineErrorKind::TooManyDice { .. } => {
                "roll fewer dice at once: the limit keeps one roll bounded".into()
            }
            EngineErrorKind::ForcedFace(_) => {
                "force faces the die can show, from 1 to its number of sides".into()
            }
            EngineErrorKind::Overflow(_) => {
                "numbers are 64-bit and checked: use smaller values".into()
            }
            EngineErrorKind::NotPositive { .. } => "use a value of at least 1".into(),
            EngineErrorKind::NoEncounter => "start one with `encounter ACTOR, ACTOR, ...`".into(),
            EngineErrorKind::NotAParticipant(_) => {
                "act with someone in the encounter, or start one that includes them".into()
            }
            EngineErrorKind::NothingToUndo => {
                "undo steps back through the commands run since the game began, the last \
                 load or the last restore"
                    .into()
            }
            EngineErrorKind::SaveIo { .. } => {
                "check the path and its permissions; nothing changed".into()
            }
            EngineErrorKind::SaveTooLarge { .. } => {
                "a save mythforge writes is far smaller; this file is not one of them".into()
            }
            EngineErrorKind::SaveCorrupt { .. } | EngineErrorKind::SaveVersion { .. } => {
                "the previous save is kept next to it as `<name>.bak`".into()
            }
            EngineErrorKind::Internal(_) => "this is a bug in mythforge; please report it".into(),
        }
    }
}

/// An engine error with the location of the rule line that caused it ([`Span::NONE`] when
/// unknown).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct EngineError {
    /// What went wrong.
    pub kind: EngineErrorKind,
    /// Where.
    pub span: Span,
}

impl EngineError {
    /// Sets the span unless one is already set: the innermost location wins.
    pub fn or_at(mut self, span: Span) -> Self {
        if self.span.is_none() {
            self.span = span;
        }
        self
    }
}

impl From<EngineErrorKind> for EngineError {
    fn from(kind: EngineErrorKind) -> Self {
        kind.at(Span::NONE)
    }
}

impl ToDiagnostic for EngineError {
    fn to_diagnostic(&self) -> Diagnostic {
        let mut diagnostic = Diagnostic::error(self.kind.code(), self.kind.to_string());
        if !self.span.is_none() {
            diagnostic = diagnostic.with_primary(self.span, "");
        }
        diagnostic.with_help(self.kind.help())
    }
}

/// The closest of `candidates` to `name`, owned, for an error's suggestion.
pub(crate) fn suggest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    crate::diagnostics::did_you_mean(name, candidates).map(str::to_owned)
}
