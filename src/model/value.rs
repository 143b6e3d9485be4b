//! Evaluating bracket expressions: exact rational values with checked arithmetic, the
//! [`Scope`] trait through which the engine answers names and script calls, and the
//! rounding rule a system declares for decimals. Nothing here reads actors or rolls dice.

use std::fmt;
use std::num::NonZeroI64;

use serde::Serialize;

use super::effect::DiceText;
use super::expr::{Builtin, CompareOp, Expr, LogicOp, Name, NameKind, Special};
use crate::diagnostics::{Diagnostic, Span, Spanned};

/// An exact value: a fraction in lowest terms with a positive denominator. Integers have
/// denominator 1; `[Weapon * 2.5]` stays exact until the system's rounding rule applies.
/// The denominator is never zero, and saying so lets a `Result<Value, Box<_>>` (what every
/// node of the evaluator returns) fit in two registers instead of going through memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    numerator: i64,
    denominator: NonZeroI64,
}

/// The denominator of every integer.
const ONE: NonZeroI64 = match NonZeroI64::new(1) {
    Some(one) => one,
    None => NonZeroI64::MAX,
};

impl Value {
    /// An integer value.
    pub fn integer(value: i64) -> Value {
        Value { numerator: value, denominator: ONE }
    }

    /// `numerator / denominator` in lowest terms; errors on a zero denominator or overflow.
    pub fn ratio(numerator: i128, denominator: i128) -> Result<Value, EvalErrorKind> {
        Value::exact(numerator, denominator).map_err(EvalErrorKind::from)
    }

    /// [`Value::ratio`] with the arithmetic's own (one-byte) error.
    fn exact(numerator: i128, denominator: i128) -> Exact {
        if denominator == 0 {
            return Err(Arithmetic::DivisionByZero);
        }
        let divisor = gcd(numerator.unsigned_abs(), denominator.unsigned_abs()).max(1);
        let divisor = i128::try_from(divisor).map_err(|_| Arithmetic::Overflow)?;
        let sign = if denominator < 0 { -1 } else { 1 };
        let numerator = numerator.checked_div(divisor).and_then(|n| n.checked_mul(sign));
        let denominator = denominator.checked_div(divisor).and_then(|d| d.checked_mul(sign));
        let fit =
            |n: Option<i128>| n.and_then(|n| i64::try_from(n).ok()).ok_or(Arithmetic::Overflow);
        let denominator = NonZeroI64::new(fit(denominator)?).ok_or(Arithmetic::DivisionByZero)?;
        Ok(Value { numerator: fit(numerator)?, denominator })
    }

    /// The integer, if this value is one.
    pub fn as_integer(&self) -> Option<i64> {
        (self.denominator == ONE).then_some(self.numerator)
    }

    /// Rounds to an integer with `rounding`.
    pub fn round(&self, rounding: Rounding) -> i64 {
        let (n, d) = (self.numerator, self.denominator.get());
        if d == 1 {
            return n;
        }
        let floor = n.div_euclid(d);
        let remainder = n.rem_euclid(d);
        if remainder == 0 {
            return floor;
        }
        match rounding {
            Rounding::Floor => floor,
            Rounding::Ceiling => floor + 1,
            Rounding::Nearest => {
                let twice = i128::from(remainder) * 2;
                let half_up = twice > i128::from(d) || (twice == i128::from(d) && n > 0);
                if half_up { floor + 1 } else { floor }
            }
            Rounding::TowardZero => {
                if n < 0 {
                    floor + 1
                } else {
                    floor
                }
            }
        }
    }

    fn parts(self) -> (i128, i128) {
        (i128::from(self.numerator), i128::from(self.denominator.get()))
    }

    // `inline(always)`: with a plain hint LLVM kept this out of line in `evaluate_inner`
    // (a call per `+`, more than the integer sum itself costs).
    // Kept: +359 instructions per attack without the evaluator's four pins (Nov 2026).
    #[inline(always)]
    fn add(self, other: Value) -> Exact {
        // Integers (nearly every rule value) skip the 128-bit fraction arithmetic; the
        // result and the overflow error are the same either way.
        if let (Some(a), Some(c)) = (self.as_integer(), other.as_integer()) {
            return integer_or_overflow(a.checked_add(c));
        }
        self.fraction_sum(other)
    }

    /// [`Value::add`] of fractions, a function apart so the integer path stays small where
    /// it is used (every `[X + 1]`).
    fn fraction_sum(self, other: Value) -> Exact {
        let ((a, b), (c, d)) = (self.parts(), other.parts());
        Value::exact(a * d + c * b, b * d)
    }

    fn subtract(self, other: Value) -> Exact {
        if let (Some(a), Some(c)) = (self.as_integer(), other.as_integer()) {
            return integer_or_overflow(a.checked_sub(c));
        }
        let ((a, b), (c, d)) = (self.parts(), other.parts());
        Value::exact(a * d - c * b, b * d)
    }

    /// `self * other`, exact (`7 * 1/2` is `7/2`); errors on overflow.
    pub fn times(self, other: Value) -> Result<Value, EvalErrorKind> {
        self.multiply(other).map_err(EvalErrorKind::from)
    }

    fn multiply(self, other: Value) -> Exact {
        if let (Some(a), Some(c)) = (self.as_integer(), other.as_integer()) {
            return integer_or_overflow(a.checked_mul(c));
        }
        let ((a, b), (c, d)) = (self.parts(), other.parts());
        Value::exact(a * c, b * d)
    }

    /// `self / other`, exact: `2 / 3` is two thirds, made whole only by `floor`, `ceil`,
    /// `round` or the system's rounding where the line's result is read.
    fn divide(self, other: Value) -> Exact {
        if other.numerator == 0 {
            return Err(Arithmetic::DivisionByZero);
        }
        if let (Some(a), Some(b)) = (self.as_integer(), other.as_integer())
            && a.checked_rem(b) == Some(0)
        {
            return integer_or_overflow(a.checked_div(b));
        }
        let ((a, b), (c, d)) = (self.parts(), other.parts());
        Value::exact(a * d, b * c)
    }

    /// Whether the value counts as true in a condition: anything but 0.
    pub fn is_true(&self) -> bool {
        self.numerator != 0
    }

    /// 1 for true, 0 for false.
    fn truth(holds: bool) -> Value {
        Value::integer(i64::from(holds))
    }

    fn compare(self, other: Value) -> std::cmp::Ordering {
        if let (Some(a), Some(c)) = (self.as_integer(), other.as_integer()) {
            return a.cmp(&c);
        }
        let ((a, b), (c, d)) = (self.parts(), other.parts());
        (a * d).cmp(&(c * b))
    }
}

/// A checked integer result as a value.
fn integer_or_overflow(result: Option<i64>) -> Exact {
    match result {
        Some(value) => Ok(Value::integer(value)),
        None => Err(Arithmetic::Overflow),
    }
}

/// Why exact arithmetic failed: the two [`EvalErrorKind`]s it can give, in one byte, so an
/// operation's result ([`Exact`]) is two words and comes back in registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arithmetic {
    /// [`EvalErrorKind::Overflow`]
    Overflow,
    /// [`EvalErrorKind::DivisionByZero`]
    DivisionByZero,
}

impl From<Arithmetic> for EvalErrorKind {
    fn from(failure: Arithmetic) -> EvalErrorKind {
        match failure {
            Arithmetic::Overflow => EvalErrorKind::Overflow,
            Arithmetic::DivisionByZero => EvalErrorKind::DivisionByZero,
        }
    }
}

/// The result of an arithmetic operation on values.
type Exact = Result<Value, Arithmetic>;

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.as_integer() {
            Some(integer) => write!(f, "{integer}"),
            None => write!(f, "{}/{}", self.numerator, self.denominator),
        }
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// How a system turns a fractional result into an integer (`Rounding: floor`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum Rounding {
    /// Round down (the default).
    #[default]
    Floor,
    /// Round up.
    Ceiling,
    /// Round to nearest, halves away from zero.
    Nearest,
    /// Drop the fraction.
    TowardZero,
}

impl Rounding {
    /// Parses `floor`, `down`, `ceil`, `up`, `nearest`, `round`, `truncate`.
    pub fn parse(text: &str) -> Option<Rounding> {
        Some(match text.trim().to_ascii_lowercase().as_str() {
            "floor" | "down" => Rounding::Floor,
            "ceil" | "ceiling" | "up" => Rounding::Ceiling,
            "nearest" | "round" => Rounding::Nearest,
            "truncate" | "toward zero" => Rounding::TowardZero,
            _ => return None,
        })
    }
}

impl fmt::Display for Rounding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rounding::Floor => "floor",
            Rounding::Ceiling => "ceiling",
            Rounding::Nearest => "nearest",
            Rounding::TowardZero => "truncate",
        })
    }
}

/// The kind of line an expression sits on; names may mean different things on different
/// lines (`[Weapon]` is the weapon's cost on a Cost line and its damage on a Result line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum LineContext {
    /// `Cost:`
    Cost,
    /// `Check:`
    Check,
    /// `Threshold:`
    Threshold,
    /// `Target:`
    Target,
    /// `Result:` / `Effect:` / `Add:` (damage and effects)
    Result,
    /// `Before:` / `After:`
    Movement,
    /// `Keywords:`
    Keywords,
    /// `Trigger:` / `While:` / `Prereq:` / `Halt:` / `Sustain:`
    Condition,
    /// Declarations in system, actor, weapon, armour and check blocks.
    Declaration,
}

/// What a scope is asked to look up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference<'a> {
    /// `Weapon Reach`
    Name(&'a Name),
    /// `Target's Defense`
    Possessive {
        /// `Target`
        owner: &'a Name,
        /// `Defense`
        name: &'a Name,
    },
    /// `Grade`, `Tier`, `Level`
    Special(Special),
    /// `Ruling fate exchange CP`: the value of a system `Ruling` line.
    Ruling(&'a Name),
}

/// Answers names and script calls during evaluation; the engine implements this over its
/// actors, weapons and script bridge.
pub trait Scope {
    /// The value of `reference` on a line of kind `context`.
    fn lookup(
        &self,
        reference: Reference<'_>,
        context: LineContext,
    ) -> Result<Value, EvalErrorKind>;

    /// [`Scope::lookup`] as the evaluator asks it, with the error boxed: the result is then
    /// two words and comes back in registers rather than through memory. A scope whose names
    /// are read on every rule line answers here (and its `lookup` unboxes); others keep this.
    #[inline]
    fn read(
        &self,
        reference: Reference<'_>,
        context: LineContext,
    ) -> Result<Value, Box<EvalErrorKind>> {
        self.lookup(reference, context).map_err(Box::new)
    }

    /// Calls the script function `function` with `arguments`.
    fn call(&self, function: &Name, arguments: &[Value]) -> Result<Value, EvalErrorKind>;

    /// Rolls the dice term `dice`: each term rolls once per evaluation. Only the scope of a
    /// line evaluated when it is used (an effect's amount) rolls; every other scope keeps
    /// this refusal (a stat, a maximum or a modifier is read at any time, and never rolls).
    fn roll(&self, dice: &DiceText) -> Result<Value, EvalErrorKind> {
        Err(EvalErrorKind::DiceNotRolled(dice.text.clone()))
    }

    /// True when `name`, written as a whole argument of a script call (`[jolt(Self)]`), is an
    /// actor this scope passes as a read-only handle rather than a value. Scopes without
    /// actors keep the default: every argument is a value.
    fn is_actor(&self, name: &Name) -> bool {
        let _ = name;
        false
    }

    /// Calls the script function `function` with `arguments`, some of which are actors
    /// ([`Scope::is_actor`]). Only asked when at least one argument is an actor.
    fn call_with_actors(
        &self,
        function: &Name,
        arguments: &[Argument<'_>],
    ) -> Result<Value, EvalErrorKind> {
        let _ = function;
        let actor = arguments.iter().find_map(|argument| match argument {
            Argument::Actor(name) => Some(name.to_string()),
            Argument::Value(_) => None,
        });
        Err(EvalErrorKind::UnknownName(actor.unwrap_or_default()))
    }
}

/// One argument of a script call that passes actors: a value, or the actor a name stands for
/// (`Self`, `Target`), which the scope turns into a read-only handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Argument<'a> {
    /// An evaluated argument.
    Value(Value),
    /// `Self`, `User` or `Target`, as written.
    Actor(&'a Name),
}

/// Why an evaluation failed (without a location; see [`EvalError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EvalErrorKind {
    /// Integer overflow.
    #[error("arithmetic overflow")]
    Overflow,
    /// `x / 0`.
    #[error("division by zero")]
    DivisionByZero,
    /// A name the scope does not know.
    #[error("unknown name `{0}`")]
    UnknownName(String),
    /// A reading that measures on the map (`Distance to Target`, `Allies within 1`) where
    /// someone it measures from or to is not placed: what was read, and who is missing.
    #[error("`{read}` measures on the map, and {who} is not on it")]
    OffMap {
        /// What was read, as written.
        read: String,
        /// Who is not placed.
        who: String,
    },
    /// A builtin with the wrong number of arguments.
    #[error("`{function}` takes {expected} argument(s), got {got}")]
    Arity {
        /// The function.
        function: String,
        /// How many it takes.
        expected: &'static str,
        /// How many it got.
        got: usize,
    },
    /// Expressions nested deeper than the limit.
    #[error("expression nested deeper than {0} levels")]
    TooDeep(usize),
    /// A script call failed.
    #[error("script error: {0}")]
    Script(String),
    /// Dice where a number is read: `[Weapon + 2]` with a weapon whose `Damage:` is `1d8`.
    #[error("`{name}` is dice ({dice}) and cannot be read as a number here")]
    DiceAsNumber {
        /// What was read (`Weapon Damage`, a line's label).
        name: String,
        /// The dice as written.
        dice: String,
    },
    /// `[Skill Damage(25)]` where no row of the table covers 25.
    #[error("the table `{table}` has no row for {key}")]
    OutsideTable {
        /// The table.
        table: String,
        /// The number looked up.
        key: i64,
    },
    /// `Target: Enemy in [Weapon Reach]` with a weapon that writes no `Reach:` line: a reach
    /// of 0 would reach nobody.
    #[error("{weapon} writes no `{label}:` line for `[Weapon {label}]` on this Target line")]
    WeaponLineMissing {
        /// The weapon.
        weapon: String,
        /// The line's label (`Reach`, `Range`).
        label: String,
    },
    /// Dice that could not roll: a forced face that does not fit the die, too many dice.
    #[error("{0}")]
    Dice(String),
    /// A dice term on a line that is read as a number without rolling (a stat, a maximum, a
    /// modifier, a cost).
    #[error("`{0}` is dice, and this line is read as a number without rolling")]
    DiceNotRolled(String),
    /// A script call failed inside the script: the diagnostic points into the `.rhai` file.
    #[error("script error: {}", .diagnostic.message)]
    ScriptFailed {
        /// The function the rule line called.
        function: String,
        /// The script's own diagnostic.
        diagnostic: Box<Diagnostic>,
    },
}

impl EvalErrorKind {
    /// Attaches a location.
    pub fn at(self, span: Span) -> EvalError {
        EvalError { kind: self, span }
    }

    /// For [`EvalErrorKind::ScriptFailed`]: the script's diagnostic with the rule-line call
    /// at `caller` as a secondary label; for other kinds, this error at `caller`.
    pub fn script_diagnostic(&self, caller: Span) -> Diagnostic {
        let EvalErrorKind::ScriptFailed { function, diagnostic } = self else {
            return self.clone().at(caller).to_diagnostic();
        };
        let diagnostic = (**diagnostic).clone();
        if caller.is_none() {
            return diagnostic;
        }
        diagnostic.with_secondary(caller, format!("script `{function}` called here"))
    }
}

/// An evaluation error with the span of the innermost expression that failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct EvalError {
    /// What went wrong.
    pub kind: EvalErrorKind,
    /// Where.
    pub span: Span,
}

impl EvalError {
    /// The error as a diagnostic with code `rules::eval::*`.
    pub fn to_diagnostic(&self) -> Diagnostic {
        let code = match self.kind {
            EvalErrorKind::Overflow => "rules::eval::overflow",
            EvalErrorKind::DivisionByZero => "rules::eval::division_by_zero",
            EvalErrorKind::UnknownName(_) => "rules::eval::unknown_name",
            EvalErrorKind::Arity { .. } => "rules::eval::arity",
            EvalErrorKind::TooDeep(_) => "rules::eval::too_deep",
            EvalErrorKind::Script(_) => "rules::eval::script",
            EvalErrorKind::Dice(_) => "rules::eval::dice",
            EvalErrorKind::OffMap { ref who, .. } => {
                return Diagnostic::error("rules::eval::off_map", self.kind.to_string())
                    .with_primary(self.span, "measured here")
                    .with_help(format!("place {who} first (`place {who} at 0,0`)"));
            }
            EvalErrorKind::OutsideTable { .. } => {
                return Diagnostic::error("rules::eval::outside_table", self.kind.to_string())
                    .with_primary(self.span, "looked up here")
                    .with_help(
                        "give the table a row for this number, or keep the lookup within its rows",
                    );
            }
            EvalErrorKind::DiceAsNumber { .. } => {
                return Diagnostic::error("rules::eval::dice_as_number", self.kind.to_string())
                    .with_primary(self.span, "while evaluating this")
                    .with_help(
                        "dice roll where they are the whole amount of an effect (`[Weapon] \
                         damage`, `1d6 damage`); elsewhere write a number",
                    );
            }
            EvalErrorKind::DiceNotRolled(_) => {
                return Diagnostic::error("rules::eval::dice_not_rolled", self.kind.to_string())
                    .with_primary(self.span, "these dice cannot roll here")
                    .with_help(
                        "dice roll in the amount of an effect (`Result: [1d8 + Strength] \
                         damage`); here write a number",
                    );
            }
            EvalErrorKind::ScriptFailed { .. } => return self.kind.script_diagnostic(self.span),
            EvalErrorKind::WeaponLineMissing { ref weapon, ref label } => {
                let code = "rules::eval::weapon_line_missing";
                return Diagnostic::error(code, self.kind.to_string())
                    .with_primary(self.span, "read here")
                    .with_help(format!(
                        "write `{label}: 1` (or its own value) on {weapon}, or name a weapon that \
                         has one"
                    ));
            }
        };
        let help = match self.kind {
            EvalErrorKind::Overflow => "numbers are 64-bit and checked: use smaller values",
            EvalErrorKind::DivisionByZero => {
                "guard the divisor, e.g. `[max(1, X)]`, or divide by a number that is never 0"
            }
            EvalErrorKind::UnknownName(_) => {
                "declare it in the system (`Stats:`, `Resource`, `Derived`) or give the actor \
                 a value for it"
            }
            EvalErrorKind::Arity { .. } => "pass the number of arguments the function takes",
            EvalErrorKind::TooDeep(_) => "split the expression with a `Derived` value",
            _ => "a script called from a bracket returns an integer (or a dice text)",
        };
        Diagnostic::error(code, self.kind.to_string())
            .with_primary(self.span, "while evaluating this")
            .with_help(help)
    }
}

/// The deepest nesting [`evaluate`] accepts (parsing enforces the same limit).
pub const MAX_DEPTH: usize = 64;

/// Evaluates `expr` on a line of kind `context`, asking `scope` for names and script calls.
/// Generic over the scope so the engine's name lookups inline into the evaluator; a
/// `&dyn Scope` still works.
pub fn evaluate<S: Scope + ?Sized>(
    expr: &Spanned<Expr>,
    scope: &S,
    context: LineContext,
) -> Result<Value, EvalError> {
    evaluate_at(expr, scope, context, 0).map_err(|failed| *failed)
}

/// A failure inside the evaluator, boxed: errors are rare, and a small result keeps every
/// node's success path (returned through each level of recursion) cheap.
type Failed = Box<EvalError>;

/// `kind` at `span`; cold, so the success path carries no error construction.
#[cold]
fn failed(kind: EvalErrorKind, span: Span) -> Failed {
    Box::new(kind.at(span))
}

/// The value of `expr` at nesting `depth`. Leaves (numbers and names, most operands) are
/// read inline; inner nodes go through [`evaluate_inner`], so a `[Weapon + 1]` is one call
/// rather than one per node.
// Kept: +359 instructions per attack without the evaluator's four pins (Nov 2026).
#[inline(always)]
fn evaluate_at<S: Scope + ?Sized>(
    expr: &Spanned<Expr>,
    scope: &S,
    context: LineContext,
    depth: usize,
) -> Result<Value, Failed> {
    if depth > MAX_DEPTH {
        return Err(failed(EvalErrorKind::TooDeep(MAX_DEPTH), expr.span));
    }
    match leaf(expr, scope, context) {
        Some(value) => value,
        None => evaluate_inner(expr, scope, context, depth),
    }
}

/// The value of a leaf (a number or a name), or `None` for an inner node.
// Kept: +359 instructions per attack without the evaluator's four pins (Nov 2026).
#[inline(always)]
fn leaf<S: Scope + ?Sized>(
    expr: &Spanned<Expr>,
    scope: &S,
    context: LineContext,
) -> Option<Result<Value, Failed>> {
    let here = |kind: EvalErrorKind| failed(kind, expr.span);
    let reference = match &expr.node {
        Expr::Number(number) => return Some(number.value().map_err(here)),
        Expr::Name(name) => Reference::Name(name),
        Expr::Possessive { owner, name } => {
            Reference::Possessive { owner: &owner.node, name: &name.node }
        }
        Expr::Special(special) => Reference::Special(*special),
        Expr::Ruling(name) => Reference::Ruling(name),
        _ => return None,
    };
    Some(scope.read(reference, context).map_err(|kind| here(*kind)))
}

/// The value of an inner node (arithmetic, comparison, call) at `depth`.
fn evaluate_inner<S: Scope + ?Sized>(
    expr: &Spanned<Expr>,
    scope: &S,
    context: LineContext,
    depth: usize,
) -> Result<Value, Failed> {
    // A plain function rather than a closure: `evaluate_at` inlines, so each operand's
    // leaf is read here without a call.
    // Kept: +359 instructions per attack without the evaluator's four pins (Nov 2026).
    #[inline(always)]
    fn recurse<S: Scope + ?Sized>(
        inner: &Spanned<Expr>,
        scope: &S,
        context: LineContext,
        depth: usize,
    ) -> Result<Value, Failed> {
        evaluate_at(inner, scope, context, depth + 1)
    }
    let here = |kind: EvalErrorKind| failed(kind, expr.span);
    let arithmetic = |failure: Arithmetic| here(failure.into());
    match &expr.node {
        Expr::Negate(inner) => {
            Value::integer(0).subtract(recurse(inner, scope, context, depth)?).map_err(arithmetic)
        }
        Expr::Binary { op, left, right } => {
            let left = recurse(left, scope, context, depth)?;
            let right = recurse(right, scope, context, depth)?;
            match op {
                super::expr::BinaryOp::Add => left.add(right),
                super::expr::BinaryOp::Subtract => left.subtract(right),
                super::expr::BinaryOp::Multiply => left.multiply(right),
                super::expr::BinaryOp::Divide => left.divide(right),
            }
            .map_err(arithmetic)
        }
        Expr::Compare { op, left, right } => {
            let left = recurse(left, scope, context, depth)?;
            let ordering = left.compare(recurse(right, scope, context, depth)?);
            Ok(Value::integer(i64::from(compare_holds(*op, ordering))))
        }
        Expr::Not(inner) => Ok(Value::truth(!recurse(inner, scope, context, depth)?.is_true())),
        Expr::Logic { op, left, right } => {
            let left = recurse(left, scope, context, depth)?.is_true();
            // The right side is read only when the left does not decide.
            let holds = match op {
                LogicOp::And => left && recurse(right, scope, context, depth)?.is_true(),
                LogicOp::Or => left || recurse(right, scope, context, depth)?.is_true(),
            };
            Ok(Value::truth(holds))
        }
        Expr::Dice(dice) => scope.roll(dice).map_err(here),
        Expr::Call { function, arguments } => {
            evaluate_call(&function.node, arguments, scope, context, depth).map_err(|e| match e {
                Located::Here(kind) => here(kind),
                Located::Inner(error) => error,
            })
        }
        // Leaves never get here (evaluate_at reads them); this arm reads one all the same,
        // a level deeper, so the depth limit ends it even if `leaf` stopped reading one.
        Expr::Number(_)
        | Expr::Name(_)
        | Expr::Possessive { .. }
        | Expr::Special(_)
        | Expr::Ruling(_) => recurse(expr, scope, context, depth),
    }
}

/// Where a call's error belongs: at the call itself, or already located in an argument.
enum Located {
    /// The call failed: the error is at the call's span.
    Here(EvalErrorKind),
    /// An argument failed at its own span.
    Inner(Failed),
}

/// A builtin or script call's value. A function apart from [`evaluate_inner`] so the common nodes
/// (numbers, names, arithmetic) run in a small function without the call's vectors.
fn evaluate_call<S: Scope + ?Sized>(
    function: &Name,
    arguments: &[Spanned<Expr>],
    scope: &S,
    context: LineContext,
    depth: usize,
) -> Result<Value, Located> {
    let recurse = |inner: &Spanned<Expr>| {
        evaluate_at(inner, scope, context, depth + 1).map_err(Located::Inner)
    };
    let builtin = Builtin::from_name(function.as_str());
    if builtin == Some(Builtin::If) {
        // Only the branch taken is evaluated: its dice roll, the other's do not.
        let [condition, then, otherwise] = arguments else {
            let arity = EvalErrorKind::Arity {
                function: function.to_string(),
                expected: "3",
                got: arguments.len(),
            };
            return Err(Located::Here(arity));
        };
        let taken = if recurse(condition)?.is_true() { then } else { otherwise };
        return recurse(taken);
    }
    if builtin.is_none() && arguments.iter().any(|a| is_actor(scope, a)) {
        let mut passed = Vec::with_capacity(arguments.len());
        for argument in arguments {
            passed.push(match &argument.node {
                Expr::Name(name) if scope.is_actor(name) => Argument::Actor(name),
                _ => Argument::Value(recurse(argument)?),
            });
        }
        return scope.call_with_actors(function, &passed).map_err(Located::Here);
    }
    let values = arguments.iter().map(recurse).collect::<Result<Vec<_>, _>>()?;
    match builtin {
        Some(builtin) => call_builtin(builtin, function.as_str(), &values),
        None => scope.call(function, &values),
    }
    .map_err(Located::Here)
}

/// True when `argument` is a bare name the scope passes to scripts as an actor handle.
fn is_actor<S: Scope + ?Sized>(scope: &S, argument: &Spanned<Expr>) -> bool {
    matches!(&argument.node, Expr::Name(name) if scope.is_actor(name))
}

fn compare_holds(op: CompareOp, ordering: std::cmp::Ordering) -> bool {
    op.holds(ordering, std::cmp::Ordering::Equal)
}

fn call_builtin(builtin: Builtin, name: &str, values: &[Value]) -> Result<Value, EvalErrorKind> {
    let arity = |expected: &'static str| EvalErrorKind::Arity {
        function: name.to_string(),
        expected,
        got: values.len(),
    };
    match builtin {
        Builtin::Min | Builtin::Max => {
            let mut iter = values.iter().copied();
            let first = iter.next().ok_or_else(|| arity("at least 1"))?;
            Ok(iter.fold(first, |best, value| {
                let better = match builtin {
                    Builtin::Min => value.compare(best).is_lt(),
                    _ => value.compare(best).is_gt(),
                };
                if better { value } else { best }
            }))
        }
        Builtin::Floor | Builtin::Ceil | Builtin::Round | Builtin::Abs => {
            let [value] = values else { return Err(arity("1")) };
            Ok(match builtin {
                Builtin::Floor => Value::integer(value.round(Rounding::Floor)),
                Builtin::Ceil => Value::integer(value.round(Rounding::Ceiling)),
                Builtin::Round => Value::integer(value.round(Rounding::Nearest)),
                _ if value.numerator < 0 => Value::integer(0).subtract(*value)?,
                _ => *value,
            })
        }
        // Evaluated lazily by `evaluate_call`, never with its arguments already read.
        Builtin::If => Err(arity("3")),
    }
}

/// The labels of a weapon block's numeric lines, readable as `Weapon <Label>`.
pub const NUMERIC_WEAPON_LINES: [&str; 8] =
    ["Cost", "Reach", "Damage", "Range", "Minimum range", "Crit range", "Crit damage", "Rate"];

/// Which weapon property a name means on a line: `[Weapon]` is the cost on a Cost line,
/// the damage on a Result line and the keywords on a Keywords line; `Weapon <Label>` is the
/// weapon's numeric line with that label (`Weapon Reach`, `Weapon Rate`, `Weapon Crit
/// range`, matched without regard to case). `None` for names that are not weapon properties.
/// Reads the name's kind, classified by [`weapon_label`] when the name was made.
pub fn weapon_property(name: &Name, context: LineContext) -> Option<&'static str> {
    match weapon_line(name, context)? {
        None => Some("Keywords"),
        Some(index) => NUMERIC_WEAPON_LINES.get(usize::from(index)).copied(),
    }
}

/// [`weapon_property`] as the index of the numeric line in [`NUMERIC_WEAPON_LINES`]:
/// `Some(None)` for the keywords (`[Weapon]` on a Keywords line), which no numeric line has.
pub fn weapon_line(name: &Name, context: LineContext) -> Option<Option<u8>> {
    match name.kind() {
        // `Cost`, `Reach` and `Damage` in NUMERIC_WEAPON_LINES.
        NameKind::Weapon => Some(match context {
            LineContext::Cost => Some(0),
            LineContext::Keywords => None,
            LineContext::Target => Some(1),
            _ => Some(2),
        }),
        // Only `weapon_label` makes these indices; the bound keeps this in step with
        // `weapon_property`, which reads the label at the index.
        NameKind::WeaponLine(index) => {
            (usize::from(index) < NUMERIC_WEAPON_LINES.len()).then_some(Some(index))
        }
        NameKind::Plain | NameKind::Special(_) => None,
    }
}

/// Whether the name `text` reads a weapon: `Some(None)` for the bare `Weapon`,
/// `Some(Some(i))` for `Weapon <Label>` with the label at `NUMERIC_WEAPON_LINES[i]`.
pub(crate) fn weapon_label(text: &str) -> Option<Option<u8>> {
    let rest = text.strip_prefix("Weapon")?;
    match rest.trim() {
        "" => Some(None),
        label => {
            let index = NUMERIC_WEAPON_LINES.iter().position(|l| l.eq_ignore_ascii_case(label))?;
            u8::try_from(index).ok().map(Some)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::expr::Number;
    use super::*;

    #[test]
    fn integer_values_round_to_themselves_under_every_rule() {
        for rounding in
            [Rounding::Floor, Rounding::Ceiling, Rounding::Nearest, Rounding::TowardZero]
        {
            assert_eq!(Value::integer(-7).round(rounding), -7);
            assert_eq!(Value::integer(12).round(rounding), 12);
        }
        assert_eq!(Value::ratio(-7, 2).map(|v| v.round(Rounding::TowardZero)), Ok(-3));
        assert_eq!(Value::ratio(-7, 2).map(|v| v.round(Rounding::Floor)), Ok(-4));
    }

    /// A scope knowing one name, `Seven`.
    struct Seven;

    impl Scope for Seven {
        fn lookup(&self, reference: Reference<'_>, _: LineContext) -> Result<Value, EvalErrorKind> {
            match reference {
                Reference::Name(name) if name.matches("Seven") => Ok(Value::integer(7)),
                _ => Err(EvalErrorKind::UnknownName("other".into())),
            }
        }

        fn call(&self, _: &Name, _: &[Value]) -> Result<Value, EvalErrorKind> {
            Err(EvalErrorKind::Script("none".into()))
        }
    }

    /// `node` at the byte range `at..at + 1`, so each node's span is distinct.
    fn at(node: Expr, at: usize) -> Spanned<Expr> {
        Spanned::new(node, Span::new(crate::diagnostics::FileId(0), at..at + 1))
    }

    /// `Seven` under `levels` negations; the name's span starts at `levels`.
    fn negated(levels: usize) -> Spanned<Expr> {
        let mut expr = at(Expr::Name(Name::new("Seven")), levels);
        for level in (0..levels).rev() {
            expr = at(Expr::Negate(Box::new(expr)), level);
        }
        expr
    }

    #[test]
    fn leaves_read_inline_keep_the_depth_limit_and_the_failing_node_span() {
        let sign = |levels: usize| if levels.is_multiple_of(2) { 7 } else { -7 };
        for levels in [0, 1, 2, MAX_DEPTH - 1, MAX_DEPTH] {
            let value = evaluate(&negated(levels), &Seven, LineContext::Result);
            assert_eq!(value, Ok(Value::integer(sign(levels))), "{levels} levels");
        }
        // One level more: the name itself is past the limit, and the error points at it.
        let too_deep = evaluate(&negated(MAX_DEPTH + 1), &Seven, LineContext::Result);
        let span = Span::new(crate::diagnostics::FileId(0), MAX_DEPTH + 1..MAX_DEPTH + 2);
        assert_eq!(too_deep, Err(EvalErrorKind::TooDeep(MAX_DEPTH).at(span)));
        // An unknown operand fails at its own span; an overflowing sum at the sum's.
        let binary = |left, right| Expr::Binary {
            op: super::super::expr::BinaryOp::Add,
            left: Box::new(left),
            right: Box::new(right),
        };
        let unknown = at(
            binary(at(Expr::Name(Name::new("Seven")), 1), at(Expr::Name(Name::new("Eight")), 2)),
            0,
        );
        let error = evaluate(&unknown, &Seven, LineContext::Result).unwrap_err();
        assert_eq!((error.kind, error.span.start), (EvalErrorKind::UnknownName("other".into()), 2));
        let big = Number::integer(i64::MAX);
        let overflow =
            at(binary(at(Expr::Number(big), 1), at(Expr::Name(Name::new("Seven")), 2)), 0);
        let error = evaluate(&overflow, &Seven as &dyn Scope, LineContext::Result).unwrap_err();
        assert_eq!((error.kind, error.span.start), (EvalErrorKind::Overflow, 0));
    }

    #[test]
    fn integer_fast_paths_agree_with_the_fraction_arithmetic() {
        let (max, min) = (Value::integer(i64::MAX), Value::integer(i64::MIN));
        assert_eq!(Value::integer(0).subtract(min), Err(Arithmetic::Overflow));
        assert_eq!(min.subtract(Value::integer(1)), Err(Arithmetic::Overflow));
        assert_eq!(max.add(Value::integer(1)), Err(Arithmetic::Overflow));
        assert_eq!(min.multiply(Value::integer(-1)), Err(Arithmetic::Overflow));
        assert_eq!(max.divide(Value::integer(0)), Err(Arithmetic::DivisionByZero));
        assert_eq!(Value::ratio(1, 0), Err(EvalErrorKind::DivisionByZero));
        assert_eq!(Value::integer(7).add(Value::integer(-9)), Ok(Value::integer(-2)));
        assert_eq!(Value::integer(6).multiply(Value::integer(-7)), Ok(Value::integer(-42)));
        let half = Value::ratio(1, 2).unwrap();
        assert_eq!(half.add(Value::integer(1)), Value::exact(3, 2));
        assert_eq!(Value::integer(1).subtract(half), Ok(half));
        assert!(Value::integer(-3).compare(Value::integer(2)).is_lt());
        assert!(half.compare(Value::integer(0)).is_gt());
        assert_eq!(
            crate::model::expr::Number::parse("12").unwrap().value(),
            Ok(Value::integer(12))
        );
        assert_eq!(crate::model::expr::Number::parse("2.5").unwrap().value(), Value::ratio(5, 2));
    }

    #[test]
    fn names_are_classified_once_and_compare_print_and_serialise_as_their_text() {
        let kind = |text: &str| Name::new(text).kind();
        assert_eq!(kind("Weapon"), NameKind::Weapon);
        assert_eq!(kind("  Weapon   crit RANGE "), NameKind::WeaponLine(5));
        assert_eq!(kind("WeaponReach"), NameKind::WeaponLine(1));
        assert_eq!(kind("Weapon Keywords"), NameKind::Plain);
        assert_eq!(kind("Tier"), NameKind::Special(Special::Tier));
        assert_eq!(kind("tier"), NameKind::Plain);
        let context = LineContext::Cost;
        assert_eq!(weapon_property(&Name::new("Weapon"), context), Some("Cost"));
        let weapon = |context| weapon_property(&Name::new("Weapon"), context);
        assert_eq!(weapon(LineContext::Target), Some("Reach"));
        assert_eq!(weapon(LineContext::Result), Some("Damage"));
        assert_eq!(weapon(LineContext::Keywords), Some("Keywords"));
        assert_eq!(weapon_line(&Name::new("Weapon"), LineContext::Keywords), Some(None));
        assert_eq!(weapon_line(&Name::new("weapon rate"), context), None);
        assert_eq!(weapon_property(&Name::new("weapon rate"), context), None);
        assert_eq!(weapon_property(&Name::new("Weapon rate"), context), Some("Rate"));
        let name = Name::new("Weapon Reach");
        assert_eq!(format!("{name:?}"), r#"Name("Weapon Reach")"#);
        assert_eq!(serde_json::to_string(&name).unwrap(), r#""Weapon Reach""#);
        assert!(Name::new("Reach") < Name::new("Tier"));
    }
}
