//! Engine-facing views of a pack: a check procedure gathered from its `check` block's lines
//! into one struct, and the system settings the engine needs (rounding, rulings, the
//! default procedure). Views borrow the model; nothing here evaluates or rolls.

use super::expr::Name;
use super::expr::{CompareOp, Expr, Rounding};
use super::system::{GradeLabel, ModifierMode, PolicyDecision, TieRule};
use super::{Amount, Block, BlockBody, DiceTemplate, Method, Pack, ProcedureLine, SystemLine};
use crate::diagnostics::{Span, Spanned};

/// A check procedure as the engine runs it.
///
/// - `Pool`: roll `dice`, add the modifier to each die (`modifier == EachDie`) or not,
///   count dice meeting `success`; the count is the grade, capped at `grade_cap`.
/// - `RollUnder`: roll `dice`; success when the roll meets `success` (`<= [Target]`) or
///   `always` holds; the success number is the roll, and must reach `difficulty`.
/// - `Successes`: roll `dice`, count dice meeting `success`, re-roll `explode` faces and
///   add (pushes).
/// - `Total`: roll `dice` + modifier and compare the total with `success`.
/// - `Versus`: both sides roll `dice` + their modifier; `tie` says who wins equal totals.
///
/// `roll`, when given, is the whole roll as dice notation with holes; an engine may use it
/// instead of assembling the roll from the other fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Procedure<'a> {
    /// The block's name.
    pub name: &'a str,
    /// How the dice are read.
    pub method: Option<Method>,
    /// The script function that runs the whole check (`Method: script move_roll`).
    pub script: Option<&'a Spanned<Name>>,
    /// The dice with holes: `[Tier + 2]d10`.
    pub dice: Option<&'a Spanned<DiceTemplate>>,
    /// Where the check modifier goes (default: the total).
    pub modifier: ModifierMode,
    /// What a die or total must meet.
    pub success: Option<Comparison<'a>>,
    /// The success number needed (roll under).
    pub difficulty: Option<&'a Amount>,
    /// When the check succeeds without the dice.
    pub always: Option<&'a Spanned<Expr>>,
    /// Faces that push.
    pub explode: Option<&'a Amount>,
    /// Grade labels.
    pub grades: &'a [Spanned<GradeLabel>],
    /// The grade cap.
    pub grade_cap: Option<&'a Amount>,
    /// Who wins a tie (versus).
    pub tie: Option<TieRule>,
    /// The whole roll as dice notation with holes.
    pub roll: Option<&'a Spanned<DiceTemplate>>,
    /// The largest boost (roll under).
    pub boost: Option<&'a Amount>,
    /// The alternative die (roll under).
    pub alternative_die: Option<&'a Spanned<DiceTemplate>>,
    /// The world pool the used alternative die feeds.
    pub alternative_die_feeds: Option<&'a Spanned<Name>>,
    /// Declared policies, in line order.
    pub policies: Vec<(PolicyDecision, &'a Spanned<String>)>,
    /// Automatic successes (successes).
    pub ease: Option<&'a Amount>,
    /// The natural faces that make a success critical (total).
    pub critical: Option<&'a super::system::CriticalRange>,
    /// Whether a score of 0 may win (versus); `None`: not declared.
    pub zero_wins: Option<bool>,
    /// `On failure:` / `On success:` lines, in line order.
    pub on_outcome: Vec<&'a super::outcome::OutcomeAction>,
    /// `Reroll:` — what rerolling a failed check costs.
    pub reroll: Option<&'a super::outcome::Payment>,
    /// `Ignore penalties:` — what dropping the negative modifiers costs.
    pub ignore_penalties: Option<&'a super::outcome::Payment>,
    /// `Extra dice:` — the world pool extra dice are spent from (keep best).
    pub extra_dice: Option<&'a Spanned<Name>>,
    /// `Chunk:` — dice bought after the roll (a test left open).
    pub chunk: Option<&'a super::steps::ChunkRule>,
    /// `Per chunk:` lines, in line order.
    pub per_chunk: Vec<&'a super::steps::ChunkCost>,
    /// `Chunk all ...:` lines, in line order.
    pub judgements: Vec<&'a super::steps::ChunkJudgement>,
    /// `Opposing dice:` — the name of the dice an opponent rolls against the test.
    pub opposing: Option<&'a Spanned<Name>>,
    /// `Outcomes Contest: ...` lines: the named outcomes of each kind of test.
    pub outcomes: Vec<&'a super::steps::NamedOutcomes>,
}

/// Every name a check binds for the Result and Effect lines of the use that made it, in
/// binding order: what the procedure knows about the roll. Which of them a check binds
/// depends on its method ([`outcome_names`]).
pub const OUTCOME_NAMES: [&str; 6] =
    ["Margin", "Success Number", "Successes", "Natural", "Total", "Critical"];

/// Whether `name` is an outcome name that reads the roll itself (its margin, count,
/// natural die or total), not only whether it succeeded and whether critically: every
/// outcome name but `Critical`.
///
/// ```
/// use mythforge::model::procedure::reads_roll;
/// assert!(reads_roll("Margin") && reads_roll("natural"));
/// assert!(!reads_roll("Critical") && !reads_roll("Damage"));
/// ```
pub fn reads_roll(name: &str) -> bool {
    OUTCOME_NAMES.iter().any(|outcome| *outcome != "Critical" && name.eq_ignore_ascii_case(outcome))
}

/// The outcome names a check of `method` binds (besides `Grade`, which every line reads):
/// pool and successes: `Margin`, `Successes`; roll under: `Margin`, `Success Number`;
/// total: `Margin`, `Natural`, `Total`, `Critical` (1 or 0). A scripted procedure binds what
/// its function returns: any of them. A versus check a power makes (`Check: [X] versus [Y]`)
/// binds `Margin` (and `Success Number` when its procedure rolls under): see
/// [`versus_outcome_names`].
pub fn outcome_names(method: Option<Method>) -> &'static [&'static str] {
    match method {
        None | Some(Method::Pool) | Some(Method::Successes) => &["Margin", "Successes"],
        Some(Method::RollUnder) => &["Margin", "Success Number"],
        Some(Method::Total) | Some(Method::Versus) => &["Margin", "Natural", "Total", "Critical"],
    }
}

/// The outcome names a power's versus check (`Check: [X] versus [Y] using P`) binds, by
/// `P`'s method: `Margin` (the winner's lead), and `Success Number` for roll under.
pub fn versus_outcome_names(method: Option<Method>) -> &'static [&'static str] {
    match method {
        Some(Method::RollUnder) => &["Margin", "Success Number"],
        _ => &["Margin"],
    }
}

/// A `Success:` comparison and the line it is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comparison<'a> {
    /// `>=`
    pub op: CompareOp,
    /// `[Threshold]`
    pub against: &'a Amount,
    /// The `Success:` line.
    pub span: Span,
}

impl<'a> Procedure<'a> {
    /// The procedure a `check` block declares; `None` for other blocks.
    pub fn of(block: &'a Block) -> Option<Procedure<'a>> {
        let BlockBody::Check(lines) = &block.body else { return None };
        let mut procedure = Procedure {
            name: block.name.node.as_str(),
            method: None,
            script: None,
            dice: None,
            modifier: ModifierMode::Total,
            success: None,
            difficulty: None,
            always: None,
            explode: None,
            grades: &[],
            grade_cap: None,
            tie: None,
            roll: None,
            boost: None,
            alternative_die: None,
            alternative_die_feeds: None,
            policies: Vec::new(),
            ease: None,
            critical: None,
            zero_wins: None,
            on_outcome: Vec::new(),
            reroll: None,
            ignore_penalties: None,
            extra_dice: None,
            chunk: None,
            per_chunk: Vec::new(),
            judgements: Vec::new(),
            opposing: None,
            outcomes: Vec::new(),
        };
        for line in lines {
            match &line.node {
                ProcedureLine::Method(method) => procedure.method = Some(*method),
                ProcedureLine::Script(function) => procedure.script = Some(function),
                ProcedureLine::Dice(dice) => procedure.dice = Some(dice),
                ProcedureLine::Modifier(mode) => procedure.modifier = *mode,
                ProcedureLine::Success { op, against } => {
                    procedure.success = Some(Comparison { op: *op, against, span: line.span });
                }
                ProcedureLine::Difficulty(amount) => procedure.difficulty = Some(amount),
                ProcedureLine::Always(expr) => procedure.always = Some(expr),
                ProcedureLine::Explode(amount) => procedure.explode = Some(amount),
                ProcedureLine::Grades(grades) => procedure.grades = grades,
                ProcedureLine::GradeCap(amount) => procedure.grade_cap = Some(amount),
                ProcedureLine::Tie(tie) => procedure.tie = Some(*tie),
                ProcedureLine::Roll(roll) => procedure.roll = Some(roll),
                ProcedureLine::Boost(amount) => procedure.boost = Some(amount),
                ProcedureLine::AlternativeDie(dice) => procedure.alternative_die = Some(dice),
                ProcedureLine::AlternativeDieFeeds(pool) => {
                    procedure.alternative_die_feeds = Some(pool)
                }
                ProcedureLine::Policy { decision, policy } => {
                    procedure.policies.push((*decision, policy))
                }
                ProcedureLine::Ease(amount) => procedure.ease = Some(amount),
                ProcedureLine::Critical(range) => procedure.critical = Some(range),
                ProcedureLine::ZeroWins(wins) => procedure.zero_wins = Some(*wins),
                ProcedureLine::OnOutcome(action) => procedure.on_outcome.push(action),
                ProcedureLine::Reroll(payment) => procedure.reroll = Some(payment),
                ProcedureLine::IgnorePenalties(payment) => {
                    procedure.ignore_penalties = Some(payment)
                }
                ProcedureLine::ExtraDice(pool) => procedure.extra_dice = Some(pool),
                ProcedureLine::Chunk(rule) => procedure.chunk = Some(rule),
                ProcedureLine::PerChunk(cost) => procedure.per_chunk.push(cost),
                ProcedureLine::ChunkJudgement(judgement) => procedure.judgements.push(judgement),
                ProcedureLine::OpposingDice(name) => procedure.opposing = Some(name),
                ProcedureLine::Outcomes(outcomes) => procedure.outcomes.push(outcomes),
                ProcedureLine::Details(_) => {}
            }
        }
        Some(procedure)
    }
}

/// The grade a `Result <Label>:` gate names: the label on the `Grades:` line of the
/// procedure the power checks with, else on the system's (`system`, in order). The one
/// rule `check`, the runtime and an analysis's labels follow for which line wins: a
/// procedure's own label over the system's of the same name. (`Result Critical:` passes no
/// procedure: a procedure's `Critical` label names a grade in the log only.)
pub fn gate_grade<'a>(
    procedure: Option<&Procedure<'a>>,
    system: impl IntoIterator<Item = &'a crate::model::system::GradeLabel>,
    label: &str,
) -> Option<u32> {
    let own = procedure.into_iter().flat_map(|procedure| procedure.grades.iter());
    own.map(|grade| &grade.node)
        .chain(system)
        .find(|grade| grade.label.node.matches(label))
        .map(|grade| grade.grade)
}

impl Pack {
    /// Every line of every system block, in order.
    pub fn system_lines(&self) -> impl Iterator<Item = &Spanned<SystemLine>> {
        self.blocks().flat_map(|block| match &block.node.body {
            BlockBody::System(lines) => lines.as_slice(),
            _ => &[],
        })
    }

    /// The labels of the system's `Grades:` lines, in order: what a `Result <Label>:` gate
    /// names after its procedure's own (see [`gate_grade`]).
    pub fn grade_labels(&self) -> impl Iterator<Item = &crate::model::system::GradeLabel> {
        self.system_lines()
            .filter_map(|line| match &line.node {
                SystemLine::Grades(grades) => Some(grades.iter().map(|grade| &grade.node)),
                _ => None,
            })
            .flatten()
    }

    /// The procedure a power's `Check:` line uses: the one it names, else the default.
    pub fn check_procedure(&self, spec: &crate::model::CheckSpec) -> Option<Procedure<'_>> {
        match &spec.procedure {
            Some(name) => self.procedure(name.node.as_str()),
            None => self.default_procedure(),
        }
    }

    /// The check procedure called `name` (case-insensitive).
    pub fn procedure(&self, name: &str) -> Option<Procedure<'_>> {
        self.blocks()
            .filter(|block| block.node.name.node.matches(name))
            .find_map(|block| Procedure::of(&block.node))
    }

    /// The procedure named by the system's `Default check` line.
    pub fn default_procedure(&self) -> Option<Procedure<'_>> {
        self.system_lines().find_map(|line| match &line.node {
            SystemLine::DefaultCheck(name) => self.procedure(name.node.as_str()),
            _ => None,
        })
    }

    /// The system's rounding rule (floor when none is declared).
    pub fn rounding(&self) -> Rounding {
        self.system_lines()
            .find_map(|line| match &line.node {
                SystemLine::Rounding(rounding) => Some(*rounding),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// The value of the ruling called `name` (`Ruling grade cap: 3` -> `ruling("grade cap")`).
    pub fn ruling(&self, name: &str) -> Option<&Amount> {
        self.system_lines().find_map(|line| match &line.node {
            SystemLine::Ruling { name: ruling, value } if ruling.node.matches(name) => Some(value),
            _ => None,
        })
    }
}
