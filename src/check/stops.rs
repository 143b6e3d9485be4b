//! `stop before this square` only where a walk can be under way: in a `When <condition> is
//! applied` rule of the system (terrain entered during a walk fires it), in a power such a
//! rule runs (`use Wade`), in an effects group one of them runs (`do Sink`), and in what
//! those run in turn. Anywhere else (a power's own use, a turn hook, a condition's or a
//! trait's effect) no cell was just entered, so the line would never stop anything.

use std::collections::BTreeSet;

use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::model::hook::HookEvent;
use crate::model::{BlockBody, BlockKind, Effect, EffectPart, Effects, Name, Pack, SystemLine};

use crate::model::references::References;

/// The code of a `stop before this square` no walk can reach.
const STOP_WITHOUT_WALK: &str = "rules::check::stop_without_walk";

/// What an effect line writes that matters here: its stops and what it runs.
#[derive(Default)]
pub(super) struct Runs<'a> {
    pub stops: Vec<Span>,
    pub powers: Vec<&'a Spanned<Name>>,
    pub groups: Vec<&'a Spanned<Name>>,
    /// Moves that go where the request names (`walk 1`; not a push or pull).
    pub chosen_moves: Vec<Span>,
}

impl<'a> Runs<'a> {
    pub(super) fn walk(&mut self, effects: &'a Effects) {
        for part in &effects.parts {
            match &part.node {
                EffectPart::Effect(Effect::StopBefore { .. }) => self.stops.push(part.span),
                EffectPart::Effect(Effect::Use { power }) => self.powers.push(power),
                EffectPart::Effect(Effect::Do { group, .. }) => self.groups.push(group),
                EffectPart::Effect(Effect::Move { kind, .. }) if !kind.is_forced() => {
                    self.chosen_moves.push(part.span)
                }
                EffectPart::Effect(_) | EffectPart::Narration(_) => {}
                EffectPart::When { then, .. } => self.walk(then),
                EffectPart::Check { on_success, on_failure, .. } => {
                    on_success.iter().chain(on_failure).for_each(|branch| self.walk(branch));
                }
            }
        }
    }
}

/// Whether `line` is a rule run by gaining a condition (terrain entered).
fn entering(line: &SystemLine) -> bool {
    matches!(line, SystemLine::OnEvent(rule) if rule.event.node == HookEvent::ConditionApplied)
}

/// The powers and effects groups (lower case) that a rule run by entering a cell may run,
/// directly or through each other.
fn reached_by_entering(pack: &Pack) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut pending: Vec<(bool, &Spanned<Name>)> = Vec::new();
    for line in pack.system_lines().filter(|line| entering(&line.node)) {
        let SystemLine::OnEvent(rule) = &line.node else { continue };
        let mut runs = Runs::default();
        runs.walk(&rule.effects);
        pending.extend(runs.powers.into_iter().map(|power| (true, power)));
        pending.extend(runs.groups.into_iter().map(|group| (false, group)));
    }
    let (mut powers, mut groups) = (BTreeSet::new(), BTreeSet::new());
    while let Some((is_power, name)) = pending.pop() {
        let key = name.node.as_str().to_lowercase();
        let seen = if is_power { &mut powers } else { &mut groups };
        if !seen.insert(key) {
            continue;
        }
        if is_power {
            for block in pack.find(name.node.as_str()) {
                if block.node.kind.node != BlockKind::Power {
                    continue;
                }
                let references = References::of(&block.node.body);
                pending.extend(references.powers_used.into_iter().map(|power| (true, power)));
                pending.extend(references.groups.into_iter().map(|group| (false, group)));
            }
        } else {
            for line in pack.system_lines() {
                let SystemLine::Effects { name: declared, effects } = &line.node else {
                    continue;
                };
                if declared.node.matches(name.node.as_str()) {
                    let mut runs = Runs::default();
                    runs.walk(effects);
                    pending.extend(runs.powers.into_iter().map(|power| (true, power)));
                    pending.extend(runs.groups.into_iter().map(|group| (false, group)));
                }
            }
        }
    }
    (powers, groups)
}

/// Refuses every `stop before this square` of `pack` that no walk can reach.
pub(super) fn stops(pack: &Pack, out: &mut Vec<Diagnostic>) {
    let mut found: Vec<(Span, &'static str)> = Vec::new();
    let mut reached = None;
    for block in pack.blocks() {
        match &block.node.body {
            BlockBody::System(lines) => {
                for line in lines {
                    let (effects, owner) = match &line.node {
                        SystemLine::OnEvent(rule) if !entering(&line.node) => {
                            (&rule.effects, "this system rule does not run on entering a cell")
                        }
                        SystemLine::Effects { name, effects } => {
                            let (_, groups) =
                                reached.get_or_insert_with(|| reached_by_entering(pack));
                            if groups.contains(&name.node.as_str().to_lowercase()) {
                                continue;
                            }
                            (effects, "no rule run by entering a cell runs this effects group")
                        }
                        SystemLine::At { effects, .. } => (
                            effects,
                            "an `At` line runs when a resource is reached, not on entering a cell",
                        ),
                        _ => continue,
                    };
                    let mut runs = Runs::default();
                    runs.walk(effects);
                    found.extend(runs.stops.into_iter().map(|span| (span, owner)));
                }
            }
            BlockBody::Power(_) => {
                let stops = References::of(&block.node.body).stops_before;
                if stops.is_empty() {
                    continue;
                }
                let (powers, _) = reached.get_or_insert_with(|| reached_by_entering(pack));
                if powers.contains(&block.node.name.node.as_str().to_lowercase()) {
                    continue;
                }
                let owner = "no `When ... is applied` rule uses this power, so it runs with no walk under way";
                found.extend(stops.into_iter().map(|span| (span, owner)));
            }
            body => {
                let owner = match body {
                    BlockBody::Condition(_) => "a condition's effect runs with no walk under way",
                    BlockBody::Trait(_) => "a trait's effect runs with no walk under way",
                    _ => "this line runs with no walk under way",
                };
                let stops = References::of(body).stops_before;
                found.extend(stops.into_iter().map(|span| (span, owner)));
            }
        }
    }
    for (span, owner) in found {
        out.push(
            Diagnostic::error(
                STOP_WITHOUT_WALK,
                format!("`stop before this square` can never stop a walk here: {owner}"),
            )
            .with_primary(span, "no cell was just entered when this runs")
            .with_help(
                "stop a walk from a rule run by entering a cell: `When Mire is applied: use Wade` \
                 in the system, and `Result Fail: stop before this square` on power Wade",
            ),
        );
    }
}
