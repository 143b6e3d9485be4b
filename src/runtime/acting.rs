//! Scripts that act on the game: the host of `script f(Target, Grade)` effect phrases and of
//! event hooks. For the length of one call the running [`Game`] is moved into the host, so
//! every actor function goes through the engine's own paths (damage through the effect path
//! with layers, resistances and the event log; dice from the world's roller) and records its
//! old values in the command's undo journal. A failing call therefore fails the command, and
//! the command's transaction puts world, roller and log back exactly as they were.
//!
//! During a bracket expression there is no game in the host: a value must not roll dice or
//! change the world, so those functions answer [`HostError::Pure`]; the reading functions
//! answer from the actors the bracket passed (see [`reading`](super::reading)).

use crate::diagnostics::{Span, Spanned};
use crate::engine::PolicyDecider;
use crate::engine::{ActiveCondition, Decider, DecisionPoint, DecisionTaken};
use crate::model::effect::{Amount, Effect};
use crate::model::expr::{Expr, LineContext, Name, Number, evaluate};
use crate::script::{ActorHandle, Dynamic, HostError, ScriptHost, ScriptOutput, roll_notation};

use super::Game;
use super::effects::{Context, health_resource, stacking_of};
use super::error::{RuntimeError, RuntimeErrorKind};
use super::hooks::{EventData, fire};
use super::journal::Part;
use super::rules::Rules;
use super::scope::{LineScope, actor_value};
use crate::model::hook::HookEvent;

/// The game a script acts on during one call.
#[derive(Debug)]
pub(crate) struct Acting {
    /// The running game, moved in for the call and moved back after it.
    pub game: Game,
    /// The actor whose line (or hook) called the script.
    pub user: String,
    /// The rule line that called, for the events the script causes.
    pub span: Span,
    /// True during a scripted check procedure: the script may roll, read and decide, but
    /// not change the world (a check's changes would escape a power's undo journal).
    pub checking: bool,
}

/// How scripts' `decide` calls are answered. Outside [`Game::answering`] every question is
/// answered by the default policy (the first option). Inside it, the given answers are
/// replayed in order and the first question beyond them is noted and stops the script; the
/// command is then rolled back, the caller's decider asked, and the command run again.
///
/// [`Game::answering`]: super::Game
#[derive(Debug, Default)]
pub(crate) struct Answers {
    /// True while a decider stands behind the answers.
    pub asking: bool,
    /// The answers so far, in the order the questions come.
    pub given: Vec<DecisionTaken>,
    /// The next answer to hand out.
    pub next: usize,
    /// The question asked beyond the given answers.
    pub asked: Option<DecisionPoint>,
}

/// The host of every script call of a pack: holding the game during effect and hook calls,
/// a snapshot of the passed actors during a bracket call with handles, else empty.
#[derive(Debug, Default)]
pub(crate) struct GameHost {
    /// The game of the call in progress, if it may act.
    pub acting: Option<Acting>,
    /// The actors a bracket call may read (`[jolt(Self)]`).
    pub reading: Option<super::reading::Reading>,
    /// How `decide` is answered.
    pub answers: Answers,
}

fn rejected(error: impl std::fmt::Display) -> HostError {
    HostError::Rejected(error.to_string())
}

impl GameHost {
    fn acting(&self, function: &'static str) -> Result<&Acting, HostError> {
        self.acting.as_ref().ok_or(HostError::Pure(function))
    }

    fn acting_mut(&mut self, function: &'static str) -> Result<&mut Acting, HostError> {
        self.acting.as_mut().ok_or(HostError::Pure(function))
    }

    /// The acting game for a function that changes it; refused during a scripted check.
    fn changing(&mut self, function: &'static str) -> Result<&mut Acting, HostError> {
        let acting = self.acting_mut(function)?;
        if acting.checking {
            return Err(rejected(format!(
                "`{function}` cannot be used in a check procedure: a check rolls, reads and \
                 decides, but does not change the world"
            )));
        }
        Ok(acting)
    }

    /// The rules and the actor behind `handle` for a function that only reads: the acting
    /// game's, else a bracket call's snapshot.
    fn reading(
        &self,
        function: &'static str,
        handle: ActorHandle,
    ) -> Result<(&Rules, &crate::engine::Actor), HostError> {
        let missing = || rejected(format!("actor#{} is not in the game", handle.0));
        if let Some(reading) = &self.reading {
            return Ok((&reading.rules, reading.actor(handle).ok_or_else(missing)?));
        }
        let acting = self.acting(function)?;
        let index = usize::try_from(handle.0).unwrap_or(usize::MAX);
        Ok((&acting.game.rules, acting.game.world.actors.get(index).ok_or_else(missing)?))
    }

    /// The name of the actor behind `handle`.
    fn name_of(acting: &Acting, handle: ActorHandle) -> Result<String, HostError> {
        let index = usize::try_from(handle.0).unwrap_or(usize::MAX);
        acting
            .game
            .world
            .actors
            .get(index)
            .map(|actor| actor.name.clone())
            .ok_or_else(|| rejected(format!("actor#{} is not in the game", handle.0)))
    }

    /// Runs `effect` through the engine's effect path on `victim`.
    fn run_effect(
        &mut self,
        function: &'static str,
        victim: ActorHandle,
        effect: &Effect,
    ) -> Result<i64, HostError> {
        let acting = self.changing(function)?;
        let victim = Self::name_of(acting, victim)?;
        let rules = std::sync::Arc::clone(&acting.game.rules);
        let health = health_resource(&rules).map_err(rejected)?.to_string();
        let before = current(&acting.game, &victim, &health);
        let context = Context::of(&rules, &acting.user);
        super::effects::run(&mut acting.game, &context, effect, Some(&victim), None, acting.span)
            .map_err(rejected)?;
        Ok((current(&acting.game, &victim, &health) - before).abs())
    }
}

/// `who`'s `resource`, or an error naming both.
fn held_resource<'a>(
    who: &'a crate::engine::Actor,
    resource: &str,
) -> Result<&'a crate::engine::Resource, HostError> {
    who.resources
        .get(resource)
        .ok_or_else(|| rejected(format!("{} has no resource `{resource}`", who.name)))
}

/// The current amount of `resource` on `actor` (0 when it has none).
pub(crate) fn current(game: &Game, actor: &str, resource: &str) -> i64 {
    let held = game.world.actor(actor).ok().and_then(|a| a.resources.get(resource).copied());
    held.map_or(0, |r| r.current)
}

impl ScriptHost for GameHost {
    fn roll_die(&mut self, sides: u32) -> Result<u32, HostError> {
        Ok(self.acting_mut("roll_die")?.game.world.roller.roll_die(sides)?)
    }

    fn roll_dice(&mut self, notation: &str) -> Result<i64, HostError> {
        let acting = self.acting_mut("roll")?;
        let total = roll_notation(&mut acting.game.world.roller, notation)?;
        let text = format!("{} rolls {notation} = {total}", acting.user);
        acting.game.world.narrate(text, acting.span);
        Ok(total)
    }

    fn log(&mut self, output: ScriptOutput) {
        // Bracket calls have no transcript to write to: their output is discarded.
        if let Some(acting) = self.acting.as_mut() {
            acting.game.world.narrate(output.text, acting.span);
        }
    }

    fn name(&self, actor: ActorHandle) -> Result<String, HostError> {
        Ok(self.reading("name", actor)?.1.name.clone())
    }

    fn stat(&self, actor: ActorHandle, stat: &str) -> Result<i64, HostError> {
        let (rules, who) = self.reading("stat", actor)?;
        actor_value(rules, who, stat)
            .or_else(|| rules.declares_stat(stat).then_some(0))
            .ok_or_else(|| rejected(format!("{} has no stat `{stat}`", who.name)))
    }

    fn set_stat(&mut self, actor: ActorHandle, stat: &str, value: i64) -> Result<(), HostError> {
        let acting = self.changing("set_stat")?;
        let name = Self::name_of(acting, actor)?;
        let known = acting.game.rules.declares_stat(stat)
            || acting.game.world.actor(&name).is_ok_and(|a| a.stats.contains_key(stat));
        if !known {
            return Err(rejected(format!("the system declares no stat `{stat}`")));
        }
        acting.game.remember(&name, Part::Stat(stat));
        let index = usize::try_from(actor.0).unwrap_or(usize::MAX);
        if let Some(who) = acting.game.world.actors.get_mut(index) {
            who.stats.insert(stat.to_string(), value);
        }
        Ok(())
    }

    fn resource(&self, actor: ActorHandle, resource: &str) -> Result<i64, HostError> {
        Ok(held_resource(self.reading("resource", actor)?.1, resource)?.current)
    }

    fn resource_max(&self, actor: ActorHandle, resource: &str) -> Result<i64, HostError> {
        let who = self.reading("resource_max", actor)?.1;
        held_resource(who, resource)?
            .max
            .ok_or_else(|| rejected(format!("{}'s `{resource}` has no maximum", who.name)))
    }

    fn change_resource(
        &mut self,
        actor: ActorHandle,
        resource: &str,
        delta: i64,
    ) -> Result<i64, HostError> {
        let acting = self.changing("change_resource")?;
        let name = Self::name_of(acting, actor)?;
        // Below the minimum is refused, not clamped: a script that means "down to 0" says so.
        let who = acting.game.world.actor(&name).map_err(rejected)?;
        if let Some(held) = who.resources.get(resource)
            && delta < 0
            && delta.saturating_neg() > held.spendable()
        {
            let (current, floor) = (held.current, held.min.unwrap_or(0));
            return Err(rejected(format!(
                "{name} has {current} {resource}: `change_resource` cannot take {} (it would go \
                 below {floor}); take at most {}",
                delta.saturating_neg(),
                held.spendable()
            )));
        }
        acting.game.remember(&name, Part::Resource(resource));
        acting.game.world.change_resource(&name, resource, delta, acting.span).map_err(rejected)
    }

    fn has_condition(&self, actor: ActorHandle, condition: &str) -> Result<bool, HostError> {
        let (rules, who) = self.reading("has_condition", actor)?;
        Ok(super::relations::has(rules, who, condition))
    }

    fn condition_rating(&self, actor: ActorHandle, condition: &str) -> Result<i64, HostError> {
        let (rules, who) = self.reading("condition_rating", actor)?;
        let held = super::relations::held(rules, who);
        let found = held.iter().find(|h| h.name.eq_ignore_ascii_case(condition));
        Ok(found.and_then(|h| h.n).unwrap_or(0))
    }

    fn apply_condition(
        &mut self,
        actor: ActorHandle,
        condition: &str,
        rating: i64,
    ) -> Result<(), HostError> {
        let acting = self.changing("apply_condition")?;
        let name = Self::name_of(acting, actor)?;
        let rules = std::sync::Arc::clone(&acting.game.rules);
        let block = rules.conditions.find(condition).ok_or_else(|| {
            rejected(super::error::unknown("condition", condition, rules.conditions.names()))
        })?;
        // The condition block's `Duration:` line, else until removed: as an effect line
        // that names no duration.
        let parties = super::durations::Parties { holder: &name, user: &acting.user };
        let mut count = super::durations::on_holder(&rules, &name);
        let lasting = super::durations::resolve(
            &mut acting.game,
            None,
            block,
            &parties,
            acting.span,
            &mut count,
        )
        .map_err(rejected)?;
        let mut active = ActiveCondition::new(block.name.node.as_str(), lasting)
            .with_source(acting.user.as_str());
        if rating != 0 {
            active = active.with_n(rating);
        }
        acting.game.remember(&name, Part::Conditions);
        let span = acting.span;
        acting
            .game
            .world
            .apply_condition(&name, active, stacking_of(block), span)
            .map_err(rejected)?;
        let data = EventData::Name(block.name.node.as_str().to_string());
        fire(&mut acting.game, HookEvent::ConditionApplied, &name, data, span).map_err(rejected)
    }

    fn end_condition(&mut self, actor: ActorHandle, condition: &str) -> Result<(), HostError> {
        let acting = self.changing("end_condition")?;
        let name = Self::name_of(acting, actor)?;
        acting.game.remember(&name, Part::Conditions);
        let span = acting.span;
        let removed = acting.game.world.remove_condition(&name, condition, None, span);
        if removed.map_err(rejected)? > 0 {
            let data = EventData::Name(condition.to_string());
            fire(&mut acting.game, HookEvent::ConditionEnded, &name, data, span)
                .map_err(rejected)?;
        }
        Ok(())
    }

    fn deal_damage(
        &mut self,
        actor: ActorHandle,
        amount: i64,
        damage_type: &str,
    ) -> Result<i64, HostError> {
        let damage_type =
            (!damage_type.is_empty()).then(|| Spanned::new(Name::new(damage_type), Span::NONE));
        let effect = Effect::Damage {
            negative: false,
            amount: Amount::Number(Number::integer(amount)),
            damage_type,
            recipient: None,
        };
        self.run_effect("damage", actor, &effect)
    }

    fn heal(&mut self, actor: ActorHandle, amount: i64) -> Result<i64, HostError> {
        let effect = Effect::Heal {
            amount: Amount::Number(Number::integer(amount)),
            subject: None,
            over: None,
        };
        self.run_effect("heal", actor, &effect)
    }

    fn check(
        &mut self,
        actor: ActorHandle,
        stat: &str,
        threshold: i64,
        procedure: Option<&str>,
    ) -> Result<i64, HostError> {
        // A check inside a check procedure would log a check the outer one does not know.
        let acting = self.changing("check")?;
        let name = Self::name_of(acting, actor)?;
        let rules = std::sync::Arc::clone(&acting.game.rules);
        let stats = if stat.is_empty() { Vec::new() } else { vec![stat.to_string()] };
        let request = super::checks::CheckRequest {
            actor: name,
            stats,
            threshold,
            procedure: procedure.map(str::to_string),
            ..super::checks::CheckRequest::default()
        };
        let outcome = super::checks::run_check(&rules, &mut acting.game.world, &request, None)
            .map_err(rejected)?;
        Ok(i64::from(outcome.grade))
    }

    fn decide(&mut self, question: &str, options: &[String]) -> Result<usize, HostError> {
        self.acting("decide")?;
        let Some(last) = options.len().checked_sub(1) else {
            return Err(rejected(format!("`{question}` offers no options")));
        };
        let point =
            DecisionPoint::Choose { question: question.to_string(), options: options.to_vec() };
        let answers = &mut self.answers;
        let taken = match answers.given.get(answers.next) {
            Some(taken) if taken.point == point => {
                answers.next += 1;
                taken.clone()
            }
            _ if answers.asking => {
                answers.asked = Some(point);
                return Err(HostError::Ask);
            }
            _ => PolicyDecider::default().decide(&point),
        };
        let bound = i64::try_from(last).unwrap_or(i64::MAX);
        let index = usize::try_from(taken.answer.as_amount(bound)).unwrap_or(0).min(last);
        let acting = self.acting_mut("decide")?;
        let actor = Some(acting.user.clone());
        acting.game.world.record(crate::engine::Event::Decision { actor, taken: taken.into() });
        Ok(index)
    }
}

/// Runs a `script f(Target, Grade)` effect phrase: `Self` and `Target` arguments become actor
/// handles, every other argument is evaluated in the line's scope (with its grade).
pub(crate) fn run_script(
    game: &mut Game,
    context: &Context<'_>,
    call: &Spanned<Expr>,
    target: Option<&str>,
    grade: Option<i64>,
    span: Span,
) -> Result<(), RuntimeError> {
    let engine = |k| RuntimeErrorKind::Engine(k).at(span);
    let Expr::Call { function, arguments } = &call.node else {
        let actor = game.world.actor(context.user).map_err(engine)?;
        evaluate(call, &LineScope::of(context.rules, actor), LineContext::Result)?;
        return Ok(());
    };
    let handle = |game: &Game, name: &str| {
        let index = game.world.actors.iter().position(|a| a.name == name);
        index.and_then(|i| u32::try_from(i).ok()).map(ActorHandle)
    };
    let mut values = Vec::with_capacity(arguments.len());
    for argument in arguments {
        let named = match &argument.node {
            Expr::Name(name) if name.matches("Self") || name.matches("User") => Some(context.user),
            Expr::Name(name) if name.matches("Target") => Some(target.unwrap_or(context.user)),
            _ => None,
        };
        if let Some(name) = named {
            let actor = handle(game, name).ok_or_else(|| {
                RuntimeErrorKind::Targets(format!("{name} is not in the game")).at(argument.span)
            })?;
            values.push(Dynamic::from(actor));
            continue;
        }
        let argument = Amount::Expr(argument.clone());
        let value = super::effects::amount(game, context, &argument, target, grade)?;
        values.push(Dynamic::from_int(value));
    }
    call_acting(game, context.user, function, values, span)
}

/// Calls `function` with `values` while `user`'s game is in the host.
pub(crate) fn call_acting(
    game: &mut Game,
    user: &str,
    function: &Spanned<Name>,
    values: Vec<Dynamic>,
    span: Span,
) -> Result<(), RuntimeError> {
    let Some(scripts) = game.rules.scripts.clone() else {
        let message =
            format!("script function `{}` is not available: scripts are not loaded", function.node);
        return Err(RuntimeErrorKind::Eval(crate::model::expr::EvalErrorKind::Script(message))
            .at(function.span));
    };
    scripts.call_acting(game, user, function, values, span)
}
