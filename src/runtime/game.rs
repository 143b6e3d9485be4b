//! [`Game`]: a loaded rule pack, its sources and the engine world, behind transactional
//! commands. Every public command either applies fully or leaves the world exactly as it
//! was (actors, encounter, pools, clock, the roller's position and the log); the last commands
//! can be undone; saves record the pack's identity so a restore refuses another pack.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::diagnostics::{Diagnostic, SourceMap, Span};
use crate::engine::{EngineErrorKind, Event, World};
use crate::model::Pack;

use super::actors::build_actor;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::journal::{Journal, roll_back};
use super::rules::Rules;

/// How many commands [`Game::undo`] can take back.
pub const UNDO_LIMIT: usize = 32;

/// The state before a command, minus the log (which only grows: its length is enough).
#[derive(Clone, Debug)]
struct Snapshot {
    saved: Saved,
    log_length: usize,
}

/// What a snapshot keeps: the whole world, or (for a power, which changes only actors'
/// resources, layers and conditions, the roller, the encounter and the lines said out of
/// encounters) a journal of old values.
#[derive(Clone, Debug)]
enum Saved {
    // Boxed: snapshots move through the undo queue, and a world is large.
    World(Box<World>),
    Journal {
        roller: crate::dice::RollerState,
        // Boxed like the world: an encounter with a challenge is large. Outside encounters
        // (`None`) nothing is allocated.
        encounter: Option<Box<crate::engine::Encounter>>,
        // Boxed: a journal's buffers move between the game, the undo queue and the spare
        // slot on every power; a box moves as one pointer.
        entries: Box<Journal>,
    },
}

/// A rule pack running against an engine world.
///
/// ```
/// use mythforge::runtime::{Game, PowerUse};
///
/// let mut game = Game::new(7);
/// game.load_source("inline.rules", "
/// system Tiny
/// Stats: Attack, Defense
/// Resource HP: max [Max HP]
/// Resource Max HP: no max
/// Default check: Roll
///
/// check Roll
/// Method: pool
/// Dice: 2d10
/// Modifier: each die
/// Success: >= [Threshold]
/// Grades: 0 Fail, 1 Hit, 2 Strong
///
/// power Jab
/// Target: Enemy in 1
/// Threshold: Target's Defense
/// Check: [Attack]
/// Result: [2 + Grade] damage
///
/// actor Fighter
/// Stats: Attack 2, Defense 10
/// Resources: HP 10, Max HP 10
/// Powers: Jab
/// ").unwrap();
/// game.add_actor("Ana", Some("Fighter"), &[]).unwrap();
/// game.add_actor("Bo", Some("Fighter"), &[]).unwrap();
/// game.world_mut().roller.force([9, 3]);
/// let outcome = game.use_power(&PowerUse::new("Ana", "Jab").at(["Bo"])).unwrap();
/// assert_eq!(outcome.targets[0].grade, 1);
/// assert_eq!(game.world().actor("Bo").unwrap().resources["HP"].current, 7);
/// assert!(game.transcript_since(0).contains("Ana"));
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) pack: Arc<Pack>,
    sources: SourceMap,
    pub(crate) rules: Arc<Rules>,
    pub(crate) world: World,
    /// The pack's identity, hashed when first asked for (saves and restores; a game that
    /// never saves, such as an analysis, never pays for it).
    identity: std::cell::OnceCell<String>,
    /// The pack's script files `(name, text)`, kept so a pack can be extended (a session's
    /// `load` of a second pack, an inline definition) without losing its scripts.
    script_files: Arc<[(String, String)]>,
    undo: std::collections::VecDeque<Snapshot>,
    pub(crate) journal: Option<Box<Journal>>,
    /// A cleared journal from a snapshot that left the undo history, reused by the next
    /// power so its buffers are not allocated again.
    spare: Option<Box<Journal>>,
    /// The resources seen above 0, for `On resource zero` hooks.
    pub(crate) zeroes: super::hooks::Zeroes,
    /// How deep trait reactions are running inside each other (see `traits::react`).
    pub(crate) reacting: u8,
    /// How deep effects groups and `At` lines are running inside each other (`flow.rs`).
    pub(crate) flow_depth: u8,
    /// The `At N Resource:` lines each actor has reached (`flow.rs`).
    pub(crate) reached: super::flow::Reached,
    /// A session's choice of plain turns or ticks over the system's `Initiative:` line.
    pub(crate) initiative: Option<crate::model::outcome::InitiativeMode>,
    /// The limits every script of the next loaded pack runs under; only the host sets them.
    script_limits: crate::script::ScriptLimits,
    /// What the installed pack's check found besides errors (see [`Game::load_warnings`]).
    load_warnings: Arc<[Diagnostic]>,
    /// The answers the engine's own questions inside a command get (which defences).
    pub(crate) questions: super::deciding::Questions,
    /// The walks under way, innermost last: the cell each mover may be put back on
    /// (`stop before this square`). Empty between commands.
    pub(crate) walking: Vec<super::movement::Leg>,
}

impl Game {
    /// An empty game (no pack) whose dice come from `seed`.
    pub fn new(seed: u64) -> Self {
        Game {
            pack: Arc::new(Pack::default()),
            sources: SourceMap::new(),
            rules: shared(Rules::default()),
            world: World::new(seed),
            identity: std::cell::OnceCell::new(),
            script_files: Arc::new([]),
            undo: std::collections::VecDeque::new(),
            journal: None,
            spare: None,
            zeroes: super::hooks::Zeroes::default(),
            reacting: 0,
            flow_depth: 0,
            reached: super::flow::Reached::default(),
            initiative: None,
            script_limits: crate::script::ScriptLimits::default(),
            load_warnings: Arc::new([]),
            questions: super::deciding::Questions::default(),
            walking: Vec::new(),
        }
    }

    /// Sets the limits scripts run under (operations, depths, sizes), from
    /// the next pack load on. Only the host may change them: rule content never can.
    pub fn set_script_limits(&mut self, limits: crate::script::ScriptLimits) {
        self.script_limits = limits;
    }

    /// Loads the rule files at `paths` (with their includes), checks them, and makes them the
    /// game's rules. Returns the warnings; a pack with errors is refused (nothing changes)
    /// and every diagnostic is returned.
    pub fn load(&mut self, paths: &[PathBuf]) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        let mut sources = SourceMap::new();
        let (pack, mut diagnostics) = crate::parse::load_pack(paths, &mut sources);
        let scripts = match super::host::script_files(paths, &pack) {
            Ok(scripts) => scripts,
            // The pack's own findings come with the scripts' (a typo beside a missing folder).
            Err(errors) => {
                diagnostics.extend(errors);
                return Err(diagnostics);
            }
        };
        self.install(pack, sources, &scripts, &mut diagnostics, None)
    }

    /// Loads a pack from text held in memory (`name` labels it in diagnostics). Includes are
    /// not followed.
    pub fn load_source(
        &mut self,
        name: &str,
        text: &str,
    ) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        let mut sources = SourceMap::new();
        let (rule_file, mut diagnostics) = crate::parse::parse_source(&mut sources, name, text);
        let pack = Pack { files: vec![rule_file] };
        self.install(pack, sources, &[], &mut diagnostics, None)
    }

    /// Like [`Game::load_source`], with the pack's scripts given as `(name, text)` pairs:
    /// each is compiled once, here, and rule lines call its functions (`[bonus(Grade)]`).
    pub fn load_source_with_scripts(
        &mut self,
        name: &str,
        text: &str,
        scripts: &[(&str, &str)],
    ) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        let mut sources = SourceMap::new();
        let (rule_file, mut diagnostics) = crate::parse::parse_source(&mut sources, name, text);
        let pack = Pack { files: vec![rule_file] };
        let scripts: Vec<(String, String)> =
            scripts.iter().map(|(name, text)| (name.to_string(), text.to_string())).collect();
        self.install(pack, sources, &scripts, &mut diagnostics, None)
    }

    /// How many script texts the loaded pack compiled: scripts compile once, at load.
    pub fn script_compilations(&self) -> usize {
        self.rules.scripts.as_ref().map_or(0, |scripts| scripts.compilations())
    }

    /// Makes an already parsed pack and its script files `(name, text)` the game's rules
    /// (checked again here, scripts compiled once; a pack with errors is refused and nothing
    /// changes). `sources` holds its texts, for the pack's identity.
    pub fn load_pack(
        &mut self,
        pack: Pack,
        sources: SourceMap,
        scripts: &[(String, String)],
    ) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        self.install(pack, sources, scripts, &mut Vec::new(), None)
    }

    /// Like [`Game::load_pack`] for a pack already checked alone, `checked` being
    /// [`Checked::of`](crate::check::Checked::of) that same `pack`: its findings stand in for
    /// checking it again. Only a pack without house rules qualifies (house rules change the
    /// blocks before the check reads them), so such a pack is checked here as usual.
    pub fn load_checked_pack(
        &mut self,
        pack: Pack,
        checked: crate::check::Checked,
        sources: SourceMap,
        scripts: &[(String, String)],
    ) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        let checked = (!crate::model::house_apply::has_house_rules(&pack)).then_some(checked);
        self.install(pack, sources, scripts, &mut Vec::new(), checked)
    }

    /// What the check of the installed pack found besides errors (warnings, and the
    /// changes its house rules made), as the last load, reload or definition returned them.
    pub fn load_warnings(&self) -> &[Diagnostic] {
        &self.load_warnings
    }

    /// The loaded pack's script files `(name, text)`.
    pub fn script_files(&self) -> &[(String, String)] {
        &self.script_files
    }

    fn install(
        &mut self,
        pack: Pack,
        mut sources: SourceMap,
        scripts: &[(String, String)],
        diagnostics: &mut Vec<Diagnostic>,
        checked: Option<crate::check::Checked>,
    ) -> Result<Vec<Diagnostic>, Vec<Diagnostic>> {
        // House rules change the blocks they name before anything reads the pack; what
        // each changed comes back as advice.
        let (pack, house) = crate::model::house_apply::apply(pack);
        diagnostics.extend(house);
        let checked = checked.unwrap_or_else(|| crate::check::Checked::of(&pack));
        let symbols = checked.symbols;
        diagnostics.extend(checked.diagnostics);
        let compiled = if scripts.is_empty() {
            None
        } else {
            match super::host::Scripts::compile(scripts, &mut sources, &self.script_limits) {
                Ok(compiled) => Some(std::rc::Rc::new(compiled)),
                Err(errors) => {
                    diagnostics.extend(errors);
                    None
                }
            }
        };
        // A pack that comes with scripts must define every function it declares. (A pack
        // read from disk without a scripts folder was refused when its scripts were read,
        // `host::script_files`; one given from memory with none at all fails at the first
        // call instead: tests and embedders load rules alone on purpose.)
        if let Some(scripts) =
            compiled.as_ref().filter(|_| !diagnostics.iter().any(Diagnostic::is_error))
        {
            diagnostics.extend(super::host::undefined_functions(&pack, Some(&scripts.library)));
        }
        if diagnostics.iter().any(Diagnostic::is_error) {
            return Err(std::mem::take(diagnostics));
        }
        // Names resolve once, here, before the rules copy the pack's blocks.
        crate::link::link_names(&pack, &symbols);
        let mut rules = Rules::linked(&pack, symbols);
        rules.scripts = compiled;
        if let Some((periods, ticks)) = rules.clock {
            super::world_resources::size_clock(&mut self.world.clock, periods, ticks);
        }
        self.rules = shared(rules);
        self.bind_actors();
        self.script_files = scripts.into();
        self.identity = std::cell::OnceCell::new();
        self.pack = Arc::new(pack);
        self.sources = sources;
        self.load_warnings = diagnostics.as_slice().into();
        Ok(std::mem::take(diagnostics))
    }

    /// The actor's current status: the last of the system's `Status` lines whose test holds
    /// (`Status Bloodied: [HP * 2 <= Max HP]`); `None` when none holds or there is no such
    /// actor.
    pub fn status(&self, actor: &str) -> Option<String> {
        let actor = self.world.actor(actor).ok()?;
        super::scope::status(&self.rules, actor)
    }

    /// The system's derived values on the actor, in declaration order
    /// (`Derived Jolt: [floor(Max HP / 4) + Sturdiness]`); empty when there is no such actor.
    pub fn derived(&self, actor: &str) -> Vec<(String, i64)> {
        let Ok(actor) = self.world.actor(actor) else { return Vec::new() };
        super::scope::derived_values(&self.rules, actor)
    }

    /// The actor's value of `name` (a stat, resource or derived value) as play reads it,
    /// with the modifiers of the conditions it holds, beside its base without them:
    /// `(effective, base)`. `None` when there is no such actor or value.
    pub fn effective(&self, actor: &str, name: &str) -> Option<(i64, i64)> {
        let actor = self.world.actor(actor).ok()?;
        super::scope::effective_and_base(&self.rules, actor, name)
    }

    /// The declared stats `actor` does not list that a modifier of a condition it holds
    /// names and changes (`Modifiers: +3 Grip` on an actor without Grip reads 3), as
    /// `(name, effective, base)` in declaration order: a sheet shows them beside the listed
    /// ones. (An unlisted specialised stat that only reads its changed parent is not one.)
    pub fn changed_unlisted_stats(&self, actor: &str) -> Vec<(String, i64, i64)> {
        let Ok(held) = self.world.actor(actor) else { return Vec::new() };
        if held.conditions.active.is_empty() {
            return Vec::new();
        }
        let modified: Vec<&crate::model::Name> = super::scope::active_modifiers(&self.rules, held)
            .filter_map(|(_, modifier)| modifier.stat())
            .collect();
        let declared = self.rules.symbols.stats.iter().map(|stat| stat.name.as_str());
        declared
            .filter(|name| !held.stats.contains_key(name))
            .filter(|name| modified.iter().any(|stat| stat.matches(name)))
            .filter_map(|name| {
                let (effective, base) = super::scope::effective_and_base(&self.rules, held, name)?;
                (effective != base).then(|| (name.to_string(), effective, base))
            })
            .collect()
    }

    /// `expr` read on `actor` (`Target's X` on `against`, when given) under the system's
    /// rounding, as a rule line reads it: a session's `check Ana Agility vs [10 + Level]`.
    /// Dice never roll here.
    pub fn evaluate(
        &self,
        actor: &str,
        against: Option<&str>,
        expr: &crate::diagnostics::Spanned<crate::model::Expr>,
    ) -> Result<i64, RuntimeError> {
        let engine = |kind| RuntimeErrorKind::Engine(kind).at(expr.span);
        let user = self.world.actor(actor).map_err(engine)?;
        let target = against.map(|name| self.world.actor(name)).transpose().map_err(engine)?;
        let scope =
            super::scope::LineScope { target, ..super::scope::LineScope::of(&self.rules, user) };
        let value =
            crate::model::expr::evaluate(expr, &scope, crate::model::expr::LineContext::Check)
                .map_err(|e| RuntimeError::from(e).or_at(expr.span))?;
        Ok(value.round(self.rules.rounding))
    }

    /// The name of the loaded pack's system block (empty without one), recorded in saves
    /// so a restore maps only a save of the same game, made with another version of it.
    pub fn system_name(&self) -> &str {
        self.pack
            .blocks()
            .find(|block| block.node.kind.node == crate::model::BlockKind::System)
            .map_or("", |block| block.node.name.node.as_str())
    }

    /// The loaded pack.
    pub fn pack(&self) -> &Pack {
        &self.pack
    }

    /// The sources of the loaded pack, for rendering diagnostics.
    pub fn sources(&self) -> &SourceMap {
        &self.sources
    }

    /// The pack's identity, recorded in saves: a hash of its content alone (rules and
    /// scripts; not paths, comments or earlier session input).
    pub fn pack_identity(&self) -> &str {
        self.identity.get_or_init(|| identity_of(&self.pack, &self.script_files))
    }

    /// The engine world.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The engine world, for direct changes (forcing dice, placing actors). Changes made
    /// here are not commands: they are not undoable on their own.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }

    /// The event log.
    pub fn log(&self) -> &crate::engine::EventLog {
        &self.world.log
    }

    /// A mark for [`Game::transcript_since`]: the number of events so far.
    pub fn mark(&self) -> usize {
        self.world.log.len()
    }

    /// The readable transcript of the events after `mark`.
    pub fn transcript_since(&self, mark: usize) -> String {
        self.world.log.transcript_since(mark)
    }

    /// The events after `mark` as JSON lines.
    pub fn json_since(&self, mark: usize) -> String {
        self.world.log.json_lines_since(mark)
    }

    /// Adds an actor called `name` built from the `actor` block `from` (or bare), with
    /// `overrides` of stats or resources.
    pub fn add_actor(
        &mut self,
        name: &str,
        from: Option<&str>,
        overrides: &[(&str, i64)],
    ) -> Result<(), RuntimeError> {
        let built = build_actor(&self.rules, name, from, overrides)?;
        self.fiat(|game| {
            game.world.add_actor(built.actor)?;
            for note in &built.notes {
                game.narrate(note);
            }
            super::traits::joined(game, name, from)?;
            super::worn::put_on_all(game, name)?;
            // Traits held under `While:` lines (`not wielding a Heavy`) start holding too,
            // and conditions under `While:` lines that do not hold start dormant.
            super::traits::settle(game)?;
            super::condition_whiles::settle(game)?;
            // Its starting amounts read the values its conditions now change; the maximums
            // are re-read after every command.
            let rules = Arc::clone(&game.rules);
            let actor = game.world.actor_mut(name).map_err(super::power::engine)?;
            super::actors::restart(&rules, actor, &built.started)?;
            super::given::given_amounts(game, name, &built.above)
        })
    }

    /// Runs `body` as one command: on error every change is rolled back; on success the
    /// previous state goes on the undo stack.
    pub(crate) fn command<T>(
        &mut self,
        body: impl FnOnce(&mut Game) -> Result<T, RuntimeError>,
    ) -> Result<T, RuntimeError> {
        let snapshot = self.snapshot();
        super::hooks::watch_zeroes(self);
        super::flow::watch_thresholds(self);
        let mut result = body(self);
        self.settle(&mut result);
        self.finish(snapshot, &mut result);
        result
    }

    /// A change made by saying so (the GM setting a value, an actor joining): one
    /// [`Game::command`], but a resource it leaves at or past an `At N` line's count is
    /// taken as it stands, so no such line fires for it (a rule's own change does).
    pub(crate) fn fiat<T>(
        &mut self,
        body: impl FnOnce(&mut Game) -> Result<T, RuntimeError>,
    ) -> Result<T, RuntimeError> {
        self.command(|game| {
            let result = body(game);
            super::flow::watch_thresholds(game);
            result
        })
    }

    /// Like [`Game::command`] for a power use: the body records what it changes through
    /// [`Game::remember`] instead of the world being cloned.
    pub(crate) fn command_journaled<T>(
        &mut self,
        body: impl FnOnce(&mut Game) -> Result<T, RuntimeError>,
    ) -> Result<T, RuntimeError> {
        let log_length = self.world.log.len();
        let roller = self.world.roller.state();
        // Powers may queue into the encounter (Invest, Sustain).
        let encounter = self.world.encounter.clone().map(Box::new);
        self.journal = Some(self.spare.take().unwrap_or_default());
        super::hooks::watch_zeroes(self);
        super::flow::watch_thresholds(self);
        let mut result = body(self);
        self.settle(&mut result);
        let entries = self.journal.take().unwrap_or_default();
        let snapshot =
            Snapshot { saved: Saved::Journal { roller, encounter, entries }, log_length };
        self.finish(snapshot, &mut result);
        result
    }

    // The steps after a command's body work on its result in place: a command's value (a
    // power's outcome) is a few hundred bytes, and each hand-over would copy it.

    /// After a body that succeeded: creatures at zero and stances settle; their failure
    /// fails the command.
    fn settle<T>(&mut self, result: &mut Result<T, RuntimeError>) {
        if result.is_ok()
            && let Err(error) = super::maxes::settle(self)
                .and_then(|()| super::hooks::zero_checkpoint(self, Span::NONE))
                // A counter may have reached an `At N` line without an effect line (a turn
                // start's gain, a check's `On failure:`, a cost, the GM's `set`).
                .and_then(|()| super::flow::threshold_checkpoint(self))
                .and_then(|()| super::traits::settle(self))
                .and_then(|()| super::condition_whiles::settle(self))
                // A condition that woke or went dormant may move a maximum (`Max Health`
                // reading a stat it changes): read them again.
                .and_then(|()| super::maxes::settle(self))
                .and_then(|()| super::hooks::zero_checkpoint(self, Span::NONE))
                .and_then(|()| super::stances::settle(self))
        {
            *result = Err(error);
        }
    }

    /// Tallies a challenge after a command that succeeded, then keeps `snapshot` for undo,
    /// or restores it when the command failed.
    fn finish<T>(&mut self, snapshot: Snapshot, result: &mut Result<T, RuntimeError>) {
        if result.is_ok()
            && let Err(error) = self.tally_challenge(false)
        {
            *result = Err(error);
        }
        match result {
            Ok(_) => {
                if self.undo.len() == UNDO_LIMIT
                    && let Some(Snapshot { saved: Saved::Journal { mut entries, .. }, .. }) =
                        self.undo.pop_front()
                {
                    entries.clear();
                    self.spare = Some(entries);
                }
                self.undo.push_back(snapshot);
            }
            Err(_) => self.restore_snapshot(snapshot),
        }
    }

    fn snapshot(&mut self) -> Snapshot {
        let log_length = self.world.log.len();
        let log = std::mem::take(&mut self.world.log);
        let world = self.world.clone();
        self.world.log = log;
        Snapshot { saved: Saved::World(Box::new(world)), log_length }
    }

    fn restore_snapshot(&mut self, snapshot: Snapshot) {
        self.restore_snapshot_dice(snapshot, true);
    }

    /// Restores `snapshot`; the dice stream too when `dice`, else it stays where it is.
    fn restore_snapshot_dice(&mut self, snapshot: Snapshot, dice: bool) {
        match snapshot.saved {
            Saved::World(world) => {
                let roller = (!dice).then(|| self.world.roller.clone());
                let log = std::mem::replace(&mut self.world, *world).log;
                self.world.log = log;
                if let Some(roller) = roller {
                    self.world.roller = roller;
                }
            }
            Saved::Journal { roller, encounter, entries } => {
                if dice {
                    // Rebuilding the stream from its state reseeds and refills it.
                    self.world.roller = crate::dice::Roller::from_state(&roller);
                }
                self.world.encounter = encounter.map(|e| *e);
                let mut entries = entries;
                roll_back(&mut self.world, &mut entries);
                self.spare = Some(entries);
            }
        }
        self.world.log.truncate(snapshot.log_length);
    }

    /// Forgets every command `undo` could take back (the rules changed under them).
    pub(crate) fn clear_undo(&mut self) {
        self.undo.clear();
    }

    /// Takes back the last command exactly (including the dice it rolled and its events).
    pub fn undo(&mut self) -> Result<(), RuntimeError> {
        let snapshot = self.undo.pop_back().ok_or_else(|| {
            RuntimeError::from(crate::engine::EngineError::from(EngineErrorKind::NothingToUndo))
        })?;
        self.restore_snapshot(snapshot);
        Ok(())
    }

    /// Takes back the last command like [`Game::undo`], but leaves the dice stream where the
    /// command left it: a run of seeded samples goes back to its start after each sample
    /// and rolls on.
    pub fn undo_keeping_dice(&mut self) -> Result<(), RuntimeError> {
        let snapshot = self.undo.pop_back().ok_or_else(|| {
            RuntimeError::from(crate::engine::EngineError::from(EngineErrorKind::NothingToUndo))
        })?;
        self.restore_snapshot_dice(snapshot, false);
        Ok(())
    }

    /// Saves the world and the pack's identity to `path`, atomically.
    pub fn save(&self, path: &Path) -> Result<(), RuntimeError> {
        let text = self.save_text()?;
        crate::engine::write_atomically(path, text.as_bytes())?;
        Ok(())
    }

    /// Restores a save made with the same pack; a save of another pack, or a corrupt file,
    /// is refused and nothing changes. The undo history is cleared.
    pub fn restore(&mut self, path: &Path) -> Result<(), RuntimeError> {
        let shown = path.display().to_string();
        // Bounded by bytes read (16 MiB), regular files only.
        let text = crate::engine::read_save(path)?;
        self.restore_text(&text, &shown)
    }

    /// Restores a save from its text (`name` labels it in errors), as [`Game::restore`]
    /// does after reading the file.
    pub fn restore_text(&mut self, text: &str, name: &str) -> Result<(), RuntimeError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| save_corrupt(name, e.to_string()))?;
        let saved = value.get("pack").and_then(|p| p.as_str()).unwrap_or_default().to_string();
        let loaded = self.pack_identity();
        if saved != loaded {
            return Err(
                RuntimeErrorKind::PackMismatch { saved, loaded: loaded.to_string() }.at(Span::NONE)
            );
        }
        let save = value.get("save").ok_or_else(|| save_corrupt(name, "no `save` field".into()))?;
        self.world = crate::engine::from_json(&save.to_string(), name)?;
        self.bind_actors();
        self.undo.clear();
        Ok(())
    }

    /// Binds every actor's stats and resources to the installed pack's ids, so the names
    /// the link step resolved to stats and resources are read from their slots (an unbound
    /// actor reads them by name, with the same result).
    pub(crate) fn bind_actors(&mut self) {
        let symbols = &self.rules.symbols;
        for actor in &mut self.world.actors {
            actor.stats.bind(&symbols.stat_ids);
            actor.resources.bind(&symbols.resource_ids);
        }
    }

    /// The save's text, as [`Game::save`] writes it.
    pub fn save_text(&self) -> Result<String, RuntimeError> {
        let world = crate::engine::to_json(&self.world)?;
        Ok(format!(
            "{{\"pack\":{},\"system\":{},\"save\":{world}}}",
            serde_json::Value::from(self.pack_identity()),
            serde_json::Value::from(self.system_name())
        ))
    }

    /// Logs `text` as narration.
    pub fn narrate(&mut self, text: &str) {
        self.world
            .record(Event::Narration { text: text.into(), cause: crate::engine::Cause::NONE });
    }
}

/// A save that cannot be read or parsed.
fn save_corrupt(path: &str, message: String) -> RuntimeError {
    RuntimeError::from(crate::engine::EngineError::from(EngineErrorKind::SaveCorrupt {
        path: path.to_string(),
        message,
    }))
}

/// A pack's identity, recorded in saves: FNV-1a (stable across runs and platforms, unlike
/// the standard hasher) over the pack's content alone — its rule files' items in load order,
/// with every location's file id replaced by the file's position in the pack, and its
/// scripts' names and texts. Paths, comments and how many other sources (session lines)
/// were read before are not part of it, so a save made by `run` restores in the REPL.
fn identity_of(pack: &Pack, scripts: &[(String, String)]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for &byte in bytes.iter().chain(&[0]) {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    let positions: std::collections::BTreeMap<u32, u64> =
        pack.files.iter().enumerate().map(|(i, file)| (file.file.0, i as u64)).collect();
    for file in &pack.files {
        let mut items = serde_json::to_value(&file.items).unwrap_or_default();
        renumber_files(&mut items, &positions);
        feed(items.to_string().as_bytes());
    }
    for (name, text) in scripts {
        feed(name.as_bytes());
        feed(text.as_bytes());
    }
    format!("{hash:016x}")
}

/// Replaces the file id of every serialised span (`{"file", "start", "end"}`) by the
/// file's position in the pack.
fn renumber_files(value: &mut serde_json::Value, positions: &std::collections::BTreeMap<u32, u64>) {
    match value {
        serde_json::Value::Object(map) => {
            if map.len() == 3
                && map.contains_key("start")
                && map.contains_key("end")
                && let Some(file) = map.get_mut("file")
            {
                let id = file.as_u64().and_then(|id| u32::try_from(id).ok());
                if let Some(position) = id.and_then(|id| positions.get(&id)) {
                    *file = serde_json::Value::from(*position);
                }
            }
            map.values_mut().for_each(|v| renumber_files(v, positions));
        }
        serde_json::Value::Array(items) => {
            items.iter_mut().for_each(|v| renumber_files(v, positions))
        }
        _ => {}
    }
}

/// The indexed rules behind a shared pointer. They hold the pack's compiled scripts, whose
/// sandbox is single-threaded by design (`Rc`), so the `Arc` is only a cheap shared clone,
/// never sent across threads; it stays an `Arc` so the pipeline's `Arc::clone` is unchanged.
#[allow(clippy::arc_with_non_send_sync)]
fn shared(rules: Rules) -> Arc<Rules> {
    let rules = Arc::new(rules);
    // Scripted check procedures run where only `&Rules` is at hand; their scripts keep a
    // weak pointer back to the shared rules to lend the acting host.
    if let Some(scripts) = &rules.scripts {
        scripts.attach(&rules);
    }
    rules
}

/// A game on its way to another thread: everything but the compiled scripts, which are
/// single-threaded. The pack travels parsed, checked, linked and indexed (the index is
/// shared, not copied), so the thread that takes it ([`Portable::into_game`]) only compiles
/// the scripts: no parsing, checking or indexing (an analysis's sampling and sweep threads
/// start from it).
#[derive(Clone)]
pub struct Portable {
    pack: Arc<Pack>,
    index: Arc<super::rules::RulesIndex>,
    sources: SourceMap,
    world: World,
    script_files: Arc<[(String, String)]>,
    undo: std::collections::VecDeque<Snapshot>,
    journal: Option<Box<Journal>>,
    zeroes: super::hooks::Zeroes,
    reacting: u8,
    flow_depth: u8,
    reached: super::flow::Reached,
    initiative: Option<crate::model::outcome::InitiativeMode>,
    script_limits: crate::script::ScriptLimits,
    load_warnings: Arc<[Diagnostic]>,
    questions: super::deciding::Questions,
}

impl Game {
    /// This game as a [`Portable`], to be rebuilt on another thread.
    pub fn portable(&self) -> Portable {
        let game = self.clone();
        Portable {
            pack: game.pack,
            index: Arc::clone(game.rules.index()),
            sources: game.sources,
            world: game.world,
            script_files: game.script_files,
            undo: game.undo,
            journal: game.journal,
            zeroes: game.zeroes,
            reacting: game.reacting,
            flow_depth: game.flow_depth,
            reached: game.reached,
            initiative: game.initiative,
            script_limits: game.script_limits,
            load_warnings: game.load_warnings,
            questions: game.questions,
        }
    }
}

impl Portable {
    /// The game again, on the index it carries, its scripts compiled (they compiled when
    /// the pack was installed, so they compile again here).
    pub fn into_game(self) -> Game {
        let mut sources = self.sources;
        let mut rules = Rules::indexed(self.index);
        if !self.script_files.is_empty() {
            // Registered again under new file ids; the texts, and so every message, are
            // the same.
            rules.scripts = super::host::Scripts::compile(
                &self.script_files,
                &mut sources,
                &self.script_limits,
            )
            .ok()
            .map(std::rc::Rc::new);
        }
        let mut game = Game {
            pack: self.pack,
            sources,
            rules: shared(rules),
            world: self.world,
            identity: std::cell::OnceCell::new(),
            script_files: self.script_files,
            undo: self.undo,
            journal: self.journal,
            spare: None,
            zeroes: self.zeroes,
            reacting: self.reacting,
            flow_depth: self.flow_depth,
            reached: self.reached,
            initiative: self.initiative,
            script_limits: self.script_limits,
            load_warnings: self.load_warnings,
            questions: self.questions,
            walking: Vec::new(),
        };
        game.bind_actors();
        game
    }
}
