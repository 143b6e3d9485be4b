//! What a check procedure does around its roll: paying to ignore penalties before rolling
//! (`Ignore penalties:`), extra dice spent from a world pool with the best kept (`Extra
//! dice:`), paying to reroll a failure (`Reroll:`), resource changes on the outcome (`On
//! failure:` / `On success:`), and the lasting stat change effect (`raise Blades by 1`).
//! Every choice is a logged decision; every payment is all or nothing.

use crate::diagnostics::{Span, Spanned};
use crate::engine::{Decider, DecisionPoint, EngineErrorKind, RollUnderCheck, World, roll_die};
use crate::model::Name;
use crate::model::expr::{LineContext, Rounding};
use crate::model::outcome::{CheckOutcomeKind, Payment};
use crate::model::procedure::Procedure;

use super::Game;
use super::checks::{CheckOutcome, CheckRequest};
use super::error::{RuntimeError, RuntimeErrorKind, unknown};
use super::journal::Part;
use super::rules::Rules;
use super::scope::LineScope;

/// A check's modifier in two parts: `Rating`, the values of the stats it names added up,
/// and `Bonus`, the rest (numbers written with them, condition and relative modifiers). A
/// success pool reads them for its size (`Dice: [Rating + Bonus]d6`). A pack whose actors
/// have a value of either name keeps reading their own (`own_*`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rated {
    /// The stats' values.
    pub rating: i64,
    /// Everything else.
    pub bonus: i64,
    /// The roller has a value named `Rating` of its own: it is not bound.
    pub own_rating: bool,
    /// The roller has a value named `Bonus` of its own: it is not bound.
    pub own_bonus: bool,
}

impl Rated {
    /// `rating` and `bonus` for `actor`, unbound where it has its own value of the name.
    pub(crate) fn of(
        rules: &Rules,
        actor: &crate::engine::Actor,
        rating: i64,
        bonus: i64,
    ) -> Rated {
        let own = |name| super::scope::actor_value(rules, actor, name).is_some();
        Rated { rating, bonus, own_rating: own("Rating"), own_bonus: own("Bonus") }
    }
}

/// The names a request's procedure lines read.
pub(crate) type RequestNames = crate::engine::ShortList<(&'static str, i64), 8>;

/// The names a request's procedure lines read: `Target`, `Difficulty`, ..., `Rating` and
/// `Bonus`.
pub(crate) fn request_names(request: &CheckRequest, modifier: i64, rated: Rated) -> RequestNames {
    let mut names = RequestNames::default();
    for pair in [
        ("Threshold", request.threshold),
        ("Modifier", modifier),
        ("Target", request.threshold.saturating_add(modifier)),
        ("Difficulty", request.difficulty),
        ("Boost", request.boost),
        ("Ease", request.ease),
    ] {
        names.push(pair);
    }
    if !rated.own_rating {
        names.push(("Rating", rated.rating));
    }
    if !rated.own_bonus {
        names.push(("Bonus", rated.bonus));
    }
    names
}

fn engine(kind: EngineErrorKind, span: Span) -> RuntimeError {
    RuntimeErrorKind::Engine(kind).at(span)
}

/// The skill a power's check value names for `per skill` outcome lines: a bare stat
/// (`[Blades]`), or of `max(...)` over bare stats the one with the highest value for `actor`
/// (the first on ties: `[max(Blades, Clubs)]`). Anything else names no skill.
pub(crate) fn skill_of(
    rules: &Rules,
    actor: &crate::engine::Actor,
    expr: &Spanned<crate::model::Expr>,
) -> Option<String> {
    use crate::model::Expr;
    match &expr.node {
        Expr::Name(name) => Some(name.as_str().to_string()),
        Expr::Call { function, arguments } if function.node.matches("max") => {
            let mut best: Option<(i64, &str)> = None;
            for argument in arguments {
                let Expr::Name(name) = &argument.node else { return None };
                let value = super::scope::actor_value(rules, actor, name.as_str()).unwrap_or(0);
                if best.is_none_or(|(top, _)| value > top) {
                    best = Some((value, name.as_str()));
                }
            }
            best.map(|(_, name)| name.to_string())
        }
        _ => None,
    }
}

/// Runs a non-pool procedure for `request`: the penalty decision, the roll (with extra dice),
/// the reroll decision after a failure, then the outcome lines.
pub(crate) fn run(
    rules: &Rules,
    world: &mut World,
    request: &CheckRequest,
    procedure: &Procedure<'_>,
    (mut modifier, rated): (i64, Rated),
    decider: &mut dyn Decider,
) -> Result<CheckOutcome, RuntimeError> {
    let actor = request.actor.as_str();
    modifier = super::procedures::applied(procedure, modifier);
    // `Modifier: none` takes no penalties either: there is nothing to pay to drop.
    let takes_modifier = procedure.modifier != crate::model::system::ModifierMode::None;
    if let Some(payment) = procedure.ignore_penalties.filter(|_| takes_modifier) {
        let (penalty, cost) = {
            let who = world.actor(actor).map_err(|k| engine(k, Span::NONE))?;
            let conditions = super::scope::check_bonus(rules, who);
            let penalty = request.bonus.min(0).saturating_add(conditions.min(0));
            (penalty, scope_cost(&LineScope::of(rules, who), payment)?)
        };
        let point =
            |resource: String, cost| DecisionPoint::IgnorePenalties { penalty, resource, cost };
        if penalty < 0 && pay_if_chosen(world, actor, payment, cost, decider, point)? {
            modifier = modifier.saturating_sub(penalty);
        }
    }
    let names = request_names(request, modifier, rated);
    let settled = {
        let who = world.actor(actor).map_err(|k| engine(k, Span::NONE))?;
        // A plain check reads the weapon the actor carries first, as a power that names
        // none does (`Critical: natural >= [Weapon Crit range]`).
        let (_, weapon) = super::gear::carried(rules, who, None)?;
        let scope = LineScope { extra: &names, weapon, ..LineScope::of(rules, who) };
        super::procedures::settle(procedure, request, modifier, &scope)?
    };
    let mut outcome = settled.run(world, actor, Some(&mut *decider))?;
    if outcome.grade == 0
        && let Some(payment) = procedure.reroll
    {
        let cost = {
            let who = world.actor(actor).map_err(|k| engine(k, Span::NONE))?;
            scope_cost(&LineScope::of(rules, who), payment)?
        };
        let score = outcome.names.success_number.unwrap_or(i64::from(outcome.grade));
        let point = |resource: String, cost| DecisionPoint::Reroll { resource, cost, score };
        show_last_check(world, decider);
        if pay_if_chosen(world, actor, payment, cost, decider, point)? {
            outcome = settled.run(world, actor, Some(&mut *decider))?;
        }
    }
    outcome_lines(rules, world, request, procedure, &names, &outcome)?;
    Ok(outcome)
}

/// Shows `decider` the check just logged, when the last event is one: a question to pay
/// for a reroll or to spend extra dice is about how that check came out.
fn show_last_check(world: &World, decider: &mut dyn Decider) {
    if let Some(check @ crate::engine::Event::Check { .. }) = world.log.last() {
        decider.show(&check.describe());
    }
}

/// The payment's amount in `scope`.
fn scope_cost(scope: &LineScope<'_>, payment: &Payment) -> Result<i64, RuntimeError> {
    scope
        .amount(&payment.amount, LineContext::Check, Rounding::Floor)
        .map_err(|e| RuntimeError::from(e).or_at(payment.resource.span))
}

/// Asks `decider` whether to pay `cost` of the payment's resource when `actor` can afford it
/// (else nobody is asked); pays on yes.
fn pay_if_chosen(
    world: &mut World,
    actor: &str,
    payment: &Payment,
    cost: i64,
    decider: &mut dyn Decider,
    point: impl FnOnce(String, i64) -> DecisionPoint,
) -> Result<bool, RuntimeError> {
    let resource = payment.resource.node.as_str();
    let who = world.actor(actor).map_err(|k| engine(k, payment.resource.span))?;
    let affordable = who.resources.get(resource).is_some_and(|held| held.current >= cost);
    if !affordable {
        return Ok(false);
    }
    let taken = decider.decide(&point(resource.to_string(), cost));
    let yes = taken.answer.as_bool();
    world.record(crate::engine::Event::Decision {
        actor: Some(actor.to_string()),
        taken: taken.into(),
    });
    if yes {
        world.change_resource(actor, resource, -cost, payment.resource.span)?;
    }
    Ok(yes)
}

/// The `On failure:` / `On success:` lines that match `outcome`, each when its condition
/// holds. An actor without the named resource gains nothing (a narrator has no fragments).
fn outcome_lines(
    rules: &Rules,
    world: &mut World,
    request: &CheckRequest,
    procedure: &Procedure<'_>,
    names: &[(&'static str, i64)],
    outcome: &CheckOutcome,
) -> Result<(), RuntimeError> {
    let happened =
        if outcome.grade == 0 { CheckOutcomeKind::Failure } else { CheckOutcomeKind::Success };
    let skill = request.skill.as_deref().or(request.stats.first().map(String::as_str));
    for action in procedure.on_outcome.iter().filter(|a| a.outcome == happened) {
        // A line that cannot act says why, rather than act as though it had.
        let (span, gets) = (action.resource.span, if action.lose { "loses" } else { "gains" });
        let resource = match (action.per_skill, skill) {
            (false, _) => action.resource.node.as_str().to_string(),
            (true, Some(skill)) => format!("{skill} {}", action.resource.node),
            (true, None) => {
                let why = "the check names no skill";
                world.narrate(
                    format!("`{action}`: {why}, so {} {gets} nothing", request.actor),
                    span,
                );
                continue;
            }
        };
        let amount = {
            let who = world.actor(&request.actor).map_err(|k| engine(k, Span::NONE))?;
            if !who.resources.contains_key(&resource) {
                let actor = &request.actor;
                let text = format!("`{action}`: {actor} has no {resource}, so {gets} nothing");
                world.narrate(text, span);
                continue;
            }
            let scope = LineScope { extra: names, ..LineScope::of(rules, who) };
            if let Some(when) = &action.when {
                let holds = crate::model::expr::evaluate(when, &scope, LineContext::Check)
                    .map_err(|e| RuntimeError::from(e).or_at(when.span))?;
                if holds.round(Rounding::Floor) == 0 {
                    continue;
                }
            }
            scope
                .amount(&action.amount, LineContext::Check, Rounding::Floor)
                .map_err(|e| RuntimeError::from(e).or_at(action.resource.span))?
        };
        let delta = if action.lose { -amount } else { amount };
        world.change_resource(&request.actor, &resource, delta, action.resource.span)?;
    }
    Ok(())
}

/// Extra dice for a roll-under check: spent from a world pool, the best kept.
pub(crate) struct ExtraDice<'a> {
    /// The world pool (`Chaos Dice`).
    pub pool: &'a str,
    /// How many the request asked for; `None`: a `spend` decision up to the pool's size.
    pub count: Option<i64>,
    /// The check the dice are read against.
    pub check: RollUnderCheck,
    /// The success number the check's own die gave.
    pub rolled: i64,
}

impl ExtraDice<'_> {
    /// Spends the dice from the pool (all or nothing), rolls them, and returns the best
    /// success number among them and the check's own (`None` when no die was spent).
    pub(crate) fn keep_best(
        &self,
        world: &mut World,
        actor: &str,
        decider: &mut dyn Decider,
        span: Span,
    ) -> Result<Option<i64>, RuntimeError> {
        let available = world.pools.get(self.pool).copied().unwrap_or(0);
        let count = match self.count {
            Some(count) => count,
            None if available > 0 => {
                let point =
                    DecisionPoint::SpendExtra { resource: self.pool.to_string(), max: available };
                show_last_check(world, decider);
                let taken = decider.decide(&point);
                let count = taken.answer.as_amount(available);
                world.record(crate::engine::Event::Decision {
                    actor: Some(actor.to_string()),
                    taken: taken.into(),
                });
                count
            }
            None => 0,
        };
        if count < 0 || count > available {
            let kind = EngineErrorKind::CannotPay {
                actor: "the world".to_string(),
                resource: self.pool.to_string(),
                needed: count,
                available,
                short: count.saturating_sub(available),
            };
            return Err(engine(kind, span));
        }
        if count == 0 {
            return Ok(None);
        }
        world.change_pool(self.pool, -count, span);
        let mut dice = Vec::new();
        for _ in 0..count {
            dice.push(roll_die(&mut world.roller, self.check.sides).map_err(|k| engine(k, span))?);
        }
        let best = dice
            .iter()
            .map(|die| self.check.success_number(i64::from(die.face)))
            .fold(self.rolled, i64::max);
        world.log_roll(Some(actor), "extra dice", dice, span);
        world.narrate(format!("{actor} keeps the best die: success number {best}"), span);
        Ok(Some(best))
    }
}

/// `raise Blades by 1`: a lasting change to `who`'s stat, logged and undoable.
pub(crate) fn raise_stat(
    game: &mut Game,
    who: &str,
    stat: &Spanned<Name>,
    delta: i64,
) -> Result<(), RuntimeError> {
    let name = stat.node.as_str();
    let actor = game.world.actor(who).map_err(|k| engine(k, stat.span))?;
    let before = match actor.stats.get(name) {
        Some(value) => *value,
        // An unlisted stat starts from the system's default for it, else (an unlearned
        // specialised stat) from its parent's value.
        None if game.rules.declares_stat(name) => {
            let default = super::scope::default_value(&game.rules, actor, name);
            let parent = || game.rules.parent_of(name).and_then(|p| actor.stats.get(p)).copied();
            default.or_else(parent).unwrap_or(0)
        }
        None => {
            let names = actor.stats.keys().map(String::as_str);
            return Err(unknown("stat", name, names).at(stat.span));
        }
    };
    let wanted = before.saturating_add(delta);
    let after = match game.rules.bounds.iter().find(|(stat, ..)| stat.eq_ignore_ascii_case(name)) {
        Some((_, low, high)) if wanted > *high || wanted < *low => {
            // A value already past its bound (a GM's fiat) is not moved further.
            let kept = if wanted > *high { before.max(*high) } else { before.min(*low) };
            let text = format!(
                "{who}'s {name} stops at {kept}, not {wanted} (its bounds are {low} to {high})"
            );
            game.world.narrate(text, stat.span);
            kept
        }
        _ => wanted,
    };
    if after == before {
        return Ok(());
    }
    game.remember(who, Part::Stat(name));
    let actor = game.world.actor_mut(who).map_err(|k| engine(k, stat.span))?;
    actor.stats.insert(name.to_string(), after);
    game.world.narrate(format!("{who}'s {name} goes from {before} to {after}"), stat.span);
    Ok(())
}
