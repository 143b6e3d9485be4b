//! Runtime errors: a bare [`RuntimeErrorKind`] and a [`RuntimeError`] that adds the span of
//! the rule line (or request) that caused it. Engine and evaluation errors are wrapped, never
//! re-worded, so their codes and spans survive. Nothing here prints.

use crate::diagnostics::{Diagnostic, Span, ToDiagnostic};
use crate::engine::{EngineError, EngineErrorKind};
use crate::model::expr::{EvalError, EvalErrorKind};

/// What went wrong while running rules, without a location.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuntimeErrorKind {
    /// The pack has no block of this kind and name.
    #[error("unknown {what} `{name}`")]
    Unknown {
        /// `power`, `actor block`, `condition`, `check procedure`, `resource`.
        what: &'static str,
        /// The name asked for.
        name: String,
        /// The closest known name.
        suggestion: Option<String>,
    },
    /// The actor does not know the power.
    #[error("{actor} does not know the power `{power}`")]
    PowerNotKnown {
        /// Who tried.
        actor: String,
        /// The power.
        power: String,
    },
    /// A While or Prereq requirement does not hold.
    #[error("{actor} cannot use {power}: requirement `{requirement}` does not hold")]
    Requirement {
        /// Who tried.
        actor: String,
        /// The power.
        power: String,
        /// The requirement as written.
        requirement: String,
    },
    /// `with weapon Bow` when the user has no Bow equipped.
    #[error("{actor} does not have `{weapon}` equipped")]
    NotEquipped {
        /// Who tried.
        actor: String,
        /// The weapon named.
        weapon: String,
        /// The weapons the actor has, or a did-you-mean.
        hint: String,
    },
    /// A weapon's `Requires:` line does not hold for its user.
    #[error("{actor} cannot use {weapon}: requirement `{requirement}` does not hold")]
    WeaponRequirement {
        /// Who tried.
        actor: String,
        /// The weapon.
        weapon: String,
        /// The requirement as written.
        requirement: String,
    },
    /// A `Limit:` line's uses are spent until its clock resets.
    #[error("{0}")]
    LimitReached(Box<LimitReached>),
    /// A reaction was used without naming its trigger.
    #[error("{power} is a reaction: name its trigger (`{trigger}`) in the request")]
    TriggerMissing {
        /// The power.
        power: String,
        /// The trigger as written.
        trigger: String,
    },
    /// A defence (a power with a `Defence:` line) used on its own.
    #[error("{power} is a defence: it answers an attack and is never used on its own")]
    DefenceAlone {
        /// The power.
        power: String,
    },
    /// The wrong number of targets, or a target out of reach.
    #[error("{0}")]
    Targets(String),
    /// A position rule refused the use: out of reach, no line to target, a destination too
    /// far, occupied or walled in.
    #[error("{message}")]
    Space {
        /// What is wrong, with the distance or blocking hex.
        message: String,
        /// How to fix it.
        hint: String,
    },
    /// Sides refused the use: an ally where an enemy is wanted, or the other way round.
    #[error("{message}")]
    Side {
        /// What is wrong, naming the target's side.
        message: String,
        /// How to fix it.
        hint: String,
    },
    /// `spending -2 Sg`: extra spending must be a positive amount.
    #[error("cannot spend a negative amount ({amount} {resource})")]
    NegativeSpending {
        /// The resource named.
        resource: String,
        /// The amount asked for.
        amount: i64,
    },
    /// A use's choice or GM-set threshold is missing or wrong (`choosing Blades`,
    /// `threshold 14`).
    #[error("{message}")]
    Choice {
        /// What is wrong.
        message: String,
        /// What the power accepts.
        hint: String,
    },
    /// Damage or healing in a system that does not say which resource takes it (the
    /// help: what to declare).
    #[error("the system does not say which resource damage and healing go to")]
    NoDamagePool(String),
    /// The command stopped to ask its decider a question (see `Game::answering`); it is
    /// run again with the answer and never reaches the caller.
    #[error("a decision was asked: {0}")]
    Asked(String),
    /// The system declares no check procedure to use.
    #[error("no check procedure: name one with `using` or declare `Default check:` in the system")]
    NoProcedure,
    /// A procedure the runtime cannot run yet.
    #[error("check procedure `{0}` uses a method the runtime does not run yet")]
    UnsupportedProcedure(String),
    /// A script called from an effect phrase or a hook failed; the diagnostic points into
    /// the `.rhai` file, with the calling rule line as a secondary label.
    #[error("script error: {}", .0.message)]
    Script(Box<Diagnostic>),
    /// A script call while no scripts are loaded.
    #[error("script function `{0}` is not available: scripts are not loaded")]
    ScriptsNotLoaded(String),
    /// A step of a test in progress that cannot be taken (no test open, a chunk too
    /// large, settling twice).
    #[error("{message}")]
    Test {
        /// What is wrong.
        message: String,
        /// What to do instead.
        hint: String,
    },
    /// The pack did not load.
    #[error("the rule pack has errors")]
    PackErrors,
    /// A save was made with a different rule pack.
    #[error("the save was made with rule pack {saved}, but the loaded pack is {loaded}")]
    PackMismatch {
        /// The identity recorded in the save.
        saved: String,
        /// The loaded pack's identity.
        loaded: String,
    },
    /// A power-use rule (a system `Keyword` rule, a condition's `Forbids:`, a `Per turn:`
    /// quota) refuses the use.
    #[error("{}", .0.message)]
    PowerRule(Box<PowerRuleBroken>),
    /// A stance cannot be adopted.
    #[error("{message}")]
    Stance {
        /// What is wrong.
        message: String,
        /// What to do instead.
        hint: String,
    },
    /// An actor cannot be built with the values it is given (`actor Dummy with Attack 3`
    /// where Attack is derived; a resource above a maximum nobody set).
    #[error("{message}")]
    ActorValue {
        /// What is wrong.
        message: String,
        /// What to write instead.
        hint: String,
    },
    /// A GM's change cannot be made (`set Hero Attack to 4` where Attack is derived).
    #[error("{message}")]
    Fiat {
        /// What is wrong.
        message: String,
        /// What to do instead.
        hint: String,
    },
    /// A challenge the system cannot count: no `Challenge counters:` line, or a command
    /// naming other counters.
    #[error("{message}")]
    Challenge {
        /// What is wrong.
        message: String,
        /// What to write instead.
        hint: String,
    },
    /// A name of a save (or of the world, on reload) that maps to several names of the pack.
    #[error("{message}")]
    Unmappable {
        /// What cannot be mapped, and to what.
        message: String,
        /// What to do instead.
        hint: String,
    },
    /// An effect line's flow cannot run: groups or `At` lines starting each other without
    /// end, `each ally within N` with nobody placed.
    #[error("{message}")]
    Flow {
        /// What is wrong.
        message: String,
        /// What to do instead.
        hint: String,
    },
    /// An engine error.
    #[error(transparent)]
    Engine(EngineErrorKind),
    /// An expression failed to evaluate.
    #[error(transparent)]
    Eval(crate::model::expr::EvalErrorKind),
}

impl RuntimeErrorKind {
    /// This error at `span`.
    pub fn at(self, span: Span) -> RuntimeError {
        RuntimeError { kind: self, span }
    }

    /// A stable code such as `runtime::cannot_pay`; wrapped errors keep their own codes.
    pub fn code(&self) -> &'static str {
        match self {
            RuntimeErrorKind::Unknown { .. } => "runtime::unknown",
            RuntimeErrorKind::PowerNotKnown { .. } => "runtime::power_not_known",
            RuntimeErrorKind::Requirement { .. } => "runtime::requirement",
            RuntimeErrorKind::NotEquipped { .. } => "runtime::not_equipped",
            RuntimeErrorKind::WeaponRequirement { .. } => "runtime::weapon_requirement",
            RuntimeErrorKind::TriggerMissing { .. } => "runtime::trigger_missing",
            RuntimeErrorKind::DefenceAlone { .. } => "runtime::defence_alone",
            RuntimeErrorKind::LimitReached(_) => "runtime::limit_reached",
            RuntimeErrorKind::Targets(_) => "runtime::targets",
            RuntimeErrorKind::Space { .. } => "runtime::space",
            RuntimeErrorKind::Side { .. } => "runtime::side",
            RuntimeErrorKind::NegativeSpending { .. } => "runtime::negative_spending",
            RuntimeErrorKind::Choice { .. } => "runtime::choice",
            RuntimeErrorKind::NoProcedure => "runtime::no_procedure",
            RuntimeErrorKind::Asked(_) => "runtime::asked",
            RuntimeErrorKind::NoDamagePool(_) => "runtime::no_damage_pool",
            RuntimeErrorKind::UnsupportedProcedure(_) => "runtime::unsupported_procedure",
            RuntimeErrorKind::ScriptsNotLoaded(_) => "runtime::scripts_not_loaded",
            RuntimeErrorKind::Test { .. } => "runtime::test",
            RuntimeErrorKind::Script(_) => "runtime::script",
            RuntimeErrorKind::PackErrors => "runtime::pack_errors",
            RuntimeErrorKind::PackMismatch { .. } => "runtime::pack_mismatch",
            RuntimeErrorKind::PowerRule(broken) => broken.code,
            RuntimeErrorKind::Stance { .. } => "runtime::stance",
            RuntimeErrorKind::Fiat { .. } => "runtime::fiat",
            RuntimeErrorKind::Challenge { .. } => "runtime::challenge",
            RuntimeErrorKind::ActorValue { .. } => "runtime::actor_value",
            RuntimeErrorKind::Unmappable { .. } => "runtime::unmappable",
            RuntimeErrorKind::Flow { .. } => "runtime::flow",
            RuntimeErrorKind::Engine(kind) => kind.code(),
            RuntimeErrorKind::Eval(_) => "rules::eval",
        }
    }
}

/// What [`RuntimeErrorKind::LimitReached`] reports (boxed: errors stay small).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{actor} cannot use {name} again: limited to {limit}; used by {first}")]
pub struct LimitReached {
    /// Who tried.
    pub actor: String,
    /// The power (or upgrade).
    pub name: String,
    /// The limit as written canonically (`once per turn`).
    pub limit: String,
    /// The first counted use and when (`Fate Exchange CP in round 1, Ayla's turn`).
    pub first: String,
    /// What resets the count (`turn`).
    pub resets: &'static str,
}

/// What [`RuntimeErrorKind::PowerRule`] reports (boxed: errors stay small).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerRuleBroken {
    /// The diagnostic code (`runtime::not_own_turn`).
    pub code: &'static str,
    /// The message.
    pub message: String,
    /// A second place to point at (the power's `Keywords:` line) and what to say there.
    pub related: Option<(Span, String)>,
    /// What to do instead.
    pub help: String,
}

/// A runtime error with the span of the rule line that caused it ([`Span::NONE`] when the
/// request itself was wrong).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct RuntimeError {
    /// What went wrong.
    pub kind: RuntimeErrorKind,
    /// Where.
    pub span: Span,
}

impl From<EngineError> for RuntimeError {
    fn from(error: EngineError) -> Self {
        RuntimeErrorKind::Engine(error.kind).at(error.span)
    }
}

impl From<EvalError> for RuntimeError {
    fn from(error: EvalError) -> Self {
        if let EvalErrorKind::ScriptFailed { .. } = &error.kind {
            let diagnostic = error.kind.script_diagnostic(error.span);
            return RuntimeErrorKind::Script(Box::new(diagnostic)).at(error.span);
        }
        RuntimeErrorKind::Eval(error.kind).at(error.span)
    }
}

impl ToDiagnostic for RuntimeError {
    fn to_diagnostic(&self) -> Diagnostic {
        if let RuntimeErrorKind::Engine(kind) = &self.kind {
            return EngineError { kind: kind.clone(), span: self.span }.to_diagnostic();
        }
        if let RuntimeErrorKind::Script(diagnostic) = &self.kind {
            return (**diagnostic).clone();
        }
        if let RuntimeErrorKind::Eval(kind @ EvalErrorKind::ScriptFailed { .. }) = &self.kind {
            return kind.script_diagnostic(self.span);
        }
        if let RuntimeErrorKind::Eval(kind) = &self.kind {
            return EvalError { kind: kind.clone(), span: self.span }.to_diagnostic();
        }
        let mut diagnostic = Diagnostic::error(self.kind.code(), self.kind.to_string());
        if !self.span.is_none() {
            diagnostic = diagnostic.with_primary(self.span, "");
        }
        match &self.kind {
            RuntimeErrorKind::Unknown { suggestion: Some(s), .. } => {
                diagnostic.with_help(format!("did you mean `{s}`?"))
            }
            RuntimeErrorKind::LimitReached(limit) => diagnostic
                .with_help(format!("the count starts again at the end of the {}", limit.resets)),
            RuntimeErrorKind::PowerRule(broken) => {
                let diagnostic = match &broken.related {
                    Some((span, label)) if !span.is_none() => {
                        diagnostic.with_secondary(*span, label.clone())
                    }
                    _ => diagnostic,
                };
                diagnostic.with_help(broken.help.clone())
            }
            RuntimeErrorKind::Stance { hint, .. }
            | RuntimeErrorKind::NotEquipped { hint, .. }
            | RuntimeErrorKind::Fiat { hint, .. }
            | RuntimeErrorKind::Challenge { hint, .. }
            | RuntimeErrorKind::ActorValue { hint, .. }
            | RuntimeErrorKind::Unmappable { hint, .. }
            | RuntimeErrorKind::Flow { hint, .. }
            | RuntimeErrorKind::NoDamagePool(hint) => diagnostic.with_help(hint.clone()),
            RuntimeErrorKind::WeaponRequirement { .. } => diagnostic.with_help(
                "meet the requirement first, or use another weapon (`with weapon <name>`)",
            ),
            RuntimeErrorKind::Space { hint, .. }
            | RuntimeErrorKind::Side { hint, .. }
            | RuntimeErrorKind::Choice { hint, .. }
            | RuntimeErrorKind::Test { hint, .. } => diagnostic.with_help(hint.clone()),
            RuntimeErrorKind::Unknown { what, suggestion: None, .. } => diagnostic.with_help(
                format!("check the spelling: no {what} of the loaded pack has this name"),
            ),
            RuntimeErrorKind::PowerNotKnown { .. } => diagnostic.with_help(
                "give it with `grant power NAME to ACTOR`, or list it in the actor's `Powers:`",
            ),
            RuntimeErrorKind::Requirement { .. } => {
                diagnostic.with_help("nothing was spent; meet the requirement first")
            }
            RuntimeErrorKind::TriggerMissing { .. } => {
                diagnostic.with_help("add `trigger \"...\"` naming the event the reaction answers")
            }
            RuntimeErrorKind::DefenceAlone { power } => diagnostic.with_help(format!(
                "use an attack whose check reads `versus a defence` on its holder: the holder \
                 is offered {power} as the attack resolves"
            )),
            RuntimeErrorKind::NegativeSpending { .. } => {
                diagnostic.with_help("spend 0 or more; nothing was spent")
            }
            RuntimeErrorKind::PackMismatch { .. } => diagnostic.with_help(
                "load the pack the save was made with, then restore it; nothing changed",
            ),
            RuntimeErrorKind::PackErrors => {
                diagnostic.with_help("run `mythforge check` on the pack to see its errors")
            }
            _ => diagnostic,
        }
    }
}

/// An `Unknown` error with a suggestion from `candidates`.
pub(crate) fn unknown<'a>(
    what: &'static str,
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> RuntimeErrorKind {
    let suggestion = crate::diagnostics::did_you_mean(name, candidates).map(str::to_owned);
    RuntimeErrorKind::Unknown { what, name: name.to_string(), suggestion }
}
