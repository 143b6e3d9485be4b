//! Evaluating `While:`, `Prereq:` and `Requires:` requirements: comparisons, held
//! conditions, keyword tests on the power in use and where one actor stands against
//! another's facing (`you are behind Target`), each optionally negated (`not you are
//! Hidden`). A test's subject says who it is about: the user (`you`, `your`, `Self`), the
//! current target (`Target`; a requirement that reads the target holds per target, see
//! [`reads_target`]) or the power (`this power`, `the power`, `it`). `check` refuses the
//! subjects and tests this module cannot evaluate; here they are errors, never a pass.

use crate::diagnostics::Spanned;
use crate::engine::{Actor, Hex, World};
use crate::model::common::{Subject, Test};
use crate::model::expr::{EvalErrorKind, Expr, LineContext, evaluate};
use crate::model::keywords;
use crate::model::{Block, PowerLine, Requirement};

use super::error::{RuntimeError, RuntimeErrorKind};
use super::power_lines::Kinds;
use super::rules::Rules;
use super::scope::LineScope;

/// Whether `requirement` reads the current target: a test about `Target`, or an expression
/// naming `Target's X`, `Distance to Target` or passing `Target` to a script.
pub(crate) fn reads_target(requirement: &Requirement) -> bool {
    let Requirement::Tests { first, rest } = requirement else { return false };
    std::iter::once(first).chain(rest.iter().map(|(_, test)| test)).any(|test| match &test.node {
        Test::Compare(expr) => {
            let mut found = false;
            expr.node.visit(
                &mut |node, _| match node {
                    Expr::Possessive { owner, .. } => found |= owner.node.matches("Target"),
                    Expr::Name(name) => found |= name.matches("Target"),
                    Expr::Special(crate::model::expr::Special::DistanceToTarget) => found = true,
                    _ => {}
                },
                expr.span,
            );
            found
        }
        Test::Has { subject: who, .. } | Test::Keyword { subject: who, .. } => {
            Subject::of(&who.node).1 == Some(Subject::Target)
        }
        Test::Wielding { subject, .. } => subject
            .as_ref()
            .is_some_and(|(who, _)| Subject::of(&who.node).1 == Some(Subject::Target)),
        Test::Facing { subject, of, .. } => {
            [subject, of].into_iter().any(|who| Subject::of(&who.node).1 == Some(Subject::Target))
        }
        Test::Near { .. } | Test::Party { .. } | Test::Event { .. } | Test::Cell { .. } => false,
    })
}

/// Whether `requirement` holds for `user`, with no target (see [`holds_for`]).
pub(crate) fn holds(
    (rules, world): (&Rules, &World),
    requirement: &Requirement,
    user: &Actor,
    power: Option<(&Block, Option<&Block>)>,
) -> Result<bool, RuntimeError> {
    holds_for((rules, world), requirement, user, None, power)
}

/// Whether `requirement` holds for `user` against `target` (if any) while using `power`
/// (with its weapon). Narration counts as holding (`check` flags it as narrative only);
/// event clauses (`an enemy moves adjacent`) hold where the caller raised the event.
pub(crate) fn holds_for(
    (rules, world): (&Rules, &World),
    requirement: &Requirement,
    user: &Actor,
    target: Option<&Actor>,
    power: Option<(&Block, Option<&Block>)>,
) -> Result<bool, RuntimeError> {
    holds_on((rules, world), requirement, (user, target), Asked { power, attack: None }, &[])
}

/// What a requirement's keyword tests about "the power" read: the power in use with its
/// weapon, or in a hit's event rule the keywords of the attack that struck (`the attack has
/// keyword Melee`; none when no power dealt it).
#[derive(Clone, Copy, Default)]
pub(crate) struct Asked<'a> {
    /// The power in use and its weapon.
    pub power: Option<(&'a Block, Option<&'a Block>)>,
    /// The keywords of the attack an event rule answers.
    pub attack: Option<&'a [String]>,
}

/// [`holds_for`] with the triggering event's values (`[Trigger's Damage]`), for a system's
/// event rules. `world` is where `an ally within 5` looks (positions, sides).
pub(crate) fn holds_on(
    (rules, world): (&Rules, &World),
    requirement: &Requirement,
    (user, target): (&Actor, Option<&Actor>),
    asked: Asked<'_>,
    trigger: &[(String, i64)],
) -> Result<bool, RuntimeError> {
    holds_at((rules, world), requirement, (user, target), (asked, None), trigger)
}

/// [`holds_on`] for a use that names `cell` (`to q,r`), which `the square is occupied`
/// tests; without one such a test is an error.
pub(crate) fn holds_at(
    (rules, world): (&Rules, &World),
    requirement: &Requirement,
    (user, target): (&Actor, Option<&Actor>),
    (Asked { power, attack }, cell): (Asked<'_>, Option<Hex>),
    trigger: &[(String, i64)],
) -> Result<bool, RuntimeError> {
    requirement.holds_by(|test: &Spanned<Test>| -> Result<bool, RuntimeError> {
        let unknown = |what: String| -> RuntimeError {
            RuntimeErrorKind::Eval(EvalErrorKind::UnknownName(what)).at(test.span)
        };
        Ok(match &test.node {
            Test::Compare(expr) => {
                let scope = LineScope { target, trigger, ..LineScope::of(rules, user) };
                let value = evaluate(expr, &scope, LineContext::Condition)?;
                value.as_integer() != Some(0)
            }
            Test::Has { subject: who, condition, .. }
                if Subject::of(&who.node).1 == Some(Subject::World) =>
            {
                let negated = Subject::of(&who.node).0;
                let flag = condition.name.node.as_str();
                super::world_flags::holds(rules, &world.flags, flag)
                    .ok_or_else(|| unknown(format!("world flag {flag}")))?
                    != negated
            }
            Test::Has { subject: who, condition, .. } => {
                let (negated, about) = Subject::of(&who.node);
                let actor = match about {
                    Some(Subject::User) => user,
                    Some(Subject::Target) => {
                        target.ok_or_else(|| unknown(format!("{} (no target here)", who.node)))?
                    }
                    _ => return Err(unknown(who.node.to_string())),
                };
                super::relations::has(rules, actor, condition.name.node.as_str()) != negated
            }
            Test::Keyword { subject: who, keyword, .. } => {
                let (negated, about) = Subject::of(&who.node);
                match (about, power) {
                    (Some(Subject::Power), Some((block, weapon))) => {
                        let lines = keywords::power_lines(block);
                        keywords::has(lines, weapon, keyword.node.as_str()) != negated
                    }
                    (Some(Subject::Power), None) => match attack {
                        Some(words) => {
                            let asked = keyword.node.as_str();
                            words.iter().any(|word| keywords::names(asked, word)) != negated
                        }
                        None => return Err(unknown(format!("{} (no power here)", who.node))),
                    },
                    (Some(Subject::Weapon), Some((_, weapon))) => {
                        let asked = keyword.node.as_str();
                        weapon.is_some_and(|w| {
                            super::gear::is_gear(w.name.node.as_str(), || Some(w), asked)
                        }) != negated
                    }
                    (Some(Subject::Weapon), None) => {
                        return Err(unknown(format!("{} (no weapon here)", who.node)));
                    }
                    (Some(Subject::User), _) => actor_has(user, keyword.node.as_str()) != negated,
                    (Some(Subject::Target), _) => {
                        let target = target
                            .ok_or_else(|| unknown(format!("{} (no target here)", who.node)))?;
                        actor_has(target, keyword.node.as_str()) != negated
                    }
                    _ => return Err(unknown(format!("{}'s keywords", who.node))),
                }
            }
            Test::Wielding { negated, subject, gear } => {
                let (also_negated, about) = match subject {
                    Some((who, _)) => Subject::of(&who.node),
                    None => (false, Some(Subject::User)),
                };
                let actor = match about {
                    Some(Subject::User) => user,
                    Some(Subject::Target) => {
                        target.ok_or_else(|| unknown("Target (no target here)".into()))?
                    }
                    _ => return Err(unknown(test.node.to_string())),
                };
                super::gear::wields(rules, actor, gear.node.as_str()) != (*negated != also_negated)
            }
            Test::Facing { subject, quarter, of, .. } => {
                let actor = |who: &Spanned<crate::model::expr::Name>| match Subject::of(&who.node).1
                {
                    Some(Subject::User) => Ok(user),
                    Some(Subject::Target) => {
                        target.ok_or_else(|| unknown(format!("{} (no target here)", who.node)))
                    }
                    _ => Err(unknown(who.node.to_string())),
                };
                let negated = Subject::of(&subject.node).0;
                let seen = facing_quarter(rules, (actor(subject)?, actor(of)?), test)?;
                (seen == *quarter) != negated
            }
            Test::Near { negated, who, within } => {
                let scope = LineScope { target, trigger, ..LineScope::of(rules, user) };
                let reach = scope.amount(within, LineContext::Condition, rules.rounding)?;
                // Nobody stands within reach of someone who is not on the map.
                let found = match user.position {
                    Some(_) => {
                        let grid = rules.grid;
                        super::recipients::near(world, grid, user, ("an", who), reach)?
                    }
                    None => Vec::new(),
                };
                found.is_empty() == *negated
            }
            Test::Party { negated, who, condition } => {
                let wanted = super::sides::Wanted::of(who.node.as_str());
                let found =
                    world.actors.iter().filter(|other| other.name != user.name).any(|other| {
                        let kind = match wanted {
                            super::sides::Wanted::Ally | super::sides::Wanted::AllyOrSelf => {
                                super::sides::same_side(user, other) == Some(true)
                            }
                            super::sides::Wanted::Enemy => super::sides::enemies(user, other),
                            super::sides::Wanted::Anyone => true,
                        };
                        kind && super::relations::has(rules, other, condition.node.as_str())
                    });
                found != *negated
            }
            Test::Cell { negated, cell: word, terrain } => {
                let Some(cell) = cell else {
                    let message = format!("`{}` needs the {word} the use names", test.node);
                    let hint = format!("give the use a {word}: `... to q,r`");
                    return Err(RuntimeErrorKind::Flow { message, hint }.at(test.span));
                };
                let found = match terrain {
                    None => world.actors.iter().any(|actor| actor.position == Some(cell)),
                    Some(terrain) => world
                        .terrain
                        .get(&cell)
                        .is_some_and(|laid| laid.keys().any(|name| terrain.node.matches(name))),
                };
                found != *negated
            }
            Test::Event { .. } => true,
        })
    })
}

/// Whether `actor`'s block gave it the keyword (`Keywords: Construct`).
fn actor_has(actor: &Actor, keyword: &str) -> bool {
    actor.keywords.iter().any(|own| keywords::names(keyword, own))
}

/// Where `standing` is seen from `seen_from`'s facing, for the test `test`: an error (never
/// a pass) when either is off the map or `seen_from` faces no direction.
fn facing_quarter(
    rules: &Rules,
    (standing, seen_from): (&Actor, &Actor),
    test: &Spanned<Test>,
) -> Result<crate::engine::Quarter, RuntimeError> {
    let read = test.node.to_string();
    let off_map = |who: &Actor| -> RuntimeError {
        RuntimeErrorKind::Eval(EvalErrorKind::OffMap { read: read.clone(), who: who.name.clone() })
            .at(test.span)
    };
    let at = seen_from.position.ok_or_else(|| off_map(seen_from))?;
    let other = standing.position.ok_or_else(|| off_map(standing))?;
    let who = &seen_from.name;
    let Some(facing) = seen_from.facing else {
        let message = format!("`{read}` reads {who}'s facing, and {who} faces no direction");
        let hint =
            format!("give {who} a facing: `{who} faces east` or `place {who} at 0,0 facing east`");
        return Err(RuntimeErrorKind::Space { message, hint }.at(test.span));
    };
    rules.grid.quarter(at, facing, other).ok_or_else(|| {
        let message = format!("`{read}`: {} and {who} stand on one cell", standing.name);
        let hint = "the test measures between two cells".to_string();
        RuntimeErrorKind::Space { message, hint }.at(test.span)
    })
}

/// The While, Prereq and Trigger lines that read the target (`Prereq: Target has Prone`,
/// `[Target's HP < 10]`), each for every chosen target.
pub(crate) fn per_target(
    game: &super::Game,
    pipeline: &super::power::Pipeline<'_>,
    targets: &[String],
) -> Result<(), RuntimeError> {
    let (rules, block, request) = (pipeline.context.rules, pipeline.block, pipeline.request);
    let user = game.world.actor(&request.actor).map_err(super::power::engine)?;
    for line in pipeline.lines.each(Kinds::WHILE | Kinds::PREREQ | Kinds::TRIGGER) {
        let (PowerLine::While(requirement)
        | PowerLine::Prereq(requirement)
        | PowerLine::Trigger(requirement)) = &line.node
        else {
            continue;
        };
        if !reads_target(requirement) {
            continue;
        }
        for name in targets {
            let target = game.world.actor(name).map_err(super::power::engine)?;
            let power = Some((block, pipeline.context.weapon));
            let holds = holds_for((rules, &game.world), requirement, user, Some(target), power)
                .map_err(|e| e.or_at(line.span))?;
            if !holds {
                let requirement = requirement.to_string();
                let power = format!("{} on {name}", block.name.node);
                let actor = request.actor.clone();
                return Err(
                    RuntimeErrorKind::Requirement { actor, power, requirement }.at(line.span)
                );
            }
        }
    }
    Ok(())
}
