//! Defences inside an attack: a power whose check is `versus a defence` lets each target
//! choose among its defence powers (`Defence:` lines) when the check resolves. A defence is
//! offered when its gate admits the attack's keywords, the attacker stands within its arc of
//! the holder's facing (`within 120 degrees of facing`; the log says when it does not, or
//! when nobody's position says), its `While:` lines hold and it has uses left this turn; the target's choice is a decision (the first offer under every
//! policy, a question in the REPL), and after the first it may add more. The attacker rolls
//! once; each chosen defence rolls its `Check:` value plus its `Penalty:` (which reads
//! `[Defences this turn]` or `[Defences this round]`, the defences its holder made before it) through the
//! attack's procedure, and the best defence roll is compared with the attack under the
//! procedure's tie rule. The counts (per turn, per round, per encounter) live with the
//! encounter's limits: out of an encounter there are no turns, so nothing is counted, the
//! counts read 0, and the log says so when a limited defence is made.

use crate::diagnostics::{Span, Spanned};
use crate::engine::Actor;
use crate::engine::{CheckResult, DecisionPoint, Event, Side, TieRule, versus};
use crate::model::defence::{DEFENCE_COUNTS, DefenceSpec};
use crate::model::expr::{Expr, LineContext};
use crate::model::power::LimitClock;
use crate::model::{BlockBody, CheckSpec, PowerLine};

use super::Game;
use super::checks::{CheckRequest, run_check, run_check_as};
use super::error::{RuntimeError, RuntimeErrorKind};
use super::limits::reset_of;
use super::procedures::{score, side_value};
use super::rules::Rules;
use super::scope::LineScope;

/// The option that declines to defend (offered first-time only, last).
const NONE: &str = "none";
/// The option that stops adding defences (offered first, so policies stop at one).
const NO_MORE: &str = "no more";
/// The counter key of every defence an actor makes.
const ALL_KEY: &str = "defences";

/// A defence the target may make against this attack.
struct Offer<'r> {
    name: String,
    /// Its `Defence:` line's limit as written (`2 per weapon per round`), with the line.
    limit: Option<(String, Span)>,
    check: Spanned<Expr>,
    penalty: Option<Spanned<Expr>>,
    /// Its `Modifiers:` entries that count against this attack.
    modifiers: Vec<&'r Spanned<Expr>>,
}

/// The counter key of the defence `name`.
fn key_of(name: &str) -> String {
    format!("defence: {name}")
}

/// How many times `actor` counted `key` since `per` began (0 out of an encounter).
fn made(game: &Game, actor: &str, key: &str, per: LimitClock) -> u32 {
    let Some(encounter) = game.world.encounter.as_ref() else { return 0 };
    encounter
        .limits
        .iter()
        .filter(|used| {
            used.actor == actor && used.reset == reset_of(per) && used.key.eq_ignore_ascii_case(key)
        })
        .map(|used| used.count)
        .sum()
}

/// Counts one defence by `actor` on every clock; out of an encounter nothing is counted,
/// and the log says so when the defence has a limit (once per stretch out of encounters).
fn count(game: &mut Game, actor: &str, offer: &Offer<'_>) {
    let name = offer.name.as_str();
    let Some(encounter) = game.world.encounter.as_mut() else {
        if let Some((limit, span)) = &offer.limit {
            let so = || format!("its limit ({limit}) counts nothing").into();
            super::encounter::no_encounter_once(game, name, so, *span);
        }
        return;
    };
    for per in [LimitClock::Turn, LimitClock::Round, LimitClock::Encounter] {
        let counter = super::limits::Counter { reset: reset_of(per), allowed: u32::MAX };
        for key in [key_of(name), ALL_KEY.to_string()] {
            let matches = |used: &str| used.eq_ignore_ascii_case(&key);
            counter.take(encounter, actor, name, matches, || key.clone());
        }
    }
}

/// The defences `target` may make against `user`'s attack with `keywords`, in its powers'
/// order, with what the log should say about the facing arcs (a defence the arc leaves
/// out, or an arc that could not be judged).
fn offers<'r>(
    game: &Game,
    rules: &'r Rules,
    (target, user): (&str, &str),
    keywords: &[String],
    span: Span,
) -> Result<(Vec<Offer<'r>>, Vec<String>), RuntimeError> {
    let actor = game.world.actor(target).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    let mut offers = Vec::new();
    let mut notes = Vec::new();
    // A defence is made with its holder's own weapon (its first equipped one), as
    // `defence_value` reads it: `While: the weapon has keyword Melee` tests that one.
    let (_, weapon) = super::gear::carried(rules, actor, None)?;
    'powers: for power in &actor.powers {
        let Some(block) = rules.powers.find(power) else { continue };
        let BlockBody::Power(lines) = &block.body else { continue };
        let mut defence = None;
        let mut check = None;
        let mut penalty = None;
        let mut modifiers = Vec::new();
        for line in lines {
            match &line.node {
                PowerLine::Defence(spec) => defence = Some((spec, line.span)),
                PowerLine::Check(spec) => check = Some(spec.modifier.clone()),
                PowerLine::Penalty(expr) => penalty = Some(expr.clone()),
                PowerLine::Modifiers(entries) => modifiers.extend(
                    entries
                        .iter()
                        .filter(|entry| entry.node.admits(keywords))
                        .map(|entry| &entry.node.amount),
                ),
                PowerLine::While(requirement)
                    if !super::requirement::holds(
                        (rules, &game.world),
                        requirement,
                        actor,
                        Some((block, weapon)),
                    )? =>
                {
                    continue 'powers;
                }
                _ => {}
            }
        }
        let (Some((defence, line)), Some(check)) = (defence, check) else { continue };
        let name = block.name.node.as_str();
        let used_up = defence.limit.as_ref().is_some_and(|limit| {
            made(game, target, &key_of(name), defence.per)
                >= allowed(rules, actor, defence, limit.node)
        });
        if !defence.admits(keywords) || used_up {
            continue;
        }
        if let Some(arc) = &defence.arc {
            let (admitted, note) = within_arc(game, (actor, user), name, arc, span)?;
            notes.extend(note);
            if !admitted {
                continue;
            }
        }
        let limit = defence.limit_words().map(|words| (words, line));
        offers.push(Offer { name: name.to_string(), limit, check, penalty, modifiers });
    }
    Ok((offers, notes))
}

/// Whether `user`'s attack comes from within the arc of `defender`'s defence `name`
/// (`within N degrees of facing`), with a note for the log when it does not, or when it
/// cannot be judged (someone off the map, or a defender facing nowhere: then the defence is
/// offered, as on a map without positions).
fn within_arc(
    game: &Game,
    (defender, user): (&Actor, &str),
    name: &str,
    arc: &crate::model::Amount,
    span: Span,
) -> Result<(bool, Option<String>), RuntimeError> {
    let rules = &game.rules;
    let scope = LineScope::of(rules, defender);
    let degrees = scope
        .amount(arc, LineContext::Check, rules.rounding)
        .map_err(|e| RuntimeError::from(e).or_at(span))?;
    if !(0..=360).contains(&degrees) {
        let message = format!("{}'s {name} has an arc of {degrees} degrees", defender.name);
        let hint = "an arc is 0 to 360 degrees wide: check the value its `Defence:` line reads";
        return Err(super::targets::space(message, hint, span));
    }
    let who = &defender.name;
    let attacker = game.world.actor(user).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    let unjudged = |why: String| format!("{who}'s {name}: its facing arc is not judged ({why})");
    let (Some(at), Some(from)) = (defender.position, attacker.position) else {
        let off = if defender.position.is_none() { who } else { user };
        return Ok((true, Some(unjudged(format!("{off} is not on the map")))));
    };
    let Some(facing) = defender.facing else {
        return Ok((true, Some(unjudged(format!("{who} faces no direction")))));
    };
    if rules.grid.in_arc(at, facing, from, degrees) {
        return Ok((true, None));
    }
    let note = format!(
        "{who}'s {name} is not offered: {user} at {from} is outside its {degrees} degrees of \
         facing ({who} at {at} faces {facing})"
    );
    Ok((false, Some(note)))
}

/// How many times a turn (round, encounter) `actor` may make a defence whose `Defence:` line
/// allows `limit`:
/// `limit`, or `limit` for each weapon it has equipped (`2 per weapon per turn`).
fn allowed(rules: &Rules, actor: &Actor, defence: &DefenceSpec, limit: u32) -> u32 {
    if !defence.per_weapon {
        return limit;
    }
    let weapons = actor.equipment.iter().filter(|item| rules.weapons.find(item).is_some());
    limit.saturating_mul(u32::try_from(weapons.count()).unwrap_or(u32::MAX))
}

/// The defences `target` chooses from `offers`: a first choice (or none), then more until
/// it answers "no more".
fn choose<'r>(
    game: &mut Game,
    target: &str,
    user: &str,
    mut offers: Vec<Offer<'r>>,
) -> Result<Vec<Offer<'r>>, RuntimeError> {
    let mut chosen = Vec::new();
    if offers.is_empty() {
        return Ok(chosen);
    }
    let mut options: Vec<String> = offers.iter().map(|offer| offer.name.clone()).collect();
    options.push(NONE.to_string());
    let question = format!("which defence against {user}?");
    let last = i64::try_from(offers.len()).unwrap_or(i64::MAX);
    let picked = game.ask(target, DecisionPoint::Choose { question, options })?.as_amount(last);
    let Some(first) = usize::try_from(picked).ok().filter(|&i| i < offers.len()) else {
        return Ok(chosen);
    };
    chosen.push(offers.remove(first));
    while !offers.is_empty() {
        let mut options = vec![NO_MORE.to_string()];
        options.extend(offers.iter().map(|offer| offer.name.clone()));
        let question = format!("another defence against {user}?");
        let last = i64::try_from(offers.len()).unwrap_or(i64::MAX);
        let picked = game.ask(target, DecisionPoint::Choose { question, options })?.as_amount(last);
        match usize::try_from(picked).ok().and_then(|i| i.checked_sub(1)) {
            Some(index) if index < offers.len() => chosen.push(offers.remove(index)),
            _ => break,
        }
    }
    Ok(chosen)
}

/// The value `offer` rolls with for `target` against `user`: its Check value (with the
/// pair's relative modifiers) plus the `Modifiers:` entries that count against the attack
/// plus its Penalty, read with the defences made before it. Its lines read the defender's
/// own weapon (its first equipped one) as `Weapon`, not the attack's. Counts the defence.
fn defence_value(
    game: &mut Game,
    context: &super::effects::Context<'_>,
    keywords: &[String],
    (target, user): (&str, &str),
    offer: &Offer<'_>,
    span: Span,
) -> Result<i64, RuntimeError> {
    let rules = context.rules;
    let defender = game.world.actor(target).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
    let (_, weapon) = super::gear::carried(rules, defender, None)?;
    let context = &super::effects::Context { weapon, ..*context };
    let mut value = side_value(game, context, keywords, (target, user), false, &offer.check, span)?;
    for amount in &offer.modifiers {
        let actor = game.world.actor(target).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
        let scope = LineScope { weapon, ..LineScope::of(rules, actor) };
        let read = crate::model::expr::evaluate(amount, &scope, LineContext::Check)
            .map_err(|e| RuntimeError::from(e).or_at(amount.span))?
            .round(rules.rounding);
        value = value.saturating_add(read);
    }
    let before = DEFENCE_COUNTS.map(|(name, per)| (name, made(game, target, ALL_KEY, per)));
    // The count the narration gives is the one the Penalty line reads (a turn's by default).
    let mut shown = (before[0].1, LimitClock::Turn);
    let penalty = match &offer.penalty {
        Some(expr) => {
            let rules = context.rules;
            let actor =
                game.world.actor(target).map_err(|k| RuntimeErrorKind::Engine(k).at(span))?;
            let extra = before.map(|(name, made)| (name, i64::from(made)));
            expr.node.visit(
                &mut |node, _| {
                    if let Expr::Name(name) = node
                        && let Some(((_, made), (_, per))) = before
                            .iter()
                            .zip(DEFENCE_COUNTS)
                            .find(|((counted, _), _)| name.matches(counted))
                    {
                        shown = (*made, per);
                    }
                },
                expr.span,
            );
            let scope =
                LineScope { extra: &extra, weapon: context.weapon, ..LineScope::of(rules, actor) };
            crate::model::expr::evaluate(expr, &scope, LineContext::Check)
                .map_err(|e| RuntimeError::from(e).or_at(expr.span))?
                .round(rules.rounding)
        }
        None => 0,
    };
    count(game, target, offer);
    let text = match penalty {
        0 => format!("{target} defends with {}", offer.name),
        _ => format!(
            "{target} defends with {} ({penalty:+}: {} defences before it this {})",
            offer.name,
            shown.0,
            shown.1.word()
        ),
    };
    game.world.record(Event::Narration { text: text.into(), cause: crate::engine::Cause::NONE });
    Ok(value.saturating_add(penalty))
}

/// Grades each of `outcomes` (one per target) for a check `versus a defence`: grade 1 when
/// the attack beats the best chosen defence, binding `Margin` and `Success Number` as a
/// versus check does.
pub(crate) fn defended_outcomes(
    game: &mut Game,
    context: &super::effects::Context<'_>,
    spec: &CheckSpec,
    keywords: &[String],
    outcomes: &mut super::power::TargetOutcomes,
    span: Span,
) -> Result<(), RuntimeError> {
    let rules = context.rules;
    let procedure_name = spec.procedure.as_ref().map(|p| p.node.as_str().to_string());
    let named = spec.procedure.as_ref().map(|p| &p.node);
    let (_, procedure) = super::checks::find_procedure(rules, named, span)?;
    let tie = procedure.tie.unwrap_or(TieRule::NoWinner);
    let zero_never_wins = procedure.zero_wins == Some(false);
    let user = context.user;
    for outcome in outcomes.iter_mut() {
        let target = outcome.name.to_string();
        let target = target.as_str();
        let (available, notes) = offers(game, rules, (target, user), keywords, span)?;
        for note in notes {
            game.world.narrate(note, span);
        }
        let chosen = choose(game, target, user, available)?;
        let side = |actor: &str, other: &str, bonus| CheckRequest {
            actor: actor.to_string(),
            bonus,
            procedure: procedure_name.clone(),
            keywords: keywords.to_vec(),
            against: Some(other.to_string()),
            ..CheckRequest::default()
        };
        let attack =
            side_value(game, context, keywords, (user, target), true, &spec.modifier, span)?;
        let mut values = Vec::with_capacity(chosen.len());
        for offer in &chosen {
            values.push(defence_value(game, context, keywords, (target, user), offer, span)?);
        }
        let attacker = run_check(rules, &mut game.world, &side(user, target, attack), None)
            .map_err(|e| e.or_at(span))?;
        let mut best: Option<i64> = None;
        for value in values {
            let rolled =
                run_check_as(rules, &mut game.world, &side(target, user, value), None, false)
                    .map_err(|e| e.or_at(span))?;
            best = Some(best.map_or(score(&rolled), |best| best.max(score(&rolled))));
        }
        // Undefended, the attack is compared with 0 (it wins with any score above 0).
        let compared = versus(score(&attacker), best.unwrap_or(0), tie, zero_never_wins);
        let result = CheckResult::Versus {
            attacker: compared.attacker,
            defender: compared.defender,
            winner: compared.winner,
            margin: compared.margin,
        };
        let actor = Some(game.world.names.get(user));
        game.world.record(Event::Check { actor, result, cause: crate::engine::Cause::NONE });
        let mut names = super::BoundNames::default();
        names.push(("Margin", compared.margin));
        if let Some(number) = attacker.names.success_number {
            names.push(("Success Number", number));
        }
        outcome.threshold = None;
        outcome.grade = u32::from(compared.winner == Some(Side::Attacker));
        outcome.names = names;
    }
    Ok(())
}
