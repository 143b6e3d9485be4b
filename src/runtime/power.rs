//! The power pipeline, in this order: While/Prereq -> Trigger -> Cost -> Before -> Target ->
//! Threshold per target -> Check (one roll shared by all targets) -> grade per target ->
//! Result/Effect lines whose grade gate is met -> After. Each step reads the typed power
//! lines; nothing is re-parsed. The caller ([`Game::use_power`](super::Game::use_power))
//! runs it as one transaction.

use crate::diagnostics::{Span, Spanned};
use crate::engine::text::same_name;
use crate::engine::{Key, ShortList};
use crate::model::common::CheckRoller;
use crate::model::expr::{LineContext, evaluate};
use crate::model::power::{GradeGate, SHARED_ROLL, TARGET_NUMBER};
use crate::model::procedure::{gate_grade, reads_roll};
use crate::model::references::References;
use crate::model::{Block, Cost, Expr, PowerLine};

use super::Game;
use super::checks::{Against, Found, find_check, rolled};
use super::effects::{Context, execute};
use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::journal::Part;
use super::power_lines::{Kinds, PowerLines};
use super::procedures::settle_for_power;
use super::relations::{pair_delta, relative_delta};
pub(crate) use super::requirement::holds;
use super::requirement::holds_at;
use super::rules::Rules;
use super::scope::LineScope;

/// A request to use a power.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PowerUse {
    /// Who uses it.
    pub actor: String,
    /// The power's name.
    pub power: String,
    /// The chosen targets by actor name; empty for `Target: Self`.
    pub targets: Vec<String>,
    /// Choices and circumstances.
    pub options: PowerOptions,
}

/// Choices made when using a power.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PowerOptions {
    /// The trigger a reaction answers (required when the power has a `Trigger:` line).
    pub trigger: Option<String>,
    /// An ally's grade added to one die of the check.
    pub aid: i64,
    /// The weapon to use; default: the actor's first equipped weapon.
    pub weapon: Option<String>,
    /// The triggering event's values by name (`Threshold`, `Damage`), read by a triggered
    /// power's `Trigger's Threshold`.
    pub trigger_values: Vec<(String, i64)>,
    /// Extra resources spent on this use beyond its cost (`spending 2 Sg`): paid right after
    /// the cost (a shortfall fails the whole use, changing nothing), and their sum is `Spent`
    /// on the power's Result and Effect lines (`Result: [Weapon + Spent] damage`).
    pub spending: Vec<(String, i64)>,
    /// `at q,r`: where an area is centred or aimed (a path's waypoints, in order).
    pub aim: Vec<crate::engine::Hex>,
    /// `to q,r`: where a `move`/`walk`/`shift`/`fly`/`teleport` effect takes its mover.
    pub destination: Option<crate::engine::Hex>,
    /// `choosing Blades`: the stats a `Choose:` line binds for this use.
    pub choices: Vec<String>,
    /// `threshold 14`: the number a `Threshold: set by GM` line takes for this use.
    pub threshold: Option<i64>,
    /// `choosing 3`: the amount a `Cost: choose 1-5 Vigor` part pays for this use, read as
    /// `Chosen` (and counted in `Spent`) on the use's lines.
    pub chosen: Option<i64>,
    /// The use is an effect line's `use Cross Thorns`: the user need not list the power.
    pub by_effect: bool,
}

impl PowerUse {
    /// `actor` uses `power`.
    pub fn new(actor: &str, power: &str) -> Self {
        PowerUse { actor: actor.to_string(), power: power.to_string(), ..PowerUse::default() }
    }

    /// With these targets.
    pub fn at<'a>(mut self, targets: impl IntoIterator<Item = &'a str>) -> Self {
        self.targets = targets.into_iter().map(str::to_string).collect();
        self
    }
}

/// The `(name, value)` pairs a check bound for one target, in binding order, held inline: a
/// check binds at most seven ([`crate::model::procedure::OUTCOME_NAMES`]) and a Result line
/// adds `Spent`, `Chosen` and a `Roll:` line's `Roll`, so grading a target allocates
/// nothing. Reads, compares and prints as a slice of pairs (`names[0]`, `names ==
/// [("Margin", 3)]`).
pub type BoundNames = crate::engine::ShortList<(&'static str, i64), 10>;

/// What happened to one target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetOutcome {
    /// The target's name, shared with the world's name cache (no copy per use); reads and
    /// compares as a `&str` (`name == "Bo"`, `name.as_str()`).
    pub name: crate::engine::SharedText,
    /// Its threshold, if the power has one.
    pub threshold: Option<i64>,
    /// The grade the shared roll reached against it (1 when the power has no check).
    pub grade: u32,
    /// The outcome names the check bound for this target's Result lines (`Margin`,
    /// `Success Number`; empty when the power has no check or a pool check), held inline.
    pub names: BoundNames,
}

/// The target outcomes of one use, in request order: the usual single target is held
/// inline (no allocation); reads as a slice (`targets[0]`, `targets.len()`).
pub type TargetOutcomes = ShortList<TargetOutcome, 1>;

/// The outcome of a power.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PowerOutcome {
    /// Per target, in request order (empty while an invested power waits).
    pub targets: TargetOutcomes,
    /// True when `Invest:` queued the resolution for a later segment.
    pub queued: bool,
}

/// How much of the pipeline to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// A new use: everything.
    Use,
    /// An invested or sustained resolution: requirements, trigger, cost and Before were
    /// done when the power was used.
    Resolve,
    /// A Halt test: thresholds and the check only, no effects.
    Test,
}

pub(crate) use crate::model::keywords::power_lines as lines;

impl Game {
    /// Uses a power through the whole pipeline as one command: on any error nothing changes.
    pub fn use_power(&mut self, request: &PowerUse) -> Result<PowerOutcome, RuntimeError> {
        self.command_journaled(|game| game.run_power(request, Stage::Use))
    }

    pub(crate) fn run_power(
        &mut self,
        request: &PowerUse,
        stage: Stage,
    ) -> Result<PowerOutcome, RuntimeError> {
        let rules = std::sync::Arc::clone(&self.rules);
        let each = match stage {
            Stage::Use => super::gear::each_weapon(&rules, &self.world, request)?,
            Stage::Resolve | Stage::Test => None,
        };
        let Some((weapons, span)) = each else {
            return run(self, &rules, request, stage, false);
        };
        // One use with each weapon: the first pays the quota and the cost, each attack rolls
        // its own check against its own defences.
        let mut targets = Vec::new();
        let mut queued = false;
        for (index, weapon) in weapons.iter().enumerate() {
            if weapons.len() > 1 {
                self.world.narrate(format!("{} attacks with {weapon}", request.actor), span);
            }
            let mut each = request.clone();
            each.options.weapon = Some(weapon.clone());
            let outcome = run(self, &rules, &each, stage, index > 0)?;
            targets.extend(outcome.targets);
            queued |= outcome.queued;
        }
        Ok(PowerOutcome { targets: TargetOutcomes::from(targets), queued })
    }
}

/// How deep `use` effects may run powers inside each other (a power whose lines use
/// itself) before the command fails instead of looping.
const USE_DEPTH: u8 = 16;

/// `use Cross Thorns` on an effect line: `user` uses the power (all of its pipeline, no
/// targets named, so `Target: Self` is the user) inside the running command.
pub(crate) fn use_from_effect(
    game: &mut Game,
    user: &str,
    power: &crate::diagnostics::Spanned<crate::model::Name>,
    span: Span,
) -> Result<(), RuntimeError> {
    if game.reacting >= USE_DEPTH {
        let message = format!("`use {}` ran powers more than {USE_DEPTH} deep", power.node);
        let kind = crate::engine::EngineErrorKind::Internal(message);
        return Err(RuntimeErrorKind::Engine(kind).at(span));
    }
    let mut request = PowerUse::new(user, power.node.as_str());
    request.options.by_effect = true;
    game.reacting += 1;
    let result = game.run_power(&request, Stage::Use);
    game.reacting -= 1;
    result.map(|_| ()).map_err(|e| e.or_at(power.span))
}

/// What every step of one power use shares.
pub(crate) struct Pipeline<'a> {
    /// The rules, weapon, user and rounding.
    pub(crate) context: Context<'a>,
    /// The power block.
    pub(crate) block: &'a Block,
    /// Its lines, with the kinds among them.
    pub(crate) lines: PowerLines<'a>,
    /// The request.
    pub(crate) request: &'a PowerUse,
    /// The `Minimum range:` of the weapon the use uses, with its line: nearer targets are
    /// refused.
    pub(crate) minimum_range: Option<(i64, Span)>,
}

pub(crate) fn engine(kind: crate::engine::EngineErrorKind) -> RuntimeError {
    RuntimeErrorKind::Engine(kind).at(Span::NONE)
}

/// Runs one use of a power; `further`: a further weapon of a use `with each weapon`
/// (`Weapons: each`), whose quota, requirements, cost and Before lines the first weapon's
/// run already met.
fn run(
    game: &mut Game,
    rules: &Rules,
    request: &PowerUse,
    stage: Stage,
    further: bool,
) -> Result<PowerOutcome, RuntimeError> {
    let block = rules
        .powers
        .find(&request.power)
        .ok_or_else(|| unknown("power", &request.power, rules.powers.names()).at(Span::NONE))?;
    let written = PowerLines::of(block);
    let bound = super::choices::bind(rules, block, written, &request.options)?;
    let (block, lines) = match &bound {
        Some(bound) => (bound, PowerLines::of(bound)),
        None => (block, written),
    };
    let power_name = block.name.node.as_str();
    let user = game.world.actor(&request.actor).map_err(engine)?;
    // A power is usually listed as its block names it: the exact compare is inline.
    let known = |p: &String| same_name(p, power_name) || p.eq_ignore_ascii_case(power_name);
    if !request.options.by_effect && !user.powers.iter().any(known) {
        let (actor, power) = (request.actor.clone(), power_name.to_string());
        return Err(RuntimeErrorKind::PowerNotKnown { actor, power }.at(block.name.span));
    }
    if let Some(line) = lines.first(Kinds::DEFENCE) {
        let power = power_name.to_string();
        return Err(RuntimeErrorKind::DefenceAlone { power }.at(line.span));
    }
    let named = request.options.weapon.as_deref();
    let (weapon_name, weapon) = super::gear::carried(rules, user, named)
        .map_err(|error| super::ground::explain(game, error))?;
    // An upgrade's limit counts each resolution it modifies: a use (an invested one when it
    // resolves later) and each sustained re-resolution; a halting test only reads the count.
    let resolves = match stage {
        Stage::Use => !lines.has(Kinds::INVEST),
        Stage::Resolve => true,
        Stage::Test => false,
    };
    // Only a use that may invest keeps the weapon's name (as the request or equipment writes
    // it, for the queue): its power has an `Invest:` line, or an upgrade may swap one in.
    let may_invest = stage == Stage::Use && (!resolves || !user.traits.is_empty());
    let weapon_name = weapon_name.filter(|_| may_invest).map(str::to_string);
    // Most users have no upgrades: their power is the block as written, borrowed.
    let effective = if user.traits.is_empty() {
        std::borrow::Cow::Borrowed(block)
    } else {
        super::upgrade::effective(game, rules, block, weapon, &request.actor, resolves)?
    };
    let block: &Block = &effective;
    // A modified power is indexed again (the same pass); the usual one keeps its index.
    let lines = match &effective {
        std::borrow::Cow::Borrowed(_) => lines,
        std::borrow::Cow::Owned(modified) => PowerLines::of(modified),
    };
    if stage == Stage::Use && !further && lines.has(Kinds::LIMIT) {
        super::limits::use_power(game, &request.actor, block, lines)?;
    }
    // A queued resolution names the weapon its use carried; only a new use's own naming
    // makes a power that does not read its weapon use it.
    let named = stage == Stage::Use && request.options.weapon.is_some();
    let demanded = super::gear::demands(game, rules, weapon, block, request, named)?;
    let (weapon, minimum_range) = (demanded.weapon, demanded.minimum);
    if let Some((note, span)) = demanded.fallback
        && stage == Stage::Use
    {
        game.world.narrate(note, span);
    }
    let trigger = request.options.trigger_values.as_slice();
    // The use-time numbers, read on the Cost, Threshold, Check and Result lines: what the
    // use spends beyond its cost, and the amount it picks for a chosen cost (paid, so spent).
    let spent = request.options.spending.iter().map(|(_, n)| *n).sum::<i64>();
    let chosen = match stage {
        Stage::Use if !further => {
            super::chosen_cost::pick(game, rules, (block, &lines), weapon, request, spent)?
        }
        Stage::Use | Stage::Resolve | Stage::Test => None,
    };
    let chosen = chosen.unwrap_or(0);
    let use_names = [("Spent", spent.saturating_add(chosen)), ("Chosen", chosen)];
    let context = Context {
        weapon,
        trigger,
        outcome: &use_names,
        destination: request.options.destination,
        power: Some(crate::model::keywords::power_lines(block)),
        ..Context::of(rules, &request.actor)
    };
    let pipeline = Pipeline { context, block, lines, request, minimum_range };
    if stage == Stage::Use && !further {
        super::power_rules::check(game, rules, block, weapon, request)?;
        pay_and_prepare(game, &pipeline)?;
        super::ticks::spend(game, rules, &request.actor, block)?;
        super::hooks::zero_checkpoint(game, block.name.span)?;
    }
    let targets = super::targets::choose_targets(game, &pipeline, stage)?;
    if stage == Stage::Use && pipeline.lines.has(Kinds::WHILE | Kinds::PREREQ | Kinds::TRIGGER) {
        super::requirement::per_target(game, &pipeline, &targets)?;
    }
    if stage == Stage::Use
        && let Some(segments) = invested(game, &pipeline)?
    {
        queue(game, request, &targets, weapon_name, Some(segments), power_name);
        return Ok(PowerOutcome { targets: TargetOutcomes::default(), queued: true });
    }
    resolve(game, &pipeline, &targets, stage)
}

/// While/Prereq, Trigger, Cost and Before: the steps that happen when a power is used.
fn pay_and_prepare(game: &mut Game, pipeline: &Pipeline<'_>) -> Result<(), RuntimeError> {
    let (context, block, request) = (&pipeline.context, pipeline.block, pipeline.request);
    let (rules, weapon) = (context.rules, context.weapon);
    let power_name = block.name.node.as_str();
    let rounding = rules.rounding;
    // While and Prereq lines, and what a Trigger line says must hold with the events the
    // request vouches for (`and you are Defending`); one that reads the target holds per
    // target, once they are chosen. A reaction's trigger must be named first.
    if pipeline.lines.has(Kinds::TRIGGER) && request.options.trigger.is_none() {
        for line in pipeline.lines.each(Kinds::TRIGGER) {
            let PowerLine::Trigger(trigger) = &line.node else { continue };
            let (power, trigger) = (power_name.to_string(), trigger.to_string());
            return Err(RuntimeErrorKind::TriggerMissing { power, trigger }.at(line.span));
        }
    }
    for line in pipeline.lines.each(Kinds::WHILE | Kinds::PREREQ | Kinds::TRIGGER) {
        let (PowerLine::While(requirement)
        | PowerLine::Prereq(requirement)
        | PowerLine::Trigger(requirement)) = &line.node
        else {
            continue;
        };
        if super::requirement::reads_target(requirement) {
            continue;
        }
        let user = game.world.actor(&request.actor).map_err(engine)?;
        let asked = super::requirement::Asked { power: Some((block, weapon)), attack: None };
        let cell = request.options.destination;
        if !holds_at((rules, &game.world), requirement, (user, None), (asked, cell), &[])? {
            let requirement = requirement.to_string();
            let (actor, power) = (request.actor.clone(), power_name.to_string());
            return Err(RuntimeErrorKind::Requirement { actor, power, requirement }.at(line.span));
        }
    }

    // Cost: all or nothing.
    for line in pipeline.lines.each(Kinds::COST) {
        let PowerLine::Cost(cost) = &line.node else { continue };
        match cost {
            Cost::Resources(parts) => {
                let user = game.world.actor(&request.actor).map_err(engine)?;
                let scope =
                    LineScope { weapon, extra: context.outcome, ..LineScope::of(rules, user) };
                // A cost has a part or two: their amounts stay on the stack.
                let mut amounts = ShortList::<(Key, i64), 4>::default();
                let mut from_pools = Vec::new();
                for part in parts {
                    // A chosen amount pays what the use picked.
                    let amount = match part.up_to {
                        Some(_) => chosen_of(context),
                        None => scope.amount(&part.amount, LineContext::Cost, rounding)?,
                    };
                    let resource = part.resource.node.as_str();
                    // A world pool (fed by a check) is spent from the world, not the actor.
                    if rules.fed_pools.iter().any(|pool| part.resource.node.matches(pool))
                        && !user.resources.contains_key(resource)
                    {
                        from_pools.push((resource, amount));
                    } else {
                        amounts.push((rules.resource_key(&part.resource.node), amount));
                    }
                }
                for (pool, needed) in &from_pools {
                    let available = game.world.pools.get(*pool).copied().unwrap_or(0);
                    if *needed > available {
                        let kind = crate::engine::EngineErrorKind::CannotPay {
                            actor: "the world".to_string(),
                            resource: (*pool).to_string(),
                            needed: *needed,
                            available,
                            short: needed - available,
                        };
                        return Err(RuntimeErrorKind::Engine(kind).at(line.span));
                    }
                }
                game.pay(&request.actor, &amounts, line.span)?;
                for (pool, needed) in from_pools {
                    game.remember(&request.actor, Part::Pool(pool));
                    game.world.change_pool(pool, -needed, line.span);
                }
            }
            Cost::Narration(text) => game.world.narrate(text.text.clone(), line.span),
        }
    }
    if !request.options.spending.is_empty() {
        let extra: Vec<(Key, i64)> =
            request.options.spending.iter().map(|(name, n)| (name.as_str().into(), *n)).collect();
        if let Some((resource, amount)) = extra.iter().find(|(_, n)| *n < 0) {
            let kind = RuntimeErrorKind::NegativeSpending {
                resource: resource.as_str().to_string(),
                amount: *amount,
            };
            return Err(kind.at(block.name.span));
        }
        game.pay(&request.actor, &extra, block.name.span)?;
    }

    for line in pipeline.lines.each(Kinds::BEFORE) {
        if let PowerLine::Before(effects) = &line.node {
            execute(game, context, effects, None, None, line.span)?;
        }
    }
    Ok(())
}

/// The segments an `Invest:` line delays resolution by, when an encounter is running (out of
/// encounters there are no segments to wait for: the power resolves at once, and the log
/// says so at the line).
fn invested(game: &mut Game, pipeline: &Pipeline<'_>) -> Result<Option<i64>, RuntimeError> {
    let (context, request) = (&pipeline.context, pipeline.request);
    let (rules, weapon) = (context.rules, context.weapon);
    if game.world.encounter.is_none() {
        for line in pipeline.lines.each(Kinds::INVEST) {
            no_encounter(game, pipeline.block, line, "it resolves now");
        }
        return Ok(None);
    }
    for line in pipeline.lines.each(Kinds::INVEST) {
        if let PowerLine::Invest(amount) = &line.node {
            let user = game.world.actor(&request.actor).map_err(engine)?;
            let scope = LineScope { weapon, ..LineScope::of(rules, user) };
            let segments = scope
                .amount(amount, LineContext::Result, rules.rounding)
                .map_err(|e| RuntimeError::from(e).or_at(line.span))?;
            return Ok(Some(segments));
        }
    }
    Ok(None)
}

/// Says at `line` that no encounter runs for it to wait or go on in, and what happens
/// instead: a line that silently did not apply would read as one that did.
fn no_encounter(game: &mut Game, block: &Block, line: &Spanned<PowerLine>, instead: &str) {
    let so = format!("{instead} (`{}`)", line.node);
    super::encounter::no_encounter(game, block.name.node.as_str(), &so, line.span);
}

/// Keeps a power use in the encounter: due after `segments`, or sustained when `None`.
fn queue(
    game: &mut Game,
    request: &PowerUse,
    targets: &[String],
    weapon: Option<String>,
    segments: Option<i64>,
    power: &str,
) {
    let now = game.segment_clock();
    let due = segments.map(|n| now.saturating_add(n));
    let queued = crate::engine::QueuedPower {
        actor: request.actor.clone(),
        power: power.to_string(),
        targets: targets.to_vec(),
        weapon,
        aid: request.options.aid,
        due,
        choices: request.options.choices.clone(),
        threshold: request.options.threshold,
    };
    let text = match segments {
        Some(n) => format!("{} invests in {power}: it resolves in {n} segment(s)", request.actor),
        None => format!("{} sustains {power}", request.actor),
    };
    if let Some(encounter) = game.world.encounter.as_mut() {
        encounter.queued.push(queued);
    }
    game.world.narrate(text, Span::NONE);
}

/// Thresholds, the shared check, grades, and (unless testing) Results, Effects and After.
fn resolve(
    game: &mut Game,
    pipeline: &Pipeline<'_>,
    targets: &[String],
    stage: Stage,
) -> Result<PowerOutcome, RuntimeError> {
    let (context, block, request) = (&pipeline.context, pipeline.block, pipeline.request);
    let (rules, weapon) = (context.rules, context.weapon);
    let rounding = rules.rounding;

    // Thresholds per target, then one shared roll.
    let threshold_line = pipeline.lines.first(Kinds::THRESHOLD).and_then(|line| match &line.node {
        PowerLine::Threshold(expr) => Some((expr, line.span)),
        _ => None,
    });
    let check_line = pipeline.lines.first(Kinds::CHECK).and_then(|line| match &line.node {
        PowerLine::Check(spec) => Some((spec, line.span)),
        _ => None,
    });
    if check_line.is_some() {
        // A check may feed a world pool (alternative die) or spend from it (extra dice).
        for pool in &rules.fed_pools {
            game.remember(&request.actor, Part::Pool(pool));
        }
    }
    // Per target, graded 1 until the check (if any) grades it; the names are the world's
    // shared copies.
    let mut outcome = |target: &String| TargetOutcome {
        name: game.world.names.get(target),
        threshold: None,
        grade: 1,
        names: BoundNames::default(),
    };
    let mut outcomes = match targets {
        [one] => TargetOutcomes::one(outcome(one)),
        _ => TargetOutcomes::from(targets.iter().map(outcome).collect::<Vec<_>>()),
    };
    // The user is read once for the thresholds and the check's modifier (nothing in between
    // changes actors); the relative machinery is skipped unless some pair is related.
    let user = game.world.actor(&request.actor).map_err(engine)?;
    let mut keywords = None;
    // Per target its threshold.
    let mut all_found = true;
    for outcome in outcomes.iter_mut() {
        let found = game.world.actor(&outcome.name).map_err(engine);
        all_found &= found.is_ok();
        if let Ok(target) = &found {
            let lines = pipeline.lines.all();
            super::relations::note_related(&mut keywords, context, user, target, lines);
        }
        outcome.threshold = match threshold_line {
            Some((expr, span)) => {
                let target = found?;
                let trigger = context.trigger;
                let scope = LineScope {
                    target: Some(target),
                    weapon,
                    trigger,
                    extra: context.outcome,
                    ..LineScope::of(rules, user)
                };
                let value = evaluate(expr, &scope, LineContext::Threshold)
                    .map_err(|e| RuntimeError::from(e).or_at(span))?;
                let relative =
                    relative_delta(&scope, keywords.as_deref(), expr, LineContext::Threshold, true)
                        .map_err(|e| RuntimeError::from(e).or_at(span))?;
                Some(value.round(rounding).saturating_add(relative))
            }
            None => None,
        };
    }
    let keywords = keywords.as_deref();
    match check_line {
        Some((spec, span)) if spec.defence.is_some() || spec.defended => {
            let lines = pipeline.lines.all();
            let keywords = super::relations::power_keywords(lines, context.weapon);
            super::procedures::versus_outcomes(
                game,
                context,
                spec,
                &keywords,
                &mut outcomes,
                span,
            )?;
        }
        Some((spec, span)) if super::scripted_check::is_scripted(rules, spec) => {
            super::scripted_check::power_outcomes(game, context, spec, &mut outcomes, span)?;
        }
        Some((spec, span)) if spec.roller == CheckRoller::Target => {
            // Each target rolls its own check with its own values; the grade is its own.
            // Whether an analysis may explore the rolls by outcome: asked once, if at all.
            let mut outcome_only = None;
            for outcome in &mut outcomes {
                let (target, threshold) = (outcome.name.as_str(), outcome.threshold.unwrap_or(0));
                let roller = game.world.actor(target).map_err(engine)?;
                let trigger = context.trigger;
                let scope = LineScope {
                    weapon,
                    trigger,
                    extra: context.outcome,
                    ..LineScope::of(rules, roller)
                };
                // The defence counts the pair's relative modifiers, the roller defending.
                let attacker = game.world.actor(&request.actor).map_err(engine)?;
                let pair = LineScope {
                    target: Some(attacker),
                    weapon,
                    trigger,
                    ..LineScope::of(rules, roller)
                };
                let relative =
                    relative_delta(&pair, keywords, &spec.modifier, LineContext::Check, false)?;
                let modifier = evaluate(&spec.modifier, &scope, LineContext::Check)?
                    .round(rounding)
                    .saturating_add(super::scope::check_bonus(rules, roller))
                    .saturating_add(relative);
                let [spent, chosen] = use_names(context);
                let extra = [("Threshold", threshold), ("Modifier", modifier), spent, chosen];
                let scope = LineScope { extra: &extra, ..scope };
                let found = find_check(rules, spec.procedure.as_ref().map(|p| &p.node), span)?;
                // A one-sided procedure of another method (a d20 roll plus the modifier)
                // is rolled by the target the same way (check refuses two-sided ones).
                let settled = match &found {
                    Found::Other(other) => {
                        settle_for_power(other, threshold, modifier, &scope, span)?
                    }
                    Found::Pool(_) => None,
                };
                let graded = match settled {
                    Some(settled) => {
                        let asked =
                            || *outcome_only.get_or_insert_with(|| explores_outcomes(game, block));
                        let settled = settled.read_for_outcome_if(asked);
                        settled.run(&mut game.world, target, None)?
                    }
                    None => {
                        let prepared = found.prepare(rules, &scope, span)?;
                        let against = Against { modifier, threshold, aid: 0 };
                        let read_by = Some(std::slice::from_ref(&against));
                        let roll = prepared.roll_logged(&mut game.world, target, span, read_by)?;
                        let totals = prepared.totals(rolled(&game.world, roll), modifier);
                        prepared.grade_logged(&mut game.world, target, totals, against, span, false)
                    }
                };
                outcome.threshold = Some(threshold);
                outcome.grade = graded.grade;
                outcome.names = graded.names.pairs();
            }
        }
        Some((spec, span)) => {
            let trigger = context.trigger;
            let scope =
                LineScope { weapon, trigger, extra: context.outcome, ..LineScope::of(rules, user) };
            let modifier = evaluate(&spec.modifier, &scope, LineContext::Check)?
                .round(rounding)
                .saturating_add(super::scope::check_bonus(rules, user));
            let [spent, chosen] = use_names(context);
            let extra = [
                ("Threshold", outcomes.first().and_then(|o| o.threshold).unwrap_or(0)),
                ("Modifier", modifier),
                spent,
                chosen,
            ];
            let found = find_check(rules, spec.procedure.as_ref().map(|p| &p.node), span)?;
            // A procedure with its own method rolls once for every target; each target's
            // threshold and the pair's relative modifiers (a grant to attackers, `-2 Attack
            // vs Ranged`) are its own, settled before the roll.
            let procedure = match &found {
                Found::Other(other) => Some(other),
                Found::Pool(_) => None,
            };
            // The first target's reading, and the others' (no allocation for one target).
            let (mut first, mut others) = (None, Vec::new());
            if let Some(procedure) = procedure {
                for (index, outcome) in outcomes.iter().enumerate() {
                    let threshold = outcome.threshold.unwrap_or(0);
                    let relative = match keywords {
                        Some(_) => pair_delta(
                            game,
                            context,
                            &outcome.name,
                            keywords,
                            &spec.modifier,
                            span,
                        )?,
                        None => 0,
                    };
                    let modifier = modifier.saturating_add(relative);
                    let settled = settle_for_power(procedure, threshold, modifier, &scope, span)?;
                    let reading = ((threshold, modifier), settled);
                    match index {
                        0 => first = Some(reading),
                        _ => others.push(reading),
                    }
                }
            }
            if let (Some(procedure), Some((read_first, Some(settled)))) = (procedure, first) {
                // One roll, read by the first target's settlement, then against each other
                // target's own number and modifier.
                let one_reading = others.iter().all(|(read, _)| *read == read_first);
                let settled =
                    settled.read_for_outcome_if(|| one_reading && explores_outcomes(game, block));
                let graded = settled.run(&mut game.world, &request.actor, None)?;
                let mut outcomes_iter = outcomes.iter_mut();
                if let Some(outcome) = outcomes_iter.next() {
                    outcome.grade = graded.grade;
                    outcome.names = graded.names.pairs();
                }
                for (outcome, (read, settled)) in outcomes_iter.zip(others) {
                    let mine = if read == read_first {
                        graded.clone()
                    } else {
                        settled
                            .and_then(|s| s.regrade(&mut game.world, &request.actor, &graded))
                            .ok_or_else(|| {
                                let message = format!(
                                    "{} rolls once for every target, and {}'s one roll cannot \
                                     be read two ways (threshold {}, modifier {}; threshold \
                                     {}, modifier {})",
                                    block.name.node,
                                    procedure.name,
                                    read_first.0,
                                    read_first.1,
                                    read.0,
                                    read.1
                                );
                                let hint = "give the targets one threshold, or the power one \
                                            target";
                                RuntimeErrorKind::Flow { message, hint: hint.into() }.at(span)
                            })?
                    };
                    outcome.grade = mine.grade;
                    outcome.names = mine.names.pairs();
                }
            } else {
                let scope = LineScope { extra: &extra, ..scope };
                let prepared = found.prepare(rules, &scope, span)?;
                // Each target's number and modifier, settled before the roll (the roll is
                // read by nothing else: one target's costs no allocation).
                let mut read_by = ShortList::<Against, 1>::with_capacity(outcomes.len());
                for outcome in &outcomes {
                    let threshold = outcome.threshold.unwrap_or(0);
                    // With every target there and no pair related, no pair adds anything.
                    let relative = if keywords.is_none() && all_found {
                        0
                    } else {
                        pair_delta(game, context, &outcome.name, keywords, &spec.modifier, span)?
                    };
                    let modifier = modifier.saturating_add(relative);
                    read_by.push(Against { modifier, threshold, aid: request.options.aid });
                }
                let actor = &request.actor;
                let roll = prepared.roll_logged(&mut game.world, actor, span, Some(&read_by))?;
                for (outcome, against) in outcomes.iter_mut().zip(read_by.iter()) {
                    let totals = prepared.totals(rolled(&game.world, roll), against.modifier);
                    let graded = prepared.grade_logged(
                        &mut game.world,
                        actor,
                        totals,
                        *against,
                        span,
                        false,
                    );
                    outcome.threshold = Some(against.threshold);
                    outcome.grade = graded.grade;
                    outcome.names = graded.names.pairs();
                }
            }
        }
        None => {}
    }

    if stage == Stage::Test {
        return Ok(PowerOutcome { targets: outcomes, queued: false });
    }
    // Results and Effects per target, gated by grade. A check the target rolls is a
    // defence: the power lands at every grade, so a bare `Result:` is not success-only.
    let defended = check_line.is_some_and(|(spec, _)| spec.roller == CheckRoller::Target);
    // The `Roll:` line's value: rolled at the first Result or Effect line that applies, then
    // the same for every line and target.
    let mut shared = None;
    // The procedure named gates read labels from: found at the first one, kept for the rest.
    let mut gate_procedure = None;
    for (place, outcome) in (1i64..).zip(&outcomes) {
        // The bound names plus `Spent`, `Chosen` and the target's place in the order struck.
        let mut names = outcome.names.clone();
        let [spent, chosen] = use_names(context);
        names.push(spent);
        names.push(chosen);
        names.push((TARGET_NUMBER, place));
        let grade = Some(i64::from(outcome.grade));
        for line in pipeline.lines.each(Kinds::RESULT | Kinds::EFFECT) {
            let (applies, effects) = match &line.node {
                PowerLine::Result { grade, gate, effects } => {
                    let (named, holds) = match gate {
                        GradeGate::Named(name) => {
                            let procedure = gate_procedure
                                .get_or_insert_with(|| power_procedure(rules, check_line));
                            let system = rules.grade_labels.iter();
                            let named = gate_grade(procedure.as_ref(), system, name.node.as_str());
                            (named, false)
                        }
                        // `Critical` is a grade only where the system labels one so; a
                        // procedure's own `Critical` label names a grade in the log, and its
                        // `Critical:` line sets the flag this gate reads.
                        GradeGate::Critical => {
                            let named = gate_grade(None, rules.grade_labels.iter(), "Critical");
                            (named, names.contains(&("Critical", 1)))
                        }
                        GradeGate::If(when) => {
                            let context = Context { outcome: &names, ..*context };
                            let (target, rolled) = (outcome.name.as_str(), outcome.grade);
                            let holds = super::flow::gate_holds(
                                game,
                                &context,
                                &when.node,
                                Some(target),
                                Some(i64::from(rolled)),
                            )?;
                            (None, holds)
                        }
                        _ => (None, false),
                    };
                    let number = grade.as_ref().map(|g| g.node);
                    let bare = u32::from(!defended);
                    (gate.admits(number, named, outcome.grade, bare, holds), effects)
                }
                PowerLine::Effect { grade, effects } => {
                    (outcome.grade >= grade.as_ref().map_or(0, |g| g.node), effects)
                }
                _ => continue,
            };
            if applies {
                if pipeline.lines.has(Kinds::ROLL)
                    && !names.iter().any(|(name, _)| *name == SHARED_ROLL)
                {
                    names.push((SHARED_ROLL, shared_roll(game, pipeline, &mut shared)?));
                }
                let context = Context { outcome: &names, ..*context };
                execute(game, &context, effects, Some(outcome.name.as_str()), grade, line.span)?;
            }
        }
    }
    for line in pipeline.lines.each(Kinds::AFTER) {
        if let PowerLine::After(effects) = &line.node {
            let first = outcomes.first().map(|o| o.name.as_str());
            execute(game, context, effects, first, None, line.span)?;
        }
    }
    let sustained = pipeline.lines.has(Kinds::SUSTAIN);
    if stage == Stage::Use && sustained {
        if game.world.encounter.is_some() {
            let weapon = weapon.map(|w| w.name.node.as_str().to_string());
            let targets: Vec<String> = outcomes.iter().map(|o| o.name.to_string()).collect();
            queue(game, request, &targets, weapon, None, block.name.node.as_str());
        } else {
            for line in pipeline.lines.each(Kinds::SUSTAIN) {
                no_encounter(game, block, line, "it is not sustained");
            }
        }
    }
    Ok(PowerOutcome { targets: outcomes, queued: false })
}

/// The value of the power's `Roll:` line: `shared` once rolled, else rolled now (with the
/// use's numbers, no target: one roll for every target) and kept in `shared`.
fn shared_roll(
    game: &mut Game,
    pipeline: &Pipeline<'_>,
    shared: &mut Option<i64>,
) -> Result<i64, RuntimeError> {
    if let Some(value) = *shared {
        return Ok(value);
    }
    let Some(line) = pipeline.lines.first(Kinds::ROLL) else { return Ok(0) };
    let PowerLine::Roll(amount) = &line.node else { return Ok(0) };
    let context = &pipeline.context;
    let value = super::effects::amount(game, context, amount, None, None)
        .map_err(|e| e.or_at(line.span))?;
    let text = format!("{} rolls once for every target: Roll = {value}", context.user);
    game.world.narrate(text, line.span);
    *shared = Some(value);
    Ok(value)
}

/// `Chosen`, the amount the use picked for its chosen cost (0 when it picks none).
fn chosen_of(context: &Context<'_>) -> i64 {
    use_names(context)[1].1
}

/// `Spent` and `Chosen`, the use-time numbers the pipeline's context carries from the start
/// of the use.
fn use_names(context: &Context<'_>) -> [(&'static str, i64); 2] {
    let find = |wanted: &'static str| {
        let found = context.outcome.iter().find(|(name, _)| *name == wanted);
        found.copied().unwrap_or((wanted, 0))
    };
    [find("Spent"), find("Chosen")]
}

/// The procedure a power whose Check line is `check_line` checks with, for its named gates
/// ([`gate_grade`]); found once per use, at the first named gate.
fn power_procedure<'a>(
    rules: &'a Rules,
    check_line: Option<(&crate::model::CheckSpec, Span)>,
) -> Option<crate::model::procedure::Procedure<'a>> {
    let (spec, _) = check_line?;
    let name = spec.procedure.as_ref().map(|p| &p.node);
    super::checks::find_procedure(rules, name, Span::NONE).ok().map(|(_, procedure)| procedure)
}

/// Whether an analysis explores `block`'s use one roll plus modifier per outcome: the
/// roller explores, and no line of the power reads the roll beyond its success and critical
/// (no `Margin`, `Natural`, `Total`, ... in any expression), so rolls with the same outcome
/// run the same way.
fn explores_outcomes(game: &Game, block: &Block) -> bool {
    if game.world.roller.exploration().is_none() {
        return false;
    }
    let references = References::of(&block.body);
    let reads_the_roll = |expr: &Spanned<Expr>| {
        let mut reads = false;
        expr.node.visit(
            &mut |node, _| reads |= matches!(node, Expr::Name(name) if reads_roll(name.as_str())),
            expr.span,
        );
        reads
    };
    let expressions = references.expressions.iter().chain(&references.script_calls);
    !expressions.map(|(expr, _)| *expr).any(reads_the_roll)
}
