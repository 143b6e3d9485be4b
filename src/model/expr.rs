//! Bracket expressions: the `[Weapon + Grade]` language. This module holds the AST, its
//! canonical printing, exact rational values and the evaluator. It knows no actor, weapon or
//! script: names and calls are answered by a [`Scope`] the engine supplies, and the line a
//! name appears on ([`LineContext`]) is passed along so `[Weapon]` can mean a cost on a Cost
//! line and damage on a Result line.

use std::fmt;

use serde::Serialize;

use crate::diagnostics::{Span, Spanned};

/// A multi-word name as written, with inner whitespace collapsed: `Weapon Reach`. It carries
/// what the text means in every pack ([`NameKind`]), classified once when the name is made,
/// so a read of the name branches on that instead of comparing strings. Equality, ordering,
/// hashing, printing and serialisation see the text alone. It also carries what the
/// name resolves to in its pack ([`Link`]), set once by the link step
/// ([`crate::link::link_names`]) when the pack is installed.
pub struct Name(String, NameKind, LinkSlot);

/// What a name written in a pack resolves to among that pack's declarations of the kind
/// its place reads: a `Derived` line for a value name (else the declared stat, else the
/// declared resource it names), a `Ruling` line for `Ruling X`, a `Table` line for a call,
/// a block for a name that gives one (`apply Marked`, `using Grade Roll`). A function of the
/// text and the pack alone, so a clone of a linked name (a block copied at load) keeps a
/// link that is still right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// Not linked: a name made outside a pack (typed in a session), resolved by its text.
    Unlinked,
    /// The pack declares nothing of the kind under this name.
    Absent,
    /// The declaration at this index of its kind's list, in declaration order.
    At(usize),
    /// A value name no `Derived` line defines that is the stat with this id in the pack's
    /// symbol table ([`crate::link::Symbols::stats`]), written exactly as declared: actors
    /// bound to the pack read it from their slot for that id.
    Stat(usize),
    /// A value name no `Derived` or `Stats` line declares, or a resource an effect or a
    /// cost changes, that is the resource declared exactly so at this index of
    /// [`crate::link::Symbols::resources`]: actors read and change it in their slot for that
    /// id, without searching derived values, stats or their resources by text.
    Resource(usize),
    /// A name that gives a block (`apply Marked`, `using Grade Roll`): the block with this
    /// id on its kind's shelf ([`crate::link::Symbols::block_id`]). Its own variant, so a
    /// block id is never read as a value's index.
    Block(usize),
}

/// The bit of a [`LinkSlot`] that marks a [`Link::Stat`].
const STAT_BIT: u32 = 1 << 31;

/// The bit of a [`LinkSlot`] that marks a [`Link::Resource`].
const RESOURCE_BIT: u32 = 1 << 30;

/// The bit of a [`LinkSlot`] that marks a [`Link::Block`].
const BLOCK_BIT: u32 = 1 << 29;

/// A name's [`Link`], written by the link step through a shared pack (a relaxed atomic:
/// the pack is linked before anything reads it, and a read is one load). Four bytes, so a
/// `Name` stays 32.
#[derive(Default)]
struct LinkSlot(std::sync::atomic::AtomicU32);

impl LinkSlot {
    fn get(&self) -> Link {
        match self.0.load(std::sync::atomic::Ordering::Relaxed) {
            0 => Link::Unlinked,
            1 => Link::Absent,
            stat if stat & STAT_BIT != 0 => Link::Stat((stat & !STAT_BIT) as usize),
            held if held & RESOURCE_BIT != 0 => Link::Resource((held & !RESOURCE_BIT) as usize),
            block if block & BLOCK_BIT != 0 => Link::Block((block & !BLOCK_BIT) as usize),
            at => Link::At(at as usize - 2),
        }
    }

    fn set(&self, link: Link) {
        let raw = match link {
            Link::Unlinked => 0,
            Link::Absent => 1,
            // A pack holds far fewer than 2^29 declarations of one kind; a larger index is
            // left unlinked (read by its text).
            Link::At(at) => {
                u32::try_from(at).ok().filter(|at| *at < BLOCK_BIT - 2).map_or(0, |at| at + 2)
            }
            Link::Block(id) => {
                u32::try_from(id).ok().filter(|id| *id < BLOCK_BIT).map_or(0, |id| id | BLOCK_BIT)
            }
            Link::Stat(id) => {
                u32::try_from(id).ok().filter(|id| *id < RESOURCE_BIT).map_or(0, |id| id | STAT_BIT)
            }
            Link::Resource(id) => u32::try_from(id)
                .ok()
                .filter(|id| *id < RESOURCE_BIT)
                .map_or(0, |id| id | RESOURCE_BIT),
        };
        self.0.store(raw, std::sync::atomic::Ordering::Relaxed);
    }
}

impl Clone for Name {
    fn clone(&self) -> Name {
        let slot = LinkSlot::default();
        slot.set(self.2.get());
        Name(self.0.clone(), self.1, slot)
    }
}

/// What a name's text means whatever the pack: a weapon property, a special name, or a name
/// the scope resolves (a stat, resource, derived value...). A function of the text alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    /// Any other name.
    Plain,
    /// `Weapon`: the property the line's kind picks.
    Weapon,
    /// `Weapon <Label>`: the numeric weapon line at this index of
    /// [`super::value::NUMERIC_WEAPON_LINES`].
    WeaponLine(u8),
    /// `Grade`, `Tier` or `Level`, written exactly so.
    Special(Special),
}

impl NameKind {
    /// The kind of the (already collapsed) name `text`.
    fn of(text: &str) -> NameKind {
        if let Some(special) = Special::from_name(text) {
            return NameKind::Special(special);
        }
        match super::value::weapon_label(text) {
            Some(None) => NameKind::Weapon,
            Some(Some(index)) => NameKind::WeaponLine(index),
            None => NameKind::Plain,
        }
    }
}

impl Name {
    /// A name from text, collapsing runs of whitespace to one space; surrounding double
    /// quotes (`"Bastion of Defense"`) are not part of the name.
    pub fn new(text: &str) -> Name {
        let text = text.trim();
        let text = text.strip_prefix('"').and_then(|inner| inner.strip_suffix('"')).unwrap_or(text);
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let kind = NameKind::of(&text);
        Name(text, kind, LinkSlot::default())
    }

    /// What the name resolves to in its pack ([`Link::Unlinked`] before the link step).
    pub fn link(&self) -> Link {
        self.2.get()
    }

    /// Records what the name resolves to; only the link step calls this.
    pub fn set_link(&self, link: Link) {
        self.2.set(link);
    }

    /// What the name means in every pack, classified when it was made.
    pub fn kind(&self) -> NameKind {
        self.1
    }

    /// Whether the name reads back as bare words; otherwise it is written in quotes.
    pub fn is_bare(&self) -> bool {
        !self.0.is_empty() && self.0.split(' ').all(is_bare_word)
    }

    /// Writes the name where an expression reads a value: as [`fmt::Display`] does, but
    /// quoted when it starts with the word `not`, which would read back as the operator.
    fn write_operand(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.starts_with("not ") {
            return write!(f, "\"{}\"", self.0);
        }
        write!(f, "{self}")
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Case-insensitive comparison, the way names are resolved.
    pub fn matches(&self, other: &str) -> bool {
        self.0.eq_ignore_ascii_case(other)
    }
}

/// Lower-case words that end a bare name (`reserved` in grammar/lexical.pest).
const RESERVED_WORDS: [&str; 25] = [
    "and", "or", "is", "are", "for", "until", "in", "within", "to", "with", "has", "have", "at",
    "of", "per", "from", "using", "if", "then", "up", "becomes", "gains", "takes", "by", "against",
];

/// Whether `word` is a `name_word` of the grammar: a letter first, then letters, digits,
/// `_`, `-` or an inner apostrophe, not a reserved word and not ending in a possessive `'s`.
fn is_bare_word(word: &str) -> bool {
    let mut characters = word.chars();
    let first_is_letter = characters.next().is_some_and(char::is_alphabetic);
    let rest_is_wordlike =
        characters.all(|character| character.is_alphanumeric() || "_-'".contains(character));
    let reserved = word.starts_with(|character: char| character.is_ascii_lowercase())
        && RESERVED_WORDS.contains(&word);
    first_is_letter
        && rest_is_wordlike
        && !reserved
        && !word.ends_with('\'')
        && !word.ends_with("'s")
}

// The kind is a function of the text: comparisons, hashing, `Debug` and serde read the
// text alone, exactly as the former `Name(String)` derives did.
impl PartialEq for Name {
    fn eq(&self, other: &Name) -> bool {
        self.0 == other.0
    }
}

impl Eq for Name {}

impl PartialOrd for Name {
    fn partial_cmp(&self, other: &Name) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Name {
    fn cmp(&self, other: &Name) -> std::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}

impl std::hash::Hash for Name {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Name").field(&self.0).finish()
    }
}

impl Serialize for Name {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_newtype_struct("Name", &self.0)
    }
}

impl fmt::Display for Name {
    /// Bare words when they read back as a name, otherwise in double quotes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_bare() { f.write_str(&self.0) } else { write!(f, "\"{}\"", self.0) }
    }
}

/// A number literal, kept exactly as a scaled integer so printing and comparing are exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Number {
    /// The digits without the decimal point: `2.5` is 25.
    pub units: i64,
    /// How many digits follow the decimal point: `2.5` is 1, `12` is 0.
    pub scale: u32,
}

impl Number {
    /// An integer literal.
    pub fn integer(value: i64) -> Number {
        Number { units: value, scale: 0 }
    }

    /// Parses `12` or `2.5`; `None` if it does not fit.
    pub fn parse(text: &str) -> Option<Number> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = format!("{whole}{fraction}");
        let units = digits.parse::<i64>().ok()?;
        let scale = u32::try_from(fraction.len()).ok()?;
        10i64.checked_pow(scale)?;
        Some(Number { units, scale })
    }

    /// The exact value.
    // Kept: +262 instructions per attack without it and `decimal_value`'s (Nov 2026).
    #[inline]
    pub fn value(&self) -> Result<Value, EvalErrorKind> {
        if self.scale == 0 {
            return Ok(Value::integer(self.units));
        }
        self.decimal_value()
    }

    /// [`Number::value`] of a decimal, kept out of line so the integer path inlines where
    /// it is read.
    // Kept: +74 instructions per attack without it (Nov 2026).
    #[inline(never)]
    fn decimal_value(&self) -> Result<Value, EvalErrorKind> {
        let denominator = 10i64.checked_pow(self.scale).ok_or(EvalErrorKind::Overflow)?;
        Value::ratio(i128::from(self.units), i128::from(denominator))
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.scale == 0 {
            return write!(f, "{}", self.units);
        }
        let digits = format!("{:0>width$}", self.units, width = self.scale as usize + 1);
        let (whole, fraction) = digits.split_at(digits.len() - self.scale as usize);
        write!(f, "{whole}.{fraction}")
    }
}

/// Names with a fixed meaning in every system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Special {
    /// `Grade`: the grade (or success count) of the current check.
    Grade,
    /// `Tier`: the actor's tier.
    Tier,
    /// `Level`: the actor's level.
    Level,
    /// `Distance to Target`: hexes between the line's user and its target (both placed).
    DistanceToTarget,
    /// `Allies within 5`, `Enemies within 1`: how many placed creatures of a kind stand
    /// within a distance (on the system's grid) of the line's user, never counting the user.
    CountWithin {
        /// Whom to count.
        who: Counted,
        /// The distance, in cells.
        within: u32,
    },
}

/// Whom a [`Special::CountWithin`] counts, as the bracket writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Counted {
    /// `Allies`: others on the user's side.
    Allies,
    /// `Enemies`: creatures on another side.
    Enemies,
    /// `Creatures`: anyone else.
    Creatures,
}

impl Counted {
    /// Every kind, in the order the docs list them.
    pub const ALL: [Counted; 3] = [Counted::Allies, Counted::Enemies, Counted::Creatures];

    /// The word as written in a bracket (`Allies`).
    pub fn word(self) -> &'static str {
        match self {
            Counted::Allies => "Allies",
            Counted::Enemies => "Enemies",
            Counted::Creatures => "Creatures",
        }
    }

    /// The kind `word` names, in any case (`allies`).
    pub fn from_word(word: &str) -> Option<Counted> {
        Counted::ALL.into_iter().find(|kind| kind.word().eq_ignore_ascii_case(word))
    }
}

impl Special {
    /// The special name `text` stands for, if any.
    pub fn from_name(text: &str) -> Option<Special> {
        match text {
            "Grade" => Some(Special::Grade),
            "Tier" => Some(Special::Tier),
            "Level" => Some(Special::Level),
            _ => None,
        }
    }
}

impl fmt::Display for Special {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Special::Grade => "Grade",
            Special::Tier => "Tier",
            Special::Level => "Level",
            Special::DistanceToTarget => "Distance to Target",
            Special::CountWithin { who, within } => {
                return write!(f, "{} within {within}", who.word());
            }
        })
    }
}

/// Arithmetic operators, lowest precedence first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum BinaryOp {
    /// `a + b`
    Add,
    /// `a - b`
    Subtract,
    /// `a * b`
    Multiply,
    /// `a / b`, exact: `2 / 3` stays two thirds until `floor`, `ceil`, `round` or the
    /// system's rounding makes it whole.
    Divide,
}

impl BinaryOp {
    fn precedence(self) -> u8 {
        match self {
            BinaryOp::Add | BinaryOp::Subtract => precedence::SUM,
            BinaryOp::Multiply | BinaryOp::Divide => precedence::PRODUCT,
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Subtract => "-",
            BinaryOp::Multiply => "*",
            BinaryOp::Divide => "/",
        }
    }
}

/// How tightly each kind of node binds, loosest first: what the printer reads to decide
/// where parentheses go (the grammar's levels, in rules.pest, say the same).
mod precedence {
    /// `a or b`
    pub const OR: u8 = 1;
    /// `a and b`
    pub const AND: u8 = 2;
    /// `not a`
    pub const NOT: u8 = 3;
    /// `a < b`
    pub const COMPARE: u8 = 4;
    /// `a + b`, `a - b`
    pub const SUM: u8 = 5;
    /// `a * b`, `a / b`
    pub const PRODUCT: u8 = 6;
    /// `-a`
    pub const NEGATE: u8 = 7;
    /// Numbers, names, calls, dice.
    pub const ATOM: u8 = 8;
}

/// `and` / `or`: each yields 1 or 0, reading any value but 0 as true; the right side is
/// evaluated only when the left does not decide (so its dice roll only then).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LogicOp {
    /// `a and b`
    And,
    /// `a or b`
    Or,
}

impl LogicOp {
    fn precedence(self) -> u8 {
        match self {
            LogicOp::And => precedence::AND,
            LogicOp::Or => precedence::OR,
        }
    }

    /// The operator as written.
    pub fn word(self) -> &'static str {
        match self {
            LogicOp::And => "and",
            LogicOp::Or => "or",
        }
    }
}

/// Comparison operators; a comparison yields 1 or 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CompareOp {
    /// `>=`
    AtLeast,
    /// `<=`
    AtMost,
    /// `>`
    Greater,
    /// `<`
    Less,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
}

impl CompareOp {
    /// Parses one of `>= <= > < == !=`.
    pub fn parse(text: &str) -> Option<CompareOp> {
        Some(match text {
            ">=" => CompareOp::AtLeast,
            "<=" => CompareOp::AtMost,
            ">" => CompareOp::Greater,
            "<" => CompareOp::Less,
            "==" => CompareOp::Equal,
            "!=" => CompareOp::NotEqual,
            _ => return None,
        })
    }

    /// Whether `left op right` holds.
    pub fn holds<T: PartialOrd>(self, left: T, right: T) -> bool {
        match self {
            CompareOp::AtLeast => left >= right,
            CompareOp::AtMost => left <= right,
            CompareOp::Greater => left > right,
            CompareOp::Less => left < right,
            CompareOp::Equal => left == right,
            CompareOp::NotEqual => left != right,
        }
    }
}

impl fmt::Display for CompareOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CompareOp::AtLeast => ">=",
            CompareOp::AtMost => "<=",
            CompareOp::Greater => ">",
            CompareOp::Less => "<",
            CompareOp::Equal => "==",
            CompareOp::NotEqual => "!=",
        })
    }
}

/// Functions every expression may call; any other call goes to the pack's scripts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Builtin {
    /// `min(a, b, ...)`
    Min,
    /// `max(a, b, ...)`
    Max,
    /// `floor(x)`
    Floor,
    /// `ceil(x)`
    Ceil,
    /// `round(x)` (halves away from zero)
    Round,
    /// `abs(x)`
    Abs,
    /// `if(c, a, b)`: `a` when `c` is not 0, else `b`; only the branch taken is evaluated.
    If,
}

impl Builtin {
    /// The builtin called `name`, if any.
    pub fn from_name(name: &str) -> Option<Builtin> {
        Some(match name {
            "min" => Builtin::Min,
            "max" => Builtin::Max,
            "floor" => Builtin::Floor,
            "ceil" => Builtin::Ceil,
            "round" => Builtin::Round,
            "abs" => Builtin::Abs,
            "if" => Builtin::If,
            _ => return None,
        })
    }

    /// Every builtin's name, for suggestions.
    pub const NAMES: [&'static str; 7] = ["min", "max", "floor", "ceil", "round", "abs", "if"];

    /// How many arguments it takes, as the evaluator's arity error says it, and whether
    /// `count` arguments fit.
    pub fn arity(self, count: usize) -> Result<(), &'static str> {
        let (fits, expected) = match self {
            Builtin::Min | Builtin::Max => (count >= 1, "at least 1"),
            Builtin::If => (count == 3, "3"),
            _ => (count == 1, "1"),
        };
        if fits { Ok(()) } else { Err(expected) }
    }
}

/// A bracket expression. `repr(u8)` gives it a tag byte of its own: without one the variant
/// is encoded in a niche of the first name's text, and the evaluator, which branches on the
/// variant of every node it reads, decoded that niche in several instructions each time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[repr(u8)]
pub enum Expr {
    /// `12`, `2.5`
    Number(Number),
    /// `Weapon Reach`, `Strength`: resolved by the scope and the line's context.
    Name(Name),
    /// `Target's Defense`: a name of another participant.
    Possessive {
        /// `Target`
        owner: Spanned<Name>,
        /// `Defense`
        name: Spanned<Name>,
    },
    /// `Grade`, `Tier`, `Level`
    Special(Special),
    /// `Ruling fate exchange CP`, `Ruling "XP per level"`: the value of the system's
    /// `Ruling` line of that name, so a house rule that changes the ruling changes every
    /// line that reads it.
    Ruling(Name),
    /// `-Grade`
    Negate(Box<Spanned<Expr>>),
    /// `Weapon + Grade`
    Binary {
        /// The operator.
        op: BinaryOp,
        /// Left operand.
        left: Box<Spanned<Expr>>,
        /// Right operand.
        right: Box<Spanned<Expr>>,
    },
    /// `HP <= Max HP / 2`
    Compare {
        /// The operator.
        op: CompareOp,
        /// Left operand.
        left: Box<Spanned<Expr>>,
        /// Right operand.
        right: Box<Spanned<Expr>>,
    },
    /// `not Hidden`: 1 when the operand is 0, else 0.
    Not(Box<Spanned<Expr>>),
    /// `Hidden and Target's HP > 0`, `A or B`
    Logic {
        /// The operator.
        op: LogicOp,
        /// Left operand.
        left: Box<Spanned<Expr>>,
        /// Right operand, evaluated only when the left does not decide.
        right: Box<Spanned<Expr>>,
    },
    /// `1d8`, `4d6kh3`: a dice term, rolled each time the expression is evaluated.
    Dice(Box<super::effect::DiceText>),
    /// `floor(Max HP / 4)` (builtin) or `bonus(Grade)` (a script function).
    Call {
        /// The function name.
        function: Spanned<Name>,
        /// The arguments.
        arguments: Vec<Spanned<Expr>>,
    },
}

impl Expr {
    fn precedence(&self) -> u8 {
        match self {
            Expr::Logic { op, .. } => op.precedence(),
            Expr::Not(_) => precedence::NOT,
            Expr::Compare { .. } => precedence::COMPARE,
            Expr::Binary { op, .. } => op.precedence(),
            Expr::Negate(_) => precedence::NEGATE,
            _ => precedence::ATOM,
        }
    }

    /// Every name and possessive in the expression, in source order, with the function calls.
    pub fn visit(&self, visitor: &mut dyn FnMut(&Expr, Span), span: Span) {
        visitor(self, span);
        match self {
            Expr::Negate(inner) | Expr::Not(inner) => inner.node.visit(visitor, inner.span),
            Expr::Binary { left, right, .. }
            | Expr::Compare { left, right, .. }
            | Expr::Logic { left, right, .. } => {
                left.node.visit(visitor, left.span);
                right.node.visit(visitor, right.span);
            }
            Expr::Call { arguments, .. } => {
                for argument in arguments {
                    argument.node.visit(visitor, argument.span);
                }
            }
            _ => {}
        }
    }
}

fn write_operand(
    f: &mut fmt::Formatter<'_>,
    operand: &Expr,
    parent: u8,
    right: bool,
) -> fmt::Result {
    let needs = operand.precedence() < parent || (right && operand.precedence() == parent);
    if needs { write!(f, "({operand})") } else { write!(f, "{operand}") }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Number(number) => write!(f, "{number}"),
            Expr::Name(name) => name.write_operand(f),
            Expr::Possessive { owner, name } => {
                owner.node.write_operand(f)?;
                write!(f, "'s {}", name.node)
            }
            Expr::Special(special) => write!(f, "{special}"),
            Expr::Ruling(name) => write!(f, "Ruling {name}"),
            Expr::Dice(dice) => f.write_str(&dice.text),
            Expr::Negate(inner) => {
                f.write_str("-")?;
                write_operand(f, &inner.node, precedence::ATOM, false)
            }
            Expr::Not(inner) => {
                f.write_str("not ")?;
                write_operand(f, &inner.node, precedence::NOT, false)
            }
            Expr::Logic { op, left, right } => {
                write_operand(f, &left.node, op.precedence(), false)?;
                write!(f, " {} ", op.word())?;
                write_operand(f, &right.node, op.precedence(), true)
            }
            Expr::Binary { op, left, right } => {
                write_operand(f, &left.node, op.precedence(), false)?;
                write!(f, " {} ", op.symbol())?;
                write_operand(f, &right.node, op.precedence(), true)
            }
            Expr::Compare { op, left, right } => {
                write_operand(f, &left.node, precedence::SUM, false)?;
                write!(f, " {op} ")?;
                write_operand(f, &right.node, precedence::SUM, false)
            }
            Expr::Call { function, arguments } => {
                // A function's name is one word, reserved ones too (`if`): never quoted.
                write!(f, "{}(", function.node.as_str())?;
                for (index, argument) in arguments.iter().enumerate() {
                    if index > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", argument.node)?;
                }
                f.write_str(")")
            }
        }
    }
}

pub use super::value::{
    Argument, EvalError, EvalErrorKind, LineContext, NUMERIC_WEAPON_LINES, Reference, Rounding,
    Scope, Value, evaluate, weapon_line,
};

#[cfg(test)]
mod reserved_tests {
    use super::{Name, RESERVED_WORDS};

    /// The words of the grammar's `reserved` rule, read from grammar/lexical.pest.
    fn grammar_words() -> Vec<String> {
        crate::parse::pest_rule_literals(include_str!("../../grammar/lexical.pest"), "reserved")
    }

    #[test]
    fn the_reserved_words_are_the_grammars() {
        let mut grammar = grammar_words();
        let mut here: Vec<String> = RESERVED_WORDS.iter().map(|w| w.to_string()).collect();
        grammar.sort();
        here.sort();
        assert_eq!(here, grammar);
    }

    #[test]
    fn a_name_holding_against_prints_in_quotes() {
        assert!(!Name::new("Bonus against Undead").is_bare());
        assert!(Name::new("Bonus Against Undead").is_bare());
    }
}
