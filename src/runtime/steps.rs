//! Tests that take several steps: a success pool rolled and left open (the world's
//! [`OpenTest`]), then added to before it settles — chunks of extra dice bought from the
//! resource the procedure's `Chunk:` line names (each chunk judged as a whole by the
//! `Chunk all ...:` lines, which may run effects on the roller, each costing what `Per
//! chunk:` says), helpers pooling their successes, an opponent's dice (`Opposing dice:`)
//! raising the successes needed — and settled: success when the successes reach the need,
//! or the named outcome of a kind of test (`Outcomes Contest:`). Ease that alone meets the
//! need settles the test at once, without a roll. Every step is one transactional command.

use crate::diagnostics::{Span, Spanned};
use crate::engine::{
    CheckResult, DiceClass, Event, OpenTest, RolledDie, SuccessPoolCheck, World, classify_dice,
    success_pool, successes,
};
use crate::model::bind::Binding;
use crate::model::expr::Name;
use crate::model::expr::{LineContext, Rounding};
use crate::model::procedure::Procedure;
use crate::model::steps::{ChunkClass, SuccessChange, TESTED_STAT};
use crate::model::system::Method;

use super::Game;
use super::check_options::Rated as Values;
use super::checks::{CheckRequest, find_procedure};
use super::effects::{Context, execute};
use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::rules::Rules;
use super::scope::LineScope;

/// A test to open: who, with which stats against how many successes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestRequest {
    /// Who makes the test.
    pub actor: String,
    /// The stats whose values add up to the dice (`Strength`); the first is the `Rating`.
    pub stats: Vec<String>,
    /// Numbers written with the stats (`Strength + 1`: one more die).
    pub bonus: i64,
    /// Successes needed.
    pub need: i64,
    /// Automatic successes (bound as `Ease`).
    pub ease: i64,
    /// Allies who make the same test at once and pool their successes.
    pub helpers: Vec<String>,
    /// The procedure by name; `None`: the system's default.
    pub procedure: Option<String>,
    /// The kind of test (`as Contest`), whose procedure's `Outcomes Contest:` line names
    /// the outcome it settles into.
    pub kind: Option<String>,
}

/// How a test stands after a step, or how it settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestStatus {
    /// Successes so far.
    pub successes: i64,
    /// Successes needed so far.
    pub need: i64,
    /// `Some(met)` once settled.
    pub settled: Option<bool>,
    /// The judgement of the last chunk, when the step was a chunk that one line judged
    /// (`Major Success`).
    pub judgement: Option<String>,
    /// The named outcome a kind of test settled into (`Stalemate`).
    pub outcome: Option<String>,
}

impl TestStatus {
    fn of(test: &OpenTest) -> TestStatus {
        let settled = test.settled.then_some(test.successes >= test.need);
        let outcome = test.outcome.clone();
        TestStatus { successes: test.successes, need: test.need, settled, judgement: None, outcome }
    }
}

fn refused(message: impl Into<String>, hint: impl Into<String>) -> RuntimeError {
    RuntimeErrorKind::Test { message: message.into(), hint: hint.into() }.at(Span::NONE)
}

fn engine(kind: crate::engine::EngineErrorKind) -> RuntimeError {
    RuntimeErrorKind::Engine(kind).at(Span::NONE)
}

/// The open test, or why there is none to add to.
fn open(world: &World) -> Result<&OpenTest, RuntimeError> {
    match &world.test {
        Some(test) if !test.settled => Ok(test),
        Some(test) => Err(refused(
            format!(
                "{}'s test is settled ({}): nothing more can be added",
                test.actor,
                test.standing()
            ),
            "open a new test with `ACTOR tests STAT vs N`",
        )),
        None => Err(refused("no test is open", "open one first with `ACTOR tests STAT vs N`")),
    }
}

/// The success pool `actor` rolls for `procedure` with `stats` and `bonus`, with the names
/// its lines read (`Rating`, `Chunk`, `Threshold`, `Ease`, ...).
struct Pool<'a> {
    procedure: Procedure<'a>,
    check: SuccessPoolCheck,
    ease: i64,
    span: Span,
}

/// The names a step's lines read: the request's (`Threshold`, `Ease`, `Rating`, `Bonus`,
/// ...) with `Chunk` (the dice of the chunk being added, else 0).
fn names(
    procedure: &Procedure<'_>,
    request: &CheckRequest,
    values: Values,
    chunk: i64,
) -> Vec<(&'static str, i64)> {
    let modifier =
        super::procedures::applied(procedure, values.rating.saturating_add(values.bonus));
    let mut names = super::check_options::request_names(request, modifier, values).to_vec();
    names.push(("Chunk", chunk));
    names
}

/// [`Values`] read on `actor`.
fn values(
    rules: &Rules,
    world: &World,
    actor: &str,
    stats: &[String],
    bonus: i64,
) -> Result<Values, RuntimeError> {
    let who = world.actor(actor).map_err(engine)?;
    let bonus = bonus.saturating_add(super::scope::check_bonus(rules, who));
    let mut rating = 0i64;
    for stat in stats {
        let value = super::scope::actor_value(rules, who, stat)
            .or_else(|| rules.declares_stat(stat).then_some(0))
            .ok_or_else(|| {
                unknown("stat", stat, who.stats.keys().map(String::as_str)).at(Span::NONE)
            })?;
        rating = rating.saturating_add(value);
    }
    Ok(Values::of(rules, who, rating, bonus))
}

fn pool<'a>(
    rules: &'a Rules,
    world: &World,
    procedure: Option<&str>,
    actor: &str,
    (stats, bonus, need, ease): (&[String], i64, i64, i64),
) -> Result<Pool<'a>, RuntimeError> {
    let (_, procedure) = find_procedure(rules, procedure, Span::NONE)?;
    if procedure.method != Some(Method::Successes) || procedure.script.is_some() {
        return Err(refused(
            format!("check procedure `{}` is not a success pool", procedure.name),
            "a test in steps needs a procedure with `Method: successes`",
        ));
    }
    let values = values(rules, world, actor, stats, bonus)?;
    let request = CheckRequest { threshold: need, ease, ..CheckRequest::default() };
    let names = names(&procedure, &request, values, 0);
    let who = world.actor(actor).map_err(engine)?;
    let scope = LineScope { extra: &names, ..LineScope::of(rules, who) };
    let modifier = values.rating.saturating_add(values.bonus);
    let settled = super::procedures::settle(&procedure, &request, modifier, &scope)?;
    let (check, ease, span) = (settled.success_pool(), settled.ease(), settled.span());
    Ok(Pool { procedure, check, ease, span })
}

/// Rolls `check` for `actor`, logged as a roll for `purpose`; returns the dice and their
/// successes (pushes included).
fn roll(
    world: &mut World,
    actor: Option<&str>,
    purpose: &str,
    check: &SuccessPoolCheck,
    span: Span,
) -> Result<(Vec<RolledDie>, i64), RuntimeError> {
    let outcome = success_pool(&mut world.roller, check).map_err(|k| engine(k).or_at(span))?;
    if !outcome.dice.is_empty() {
        world.log_roll(actor, purpose, outcome.dice.clone(), span);
    }
    Ok((outcome.dice, i64::from(outcome.successes)))
}

fn narrate(world: &mut World, text: String) {
    world.record(Event::Narration { text: text.into(), cause: crate::engine::Cause::NONE });
}

/// The outcome the open test of a kind settles into: its procedure's `Outcomes KIND:` line's
/// first outcome whose test holds, reading `Successes`, `Threshold` and `Margin`.
fn named_outcome(game: &Game) -> Result<Option<String>, RuntimeError> {
    let Some(test) = game.world.test.as_ref() else { return Ok(None) };
    let Some(kind) = &test.kind else { return Ok(None) };
    let rules = &game.rules;
    let (_, procedure) = find_procedure(rules, Some(&test.procedure), Span::NONE)?;
    let Some(line) = procedure.outcomes.iter().find(|line| line.kind.node.matches(kind)) else {
        return Ok(None);
    };
    let names = [
        ("Successes", test.successes),
        ("Threshold", test.need),
        ("Margin", test.successes.saturating_sub(test.need)),
    ];
    let who = game.world.actor(&test.actor).map_err(engine)?;
    let scope = LineScope { extra: &names, ..LineScope::of(rules, who) };
    for outcome in &line.outcomes {
        let gate = crate::model::Amount::Expr(outcome.gate.clone());
        if scope.amount(&gate, LineContext::Check, Rounding::Floor)? != 0 {
            return Ok(Some(outcome.name.node.clone()));
        }
    }
    Ok(None)
}

/// Settles the open test: names its outcome when it is a kind of test, records it as a
/// check and marks it settled.
fn settle(game: &mut Game, span: Span) -> Result<TestStatus, RuntimeError> {
    let outcome = named_outcome(game)?;
    if let Some(test) = game.world.test.as_mut() {
        test.outcome = outcome;
    }
    Ok(settle_test(&mut game.world, span))
}

/// Marks the test settled and records its outcome: the named one of a kind of test, else
/// a check's success or failure.
fn settle_test(world: &mut World, span: Span) -> TestStatus {
    let Some(test) = world.test.as_mut() else {
        return TestStatus { successes: 0, need: 0, settled: None, judgement: None, outcome: None };
    };
    test.settled = true;
    let status = TestStatus::of(test);
    let actor = test.actor.clone();
    // A kind of test settles into its named outcome, not a plain success or failure.
    if let Some(outcome) = &status.outcome {
        let text = format!("{actor}: {}, {outcome}", successes(status.successes));
        narrate(world, text);
        return status;
    }
    let result = CheckResult::SuccessPool {
        successes: u32::try_from(status.successes.max(0)).unwrap_or(u32::MAX),
        automatic: u32::try_from(test.ease.max(0)).unwrap_or(u32::MAX),
        succeeded: status.settled,
    };
    let actor = Some(world.names.get(&actor));
    world.record(Event::Check { actor, result, cause: crate::engine::Cause::of(span) });
    status
}

impl Game {
    /// Opens a test: rolls the actor's pool (and each helper's, pooling their successes)
    /// and leaves it open for later steps. Ease that alone meets the need settles it at
    /// once, without a roll. Refused while another test is open.
    pub fn open_test(&mut self, request: &TestRequest) -> Result<TestStatus, RuntimeError> {
        self.command(|game| {
            if let Some(test) = game.world.test.as_ref().filter(|test| !test.settled) {
                return Err(refused(
                    format!("{}'s test is still open ({})", test.actor, test.standing()),
                    "`settle` it before opening another",
                ));
            }
            let rules = game.rules.clone();
            let shape = (request.stats.as_slice(), request.bonus, request.need, request.ease);
            let actor = request.actor.as_str();
            let pool = pool(&rules, &game.world, request.procedure.as_deref(), actor, shape)?;
            let rating = values(&rules, &game.world, actor, &request.stats, request.bonus)?.rating;
            let mut test = OpenTest {
                actor: actor.to_string(),
                procedure: pool.procedure.name.to_string(),
                stats: request.stats.clone(),
                bonus: request.bonus,
                rating,
                need: request.need,
                successes: pool.ease,
                ease: pool.ease,
                chunks: 0,
                helpers: Vec::new(),
                settled: false,
                once: Vec::new(),
                kind: None,
                outcome: None,
            };
            if let Some(kind) = &request.kind {
                let declared =
                    pool.procedure.outcomes.iter().find(|line| line.kind.node.matches(kind));
                let Some(line) = declared else {
                    let kinds: Vec<String> = pool
                        .procedure
                        .outcomes
                        .iter()
                        .map(|line| line.kind.node.to_string())
                        .collect();
                    let hint = match kinds.as_slice() {
                        [] => format!(
                            "declare `Outcomes {kind}: NAME if [TEST], ...` in check `{}`",
                            pool.procedure.name
                        ),
                        _ => format!("the kinds it declares: {}", kinds.join(", ")),
                    };
                    return Err(refused(
                        format!(
                            "check procedure `{}` has no kind of test `{kind}`",
                            pool.procedure.name
                        ),
                        hint,
                    ));
                };
                test.kind = Some(line.kind.node.to_string());
            }
            // Ease alone: some ease, and as much as the need (a need of 0 with no ease still
            // rolls: an open challenge counts its successes).
            if pool.ease > 0 && pool.ease >= request.need {
                let text = format!(
                    "{actor}'s ease of {} meets the {} needed: no roll",
                    pool.ease, request.need
                );
                narrate(&mut game.world, text);
                game.world.test = Some(test);
                return settle(game, pool.span);
            }
            let (_, rolled) = roll(&mut game.world, Some(actor), "test", &pool.check, pool.span)?;
            test.successes = test.successes.saturating_add(rolled);
            game.world.test = Some(test);
            for helper in &request.helpers {
                assist(game, helper)?;
            }
            let test = open(&game.world)?;
            let text = format!("{} (open)", test.summary());
            let status = TestStatus::of(test);
            narrate(&mut game.world, text);
            Ok(status)
        })
    }

    /// The open test (or the last one settled).
    pub fn test(&self) -> Option<&OpenTest> {
        self.world.test.as_ref()
    }

    /// `helper` makes the same test and pools their successes into the open one.
    pub fn assist_test(&mut self, helper: &str) -> Result<TestStatus, RuntimeError> {
        self.command(|game| {
            assist(game, helper)?;
            let test = open(&game.world)?;
            let status = TestStatus::of(test);
            let text = test.summary();
            narrate(&mut game.world, text);
            Ok(status)
        })
    }

    /// `actor` buys a chunk of `dice` extra dice with `dice` of `resource`: the chunk rolls
    /// (pushes included), is judged as a whole by the procedure's `Chunk all ...:` lines,
    /// and costs what its `Per chunk:` lines say. Refused beyond the `Chunk:` line's limit.
    pub fn add_chunk(
        &mut self,
        actor: &str,
        dice: i64,
        resource: &str,
    ) -> Result<TestStatus, RuntimeError> {
        self.command(|game| chunk(game, actor, dice, resource))
    }

    /// An opponent rolls `dice` of the test's dice; their successes raise the need.
    pub fn oppose_test(&mut self, dice: i64) -> Result<TestStatus, RuntimeError> {
        self.command(|game| oppose(game, dice))
    }

    /// Settles the open test: success when its successes reach the need.
    pub fn settle_test(&mut self) -> Result<TestStatus, RuntimeError> {
        self.command(|game| {
            open(&game.world)?;
            settle(game, Span::NONE)
        })
    }
}

/// The open test's pool for `actor`: the test's own, or a helper's (the same stats, without
/// the numbers the tester wrote, which are theirs).
fn test_pool<'a>(rules: &'a Rules, world: &World, actor: &str) -> Result<Pool<'a>, RuntimeError> {
    let test = open(world)?;
    let bonus = if test.actor == actor { test.bonus } else { 0 };
    let shape = (test.stats.as_slice(), bonus, test.need, 0);
    pool(rules, world, Some(&test.procedure), actor, shape)
}

fn assist(game: &mut Game, helper: &str) -> Result<(), RuntimeError> {
    let rules = game.rules.clone();
    let test = open(&game.world)?;
    if test.actor == helper || test.helpers.iter().any(|h| h == helper) {
        return Err(refused(
            format!("{helper} already counts in {}", test.summary()),
            "each ally assists a test once, and not their own",
        ));
    }
    let pool = test_pool(&rules, &game.world, helper)?;
    let (_, rolled) = roll(&mut game.world, Some(helper), "assist", &pool.check, pool.span)?;
    let test = game.world.test.as_mut().expect("open checked above");
    test.successes = test.successes.saturating_add(rolled);
    test.helpers.push(helper.to_string());
    narrate(&mut game.world, format!("{helper} assists: +{}", successes(rolled)));
    Ok(())
}

/// The judgement classes a chunk's dice fall in, most specific first: all highest is also
/// all successes, all ones also all failures.
fn classes(class: DiceClass) -> &'static [ChunkClass] {
    match class {
        DiceClass::AllHighest => &[ChunkClass::AllHighest, ChunkClass::AllSuccesses],
        DiceClass::AllSuccesses => &[ChunkClass::AllSuccesses],
        DiceClass::AllOnes => &[ChunkClass::AllOnes, ChunkClass::AllFailures],
        DiceClass::AllFailures => &[ChunkClass::AllFailures],
        DiceClass::Mixed => &[],
    }
}

fn chunk(
    game: &mut Game,
    actor: &str,
    dice: i64,
    resource: &str,
) -> Result<TestStatus, RuntimeError> {
    let rules = game.rules.clone();
    let test = open(&game.world)?.clone();
    if test.actor != actor {
        return Err(refused(
            format!("{actor} is not making the open test ({})", test.summary()),
            format!("only {} adds dice to it; an ally assists instead", test.actor),
        ));
    }
    let pool = test_pool(&rules, &game.world, actor)?;
    let Some(rule) = pool.procedure.chunk else {
        return Err(refused(
            format!("check procedure `{}` takes no chunks", pool.procedure.name),
            "declare `Chunk: RESOURCE, at most [AMOUNT]` in the check block",
        ));
    };
    if !rule.resource.node.matches(resource) {
        return Err(refused(
            format!("the test's chunks are paid in {}, not {resource}", rule.resource.node),
            format!("add {} instead", rule.resource.node),
        ));
    }
    // `Rating` stays what it was when the test opened, though a chunk's effects raise the
    // stat (an advance earned in this test counts from the next).
    let values = Values {
        rating: test.rating,
        ..values(&rules, &game.world, actor, &test.stats, test.bonus)?
    };
    let request = CheckRequest { threshold: test.need, ease: test.ease, ..CheckRequest::default() };
    let names = names(&pool.procedure, &request, values, dice);
    let most = {
        let who = game.world.actor(actor).map_err(engine)?;
        let scope = LineScope { extra: &names, ..LineScope::of(&rules, who) };
        scope.amount(&rule.most, LineContext::Check, Rounding::Floor)?
    };
    if dice < 1 || dice > most {
        return Err(refused(
            format!("a chunk is 1 to {most} dice (`Chunk: {rule}`), not {dice}"),
            format!("add at most {most} {} at a time, in several chunks", rule.resource.node),
        ));
    }
    let span = rule.resource.span;
    game.world.pay(actor, &[(rule.resource.node.as_str(), dice)], span)?;
    for cost in &pool.procedure.per_chunk {
        let who = game.world.actor(actor).map_err(engine)?;
        let scope = LineScope { extra: &names, ..LineScope::of(&rules, who) };
        let amount = scope.amount(&cost.change.amount, LineContext::Check, Rounding::Floor)?;
        let delta = if cost.lose { amount.saturating_neg() } else { amount };
        game.world.change_resource(actor, cost.change.resource.node.as_str(), delta, span)?;
    }
    let check = SuccessPoolCheck { dice: u32::try_from(dice).unwrap_or(0), ..pool.check };
    let (rolled, gained) = roll(&mut game.world, Some(actor), "chunk", &check, pool.span)?;
    let class = classify_dice(&rolled, check.success_at);
    let judgement = classes(class).iter().find_map(|class| {
        pool.procedure.judgements.iter().find(|judgement| judgement.class == *class)
    });
    let mut test = test;
    test.successes = test.successes.saturating_add(gained);
    test.chunks += 1;
    let mut text = format!("{actor}'s chunk of {dice}: +{}", successes(gained));
    if let Some(judgement) = judgement {
        let who = game.world.actor(actor).map_err(engine)?;
        let scope = LineScope { extra: &names, ..LineScope::of(&rules, who) };
        let amount = |amount| scope.amount(amount, LineContext::Check, Rounding::Floor);
        let label = &judgement.label.node;
        match &judgement.change {
            SuccessChange::Gain(more) => {
                let more = amount(more)?;
                test.successes = test.successes.saturating_add(more);
                text.push_str(&format!(", {label}: +{more}"));
            }
            SuccessChange::Lose { amount: less, otherwise } => {
                let less = amount(less)?;
                if test.successes > 0 {
                    let taken = less.min(test.successes);
                    test.successes -= taken;
                    text.push_str(&format!(", {label}: -{taken}"));
                } else if let Some(rise) = otherwise {
                    let rise = amount(rise)?;
                    test.need = test.need.saturating_add(rise);
                    text.push_str(&format!(", {label}: none to lose, need +{rise}"));
                } else {
                    text.push_str(&format!(", {label}: none to lose"));
                }
            }
        }
    }
    text.push_str(&format!(" — {}", test.summary()));
    let stat = test.stats.first().cloned();
    game.world.test = Some(test);
    narrate(&mut game.world, text);
    if let Some(judgement) = judgement.filter(|judgement| !judgement.effects.parts.is_empty()) {
        let binding = Binding { name: Name::new(TESTED_STAT), chosen: stat.into_iter().collect() };
        let effects = binding.effects(&judgement.effects);
        let context =
            Context { outcome: &names, binding: Some(&binding), ..Context::of(&rules, actor) };
        execute(game, &context, &effects, None, None, judgement.label.span)?;
    }
    let test = open(&game.world)?;
    let status =
        TestStatus { judgement: judgement.map(|j| j.label.node.clone()), ..TestStatus::of(test) };
    Ok(status)
}

/// Whether `group` runs now under `at most once per test`: true the first time in the open
/// test (noted in it), false after (logged). Refused when no test is open.
pub(crate) fn first_time_this_test(
    game: &mut Game,
    group: &Spanned<Name>,
) -> Result<bool, RuntimeError> {
    let name = game
        .rules
        .effect_groups
        .iter()
        .find(|(declared, _)| group.node.matches(declared))
        .map_or_else(|| group.node.to_string(), |(declared, _)| declared.to_string());
    let Some(test) = game.world.test.as_mut().filter(|test| !test.settled) else {
        return Err(refused(
            format!("`do {name} at most once per test` runs with no test open"),
            "run it from a line of the test (`Chunk all successes: ...`)",
        )
        .or_at(group.span));
    };
    if test.once.contains(&name) {
        let text = format!("{name} has run once in this test: not again");
        game.world.narrate(text, group.span);
        return Ok(false);
    }
    test.once.push(name);
    Ok(true)
}

fn oppose(game: &mut Game, dice: i64) -> Result<TestStatus, RuntimeError> {
    let rules = game.rules.clone();
    let actor = open(&game.world)?.actor.clone();
    let pool = test_pool(&rules, &game.world, &actor)?;
    let Some(name) = pool.procedure.opposing else {
        return Err(refused(
            format!("check procedure `{}` takes no opposing dice", pool.procedure.name),
            "declare `Opposing dice: NAME` in the check block",
        ));
    };
    if dice < 1 {
        return Err(refused(
            format!("opposing dice are 1 or more, not {dice}"),
            "write how many dice the opponent rolls: `oppose 2`",
        ));
    }
    let check = SuccessPoolCheck { dice: u32::try_from(dice).unwrap_or(u32::MAX), ..pool.check };
    let purpose = name.node.as_str().to_string();
    let (_, rise) = roll(&mut game.world, None, &purpose, &check, pool.span)?;
    let test = game.world.test.as_mut().expect("open checked above");
    test.need = test.need.saturating_add(rise);
    let text = format!("{purpose}: +{rise} needed — {}", test.summary());
    let status = TestStatus::of(test);
    narrate(&mut game.world, text);
    Ok(status)
}
