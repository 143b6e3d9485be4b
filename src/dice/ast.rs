//! The dice expression tree: plain data produced by the parser and read by the roller and
//! the distribution calculator. Every node keeps its byte range in the expression text.
//! `Display` prints the canonical form (`k` becomes `kh`, `!` becomes `x`, defaults spelled
//! out, `=` written before a negative compare point), which parses back to the same tree.
//! Nothing here rolls or validates.

use std::fmt;
use std::ops::Range;

/// A parsed dice expression such as `4d6kh3 + 2`, `{3d10+3}cs>=9` or
/// `r = 1d20; (r + 7 >= 15) * 2d6`.
///
/// ```
/// use mythforge::dice::DiceExpr;
/// let expr = DiceExpr::parse("4d6k3+ 2").unwrap();
/// assert_eq!(expr.to_string(), "4d6kh3 + 2");
/// let named = DiceExpr::parse("r=1d20;(r+7>=15)*2d6+(r>=19)*2d6").unwrap();
/// assert_eq!(named.to_string(), "r = 1d20; (r + 7 >= 15) * 2d6 + (r >= 19) * 2d6");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceExpr {
    /// Named rolls, in written order: each is rolled once, before the root, and every
    /// [`DiceNode::Reference`] to it reads that one value.
    pub bindings: Vec<DiceBinding>,
    /// The root of the tree.
    pub root: DiceNode,
    /// Dice terms in the order they appear, as indices used by rolls (`DieRoll::term`).
    pub term_count: usize,
}

/// A named roll: `r = 1d20;`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceBinding {
    /// The name (`r`).
    pub name: String,
    /// What is rolled once under that name.
    pub value: DiceNode,
    /// Where the name was written.
    pub name_span: Range<usize>,
}

impl DiceExpr {
    /// The dice terms in written order; `terms()[i].index == i`.
    ///
    /// ```
    /// use mythforge::dice::DiceExpr;
    /// let expr = DiceExpr::parse("2d20kh1 + 1d4 + 3").unwrap();
    /// let terms: Vec<String> = expr.terms().iter().map(|t| t.to_string()).collect();
    /// assert_eq!(terms, ["2d20kh1", "1d4"]);
    /// ```
    pub fn terms(&self) -> Vec<&DiceTerm> {
        fn collect<'a>(expr: &'a DiceNode, into: &mut Vec<&'a DiceTerm>) {
            match expr {
                DiceNode::Integer { .. } | DiceNode::Reference { .. } => {}
                DiceNode::Dice(term) => into.push(term),
                DiceNode::Pool(pool) => into.extend(pool.terms.iter()),
                DiceNode::Negate { operand, .. } => collect(operand, into),
                DiceNode::Binary { left, right, .. } | DiceNode::Compare { left, right, .. } => {
                    collect(left, into);
                    collect(right, into);
                }
                DiceNode::Call { arguments, .. } => {
                    arguments.iter().for_each(|argument| collect(argument, into))
                }
            }
        }
        let mut terms = Vec::with_capacity(self.term_count);
        for binding in &self.bindings {
            collect(&binding.value, &mut terms);
        }
        collect(&self.root, &mut terms);
        terms
    }
}

/// One node of a dice expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceNode {
    /// `3`
    Integer {
        /// The value.
        value: i64,
        /// Where it was written.
        span: Range<usize>,
    },
    /// `4d6kh3` or `{3d10+3}cs>=9`
    Dice(Box<DiceTerm>),
    /// `{4d6, 2d8}kh3`: the dice of several terms kept and counted as one pool.
    Pool(Box<DicePool>),
    /// `r` in `r = 1d20; r + 7`: the value of a named roll.
    Reference {
        /// Which binding of [`DiceExpr::bindings`].
        binding: usize,
        /// The name as written.
        name: String,
        /// Where it was written.
        span: Range<usize>,
    },
    /// `-1d4`
    Negate {
        /// What is negated.
        operand: Box<DiceNode>,
        /// Where it was written, minus sign included.
        span: Range<usize>,
    },
    /// `2d6 + 3`, `1d6 / 2`
    Binary {
        /// `+ - * /`.
        operator: BinaryOperator,
        /// Left operand.
        left: Box<DiceNode>,
        /// Right operand.
        right: Box<DiceNode>,
        /// The operator itself.
        operator_span: Range<usize>,
        /// The whole operation.
        span: Range<usize>,
    },
    /// `max(1d6, 3)`, `if(1d20 >= 15, 2d6, 0)`
    Call {
        /// Which function.
        function: Function,
        /// Its arguments (checked for count by the parser).
        arguments: Vec<DiceNode>,
        /// The whole call.
        span: Range<usize>,
    },
    /// `1d20 + 3 >= 10`: 1 when it holds, else 0. At the top level, in parentheses
    /// (`(1d20 >= 15) * 2d6`) and as a function argument.
    Compare {
        /// The comparison.
        operator: CompareOperator,
        /// Left side.
        left: Box<DiceNode>,
        /// Right side.
        right: Box<DiceNode>,
        /// The whole comparison.
        span: Range<usize>,
    },
}

impl DiceNode {
    /// Where this node was written.
    pub fn span(&self) -> Range<usize> {
        match self {
            DiceNode::Integer { span, .. }
            | DiceNode::Reference { span, .. }
            | DiceNode::Negate { span, .. }
            | DiceNode::Binary { span, .. }
            | DiceNode::Call { span, .. }
            | DiceNode::Compare { span, .. } => span.clone(),
            DiceNode::Dice(term) => term.span.clone(),
            DiceNode::Pool(pool) => pool.span.clone(),
        }
    }

    /// A chain of binary operations (`1 + 2 * 3 - 4` is a chain of `+` and `-` over three
    /// operands) as its leftmost operand and the steps applied to it in order: operator,
    /// right operand, and the span of the operation. Walking a chain this way keeps
    /// recursion to the nesting of parentheses, however long the chain.
    pub fn binary_chain(&self) -> (&DiceNode, Vec<BinaryStep<'_>>) {
        let mut steps = Vec::new();
        let mut node = self;
        while let DiceNode::Binary { operator, left, right, span, .. } = node {
            steps.push((*operator, &**right, span));
            node = left;
        }
        steps.reverse();
        (node, steps)
    }

    fn precedence(&self) -> u8 {
        match self {
            DiceNode::Compare { .. } => 0,
            DiceNode::Binary {
                operator: BinaryOperator::Add | BinaryOperator::Subtract, ..
            } => 1,
            DiceNode::Binary { .. } => 2,
            DiceNode::Negate { .. } => 3,
            _ => 4,
        }
    }
}

/// One step of [`DiceNode::binary_chain`]: operator, right operand, span of the operation.
pub type BinaryStep<'a> = (BinaryOperator, &'a DiceNode, &'a Range<usize>);

/// An arithmetic operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOperator {
    /// `1d6 + 1`
    Add,
    /// `1d6 - 1`
    Subtract,
    /// `2 * 1d6`
    Multiply,
    /// `1d6 / 2` (floor division)
    Divide,
}

impl BinaryOperator {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        match self {
            BinaryOperator::Add => "+",
            BinaryOperator::Subtract => "-",
            BinaryOperator::Multiply => "*",
            BinaryOperator::Divide => "/",
        }
    }
}

/// A built-in function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `floor(1d6 / 2)`: rounds a division down (the same as a bare `/`).
    Floor,
    /// `ceil(1d6 / 2)`: rounds a division up.
    Ceil,
    /// `round(1d6 / 2)`: rounds a division to the nearest integer, halves away from zero.
    Round,
    /// `abs(1d6 - 4)`
    Abs,
    /// `min(1d6, 3)`: the smallest argument (two or more).
    Min,
    /// `max(1d6, 3)`: the largest argument (two or more).
    Max,
    /// `if(1d20 >= 15, 2d6, 0)`: the second argument when the first is not 0, else the
    /// third; only the chosen one is rolled.
    If,
}

impl Function {
    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            Function::Floor => "floor",
            Function::Ceil => "ceil",
            Function::Round => "round",
            Function::Abs => "abs",
            Function::Min => "min",
            Function::Max => "max",
            Function::If => "if",
        }
    }
}

/// A comparison, used by compare points (`cs>=6`) and top-level comparisons (`1d20 >= 10`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareOperator {
    /// `=6` in a compare point, `==` at the top level.
    Equal,
    /// `!=` (top level only).
    NotEqual,
    /// `>6` (strict).
    Greater,
    /// `>=6`
    GreaterOrEqual,
    /// `<2` (strict).
    Less,
    /// `<=2`
    LessOrEqual,
}

impl CompareOperator {
    /// True when `left <operator> right` holds.
    pub fn holds(self, left: i64, right: i64) -> bool {
        match self {
            CompareOperator::Equal => left == right,
            CompareOperator::NotEqual => left != right,
            CompareOperator::Greater => left > right,
            CompareOperator::GreaterOrEqual => left >= right,
            CompareOperator::Less => left < right,
            CompareOperator::LessOrEqual => left <= right,
        }
    }

    /// The operator as written at the top level.
    pub fn symbol(self) -> &'static str {
        match self {
            CompareOperator::Equal => "==",
            CompareOperator::NotEqual => "!=",
            CompareOperator::Greater => ">",
            CompareOperator::GreaterOrEqual => ">=",
            CompareOperator::Less => "<",
            CompareOperator::LessOrEqual => "<=",
        }
    }
}

/// A compare point: which die values a modifier applies to, such as `>=9` or `1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComparePoint {
    /// The comparison (no operator written means [`CompareOperator::Equal`]).
    pub operator: CompareOperator,
    /// The value compared with.
    pub value: i64,
}

impl ComparePoint {
    /// True when `die` meets this compare point.
    pub fn matches(self, die: i64) -> bool {
        self.operator.holds(die, self.value)
    }
}

impl fmt::Display for ComparePoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A bare negative value would read as arithmetic (`x-1` is `x - 1`): spell out `=`.
        match self.operator {
            CompareOperator::Equal if self.value >= 0 => write!(f, "{}", self.value),
            CompareOperator::Equal => write!(f, "={}", self.value),
            operator => write!(f, "{}{}", operator.symbol(), self.value),
        }
    }
}

/// How a die explodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExplodeKind {
    /// `x` or `!`: each matching die adds a new die, which may explode again.
    Repeat,
    /// `xo`: each matching die adds one new die, which does not explode.
    Once,
    /// `!!`: the extra rolls add into the die that exploded.
    Compound,
}

/// How a die is rerolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RerollKind {
    /// `ro` or `r`: reroll once.
    Once,
    /// `rr`: reroll while the compare point matches.
    Repeat,
}

/// Which dice a keep or drop modifier selects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelectKind {
    /// `kh3` or `k3`
    KeepHighest,
    /// `kl1`
    KeepLowest,
    /// `dl1` or `d1`
    DropLowest,
    /// `dh1`
    DropHighest,
}

impl SelectKind {
    /// The canonical spelling.
    pub fn symbol(self) -> &'static str {
        match self {
            SelectKind::KeepHighest => "kh",
            SelectKind::KeepLowest => "kl",
            SelectKind::DropLowest => "dl",
            SelectKind::DropHighest => "dh",
        }
    }
}

/// A keep or drop modifier, such as `kh3`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Select {
    /// Keep or drop, highest or lowest.
    pub kind: SelectKind,
    /// How many dice (1 when not written).
    pub amount: u32,
}

impl Select {
    /// How many of `count` dice are kept, and whether the kept ones are the highest.
    pub fn kept(self, count: u32) -> (u32, bool) {
        match self.kind {
            SelectKind::KeepHighest => (self.amount, true),
            SelectKind::KeepLowest => (self.amount, false),
            SelectKind::DropLowest => (count - self.amount, true),
            SelectKind::DropHighest => (count - self.amount, false),
        }
    }
}

/// A dice term with its modifiers, in phase order: generate (explode, reroll, clamp), then
/// select (keep/drop), then count (cs, cf, df).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceTerm {
    /// How many dice: the `4` of `4d6`.
    pub count: u32,
    /// How many sides: the `6` of `4d6` (100 for `d%`).
    pub sides: u32,
    /// Written as `d%`.
    pub percent: bool,
    /// Written as `dF`: the faces are -1, 0 and +1 (and `faces` lists them).
    pub fudge: bool,
    /// What faces 1..=`sides` show when they are not their own numbers: `d{1,1,2,3}` and
    /// `dF`. Compare points, explosions and sums read these values.
    pub faces: Option<Vec<i64>>,
    /// `Some(3)` for the group `{3d10+3}`: added to each die after it is generated.
    pub group_offset: Option<i64>,
    /// `x`, `xo`, `!!` with the compare point written, if any.
    pub explode: Option<(ExplodeKind, Option<ComparePoint>)>,
    /// `ro`, `rr` with the compare point written, if any.
    pub reroll: Option<(RerollKind, Option<ComparePoint>)>,
    /// `min3`: each die shows at least this.
    pub minimum: Option<i64>,
    /// `max5`: each die shows at most this.
    pub maximum: Option<i64>,
    /// `kh3`, `dl1` and the like.
    pub select: Option<Select>,
    /// `cs>=6`: count one for each die meeting this.
    pub successes: Option<ComparePoint>,
    /// `cf<=2`: count one for each die meeting this.
    pub failures: Option<ComparePoint>,
    /// `df=1`: subtract one for each die meeting this.
    pub deductions: Option<ComparePoint>,
    /// Index of this term among the expression's dice terms, in written order.
    pub index: usize,
    /// Where the whole term (group braces and modifiers included) was written.
    pub span: Range<usize>,
}

impl DiceTerm {
    /// What face `index` (1..=`sides`) shows: its number, or its entry in a custom list.
    pub fn natural(&self, index: u32) -> i64 {
        match &self.faces {
            Some(faces) => faces[index as usize - 1],
            None => i64::from(index),
        }
    }

    /// What each face shows, face 1 first (repeated values repeat).
    pub fn face_values(&self) -> impl Iterator<Item = i64> + '_ {
        (1..=self.sides).map(|index| self.natural(index))
    }

    /// The highest value a face shows.
    pub fn highest_face(&self) -> i64 {
        self.face_values().max().unwrap_or(1)
    }

    /// The lowest value a face shows.
    pub fn lowest_face(&self) -> i64 {
        self.face_values().min().unwrap_or(1)
    }

    /// The die as written without count or modifiers: `d6`, `d%`, `dF`, `d{1,1,2,3}`.
    pub fn die(&self) -> String {
        match (&self.faces, self.percent, self.fudge) {
            (_, true, _) => "d%".to_string(),
            (_, _, true) => "dF".to_string(),
            (Some(faces), ..) => {
                let listed: Vec<String> = faces.iter().map(i64::to_string).collect();
                format!("d{{{}}}", listed.join(","))
            }
            (None, ..) => format!("d{}", self.sides),
        }
    }

    /// The explosion with its compare point resolved (default: the highest face).
    pub fn explosion(&self) -> Option<(ExplodeKind, ComparePoint)> {
        self.explode.map(|(kind, point)| {
            let default =
                ComparePoint { operator: CompareOperator::Equal, value: self.highest_face() };
            (kind, point.unwrap_or(default))
        })
    }

    /// The reroll with its compare point resolved (default: the lowest face, 1 on a
    /// numbered die).
    pub fn rerolling(&self) -> Option<(RerollKind, ComparePoint)> {
        self.reroll.map(|(kind, point)| {
            let default =
                ComparePoint { operator: CompareOperator::Equal, value: self.lowest_face() };
            (kind, point.unwrap_or(default))
        })
    }

    /// True when the term's value is a count (cs, cf or df) rather than a sum of dice.
    pub fn counts(&self) -> bool {
        self.successes.is_some() || self.failures.is_some() || self.deductions.is_some()
    }

    /// What one die of value `die` adds to the term's value: the die itself, or its count
    /// score (+1 per cs/cf match, -1 per df match).
    pub fn score(&self, die: i64) -> i64 {
        score(self.successes, self.failures, self.deductions, die)
    }

    /// The value a die shows after clamping and the group offset; `face` is what it rolled.
    pub fn die_value(&self, face: i64) -> i64 {
        let mut value = face;
        if let Some(minimum) = self.minimum {
            value = value.max(minimum);
        }
        if let Some(maximum) = self.maximum {
            value = value.min(maximum);
        }
        value + self.group_offset.unwrap_or(0)
    }

    /// True for a plain `NdX` with no modifiers: the fast path of rolling.
    pub fn is_plain(&self) -> bool {
        self.faces.is_none()
            && self.group_offset.is_none()
            && self.explode.is_none()
            && self.reroll.is_none()
            && self.minimum.is_none()
            && self.maximum.is_none()
            && self.select.is_none()
            && !self.counts()
    }
}

/// What one die of value `die` adds under these count modifiers: the die itself when there
/// are none, else +1 per `cs`/`cf` match and -1 per `df` match.
fn score(
    successes: Option<ComparePoint>,
    failures: Option<ComparePoint>,
    deductions: Option<ComparePoint>,
    die: i64,
) -> i64 {
    if successes.is_none() && failures.is_none() && deductions.is_none() {
        return die;
    }
    let hit = |point: Option<ComparePoint>| i64::from(point.is_some_and(|p| p.matches(die)));
    hit(successes) + hit(failures) - hit(deductions)
}

/// Several dice terms rolled into one pool, then kept and counted together:
/// `{4d6, 2d8}kh3` keeps the highest three of six dice. Each term carries its own generate
/// modifiers (explode, reroll, clamp); keep/drop and count modifiers belong to the pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DicePool {
    /// The terms, in written order (none has a select or count modifier of its own).
    pub terms: Vec<DiceTerm>,
    /// `kh3` and the like, over every die of the pool.
    pub select: Option<Select>,
    /// `cs>=6` over the pool.
    pub successes: Option<ComparePoint>,
    /// `cf<=2` over the pool.
    pub failures: Option<ComparePoint>,
    /// `df=1` over the pool.
    pub deductions: Option<ComparePoint>,
    /// Where the whole pool (braces and modifiers) was written.
    pub span: Range<usize>,
}

impl DicePool {
    /// How many dice the pool rolls before explosions.
    pub fn count(&self) -> u32 {
        self.terms.iter().map(|term| term.count).sum()
    }

    /// What one kept die of value `die` adds to the pool's value.
    pub fn score(&self, die: i64) -> i64 {
        score(self.successes, self.failures, self.deductions, die)
    }
}

impl fmt::Display for DicePool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (position, term) in self.terms.iter().enumerate() {
            if position > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{term}")?;
        }
        f.write_str("}")?;
        if let Some(select) = self.select {
            write!(f, "{}{}", select.kind.symbol(), select.amount)?;
        }
        for (symbol, point) in
            [("cs", self.successes), ("cf", self.failures), ("df", self.deductions)]
        {
            if let Some(point) = point {
                write!(f, "{symbol}{point}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for DiceTerm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.group_offset.is_some() {
            f.write_str("{")?;
        }
        write!(f, "{}{}", self.count, self.die())?;
        let point = |point: Option<ComparePoint>| point.map(|p| p.to_string()).unwrap_or_default();
        if let Some((kind, written)) = self.explode {
            let symbol = match kind {
                ExplodeKind::Repeat => "x",
                ExplodeKind::Once => "xo",
                ExplodeKind::Compound => "!!",
            };
            write!(f, "{symbol}{}", point(written))?;
        }
        if let Some((kind, written)) = self.reroll {
            let symbol = if kind == RerollKind::Once { "ro" } else { "rr" };
            write!(f, "{symbol}{}", point(written))?;
        }
        if let Some(minimum) = self.minimum {
            write!(f, "min{minimum}")?;
        }
        if let Some(maximum) = self.maximum {
            write!(f, "max{maximum}")?;
        }
        if let Some(offset) = self.group_offset {
            match offset {
                0 => f.write_str("}")?,
                offset if offset < 0 => write!(f, "{offset}}}")?,
                offset => write!(f, "+{offset}}}")?,
            }
        }
        if let Some(select) = self.select {
            write!(f, "{}{}", select.kind.symbol(), select.amount)?;
        }
        for (symbol, point) in
            [("cs", self.successes), ("cf", self.failures), ("df", self.deductions)]
        {
            if let Some(point) = point {
                write!(f, "{symbol}{point}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for DiceNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Parentheses only where precedence or left associativity needs them.
        let child = |f: &mut fmt::Formatter<'_>, node: &DiceNode, needs: bool| {
            if needs { write!(f, "({node})") } else { write!(f, "{node}") }
        };
        match self {
            DiceNode::Integer { value, .. } => write!(f, "{value}"),
            DiceNode::Dice(term) => write!(f, "{term}"),
            DiceNode::Pool(pool) => write!(f, "{pool}"),
            DiceNode::Reference { name, .. } => f.write_str(name),
            DiceNode::Negate { operand, .. } => {
                f.write_str("-")?;
                child(f, operand, operand.precedence() < self.precedence())
            }
            DiceNode::Binary { operator, left, right, .. } => {
                child(f, left, left.precedence() < self.precedence())?;
                write!(f, " {} ", operator.symbol())?;
                child(f, right, right.precedence() <= self.precedence())
            }
            DiceNode::Call { function, arguments, .. } => {
                write!(f, "{}(", function.name())?;
                for (position, argument) in arguments.iter().enumerate() {
                    if position > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{argument}")?;
                }
                f.write_str(")")
            }
            DiceNode::Compare { operator, left, right, .. } => {
                // Comparisons do not chain: a comparison inside one keeps its parentheses.
                child(f, left, left.precedence() == 0)?;
                write!(f, " {} ", operator.symbol())?;
                child(f, right, right.precedence() == 0)
            }
        }
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for binding in &self.bindings {
            write!(f, "{} = {}; ", binding.name, binding.value)?;
        }
        write!(f, "{}", self.root)
    }
}
