//! The game behind a session: the [`Backend`] trait the session drives, and what its
//! commands return ([`Outcome`], [`TranscriptEntry`]).
//!
//! The session layer parses commands, resolves packs, runs the dice commands and renders
//! transcripts; everything that needs game rules goes through this trait, one method per
//! game command, with typed arguments.
//!
//! # The transaction contract
//!
//! Every `&mut self` method is **transactional**: it either succeeds, returning what
//! happened, or fails with diagnostics and leaves the game exactly as it was (actors,
//! resources, conditions, encounter, log, undo history and the dice stream). A failed
//! command must not be recorded for `undo`. The session relies on this to promise the REPL
//! user that a failed command changes nothing; the test double in `tests.rs` checks it.

use serde::Serialize;

use super::command::{AnalyzeCommand, CheckCommand, CheckSide, NameRef, ShowTarget, UseCommand};
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::dice::Roller;
use crate::engine::{Decider, Hex, PolicyDecider};
use crate::model::{Pack, RuleFile};

/// What a command produced: events for the log and transcript, or a view for `show`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Outcome {
    /// What happened, in order.
    pub events: Vec<TranscriptEntry>,
}

impl Outcome {
    /// An outcome of one event.
    pub fn event(kind: &str, text: impl Into<String>) -> Self {
        Outcome { events: vec![TranscriptEntry::new(kind, text)] }
    }

    /// A rendered view (for `show`): one `view` event whose text may span lines.
    pub fn view(text: impl Into<String>) -> Self {
        Outcome::event("view", text)
    }
}

/// One thing that happened, as a transcript line and a JSON event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TranscriptEntry {
    /// What kind of thing: `roll`, `damage`, `turn`, `view`.
    pub kind: String,
    /// The transcript text (may span lines).
    pub text: String,
    /// Structured details for `--json` (`null` when there are none).
    pub data: serde_json::Value,
}

impl TranscriptEntry {
    /// An event with no structured details.
    pub fn new(kind: &str, text: impl Into<String>) -> Self {
        // Names and script text come from strangers: no control character is printed raw.
        let text = crate::diagnostics::escape_string(text.into());
        TranscriptEntry { kind: kind.to_string(), text, data: serde_json::Value::Null }
    }

    /// The same event with structured details.
    pub fn with_data(mut self, data: serde_json::Value) -> Self {
        self.data = data;
        self
    }
}

/// The kinds of name tab completion asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompletionKind {
    /// Packs that `load` accepts.
    Pack,
    /// Actors in the game.
    Actor,
    /// Stat blocks actors can be created from.
    StatBlock,
    /// Powers.
    Power,
    /// Conditions.
    Condition,
    /// The pack's blocks of one kind: stances for `adopts`, weapons for `with weapon`, each
    /// kind the GM grants for `grant KIND`.
    Blocks(crate::model::BlockKind),
}

/// A pack the session resolved and parsed for `load`: its rule files (already parsed and
/// checked, sources registered in the session's source map) and its scripts.
#[derive(Clone, Debug)]
pub struct LoadedPack {
    /// The name as loaded: `tiny`, or the path for `load "x.rules"`.
    pub name: String,
    /// The parsed rule files.
    pub pack: Pack,
    /// Script files `(path relative to the scripts folder, text)`, sorted by path.
    pub scripts: Vec<(String, String)>,
    /// The session's sources, the pack's files and scripts registered: the game numbers
    /// its files as the session renders them (a script error points into the script).
    pub sources: crate::diagnostics::SourceMap,
    /// The session's check of `pack` alone (no errors in it), for a backend that installs
    /// exactly this pack to use instead of checking it again; `None` on `reload`.
    pub checked: Option<crate::check::Checked>,
}

/// A GM's change by fiat, as the session hands it to the backend.
#[derive(Clone, Copy, Debug)]
pub enum Fiat<'a> {
    /// `set Hero HP to 12`.
    Set {
        /// Whose.
        actor: &'a NameRef,
        /// Which stat or resource.
        name: &'a NameRef,
        /// The new value.
        value: i64,
    },
    /// `Hero takes 5 fire damage`.
    Damage {
        /// Who.
        actor: &'a NameRef,
        /// How much.
        amount: i64,
        /// Its type.
        damage_type: Option<&'a NameRef>,
    },
    /// `Hero heals 5`.
    Heal {
        /// Who.
        actor: &'a NameRef,
        /// How much.
        amount: i64,
    },
    /// `apply Dazed 2 to Hero for 2 rounds`.
    Apply {
        /// The condition.
        condition: &'a NameRef,
        /// Its N.
        n: Option<i64>,
        /// To whom.
        actor: &'a NameRef,
        /// How long.
        lasting: crate::runtime::Lasting,
    },
    /// `remove Dazed from Hero`.
    Remove {
        /// The condition.
        condition: &'a NameRef,
        /// From whom.
        actor: &'a NameRef,
    },
    /// `grant power Quick Jab to Hero` (`true`) or `revoke ...` (`false`).
    Grant {
        /// Granted or revoked.
        grant: bool,
        /// What kind of thing.
        kind: crate::runtime::Grantable,
        /// Its name.
        name: &'a NameRef,
        /// Whose.
        actor: &'a NameRef,
    },
    /// `next turn`.
    EndTurn,
    /// `world is Night`.
    World {
        /// The flag that holds from now on.
        flag: &'a NameRef,
    },
}

/// Result of a game command: what happened, or why nothing happened.
pub type CommandResult = Result<Outcome, Vec<Diagnostic>>;

/// The game a session drives. See the module documentation for the transaction contract:
/// every method either succeeds or changes nothing.
pub trait Backend {
    /// The one random stream of the game. `roll`, `seed` and `force` use it directly, so
    /// session dice and game dice are the same stream.
    fn roller(&mut self) -> &mut Roller;

    /// The sources the backend already holds (a game loaded before the session began):
    /// the session registers its own files after them, so one map renders every span.
    fn sources(&self) -> crate::diagnostics::SourceMap {
        crate::diagnostics::SourceMap::new()
    }

    /// `load`: add a pack's rules and scripts to the game.
    fn load(&mut self, pack: &LoadedPack) -> CommandResult;

    /// An inline block definition, parsed into a one-block rule file: register it.
    fn define(&mut self, file: &RuleFile) -> CommandResult;

    /// `actor NAME from STAT BLOCK with Stat 12, Other 3` (the stat block, the stats or
    /// both).
    fn create_actor(
        &mut self,
        name: &NameRef,
        stat_block: Option<&NameRef>,
        stats: &[(NameRef, i64)],
    ) -> CommandResult;

    /// `show ...`: a view; never changes the game.
    fn show(&self, target: &ShowTarget) -> CommandResult;

    /// `ACTOR uses POWER on TARGETS ...`: the full pipeline (cost, targets, check, effects).
    fn use_power(&mut self, power_use: &UseCommand, decider: &mut dyn Decider) -> CommandResult;

    /// `check ACTOR terms vs N`.
    fn check(&mut self, request: &CheckCommand, decider: &mut dyn Decider) -> CommandResult;

    /// `versus ACTOR terms vs ACTOR terms`.
    fn versus(
        &mut self,
        attacker: &CheckSide,
        defender: &CheckSide,
        decider: &mut dyn Decider,
    ) -> CommandResult;

    /// `encounter A, B`: start an encounter.
    fn start_encounter(&mut self, actors: &[NameRef]) -> CommandResult;

    /// `next`: the next turn.
    fn next_turn(&mut self, decider: &mut dyn Decider) -> CommandResult;

    /// `end encounter`.
    fn end_encounter(&mut self) -> CommandResult;

    /// `challenge N Successes before M Failures with A, B`.
    fn start_challenge(
        &mut self,
        terms: &super::command::ChallengeTerms,
        participants: &[NameRef],
    ) -> CommandResult;

    /// `save "file.json"`: write the game (atomically) to a file.
    fn save(&mut self, path: &Spanned<String>) -> CommandResult;

    /// `restore "file.json"`: replace the game with a saved one.
    fn restore(&mut self, path: &Spanned<String>) -> CommandResult;

    /// `undo`: take back the last command that changed the game.
    fn undo(&mut self) -> CommandResult;

    /// `place ACTOR at q,r [facing DIRECTION]`: put an actor on a cell of the map. Backends
    /// without a map refuse it.
    fn place(
        &mut self,
        actor: &NameRef,
        hex: &Spanned<Hex>,
        facing: Option<&Spanned<String>>,
    ) -> CommandResult {
        let _ = (actor, facing);
        Err(no_map(hex.span))
    }

    /// `ACTOR faces DIRECTION`: turn an actor on the map. Backends without a map refuse it.
    fn face(&mut self, actor: &NameRef, direction: &Spanned<String>) -> CommandResult {
        let _ = actor;
        Err(no_map(direction.span))
    }

    /// `wall q,r ...`: hexes that block movement and lines to targets. Backends without a
    /// map refuse it.
    fn add_walls(&mut self, hexes: &[Spanned<Hex>]) -> CommandResult {
        Err(no_map(hexes.first().map_or(crate::diagnostics::Span::NONE, |hex| hex.span)))
    }

    /// `terrain NAME N at q,r ...`: lay a condition on hexes. Backends without a map refuse it.
    fn set_terrain(
        &mut self,
        condition: &NameRef,
        n: Option<&Spanned<i64>>,
        hexes: &[Spanned<Hex>],
    ) -> CommandResult {
        let _ = (n, hexes);
        Err(no_map(condition.span))
    }

    /// `terrain clear q,r ...`: take terrain off hexes. Backends without a map refuse it.
    fn clear_terrain(&mut self, hexes: &[Spanned<Hex>]) -> CommandResult {
        Err(no_map(hexes.first().map_or(crate::diagnostics::Span::NONE, |hex| hex.span)))
    }

    /// `side A, B: party`: put actors on a side. Backends without sides refuse it.
    fn set_side(&mut self, actors: &[NameRef], side: &NameRef) -> CommandResult {
        let _ = actors;
        Err(vec![
            super::session::error_at(
                "session::no_sides",
                "this game has no sides",
                side.span,
                "here",
            )
            .with_help("the command changed nothing"),
        ])
    }

    /// A step of a test in steps (`Hero tests Strength vs 4`, `Hero adds 2 Effort`, `Ana
    /// assists`, `oppose 2`, `settle`). Backends without tests in steps refuse it.
    fn test_step(&mut self, step: &super::command::TestStep, span: Span) -> CommandResult {
        let _ = step;
        Err(vec![
            super::session::error_at(
                "session::no_tests",
                "this game has no tests in steps",
                span,
                "here",
            )
            .with_help("the command changed nothing"),
        ])
    }

    /// `Ana adopts Jaguar Stance`: an actor adopts a stance. Backends without stances
    /// refuse it.
    fn adopt(&mut self, actor: &NameRef, stance: &NameRef) -> CommandResult {
        let _ = actor;
        Err(vec![
            super::session::error_at(
                "session::no_stances",
                "this game has no stances",
                stance.span,
                "here",
            )
            .with_help("the command changed nothing"),
        ])
    }

    /// `Karak leaves Defensive Stance`: an actor ends its stance. Backends without stances
    /// refuse it.
    fn leave(&mut self, actor: &NameRef, stance: &NameRef) -> CommandResult {
        self.adopt(actor, stance)
    }

    /// A GM's change by fiat (`set`, `takes ... damage`, `heals`, `apply`, `remove`,
    /// `grant`, `revoke`, `next turn`): logged and undoable like any command. Backends
    /// without GM changes refuse it.
    fn fiat(&mut self, fiat: &Fiat<'_>, decider: &mut dyn Decider) -> CommandResult {
        let _ = (fiat, decider);
        Err(vec![
            super::session::error_at(
                "session::no_fiat",
                "this game takes no GM changes",
                crate::diagnostics::Span::NONE,
                "here",
            )
            .with_help("the command changed nothing"),
        ])
    }

    /// `reload`: the pack's rule files and scripts read again (`pack`, checked), every
    /// actor and the world kept wherever their names still resolve. Backends without a
    /// pack refuse it.
    fn reload(&mut self, pack: &LoadedPack) -> CommandResult {
        let _ = pack;
        Err(vec![
            super::session::error_at(
                "session::no_reload",
                "this game cannot reload its rules",
                crate::diagnostics::Span::NONE,
                "here",
            )
            .with_help("the command changed nothing"),
        ])
    }

    /// `analyze [N times] COMMAND`: the exact odds of `request`'s command from the game as
    /// it stands, decisions answered by `policies`; the game is left unchanged. Backends
    /// that cannot explore their dice refuse it.
    fn analyze(&self, request: &AnalyzeCommand, policies: &PolicyDecider) -> CommandResult {
        let _ = policies;
        Err(vec![
            super::session::error_at(
                "session::no_analysis",
                "this game cannot be analysed",
                request.question.span,
                "here",
            )
            .with_help("the command changed nothing"),
        ])
    }

    /// Names for tab completion, sorted.
    fn complete_names(&self, kind: CompletionKind) -> Vec<String>;

    /// `initiative ticks`: plain turns or ticks for encounters started from now on. A
    /// backend without encounters only echoes the choice.
    fn set_initiative(&mut self, mode: &NameRef) -> CommandResult {
        Ok(Outcome::event("initiative", format!("initiative {}", mode.node)))
    }
}

/// The refusal of a backend that has no hex map.
fn no_map(span: crate::diagnostics::Span) -> Vec<Diagnostic> {
    vec![
        super::session::error_at("session::no_map", "this game has no hex map", span, "here")
            .with_help("the command changed nothing"),
    ]
}
