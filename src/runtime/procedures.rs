//! The check procedures besides pools: roll under (success numbers, difficulty, boost, a
//! second die a decision picks, the used second die feeding a world pool), success pools
//! (pushes and ease), roll plus modifier against a target (natural die, critical range), and
//! versus (both sides roll their own procedure; scores compared with the tie rule), also per
//! target inside a power (`Check: [X] versus [Y]`). Amounts are settled from the line scope
//! first, then the dice roll through the world's logged wrappers so every die and decision
//! lands in the log.

use crate::diagnostics::Span;
use crate::engine::{
    CheckResult, Decider, DecisionKind, Event, ModifiedRollCheck, Policy, PolicyDecider, Reads,
    RollUnderCheck, Side, SuccessPoolCheck, TieRule, World, success_pool, versus,
};
use crate::model::expr::{LineContext, Rounding};
use crate::model::procedure::Procedure;
use crate::model::system::{self, CriticalRange, Method};

use super::checks::{CheckOutcome, CheckRequest, OutcomeNames, dice_count, run_check};
use super::error::{RuntimeError, RuntimeErrorKind};
use super::rules::Rules;
use super::scope::LineScope;

/// A procedure whose amounts are evaluated, ready to roll.
pub(crate) struct Settled<'a> {
    method: Method,
    dice: u32,
    /// `Dice: 2d20kh1`: roll that many and keep the best (0: one die).
    best_of: u32,
    sides: u32,
    modifier: i64,
    /// The `Success:` amount, else the request's target.
    target: i64,
    difficulty: i64,
    /// Successes required (successes method); 0: none.
    required: i64,
    explode: Option<u32>,
    labels: &'a [crate::diagnostics::Spanned<system::GradeLabel>],
    span: Span,
    boost: i64,
    second_die: bool,
    feeds: Option<String>,
    ease: i64,
    /// Successes pooled by helpers (successes): counted with the roll's, never instead of it.
    pooled: i64,
    critical_from: Option<u32>,
    /// The highest critical face (`natural in 18-20`); `None`: no upper end.
    critical_to: Option<u32>,
    /// The procedure's `Policy` lines over the defaults, for when no decider is passed
    /// (`None`: it has none, and the defaults are made only when needed).
    policies: Option<PolicyDecider>,
    /// `Extra dice:` — the world pool extra dice come from, and how many the request
    /// asked for (`None`: a decision).
    extra_dice: Option<(String, Option<i64>)>,
    /// What the check's reader takes from a roll plus modifier.
    reads: Reads,
}

fn to_u32(value: i64) -> u32 {
    u32::try_from(value.max(0)).unwrap_or(u32::MAX)
}

/// The check modifier a procedure applies: none for `Modifier: none`.
pub(crate) fn applied(procedure: &Procedure<'_>, modifier: i64) -> i64 {
    if procedure.modifier == system::ModifierMode::None { 0 } else { modifier }
}

/// Evaluates `procedure`'s amounts for `request` in `scope`.
pub(crate) fn settle<'a>(
    procedure: &Procedure<'a>,
    request: &CheckRequest,
    modifier: i64,
    scope: &LineScope<'_>,
) -> Result<Settled<'a>, RuntimeError> {
    let modifier = applied(procedure, modifier);
    let method = procedure.method.unwrap_or(Method::Pool);
    let template = procedure.dice.or(procedure.roll).ok_or_else(|| {
        RuntimeErrorKind::UnsupportedProcedure(procedure.name.to_string()).at(Span::NONE)
    })?;
    let amount = |amount| scope.amount(amount, LineContext::Check, Rounding::Floor);
    let fallback = match method {
        Method::RollUnder => request.threshold.saturating_add(modifier),
        _ => request.threshold,
    };
    let target = match procedure.success {
        Some(success) => amount(success.against)?,
        None => fallback,
    };
    let difficulty = match procedure.difficulty {
        Some(difficulty) => amount(difficulty)?,
        None => request.difficulty,
    };
    let explode = match procedure.explode {
        Some(explode) => Some(to_u32(amount(explode)?)),
        None => None,
    };
    let boost = match procedure.boost {
        Some(boost) => amount(boost)?,
        None => request.boost,
    };
    let ease = match procedure.ease {
        Some(ease) => amount(ease)?,
        None => request.ease,
    };
    let (critical_from, critical_to) = match procedure.critical {
        Some(CriticalRange::AtLeast(from)) => (Some(to_u32(amount(from)?)), None),
        Some(CriticalRange::Faces(low, high)) => {
            (Some(to_u32(amount(low)?)), Some(to_u32(amount(high)?)))
        }
        // A weapon without the range never crits.
        Some(CriticalRange::Field(field)) => match scope.weapon_range(&field.node) {
            Some((low, high)) => (Some(to_u32(low)), Some(to_u32(high))),
            None => (None, None),
        },
        None => (request.critical_from, None),
    };
    let feeds = procedure.alternative_die_feeds.map(|pool| pool.node.as_str().to_string());
    Ok(Settled {
        method,
        dice: to_u32(dice_count(&template.node, scope)?),
        best_of: template.node.best_of().unwrap_or(0),
        sides: to_u32(template.node.faces().unwrap_or(0)),
        modifier,
        target,
        difficulty,
        required: request.threshold,
        explode,
        labels: procedure.grades,
        span: template.span,
        boost,
        second_die: request.second_die || procedure.alternative_die.is_some(),
        feeds: feeds.or_else(|| request.second_die_feeds.clone()),
        ease,
        pooled: request.pooled,
        critical_from,
        critical_to,
        policies: (!procedure.policies.is_empty()).then(|| policies_of(procedure)),
        extra_dice: procedure
            .extra_dice
            .map(|pool| (pool.node.as_str().to_string(), request.extra_dice)),
        reads: Reads::Faces,
    })
}

/// The procedure's `Policy` lines over [`PolicyDecider::default`].
pub(crate) fn policies_of(procedure: &Procedure<'_>) -> PolicyDecider {
    let mut policies = PolicyDecider::default();
    for (decision, name) in &procedure.policies {
        let kind = match decision {
            system::PolicyDecision::SecondDie => DecisionKind::SecondDie,
            system::PolicyDecision::Boost => DecisionKind::Boost,
            system::PolicyDecision::Spend => DecisionKind::Spend,
            system::PolicyDecision::Reroll => DecisionKind::Reroll,
            system::PolicyDecision::IgnorePenalties => DecisionKind::IgnorePenalties,
        };
        // The parser only keeps names `Policy::from_name` reads.
        if let Some(policy) = Policy::from_name(&name.node) {
            policies = policies.with(kind, policy);
        }
    }
    policies
}

impl Settled<'_> {
    /// The success pool this procedure rolls, with no requirement (a test left open counts
    /// its successes and settles later).
    pub(crate) fn success_pool(&self) -> SuccessPoolCheck {
        SuccessPoolCheck {
            dice: self.dice,
            sides: self.sides,
            success_at: to_u32(self.target),
            explode_at: self.explode,
            automatic: 0,
            required: None,
        }
    }

    /// The automatic successes (`Ease:`, else the request's).
    pub(crate) fn ease(&self) -> i64 {
        self.ease
    }

    /// Where the procedure's dice are written.
    pub(crate) fn span(&self) -> Span {
        self.span
    }

    /// The same settlement, for a reader that takes only the success and the critical from
    /// a roll plus modifier when `outcome_only` says so (asked of such a roll only: a power
    /// whose lines read no `Margin`, `Natural` or `Total`).
    pub(crate) fn read_for_outcome_if(self, outcome_only: impl FnOnce() -> bool) -> Self {
        let plus_modifier = matches!(self.method, Method::Total | Method::Versus | Method::Pool);
        if plus_modifier && outcome_only() {
            Settled { reads: Reads::Outcome, ..self }
        } else {
            self
        }
    }

    /// Rolls and reads the dice by the method; decisions go to `decider`.
    pub(crate) fn run(
        &self,
        world: &mut World,
        actor: &str,
        decider: Option<&mut dyn Decider>,
    ) -> Result<CheckOutcome, RuntimeError> {
        let (mut own, mut defaults) = (self.policies.clone(), crate::engine::DefaultPolicies);
        let decider: &mut dyn Decider = match (decider, own.as_mut()) {
            (Some(decider), _) => decider,
            (None, Some(own)) => own,
            (None, None) => &mut defaults,
        };
        let engine = |error: crate::engine::EngineError| RuntimeError::from(error);
        let (grade, totals, names) = match self.method {
            Method::RollUnder => {
                let check = RollUnderCheck {
                    sides: self.sides,
                    target: self.target,
                    difficulty: self.difficulty,
                    boost: self.boost,
                    second_die: self.second_die,
                };
                let outcome = world
                    .roll_under_check(Some(actor), &check, decider, self.span)
                    .map_err(engine)?;
                if outcome.used_second
                    && let Some(pool) = &self.feeds
                {
                    world.change_pool(pool, 1, self.span);
                }
                let (mut result, mut success_number) = (outcome.result, outcome.success_number);
                if let Some((pool, count)) = &self.extra_dice {
                    let rolled = success_number;
                    let extra =
                        super::check_options::ExtraDice { pool, count: *count, check, rolled };
                    if let Some(best) = extra.keep_best(world, actor, decider, self.span)?
                        && best > success_number
                    {
                        (result, success_number) = (best, best);
                    }
                }
                let names = OutcomeNames {
                    margin: success_number.saturating_sub(self.difficulty),
                    success_number: Some(success_number),
                    ..OutcomeNames::default()
                };
                let succeeded = success_number > 0 && success_number >= self.difficulty;
                (u32::from(succeeded), vec![result], names)
            }
            Method::Successes => {
                let required = (self.required > 0).then(|| to_u32(self.required));
                let check = SuccessPoolCheck {
                    dice: self.dice,
                    sides: self.sides,
                    success_at: to_u32(self.target),
                    explode_at: self.explode,
                    automatic: to_u32(self.ease),
                    required,
                };
                let outcome = if self.pooled > 0 {
                    // Helpers' successes count with the roll's: the roll is made whatever
                    // they pooled, and the requirement is judged on the sum.
                    let counted = SuccessPoolCheck { required: None, ..check };
                    let mut pooled = success_pool(&mut world.roller, &counted)
                        .map_err(|kind| engine(kind.at(self.span)))?;
                    pooled.successes = pooled.successes.saturating_add(to_u32(self.pooled));
                    pooled.succeeded = required.map(|needed| pooled.successes >= needed);
                    let result = CheckResult::SuccessPool {
                        successes: pooled.successes,
                        automatic: check.automatic.saturating_add(to_u32(self.pooled)),
                        succeeded: pooled.succeeded,
                    };
                    world.log_roll(Some(actor), "check", pooled.dice.clone(), self.span);
                    let name = Some(world.names.get(actor));
                    let cause = crate::engine::Cause::of(self.span);
                    world.record(Event::Check { actor: name, result, cause });
                    pooled
                } else {
                    world.success_pool_check(Some(actor), &check, self.span).map_err(engine)?
                };
                let successes = i64::from(outcome.successes);
                let names = OutcomeNames {
                    margin: successes.saturating_sub(self.required.max(0)),
                    successes: Some(successes),
                    ..OutcomeNames::default()
                };
                let totals = outcome.dice.iter().map(|d| i64::from(d.face)).collect();
                let grade = match outcome.succeeded {
                    Some(met) => u32::from(met),
                    None => outcome.successes,
                };
                (grade, totals, names)
            }
            Method::Total | Method::Versus | Method::Pool => {
                let outcome = world
                    .modified_check_read_by(Some(actor), &self.modified(), self.reads, self.span)
                    .map_err(engine)?;
                let read = (outcome.natural, outcome.total, outcome.success, outcome.critical);
                return Ok(self.modified_outcome(read));
            }
        };
        Ok(self.outcome(grade, totals, names))
    }

    /// The same roll as `first` (this procedure's, made for another target) read with this
    /// settlement's modifier against its target, logged without dice; `None` when the method
    /// cannot read a roll again (roll under and success pools read their dice against the
    /// target as they go).
    pub(crate) fn regrade(
        &self,
        world: &mut World,
        actor: &str,
        first: &CheckOutcome,
    ) -> Option<CheckOutcome> {
        if !matches!(self.method, Method::Total | Method::Versus | Method::Pool) {
            return None;
        }
        let natural = u32::try_from(first.names.natural?).ok()?;
        let total = i64::from(natural).saturating_add(self.modifier);
        let (success, critical) =
            world.reread_modified(Some(actor), (natural, total), &self.modified(), self.span);
        Some(self.modified_outcome((natural, total, success, critical)))
    }

    /// The roll-plus-modifier check this procedure makes.
    fn modified(&self) -> ModifiedRollCheck {
        ModifiedRollCheck {
            sides: self.sides,
            modifier: self.modifier,
            target: self.target,
            critical_from: self.critical_from,
            critical_to: self.critical_to,
            best_of: self.best_of,
        }
    }

    /// The outcome of a roll plus modifier: its kept face, total, success and critical.
    fn modified_outcome(
        &self,
        (natural, total, success, critical): (u32, i64, bool, bool),
    ) -> CheckOutcome {
        let names = OutcomeNames {
            margin: total.saturating_sub(self.target),
            natural: Some(i64::from(natural)),
            total: Some(total),
            critical: Some(critical),
            ..OutcomeNames::default()
        };
        self.outcome(u32::from(success), vec![total], names)
    }

    /// The outcome of `grade` with its label.
    fn outcome(&self, grade: u32, totals: Vec<i64>, names: OutcomeNames) -> CheckOutcome {
        let label = self
            .labels
            .iter()
            .find(|g| g.node.grade == grade)
            .map(|g| g.node.label.node.as_str().to_string());
        CheckOutcome { grade, label, totals, names }
    }
}

/// Settles a power's check when its procedure is not a pool (`None` for pools, which grade
/// each target's threshold in `power`): `Target` is the threshold plus the modifier, as for
/// [`CheckRequest`]s. The outcome's grade then applies to every target.
/// `procedure` is found once by the caller, which prepares a pool from it too.
pub(crate) fn settle_for_power<'a>(
    procedure: &Procedure<'a>,
    threshold: i64,
    modifier: i64,
    scope: &LineScope<'_>,
    span: Span,
) -> Result<Option<Settled<'a>>, RuntimeError> {
    if matches!(procedure.method, Some(Method::Pool) | None) {
        return Ok(None);
    }
    // A procedure meant for two sides (versus, or with a tie rule) needs the defender's
    // value (`versus [...]`, run by `power`); refused rather than graded as one-sided.
    if procedure.method == Some(Method::Versus)
        || procedure.tie.is_some()
        || procedure.zero_wins.is_some()
    {
        let name = procedure.name.to_string();
        return Err(RuntimeErrorKind::UnsupportedProcedure(name).at(span));
    }
    let rating = modifier;
    let modifier = applied(procedure, modifier);
    let request = CheckRequest { threshold, ..CheckRequest::default() };
    let extra = [
        ("Threshold", threshold),
        ("Modifier", modifier),
        ("Target", threshold.saturating_add(modifier)),
        ("Difficulty", 0),
        ("Boost", 0),
        ("Ease", 0),
        // A power passes no extra pool dice: a roll-under check rolls its one die.
        ("Pool", 0),
    ];
    // A success pool's size: the check's value is its rating, unless the user has a value
    // of that name of its own.
    let mut extra: crate::engine::ShortList<(&str, i64), 10> = extra.into_iter().collect();
    let own = |name| super::scope::actor_value(scope.rules, scope.user, name).is_some();
    if !own("Rating") {
        extra.push(("Rating", rating));
    }
    if !own("Bonus") {
        extra.push(("Bonus", 0));
    }
    let scope = LineScope { extra: &extra, ..*scope };
    settle(procedure, &request, modifier, &scope).map(Some)
}

/// Two sides of a versus check, each rolling its own request's procedure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VersusRequest {
    /// The side that acts.
    pub attacker: CheckRequest,
    /// The side that resists.
    pub defender: CheckRequest,
    /// Who wins equal scores; `None`: the attacker's procedure's `Tie:` line, else nobody.
    /// Each side's decisions follow its own request's `policies` (else its procedure's
    /// `Policy` lines) unless [`Game::versus_with`](super::Game::versus_with) passes a
    /// decider.
    pub tie: Option<TieRule>,
    /// A score of 0 or less never wins (a failed roll-under test); also set by the
    /// attacker's procedure's `Zero wins: no`.
    pub zero_never_wins: bool,
}

/// The result of [`Game::versus`](super::Game::versus).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersusOutcome {
    /// The attacker's check.
    pub attacker: CheckOutcome,
    /// The defender's check.
    pub defender: CheckOutcome,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// The winner's lead (0 without a winner); bound as `Margin` for a following power.
    pub margin: i64,
}

/// The score a side compares: success number, then successes, then the total, else grade.
pub(crate) fn score(outcome: &CheckOutcome) -> i64 {
    let names = &outcome.names;
    if let Some(success_number) = names.success_number {
        success_number
    } else if names.natural.is_some() {
        outcome.totals.first().copied().unwrap_or(0)
    } else if let Some(successes) = names.successes.filter(|_| outcome.totals.len() != 1) {
        successes
    } else {
        i64::from(outcome.grade)
    }
}

/// Runs both sides of `request`, attacker first, and compares their scores.
pub(crate) fn run_versus(
    rules: &Rules,
    world: &mut World,
    request: &VersusRequest,
    mut decider: Option<&mut dyn Decider>,
) -> Result<VersusOutcome, RuntimeError> {
    let name = request.attacker.procedure.as_deref();
    let (_, procedure) = super::checks::find_procedure(rules, name, Span::NONE)?;
    let tie = request.tie.or(procedure.tie).unwrap_or(TieRule::NoWinner);
    let zero_never_wins = request.zero_never_wins || procedure.zero_wins == Some(false);
    // Reborrowed by hand: `as_deref_mut` would tie the trait object to the outer borrow.
    let first: Option<&mut dyn Decider> = match &mut decider {
        Some(decider) => Some(&mut **decider),
        None => None,
    };
    // Each side checks against the other, so the pair's relative modifiers count.
    let (mut attacking, mut defending) = (request.attacker.clone(), request.defender.clone());
    attacking.against.get_or_insert_with(|| request.defender.actor.clone());
    defending.against.get_or_insert_with(|| request.attacker.actor.clone());
    let attacker = run_check(rules, world, &attacking, first)?;
    let defender = super::checks::run_check_as(rules, world, &defending, decider, false)?;
    let compared = versus(score(&attacker), score(&defender), tie, zero_never_wins);
    let result = CheckResult::Versus {
        attacker: compared.attacker,
        defender: compared.defender,
        winner: compared.winner,
        margin: compared.margin,
    };
    let actor = Some(world.names.get(&request.attacker.actor));
    world.record(Event::Check { actor, result, cause: crate::engine::Cause::NONE });
    Ok(VersusOutcome { attacker, defender, winner: compared.winner, margin: compared.margin })
}

/// A versus check per target (`Check: [Blades] versus [Clubs] using Duel`): the user rolls
/// with the check's value, the target with the value after `versus` (evaluated on the
/// target), both through the same procedure; grade 1 when the user wins, binding `Margin`
/// (the winner's lead) and `Success Number` (the user's) for the Result lines. Grades each
/// of `outcomes` (one per target, by name) in place.
/// Both sides count the relative modifiers between them, with the power's `keywords` (`vs
/// Ranged` holds for a Ranged power), as a Threshold line does.
pub(crate) fn versus_outcomes(
    game: &mut super::Game,
    context: &super::effects::Context<'_>,
    spec: &crate::model::CheckSpec,
    keywords: &[String],
    outcomes: &mut super::power::TargetOutcomes,
    span: Span,
) -> Result<(), RuntimeError> {
    if spec.defended {
        return super::defences::defended_outcomes(game, context, spec, keywords, outcomes, span);
    }
    let Some(defence) = &spec.defence else {
        outcomes.clear();
        return Ok(());
    };
    let rules = context.rules;
    let procedure = spec.procedure.as_ref().map(|p| p.node.as_str().to_string());
    let value = |game: &super::Game, actor: &str, other: &str, attacking: bool, expr| {
        side_value(game, context, keywords, (actor, other), attacking, expr, span)
    };
    for outcome in outcomes.iter_mut() {
        let target = outcome.name.as_str();
        let skill_of = |game: &super::Game, actor: &str, expr| {
            let actor = game.world.actor(actor).ok()?;
            super::check_options::skill_of(rules, actor, expr)
        };
        let side = |actor: &str, bonus, skill| CheckRequest {
            actor: actor.to_string(),
            bonus,
            procedure: procedure.clone(),
            skill,
            keywords: keywords.to_vec(),
            ..CheckRequest::default()
        };
        let attacker = side(
            context.user,
            value(game, context.user, target, true, &spec.modifier)?,
            skill_of(game, context.user, &spec.modifier),
        );
        let defender = side(
            target,
            value(game, target, context.user, false, defence)?,
            skill_of(game, target, defence),
        );
        let request = VersusRequest { attacker, defender, ..VersusRequest::default() };
        let versus =
            run_versus(rules, &mut game.world, &request, None).map_err(|e| e.or_at(span))?;
        let mut names = super::BoundNames::default();
        names.push(("Margin", versus.margin));
        if let Some(number) = versus.attacker.names.success_number {
            names.push(("Success Number", number));
        }
        let won = versus.winner == Some(crate::engine::Side::Attacker);
        outcome.threshold = None;
        outcome.grade = u32::from(won);
        outcome.names = names;
    }
    Ok(())
}

/// A side's value in a power's versus check: `expr` read on `actor`, plus the relative
/// modifiers between it and `other` (`attacking`: the user's side) for an attack with
/// `keywords`.
pub(crate) fn side_value(
    game: &super::Game,
    context: &super::effects::Context<'_>,
    keywords: &[String],
    (actor, other): (&str, &str),
    attacking: bool,
    expr: &crate::diagnostics::Spanned<crate::model::Expr>,
    span: Span,
) -> Result<i64, RuntimeError> {
    let rules = context.rules;
    let engine = |k| RuntimeErrorKind::Engine(k).at(span);
    let (actor, other) = (game.world.actor(actor).map_err(engine)?, game.world.actor(other));
    let scope = LineScope {
        weapon: context.weapon,
        trigger: context.trigger,
        extra: context.outcome,
        ..LineScope::of(rules, actor)
    };
    let failed = |e: crate::model::expr::EvalError| RuntimeError::from(e).or_at(expr.span);
    let plain = crate::model::expr::evaluate(expr, &scope, LineContext::Check)
        .map(|v| v.round(rules.rounding))
        .map_err(failed)?;
    let pair = LineScope { target: Some(other.map_err(engine)?), ..scope };
    let relative = super::relations::relative_delta(
        &pair,
        Some(keywords),
        expr,
        LineContext::Check,
        attacking,
    )
    .map_err(failed)?;
    Ok(plain.saturating_add(relative))
}
