//! Check procedures defined by a script (`Method: script move_roll`): the runtime calls
//! `move_roll(actor, inputs)` with the rolling actor's handle and a map of the check's inputs
//! (`modifier`, `threshold`, `target`, `difficulty`, `boost`, `ease`, `aid`); the script rolls
//! through `roll(...)` (the world's roller, forced dice first) and returns the grade, or a map
//! with `grade` and optional named values (`margin`, `successes`, `success_number`, `natural`,
//! `critical`, `total`). During the call the script may roll, read actors and ask decisions,
//! but not change the world. The outcome is logged as a check and graded like any other, so
//! scripted procedures work from `check` commands, versus checks and power `Check:` lines.

use crate::diagnostics::{Span, Spanned};
use crate::engine::{CheckResult, Event, World};
use crate::model::CheckSpec;
use crate::model::expr::{EvalErrorKind, LineContext, Name, evaluate};
use crate::model::procedure::Procedure;
use crate::script::{ActorHandle, Dynamic};

use super::checks::{CheckOutcome, OutcomeNames};
use super::effects::Context;
use super::error::{RuntimeError, RuntimeErrorKind};
use super::power::TargetOutcomes;
use super::rules::Rules;
use super::scope::{LineScope, check_bonus};

/// The values a scripted check receives in its `inputs` map.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Inputs {
    /// The check modifier (stats, bonus, condition bonuses).
    pub modifier: i64,
    /// The threshold.
    pub threshold: i64,
    /// The success number needed (0: none).
    pub difficulty: i64,
    /// The largest boost allowed.
    pub boost: i64,
    /// Automatic successes.
    pub ease: i64,
    /// An ally's grade.
    pub aid: i64,
}

impl Inputs {
    fn to_map(self) -> rhai::Map {
        let pairs = [
            ("modifier", self.modifier),
            ("threshold", self.threshold),
            ("target", self.threshold.saturating_add(self.modifier)),
            ("difficulty", self.difficulty),
            ("boost", self.boost),
            ("ease", self.ease),
            ("aid", self.aid),
        ];
        pairs.into_iter().map(|(key, value)| (key.into(), Dynamic::from_int(value))).collect()
    }
}

/// The keys a scripted check's result map may hold.
const RESULT_KEYS: &str = "grade, margin, successes, success_number, natural, critical, total";

/// Runs `procedure`'s script for `actor` with `inputs` on `world`; `span` is the rule line
/// that asked for the check (`Span::NONE` for a command).
pub(crate) fn run(
    rules: &Rules,
    world: &mut World,
    procedure: &Procedure<'_>,
    function: &Spanned<Name>,
    actor: &str,
    inputs: Inputs,
) -> Result<CheckOutcome, RuntimeError> {
    let failure =
        |message: String| RuntimeErrorKind::Eval(EvalErrorKind::Script(message)).at(function.span);
    let Some(scripts) = rules.scripts.clone() else {
        return Err(failure(format!(
            "check procedure `{}` needs the script function `{}`, but scripts are not loaded",
            procedure.name, function.node
        )));
    };
    let index = world.actors.iter().position(|a| a.name == actor);
    let Some(handle) = index.and_then(|i| u32::try_from(i).ok()).map(ActorHandle) else {
        return Err(
            RuntimeErrorKind::Targets(format!("{actor} is not in the game")).at(function.span)
        );
    };
    let values = vec![Dynamic::from(handle), Dynamic::from_map(inputs.to_map())];
    let value = scripts.call_checking(world, actor, function, values)?;
    let (grade, names, totals) = read_result(value).map_err(|message| {
        failure(format!("script function `{}` returned {message}", function.node))
    })?;
    let result = CheckResult::Scripted {
        function: function.node.as_str().to_string(),
        grade,
        margin: names.margin,
    };
    let cause = (!function.span.is_none()).then_some(function.span);
    let actor = Some(world.names.get(actor));
    world.record(Event::Check { actor, result, cause: cause.into() });
    let label = procedure
        .grades
        .iter()
        .find(|g| g.node.grade == grade)
        .map(|g| g.node.label.node.as_str().to_string());
    Ok(CheckOutcome { grade, label, totals, names })
}

/// A grade from a whole number, or a map's `grade` and named values; the error says what
/// was wrong with it.
fn read_result(value: Dynamic) -> Result<(u32, OutcomeNames, Vec<i64>), String> {
    let grade_of = |value: i64| {
        u32::try_from(value).map_err(|_| format!("the grade {value}; a grade is 0 or more"))
    };
    if let Ok(grade) = value.as_int() {
        let grade = grade_of(grade)?;
        let names = OutcomeNames { margin: i64::from(grade), ..OutcomeNames::default() };
        return Ok((grade, names, Vec::new()));
    }
    let type_name = value.type_name();
    let Some(map) = value.try_cast::<rhai::Map>() else {
        return Err(format!("{type_name}, not a grade or a map such as #{{grade: 2, margin: 1}}"));
    };
    let mut grade = None;
    let mut names = OutcomeNames::default();
    let mut margin = None;
    let mut totals = Vec::new();
    for (key, value) in map {
        let key = key.to_ascii_lowercase().replace(' ', "_");
        if key == "critical" {
            names.critical =
                Some(value.as_bool().map_err(|t| format!("`critical` as {t}, not true or false"))?);
            continue;
        }
        let number = value.as_int().map_err(|t| format!("`{key}` as {t}, not a whole number"))?;
        match key.as_str() {
            "grade" => grade = Some(grade_of(number)?),
            "margin" => margin = Some(number),
            "successes" => names.successes = Some(number),
            "success_number" => names.success_number = Some(number),
            "natural" => names.natural = Some(number),
            "total" => {
                names.total.get_or_insert(number);
                totals.push(number);
            }
            _ => return Err(format!("the unknown key `{key}`; a result map holds {RESULT_KEYS}")),
        }
    }
    let grade = grade.ok_or_else(|| "a map without `grade`".to_string())?;
    names.margin = margin.unwrap_or(i64::from(grade));
    Ok((grade, names, totals))
}

/// True when `spec`'s procedure (else the system's default) is defined by a script.
pub(crate) fn is_scripted(rules: &Rules, spec: &CheckSpec) -> bool {
    if !rules.scripts.as_ref().is_some_and(|scripts| scripts.has_scripted_checks()) {
        return false;
    }
    let name = spec.procedure.as_ref().map(|p| &p.node);
    super::checks::find_procedure(rules, name, Span::NONE).is_ok_and(|(_, p)| p.script.is_some())
}

/// A power's `Check:` line through a scripted procedure: the user rolls once for every
/// target (against the first target's threshold), or each target rolls its own
/// (`Check: target's [...]`), as for the other procedures. Grades each of `outcomes` (one
/// per target, by name, with its threshold) in place.
pub(crate) fn power_outcomes(
    game: &mut super::Game,
    context: &Context<'_>,
    spec: &CheckSpec,
    outcomes: &mut TargetOutcomes,
    span: Span,
) -> Result<(), RuntimeError> {
    let rules = context.rules;
    let name = spec.procedure.as_ref().map(|p| &p.node);
    let (_, procedure) = super::checks::find_procedure(rules, name, span)?;
    let Some(function) = procedure.script else {
        outcomes.clear();
        return Ok(());
    };
    let modifier_of = |world: &World, roller: &str| -> Result<i64, RuntimeError> {
        let actor = world.actor(roller).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
        let scope = LineScope {
            weapon: context.weapon,
            trigger: context.trigger,
            extra: context.outcome,
            ..LineScope::of(rules, actor)
        };
        let value = evaluate(&spec.modifier, &scope, LineContext::Check)
            .map_err(|e| RuntimeError::from(e).or_at(span))?;
        Ok(value.round(context.rounding).saturating_add(check_bonus(rules, actor)))
    };
    let per_target = spec.roller == crate::model::common::CheckRoller::Target;
    let mut shared: Option<CheckOutcome> = None;
    for target in outcomes.iter_mut() {
        let graded = match &shared {
            Some(outcome) => outcome.clone(),
            None => {
                let roller = if per_target { target.name.as_str() } else { context.user };
                let inputs = Inputs {
                    modifier: modifier_of(&game.world, roller)?,
                    threshold: target.threshold.unwrap_or(0),
                    ..Inputs::default()
                };
                let outcome = run(rules, &mut game.world, &procedure, function, roller, inputs)
                    .map_err(|e| e.or_at(span))?;
                if !per_target {
                    shared = Some(outcome.clone());
                }
                outcome
            }
        };
        target.grade = graded.grade;
        target.names = graded.names.pairs();
    }
    Ok(())
}
