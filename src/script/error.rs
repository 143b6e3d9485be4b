//! Every Rhai failure as a [`Diagnostic`] pointing into the `.rhai` file: parse errors,
//! runtime errors, limit violations and host refusals, each with a stable code and a hint.
//! Rhai reports line + character column; [`offset_of`] turns that into a byte offset.
//!
//! Runtime errors inside nested calls arrive as a chain of `ErrorInFunctionCall`: the
//! innermost error is the primary label, each outer call site a secondary label, and the
//! rule-file span that invoked the script (if the caller passes one) the last label.
//! Limit violations (operations, time, call depth, sizes, variables) carry no position:
//! Rhai resets it at every call level, so they point at the called function's definition.

use rhai::{EvalAltResult, LexError, ParseError, ParseErrorType, Position};

use super::host::HostError;
use super::limits::ScriptLimits;
use super::sandbox::{ASK_TOKEN, STACK_LIMIT_TOKEN};
use crate::diagnostics::{Diagnostic, FileId, Span, offset_of};

/// What went wrong inside the innermost call, before labels are attached.
struct Problem {
    code: &'static str,
    message: String,
    label: String,
    help: String,
}

/// The script text is over the size cap; nothing was parsed.
pub(crate) fn script_too_large(file: FileId, text: &str, limit: usize) -> Diagnostic {
    let first_line = text.find('\n').unwrap_or(text.len()).min(limit);
    Diagnostic::error(
        "script::limit::script_size",
        format!("script is {} bytes, more than the limit of {} bytes", text.len(), limit),
    )
    .with_primary(Span::new(file, 0..first_line), "this file")
    .with_help("split the script into several files or move data into rule files")
}

/// A panic caught inside Rhai: a bug, reported instead of crashing.
pub(crate) fn internal(file: FileId, doing: &str) -> Diagnostic {
    Diagnostic::error("script::internal", format!("the script engine failed while {doing}"))
        .with_primary(Span::new(file, 0..0), "in this script")
        .with_help("this is a bug in mythforge or Rhai; please report it with the script")
}

/// A syntax error or a compile-time limit.
pub(crate) fn parse_error(
    error: &ParseError,
    file: FileId,
    text: &str,
    limits: &ScriptLimits,
) -> Diagnostic {
    let mut problem = parse_problem(&error.0, limits);
    let span = position_span(file, text, error.1).unwrap_or(Span::new(file, 0..0));
    if float_literal_at(text, span.start as usize) {
        problem = Problem {
            code: "script::float",
            message: "scripts have no floating-point numbers".into(),
            label: "a number with a fraction or an exponent".into(),
            help: NO_FLOAT_HELP.into(),
        };
    }
    Diagnostic::error(problem.code, problem.message)
        .with_primary(span, problem.label)
        .with_help(problem.help)
}

/// Why floats are missing and what to do instead.
const NO_FLOAT_HELP: &str = "mythforge runs Rhai without floating point, so every platform \
    gives the same results; use whole numbers (scale up by 10 or 100 and divide last)";

/// The functions of Rhai's float library, named in the help when a script calls one.
const FLOAT_FUNCTIONS: [&str; 22] = [
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "sqrt",
    "exp",
    "ln",
    "log",
    "floor",
    "ceiling",
    "round",
    "int",
    "fraction",
    "to_float",
    "parse_float",
    "is_nan",
    "hypot",
];

/// True when the parse error at byte `offset` sits inside a float literal (`2.5`, `1e3`),
/// which Rhai built without floats cannot read.
fn float_literal_at(text: &str, offset: usize) -> bool {
    let (Some(before), Some(after)) = (text.get(..offset), text.get(offset..)) else {
        return false;
    };
    let digit_before = |s: &str| s.chars().next_back().is_some_and(|c| c.is_ascii_digit());
    let fraction = before.strip_suffix('.').is_some_and(digit_before)
        && after.starts_with(|c: char| c.is_ascii_digit());
    let exponent = digit_before(before)
        && after.strip_prefix(['e', 'E']).is_some_and(|rest| {
            rest.trim_start_matches(['+', '-']).starts_with(|c: char| c.is_ascii_digit())
        });
    fraction || exponent
}

fn parse_problem(kind: &ParseErrorType, limits: &ScriptLimits) -> Problem {
    let problem = |code, message: String, label: &str, help: &str| Problem {
        code,
        message,
        label: label.to_string(),
        help: help.to_string(),
    };
    match kind {
        ParseErrorType::ExprTooDeep => problem(
            "script::limit::expression_depth",
            format!("expression nested more than {} levels deep", limits.max_expression_depth),
            "too deep here",
            "split the expression with `let` variables or helper functions",
        ),
        ParseErrorType::TooManyFunctions => problem(
            "script::limit::functions",
            format!("script defines more than {} functions", limits.max_functions),
            "one function too many",
            "split the script into several files",
        ),
        ParseErrorType::LiteralTooLarge(what, max) => problem(
            "script::limit::data_size",
            format!("{} is larger than the limit of {max}", lower_first(what)),
            "too large",
            "build large values from rule data instead of literals",
        ),
        ParseErrorType::BadInput(LexError::ImproperSymbol(symbol, _)) if symbol == "eval" => {
            forbidden_eval()
        }
        ParseErrorType::ModuleUndefined(_) => forbidden_import(),
        ParseErrorType::VariableUndefined(name) => problem(
            "script::unknown_variable",
            format!("unknown variable `{name}`"),
            "not declared",
            "declare it with `let` first; a function sees only its own parameters and variables",
        ),
        other => problem(
            "script::parse",
            lower_first(&other.to_string()),
            "here",
            "check the Rhai syntax near this point (https://rhai.rs/book/)",
        ),
    }
}

fn forbidden_eval() -> Problem {
    Problem {
        code: "script::forbidden::eval",
        message: "`eval` is not available in scripts".into(),
        label: "not allowed".into(),
        help: "scripts cannot run text as code; call a function instead".into(),
    }
}

fn forbidden_import() -> Problem {
    Problem {
        code: "script::forbidden::import",
        message: "scripts cannot import modules".into(),
        label: "not allowed".into(),
        help: "list every script file in the rule pack; their functions can call each other \
               through the rule lines"
            .into(),
    }
}

/// A failed call of `function`, with `caller` (the rule-file span) as a secondary label.
pub(crate) fn runtime_error(
    error: &EvalAltResult,
    file: FileId,
    text: &str,
    function: &str,
    caller: Option<Span>,
    limits: &ScriptLimits,
) -> Diagnostic {
    // Walk the chain: each frame is (called function, position of the call site).
    let mut frames: Vec<(&str, Position)> = Vec::new();
    let mut innermost = error;
    while let EvalAltResult::ErrorInFunctionCall(name, _source, inner, position) = innermost {
        frames.push((name.as_str(), *position));
        innermost = inner;
    }
    let problem = runtime_problem(innermost, function, limits);
    let primary = position_span(file, text, innermost.position())
        .unwrap_or_else(|| definition_span(file, text, function));
    let mut diagnostic =
        Diagnostic::error(problem.code, problem.message).with_primary(primary, problem.label);
    for (name, position) in &frames {
        if let Some(span) = position_span(file, text, *position) {
            diagnostic = diagnostic.with_secondary(span, format!("`{name}` called here"));
        }
    }
    if let Some(span) = caller {
        diagnostic = diagnostic.with_secondary(span, format!("script `{function}` called here"));
    }
    diagnostic.with_help(problem.help)
}

fn runtime_problem(error: &EvalAltResult, function: &str, limits: &ScriptLimits) -> Problem {
    let problem = |code, message: String, label: &str, help: String| Problem {
        code,
        message,
        label: label.to_string(),
        help,
    };
    match error {
        EvalAltResult::ErrorTooManyOperations(_) => problem(
            "script::limit::operations",
            format!("script `{function}` ran more than {} operations", limits.max_operations),
            "this call did not finish",
            "look for a loop that never ends or recursion without a base case".into(),
        ),
        EvalAltResult::ErrorTerminated(token, _)
            if token.clone().into_string().is_ok_and(|t| t == STACK_LIMIT_TOKEN) =>
        {
            problem(
                "script::limit::stack",
                format!(
                    "script `{function}` nested calls and expressions deeper than {} KiB of stack",
                    limits.max_stack_bytes / 1024
                ),
                "this call nested too deeply",
                "recurse less deeply or split deeply nested expressions with `let`".into(),
            )
        }
        EvalAltResult::ErrorTerminated(token, _)
            if token.clone().into_string().is_ok_and(|t| t == ASK_TOKEN) =>
        {
            problem(
                "script::decision",
                format!("script `{function}` asked a decision nobody answered"),
                "this call asked",
                "run the command where a decider answers (a session or the REPL)".into(),
            )
        }
        EvalAltResult::ErrorStackOverflow(_) => problem(
            "script::limit::call_depth",
            format!("script calls nested more than {} levels deep", limits.max_call_depth),
            "this call recursed too deeply",
            "look for recursion without a base case".into(),
        ),
        EvalAltResult::ErrorDataTooLarge(what, _) => {
            let (noun, limit, unit) = if what.contains("string") || what.contains("String") {
                ("a string", limits.max_string_bytes, "bytes")
            } else if what.contains("map") {
                ("an object map", limits.max_map_entries, "entries")
            } else {
                ("an array", limits.max_array_length, "elements")
            };
            problem(
                "script::limit::data_size",
                format!("{noun} grew past {limit} {unit}"),
                "this call built it",
                "scripts work on small values; keep big tables in rule files".into(),
            )
        }
        EvalAltResult::ErrorTooManyVariables(_) => problem(
            "script::limit::variables",
            format!("script `{function}` declared more than {} variables", limits.max_variables),
            "this call",
            "reuse variables or keep values in an array".into(),
        ),
        EvalAltResult::ErrorTooManyModules(_) | EvalAltResult::ErrorModuleNotFound(..) => {
            let p = forbidden_import();
            problem(p.code, p.message, &p.label, p.help)
        }
        EvalAltResult::ErrorFunctionNotFound(signature, _) => {
            let name = signature.split([' ', '(']).next().unwrap_or(signature);
            let help = if ["sleep", "timestamp", "eval", "exit", "parse_json"].contains(&name) {
                format!(
                    "`{name}` is not available: scripts cannot wait, read the clock, stop \
                         the program or run text as code"
                )
            } else if FLOAT_FUNCTIONS.contains(&name) {
                format!("`{name}` works on floating-point numbers: {NO_FLOAT_HELP}")
            } else {
                "check the name and the number and types of the arguments".into()
            };
            problem(
                "script::unknown_function",
                format!("unknown function `{signature}`"),
                "not found",
                help,
            )
        }
        EvalAltResult::ErrorVariableNotFound(name, _) => problem(
            "script::unknown_variable",
            format!("unknown variable `{name}`"),
            "not declared",
            "declare it with `let` first".into(),
        ),
        EvalAltResult::ErrorRuntime(value, _) if value.is::<HostError>() => problem(
            "script::host",
            value.clone().cast::<HostError>().to_string(),
            "refused",
            "check the arguments passed to this function".into(),
        ),
        EvalAltResult::ErrorRuntime(value, _) => problem(
            "script::thrown",
            format!("script threw {value}"),
            "thrown here",
            "the script raised this error itself with `throw`".into(),
        ),
        EvalAltResult::ErrorArithmetic(message, _) => problem(
            "script::arithmetic",
            lower_first(message),
            "here",
            "integers are 64-bit and checked: overflow and division by zero are errors".into(),
        ),
        EvalAltResult::ErrorMismatchDataType(expected, actual, _)
        | EvalAltResult::ErrorMismatchOutputType(expected, actual, _) => problem(
            "script::type_mismatch",
            format!("expected {expected}, found {actual}"),
            "wrong type",
            "convert the value first (`to_int`, `to_string`, …)".into(),
        ),
        other => problem(
            "script::runtime",
            without_position(other),
            "here",
            "see the Rhai book (https://rhai.rs/book/) for this error".into(),
        ),
    }
}

/// Rhai's message for an error without the ` (line N, position M)` it appends.
fn without_position(error: &EvalAltResult) -> String {
    let text = error.to_string();
    let suffix = format!(" ({})", error.position());
    lower_first(text.strip_suffix(&suffix).unwrap_or(&text))
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The span of the word (identifier or number) or single character at `position`.
fn position_span(file: FileId, text: &str, position: Position) -> Option<Span> {
    let line = position.line()?;
    let column = position.position().unwrap_or(1);
    let start = offset_of(text, line, column);
    let rest = &text[start..];
    let word: usize =
        rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').map(char::len_utf8).sum();
    let width = match rest.chars().next() {
        _ if word > 0 => word,
        Some(c) if c != '\n' => c.len_utf8(),
        _ => 0,
    };
    Some(Span::new(file, start..start + width))
}

/// The span of `fn name` in `text` (its name), or the file's first byte if not found.
pub(crate) fn definition_span(file: FileId, text: &str, name: &str) -> Span {
    let mut search = 0;
    while let Some(found) = text[search..].find("fn ") {
        let after = search + found + 3;
        let rest = text[after..].trim_start();
        let name_start = text.len() - rest.len();
        let boundary_before = search + found == 0
            || !text[..search + found].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        if boundary_before
            && rest.starts_with(name)
            && rest[name.len()..].trim_start().starts_with('(')
        {
            return Span::new(file, name_start..name_start + name.len());
        }
        search = after;
    }
    Span::new(file, 0..text.len().min(1))
}
