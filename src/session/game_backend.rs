//! [`Backend`] for the runtime's [`Game`]: every session command becomes one transactional
//! `Game` command, and the events it logged become the transcript (`describe()` for the
//! text, the event itself as JSON for `--json`). What the runtime cannot do yet (subtracted
//! stats in `check`, more than one helper in `aided by`) is refused with a clear diagnostic
//! that changes nothing.
//!
//! Decision points: `check`, `versus`, power uses and `next` pass the session's [`Decider`]
//! to the runtime (the REPL asks, batch runs follow the policy); it answers the engine's
//! decisions and the scripts' `decide(...)` alike, and every answer is logged.

use std::path::Path;

use super::backend::{
    Backend, CommandResult, CompletionKind, Fiat, LoadedPack, Outcome, TranscriptEntry,
};
use super::command::{
    AnalyzeCommand, CheckCommand, CheckSide, CheckTerm, Difficulty, NameRef, ShowTarget, TestStep,
    UseCommand,
};
use super::session::error_at;
use crate::diagnostics::{Diagnostic, Severity, SourceMap, Span, Spanned, ToDiagnostic};
use crate::dice::Roller;
use crate::engine::{Decider, Hex, PolicyDecider};
use crate::model::house::House;
use crate::model::{Block, BlockKind, Item, Pack, RuleFile};
use crate::runtime::{self, Game, RuntimeError};

/// A refusal for what the runtime does not support yet.
fn unsupported(what: &str, span: Span) -> Vec<Diagnostic> {
    vec![
        error_at(
            "session::unsupported",
            format!("{what} is not supported by the runtime yet"),
            span,
            "not supported yet",
        )
        .with_help("the command changed nothing"),
    ]
}

fn failed(error: &RuntimeError) -> Vec<Diagnostic> {
    vec![error.to_diagnostic()]
}

/// `n thing` / `n things`.
fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

impl Backend for Game {
    fn roller(&mut self) -> &mut Roller {
        &mut self.world_mut().roller
    }

    fn sources(&self) -> SourceMap {
        Game::sources(self).clone()
    }

    fn load(&mut self, loaded: &LoadedPack) -> CommandResult {
        let blocks = loaded.pack.blocks().count();
        let rules = house_rules(&loaded.pack);
        let mut files = self.pack().files.clone();
        // Into an empty game the pack installed is the one the session checked: its check
        // stands (the game's own install would repeat it, finding the same).
        let checked = loaded.checked.clone().filter(|_| files.is_empty());
        files.extend(loaded.pack.files.iter().cloned());
        let mut scripts = self.script_files().to_vec();
        scripts.extend(loaded.scripts.iter().cloned());
        let changes = install(self, Pack { files }, &scripts, loaded.sources.clone(), checked)?;
        let mut text = format!(
            "loaded {}: {}, {}",
            loaded.name,
            count(blocks, "block"),
            count(loaded.scripts.len(), "script")
        );
        if rules > 0 {
            text.push_str(&format!(", {}", count(rules, "house rule")));
        }
        let mut events = vec![TranscriptEntry::new("load", text)];
        events.extend(changes);
        Ok(Outcome { events })
    }

    fn reload(&mut self, loaded: &LoadedPack) -> CommandResult {
        let old_pack = self.pack().clone();
        let old_scripts = self.script_files().to_vec();
        let sources = loaded.sources.clone();
        let (_, report) = Game::reload_pack(self, loaded.pack.clone(), sources, &loaded.scripts)
            .map_err(|mut refused| {
                refused.retain(|diagnostic| diagnostic.severity != Severity::Advice);
                refused
            })?;
        let mut changes = crate::model::house_apply::pack_diff(&old_pack, self.pack());
        changes.extend(script_changes(&old_scripts, &loaded.scripts));
        let blocks = self.pack().blocks().count();
        let summary = format!(
            "reloaded {}, {}: {}",
            count(blocks, "block"),
            count(loaded.scripts.len(), "script"),
            match changes.len() {
                0 => "no rule changed".to_string(),
                n => count(n, "change"),
            }
        );
        let mut events = vec![TranscriptEntry::new("reload", summary)];
        events.extend(changes.into_iter().map(|change| TranscriptEntry::new("reload", change)));
        events.extend(
            report.into_iter().map(|difference| TranscriptEntry::new("mapped", difference)),
        );
        events.push(TranscriptEntry::new("reload", "undo starts again from here"));
        Ok(Outcome { events })
    }

    fn define(&mut self, file: &RuleFile) -> CommandResult {
        let mut files = self.pack().files.clone();
        files.push(file.clone());
        let scripts = self.script_files().to_vec();
        let sources = self.sources().clone();
        let changes = install(self, Pack { files }, &scripts, sources, None)?;
        let mut events: Vec<TranscriptEntry> = file
            .blocks()
            .map(|block| {
                TranscriptEntry::new(
                    "define",
                    format!("defined {} {}", block.node.kind.node, block.node.name.node),
                )
            })
            .collect();
        events.extend(changes);
        Ok(Outcome { events })
    }

    fn create_actor(
        &mut self,
        name: &NameRef,
        stat_block: Option<&NameRef>,
        stats: &[(NameRef, i64)],
    ) -> CommandResult {
        let mark = self.mark();
        let overrides: Vec<(&str, i64)> =
            stats.iter().map(|(stat, value)| (stat.node.as_str(), *value)).collect();
        let from = stat_block.map(|block| block.node.as_str());
        let span = stat_block.map_or(name.span, |block| block.span);
        self.add_actor(&name.node, from, &overrides).map_err(|e| failed(&e.or_at(span)))?;
        let text = match stat_block {
            Some(block) => format!("{} joins (from {})", name.node, block.node),
            None => format!("{} joins", name.node),
        };
        Ok(self.joined(mark, text))
    }

    fn show(&self, target: &ShowTarget) -> CommandResult {
        match target {
            ShowTarget::Actor(name) => self.sheet(name),
            ShowTarget::Power(name) => self.show_block(BlockKind::Power, name),
            ShowTarget::Condition(name) => self.show_block(BlockKind::Condition, name),
            ShowTarget::State => {
                let shown = Outcome::view(self.state_text());
                let flags = self.world_flags();
                Ok(match flags.is_empty() {
                    true => shown,
                    false => shown.with_data(serde_json::json!({ "world": flags })),
                })
            }
            ShowTarget::Log => {
                let log = self.transcript_since(0);
                Ok(Outcome::view(if log.is_empty() { "(nothing yet)" } else { log.trim_end() }))
            }
        }
    }

    fn use_power(&mut self, power_use: &UseCommand, decider: &mut dyn Decider) -> CommandResult {
        let request = power_use.request();
        let mark = self.mark();
        // An unknown actor or target is the likely failure: point at it.
        let unknown = std::iter::once(&power_use.actor)
            .chain(&power_use.targets)
            .find(|who| self.world().actor(&who.node).is_err());
        let span = unknown.map_or(Span::NONE, |who| who.span);
        Game::use_power_with(self, &request, decider).map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.events_or(
            mark,
            "power",
            format!("{} uses {}", power_use.actor.node, power_use.power.node),
        ))
    }

    fn check(&mut self, request: &CheckCommand, decider: &mut dyn Decider) -> CommandResult {
        let difficulty = match &request.difficulty {
            Difficulty::Number(number) => *number,
            Difficulty::Expr(expr) => {
                let against = request.against.as_ref().map(|who| who.node.as_str());
                Game::evaluate(self, &request.side.actor.node, against, expr)
                    .map_err(|e| failed(&e.or_at(expr.span)))?
            }
        };
        let pools = self.pack().default_procedure().is_some_and(|procedure| {
            procedure.method == Some(crate::model::Method::Successes) && request.adding.is_none()
        });
        if pools {
            return self.pooled_check(request, difficulty, decider);
        }
        if let [_, second, ..] = request.aided_by.as_slice() {
            return Err(unsupported("more than one helper (outside success pools)", second.span));
        }
        let mut runtime_request = self.check_request(&request.side, difficulty)?;
        runtime_request.keywords = self.check_tag(request)?;
        if let Some((count, pool)) = &request.adding {
            runtime_request.procedure = self.extra_dice_procedure(pool)?;
            runtime_request.extra_dice = Some(*count);
        }
        let mark = self.mark();
        // Aid: the helper makes the same check first, and its grade goes on one die of the
        // original check. Two commands to the runtime, one to the user: if the original check
        // fails, the helper's check is undone too.
        if let Some(helper) = request.aided_by.first() {
            let helping =
                runtime::CheckRequest { actor: helper.node.clone(), ..runtime_request.clone() };
            let aid = Game::check_with(self, &helping, decider).map_err(|e| failed(&e))?;
            runtime_request.aid = i64::from(aid.grade);
        }
        runtime_request.against = request.against.as_ref().map(|who| who.node.clone());
        let outcome = match Game::check_with(self, &runtime_request, decider) {
            Ok(outcome) => outcome,
            Err(error) => {
                if !request.aided_by.is_empty() {
                    // Undoing the helper's check cannot fail: it was just recorded.
                    let _ = Game::undo(self);
                }
                return Err(failed(&error));
            }
        };
        Ok(self.check_report(mark, &request.side.actor.node, &outcome))
    }

    fn versus(
        &mut self,
        attacker: &CheckSide,
        defender: &CheckSide,
        decider: &mut dyn Decider,
    ) -> CommandResult {
        let request = runtime::VersusRequest {
            attacker: self.check_request(attacker, 0)?,
            defender: self.check_request(defender, 0)?,
            tie: None,
            zero_never_wins: false,
        };
        let mark = self.mark();
        let outcome = Game::versus_with(self, &request, decider).map_err(|e| failed(&e))?;
        let winner = match outcome.winner {
            Some(crate::engine::Side::Attacker) => Some(&attacker.actor.node),
            Some(crate::engine::Side::Defender) => Some(&defender.actor.node),
            None => None,
        };
        let text = match winner {
            Some(name) => format!("{name} wins by {}", outcome.margin),
            None => "no winner".to_string(),
        };
        let mut result = self.events_or(mark, "versus", String::new());
        result.events.retain(|event| !event.text.is_empty());
        result.events.push(
            TranscriptEntry::new("versus", text)
                .with_data(serde_json::json!({ "winner": winner, "margin": outcome.margin })),
        );
        Ok(result)
    }

    fn set_initiative(&mut self, mode: &NameRef) -> CommandResult {
        let Some(chosen) = crate::model::outcome::InitiativeMode::parse(&mode.node) else {
            return Err(vec![
                error_at(
                    "session::unknown_initiative",
                    format!("unknown initiative `{}`", mode.node),
                    mode.span,
                    "not an initiative mode",
                )
                .with_help("write `initiative turns` or `initiative ticks`"),
            ]);
        };
        Game::set_initiative(self, Some(chosen));
        Ok(Outcome::event("initiative", format!("encounters now use {chosen}")))
    }

    fn start_encounter(&mut self, actors: &[NameRef]) -> CommandResult {
        let names: Vec<&str> = actors.iter().map(|actor| actor.node.as_str()).collect();
        let mark = self.mark();
        let order = Game::start_encounter(self, &names).map_err(|e| failed(&e))?;
        Ok(self.opened(mark, "encounter", &order))
    }

    fn next_turn(&mut self, decider: &mut dyn Decider) -> CommandResult {
        let mark = self.mark();
        Game::next_turn_with(self, decider).map_err(|e| failed(&e))?;
        Ok(self.events_or(mark, "turn", "next turn".to_string()))
    }

    fn end_encounter(&mut self) -> CommandResult {
        let mark = self.mark();
        Game::end_encounter(self).map_err(|e| failed(&e))?;
        Ok(self.events_or(mark, "encounter", "the encounter ends".to_string()))
    }

    fn start_challenge(
        &mut self,
        terms: &super::command::ChallengeTerms,
        participants: &[NameRef],
    ) -> CommandResult {
        let names: Vec<&str> = participants.iter().map(|actor| actor.node.as_str()).collect();
        // An unknown participant is the likely failure: point at it.
        let span = participants
            .iter()
            .find(|p| self.world().actor(p.node.as_str()).is_err())
            .or(participants.first())
            .map_or(Span::NONE, |p| p.span);
        let mark = self.mark();
        let counters = self
            .resolve_challenge_counters(&terms.success_counter, &terms.failure_counter)
            .map_err(|e| failed(&e))?;
        let challenge = crate::engine::Challenge::new(terms.successes, terms.failures)
            .counted_by(&counters.0, &counters.1);
        let order = Game::start_challenge_counted(self, challenge, &names)
            .map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.opened(mark, "challenge", &order))
    }

    fn save(&mut self, path: &Spanned<String>) -> CommandResult {
        Game::save(self, Path::new(&path.node)).map_err(|e| failed(&e.or_at(path.span)))?;
        Ok(Outcome::event("save", format!("saved to {}", path.node)))
    }

    fn restore(&mut self, path: &Spanned<String>) -> CommandResult {
        if !Path::new(&path.node).exists() {
            return Err(vec![
                error_at(
                    "session::no_save",
                    format!("there is no save file `{}`", path.node),
                    path.span,
                    "no such file",
                )
                .with_help(
                    "the path is relative to the folder the session runs in; nothing changed",
                ),
            ]);
        }
        let restored = Game::restore_mapped(self, Path::new(&path.node))
            .map_err(|e| failed(&e.or_at(path.span)))?;
        if restored.same_pack {
            return Ok(Outcome::event("restore", format!("restored from {}", path.node)));
        }
        let mapped = if restored.differences.is_empty() {
            "every name maps as it is"
        } else {
            "mapped by name:"
        };
        let text = format!(
            "restored from {}: the save was made with another version of the pack ({}; loaded \
             now: {}); {mapped}",
            path.node,
            restored.saved_pack,
            self.pack_identity()
        );
        let mut events = vec![TranscriptEntry::new("restore", text).with_data(serde_json::json!({
            "saved_pack": restored.saved_pack,
            "loaded_pack": self.pack_identity(),
            "differences": restored.differences,
        }))];
        events
            .extend(restored.differences.iter().map(|d| TranscriptEntry::new("mapped", d.clone())));
        Ok(Outcome { events })
    }

    fn undo(&mut self) -> CommandResult {
        Game::undo(self).map_err(|e| failed(&e))?;
        Ok(Outcome::event("undo", "undid the last command"))
    }

    fn place(
        &mut self,
        actor: &NameRef,
        hex: &Spanned<Hex>,
        facing: Option<&Spanned<String>>,
    ) -> CommandResult {
        let mark = self.mark();
        let facing = match facing {
            Some(word) => Some(self.direction(word).map_err(|e| failed(&e))?),
            None => None,
        };
        Game::place_facing(self, &actor.node, Some(hex.node), facing)
            .map_err(|e| failed(&e.or_at(hex.span)))?;
        Ok(self.events_or(mark, "place", format!("{} at {}", actor.node, hex.node)))
    }

    fn face(&mut self, actor: &NameRef, direction: &Spanned<String>) -> CommandResult {
        let mark = self.mark();
        let facing = self.direction(direction).map_err(|e| failed(&e))?;
        let span =
            if self.world().actor(&actor.node).is_err() { actor.span } else { direction.span };
        Game::face(self, &actor.node, facing).map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.events_or(mark, "faces", format!("{} faces {facing}", actor.node)))
    }

    fn add_walls(&mut self, hexes: &[Spanned<Hex>]) -> CommandResult {
        let mark = self.mark();
        let plain: Vec<Hex> = hexes.iter().map(|hex| hex.node).collect();
        let span = hexes.first().map_or(Span::NONE, |hex| hex.span);
        Game::add_walls(self, &plain).map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.events_or(mark, "wall", String::new()))
    }

    fn set_terrain(
        &mut self,
        condition: &NameRef,
        n: Option<&Spanned<i64>>,
        hexes: &[Spanned<Hex>],
    ) -> CommandResult {
        let mark = self.mark();
        let plain: Vec<Hex> = hexes.iter().map(|hex| hex.node).collect();
        Game::set_terrain(self, &condition.node, n.map(|n| n.node), &plain)
            .map_err(|e| failed(&e.or_at(condition.span)))?;
        Ok(self.events_or(mark, "terrain", String::new()))
    }

    fn clear_terrain(&mut self, hexes: &[Spanned<Hex>]) -> CommandResult {
        let mark = self.mark();
        let plain: Vec<Hex> = hexes.iter().map(|hex| hex.node).collect();
        let span = hexes.first().map_or(Span::NONE, |hex| hex.span);
        Game::clear_terrain(self, &plain).map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.events_or(mark, "terrain", String::new()))
    }

    fn set_side(&mut self, actors: &[NameRef], side: &NameRef) -> CommandResult {
        let mark = self.mark();
        let names: Vec<&str> = actors.iter().map(|actor| actor.node.as_str()).collect();
        let unknown = actors.iter().find(|actor| self.world().actor(&actor.node).is_err());
        let span = unknown.map_or(side.span, |actor| actor.span);
        Game::set_side(self, &names, Some(&side.node)).map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.events_or(mark, "side", format!("{} on side {}", names.join(", "), side.node)))
    }

    fn test_step(&mut self, step: &TestStep, span: Span) -> CommandResult {
        let mark = self.mark();
        // The name most likely wrong is pointed at: an unknown actor, else the command.
        let (result, at) = match step {
            TestStep::Open(open) => {
                let (stats, bonus) = terms(&open.side)?;
                let request = runtime::TestRequest {
                    actor: open.side.actor.node.clone(),
                    stats,
                    bonus,
                    need: open.need,
                    ease: open.ease,
                    helpers: open.aided_by.iter().map(|helper| helper.node.clone()).collect(),
                    procedure: None,
                    kind: open.kind.as_ref().map(|kind| kind.node.clone()),
                };
                let unknown = std::iter::once(&open.side.actor)
                    .chain(&open.aided_by)
                    .find(|who| self.world().actor(&who.node).is_err());
                (Game::open_test(self, &request), unknown.map_or(span, |who| who.span))
            }
            TestStep::Chunk { actor, dice, resource } => {
                let at = if self.world().actor(&actor.node).is_err() { actor.span } else { span };
                (Game::add_chunk(self, &actor.node, dice.node, &resource.node), at)
            }
            TestStep::Assist(helper) => {
                let at = if self.world().actor(&helper.node).is_err() { helper.span } else { span };
                (Game::assist_test(self, &helper.node), at)
            }
            TestStep::Oppose(dice) => (Game::oppose_test(self, dice.node), span),
            TestStep::Settle(_) => (Game::settle_test(self), span),
        };
        let status = result.map_err(|e| failed(&e.or_at(at)))?;
        let mut outcome = self.events_or(mark, "test", String::new());
        outcome.events.retain(|event| !event.text.is_empty());
        if let Some(met) = status.settled {
            let verdict = match &status.outcome {
                Some(outcome) => outcome.as_str(),
                None if met => "success",
                None => "failure",
            };
            let text = format!(
                "settled: {} of {} needed, {verdict} (margin {})",
                crate::engine::successes(status.successes),
                status.need,
                status.successes - status.need
            );
            outcome.events.push(TranscriptEntry::new("test", text).with_data(serde_json::json!({
                "successes": status.successes,
                "need": status.need,
                "succeeded": met,
            })));
        }
        Ok(outcome)
    }

    fn adopt(&mut self, actor: &NameRef, stance: &NameRef) -> CommandResult {
        let mark = self.mark();
        let span = if self.world().actor(&actor.node).is_err() { actor.span } else { stance.span };
        Game::adopt(self, &actor.node, &stance.node).map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.events_or(mark, "adopts", format!("{} adopts {}", actor.node, stance.node)))
    }

    fn leave(&mut self, actor: &NameRef, stance: &NameRef) -> CommandResult {
        let mark = self.mark();
        let span = if self.world().actor(&actor.node).is_err() { actor.span } else { stance.span };
        Game::leave_stance(self, &actor.node, &stance.node).map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.events_or(mark, "leaves", format!("{} leaves {}", actor.node, stance.node)))
    }

    fn fiat(&mut self, fiat: &Fiat<'_>, decider: &mut dyn Decider) -> CommandResult {
        let mark = self.mark();
        // The actor named is the likely failure: point at it, else at the whole command.
        let actor = match fiat {
            Fiat::Set { actor, .. }
            | Fiat::Damage { actor, .. }
            | Fiat::Heal { actor, .. }
            | Fiat::Apply { actor, .. }
            | Fiat::Remove { actor, .. }
            | Fiat::Grant { actor, .. } => Some(*actor),
            Fiat::EndTurn | Fiat::World { .. } => None,
        };
        let span = match actor {
            Some(actor) if self.world().actor(&actor.node).is_err() => actor.span,
            _ => Span::NONE,
        };
        let fallback = match fiat {
            Fiat::Set { actor, name, value } => {
                let span = if span.is_none() { name.span } else { span };
                Game::set_value(self, &actor.node, &name.node, *value).map_err(|e| e.or_at(span))
            }
            Fiat::Damage { actor, amount, damage_type } => {
                let kind = damage_type.map(|kind| kind.node.as_str());
                Game::deal_damage(self, &actor.node, *amount, kind)
            }
            Fiat::Heal { actor, amount } => Game::heal_actor(self, &actor.node, *amount),
            Fiat::Apply { condition, n, actor, lasting } => {
                let span = if span.is_none() { condition.span } else { span };
                Game::apply_condition(self, &actor.node, &condition.node, *n, *lasting)
                    .map_err(|e| e.or_at(span))
            }
            Fiat::Remove { condition, actor } => {
                let span = if span.is_none() { condition.span } else { span };
                Game::remove_condition(self, &actor.node, &condition.node)
                    .map_err(|e| e.or_at(span))
            }
            Fiat::Grant { grant, kind, name, actor } => {
                let span = if span.is_none() { name.span } else { span };
                let result = if *grant {
                    Game::grant(self, &actor.node, *kind, &name.node)
                } else {
                    Game::revoke(self, &actor.node, *kind, &name.node)
                };
                result.map_err(|e| e.or_at(span))
            }
            Fiat::EndTurn => Game::end_turn_with(self, decider).map(|_| ()),
            Fiat::World { flag } => {
                Game::set_world_flag(self, &flag.node).map_err(|e| e.or_at(flag.span))
            }
        };
        fallback.map_err(|e| failed(&e.or_at(span)))?;
        Ok(self.events_or(mark, "fiat", "done".to_string()))
    }

    fn analyze(&self, request: &AnalyzeCommand, policies: &PolicyDecider) -> CommandResult {
        let report = crate::analyze::analyze_game(self, request, policies)?;
        let text = crate::analyze::render::text(&report);
        let data = serde_json::to_value(&report).unwrap_or_default();
        Ok(Outcome::event("analysis", text.trim_end()).with_data(data))
    }

    fn complete_names(&self, kind: CompletionKind) -> Vec<String> {
        let mut names: Vec<String> = match kind {
            CompletionKind::Pack => Vec::new(),
            CompletionKind::Actor => self.world().actors.iter().map(|a| a.name.clone()).collect(),
            CompletionKind::StatBlock => self.block_names(BlockKind::Actor),
            CompletionKind::Power => {
                let mut names = self.block_names(BlockKind::Power);
                names.extend(self.world().actors.iter().flat_map(|a| a.powers.iter().cloned()));
                names
            }
            CompletionKind::Condition => {
                let mut names = self.block_names(BlockKind::Condition);
                names.extend(
                    self.world()
                        .actors
                        .iter()
                        .flat_map(|a| a.conditions.active.iter().map(|c| c.name.clone())),
                );
                names
            }
            CompletionKind::Blocks(kind) => self.block_names(kind),
        };
        names.sort();
        names.dedup();
        names
    }
}

/// Stats and the flat bonus of a check side; subtracted stats are refused.
fn terms(side: &CheckSide) -> Result<(Vec<String>, i64), Vec<Diagnostic>> {
    let mut stats = Vec::new();
    let mut bonus = 0;
    for term in &side.terms {
        match term {
            CheckTerm::Stat(true, name) => stats.push(name.node.clone()),
            CheckTerm::Stat(false, name) => {
                return Err(unsupported("subtracting a stat", name.span));
            }
            CheckTerm::Number(n) => bonus += n,
        }
    }
    Ok((stats, bonus))
}

/// Installs `pack` and its scripts (re-checked by the runtime; house rules applied), the
/// scripts numbered in `sources` as the session numbers them. What each house rule
/// changed, as `house` events.
fn install(
    game: &mut Game,
    pack: Pack,
    scripts: &[(String, String)],
    sources: SourceMap,
    checked: Option<crate::check::Checked>,
) -> Result<Vec<TranscriptEntry>, Vec<Diagnostic>> {
    let found = match checked {
        Some(checked) => game.load_checked_pack(pack, checked, sources, scripts),
        None => game.load_pack(pack, sources, scripts),
    };
    let found = found.map_err(|mut refused| {
        // What the house rules would have changed is beside the point of the refusal.
        refused.retain(|diagnostic| diagnostic.severity != Severity::Advice);
        refused
    })?;
    Ok(found.iter().filter(|d| d.severity == Severity::Advice).map(house_event).collect())
}

/// The scripts added, removed or changed between two loads, by name.
fn script_changes(old: &[(String, String)], new: &[(String, String)]) -> Vec<String> {
    let mut changes = Vec::new();
    for (name, text) in new {
        match old.iter().find(|(other, _)| other == name) {
            None => changes.push(format!("script {name} added")),
            Some((_, before)) if before != text => changes.push(format!("script {name} changed")),
            Some(_) => {}
        }
    }
    for (name, _) in old {
        if !new.iter().any(|(other, _)| other == name) {
            changes.push(format!("script {name} removed"));
        }
    }
    changes
}

/// How many house rules `pack` holds.
fn house_rules(pack: &Pack) -> usize {
    let rules = pack.files.iter().flat_map(|file| &file.items);
    rules
        .filter(|item| matches!(item, Item::House(house) if matches!(house.node, House::Rule(_))))
        .count()
}

/// A house rule's change as a transcript event: the message, then its line changes.
fn house_event(change: &Diagnostic) -> TranscriptEntry {
    let mut text = change.message.clone();
    if let Some(help) = &change.help {
        for line in help.lines() {
            text.push_str(&format!("\n  {line}"));
        }
    }
    TranscriptEntry::new("house", text).with_data(serde_json::json!({ "code": change.code }))
}

impl Game {
    /// The runtime request for one side of a check: its stats and bonus, and the number it
    /// is written against (`vs 9`). That number is the threshold for pools, successes and
    /// totals, and the difficulty (the success number to reach) for roll-under procedures,
    /// whose target is the modifier itself.
    fn check_request(
        &self,
        side: &CheckSide,
        against: i64,
    ) -> Result<runtime::CheckRequest, Vec<Diagnostic>> {
        let (stats, bonus) = terms(side)?;
        let roll_under = self
            .pack()
            .default_procedure()
            .is_some_and(|procedure| procedure.method == Some(crate::model::Method::RollUnder));
        let (threshold, difficulty) = if roll_under { (0, against) } else { (against, 0) };
        Ok(runtime::CheckRequest {
            actor: side.actor.node.clone(),
            stats,
            bonus,
            threshold,
            difficulty,
            ..runtime::CheckRequest::default()
        })
    }

    /// The tag of a session check (`as Crafting`) as its request's keywords: a tag no
    /// `Check tags:` line declares is refused, since no `vs` modifier could select it.
    fn check_tag(&self, request: &CheckCommand) -> Result<Vec<String>, Vec<Diagnostic>> {
        let Some(tag) = &request.tag else { return Ok(Vec::new()) };
        let declared = &self.rules.check_tags;
        match declared.iter().find(|known| known.eq_ignore_ascii_case(&tag.node)) {
            Some(known) => Ok(vec![known.clone()]),
            None => Err(vec![
                super::session::error_at(
                    "session::unknown_tag",
                    format!("no `Check tags:` line declares the tag `{}`", tag.node),
                    tag.span,
                    "not a check tag of this game",
                )
                .with_suggestion(
                    tag.node.as_str(),
                    declared.iter().map(String::as_str),
                    "declare it in the system: `Check tags: Crafting`",
                ),
            ]),
        }
    }

    /// A check by a success pool (`Method: successes`): each helper makes the same check
    /// first (no requirement: their successes are counted) and the successes of all of them
    /// are pooled into the roller's. One command to the user: if a later check fails, the
    /// helpers' checks are undone too.
    fn pooled_check(
        &mut self,
        request: &CheckCommand,
        difficulty: i64,
        decider: &mut dyn Decider,
    ) -> CommandResult {
        let mut runtime_request = self.check_request(&request.side, difficulty)?;
        runtime_request.keywords = self.check_tag(request)?;
        runtime_request.against = request.against.as_ref().map(|who| who.node.clone());
        let mark = self.mark();
        let mut done = 0;
        let mut run = |game: &mut Game| -> Result<runtime::CheckOutcome, RuntimeError> {
            for helper in &request.aided_by {
                let helping = runtime::CheckRequest {
                    actor: helper.node.clone(),
                    threshold: 0,
                    pooled: 0,
                    ..runtime_request.clone()
                };
                let aid =
                    Game::check_with(game, &helping, decider).map_err(|e| e.or_at(helper.span))?;
                done += 1;
                runtime_request.pooled += aid.names.successes.unwrap_or(0);
            }
            Game::check_with(game, &runtime_request, decider)
        };
        let outcome = match run(self) {
            Ok(outcome) => outcome,
            Err(error) => {
                for _ in 0..done {
                    // Undoing a helper's check cannot fail: it was just recorded.
                    let _ = Game::undo(self);
                }
                return Err(failed(&error));
            }
        };
        Ok(self.check_report(mark, &request.side.actor.node, &outcome))
    }

    /// `adding 3 Chaos Dice`: the default procedure when its `Extra dice:` come from that
    /// pool (`None`), else the first procedure whose extra dice do (`Some(name)`).
    fn extra_dice_procedure(&self, pool: &NameRef) -> Result<Option<String>, Vec<Diagnostic>> {
        let takes = |procedure: &crate::model::Procedure<'_>| {
            procedure.extra_dice.is_some_and(|declared| declared.node.matches(&pool.node))
        };
        if self.pack().default_procedure().is_some_and(|p| takes(&p)) {
            return Ok(None);
        }
        let found = self
            .pack()
            .blocks()
            .filter_map(|block| crate::model::Procedure::of(&block.node))
            .find(|procedure| takes(procedure))
            .map(|procedure| procedure.name.to_string());
        match found {
            Some(name) => Ok(Some(name)),
            None => Err(vec![
                error_at(
                    "session::no_extra_dice",
                    format!("no check procedure takes extra dice from `{}`", pool.node),
                    pool.span,
                    "no `Extra dice:` line names this pool",
                )
                .with_help("add `Extra dice: <pool>, keep best` to a check block"),
            ]),
        }
    }

    /// An encounter's opening: its turn order first, then the runtime's events after `mark`.
    fn opened(&self, mark: usize, kind: &str, order: &[String]) -> Outcome {
        let mut outcome = self.events_or(mark, kind, String::new());
        outcome.events.retain(|event| !event.text.is_empty());
        outcome.events.insert(
            0,
            TranscriptEntry::new(kind, format!("turn order: {}", order.join(", ")))
                .with_data(serde_json::json!({ "order": order })),
        );
        outcome
    }

    /// The runtime's events after `mark` as session events; `fallback` when there are none.
    /// An actor joined: the join line, then what joining did (conditions it starts with).
    fn joined(&self, mark: usize, text: String) -> Outcome {
        let mut outcome = self.events_or(mark, "actor", text.clone());
        if outcome.events.first().is_none_or(|event| event.text != text) {
            outcome.events.insert(0, TranscriptEntry::new("actor", text));
        }
        outcome
    }

    /// What a session check shows: the log since `mark`, then `actor`'s grade.
    fn check_report(&self, mark: usize, actor: &str, outcome: &runtime::CheckOutcome) -> Outcome {
        let label = outcome.label.clone().unwrap_or_else(|| format!("grade {}", outcome.grade));
        let mut result = self.events_or(mark, "check", String::new());
        result.events.retain(|event| !event.text.is_empty());
        result.events.push(TranscriptEntry::new("grade", format!("{actor}: {label}")).with_data(
            serde_json::json!({ "grade": outcome.grade, "label": outcome.label, "totals": outcome.totals }),
        ));
        result
    }

    fn events_or(&self, mark: usize, kind: &str, fallback: String) -> Outcome {
        let events: Vec<TranscriptEntry> = self
            .log()
            .since(mark)
            .map(|event| {
                let data = serde_json::to_value(event).unwrap_or_default();
                let kind =
                    data.get("event").and_then(|k| k.as_str()).unwrap_or("event").to_string();
                TranscriptEntry::new(&kind, event.describe()).with_data(data)
            })
            .collect();
        if events.is_empty() { Outcome::event(kind, fallback) } else { Outcome { events } }
    }

    pub(super) fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.pack().blocks().map(|block| &block.node)
    }

    pub(super) fn block_names(&self, kind: BlockKind) -> Vec<String> {
        self.blocks().filter(|b| b.kind.node == kind).map(|b| b.name.node.to_string()).collect()
    }
}
