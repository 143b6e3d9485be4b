//! [`Session`]: runs session commands against a [`Backend`]. It owns the source map (session
//! inputs and loaded rule files), the decision policies and the pack resolver; it runs the
//! dice commands (`roll`, `dist`, `seed`, `force`) itself on the backend's roller, parses
//! `load`ed packs and inline definitions with the rule-language parser, and hands every game
//! command to the backend. No terminal, no printing: results are [`Step`]s and diagnostics.

use std::path::PathBuf;

use super::backend::{
    Backend, CommandResult, CompletionKind, Fiat, LoadedPack, Outcome, TranscriptEntry,
};
use super::command::{Command, Definition, DiceCommand, LoadTarget, Located};
use super::embedded::{self, PackFiles, PackOrigin};
use super::error::SessionErrorKind;
use super::help::help_text;
use super::parse::parse_session;
use crate::diagnostics::{Diagnostic, SourceMap, Span, Spanned, did_you_mean};
use crate::dice::{Roller, distribution};
use crate::engine::{Decider, DecisionKind, Policy, PolicyDecider};

/// The seed batch runs use when neither the command line nor the session sets one, so that
/// every run is reproducible.
pub const DEFAULT_SEED: u64 = 1;

/// One source of the game's rules, kept for `reload`.
#[derive(Clone, Debug)]
enum Loaded {
    /// `load NAME` or `load "path"`: read again on reload.
    Pack(LoadTarget),
    /// An inline definition (or house rule), as parsed: kept as it was.
    Inline(crate::model::RuleFile),
}

/// One command that ran: where it came from and what it produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The 1-based line of the command in its input.
    pub line: usize,
    /// The command's source text (the first line of a block definition).
    pub source: String,
    /// What happened.
    pub events: Vec<TranscriptEntry>,
}

/// The result of running a whole text: the steps that ran and, if one failed, its
/// diagnostics (nothing after it ran).
#[derive(Clone, Debug, Default)]
pub struct Run {
    /// Steps in order.
    pub steps: Vec<Step>,
    /// The failure that stopped the run.
    pub failure: Option<Vec<Diagnostic>>,
}

/// A session: a backend plus everything the command language needs around it.
pub struct Session<B: Backend> {
    backend: B,
    /// What made the game's rules, in order, for `reload`.
    history: Vec<Loaded>,
    /// The blocks defined inline so far (kind, lower-case name): defining one again
    /// replaces it.
    inline: Vec<(crate::model::BlockKind, String)>,
    sources: SourceMap,
    policies: PolicyDecider,
    packs: Vec<PackFiles>,
    working_directory: PathBuf,
    inputs: usize,
    fixed_seed: bool,
}

impl<B: Backend> Session<B> {
    /// A session over `backend`, whose roller is restarted from `seed`, with the embedded
    /// packs and the current directory's `rules/` folder available to `load`.
    pub fn new(mut backend: B, seed: u64) -> Self {
        *backend.roller() = Roller::new(seed);
        let sources = backend.sources();
        Session {
            backend,
            history: Vec::new(),
            inline: Vec::new(),
            sources,
            policies: PolicyDecider::default(),
            packs: embedded::packs(),
            working_directory: PathBuf::from("."),
            inputs: 0,
            fixed_seed: false,
        }
    }

    /// The same session resolving `load NAME` against these packs and this directory
    /// (tests use a fixture folder).
    pub fn with_packs(mut self, packs: Vec<PackFiles>, working_directory: PathBuf) -> Self {
        self.packs = packs;
        self.working_directory = working_directory;
        self
    }

    /// The same session ignoring `seed` commands (the command line's `--seed` wins); each
    /// one says so in the transcript.
    pub fn with_fixed_seed(mut self) -> Self {
        self.fixed_seed = true;
        self
    }

    /// Every source the session has seen, for rendering diagnostics.
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }

    /// The backend.
    pub fn backend(&self) -> &B {
        &self.backend
    }

    /// The seed of the current dice stream.
    pub fn seed(&mut self) -> u64 {
        self.backend.roller().seed()
    }

    /// Names for completion: packs come from the resolver, the rest from the backend.
    pub fn complete_names(&self, kind: CompletionKind) -> Vec<String> {
        if kind == CompletionKind::Pack {
            let mut names: Vec<String> = self.packs.iter().map(|pack| pack.name.clone()).collect();
            names.extend(self.backend.complete_names(kind));
            names.sort();
            names.dedup();
            return names;
        }
        self.backend.complete_names(kind)
    }

    /// Runs `text` (registered as `name`) command by command, stopping at the first error.
    /// `decider` answers decision points; `None` means the session's policies answer.
    pub fn run_text<'d>(
        &mut self,
        name: &str,
        text: &str,
        mut decider: Option<&mut (dyn Decider + 'd)>,
    ) -> Run {
        let file = self.sources.add(name, text);
        let mut run = Run::default();
        for entry in parse_session(file, text) {
            let located = match entry {
                Ok(located) => located,
                Err(diagnostic) => {
                    run.failure = Some(vec![diagnostic]);
                    break;
                }
            };
            let line = self.sources.line_col(located.span).map_or(0, |position| position.line);
            let source = self.sources.slice(located.span).lines().next().unwrap_or("").to_string();
            match self
                .execute(&located, decider.as_deref_mut())
                .map_err(|d| locate(d, located.span))
            {
                Ok(outcome) => run.steps.push(Step { line, source, events: outcome.events }),
                Err(diagnostics) => {
                    run.failure = Some(diagnostics);
                    break;
                }
            }
        }
        run
    }

    /// Runs one input of the REPL (a line, or a block definition with its lines).
    pub fn run_input<'d>(&mut self, text: &str, decider: Option<&mut (dyn Decider + 'd)>) -> Run {
        self.inputs += 1;
        let name = format!("<input {}>", self.inputs);
        self.run_text(&name, text, decider)
    }

    /// Executes one command. On failure the game is unchanged (see [`Backend`]). Forced
    /// faces are for the command after `force`: whatever a command other than `force`,
    /// `show`, `help` or `dist` leaves unused is dropped, and its outcome ends with a
    /// `force` event saying so (a failed command changes nothing: they stay). `undo` and
    /// `restore` rewind the dice stream but never bring forced faces back.
    pub fn execute<'d>(
        &mut self,
        located: &Located,
        decider: Option<&mut (dyn Decider + 'd)>,
    ) -> CommandResult {
        let waiting: Vec<u32> = self.backend.roller().forced().collect();
        let mut outcome = self.execute_command(located, decider)?;
        if matches!(located.command, Command::Undo | Command::Restore(_)) {
            // Taking a command back rewinds the stream, not the forced faces it used: those
            // were for that command. What was waiting before stays waiting.
            let roller = self.backend.roller();
            roller.clear_forced();
            roller.force(waiting.iter().copied());
        }
        let keeps_forced = matches!(
            located.command,
            Command::Force(_) | Command::Show(_) | Command::Help(_) | Command::Dist(_)
        );
        if !keeps_forced {
            // `seed` restarts the stream: the faces waiting before it are the ones it drops.
            let left: Vec<u32> = match located.command {
                Command::Seed(_) if !self.fixed_seed => waiting,
                _ => self.backend.roller().forced().collect(),
            };
            if !left.is_empty() {
                self.backend.roller().clear_forced();
                let list: Vec<String> = left.iter().map(u32::to_string).collect();
                let text =
                    format!("forced dice not used by this command, dropped: {}", list.join(", "));
                outcome.events.push(
                    TranscriptEntry::new("force", text)
                        .with_data(serde_json::json!({ "dropped": left })),
                );
            }
        }
        Ok(outcome)
    }

    fn execute_command<'d>(
        &mut self,
        located: &Located,
        decider: Option<&mut (dyn Decider + 'd)>,
    ) -> CommandResult {
        let mut policies = self.policies.clone();
        let decider: &mut dyn Decider = match decider {
            Some(decider) => decider,
            None => &mut policies,
        };
        match &located.command {
            Command::Seed(seed) if self.fixed_seed => {
                let kept = self.backend.roller().seed();
                Ok(Outcome::event(
                    "seed",
                    format!("seed {seed} ignored: the command line fixed seed {kept}"),
                ))
            }
            Command::Seed(seed) => {
                *self.backend.roller() = Roller::new(*seed);
                Ok(Outcome::event("seed", format!("seed {seed}"))
                    .with_data(serde_json::json!({ "seed": seed })))
            }
            Command::Force(faces) => {
                self.backend.roller().force(faces.iter().copied());
                let list: Vec<String> = faces.iter().map(u32::to_string).collect();
                Ok(Outcome::event("force", format!("next dice: {}", list.join(", ")))
                    .with_data(serde_json::json!({ "faces": faces })))
            }
            Command::Roll(dice) => self.roll(dice),
            Command::Dist(dice) => dist(dice),
            Command::Policy { decision, policy } => self.set_policy(decision, policy),
            Command::Help(topic) => match help_text(topic.as_ref().map(|t| t.node.as_str())) {
                Some(text) => Ok(Outcome::view(text.trim_end())),
                None => {
                    let topic = topic.as_ref().expect("help without a topic always has text");
                    Err(vec![
                        SessionErrorKind::NoHelp(topic.node.clone()).at(topic.span).to_diagnostic(),
                    ])
                }
            },
            Command::Load(target) => self.load(target),
            Command::Define(definition) => self.define(definition),
            Command::Actor { name, stat_block, stats } => {
                self.backend.create_actor(name, stat_block.as_ref(), stats)
            }
            Command::Show(target) => self.backend.show(target),
            Command::UsePower(power_use) => self.backend.use_power(power_use, decider),
            Command::Check(request) => self.backend.check(request, decider),
            Command::Versus { attacker, defender } => {
                self.backend.versus(attacker, defender, decider)
            }
            Command::Initiative(mode) => self.backend.set_initiative(mode),
            Command::Encounter(actors) => self.backend.start_encounter(actors),
            Command::NextTurn => self.backend.next_turn(decider),
            Command::EndEncounter => self.backend.end_encounter(),
            Command::Challenge { terms, participants } => {
                self.backend.start_challenge(terms, participants)
            }
            Command::Save(path) => self.backend.save(path),
            Command::Restore(path) => self.backend.restore(path),
            Command::Undo => self.backend.undo(),
            Command::Place { actor, hex, facing } => {
                self.backend.place(actor, hex, facing.as_ref())
            }
            Command::Face { actor, direction } => self.backend.face(actor, direction),
            Command::Wall(hexes) => self.backend.add_walls(hexes),
            Command::Terrain { condition, n, hexes } => {
                self.backend.set_terrain(condition, n.as_ref(), hexes)
            }
            Command::ClearTerrain(hexes) => self.backend.clear_terrain(hexes),
            Command::Side { actors, side } => self.backend.set_side(actors, side),
            Command::Adopt { actor, stance } => self.backend.adopt(actor, stance),
            Command::Leave { actor, stance } => self.backend.leave(actor, stance),
            Command::Test(step) => self.backend.test_step(step, located.span),
            Command::Reload => self.reload(),
            // Always the session's policies: an analysis never stops to ask.
            Command::Analyze(request) => self.backend.analyze(request, &self.policies),
            command => match fiat_of(command) {
                Some(fiat) => self.backend.fiat(&fiat, decider),
                None => unreachable!("every other command is handled above"),
            },
        }
    }

    /// `roll`: on the backend's roller; a failed roll puts the stream back where it was.
    fn roll(&mut self, dice: &DiceCommand) -> CommandResult {
        let before = self.backend.roller().state();
        match self.backend.roller().roll(&dice.expression) {
            Ok(roll) => {
                let text = super::transcript::describe_roll(&dice.expression, &roll);
                let data = serde_json::json!({ "expr": dice.text, "total": roll.total, "dice": roll.dice });
                Ok(Outcome::event("roll", text).with_data(data))
            }
            Err(error) => {
                *self.backend.roller() = Roller::from_state(&before);
                Err(vec![error.to_diagnostic(dice.span.file, dice.span.start as usize)])
            }
        }
    }

    /// `policy KIND NAME`: kinds and names as the engine spells them (`boost max-safe`).
    fn set_policy(
        &mut self,
        decision: &super::command::NameRef,
        policy: &super::command::NameRef,
    ) -> CommandResult {
        const KINDS: [(&str, DecisionKind); 5] = [
            ("second-die", DecisionKind::SecondDie),
            ("boost", DecisionKind::Boost),
            ("spend", DecisionKind::Spend),
            ("reroll", DecisionKind::Reroll),
            ("ignore-penalties", DecisionKind::IgnorePenalties),
        ];
        const POLICIES: [&str; 4] = ["always", "never", "if-better", "max-safe"];
        let Some((_, kind)) = KINDS.iter().find(|(name, _)| *name == decision.node) else {
            return Err(vec![unknown("decision", decision, KINDS.iter().map(|(name, _)| *name))]);
        };
        let Some(chosen) = Policy::from_name(&policy.node) else {
            return Err(vec![unknown("policy", policy, POLICIES)]);
        };
        self.policies = std::mem::take(&mut self.policies).with(*kind, chosen);
        Ok(Outcome::event("policy", format!("policy {} {}", decision.node, policy.node)))
    }

    /// `load NAME` or `load "path"`: resolve, parse and check here; the backend adds it.
    fn load(&mut self, target: &LoadTarget) -> CommandResult {
        let (mut loaded, mut notes) = self.read(target)?;
        let mut checked = crate::check::Checked::of(&loaded.pack);
        if checked.diagnostics.iter().any(Diagnostic::is_error) {
            crate::check::sort_diagnostics(&mut checked.diagnostics);
            return Err(checked.diagnostics);
        }
        loaded.checked = Some(checked);
        let mut outcome = self.backend.load(&loaded)?;
        self.history.push(Loaded::Pack(target.clone()));
        notes.append(&mut outcome.events);
        Ok(Outcome { events: notes })
    }

    /// Resolves and parses what `load` names (its name as loaded, rule files and scripts) and
    /// the notes for the transcript; the parse errors when it does not parse.
    fn read(
        &mut self,
        target: &LoadTarget,
    ) -> Result<(LoadedPack, Vec<TranscriptEntry>), Vec<Diagnostic>> {
        let mut notes = Vec::new();
        let (name, pack, scripts, mut diagnostics) = match target {
            LoadTarget::Path(path) => {
                let paths = [self.path(&path.node)];
                let (pack, mut diagnostics) = crate::parse::load_pack(&paths, &mut self.sources);
                // The pack's scripts come with it, read (bounded) as `Game::load` reads them.
                let scripts =
                    crate::runtime::script_files(&paths, &pack).unwrap_or_else(|errors| {
                        diagnostics.extend(errors);
                        Vec::new()
                    });
                (path.node.clone(), pack, scripts, diagnostics)
            }
            LoadTarget::Pack(name) => {
                let Some(files) =
                    embedded::resolve(&name.node, &self.working_directory, &self.packs)
                else {
                    let known: Vec<&str> =
                        self.packs.iter().map(|pack| pack.name.as_str()).collect();
                    let mut diagnostic = unknown("pack", name, known.iter().copied());
                    if known.is_empty() {
                        diagnostic = diagnostic.with_help(
                            "no packs are built in; put one in `rules/<name>/` or load a path",
                        );
                    }
                    return Err(vec![diagnostic]);
                };
                if let PackOrigin::Local(folder) = &files.origin {
                    notes.push(TranscriptEntry::new(
                        "note",
                        format!(
                            "using the local pack in `{}` instead of the built-in one",
                            folder.display()
                        ),
                    ));
                }
                let (pack, mut diagnostics) = files.parse(&mut self.sources);
                let scripts = files.scripts();
                // As `load "path"` reads them: a local pack without its scripts is refused.
                if let Err(errors) = crate::runtime::require_scripts(&pack, !scripts.is_empty()) {
                    diagnostics.extend(errors);
                }
                (name.node.clone(), pack, scripts, diagnostics)
            }
        };
        if diagnostics.iter().any(Diagnostic::is_error) {
            crate::check::sort_diagnostics(&mut diagnostics);
            return Err(diagnostics);
        }
        for (script, text) in &scripts {
            self.sources.add(script.as_str(), text.as_str());
        }
        let sources = self.sources.clone();
        Ok((LoadedPack { name, pack, scripts, sources, checked: None }, notes))
    }

    /// `reload`: every loaded pack read again (files changed on disk count), inline
    /// definitions kept as they were, all checked together by the backend, which keeps
    /// the world wherever its names still resolve. A reload that does not parse or check
    /// changes nothing.
    fn reload(&mut self) -> CommandResult {
        if self.history.is_empty() {
            return Err(vec![
                Diagnostic::error("session::nothing_to_reload", "nothing is loaded to reload")
                    .with_help("`load` a pack first; nothing changed"),
            ]);
        }
        let mut files = Vec::new();
        let mut scripts = Vec::new();
        for entry in self.history.clone() {
            match entry {
                Loaded::Pack(target) => {
                    let (read, _) = self.read(&target)?;
                    files.extend(read.pack.files);
                    scripts.extend(read.scripts);
                }
                Loaded::Inline(file) => files.push(file),
            }
        }
        let loaded = LoadedPack {
            name: "reload".to_string(),
            pack: crate::model::Pack { files },
            scripts,
            sources: self.sources.clone(),
            checked: None,
        };
        self.backend.reload(&loaded)
    }

    /// A path written in a session, relative to the session's working directory.
    fn path(&self, written: &str) -> PathBuf {
        let path = PathBuf::from(written);
        if path.is_absolute() || self.working_directory == std::path::Path::new(".") {
            path
        } else {
            self.working_directory.join(path)
        }
    }

    /// A block definition: parsed with the rule-language parser, spans in the session file.
    fn define(&mut self, definition: &Definition) -> CommandResult {
        let file = definition.span.file;
        let whole = self.sources.get(file).map(|source| source.text.clone()).unwrap_or_default();
        // Blank out everything but the block (same byte lengths, line breaks kept) so the rule
        // parser's spans are offsets in the session file itself.
        let range = definition.span.range();
        let padded: String = whole
            .char_indices()
            .map(|(offset, c)| {
                if range.contains(&offset) || c == '\n' {
                    c.to_string()
                } else {
                    " ".repeat(c.len_utf8())
                }
            })
            .collect();
        let path = self.sources.get(file).map(|source| source.name.clone()).unwrap_or_default();
        let (mut rule_file, mut diagnostics) =
            crate::parse::parse_file(file, std::path::Path::new(&path), &padded);
        diagnostics.retain(Diagnostic::is_error);
        if !diagnostics.is_empty() {
            return Err(diagnostics);
        }
        let redefined = self.redefinitions(&mut rule_file);
        let mut outcome = self.backend.define(&rule_file)?;
        for (kind, name) in &redefined {
            let replaces = format!("house rule replaces {kind} {name}");
            for event in &mut outcome.events {
                if let Some(rest) = event.text.strip_prefix(&replaces) {
                    event.kind = "define".to_string();
                    event.text = format!(
                        "redefined {kind} {name}: it replaces the earlier definition{rest}"
                    );
                }
            }
        }
        for block in rule_file.blocks() {
            let key = (block.node.kind.node, block.node.name.node.as_str().to_lowercase());
            self.inline.push(key);
        }
        self.history.push(Loaded::Inline(rule_file));
        Ok(outcome)
    }

    /// Turns each block of `file` that redefines an earlier inline definition into a house
    /// rule that replaces it; their kinds and names.
    fn redefinitions(
        &self,
        file: &mut crate::model::RuleFile,
    ) -> Vec<(crate::model::BlockKind, String)> {
        use crate::model::house::{House, HouseBody, HouseRule, HouseVerb};
        let mut redefined = Vec::new();
        for item in &mut file.items {
            let crate::model::Item::Block(block) = item else { continue };
            let key = (block.node.kind.node, block.node.name.node.as_str().to_lowercase());
            if !self.inline.contains(&key) {
                continue;
            }
            redefined.push((key.0, block.node.name.node.as_str().to_string()));
            let rule = HouseRule {
                verb: Spanned::new(HouseVerb::Replace, block.node.kind.span),
                kind: block.node.kind.clone(),
                name: block.node.name.clone(),
                body: HouseBody::Replace(block.node.clone()),
            };
            *item = crate::model::Item::House(Spanned::new(House::Rule(rule), block.span));
        }
        redefined
    }
}

/// The GM change a command asks for, if it is one.
pub(crate) fn fiat_of(command: &Command) -> Option<Fiat<'_>> {
    Some(match command {
        Command::SetValue { actor, name, value } => Fiat::Set { actor, name, value: *value },
        Command::TakeDamage { actor, amount, damage_type } => {
            Fiat::Damage { actor, amount: *amount, damage_type: damage_type.as_ref() }
        }
        Command::Heal { actor, amount } => Fiat::Heal { actor, amount: *amount },
        Command::ApplyCondition { condition, n, actor, lasting } => {
            Fiat::Apply { condition, n: *n, actor, lasting: lasting.node }
        }
        Command::RemoveCondition { condition, actor } => Fiat::Remove { condition, actor },
        Command::Grant { kind, name, actor } => {
            Fiat::Grant { grant: true, kind: kind.node, name, actor }
        }
        Command::Revoke { kind, name, actor } => {
            Fiat::Grant { grant: false, kind: kind.node, name, actor }
        }
        Command::EndTurn => Fiat::EndTurn,
        Command::WorldFlag(flag) => Fiat::World { flag },
        _ => return None,
    })
}

/// `dist`: exact distribution, as a compact table.
fn dist(dice: &DiceCommand) -> CommandResult {
    let dist = distribution(&dice.expression)
        .map_err(|error| vec![error.to_diagnostic(dice.span.file, dice.span.start as usize)])?;
    let text = super::transcript::describe_distribution(&dice.text, &dist);
    let outcomes: Vec<serde_json::Value> = dist
        .outcomes
        .iter()
        .map(|(value, p)| serde_json::json!({ "value": value, "p": p }))
        .collect();
    let data = serde_json::json!({
        "expr": dice.text, "exact": dist.exact, "outcomes": outcomes, "mean": dist.mean(),
    });
    Ok(Outcome::event("dist", text).with_data(data))
}

/// "unknown WHAT `name`", with a did-you-mean when one candidate is close.
fn unknown<'a>(
    what: &str,
    name: &super::command::NameRef,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(
        format!("session::unknown_{what}"),
        format!("unknown {what} `{}`", name.node),
    )
    .with_primary(name.span, format!("not a known {what}"));
    if let Some(close) = did_you_mean(&name.node, candidates.clone()) {
        diagnostic = diagnostic.with_help(format!("did you mean `{close}`?"));
    } else {
        let list: Vec<&str> = candidates.into_iter().collect();
        if !list.is_empty() {
            diagnostic = diagnostic.with_help(format!("known: {}", list.join(", ")));
        }
    }
    diagnostic
}

impl Outcome {
    /// The same outcome with structured details on its last event.
    pub fn with_data(mut self, data: serde_json::Value) -> Self {
        if let Some(event) = self.events.last_mut() {
            event.data = data;
        }
        self
    }
}

/// Diagnostics without a location point at the command that failed.
fn locate(mut diagnostics: Vec<Diagnostic>, span: Span) -> Vec<Diagnostic> {
    for diagnostic in &mut diagnostics {
        if diagnostic.primary_span().is_none() {
            diagnostic.labels.retain(|label| !label.span.is_none());
            diagnostic.labels.push(crate::diagnostics::Label {
                span,
                message: "this command".to_string(),
                primary: true,
            });
        }
    }
    diagnostics
}

/// A helper for backends: an error diagnostic with its primary label at `span`.
pub fn error_at(code: &str, message: impl Into<String>, span: Span, label: &str) -> Diagnostic {
    Diagnostic::error(code, message).with_primary(span, label)
}
