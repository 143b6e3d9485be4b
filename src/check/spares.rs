//! `Spares: who laid it` only where it acts: on a condition some effect lays as terrain
//! (`lay Snare`; the GM's `terrain` command lays it for nobody), and with `When ... is
//! applied` rules that reach others by their own lines or the effects groups they run — a
//! power such a rule uses (`use Blast`) runs on its own and would not spare the layer.

use crate::diagnostics::Diagnostic;
use crate::model::hook::HookEvent;
use crate::model::{BlockBody, ConditionLine, Pack, SystemLine};

use super::stops::Runs;
use crate::model::references::References;

/// Refuses a `Spares:` line nothing lays, and a power used by the rule of a condition that
/// spares its layer.
pub(super) fn spares(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut sparing = Vec::new();
    for block in pack.blocks() {
        let BlockBody::Condition(lines) = &block.node.body else { continue };
        if let Some(line) = lines.iter().find(|l| matches!(l.node, ConditionLine::SparesLayer)) {
            sparing.push((block.node.name.node.as_str(), line.span));
        }
    }
    if sparing.is_empty() {
        return;
    }
    let laid: Vec<String> = pack
        .blocks()
        .flat_map(|block| {
            let laid = References::of(&block.node.body).laid;
            laid.into_iter().map(|name| name.node.as_str().to_lowercase()).collect::<Vec<_>>()
        })
        .collect();
    for (name, span) in &sparing {
        if !laid.contains(&name.to_lowercase()) {
            let message = format!(
                "nothing lays {name}: `Spares: who laid it` would never spare anyone (terrain \
                 the GM lays is laid by nobody)"
            );
            out.push(
                Diagnostic::error("rules::check::spares_unlaid", message)
                    .with_primary(*span, "no `lay` effect lays it")
                    .with_help(format!(
                        "lay it from a power (`Result: lay {name}`), or drop the line"
                    )),
            );
        }
    }
    for line in pack.system_lines() {
        let SystemLine::OnEvent(rule) = &line.node else { continue };
        let Some(named) = &rule.named else { continue };
        if rule.event.node != HookEvent::ConditionApplied
            || !sparing.iter().any(|(name, _)| named.node.matches(name))
        {
            continue;
        }
        let mut runs = Runs::default();
        runs.walk(&rule.effects);
        for power in runs.powers {
            let message = format!(
                "`use {}` would reach whoever laid {}: a used power does not spare the layer",
                power.node, named.node
            );
            out.push(
                Diagnostic::error("rules::check::spares_use", message)
                    .with_primary(power.span, "runs on its own")
                    .with_help(
                        "write the effects on the rule itself, or in an effects group it runs \
                         with `do`",
                    ),
            );
        }
    }
}
