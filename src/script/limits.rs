//! The resource limits every script call runs under. Plain data: the sandbox applies them to
//! the Rhai engine (operations, depths, sizes, counts) and to its own checks (script size
//! before compiling, native stack through the progress callback). None reads a clock, so a
//! call that finishes on one machine finishes the same way on every other. Rule content can
//! never raise a limit; only the host (a command-line flag) may.

/// Limits for compiling and calling scripts. Defaults are the REPL's
/// (see `RELIABILITY.md`); [`ScriptLimits::batch`] allows ten times the operations.
///
/// ```
/// use mythforge::script::ScriptLimits;
/// let limits = ScriptLimits::default();
/// assert_eq!(limits.max_operations, 1_000_000);
/// assert_eq!(ScriptLimits::batch().max_operations, 10_000_000);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptLimits {
    /// Rhai operations per call (statements, expressions, loop iterations, calls).
    pub max_operations: u64,
    /// Nested script function calls (recursion depth).
    pub max_call_depth: usize,
    /// Nesting depth of expressions and statements, checked while compiling.
    pub max_expression_depth: usize,
    /// Length of any string value, in bytes.
    pub max_string_bytes: usize,
    /// Elements of any array.
    pub max_array_length: usize,
    /// Entries of any object map.
    pub max_map_entries: usize,
    /// Native stack one call may use, in bytes. Deep recursion combined with deeply nested
    /// expressions can exhaust a thread's stack before the call-depth limit is reached
    /// (a debug build spends about 27 KiB per script call level); this stops it first.
    /// It depends on the build (not on the machine's speed) and can only abort a call.
    pub max_stack_bytes: usize,
    /// Variables alive at once in one call.
    pub max_variables: usize,
    /// Functions defined by one script file (closures included).
    pub max_functions: usize,
    /// Size of one script file in bytes, checked before compiling.
    pub max_script_bytes: usize,
}

impl ScriptLimits {
    /// The interactive defaults: 1M operations per call.
    pub fn repl() -> Self {
        ScriptLimits {
            max_operations: 1_000_000,
            max_call_depth: 32,
            max_expression_depth: 64,
            max_string_bytes: 64 * 1024,
            max_array_length: 10_000,
            max_map_entries: 10_000,
            max_stack_bytes: 1024 * 1024,
            max_variables: 1_000,
            max_functions: 1_000,
            max_script_bytes: 256 * 1024,
        }
    }

    /// The batch defaults: like [`ScriptLimits::repl`] with 10M operations per call.
    pub fn batch() -> Self {
        ScriptLimits { max_operations: 10_000_000, ..ScriptLimits::repl() }
    }
}

impl Default for ScriptLimits {
    fn default() -> Self {
        ScriptLimits::repl()
    }
}
