//! A pack's scripts inside a running game: compiled once when the pack loads (the
//! compile-once event handler pattern), kept behind an `Rc` in the indexed rules so cloning a
//! [`Game`](super::Game) shares them, and called from rule lines' bracket expressions through
//! [`scope::script_call`](super::scope). Bracket calls are pure: numbers and read-only actor
//! handles in (see [`reading`](super::reading)), a number out. Their host refuses dice,
//! decisions and actor changes, because a rule line's value must not depend on dice or
//! change the world while the line is being evaluated.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use crate::diagnostics::{Diagnostic, SourceMap};
use crate::diagnostics::{Span, Spanned};
use crate::model::expr::Name;
use crate::model::expr::{EvalErrorKind, Value};
use crate::script::{Dynamic, Sandbox, ScriptHost, ScriptLibrary, ScriptLimits};

use super::Game;
use super::acting::{Acting, GameHost};
use super::error::{RuntimeError, RuntimeErrorKind};
use super::hooks::{HOOK_ROUNDS, Occurrence};
use super::reading::Reading;

/// Every compiled script of the loaded pack and the sandbox that runs them.
#[derive(Debug)]
pub(crate) struct Scripts {
    sandbox: Sandbox,
    pub(crate) library: ScriptLibrary,
    /// The host every call of this sandbox goes through; holds the game during effect and
    /// hook calls (see [`acting`](super::acting)).
    host: Rc<RefCell<GameHost>>,
    /// Events a running script caused, waiting for their hooks.
    pending: RefCell<Vec<Occurrence>>,
    /// How many queued-hook rounds are running inside each other.
    hook_depth: std::cell::Cell<usize>,
    /// An empty game left in the caller's place while its game is in the host; kept between
    /// calls so a call allocates nothing for it.
    spare: RefCell<Option<Game>>,
    /// The shared rules these scripts belong to (set when the rules are shared), lent to the
    /// host during a scripted check, whose caller holds only `&Rules`.
    rules: RefCell<std::sync::Weak<super::rules::Rules>>,
    /// True when a check procedure of those rules is a script (`Method: script f`); read
    /// before looking a power's procedure up, so other packs pay nothing.
    scripted_checks: std::cell::Cell<bool>,
}

impl Scripts {
    /// Compiles every `(name, text)` into `sources`; all diagnostics are returned on failure.
    pub(crate) fn compile(
        files: &[(String, String)],
        sources: &mut SourceMap,
        limits: &ScriptLimits,
    ) -> Result<Scripts, Vec<Diagnostic>> {
        let host = Rc::new(RefCell::new(GameHost::default()));
        let shared: Rc<RefCell<dyn ScriptHost>> = host.clone();
        let sandbox = Sandbox::new(limits.clone(), shared);
        let mut library = ScriptLibrary::new();
        let mut diagnostics = Vec::new();
        for (name, text) in files {
            let file = sources.add(name.as_str(), text.as_str());
            match sandbox.compile(sources, file).and_then(|script| library.add(script)) {
                Ok(()) => {}
                Err(diagnostic) => diagnostics.push(diagnostic),
            }
        }
        if diagnostics.is_empty() {
            Ok(Scripts {
                sandbox,
                library,
                host,
                pending: RefCell::new(Vec::new()),
                hook_depth: std::cell::Cell::new(0),
                spare: RefCell::new(None),
                rules: RefCell::new(std::sync::Weak::new()),
                scripted_checks: std::cell::Cell::new(false),
            })
        } else {
            Err(diagnostics)
        }
    }

    /// How many script texts were compiled (compile-once is tested with it).
    pub(crate) fn compilations(&self) -> usize {
        self.sandbox.compilations()
    }

    /// Calls `function` with integer `arguments`; the result must be an integer.
    pub(crate) fn call(&self, function: &str, arguments: &[Value]) -> Result<Value, EvalErrorKind> {
        let Some(script) = self.library.script_for(function, arguments.len()) else {
            return Err(no_function(function, arguments.len()));
        };
        let mut args = Vec::with_capacity(arguments.len());
        for argument in arguments {
            args.push(integer_argument(function, *argument)?);
        }
        whole_number(function, self.sandbox.call(script, function, args, None))
    }

    /// Calls `function` with `values`, some of them handles onto `reading`'s actors, which
    /// the host lends to the script for the length of the call: reads answer, every write,
    /// die and decision is refused as in any bracket call.
    pub(crate) fn call_reading(
        &self,
        function: &str,
        values: Vec<Dynamic>,
        reading: Reading,
    ) -> Result<Value, EvalErrorKind> {
        let Some(script) = self.library.script_for(function, values.len()) else {
            return Err(no_function(function, values.len()));
        };
        let busy = || {
            EvalErrorKind::Script(format!(
                "`{function}` cannot read actors while another script is running"
            ))
        };
        {
            let mut host = self.host.try_borrow_mut().map_err(|_| busy())?;
            if host.acting.is_some() || host.reading.is_some() {
                return Err(busy());
            }
            host.reading = Some(reading);
        }
        let outcome = self.sandbox.call(script, function, values, None);
        if let Ok(mut host) = self.host.try_borrow_mut() {
            host.reading = None;
        }
        whole_number(function, outcome)
    }

    /// The shared pointer to `rules` when they are the rules these scripts were loaded into,
    /// for a host that must own what it reads.
    pub(crate) fn shared_rules(
        &self,
        rules: &super::rules::Rules,
    ) -> Option<Arc<super::rules::Rules>> {
        let shared = self.rules.borrow().upgrade()?;
        std::ptr::eq(Arc::as_ptr(&shared), rules).then_some(shared)
    }
}

/// A bracket argument as a script value: whole numbers only.
pub(crate) fn integer_argument(function: &str, value: Value) -> Result<Dynamic, EvalErrorKind> {
    value.as_integer().map(Dynamic::from_int).ok_or_else(|| {
        EvalErrorKind::Script(format!(
            "script function `{function}` takes whole numbers; round the argument first"
        ))
    })
}

fn no_function(function: &str, arity: usize) -> EvalErrorKind {
    EvalErrorKind::Script(format!("no script function `{function}` taking {arity} argument(s)"))
}

/// A bracket call's outcome as a value: a failure keeps the script's diagnostic (pointing
/// into the `.rhai` file); the result must be a whole number.
fn whole_number(
    function: &str,
    outcome: Result<Dynamic, Diagnostic>,
) -> Result<Value, EvalErrorKind> {
    let value = outcome.map_err(|diagnostic| EvalErrorKind::ScriptFailed {
        function: function.to_string(),
        diagnostic: Box::new(diagnostic),
    })?;
    value.as_int().map(Value::integer).map_err(|type_name| {
        EvalErrorKind::Script(format!(
            "script function `{function}` returned {type_name}, not a whole number"
        ))
    })
}

impl Scripts {
    /// Calls `function` with `values` while `game` is in the host, so the script may act on
    /// it through actor handles; `span` is the rule line that called. The game is moved back
    /// whatever happens; a failure is an error at `span` and the caller's command rolls back.
    pub(crate) fn call_acting(
        &self,
        game: &mut Game,
        user: &str,
        function: &Spanned<Name>,
        values: Vec<Dynamic>,
        span: Span,
    ) -> Result<(), RuntimeError> {
        let name = function.node.as_str();
        let (script, mut host) = self.ready(function, values.len())?;
        let spare = self.spare.borrow_mut().take().unwrap_or_else(|| Game::new(0));
        let moved = std::mem::replace(game, spare);
        host.acting = Some(Acting { game: moved, user: user.to_string(), span, checking: false });
        drop(host);
        let outcome = self.sandbox.call(script, name, values, Some(function.span));
        if let Ok(mut host) = self.host.try_borrow_mut()
            && let Some(acting) = host.acting.take()
        {
            let spare = std::mem::replace(game, acting.game);
            *self.spare.borrow_mut() = Some(spare);
        }
        if let Err(diagnostic) = outcome {
            self.pending.borrow_mut().clear();
            return Err(RuntimeErrorKind::Script(Box::new(diagnostic)).at(function.span));
        }
        let zeroes = super::hooks::queue_zeroes(game, span);
        self.pending.borrow_mut().extend(zeroes);
        self.run_queued(game, span)
    }

    /// The script defining `function` for `arity` arguments, and the host, free to take a
    /// game; else an error at the function's name.
    fn ready(
        &self,
        function: &Spanned<Name>,
        arity: usize,
    ) -> Result<(&crate::script::CompiledScript, std::cell::RefMut<'_, GameHost>), RuntimeError>
    {
        let name = function.node.as_str();
        let failure = |message: String| {
            RuntimeErrorKind::Eval(EvalErrorKind::Script(message)).at(function.span)
        };
        let Some(script) = self.library.script_for(name, arity) else {
            return Err(failure(format!("no script function `{name}` taking {arity} argument(s)")));
        };
        let busy = || failure(format!("`{name}` cannot run while another script is running"));
        let host = self.host.try_borrow_mut().map_err(|_| busy())?;
        if host.acting.is_some() {
            return Err(busy());
        }
        Ok((script, host))
    }

    /// Remembers the shared rules these scripts were loaded into.
    pub(crate) fn attach(&self, rules: &std::sync::Arc<super::rules::Rules>) {
        *self.rules.borrow_mut() = std::sync::Arc::downgrade(rules);
        let scripted = |block: &crate::model::Block| {
            crate::model::procedure::Procedure::of(block).is_some_and(|p| p.script.is_some())
        };
        self.scripted_checks.set(rules.checks.values().any(scripted));
    }

    /// True when a check procedure of the rules is a script.
    pub(crate) fn has_scripted_checks(&self) -> bool {
        self.scripted_checks.get()
    }

    /// Calls a scripted check procedure's `function` with `values` while `world` is in the
    /// host in check mode: the script may roll, read and decide but not change the world.
    /// The world is moved back whatever happens; the script's value is returned.
    pub(crate) fn call_checking(
        &self,
        world: &mut crate::engine::World,
        actor: &str,
        function: &Spanned<Name>,
        values: Vec<Dynamic>,
    ) -> Result<Dynamic, RuntimeError> {
        let name = function.node.as_str();
        let (script, mut host) = self.ready(function, values.len())?;
        let Some(rules) = self.rules.borrow().upgrade() else {
            let message = format!("`{name}` cannot run: its rules are not loaded");
            return Err(RuntimeErrorKind::Eval(EvalErrorKind::Script(message)).at(function.span));
        };
        let mut game = self.spare.borrow_mut().take().unwrap_or_else(|| Game::new(0));
        std::mem::swap(&mut game.world, world);
        let own_rules = std::mem::replace(&mut game.rules, rules);
        let user = actor.to_string();
        host.acting = Some(Acting { game, user, span: function.span, checking: true });
        drop(host);
        let outcome = self.sandbox.call(script, name, values, Some(function.span));
        if let Ok(mut host) = self.host.try_borrow_mut()
            && let Some(mut acting) = host.acting.take()
        {
            std::mem::swap(&mut acting.game.world, world);
            acting.game.rules = own_rules;
            *self.spare.borrow_mut() = Some(acting.game);
        }
        outcome
            .map_err(|diagnostic| RuntimeErrorKind::Script(Box::new(diagnostic)).at(function.span))
    }

    /// Starts answering the scripts' `decide` calls from `given` (in order) and noting the
    /// first question beyond them; `false` when answering is already on (a nested command).
    pub(crate) fn begin_answering(&self, given: Vec<crate::engine::DecisionTaken>) -> bool {
        let Ok(mut host) = self.host.try_borrow_mut() else { return false };
        if host.answers.asking {
            return false;
        }
        host.answers = super::acting::Answers { asking: true, given, next: 0, asked: None };
        true
    }

    /// Stops answering; returns the question a script asked beyond the given answers.
    pub(crate) fn end_answering(&self) -> Option<crate::engine::DecisionPoint> {
        let mut host = self.host.try_borrow_mut().ok()?;
        std::mem::take(&mut host.answers).asked
    }

    /// True while a script holds the game.
    pub(crate) fn is_acting(&self) -> bool {
        self.host.try_borrow().map_or(true, |host| host.acting.is_some())
    }

    /// Keeps `event` for when the running script returns.
    pub(crate) fn queue(&self, event: Occurrence) {
        self.pending.borrow_mut().push(event);
    }

    /// Runs the hooks of the events the last script caused, in order.
    fn run_queued(&self, game: &mut Game, span: Span) -> Result<(), RuntimeError> {
        let queued = std::mem::take(&mut *self.pending.borrow_mut());
        if queued.is_empty() {
            return Ok(());
        }
        if self.hook_depth.get() >= HOOK_ROUNDS {
            return Err(RuntimeErrorKind::Eval(EvalErrorKind::Script(format!(
                "hooks kept causing hooks more than {HOOK_ROUNDS} times"
            )))
            .at(span));
        }
        self.hook_depth.set(self.hook_depth.get() + 1);
        let result = queued.iter().try_for_each(|event| super::hooks::run(game, event));
        self.hook_depth.set(self.hook_depth.get() - 1);
        if result.is_err() {
            self.pending.borrow_mut().clear();
        }
        result
    }
}

/// The script folders of a pack loaded from `paths`: for each rule file or folder under
/// `…/rules/<pack>`, the folder `…/scripts/<pack>`; a folder holding `.rhai` files itself (a
/// pack's script folder given directly) is its own script folder; a pack folder with a
/// `scripts` folder inside (what `mythforge export` writes) has that one. Sorted, without
/// repeats.
pub fn script_folders(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = paths
        .iter()
        .filter_map(|path| {
            if holds_scripts(path) {
                Some(path.clone())
            } else if path.join("scripts").is_dir() {
                Some(path.join("scripts"))
            } else {
                sibling_folder(path)
            }
        })
        .filter(|folder| folder.is_dir())
        .collect();
    folders.sort();
    folders.dedup();
    folders
}

/// Compiles every script in `folders` into `sources` and checks that each function a
/// `Functions:` line of `pack` declares is defined by one of them. Every problem is returned
/// as a diagnostic: syntax errors point into the `.rhai` file, missing functions at the
/// `Functions:` line with a "did you mean".
pub fn check_scripts(
    pack: &crate::model::Pack,
    folders: &[PathBuf],
    sources: &mut SourceMap,
) -> Vec<Diagnostic> {
    if folders.is_empty() {
        return Vec::new();
    }
    let files = match read_scripts(folders) {
        Ok(files) => files,
        Err(diagnostics) => return diagnostics,
    };
    let scripts = match Scripts::compile(&files, sources, &ScriptLimits::default()) {
        Ok(scripts) => scripts,
        Err(diagnostics) => return diagnostics,
    };
    let functions: Vec<_> = scripts.library.functions().collect();
    let mut diagnostics = crate::check::script_calls(pack, &functions);
    diagnostics.extend(undefined_functions(pack, Some(&scripts.library)));
    diagnostics
}

/// One error per function a `Functions:` line of `pack` declares that no script of
/// `library` defines: a pack that declares what it cannot call is refused at load, as
/// `check` refuses it. Without a library (no scripts folder was found for the pack), every
/// function it declares, and every hook's, is such an error: the pack would check clean and
/// then fail at the first call.
pub(crate) fn undefined_functions(
    pack: &crate::model::Pack,
    library: Option<&crate::script::ScriptLibrary>,
) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    for block in pack.blocks() {
        let crate::model::BlockBody::System(lines) = &block.node.body else { continue };
        for line in lines {
            let names = match &line.node {
                crate::model::SystemLine::Functions(names) => names.as_slice(),
                crate::model::SystemLine::Hook { function, .. } if library.is_none() => {
                    std::slice::from_ref(function)
                }
                _ => continue,
            };
            for name in names {
                let Some(library) = library else {
                    diagnostics.push(no_scripts(name));
                    continue;
                };
                if library.functions().any(|f| f.name == name.node.as_str()) {
                    continue;
                }
                let known = library.functions().map(|f| f.name.as_str());
                diagnostics.push(
                    Diagnostic::error(
                        "script::undefined_function",
                        format!("no script of this pack defines `{}`", name.node),
                    )
                    .with_primary(name.span, "declared here")
                    .with_suggestion(
                        name.node.as_str(),
                        known,
                        crate::check::DEFINE_FUNCTION,
                    ),
                );
            }
        }
    }
    diagnostics
}

/// The error for a script function `name` a pack declares when no script comes with the
/// pack.
fn no_scripts(name: &crate::diagnostics::Spanned<crate::model::Name>) -> Diagnostic {
    Diagnostic::error(
        "script::no_scripts",
        format!("`{}` is a script function, but no script comes with this pack", name.node),
    )
    .with_primary(name.span, "declared here")
    .with_help(
        "put the pack's `.rhai` files in `scripts/<pack>/` beside `rules/<pack>/`, or in a \
         `scripts` folder inside the pack's folder (as `mythforge export` writes it)",
    )
}

fn holds_scripts(folder: &Path) -> bool {
    std::fs::read_dir(folder).is_ok_and(|entries| {
        entries.flatten().any(|entry| entry.path().extension().is_some_and(|ext| ext == "rhai"))
    })
}

/// The scripts of `pack`, loaded from `paths` (see [`script_folders`]), as `(name, text)`;
/// when there are none, an error for each script function the pack declares
/// ([`require_scripts`]).
pub(crate) fn script_files(
    paths: &[PathBuf],
    pack: &crate::model::Pack,
) -> Result<Vec<(String, String)>, Vec<Diagnostic>> {
    let files = read_scripts(&script_folders(paths))?;
    require_scripts(pack, !files.is_empty())?;
    Ok(files)
}

/// A pack read from disk comes with its scripts: with none at all (`any_script` false: no
/// scripts folder, or one without `.rhai` files), each script function `pack` declares is
/// an error ([`undefined_functions`]), instead of a load that fails at the first call.
pub(crate) fn require_scripts(
    pack: &crate::model::Pack,
    any_script: bool,
) -> Result<(), Vec<Diagnostic>> {
    let errors = if any_script { Vec::new() } else { undefined_functions(pack, None) };
    if errors.is_empty() { Ok(()) } else { Err(errors) }
}

/// Every `.rhai` file in `folders`, sorted by name. Unreadable files are diagnostics.
fn read_scripts(folders: &[PathBuf]) -> Result<Vec<(String, String)>, Vec<Diagnostic>> {
    let mut files = Vec::new();
    let mut diagnostics = Vec::new();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(folder) else { continue };
        let mut names: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "rhai"))
            .collect();
        names.sort();
        let inside = folder.canonicalize().unwrap_or_else(|_| folder.clone());
        for path in names {
            // A script symlinked out of the pack's folder is not read.
            if !path.canonicalize().is_ok_and(|real| real.starts_with(&inside)) {
                diagnostics.push(
                    Diagnostic::error(
                        "runtime::script_outside_pack",
                        format!(
                            "script {} leads outside the pack's scripts folder",
                            path.display()
                        ),
                    )
                    .with_help(
                        "copy the script into the pack's scripts folder instead of linking it",
                    ),
                );
                continue;
            }
            // Bounded by bytes read, regular files only; the compiler checks the exact limit
            // again with a located diagnostic.
            let limit = ScriptLimits::default().max_script_bytes as u64;
            match crate::files::read_text(&path, limit) {
                Ok(text) => files.push((path.display().to_string(), text)),
                Err(error) => diagnostics.push(
                    Diagnostic::error(
                        "runtime::script_unreadable",
                        format!("cannot read script {}: {error}", path.display()),
                    )
                    .with_help("check that the file exists and is UTF-8 text"),
                ),
            }
        }
    }
    if diagnostics.is_empty() { Ok(files) } else { Err(diagnostics) }
}

/// `…/scripts/<pack>` for a rule file or folder under `…/rules/<pack>`.
fn sibling_folder(path: &Path) -> Option<PathBuf> {
    let folder = if path.is_dir() { path } else { path.parent()? };
    let pack = folder.file_name()?;
    let rules = folder.parent()?;
    if rules.file_name()? != "rules" {
        return None;
    }
    Some(rules.parent()?.join("scripts").join(pack))
}
