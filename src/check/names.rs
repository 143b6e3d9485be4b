//! The pack's symbol table: stats, resources, derived values, conditions, procedures and
//! script functions declared anywhere in the pack, and name resolution against it with
//! "did you mean" suggestions. Resolution follows the line context, so `[Weapon]` is known
//! on every line that has a weapon meaning.

use super::error::{CheckError, CheckErrorKind};
use super::use_names::{UseNames, is_use_name};
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::link::Symbols;
use crate::model::expr::{Builtin, LineContext};
use crate::model::{
    BlockBody, BlockKind, ConditionLine, ConditionRef, Expr, Name, weapon_property,
};

/// The names that are actor handles, not values, as whole arguments of a script call
/// (`[jolt(Self)]`, `script knockback(Target, Grade)`).
pub const HANDLES: [&str; 3] = ["Self", "Target", "User"];

/// The spans of the bare `Self`, `User` and `Target` arguments of the script calls in `expr`
/// (`[jolt(Self)]`): actor handles there, not values.
fn handle_arguments(expr: &Spanned<Expr>) -> Vec<Span> {
    let mut spans = Vec::new();
    expr.node.visit(
        &mut |node, _| {
            let Expr::Call { function, arguments } = node else { return };
            if Builtin::from_name(function.node.as_str()).is_some() {
                return;
            }
            for argument in arguments {
                if matches!(&argument.node, Expr::Name(name) if contains_str(&HANDLES, name.as_str()))
                {
                    spans.push(argument.span);
                }
            }
        },
        expr.span,
    );
    spans
}

/// Names a check block may use for the values the engine passes to it.
const PROCEDURE_NAMES: &[&str] = &[
    "Threshold",
    "Modifier",
    "Target",
    "Difficulty",
    "Pool",
    "Roll",
    "Rating",
    "Boost",
    "Ease",
    "Chunk",
    "Bonus",
];

/// Quantities a condition modifier may change besides stats and resources.
const MODIFIABLE: &[&str] = &["damage", "healing", "checks", "all checks", "reactions"];

/// Name checks against the pack's symbol table.
#[derive(Clone, Copy)]
pub struct Names<'a> {
    symbols: &'a Symbols,
}

impl<'a> Names<'a> {
    /// Checks names against `symbols`.
    pub fn new(symbols: &'a Symbols) -> Names<'a> {
        Names { symbols }
    }

    fn is_value(&self, name: &str) -> bool {
        self.symbols.value(name).is_some()
    }

    fn value_candidates(&self) -> impl Iterator<Item = &'a str> + Clone {
        self.symbols.value_names()
    }

    /// Every stat, resource, derived value and status the system declares.
    pub fn values(&self) -> impl Iterator<Item = &'a str> + Clone {
        self.value_candidates()
    }

    /// Checks every name and call in `expr`; `parameters` are extra names the block
    /// declares (a condition's `N`); `uses` says which names a power use binds there.
    pub fn check_expr(
        &self,
        expr: &Spanned<Expr>,
        context: LineContext,
        parameters: &[String],
        in_procedure: bool,
        uses: &UseNames,
        out: &mut Vec<Diagnostic>,
    ) {
        if !self.symbols.has_system {
            return;
        }
        let handles = handle_arguments(expr);
        expr.node.visit(
            &mut |node, span| match node {
                Expr::Name(name) if is_use_name(name.as_str()) => {
                    out.extend(uses.refusal(name.as_str(), context, span));
                }
                // A power's shared roll, unless the system declares a value so named.
                Expr::Name(name)
                    if !in_procedure
                        && name.matches(crate::model::power::SHARED_ROLL)
                        && !self.is_value(name.as_str()) =>
                {
                    out.extend(uses.roll_refusal(context, span));
                }
                // A target's place in the order struck, unless the system declares a value
                // so named (refused where it is declared).
                Expr::Name(name)
                    if !in_procedure
                        && name.matches(crate::model::power::TARGET_NUMBER)
                        && !self.is_value(name.as_str()) =>
                {
                    out.extend(uses.target_number_refusal(context, span));
                }
                // Where it may be read is the walk's to say (`References::dealt_unbound`).
                Expr::Name(name) if name.matches(crate::model::effect::DAMAGE_DEALT) => {}
                Expr::Name(name) => {
                    let known = self.is_value(name.as_str())
                        || (self.symbols.clock
                            && contains_str(&crate::model::system::CLOCK_NAMES, name.as_str()))
                        || self.symbols.is_world_flag(name.as_str())
                        || handles.contains(&span)
                        || weapon_property(name, context).is_some()
                        || self.gear_read(None, name.as_str())
                        || contains(parameters, name.as_str())
                        || (in_procedure && contains_str(PROCEDURE_NAMES, name.as_str()));
                    if !known
                        && crate::model::defence::DEFENCE_COUNTS
                            .iter()
                            .any(|(counted, _)| name.matches(counted))
                    {
                        let help = "it counts a defence's holder's defences: read it on the \
                                    `Penalty:` line of a power with a `Defence:` line";
                        out.push(self.unknown_stat(name, span).with_help(help));
                    } else if !known {
                        let diagnostic = self.unknown_stat(name, span);
                        out.push(self.gear_help(None, name.as_str(), diagnostic));
                    }
                }
                // `Trigger's X` names a value of the triggering event, known only at run time.
                Expr::Possessive { owner, name }
                    if !owner.node.matches("Trigger")
                        && !self.is_value(name.node.as_str())
                        && weapon_property(&name.node, context).is_none()
                        && !self.gear_read(Some(owner.node.as_str()), name.node.as_str()) =>
                {
                    let diagnostic = self.unknown_stat(&name.node, name.span);
                    let owner = Some(owner.node.as_str());
                    out.push(self.gear_help(owner, name.node.as_str(), diagnostic));
                }
                Expr::Call { function, arguments } => {
                    let name = function.node.as_str();
                    if let Some(builtin) = Builtin::from_name(name)
                        && let Err(expected) = builtin.arity(arguments.len())
                    {
                        let kind = crate::model::expr::EvalErrorKind::Arity {
                            function: name.to_string(),
                            expected,
                            got: arguments.len(),
                        };
                        out.push(kind.at(span).to_diagnostic());
                    }
                    if Builtin::from_name(name).is_none()
                        && self.symbols.function(name).is_none()
                        && self.symbols.table(name).is_none()
                    {
                        let builtins = Builtin::NAMES;
                        let functions = self.symbols.functions.iter().map(|f| f.name.as_str());
                        let tables = self.symbols.tables.iter().map(|t| t.name.as_str());
                        let functions = functions.chain(tables);
                        let candidates = functions.chain(builtins);
                        out.push(with_suggestion(
                            CheckErrorKind::UnknownFunction(name.to_string()).at(function.span),
                            name,
                            candidates,
                            "declare script functions in the system with `Functions: name, ...`",
                        ));
                    }
                }
                _ => {}
            },
            expr.span,
        );
    }

    /// Whether `name` (after `owner's`, if any) reads a declared gear field: `Weapon Fast
    /// Damage`, `Weapon's Fast Damage`, `Armour Protection`, `Target's Armour Protection`.
    fn gear_read(&self, owner: Option<&str>, name: &str) -> bool {
        use crate::model::gear::{GearKind, gear_name};
        let gear = &self.symbols.gear;
        // `Armour Protection` reads the built-in line as `Weapon Reach` does.
        let read = match owner {
            Some(owner) if owner.eq_ignore_ascii_case("Weapon") => Some((GearKind::Weapon, name)),
            _ => gear_name(name),
        };
        read.is_some_and(|(kind, path)| {
            gear.resolve(kind, path).is_some() || crate::model::gear::built_in_numeric(kind, path)
        })
    }

    /// `diagnostic` (an unknown name) with a help about gear when the name reads gear
    /// (`Weapon Type`, `Weapon's Slow Damage`): a words field has no number, else the
    /// fields the system declares.
    fn gear_help(&self, owner: Option<&str>, name: &str, diagnostic: Diagnostic) -> Diagnostic {
        use crate::model::gear::{FieldType, GearKind, gear_name};
        let read = match owner {
            Some(owner) if owner.eq_ignore_ascii_case("Weapon") => Some((GearKind::Weapon, name)),
            _ => gear_name(name),
        };
        let Some((kind, path)) = read else { return diagnostic };
        let fields = self.symbols.gear.fields(kind);
        let words = fields.iter().find(|field| {
            field.name.node.matches(path)
                && field
                    .types
                    .iter()
                    .all(|t| matches!(t, FieldType::Keyword | FieldType::Requirement))
        });
        let help = match words {
            Some(field) => format!(
                "`{path}` is a {} field: it has no number; test its words with `wielding a \
                 <keyword>` or `this power has keyword <keyword>`",
                field.types_text()
            ),
            None if fields.is_empty() => {
                format!("declare the field in the system (`{} fields: {path} number`)", kind.word())
            }
            None => {
                let names: Vec<&str> = fields.iter().map(|f| f.name.node.as_str()).collect();
                format!(
                    "the system declares these {} fields: {} (a record's entry follows its \
                     field: `Fast Damage`)",
                    kind.word().to_ascii_lowercase(),
                    names.join(", ")
                )
            }
        };
        diagnostic.with_help(help)
    }

    fn unknown_stat(&self, name: &Name, span: Span) -> Diagnostic {
        if contains_str(&HANDLES, name.as_str()) {
            let error = CheckErrorKind::UnknownStat(name.to_string()).at(span);
            return error.to_diagnostic().with_help(format!(
                "`{name}` is an actor, not a number: pass it whole to a script function \
                 (`[f({name})]`) and read its values there"
            ));
        }
        with_suggestion(
            CheckErrorKind::UnknownStat(name.to_string()).at(span),
            name.as_str(),
            self.value_candidates(),
            "declare it in the system block with a `Stats`, `Resource` or `Derived` line",
        )
    }

    /// Checks a stat named outside an expression (condition modifiers, actor stats).
    pub fn check_stat(&self, name: &Spanned<Name>, out: &mut Vec<Diagnostic>) {
        let text = name.node.as_str();
        if self.symbols.has_system
            && !self.is_value(text)
            && !contains_str(MODIFIABLE, text)
            && self.symbols.block(&[BlockKind::Check], text).is_none()
        {
            out.push(self.unknown_stat(&name.node, name.span));
        }
    }

    /// Checks a resource in a cost or effect.
    pub fn check_resource(&self, name: &Spanned<Name>, out: &mut Vec<Diagnostic>) {
        let text = name.node.as_str();
        if self.symbols.has_system && !self.symbols.is_resource(text) {
            out.push(with_suggestion(
                CheckErrorKind::UnknownResource(text.to_string()).at(name.span),
                text,
                self.symbols.resources.iter().map(|resource| resource.name.as_str()),
                "declare it in the system block with a `Resource` line",
            ));
        }
    }

    /// Checks a condition reference: its name, or a leading part of it, must be a condition
    /// block (`Resistant Fire 5` matches `Resistant`).
    pub fn check_condition(&self, condition: &ConditionRef, out: &mut Vec<Diagnostic>) {
        if !self.symbols.has_system {
            return;
        }
        if self.symbols.condition(condition.name.node.as_str()).is_none() {
            let name = condition.name.node.as_str();
            let conditions = self.symbols.blocks_of(&[BlockKind::Condition]);
            out.push(with_suggestion(
                CheckErrorKind::UnknownCondition(name.to_string()).at(condition.name.span),
                name,
                conditions.map(|condition| condition.name.as_str()),
                "define it with a `condition` block",
            ));
        }
    }

    /// Checks a named check procedure.
    pub fn check_procedure(&self, name: &Spanned<Name>, out: &mut Vec<Diagnostic>) {
        let text = name.node.as_str();
        if self.symbols.block(&[BlockKind::Check], text).is_none() {
            out.push(with_suggestion(
                CheckErrorKind::UnknownProcedure(text.to_string()).at(name.span),
                text,
                self.symbols.blocks_of(&[BlockKind::Check]).map(|check| check.name.as_str()),
                "define it with a `check` block",
            ));
        }
    }

    /// Checks that a block of one of `kinds` called `name` exists.
    pub fn check_block(
        &self,
        name: &Spanned<Name>,
        kinds: &[&str],
        what: &'static str,
        out: &mut Vec<Diagnostic>,
    ) {
        let text = name.node.as_str();
        let matching = |kind: &BlockKind| {
            let kind = kind.to_string();
            kinds.iter().any(|wanted| *wanted == kind)
        };
        let candidates: Vec<&str> = self
            .symbols
            .blocks
            .iter()
            .filter(|(kind, _)| matching(kind))
            .map(|(_, declared)| declared.name.as_str())
            .collect();
        if !candidates.iter().any(|candidate| candidate.eq_ignore_ascii_case(text)) {
            out.push(with_suggestion(
                CheckErrorKind::UnknownReference { what, name: text.to_string() }.at(name.span),
                text,
                candidates,
                &{
                    let kinds = kinds.join(" or ");
                    format!("define it with {} {kinds} block", crate::diagnostics::article(&kinds))
                },
            ));
        }
    }
}

/// The parameters a condition block declares.
pub fn parameters(body: &BlockBody) -> Vec<String> {
    match body {
        BlockBody::Condition(lines) => lines
            .iter()
            .filter_map(|line| match &line.node {
                ConditionLine::Parameters(names) => {
                    Some(names.iter().map(|name| name.node.as_str().to_string()))
                }
                _ => None,
            })
            .flatten()
            .collect(),
        _ => Vec::new(),
    }
}

fn contains(list: &[String], name: &str) -> bool {
    list.iter().any(|item| item.eq_ignore_ascii_case(name))
}

fn contains_str(list: &[&str], name: &str) -> bool {
    list.iter().any(|item| item.eq_ignore_ascii_case(name))
}

pub(super) fn with_suggestion<'a>(
    error: CheckError,
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    fallback: &str,
) -> Diagnostic {
    error.to_diagnostic().with_suggestion(name, candidates, fallback)
}
