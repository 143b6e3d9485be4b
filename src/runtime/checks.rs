//! Check procedures from the system: the procedure a power or request names (else the
//! system's `Default check`), its dice from the `Dice:` template, the modifier placed per its
//! `Modifier:` line, and the grade cap. One roll is shared by every target of a power; each
//! target's threshold grades the same dice. Pool procedures run here; the other methods
//! (roll under, successes, total, versus) run in `procedures`.

use crate::diagnostics::Span;
use crate::engine::{CheckResult, Event, RolledDie, grade_totals, roll_die};
use crate::model::expr::{LineContext, Rounding};
use crate::model::procedure::Procedure;
use crate::model::system::{Method, ModifierMode, TemplatePart};

use super::blocks::BlockName;
use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::rules::{Rules, RulesIndex};
use super::scope::LineScope;

/// A check as requested through [`Game::check`](super::Game::check).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckRequest {
    /// Who rolls.
    pub actor: String,
    /// Stats and skills whose values add up to the check modifier (`["Attack", "Strength"]`).
    pub stats: Vec<String>,
    /// A flat bonus on top of the stats.
    pub bonus: i64,
    /// The threshold each die (or the total) must meet.
    pub threshold: i64,
    /// The procedure by name; `None`: the system's default.
    pub procedure: Option<String>,
    /// An ally's grade, added to one die.
    pub aid: i64,
    /// Successes pooled by helpers who made the same test (a success pool counts them
    /// with its automatic successes).
    pub pooled: i64,
    /// The success number a roll-under check must reach (bound as `Difficulty`); 0: none.
    pub difficulty: i64,
    /// Automatic successes of a success pool (ease); with `threshold` above 0 as the
    /// successes required, a pool whose ease meets it is not rolled.
    pub ease: i64,
    /// The largest boost a roll-under roller may add after rolling (0: none).
    pub boost: i64,
    /// Roll-under: also roll a second die the decider may use instead.
    pub second_die: bool,
    /// The world pool that gains one die when the second die is used (`Chaos Dice`).
    pub second_die_feeds: Option<String>,
    /// Total method: a success whose natural die is at least this is critical.
    pub critical_from: Option<u32>,
    /// A procedure with `Extra dice:`: how many extra dice to spend from its pool (`None`:
    /// a `spend` decision, up to the pool's size).
    pub extra_dice: Option<i64>,
    /// The skill a `per skill` outcome line names (`Blades Fragments`); `None`: the first
    /// of `stats`.
    pub skill: Option<String>,
    /// How decisions are answered by [`Game::check`]; `None`: the procedure's `Policy`
    /// lines over the defaults (second die `if-better`, boost `max-safe`). The REPL passes
    /// its own question-asker to [`Game::check_with`] instead.
    ///
    /// [`Game::check`]: super::Game::check
    /// [`Game::check_with`]: super::Game::check_with
    pub policies: Option<crate::engine::PolicyDecider>,
    /// The actor the check is made against (`check Ana Attack vs 9 against Bo`): the
    /// relative modifiers and grants between the two count, as in a power's check.
    /// [`Game::versus`](super::Game::versus) sets each side against the other.
    pub against: Option<String>,
    /// The keywords of the power the check is made for (with its weapon's), or the tags of a
    /// plain check (`check Ana Intelligence vs 12 as Crafting`): a relative modifier `vs
    /// Ranged` between the two sides counts when they hold one, and on a check nobody
    /// opposes the roller's `vs Crafting` counts when it carries that tag.
    pub keywords: Vec<String>,
}

/// The outcome of one graded check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckOutcome {
    /// The grade (capped).
    pub grade: u32,
    /// Its label from the procedure, if declared.
    pub label: Option<String>,
    /// Each die's total (pool); the used die plus boost (roll under); each die (successes);
    /// die plus modifier (total).
    pub totals: Vec<i64>,
    /// The outcome names a following line may read: `Margin`, `Success Number`,
    /// `Successes`, `Natural`, in that order when bound (see [`OutcomeNames`]).
    pub names: OutcomeNames,
}

/// The outcome names a check binds besides `Grade`; which procedure binds which is
/// [`crate::model::procedure::outcome_names`] (the list `check` reads):
/// pool: `Successes` (dice meeting the threshold) and `Margin` (grade);
/// roll under: `Success Number` and `Margin` (success number minus difficulty);
/// successes: `Successes` and `Margin` (successes minus those required);
/// total: `Natural`, `Total` (die plus modifier), `Critical` (1 or 0) and `Margin` (total
/// minus target); versus: `Margin` (winner's lead).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutcomeNames {
    /// `Margin`.
    pub margin: i64,
    /// `Success Number` (roll under).
    pub success_number: Option<i64>,
    /// `Successes` (pool, successes).
    pub successes: Option<i64>,
    /// `Natural`: the die as rolled (total).
    pub natural: Option<i64>,
    /// `Total`: the die plus the modifier (total).
    pub total: Option<i64>,
    /// `Critical`: whether the check was critical (total); `None` where the procedure knows
    /// no criticals.
    pub critical: Option<bool>,
}

impl OutcomeNames {
    /// The bound names as `(name, value)` pairs, for a line scope, in the order of
    /// [`crate::model::procedure::OUTCOME_NAMES`].
    pub fn pairs(&self) -> super::BoundNames {
        const OPTIONAL: usize = 5;
        let optional: [(&str, Option<i64>); OPTIONAL] = [
            ("Success Number", self.success_number),
            ("Successes", self.successes),
            ("Natural", self.natural),
            ("Total", self.total),
            ("Critical", self.critical.map(i64::from)),
        ];
        // Gathered on the stack first: the list is then filled from a plain slice. Sized
        // from `optional`, so a name added there always has its slot.
        let mut pairs = [("Margin", self.margin); 1 + OPTIONAL];
        let mut bound = 1;
        for (name, value) in optional {
            if let (Some(value), Some(pair)) = (value, pairs.get_mut(bound)) {
                *pair = (name, value);
                bound += 1;
            }
        }
        pairs.iter().take(bound).copied().collect()
    }
}

/// What one target's grade is computed against.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Against {
    /// The check modifier.
    pub modifier: i64,
    /// The target's threshold.
    pub threshold: i64,
    /// An ally's grade for one die.
    pub aid: i64,
}

/// A procedure ready to roll: the dice and how to read them.
pub(crate) struct PreparedRoll<'a> {
    pub dice: u32,
    pub sides: u32,
    pub per_die: bool,
    pub cap: Option<u32>,
    pub labels: &'a [crate::diagnostics::Spanned<crate::model::system::GradeLabel>],
    pub span: Span,
}

/// How many dice a template rolls: its first hole (`[Tier + 2]d10`) or leading digits
/// (`3d6`), else 1.
pub(crate) fn dice_count(
    template: &crate::model::system::DiceTemplate,
    scope: &LineScope<'_>,
) -> Result<i64, RuntimeError> {
    match template.parts().first() {
        Some(TemplatePart::Hole(expr)) => {
            let value = crate::model::expr::evaluate(expr, scope, LineContext::Check)?;
            Ok(value.round(Rounding::Floor))
        }
        Some(TemplatePart::Text(text)) => {
            let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
            Ok(digits.parse().unwrap_or(1))
        }
        None => Ok(1),
    }
}

/// Finds the procedure `name` (else the system's default) with its block.
pub(crate) fn find_procedure<'a, N: BlockName + ?Sized>(
    rules: &'a Rules,
    name: Option<&N>,
    span: Span,
) -> Result<(&'a crate::model::Block, Procedure<'a>), RuntimeError> {
    let id = procedure_id(rules, name, span)?;
    let block = rules.checks.at(id).ok_or_else(|| RuntimeErrorKind::NoProcedure.at(span))?;
    let procedure = Procedure::of(block).ok_or_else(|| RuntimeErrorKind::NoProcedure.at(span))?;
    Ok((block, procedure))
}

/// The id among the pack's `check` blocks of the procedure `name` (else the system's
/// default).
fn procedure_id<N: BlockName + ?Sized>(
    rules: &Rules,
    name: Option<&N>,
    span: Span,
) -> Result<usize, RuntimeError> {
    match name {
        Some(name) => rules.checks.id(name).ok_or_else(|| {
            let text = name.text();
            unknown("check procedure", text, rules.checks.names()).at(span)
        }),
        None => match (rules.default_procedure, rules.default_check.as_deref()) {
            (Some(id), _) => Ok(id),
            (None, Some(text)) => {
                Err(unknown("check procedure", text, rules.checks.names()).at(span))
            }
            (None, None) => Err(RuntimeErrorKind::NoProcedure.at(span)),
        },
    }
}

/// Finds the procedure `name` (or the default) and prepares it for `scope`.
pub(crate) fn prepare<'a, N: BlockName + ?Sized>(
    rules: &'a Rules,
    name: Option<&N>,
    scope: &LineScope<'_>,
    span: Span,
) -> Result<PreparedRoll<'a>, RuntimeError> {
    find_check(rules, name, span)?.prepare(rules, scope, span)
}

/// The pool procedure the system's `Default check` names, if it is one: found once at
/// load, as a `Check:` line naming no procedure (most of them) asks for it on every use.
pub(crate) fn default_pool(rules: &RulesIndex) -> Option<PoolProcedure> {
    rules.pools.get(rules.default_procedure?)?.clone()
}

/// A procedure found by name: a pool gathered at load, or any other procedure read from its
/// block.
// Lives on the stack for one check and is matched at once: boxing the procedure would
// cost an allocation for nothing.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Found<'a> {
    /// A pool procedure with its dice.
    Pool(&'a PoolProcedure),
    /// Any other procedure (or a pool without dice, which cannot be prepared).
    Other(Procedure<'a>),
}

/// Finds the procedure `name` (else the system's default); pools need no block scan.
// Inline (always: the pipeline around it is too large for the usual hint): a power's check
// asks on every use, and the default pool is at hand.
// Kept: +89 instructions per attack without the pins of ticks, checks, flow (Nov 2026).
#[inline(always)]
pub(crate) fn find_check<'a, N: BlockName + ?Sized>(
    rules: &'a Rules,
    name: Option<&N>,
    span: Span,
) -> Result<Found<'a>, RuntimeError> {
    let pool = match name {
        Some(name) => rules.checks.id(name).and_then(|id| rules.pools.get(id)?.as_ref()),
        None => rules.default_pool.as_ref(),
    };
    match pool {
        Some(pool) => Ok(Found::Pool(pool)),
        None => find_procedure(rules, name, span).map(|(_, procedure)| Found::Other(procedure)),
    }
}

impl<'a> Found<'a> {
    /// Prepares a pool procedure for `scope`; any other procedure is unsupported here.
    pub fn prepare(
        &self,
        rules: &'a Rules,
        scope: &LineScope<'_>,
        span: Span,
    ) -> Result<PreparedRoll<'a>, RuntimeError> {
        match self {
            Found::Pool(pool) => pool.prepare(rules, scope),
            Found::Other(procedure) => {
                Err(RuntimeErrorKind::UnsupportedProcedure(procedure.name.to_string()).at(span))
            }
        }
    }
}

/// What preparing a pool procedure needs from its `check` block, gathered once at load.
#[derive(Clone, Debug)]
pub(crate) struct PoolProcedure {
    /// The `Dice:` (else `Roll:`) template.
    template: crate::diagnostics::Spanned<crate::model::system::DiceTemplate>,
    /// The template's die size (0: none written).
    sides: i64,
    /// Whether the modifier goes on each die.
    per_die: bool,
    /// The procedure's own grade cap.
    grade_cap: Option<crate::model::Amount>,
    /// The grade labels.
    grades: Vec<crate::diagnostics::Spanned<crate::model::system::GradeLabel>>,
}

impl PoolProcedure {
    /// The pool `procedure` rolls; `None` for other methods and for a pool without dice.
    pub fn of(procedure: &Procedure<'_>) -> Option<PoolProcedure> {
        if !matches!(procedure.method, Some(Method::Pool) | None) {
            return None;
        }
        let template = procedure.dice.or(procedure.roll)?;
        Some(PoolProcedure {
            template: template.clone(),
            sides: template.node.faces().unwrap_or(0),
            per_die: procedure.modifier == ModifierMode::EachDie,
            grade_cap: procedure.grade_cap.cloned(),
            grades: procedure.grades.to_vec(),
        })
    }

    /// The pool ready to roll for `scope`: its dice counted and its grade cap evaluated.
    pub fn prepare<'a>(
        &'a self,
        rules: &'a Rules,
        scope: &LineScope<'_>,
    ) -> Result<PreparedRoll<'a>, RuntimeError> {
        let count = dice_count(&self.template.node, scope)?;
        let cap = match self.grade_cap.as_ref().or(rules.grade_cap.as_ref()) {
            Some(amount) => {
                Some(scope.amount(amount, LineContext::Declaration, Rounding::Floor)?)
            }
            None => None,
        };
        let to_u32 = |value: i64| u32::try_from(value.max(0)).unwrap_or(u32::MAX);
        Ok(PreparedRoll {
            dice: to_u32(count),
            sides: to_u32(self.sides),
            per_die: self.per_die,
            cap: cap.map(to_u32),
            labels: &self.grades,
            span: self.template.span,
        })
    }
}

impl PreparedRoll<'_> {
    /// Rolls the dice once, logged against `cause`.
    pub fn roll(
        &self,
        world: &mut crate::engine::World,
        actor: &str,
        cause: Span,
    ) -> Result<Vec<RolledDie>, RuntimeError> {
        let index = self.roll_logged(world, actor, cause, None)?;
        Ok(rolled(world, index).to_vec())
    }

    /// Rolls the dice once, logged against `cause`; returns the index of the roll's event,
    /// whose dice [`rolled`] reads (the dice are not copied). `read_by` lists what the
    /// roll will be graded against when its reader takes only each grade and count from it
    /// (a power's check): an analysis then explores one pool per way of grading, not every
    /// pool.
    pub fn roll_logged(
        &self,
        world: &mut crate::engine::World,
        actor: &str,
        cause: Span,
        read_by: Option<&[Against]>,
    ) -> Result<usize, RuntimeError> {
        if u64::from(self.dice) > u64::from(crate::engine::MAX_DICE) {
            let kind = crate::engine::EngineErrorKind::TooManyDice {
                count: u64::from(self.dice),
                limit: u64::from(crate::engine::MAX_DICE),
            };
            return Err(RuntimeErrorKind::Engine(kind).at(self.span));
        }
        let mut dice = crate::engine::RolledDice::with_capacity(self.dice as usize);
        // An analysis explores a pool as one sorted multiset: grades count dice against
        // thresholds, so their order never matters (`Roller::explore_pool`); and pools
        // that grade alike against every reading are one choice.
        let (count, sides) = (self.dice, self.sides);
        let explored = match read_by {
            Some(read_by) => world.roller.explore_pool_by(count, sides, |faces| {
                let reading = |against: &Against| {
                    let mut totals = self.totals_of(faces.iter().copied(), against.modifier);
                    let graded =
                        grade_totals(&mut totals, against.threshold, self.cap, against.aid);
                    (graded.grade, graded.count)
                };
                read_by.iter().map(reading).collect::<Vec<_>>()
            }),
            None => world.roller.explore_pool(count, sides),
        };
        if let Some(faces) = explored {
            let faces = faces.map_err(|e| RuntimeErrorKind::Engine(e.into()).at(cause))?;
            for face in faces {
                let sides = self.sides;
                let (forced, exploded, extra, dropped) = (false, false, false, false);
                dice.push(RolledDie { sides, face, forced, exploded, extra, dropped });
            }
        }
        for _ in dice.len() as u32..self.dice {
            dice.push(
                roll_die(&mut world.roller, self.sides)
                    .map_err(|k| RuntimeErrorKind::Engine(k).at(cause))?,
            );
        }
        world.log_roll(Some(actor), "check", dice, cause);
        Ok(world.log.len() - 1)
    }

    /// Grades `dice` against `against`, logging the check.
    pub fn grade(
        &self,
        world: &mut crate::engine::World,
        actor: &str,
        dice: &[RolledDie],
        against: Against,
        cause: Span,
    ) -> CheckOutcome {
        let totals = self.totals(dice, against.modifier);
        self.grade_logged(world, actor, totals, against, cause, true)
    }

    /// Each die's face, plus `modifier` when the procedure puts it on each die.
    pub fn totals(&self, dice: &[RolledDie], modifier: i64) -> crate::engine::DieTotals {
        self.totals_of(dice.iter().map(|d| d.face), modifier)
    }

    /// [`PreparedRoll::totals`] of bare faces.
    fn totals_of(
        &self,
        faces: impl Iterator<Item = u32>,
        modifier: i64,
    ) -> crate::engine::DieTotals {
        let per_die = if self.per_die { modifier } else { 0 };
        faces.map(|face| i64::from(face) + per_die).collect()
    }

    /// Grades `totals`, logging the check. Without `keep`, the totals go to the log alone
    /// and the outcome has no totals and no label (a power reads only grade and names).
    pub fn grade_logged(
        &self,
        world: &mut crate::engine::World,
        actor: &str,
        mut totals: crate::engine::DieTotals,
        against: Against,
        cause: Span,
        keep: bool,
    ) -> CheckOutcome {
        let Against { threshold, aid, .. } = against;
        let graded = grade_totals(&mut totals, threshold, self.cap, aid);
        let kept = if keep { totals.to_vec() } else { Vec::new() };
        let result = CheckResult::Pool {
            totals,
            threshold,
            aided_die: graded.aided_die,
            count: graded.count,
            grade: graded.grade,
        };
        let cause_span = (!cause.is_none()).then_some(cause);
        let actor = Some(world.names.get(actor));
        world.record(Event::Check { actor, result, cause: cause_span.into() });
        let label = self
            .labels
            .iter()
            .filter(|_| keep)
            .find(|g| g.node.grade == graded.grade)
            .map(|g| g.node.label.node.as_str().to_string());
        let names = OutcomeNames {
            margin: i64::from(graded.grade),
            successes: Some(i64::from(graded.count)),
            ..OutcomeNames::default()
        };
        CheckOutcome { grade: graded.grade, label, totals: kept, names }
    }
}

/// The dice of the roll event at `index` of the log (none when it is not a roll).
// Kept: +89 instructions per attack without the pins of ticks, checks, flow (Nov 2026).
#[inline(always)]
pub(crate) fn rolled(world: &crate::engine::World, index: usize) -> &[RolledDie] {
    match world.log.get(index) {
        Some(Event::Roll { dice, .. }) => dice,
        _ => &[],
    }
}

/// Runs a [`CheckRequest`] against `rules` on `world`.
pub(crate) fn run_check(
    rules: &Rules,
    world: &mut crate::engine::World,
    request: &CheckRequest,
    decider: Option<&mut dyn crate::engine::Decider>,
) -> Result<CheckOutcome, RuntimeError> {
    run_check_as(rules, world, request, decider, true)
}

/// [`run_check`] by the side that acts (`attacking`) or the side that resists a versus.
pub(crate) fn run_check_as(
    rules: &Rules,
    world: &mut crate::engine::World,
    request: &CheckRequest,
    decider: Option<&mut dyn crate::engine::Decider>,
    attacking: bool,
) -> Result<CheckOutcome, RuntimeError> {
    let actor =
        world.actor(&request.actor).map_err(|k| RuntimeErrorKind::Engine(k).at(Span::NONE))?;
    let mut modifier = request.bonus.saturating_add(super::scope::check_bonus(rules, actor));
    let mut rating = 0i64;
    for stat in &request.stats {
        let value = super::scope::actor_value(rules, actor, stat)
            .or_else(|| rules.declares_stat(stat).then_some(0))
            .ok_or_else(|| {
                let names = actor.stats.keys().map(String::as_str);
                unknown("stat", stat, names).at(Span::NONE)
            })?;
        modifier = modifier.saturating_add(value);
        rating = rating.saturating_add(value);
    }
    if let Some(other) = &request.against {
        let other = world.actor(other).map_err(|k| RuntimeErrorKind::Engine(k).at(Span::NONE))?;
        let pair = super::relations::check_pair_bonus(rules, actor, other, request, attacking)?;
        modifier = modifier.saturating_add(pair);
    } else if !request.keywords.is_empty() {
        let tagged = super::relations::tagged_bonus(rules, actor, request)?;
        modifier = modifier.saturating_add(tagged);
    }
    let rated =
        super::check_options::Rated::of(rules, actor, rating, modifier.saturating_sub(rating));
    let extra = super::check_options::request_names(request, modifier, rated);
    let scope = LineScope { extra: &extra, ..LineScope::of(rules, actor) };
    let (_, procedure) = find_procedure(rules, request.procedure.as_deref(), Span::NONE)?;
    if let Some(function) = procedure.script {
        let inputs = super::scripted_check::Inputs {
            modifier,
            threshold: request.threshold,
            difficulty: request.difficulty,
            boost: request.boost,
            ease: request.ease,
            aid: request.aid,
        };
        let actor = request.actor.as_str();
        return super::scripted_check::run(rules, world, &procedure, function, actor, inputs);
    }
    if !matches!(procedure.method, Some(Method::Pool) | None) {
        let mut policies =
            request.policies.clone().unwrap_or_else(|| super::procedures::policies_of(&procedure));
        let decider = match decider {
            Some(decider) => decider,
            None => &mut policies,
        };
        let parts = (modifier, rated);
        return super::check_options::run(rules, world, request, &procedure, parts, decider);
    }
    let prepared = prepare(rules, request.procedure.as_deref(), &scope, Span::NONE)?;
    let name = request.actor.clone();
    let dice = prepared.roll(world, &name, prepared.span)?;
    Ok(prepared.grade(
        world,
        &name,
        &dice,
        Against { modifier, threshold: request.threshold, aid: request.aid },
        prepared.span,
    ))
}
