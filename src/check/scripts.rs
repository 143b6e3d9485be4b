//! Checking a pack's script calls against its compiled scripts: every bracket call
//! (`[bonus(Grade)]`), `script` effect call, `Method: script` procedure and `On <event>:`
//! hook must name a function a script defines, with the number of arguments it takes;
//! otherwise a diagnostic at the call with a "did you mean".

use crate::diagnostics::{Diagnostic, Span};
use crate::model::expr::{Builtin, Expr};
use crate::model::hook::HookEvent;
use crate::model::{Pack, SystemLine};
use crate::script::ScriptFunction;

use crate::model::references::References;

/// How many arguments the hook of `event` is called with: the actor, plus the event's data.
pub fn hook_arity(event: HookEvent) -> usize {
    match event {
        HookEvent::TurnStart | HookEvent::TurnEnd => 1,
        _ => 2,
    }
}

/// How many arguments a scripted check procedure's function takes: the rolling actor and
/// the map of the check's inputs (`fn move_roll(actor, inputs)`).
pub const SCRIPTED_CHECK_ARITY: usize = 2;

/// The hint for a script function no script of the pack defines.
pub const DEFINE_FUNCTION: &str =
    "define it with `fn name(arguments) { … }` in the pack's scripts folder";

/// Every script call of `pack` that `functions` cannot answer.
pub fn script_calls(pack: &Pack, functions: &[&ScriptFunction]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    // A table is called like a function, but the scripts do not answer it.
    let tables: Vec<&str> = pack
        .system_lines()
        .filter_map(|line| match &line.node {
            SystemLine::Table { name, .. } => Some(name.node.as_str()),
            _ => None,
        })
        .collect();
    for block in pack.blocks() {
        let references = References::of(&block.node.body);
        let calls = references.expressions.iter().chain(&references.script_calls);
        for (expr, _) in calls {
            expr.node.visit(
                &mut |node, _| {
                    let Expr::Call { function, arguments } = node else { return };
                    let table = tables.iter().any(|table| function.node.matches(table));
                    if Builtin::from_name(function.node.as_str()).is_none() && !table {
                        let name = function.node.as_str();
                        check_call(name, arguments.len(), function.span, functions, &mut out);
                    }
                },
                expr.span,
            );
        }
    }
    for block in pack.blocks() {
        let crate::model::BlockBody::Check(lines) = &block.node.body else { continue };
        for line in lines {
            if let crate::model::ProcedureLine::Script(function) = &line.node {
                let (name, span) = (function.node.as_str(), function.span);
                check_call(name, SCRIPTED_CHECK_ARITY, span, functions, &mut out);
            }
        }
    }
    for line in pack.system_lines() {
        if let SystemLine::Hook { event, function } = &line.node {
            let arity = hook_arity(event.node);
            check_call(function.node.as_str(), arity, function.span, functions, &mut out);
        }
    }
    out
}

fn check_call(
    name: &str,
    arity: usize,
    span: Span,
    functions: &[&ScriptFunction],
    out: &mut Vec<Diagnostic>,
) {
    if functions.iter().any(|f| f.name == name && f.arity == arity) {
        return;
    }
    let arities: Vec<String> =
        functions.iter().filter(|f| f.name == name).map(|f| f.arity.to_string()).collect();
    let diagnostic = if arities.is_empty() {
        let known = functions.iter().map(|f| f.name.as_str());
        Diagnostic::error(
            "script::undefined_function",
            format!("no script of this pack defines `{name}`"),
        )
        .with_primary(span, "called here")
        .with_suggestion(name, known, DEFINE_FUNCTION)
    } else {
        Diagnostic::error(
            "script::wrong_arity",
            format!("`{name}` is called with {arity} argument(s)"),
        )
        .with_primary(span, "called here")
        .with_help(format!("the script defines `{name}` with {} argument(s)", arities.join(" or ")))
    };
    out.push(diagnostic);
}
