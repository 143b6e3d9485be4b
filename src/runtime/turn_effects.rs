//! Conditions that act every turn: a condition block's `Effect:` lines (ongoing damage,
//! regeneration) run on the holder at its start phase, or at its end phase when the block's
//! `Trigger:` says the turn ends (`Trigger: you end your turn`). They run through the normal
//! effect path (typed resistance, layers, hooks, the log) inside the `next` command, so a
//! failing effect fails the command and changes nothing. `[N]` is the instance's N and a
//! `[Type]` damage type (any bracketed parameter name) is the instance's subtype.

use std::sync::Arc;

use crate::diagnostics::Span;
use crate::engine::Phase;
use crate::model::effect::{Effect, EffectPart, Effects};
use crate::model::timing::{Moments, moments};
use crate::model::{ConditionLine, Name};

use super::Game;
use super::effects::Context;
use super::error::RuntimeError;
use super::relations::held;

/// The subtype a condition is applied with: `Fire Damage` (the rulebook's "Ongoing 3 Fire
/// Damage") is the damage type `Fire`.
pub(crate) fn subtype_of(detail: &str) -> &str {
    let trimmed = detail.trim();
    match trimmed.rsplit_once(' ') {
        Some((kind, last)) if last.eq_ignore_ascii_case("damage") => kind.trim_end(),
        _ => trimmed,
    }
}

/// One held condition's effects due now.
struct Due {
    name: String,
    n: Option<i64>,
    subtype: Option<String>,
    effects: Vec<(Effects, Span)>,
}

/// Runs the effects of the conditions `actor` holds (applied or included) whose moment is
/// `phase`, in the order they are held.
pub(crate) fn run(game: &mut Game, actor: &str, phase: &Phase) -> Result<(), RuntimeError> {
    let when = match phase {
        Phase::Action => return Ok(()),
        Phase::Start => "turn start",
        Phase::End => "turn end",
    };
    let end = *phase == Phase::End;
    run_due(game, actor, when, |_, moments| if end { moments.end } else { moments.start })
}

/// Runs the effects of the terrain `condition` that `actor` just gained on entering the
/// cell `source` names (`terrain at 2,0`), when its trigger is entering.
pub(crate) fn run_entered(
    game: &mut Game,
    actor: &str,
    condition: &str,
    source: &str,
) -> Result<(), RuntimeError> {
    run_due(game, actor, "entering", |held, moments| {
        moments.enter && held.name == condition && held.source == Some(source)
    })
}

/// Runs the effects of the conditions `actor` holds that `due` picks, logged as acting
/// `when`.
fn run_due(
    game: &mut Game,
    actor: &str,
    when: &str,
    due_now: impl Fn(&super::relations::Held<'_>, Moments) -> bool,
) -> Result<(), RuntimeError> {
    let rules = Arc::clone(&game.rules);
    let Ok(holder) = game.world.actor(actor) else { return Ok(()) };
    let mut due = Vec::new();
    for h in held(&rules, holder) {
        if !due_now(&h, moments(h.lines).0) {
            continue;
        }
        let effects = h
            .lines
            .iter()
            .filter_map(|line| match &line.node {
                ConditionLine::Effect(effects) => {
                    Some((typed(effects, h.subtype.map(subtype_of)), line.span))
                }
                _ => None,
            })
            .collect();
        due.push(Due {
            name: h.name.to_string(),
            n: h.n,
            subtype: h.subtype.map(str::to_string),
            effects,
        });
    }
    for condition in due {
        let outcome = [("N", condition.n.unwrap_or(0))];
        let context =
            Context { outcome: &outcome, from_condition: true, ..Context::of(&rules, actor) };
        let shown = match &condition.subtype {
            Some(subtype) => format!("{} ({subtype})", condition.name),
            None => condition.name.clone(),
        };
        for (effects, span) in &condition.effects {
            game.world.narrate(format!("{actor}'s {shown} acts at {when}"), *span);
            super::effects::execute(game, &context, effects, Some(actor), None, *span)?;
        }
    }
    Ok(())
}

/// `effects` with every bracketed damage type (`[Type]`) replaced by `subtype`, or dropped
/// when the instance has none (the damage is then untyped).
fn typed(effects: &Effects, subtype: Option<&str>) -> Effects {
    let mut out = effects.clone();
    for part in &mut out.parts {
        if let EffectPart::When { then, .. } = &mut part.node {
            *then = typed(then, subtype);
            continue;
        }
        if let EffectPart::Check { on_success, on_failure, .. } = &mut part.node {
            for branch in [on_success, on_failure].into_iter().flatten() {
                *branch = typed(branch, subtype);
            }
            continue;
        }
        let EffectPart::Effect(Effect::Damage { damage_type: Some(kind), .. }) = &mut part.node
        else {
            continue;
        };
        if !kind.node.as_str().contains('[') {
            continue;
        }
        let words: Vec<&str> = kind
            .node
            .as_str()
            .split('/')
            .filter_map(|word| if word.starts_with('[') { subtype } else { Some(word) })
            .collect();
        if words.is_empty() {
            if let EffectPart::Effect(Effect::Damage { damage_type, .. }) = &mut part.node {
                *damage_type = None;
            }
        } else {
            kind.node = Name::new(&words.join("/"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_suffix_is_not_part_of_the_type() {
        assert_eq!(subtype_of("Fire Damage"), "Fire");
        assert_eq!(subtype_of("fire damage"), "fire");
        assert_eq!(subtype_of("Fire"), "Fire");
        assert_eq!(subtype_of("Damage"), "Damage");
    }
}
