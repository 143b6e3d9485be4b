//! The Rhai engine every script runs in, built from `Engine::new_raw()` with only the
//! packages scripts need. What is left out is the point: no `sleep`, `timestamp`, `exit` or
//! `parse_json` (the language-core package is not registered), no `eval` (the symbol is
//! disabled), no modules (a dummy resolver and a module limit of 0), no stdout (`print` and
//! `debug` go to the host's log). Limits come from [`ScriptLimits`]; the native stack depth is
//! watched in the progress callback and can only abort a call, never change its result. No
//! limit reads a clock: whether a call finishes never depends on how fast the machine is.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rhai::packages::{
    ArithmeticPackage, BasicArrayPackage, BasicFnPackage, BasicIteratorPackage, BasicMapPackage,
    BasicMathPackage, BasicStringPackage, LogicPackage, MoreStringPackage, Package,
};
use rhai::{Dynamic, Engine};

use super::api;
use super::host::ScriptHost;
use super::limits::ScriptLimits;

/// The token the progress callback aborts with; the error mapping recognises it.
pub(crate) const STACK_LIMIT_TOKEN: &str = "mythforge:stack-limit";
/// The token a `decide` waiting for the player's answer stops the script with.
pub(crate) const ASK_TOKEN: &str = "mythforge:ask";

/// What the progress callback watches during one call: the native stack. Set when a call
/// starts and cleared when it ends.
#[derive(Debug, Default)]
pub(crate) struct Watchdog {
    /// The stack address where the call started (0 between calls).
    pub(crate) stack_base: Cell<usize>,
}

impl Watchdog {
    /// Arms the watchdog for a call starting now.
    pub(crate) fn start(&self) {
        self.stack_base.set(stack_address());
    }

    /// Disarms it.
    pub(crate) fn stop(&self) {
        self.stack_base.set(0);
    }

    /// Why the call in progress must stop, if it must.
    fn verdict(&self, max_stack_bytes: usize) -> Option<&'static str> {
        let base = self.stack_base.get();
        // Stacks grow downwards on every platform Rust supports for this crate.
        if base != 0 && base.saturating_sub(stack_address()) > max_stack_bytes {
            return Some(STACK_LIMIT_TOKEN);
        }
        None
    }
}

/// The address of a local variable: how deep the native stack is right now.
// Not a speed pin: the probe reads a local in a frame of its own, below its caller's.
#[inline(never)]
fn stack_address() -> usize {
    let marker = 0_u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// A configured Rhai engine plus the watchdog of the call in progress. Compile scripts with
/// [`Sandbox::compile`] and call their functions with [`Sandbox::call`].
///
/// Single-threaded by design: the host is shared through `Rc<RefCell<…>>`. Run calls on a
/// thread with at least twice [`ScriptLimits::max_stack_bytes`] of stack (Rust's spawned
/// threads have 2 MiB, the main thread usually 8 MiB).
pub struct Sandbox {
    pub(crate) engine: Engine,
    pub(crate) limits: ScriptLimits,
    pub(crate) watchdog: Rc<Watchdog>,
    /// How many times a script text has been compiled (compile-once is tested with it).
    pub(crate) compilations: Cell<usize>,
}

impl Sandbox {
    /// A sandbox whose scripts act through `host` under `limits`.
    pub fn new(limits: ScriptLimits, host: Rc<RefCell<dyn ScriptHost>>) -> Self {
        let watchdog = Rc::new(Watchdog::default());
        let mut engine = Engine::new_raw();
        register_packages(&mut engine);
        apply_limits(&mut engine, &limits);
        forbid_escapes(&mut engine);
        let watching = Rc::clone(&watchdog);
        let max_stack_bytes = limits.max_stack_bytes;
        engine.on_progress(move |_| watching.verdict(max_stack_bytes).map(Dynamic::from));
        watch_maps(&mut engine, limits.max_map_entries, limits.max_string_bytes);
        api::register(&mut engine, &host);
        Sandbox { engine, limits, watchdog, compilations: Cell::new(0) }
    }

    /// The limits this sandbox enforces.
    pub fn limits(&self) -> &ScriptLimits {
        &self.limits
    }

    /// How many script texts this sandbox has compiled so far. Calling functions never
    /// compiles anything, so this only grows when a script is loaded.
    pub fn compilations(&self) -> usize {
        self.compilations.get()
    }
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox").field("limits", &self.limits).finish_non_exhaustive()
    }
}

/// Everything of Rhai's standard library except the language-core package (`sleep`,
/// `exit`, `parse_json`, …), time, blobs and bit fields.
fn register_packages(engine: &mut Engine) {
    ArithmeticPackage::new().register_into_engine(engine);
    LogicPackage::new().register_into_engine(engine);
    BasicMathPackage::new().register_into_engine(engine);
    BasicIteratorPackage::new().register_into_engine(engine);
    BasicFnPackage::new().register_into_engine(engine);
    BasicStringPackage::new().register_into_engine(engine);
    MoreStringPackage::new().register_into_engine(engine);
    BasicArrayPackage::new().register_into_engine(engine);
    BasicMapPackage::new().register_into_engine(engine);
}

fn apply_limits(engine: &mut Engine, limits: &ScriptLimits) {
    // Rhai reads 0 as "unlimited" for most of these; a limit of 0 from the host means
    // "nothing allowed", so clamp to 1 where 0 would silently lift the limit.
    engine.set_max_operations(limits.max_operations.max(1));
    engine.set_max_call_levels(limits.max_call_depth);
    engine.set_max_expr_depths(
        limits.max_expression_depth.max(1),
        limits.max_expression_depth.max(1),
    );
    engine.set_max_string_size(limits.max_string_bytes.max(1));
    engine.set_max_array_size(limits.max_array_length.max(1));
    engine.set_max_map_size(limits.max_map_entries.max(1));
    engine.set_max_variables(limits.max_variables);
    engine.set_max_functions(limits.max_functions);
    engine.set_max_modules(0);
}

/// Rhai checks a map's size when it is passed or returned, not when `m[new_key] = v` grows
/// it, so a loop could fill one map with gigabytes inside a single call. Every read of a
/// variable holding a map checks it here instead: its entry count on every read (cheap), and
/// the strings it holds whenever it has grown by an eighth since they were last counted (so
/// the counting stays linear in the map's final size).
fn watch_maps(engine: &mut Engine, max_entries: usize, max_string_bytes: usize) {
    let counted: RefCell<Vec<(String, usize)>> = RefCell::new(Vec::new());
    #[allow(deprecated, reason = "on_var is marked volatile, not deprecated")]
    engine.on_var(move |name, _, context| {
        let Some(value) = context.scope().get(name) else { return Ok(None) };
        let Ok(map) = value.as_map_ref() else { return Ok(None) };
        let too_large = || {
            Err(rhai::EvalAltResult::ErrorDataTooLarge(
                "Size of object map".into(),
                rhai::Position::NONE,
            )
            .into())
        };
        if map.len() > max_entries.max(1) {
            return too_large();
        }
        let mut counted = counted.borrow_mut();
        // A smaller map under a name counted before is a new map: count it afresh.
        let last = counted.iter().find(|(n, _)| n == name).map_or(0, |(_, len)| *len);
        let last = if map.len() < last { 0 } else { last };
        if map.len() >= 64 && map.len() > last + last / 8 {
            if map.values().map(string_bytes).sum::<usize>() > max_string_bytes.max(1) {
                return too_large();
            }
            counted.retain(|(n, _)| n != name);
            counted.push((name.to_string(), map.len()));
        }
        Ok(None)
    });
}

/// The bytes of every string in `value`, nested arrays and maps included.
fn string_bytes(value: &Dynamic) -> usize {
    if let Ok(text) = value.as_immutable_string_ref() {
        return text.len();
    }
    if let Ok(array) = value.as_array_ref() {
        return array.iter().map(string_bytes).sum();
    }
    if let Ok(map) = value.as_map_ref() {
        return map.values().map(string_bytes).sum();
    }
    0
}

fn forbid_escapes(engine: &mut Engine) {
    engine.disable_symbol("eval");
    engine.set_module_resolver(rhai::module_resolvers::DummyModuleResolver::new());
    // Catch typos at compile time (`Grade` vs `grade`) and in property names at run time.
    engine.set_strict_variables(true);
    engine.set_fail_on_invalid_map_property(true);
}
