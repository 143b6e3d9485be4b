//! [`RulesBackend`]: the backend the binary uses until the game runtime is wired in. It
//! keeps the dice stream, the loaded packs and inline definitions, answers `show power` /
//! `show condition` and completion from them, and refuses every command that needs the
//! runtime with a clear diagnostic (changing nothing, as the contract requires).

use super::backend::{Backend, CommandResult, Event, LoadedPack, NameKind, Outcome};
use super::command::{CheckRequest, NameRef, PowerUse, ShowTarget, Side};
use super::error::SessionErrorKind;
use crate::diagnostics::{Diagnostic, Span, Spanned};
use crate::dice::Roller;
use crate::engine::Decider;
use crate::model::{Block, BlockKind, Pack, RuleFile};

/// Dice, packs and definitions; no actors, no encounters.
#[derive(Debug)]
pub struct RulesBackend {
    roller: Roller,
    packs: Vec<(String, Pack)>,
}

impl Default for RulesBackend {
    fn default() -> Self {
        RulesBackend { roller: Roller::new(super::session::DEFAULT_SEED), packs: Vec::new() }
    }
}

impl RulesBackend {
    fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.packs.iter().flat_map(|(_, pack)| pack.blocks()).map(|block| &block.node)
    }

    fn names_of(&self, wanted: impl Fn(BlockKind) -> bool) -> Vec<String> {
        let mut names: Vec<String> = self
            .blocks()
            .filter(|block| wanted(block.kind.node))
            .map(|block| block.name.node.to_string())
            .collect();
        names.sort();
        names.dedup();
        names
    }

    fn show_block(&self, kind: BlockKind, name: &NameRef) -> CommandResult {
        let found = self
            .blocks()
            .find(|block| block.kind.node == kind && block.name.node.matches(&name.node));
        let Some(block) = found else {
            let known = self.names_of(|k| k == kind);
            let mut diagnostic = Diagnostic::error(
                "session::unknown_block",
                format!("no {kind} called `{}` is loaded", name.node),
            )
            .with_primary(name.span, format!("not a loaded {kind}"));
            if let Some(close) =
                crate::diagnostics::did_you_mean(&name.node, known.iter().map(String::as_str))
            {
                diagnostic = diagnostic.with_help(format!("did you mean `{close}`?"));
            }
            return Err(vec![diagnostic]);
        };
        let mut text = format!("{} {}", block.kind.node, block.name.node);
        for (_, line) in block.line_texts() {
            text.push('\n');
            text.push_str(&line);
        }
        Ok(Outcome::view(text))
    }
}

/// The refusal for a command that needs the runtime.
fn no_runtime(command: &str, span: Span) -> CommandResult {
    Err(vec![SessionErrorKind::NoRuntime(command.to_string()).at(span).to_diagnostic()])
}

impl Backend for RulesBackend {
    fn roller(&mut self) -> &mut Roller {
        &mut self.roller
    }

    fn load(&mut self, pack: &LoadedPack) -> CommandResult {
        let blocks = pack.pack.blocks().count();
        self.packs.push((pack.name.clone(), pack.pack.clone()));
        let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let text = format!(
            "loaded {}: {}, {}",
            pack.name,
            count(blocks, "block"),
            count(pack.scripts.len(), "script")
        );
        Ok(Outcome::event("load", text))
    }

    fn define(&mut self, file: &RuleFile) -> CommandResult {
        let mut events = Vec::new();
        for block in file.blocks() {
            events.push(Event::new(
                "define",
                format!("defined {} {}", block.node.kind.node, block.node.name.node),
            ));
        }
        self.packs.push(("<session>".to_string(), Pack { files: vec![file.clone()] }));
        Ok(Outcome { events })
    }

    fn create_actor(&mut self, name: &NameRef, _: &NameRef) -> CommandResult {
        no_runtime("actor", name.span)
    }

    fn create_inline_actor(&mut self, name: &NameRef, _: &[(NameRef, i64)]) -> CommandResult {
        no_runtime("actor", name.span)
    }

    fn show(&self, target: &ShowTarget) -> CommandResult {
        match target {
            ShowTarget::Power(name) => self.show_block(BlockKind::Power, name),
            ShowTarget::Condition(name) => self.show_block(BlockKind::Condition, name),
            ShowTarget::Actor(name) => no_runtime("show", name.span),
            ShowTarget::State | ShowTarget::Log => no_runtime("show", Span::NONE),
        }
    }

    fn use_power(&mut self, power_use: &PowerUse, _: &mut dyn Decider) -> CommandResult {
        no_runtime("uses", power_use.actor.span.to(power_use.power.span))
    }

    fn check(&mut self, request: &CheckRequest, _: &mut dyn Decider) -> CommandResult {
        no_runtime("check", request.side.actor.span)
    }

    fn versus(&mut self, attacker: &Side, _: &Side, _: &mut dyn Decider) -> CommandResult {
        no_runtime("versus", attacker.actor.span)
    }

    fn start_encounter(&mut self, actors: &[NameRef]) -> CommandResult {
        no_runtime("encounter", actors.first().map_or(Span::NONE, |actor| actor.span))
    }

    fn next_turn(&mut self, _: &mut dyn Decider) -> CommandResult {
        no_runtime("next", Span::NONE)
    }

    fn end_encounter(&mut self) -> CommandResult {
        no_runtime("end encounter", Span::NONE)
    }

    fn start_challenge(&mut self, _: u32, _: u32, participants: &[NameRef]) -> CommandResult {
        no_runtime("challenge", participants.first().map_or(Span::NONE, |actor| actor.span))
    }

    fn save(&mut self, path: &Spanned<String>) -> CommandResult {
        no_runtime("save", path.span)
    }

    fn restore(&mut self, path: &Spanned<String>) -> CommandResult {
        no_runtime("restore", path.span)
    }

    fn undo(&mut self) -> CommandResult {
        no_runtime("undo", Span::NONE)
    }

    fn complete_names(&self, kind: NameKind) -> Vec<String> {
        match kind {
            NameKind::Pack | NameKind::Actor => Vec::new(),
            NameKind::StatBlock => self.names_of(|k| k == BlockKind::Actor),
            NameKind::Power => self.names_of(|k| k == BlockKind::Power),
            NameKind::Condition => self.names_of(|k| k == BlockKind::Condition),
        }
    }
}
