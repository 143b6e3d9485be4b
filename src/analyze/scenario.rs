//! A scenario to analyse: a setup (session commands: a pack, actors, positions, policies),
//! a question (the session commands whose outcome is wanted) and the inputs a sweep sets.
//! [`Scenario::prepare`] runs the setup through an ordinary [`Session`] and checks the
//! question, so both are read exactly as the REPL reads them; nothing here explores dice.

use std::path::PathBuf;

use crate::diagnostics::{Diagnostic, SourceMap};
use crate::engine::{DecisionKind, Policy, PolicyDecider};
use crate::runtime::Game;
use crate::session::{Command, Located, NameRef, Session, parse_session};

/// What to analyse: run `setup`, then ask what `question` produces.
#[derive(Clone, Debug, Default)]
pub struct Scenario {
    /// Session commands run once, first: `load`, `actor`, `place`, `policy`, ...
    pub setup: String,
    /// The session commands analysed, one per line. `policy` lines change how later
    /// decisions are answered; game commands (uses, checks, turns) are explored.
    pub question: String,
    /// How many times the question runs in a row (costs, resources and conditions carry
    /// over from one to the next).
    pub repeat: u32,
    /// Folders searched for `load NAME` before the built-in packs (`rules/NAME`).
    pub working_directory: Option<PathBuf>,
}

/// An actor's stat or resource set to a value, `Bandit's Defense` to 12: an input that
/// `--set` fixes or a sweep varies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StatSetting {
    /// The actor.
    pub actor: String,
    /// A stat, or a resource (its current and, when it has one, its maximum).
    pub name: String,
    /// The value.
    pub value: i64,
}

impl StatSetting {
    /// Reads `Bandit's Defense` (the value is set later).
    ///
    /// ```
    /// use mythforge::analyze::StatSetting;
    /// let input = StatSetting::parse("Bandit's Defense", 12).unwrap();
    /// assert_eq!((input.actor.as_str(), input.name.as_str()), ("Bandit", "Defense"));
    /// assert!(StatSetting::parse("Defense", 12).is_err());
    /// ```
    pub fn parse(text: &str, value: i64) -> Result<StatSetting, String> {
        let (actor, name) = text.rsplit_once("'s ").ok_or_else(|| {
            format!("`{text}` names no actor: write it as a possessive, `Ana's Defense`")
        })?;
        let (actor, name) = (actor.trim().trim_matches('"'), name.trim());
        if actor.is_empty() || name.is_empty() {
            return Err(format!("`{text}` should read `ACTOR's STAT`"));
        }
        Ok(StatSetting { actor: actor.to_string(), name: name.to_string(), value })
    }

    /// `Bandit's Defense`.
    pub fn label(&self) -> String {
        format!("{}'s {}", self.actor, self.name)
    }
}

/// A scenario ready to explore: the game after the setup (and any inputs), the question's
/// commands and the decision policies in force.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The game after the setup and the inputs.
    pub game: Game,
    /// The inputs set on the game after the setup.
    pub inputs: Vec<StatSetting>,
    /// The question's commands, repeated as asked, with their source text.
    pub commands: Vec<(Located, String)>,
    /// How decisions are answered when the question starts.
    pub policies: PolicyDecider,
    /// Every source seen (pack files, setup, question), for rendering diagnostics.
    pub sources: SourceMap,
    /// Each command of `commands`, ready to run.
    pub(crate) plans: Vec<super::command::Planned>,
}

/// A prepared scenario that other threads can copy ([`Prepared::shared`]): its game
/// travels as a [`crate::runtime::Portable`], so a thread's copy skips parsing and
/// checking the pack (the bulk of preparing one).
#[derive(Clone)]
pub(crate) struct Shared {
    game: crate::runtime::Portable,
    inputs: Vec<StatSetting>,
    commands: Vec<(Located, String)>,
    policies: PolicyDecider,
    sources: SourceMap,
    plans: Vec<super::command::Planned>,
}

impl Shared {
    /// A copy of the prepared scenario, for the calling thread.
    pub(crate) fn prepared(&self) -> Prepared {
        let shared = self.clone();
        Prepared {
            game: shared.game.into_game(),
            inputs: shared.inputs,
            commands: shared.commands,
            policies: shared.policies,
            sources: shared.sources,
            plans: shared.plans,
        }
    }
}

/// Why a scenario could not be prepared: diagnostics and the sources they point into.
#[derive(Debug)]
pub struct Refused {
    /// What went wrong.
    pub diagnostics: Vec<Diagnostic>,
    /// The sources, for rendering.
    pub sources: SourceMap,
}

impl Scenario {
    /// Runs the setup and checks the question. `seed` seeds the game's stream (the setup's
    /// own dice).
    pub fn prepare(&self, seed: u64) -> Result<Prepared, Refused> {
        let mut game = Game::new(seed);
        game.set_script_limits(crate::script::ScriptLimits::batch());
        let mut session = Session::new(game, seed);
        if let Some(directory) = &self.working_directory {
            session = session.with_packs(crate::session::embedded::packs(), directory.clone());
        }
        let run = session.run_text("setup", &self.setup, None);
        let mut sources = session.sources().clone();
        if let Some(diagnostics) = run.failure {
            return Err(Refused { diagnostics, sources });
        }
        let game = session.backend().clone();
        let mut policies = PolicyDecider::default();
        // The setup's `policy` lines ran in the session; their effect is read back here.
        let setup_file = sources.add("setup (policies)", self.setup.clone());
        for entry in parse_session(setup_file, &self.setup).into_iter().flatten() {
            if let Command::Policy { decision, policy } = &entry.command {
                policies = apply_policy(policies, decision, policy)
                    .map_err(|d| Refused { diagnostics: vec![d], sources: sources.clone() })?;
            }
        }
        let file = sources.add("question", self.question.clone());
        let mut commands = Vec::new();
        for entry in parse_session(file, &self.question) {
            let located =
                entry.map_err(|d| Refused { diagnostics: vec![d], sources: sources.clone() })?;
            let text = sources.slice(located.span).lines().next().unwrap_or("").trim().to_string();
            commands.push((located, text));
        }
        Prepared::of_game(game, commands, self.repeat, policies)
            .map_err(|diagnostics| Refused { diagnostics, sources: sources.clone() })
            .map(|prepared| Prepared { sources, ..prepared })
    }
}

impl Prepared {
    /// The question `commands` (each with its text), asked `repeat` times in a row of
    /// `game` as it stands, decisions answered by `policies`: what a session's `analyze`
    /// asks. Commands that are no question (`load`, `seed`, `show`, ...) are refused.
    pub fn of_game(
        game: Game,
        mut commands: Vec<(Located, String)>,
        repeat: u32,
        policies: PolicyDecider,
    ) -> Result<Prepared, Vec<Diagnostic>> {
        for (located, _) in &commands {
            if let Some(reason) = not_in_a_question(&located.command) {
                let diagnostic = Diagnostic::error(
                    "analyze::not_in_question",
                    format!("`{}` cannot be part of a question", located.command.word()),
                )
                .with_primary(located.span, reason)
                .with_help("put it in the setup, which runs once before the question");
                return Err(vec![diagnostic]);
            }
        }
        if commands.is_empty() {
            let diagnostic = Diagnostic::error("analyze::empty_question", "the question is empty")
                .with_help("ask with session commands, such as `Ana uses Jab on Bo`");
            return Err(vec![diagnostic]);
        }
        let once = commands.clone();
        for _ in 1..repeat.max(1) {
            commands.extend(once.iter().cloned());
        }
        let plans = commands
            .iter()
            .map(|(located, _)| super::command::Planned::of(&located.command))
            .collect();
        let sources = SourceMap::new();
        Ok(Prepared { game, inputs: Vec::new(), commands, policies, sources, plans })
    }

    /// The scenario in a form other threads can copy (see [`Shared`]).
    pub(crate) fn shared(&self) -> Shared {
        Shared {
            game: self.game.portable(),
            inputs: self.inputs.clone(),
            commands: self.commands.clone(),
            policies: self.policies.clone(),
            sources: self.sources.clone(),
            plans: self.plans.clone(),
        }
    }

    /// The same scenario with `inputs` set (on top of any already set).
    pub fn with_inputs(&self, inputs: &[StatSetting]) -> Result<Prepared, Refused> {
        let mut varied = self.clone();
        for input in inputs {
            set_input(&mut varied.game, input)
                .map_err(|d| Refused { diagnostics: vec![d], sources: self.sources.clone() })?;
            varied.inputs.push(input.clone());
        }
        Ok(varied)
    }
}

/// `policy KIND NAME`, as the session reads it.
pub(crate) fn apply_policy(
    policies: PolicyDecider,
    decision: &NameRef,
    policy: &NameRef,
) -> Result<PolicyDecider, Diagnostic> {
    let kind: DecisionKind =
        serde_json::from_value(serde_json::Value::from(decision.node.as_str())).map_err(|_| {
            Diagnostic::error(
                "analyze::unknown_decision",
                format!("unknown decision `{}`", decision.node),
            )
            .with_primary(decision.span, "not a decision kind")
            .with_help("decisions: second-die, boost, spend, choice, reroll, ignore-penalties")
        })?;
    let chosen = Policy::from_name(&policy.node).ok_or_else(|| {
        Diagnostic::error("analyze::unknown_policy", format!("unknown policy `{}`", policy.node))
            .with_primary(policy.span, "not a policy")
            .with_help(format!("policies: {}", Policy::NAMES.join(", ")))
    })?;
    Ok(policies.with(kind, chosen))
}

/// Why a command cannot be part of a question, if it cannot.
fn not_in_a_question(command: &Command) -> Option<&'static str> {
    match command {
        Command::Load(_) | Command::Define(_) | Command::Reload => {
            Some("rules are part of the setup")
        }
        Command::Seed(_) => Some("an analysis explores every roll: no seed to choose"),
        Command::Show(_) | Command::Help(_) | Command::Dist(_) => {
            Some("this shows, it changes nothing")
        }
        Command::Save(_) | Command::Restore(_) => Some("an analysis touches no files"),
        Command::Undo => Some("a question cannot take back the setup"),
        Command::Analyze(_) => Some("an analysis cannot analyse an analysis"),
        Command::Initiative(_) => Some("choose turns or ticks in the setup"),
        _ => None,
    }
}

/// Sets a stat, or a resource (current, and its maximum when the maximum is lower), of an
/// actor; a name the actor does not hold is refused.
fn set_input(game: &mut Game, input: &StatSetting) -> Result<(), Diagnostic> {
    let world = game.world_mut();
    let actor = world.actor_mut(&input.actor).map_err(|error| {
        Diagnostic::error(
            "analyze::unknown_input",
            format!("cannot vary `{}`: {error}", input.label()),
        )
        .with_help("create the actor in the setup first")
    })?;
    if let Some(stat) = actor.stats.get_mut(&input.name) {
        *stat = input.value;
        return Ok(());
    }
    if let Some(resource) = actor.resources.get_mut(&input.name) {
        resource.current = input.value;
        if resource.max.is_some_and(|max| max < input.value) {
            resource.max = Some(input.value);
        }
        return Ok(());
    }
    let names: Vec<&str> =
        actor.stats.keys().chain(actor.resources.keys()).map(String::as_str).collect();
    let mut diagnostic = Diagnostic::error(
        "analyze::unknown_input",
        format!("`{}` has no stat or resource `{}`", input.actor, input.name),
    );
    diagnostic = match crate::diagnostics::did_you_mean(&input.name, names) {
        Some(close) => diagnostic.with_help(format!("did you mean `{close}`?")),
        None => diagnostic.with_help(
            "vary a stat or resource the actor holds (derived values follow what they derive from)",
        ),
    };
    Err(diagnostic)
}
