//! Damage needs somewhere to go: a pack whose lines deal damage or heal must say which
//! resource takes it ([`crate::model::health`]: a `Layered` line, or the one resource with
//! a maximum). The engine never picks one of several resources with a maximum by itself.
//! A file without a system block is checked once it is merged with one.

use crate::diagnostics::Diagnostic;
use crate::model::hook::HookEvent;
use crate::model::{BlockKind, Effect, EffectPart, Pack, SystemLine};

/// Refuses damage and healing in a pack whose system does not say where they go, at the
/// first line that deals or heals (or the `On damage taken` hook that reads it).
pub(super) fn damage_pool(pack: &Pack, out: &mut Vec<Diagnostic>) {
    // Files without a system (extra powers loaded on top of a pack) are checked again once
    // merged with the pack that has one, like their names.
    if !pack.blocks().any(|block| block.node.kind.node == BlockKind::System) {
        return;
    }
    let Err(candidates) =
        crate::model::health::health_resource(pack.system_lines().map(|l| &l.node))
    else {
        return;
    };
    let first = pack.blocks().find_map(|block| {
        super::lifecycle::effects_of(&block.node.body).into_iter().find_map(|(effects, _)| {
            effects.leaves().find_map(|part| match &part.node {
                EffectPart::Effect(Effect::Damage { .. }) => Some((part.span, "deals damage")),
                EffectPart::Effect(Effect::Heal { .. }) => Some((part.span, "heals")),
                _ => None,
            })
        })
    });
    let hook = || {
        pack.system_lines().find_map(|line| match &line.node {
            SystemLine::Hook { event, .. } if event.node == HookEvent::DamageTaken => {
                Some((line.span, "reads the damage taken"))
            }
            SystemLine::OnEvent(rule)
                if matches!(
                    rule.event.node,
                    HookEvent::DamageTaken | HookEvent::Hit | HookEvent::Kill
                ) =>
            {
                Some((line.span, "reads the damage taken"))
            }
            _ => None,
        })
    };
    let Some((span, label)) = first.or_else(hook) else { return };
    out.push(
        Diagnostic::error(
            "rules::check::no_damage_pool",
            "the system does not say which resource damage and healing go to",
        )
        .with_primary(span, label)
        .with_help(crate::model::health::help(&candidates)),
    );
}
