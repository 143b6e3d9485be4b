//! Conditions that act every turn: a condition block's `Effect:` lines (ongoing damage,
//! regeneration) run on the holder at its start phase, or at its end phase when the block's
//! `Trigger:` says the turn ends (`Trigger: you end your turn`). They run through the normal
//! effect path (typed resistance, layers, hooks, the log) inside the `next` command, so a
//! failing effect fails the command and changes nothing. `[N]` is the instance's N and a
//! `[Type]` damage type (any bracketed parameter name) is the instance's subtype.

use std::sync::Arc;

use crate::diagnostics::{Span, Spanned};
use crate::engine::Phase;
use crate::model::effect::{Effect, EffectPart, Effects};
use crate::model::{ConditionLine, Name};

use super::Game;
use super::effects::Context;
use super::error::RuntimeError;
use super::relations::held;

/// The turn moment a condition block's effects run at: the holder's start phase unless its
/// `Trigger:` names the end of the turn. `None` when the block has no `Effect:` line or its
/// trigger is some other event (a reaction, not a turn effect).
pub(crate) fn moment(lines: &[Spanned<ConditionLine>]) -> Option<Phase> {
    if !lines.iter().any(|line| matches!(line.node, ConditionLine::Effect(_))) {
        return None;
    }
    let trigger = lines.iter().find_map(|line| match &line.node {
        ConditionLine::Trigger(requirement) => Some(requirement.to_string().to_lowercase()),
        _ => None,
    });
    let Some(text) = trigger else { return Some(Phase::Start) };
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let has = |options: &[&str]| words.iter().any(|word| options.contains(word));
    if !has(&["turn"]) {
        None
    } else if has(&["end", "ends", "ending"]) {
        Some(Phase::End)
    } else if has(&["start", "starts", "begin", "begins"]) {
        Some(Phase::Start)
    } else {
        None
    }
}

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
    if *phase == Phase::Action {
        return Ok(());
    }
    let rules = Arc::clone(&game.rules);
    let Ok(holder) = game.world.actor(actor) else { return Ok(()) };
    let mut due = Vec::new();
    for h in held(&rules, holder) {
        if moment(h.lines).as_ref() != Some(phase) {
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
        let context = Context {
            rules: &rules,
            weapon: None,
            user: actor,
            rounding: rules.rounding,
            trigger: &[],
            outcome: &outcome,
            destination: None,
            from_condition: true,
            spared: None,
            binding: None,
        };
        let when = if *phase == Phase::End { "turn end" } else { "turn start" };
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

    fn moment_of(trigger: Option<&str>) -> Option<Phase> {
        let mut text = String::from("condition Test\nEffect: heal 1\n");
        if let Some(trigger) = trigger {
            text += &format!("Trigger: {trigger}\n");
        }
        let mut sources = crate::diagnostics::SourceMap::new();
        let (file, errors) = crate::parse::parse_source(&mut sources, "test.rules", &text);
        assert!(errors.is_empty(), "{errors:?}");
        match &file.items[0] {
            crate::model::Item::Block(block) => match &block.node.body {
                crate::model::BlockBody::Condition(lines) => moment(lines),
                _ => None,
            },
            crate::model::Item::Include(_) | crate::model::Item::House(_) => None,
        }
    }

    #[test]
    fn the_trigger_picks_the_phase() {
        assert_eq!(moment_of(None), Some(Phase::Start));
        assert_eq!(moment_of(Some("you start your turn")), Some(Phase::Start));
        assert_eq!(moment_of(Some("you end your turn")), Some(Phase::End));
        assert_eq!(moment_of(Some("you spend your turn hiding")), None);
        assert_eq!(moment_of(Some("you take damage")), None);
    }

    #[test]
    fn damage_suffix_is_not_part_of_the_type() {
        assert_eq!(subtype_of("Fire Damage"), "Fire");
        assert_eq!(subtype_of("fire damage"), "fire");
        assert_eq!(subtype_of("Fire"), "Fire");
        assert_eq!(subtype_of("Damage"), "Damage");
    }
}
