//! Scripts are compiled once, when a rule pack loads, into one [`CompiledScript`] per file
//! (the AST, the file it came from, the functions it defines); afterwards their functions
//! are called by name as often as needed without re-parsing, like Rhai's compile-once event
//! handler pattern. A [`ScriptLibrary`] holds every script of a pack and answers "does a
//! function `knockback` taking 2 arguments exist?" for the rule checker.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;

use rhai::{AST, Array, CallFnOptions, Dynamic, EvalAltResult, FnAccess, Map, Position, Scope};

use super::limits::ScriptLimits;

use super::error;
use super::sandbox::Sandbox;
use crate::diagnostics::{Diagnostic, FileId, SourceMap, Span, did_you_mean};

/// A function a script defines: what a rule line may call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScriptFunction {
    /// Its name (`knockback`).
    pub name: String,
    /// How many arguments it takes.
    pub arity: usize,
    /// The script file that defines it.
    pub file: FileId,
}

/// One script file, compiled. Cheap to call into many times; never re-parsed.
#[derive(Clone, Debug)]
pub struct CompiledScript {
    file: FileId,
    text: Arc<str>,
    ast: AST,
    functions: Vec<ScriptFunction>,
}

impl CompiledScript {
    /// The file this script was compiled from.
    pub fn file(&self) -> FileId {
        self.file
    }

    /// The public functions it defines (`private fn` helpers are not listed and cannot be
    /// called from rule lines), in definition order.
    pub fn functions(&self) -> &[ScriptFunction] {
        &self.functions
    }

    /// The function `name` taking `arity` arguments, if this script defines it.
    pub fn function(&self, name: &str, arity: usize) -> Option<&ScriptFunction> {
        self.functions.iter().find(|f| f.name == name && f.arity == arity)
    }
}

impl Sandbox {
    /// Compiles the script registered as `file` in `sources`. The text is checked against
    /// [`ScriptLimits::max_script_bytes`](super::ScriptLimits) first; syntax errors and
    /// compile-time limits (expression depth, function count) become diagnostics pointing
    /// into the file. Top-level statements are checked but never run: scripts are libraries
    /// of functions.
    pub fn compile(&self, sources: &SourceMap, file: FileId) -> Result<CompiledScript, Diagnostic> {
        let Some(source) = sources.get(file) else {
            return Err(Diagnostic::error(
                "script::internal",
                format!("script file #{} is not registered", file.0),
            )
            .with_help("this is a bug in mythforge; please report it"));
        };
        let text = Arc::clone(&source.text);
        if text.len() > self.limits.max_script_bytes {
            return Err(error::script_too_large(file, &text, self.limits.max_script_bytes));
        }
        self.compilations.set(self.compilations.get() + 1);
        let compiled = catch_unwind(AssertUnwindSafe(|| self.engine.compile(&*text)));
        let ast = match compiled {
            Ok(Ok(ast)) => ast,
            Ok(Err(parse_error)) => {
                return Err(error::parse_error(&parse_error, file, &text, &self.limits));
            }
            Err(_) => return Err(error::internal(file, "compiling")),
        };
        let mut functions: Vec<ScriptFunction> = ast
            .iter_functions()
            .filter(|f| f.access != FnAccess::Private)
            .map(|f| ScriptFunction { name: f.name.to_string(), arity: f.params.len(), file })
            .collect();
        // Rhai iterates its function table in hash order; list them in source order so
        // diagnostics and listings are the same on every run.
        functions.sort_by_key(|f| {
            (error::definition_span(file, &text, &f.name).start, f.name.clone(), f.arity)
        });
        Ok(CompiledScript { file, text, ast, functions })
    }

    /// Calls `name` in `script` with `args`. `caller`, when given, is the rule-file span
    /// that invoked the script (`[jolt(actor)]`); failures carry it as a secondary label.
    ///
    /// Every call gets a fresh operation count. A failing call returns
    /// a diagnostic pointing into the script; it never panics or hangs.
    pub fn call(
        &self,
        script: &CompiledScript,
        name: &str,
        args: Vec<Dynamic>,
        caller: Option<Span>,
    ) -> Result<Dynamic, Diagnostic> {
        if script.function(name, args.len()).is_none() {
            return Err(unknown_function(script, name, args.len(), caller));
        }
        // An empty scope allocates nothing; functions cannot see the caller's variables.
        let mut scope = Scope::new();
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.watchdog.start();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            self.engine.call_fn_with_options::<Dynamic>(
                options,
                &mut scope,
                &script.ast,
                name,
                args,
            )
        }));
        self.watchdog.stop();
        match outcome {
            Ok(Ok(value)) => match oversized(&value, &self.limits) {
                None => Ok(value),
                Some(what) => Err(error::runtime_error(
                    &EvalAltResult::ErrorDataTooLarge(what.into(), Position::NONE),
                    script.file,
                    &script.text,
                    name,
                    caller,
                    &self.limits,
                )),
            },
            Ok(Err(failure)) => Err(error::runtime_error(
                &failure,
                script.file,
                &script.text,
                name,
                caller,
                &self.limits,
            )),
            Err(_) => Err(error::internal(script.file, "running a script")),
        }
    }
}

/// Which size limit a call's result breaks, in Rhai's words (`"Size of object map"`).
///
/// Rhai 1.27 checks sizes when values are built by functions and methods, but not when a
/// map gains a key through `map[key] = value`, nor when a value is returned: a function can
/// hand back a map far over the limit. The host never accepts such a value.
fn oversized(value: &Dynamic, limits: &ScriptLimits) -> Option<&'static str> {
    let is_container = |v: &Dynamic| v.is_array() || v.is_map() || v.is_string() || v.is_shared();
    if !is_container(value) {
        return None;
    }
    let mut pending = vec![value.flatten_clone()];
    while let Some(item) = pending.pop() {
        if item.is_string() {
            if item.into_immutable_string().is_ok_and(|s| s.len() > limits.max_string_bytes) {
                return Some("Length of string");
            }
        } else if item.is_array() {
            let array = item.cast::<Array>();
            if array.len() > limits.max_array_length {
                return Some("Size of array");
            }
            pending.extend(array.into_iter().filter(is_container).map(|v| v.flatten()));
        } else if item.is_map() {
            let map = item.cast::<Map>();
            if map.len() > limits.max_map_entries {
                return Some("Size of object map");
            }
            pending.extend(map.into_values().filter(is_container).map(|v| v.flatten()));
        }
    }
    None
}

fn unknown_function(
    script: &CompiledScript,
    name: &str,
    arity: usize,
    caller: Option<Span>,
) -> Diagnostic {
    let mut diagnostic = Diagnostic::error(
        "script::unknown_function",
        format!("no script function `{name}` taking {arity} argument{}", plural(arity)),
    );
    if let Some(span) = caller {
        diagnostic = diagnostic.with_primary(span, "called here");
    }
    let same_name: Vec<usize> =
        script.functions.iter().filter(|f| f.name == name).map(|f| f.arity).collect();
    let help = if let Some(other) = same_name.first() {
        format!("`{name}` takes {other} argument{}", plural(*other))
    } else if let Some(close) = did_you_mean(name, script.functions.iter().map(|f| f.name.as_str()))
    {
        format!("did you mean `{close}`?")
    } else {
        "define it with `fn name(arguments) { … }` in the script".to_string()
    };
    diagnostic.with_help(help)
}

fn plural(count: usize) -> &'static str {
    if count == 1 { "" } else { "s" }
}

/// Every compiled script of a rule pack: the registry the rule checker asks whether a
/// script function exists, and the engine asks which script to call.
#[derive(Clone, Debug, Default)]
pub struct ScriptLibrary {
    scripts: Vec<CompiledScript>,
}

impl ScriptLibrary {
    /// An empty library.
    pub fn new() -> Self {
        ScriptLibrary::default()
    }

    /// Adds a compiled script. A function defined in two files with the same arity is an
    /// error (`script::duplicate_function`), so a rule line's call is never ambiguous.
    pub fn add(&mut self, script: CompiledScript) -> Result<(), Diagnostic> {
        for function in script.functions() {
            if let Some(existing) = self.function(&function.name, function.arity) {
                return Err(Diagnostic::error(
                    "script::duplicate_function",
                    format!(
                        "script function `{}` with {} argument{} is defined in two files",
                        function.name,
                        function.arity,
                        plural(function.arity)
                    ),
                )
                .with_primary(
                    error::definition_span(function.file, &script.text, &function.name),
                    "defined again here",
                )
                .with_secondary(self.definition(existing), "first defined here")
                .with_help("rename one of them; rule lines call script functions by name"));
            }
        }
        self.scripts.push(script);
        Ok(())
    }

    /// The span of `function`'s name in its definition.
    fn definition(&self, function: &ScriptFunction) -> Span {
        self.scripts
            .iter()
            .find(|s| s.file == function.file)
            .map_or(Span::new(function.file, 0..0), |s| {
                error::definition_span(s.file, &s.text, &function.name)
            })
    }

    /// Every script, in the order added.
    pub fn scripts(&self) -> &[CompiledScript] {
        &self.scripts
    }

    /// Every public function of every script.
    pub fn functions(&self) -> impl Iterator<Item = &ScriptFunction> {
        self.scripts.iter().flat_map(|s| s.functions.iter())
    }

    /// The function `name` with `arity` arguments, if any script defines it.
    pub fn function(&self, name: &str, arity: usize) -> Option<&ScriptFunction> {
        self.functions().find(|f| f.name == name && f.arity == arity)
    }

    /// The script that defines `name` with `arity` arguments.
    pub fn script_for(&self, name: &str, arity: usize) -> Option<&CompiledScript> {
        self.scripts.iter().find(|s| s.function(name, arity).is_some())
    }
}
