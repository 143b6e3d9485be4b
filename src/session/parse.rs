//! Reading a session text into commands: split it into entries (one line, or a block
//! definition that runs to the next blank line), check the line limit, parse each line with
//! the session grammar and lower the pest pairs into [`Command`]s. Spans point into the
//! session file. Never panics; never touches the game.

use pest::Parser;
use pest::iterators::Pair;

use super::command::{
    AnalyzeCommand, CheckCommand, CheckSide, CheckTerm, Command, Definition, DiceCommand,
    Difficulty, LoadTarget, Located, NameRef, ShowTarget, TestCommand, TestStep, UseCommand,
};
use super::commands::{actor_words, rule_for, start_words};
use super::error::{MAX_LINE_BYTES, SessionError, SessionErrorKind, from_pest};
use super::grammar::{Rule, SessionParser};
use crate::diagnostics::{Diagnostic, FileId, Span, Spanned, did_you_mean};
use crate::dice::DiceExpr;
use crate::engine::Hex;
use crate::model::BlockKind;
use crate::model::timing::{self, Unit, Until};
use crate::runtime::{Grantable, Lasting};

/// Most times in a row `analyze N times` runs its command.
pub const MAX_ANALYZE_TIMES: u32 = 100;

/// One entry of a session text: a command, or the first problem found in it.
pub type Entry = Result<Located, Diagnostic>;

/// Splits `text` (registered as `file`) into entries and parses each one, in order. The
/// caller runs them in order and stops at the first error: lines after a broken one are
/// still parsed, but never run.
pub fn parse_session(file: FileId, text: &str) -> Vec<Entry> {
    crate::parse::install_parser_limits();
    let mut entries = Vec::new();
    let lines = lines_with_offsets(text);
    let mut index = 0;
    while index < lines.len() {
        let (start, line) = lines[index];
        index += 1;
        if line.len() > MAX_LINE_BYTES {
            let span = Span::new(file, start..start);
            entries.push(Err(SessionErrorKind::LineTooLong { bytes: line.len() }
                .at(span)
                .to_diagnostic()));
            continue;
        }
        let content = line.trim_end_matches(['\n', '\r']);
        if content.trim().is_empty() {
            continue;
        }
        match parse_line(file, start, content) {
            Ok(Some(command)) => {
                let span = Span::new(file, start..start + content.len());
                entries.push(Ok(Located { command, span }));
            }
            Ok(None) => {}
            Err(_) if starts_block(content) => {
                // A block definition: this header and every following line up to a blank one.
                let mut end = start + line.len();
                while index < lines.len() && !lines[index].1.trim().is_empty() {
                    end = lines[index].0 + lines[index].1.len();
                    index += 1;
                }
                entries.push(Ok(definition(file, text, start, end)));
            }
            Err(diagnostic) => entries.push(Err(diagnostic)),
        }
    }
    entries
}

/// True when `text` starts a block definition that is not finished yet: the REPL keeps
/// reading until a blank line ends it.
pub fn is_incomplete(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    let file = FileId(0);
    if first.trim().is_empty() || !starts_block(first) || parse_line(file, 0, first).is_ok() {
        return false;
    }
    // Complete once a blank line ends it (the REPL's Enter on an empty line).
    let last = text.rsplit('\n').next().unwrap_or("");
    !(text.contains('\n') && last.trim().is_empty())
}

/// `(offset, line including its line break)` for every line.
fn lines_with_offsets(text: &str) -> Vec<(usize, &str)> {
    let mut lines = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        lines.push((start, line));
        start += line.len();
    }
    lines
}

/// True when the first word of `line` is a rule-file block kind (`power`, `trait`, ...).
/// `actor` and `check` are also commands: a line with the command's own connecting word
/// (`actor X from Y`, `actor X with ...`, `check X ... vs N`) is a broken command, not a header.
fn starts_block(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    let command_like = match words.first() {
        Some(&"actor") => words.contains(&"from") || words.contains(&"with"),
        Some(&"check") => words.contains(&"vs"),
        _ => false,
    };
    // A house rule typed in a session: `replace power Quick Jab`, `amend system Tiny`.
    let house_rule = words.len() > 2
        && crate::model::house::HouseVerb::parse(words[0]).is_some()
        && BlockKind::parse(words[1]).is_some();
    house_rule || (words.len() > 1 && !command_like && BlockKind::parse(words[0]).is_some())
}

fn definition(file: FileId, text: &str, start: usize, end: usize) -> Located {
    let block = &text[start..end];
    let header = block.lines().next().unwrap_or("").trim();
    let (kind, name) = header.split_once(char::is_whitespace).unwrap_or((header, ""));
    let mut body = block.to_string();
    if !body.ends_with('\n') {
        body.push('\n');
    }
    let span = Span::new(file, start..end);
    let command = Command::Define(Definition {
        kind: kind.to_string(),
        name: name.trim().to_string(),
        text: body,
        span,
    });
    Located { command, span }
}

/// Parses one line (no line break) that starts at `base` in `file`; `None` for a comment.
pub fn parse_line(file: FileId, base: usize, line: &str) -> Result<Option<Command>, Diagnostic> {
    let pairs = match SessionParser::parse(Rule::line, line) {
        Ok(mut pairs) => pairs.next().map(|pair| pair.into_inner()),
        Err(error) => {
            let error = unknown_command(file, base, line)
                .or_else(|| command_error(file, base, line))
                .unwrap_or_else(|| from_pest(&error, file, base));
            let at = (error.span.start as usize).saturating_sub(base);
            let unexpected = matches!(error.kind, SessionErrorKind::Unexpected { .. });
            let mut diagnostic = error.to_diagnostic();
            if let Some(name) = name_with_digits(line, at).filter(|_| unexpected) {
                diagnostic = diagnostic.with_help(format!(
                    "a name with digits is quoted: write `\"{name}\"` if `{name}` is one name"
                ));
            }
            return Err(diagnostic);
        }
    };
    let lower = Lower { file, base };
    let Some(command) =
        pairs.and_then(|mut inner| inner.next()).filter(|pair| pair.as_rule() != Rule::EOI)
    else {
        return Ok(None);
    };
    lower.command(command).map(Some)
}

/// The unquoted name ending in a number (`Guard 2`) that a line breaks on at byte `at`, if
/// one stands before it: capitalised words, a space, digits. Quotes make it one name.
fn name_with_digits(line: &str, at: usize) -> Option<String> {
    // Up to the end of the word after the error (it may point at the space before `2`).
    let from = (at + 1).min(line.len());
    let end = line.get(from..)?.find(' ').map_or(line.len(), |space| from + space);
    let before = line.get(..end)?;
    let words: Vec<(usize, &str)> = before
        .split(' ')
        .scan(0, |offset, word| {
            let start = *offset;
            *offset += word.len() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
        .collect();
    let quoted = |index: usize| line[..index].matches('"').count() % 2 == 1;
    for (position, (start, word)) in words.iter().enumerate().rev() {
        let digits = word.trim_end_matches(',');
        if position == 0 || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let mut first = position;
        while first > 0
            && words[first - 1].1.starts_with(char::is_uppercase)
            && !words[first - 1].1.ends_with(',')
        {
            first -= 1;
        }
        if first < position && !quoted(*start) {
            let names: Vec<&str> = words[first..position].iter().map(|(_, w)| *w).collect();
            return Some(format!("{} {digits}", names.join(" ")));
        }
    }
    None
}

/// For a line that starts with a command word, the error of that command's rule alone
/// (`seed x`: "expected a number", not whatever the other alternatives wanted).
fn command_error(file: FileId, base: usize, line: &str) -> Option<SessionError> {
    let offset = line.len() - line.trim_start().len();
    let text = line[offset..].trim_end();
    let word = text.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    let rule = rule_for(word)?;
    let start = base + offset;
    match SessionParser::parse(rule, text) {
        Err(error) => Some(from_pest(&error, file, start)),
        Ok(pairs) => {
            let end = pairs.last().map_or(0, |pair| pair.as_span().end());
            // The command matched a prefix: whatever follows is the problem (a comment is fine,
            // but then the whole line would have parsed).
            let span = Span::new(file, start + end..start + text.len());
            Some(
                SessionErrorKind::Unexpected { expected: "the end of the line".to_string() }
                    .at(span),
            )
        }
    }
}

/// "unknown command" when the line starts with a lower-case word that is no command and the
/// line is not `NAME uses POWER`.
fn unknown_command(file: FileId, base: usize, line: &str) -> Option<SessionError> {
    let offset = line.len() - line.trim_start().len();
    let word: String = line[offset..]
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let lower_case = word.chars().next().is_some_and(char::is_lowercase);
    if !lower_case
        || start_words().any(|known| known == word)
        || BlockKind::parse(&word).is_some()
        || actor_words().any(|known| line.contains(&format!(" {known} ")))
    {
        return None;
    }
    let suggestion = did_you_mean(&word, start_words());
    let span = Span::new(file, base + offset..base + offset + word.len());
    Some(SessionErrorKind::UnknownCommand { word, suggestion }.at(span))
}

/// Lowering pest pairs of one line into a [`Command`].
struct Lower {
    file: FileId,
    base: usize,
}

impl Lower {
    /// `11` or `[10 + Level]`.
    fn difficulty(&self, pair: &Pair<'_, Rule>) -> Result<Difficulty, Diagnostic> {
        if pair.as_rule() != Rule::check_bracket {
            return self.number(pair).map(Difficulty::Number);
        }
        let text = pair.as_str();
        let inside = &text[1..text.len() - 1];
        let base = self.base + pair.as_span().start() + 1;
        crate::parse::parse_expression(self.file, base, inside)
            .map(Difficulty::Expr)
            .map_err(|mut diagnostics| diagnostics.remove(0))
    }

    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let range = pair.as_span();
        Span::new(self.file, self.base + range.start()..self.base + range.end())
    }

    fn command(&self, pair: Pair<'_, Rule>) -> Result<Command, Diagnostic> {
        let rule = pair.as_rule();
        let span = self.span(&pair);
        let text = pair.as_str();
        let mut inner = children(pair);
        Ok(match rule {
            Rule::load => {
                let target = inner.next().expect("grammar: load has a target");
                match target.as_rule() {
                    Rule::string => LoadTarget::Path(self.string(&target)),
                    _ => LoadTarget::Pack(self.text(&target)),
                }
                .into_load()
            }
            Rule::seed => {
                let number = inner.next().expect("grammar: seed has a number");
                Command::Seed(self.seed_number(&number)?)
            }
            Rule::policy => {
                let decision = self.text(&inner.next().expect("grammar: decision"));
                let policy = self.text(&inner.next().expect("grammar: policy"));
                Command::Policy { decision, policy }
            }
            Rule::actor => {
                let name = self.name(inner.next().expect("grammar: actor name"));
                let (mut stat_block, mut stats) = (None, Vec::new());
                for part in inner {
                    match part.as_rule() {
                        Rule::actor_from => stat_block = Some(self.first_name(part)),
                        Rule::actor_as => {
                            let alias = self.first_name(part);
                            if alias.node != name.node {
                                return Err(SessionErrorKind::TwoNames {
                                    first: name.node,
                                    alias: alias.node,
                                }
                                .at(alias.span)
                                .to_diagnostic());
                            }
                        }
                        _ => {
                            for stat in children(part) {
                                let mut parts = children(stat);
                                let stat_name = self.name(parts.next().expect("grammar: stat"));
                                let value = self.number(&parts.next().expect("grammar: value"))?;
                                stats.push((stat_name, value));
                            }
                        }
                    }
                }
                Command::Actor { name, stat_block, stats }
            }
            Rule::show => {
                let what = inner.next().expect("grammar: show has a target");
                Command::Show(match what.as_rule() {
                    Rule::show_power => ShowTarget::Power(self.first_name(what)),
                    Rule::show_condition => ShowTarget::Condition(self.first_name(what)),
                    Rule::show_state => ShowTarget::State,
                    Rule::show_log => ShowTarget::Log,
                    _ => ShowTarget::Actor(self.name(what)),
                })
            }
            Rule::help => Command::Help(inner.next().map(|topic| self.text(&topic))),
            Rule::use_power => Command::UsePower(self.power_use(inner)?),
            Rule::check => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let terms = self.terms(inner.next().expect("grammar: check terms"))?;
                let difficulty = self.difficulty(&inner.next().expect("grammar: difficulty"))?;
                let (mut aided_by, mut adding, mut against, mut tag) =
                    (Vec::new(), None, None, None);
                for option in inner {
                    if option.as_rule() == Rule::check_tag {
                        let word = option.into_inner().find(|p| p.as_rule() != Rule::k_as);
                        tag = Some(self.name(word.expect("grammar: tag")));
                    } else if option.as_rule() == Rule::check_against {
                        let who = option.into_inner().find(|p| p.as_rule() != Rule::k_against);
                        against = Some(self.name(who.expect("grammar: actor")));
                    } else if option.as_rule() == Rule::adding {
                        let mut parts =
                            option.into_inner().filter(|p| p.as_rule() != Rule::k_adding);
                        let count = self.number(&parts.next().expect("grammar: count"))?;
                        adding = Some((count, self.name(parts.next().expect("grammar: pool"))));
                    } else {
                        aided_by = self.names(option);
                    }
                }
                let side = CheckSide { actor, terms };
                Command::Check(CheckCommand { side, difficulty, aided_by, adding, against, tag })
            }
            Rule::versus => {
                let mut side = || -> Result<CheckSide, Diagnostic> {
                    let actor = self.name(inner.next().expect("grammar: actor"));
                    let terms = self.terms(inner.next().expect("grammar: terms"))?;
                    Ok(CheckSide { actor, terms })
                };
                let attacker = side()?;
                let defender = side()?;
                Command::Versus { attacker, defender }
            }
            Rule::roll => Command::Roll(self.dice(&inner.next().expect("grammar: dice"))?),
            Rule::dist => Command::Dist(self.dice(&inner.next().expect("grammar: dice"))?),
            Rule::analyze => Command::Analyze(self.analyze(inner, span)?),
            Rule::force => {
                let mut faces = Vec::new();
                for face in inner {
                    let value: u32 = face.as_str().parse().map_err(|_| {
                        SessionErrorKind::NumberOutOfRange.at(self.span(&face)).to_diagnostic()
                    })?;
                    if value == 0 {
                        return Err(SessionErrorKind::ZeroFace
                            .at(self.span(&face))
                            .to_diagnostic());
                    }
                    faces.push(value);
                }
                Command::Force(faces)
            }
            Rule::encounter => {
                Command::Encounter(self.names(inner.next().expect("grammar: names")))
            }
            Rule::next if text.split_whitespace().count() > 1 => Command::EndTurn,
            Rule::next => Command::NextTurn,
            Rule::reload => Command::Reload,
            Rule::set_value => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let name = self.name(inner.next().expect("grammar: stat"));
                let value = self.number(&inner.next().expect("grammar: value"))?;
                Command::SetValue { actor, name, value }
            }
            Rule::world_flag => {
                let flag = inner.find(|part| part.as_rule() == Rule::any_name);
                Command::WorldFlag(self.name(flag.expect("grammar: flag")))
            }
            Rule::take_damage => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let amount = self.number(&inner.next().expect("grammar: amount"))?;
                let damage_type = inner.next().map(|kind| self.text(&kind));
                Command::TakeDamage { actor, amount, damage_type }
            }
            Rule::heal_actor => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let amount = self.number(&inner.next().expect("grammar: amount"))?;
                Command::Heal { actor, amount }
            }
            Rule::apply_condition => {
                let condition = self.name(inner.next().expect("grammar: condition"));
                let mut n = None;
                let mut next = inner.next().expect("grammar: actor");
                if next.as_rule() == Rule::integer {
                    n = Some(self.number(&next)?);
                    next = inner.next().expect("grammar: actor");
                }
                let actor = self.name(next);
                let lasting = match inner.next() {
                    Some(lasting) => self.lasting(lasting)?,
                    None => Spanned::new(Lasting::Declared, span),
                };
                Command::ApplyCondition { condition, n, actor, lasting }
            }
            Rule::remove_condition => {
                let condition = self.name(inner.next().expect("grammar: condition"));
                let actor = self.name(inner.next().expect("grammar: actor"));
                Command::RemoveCondition { condition, actor }
            }
            Rule::grant | Rule::revoke => {
                let kind = inner.next().expect("grammar: kind");
                let grantable = Grantable::parse(kind.as_str()).expect("grammar: a grantable kind");
                let kind = Spanned::new(grantable, self.span(&kind));
                let name = self.name(inner.next().expect("grammar: name"));
                let actor = self.name(inner.next().expect("grammar: actor"));
                if rule == Rule::grant {
                    Command::Grant { kind, name, actor }
                } else {
                    Command::Revoke { kind, name, actor }
                }
            }
            Rule::initiative => {
                Command::Initiative(self.name(inner.next().expect("grammar: mode")))
            }
            Rule::end_encounter => Command::EndEncounter,
            Rule::challenge => {
                let successes = self.number(&inner.next().expect("grammar: successes"))?;
                let success_counter = self.name(inner.next().expect("grammar: counter"));
                let failures = self.number(&inner.next().expect("grammar: failures"))?;
                let failure_counter = self.name(inner.next().expect("grammar: counter"));
                let participants = self.names(inner.next().expect("grammar: participants"));
                let terms = super::command::ChallengeTerms {
                    successes,
                    success_counter,
                    failures,
                    failure_counter,
                };
                Command::Challenge { terms, participants }
            }
            Rule::save => Command::Save(self.string(&inner.next().expect("grammar: path"))),
            Rule::restore => Command::Restore(self.string(&inner.next().expect("grammar: path"))),
            Rule::undo => Command::Undo,
            Rule::place => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let hex = self.hex(&inner.next().expect("grammar: hex"))?;
                let facing = inner
                    .find(|pair| pair.as_rule() == Rule::direction)
                    .map(|pair| Spanned::new(pair.as_str().to_string(), self.span(&pair)));
                Command::Place { actor, hex, facing }
            }
            Rule::turn_to => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let pair = inner.find(|pair| pair.as_rule() == Rule::direction);
                let pair = pair.expect("grammar: direction");
                let direction = Spanned::new(pair.as_str().to_string(), self.span(&pair));
                Command::Face { actor, direction }
            }
            Rule::wall => {
                let hexes = inner.map(|hex| self.hex(&hex)).collect::<Result<_, _>>()?;
                Command::Wall(hexes)
            }
            Rule::terrain => {
                let body = inner.next().expect("grammar: terrain body");
                let is_clear = body.as_rule() == Rule::terrain_clear;
                let mut parts = body
                    .into_inner()
                    .filter(|p| !matches!(p.as_rule(), Rule::k_clear | Rule::k_at));
                if is_clear {
                    let hexes = parts.map(|hex| self.hex(&hex)).collect::<Result<_, _>>()?;
                    Command::ClearTerrain(hexes)
                } else {
                    let condition = self.name(parts.next().expect("grammar: condition"));
                    let (mut n, mut hexes) = (None, Vec::new());
                    for part in parts {
                        match part.as_rule() {
                            Rule::integer => {
                                n = Some(Spanned::new(self.number(&part)?, self.span(&part)));
                            }
                            _ => hexes.push(self.hex(&part)?),
                        }
                    }
                    Command::Terrain { condition, n, hexes }
                }
            }
            Rule::open_test => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let terms = self.terms(inner.next().expect("grammar: test terms"))?;
                let need = self.number(&inner.next().expect("grammar: need"))?;
                let (mut ease, mut aided_by, mut kind) = (0, Vec::new(), None);
                for option in inner {
                    match option.as_rule() {
                        Rule::test_ease => {
                            let count = children(option).next().expect("grammar: ease");
                            ease = self.number(&count)?;
                        }
                        Rule::test_kind => {
                            kind = Some(self.name(children(option).next().expect("grammar: kind")))
                        }
                        _ => aided_by = self.names(option),
                    }
                }
                let side = CheckSide { actor, terms };
                Command::Test(TestStep::Open(TestCommand { side, need, ease, aided_by, kind }))
            }
            Rule::add_chunk => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let count = inner.next().expect("grammar: dice");
                let dice = Spanned::new(self.number(&count)?, self.span(&count));
                let resource = self.name(inner.next().expect("grammar: resource"));
                Command::Test(TestStep::Chunk { actor, dice, resource })
            }
            Rule::assist => {
                Command::Test(TestStep::Assist(self.name(inner.next().expect("grammar: helper"))))
            }
            Rule::oppose => {
                let count = inner.next().expect("grammar: dice");
                let dice = Spanned::new(self.number(&count)?, self.span(&count));
                Command::Test(TestStep::Oppose(dice))
            }
            Rule::settle => Command::Test(TestStep::Settle(span)),
            Rule::adopt => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let stance = self.name(inner.next().expect("grammar: stance"));
                Command::Adopt { actor, stance }
            }
            Rule::leave_stance => {
                let actor = self.name(inner.next().expect("grammar: actor"));
                let stance = self.name(inner.next().expect("grammar: stance"));
                Command::Leave { actor, stance }
            }
            Rule::side => {
                let actors = self.names(inner.next().expect("grammar: names"));
                let side = inner.find(|pair| pair.as_rule() != Rule::side_colon);
                Command::Side { actors, side: self.name(side.expect("grammar: side")) }
            }
            other => unreachable!("grammar: {other:?} is not a command at {span:?}"),
        })
    }

    fn power_use<'i>(
        &self,
        mut inner: impl Iterator<Item = Pair<'i, Rule>>,
    ) -> Result<UseCommand, Diagnostic> {
        let actor = self.name(inner.next().expect("grammar: actor"));
        let power = self.name(inner.next().expect("grammar: power"));
        let mut power_use = UseCommand {
            actor,
            power,
            targets: Vec::new(),
            spending: Vec::new(),
            weapon: None,
            trigger: None,
            aim: Vec::new(),
            destination: None,
            choosing: Vec::new(),
            chosen: None,
            threshold: None,
        };
        for part in inner {
            match part.as_rule() {
                Rule::name_list => power_use.targets = self.names(part),
                Rule::spending => {
                    let mut parts = children(part);
                    let amount = self.number(&parts.next().expect("grammar: amount"))?;
                    let resource = self.name(parts.next().expect("grammar: resource"));
                    power_use.spending.push((amount, resource));
                }
                Rule::with_weapon => power_use.weapon = Some(self.first_name(part)),
                Rule::trigger => {
                    let text = children(part).next().expect("grammar: trigger text");
                    power_use.trigger = Some(self.string(&text));
                }
                Rule::aim_at => {
                    for hex in children(part) {
                        power_use.aim.push(self.hex(&hex)?.node);
                    }
                }
                Rule::move_to => {
                    let hex = children(part).next().expect("grammar: hex");
                    power_use.destination = Some(self.hex(&hex)?.node);
                }
                Rule::choosing => {
                    let chosen = children(part).next().expect("grammar: chosen names");
                    if chosen.as_rule() == Rule::integer {
                        power_use.chosen = Some(self.number(&chosen)?);
                    } else {
                        power_use.choosing = self.names(chosen);
                    }
                }
                Rule::gm_threshold => {
                    let value = children(part).next().expect("grammar: threshold");
                    power_use.threshold = Some(self.number(&value)?);
                }
                other => unreachable!("grammar: {other:?} in a power use"),
            }
        }
        Ok(power_use)
    }

    /// `for 2 rounds`, `until removed` as how long a condition lasts.
    fn lasting(&self, pair: Pair<'_, Rule>) -> Result<Spanned<Lasting>, Diagnostic> {
        let span = self.span(&pair);
        let mut parts = children(pair);
        let first = parts.next().expect("grammar: a duration");
        let lasting = if first.as_rule() == Rule::integer {
            let count: u32 = self.number(&first)?;
            let unit = parts.next().expect("grammar: a time unit");
            match Unit::parse(unit.as_str()) {
                Some(parsed) => Lasting::For(count, parsed),
                None => {
                    let written = format!("for {count} {}", unit.as_str());
                    let help = timing::unit_help(unit.as_str());
                    return Err(SessionErrorKind::UnknownDuration { written, help }
                        .at(self.span(&unit))
                        .to_diagnostic());
                }
            }
        } else {
            let event = first.as_str().trim();
            match Until::parse(event) {
                Some(until) => Lasting::Until(until),
                None => {
                    let written = format!("until {event}");
                    let help = timing::until_help(event);
                    return Err(SessionErrorKind::UnknownDuration { written, help }
                        .at(self.span(&first))
                        .to_diagnostic());
                }
            }
        };
        Ok(Spanned::new(lasting, span))
    }

    /// `2,-3` as a hex with its span.
    fn hex(&self, pair: &Pair<'_, Rule>) -> Result<Spanned<Hex>, Diagnostic> {
        let mut parts = pair.clone().into_inner();
        let q = self.number(&parts.next().expect("grammar: q"))?;
        let r = self.number(&parts.next().expect("grammar: r"))?;
        let hex = Hex::new(q, r);
        if !hex.on_map() {
            return Err(SessionErrorKind::NumberOutOfRange.at(self.span(pair)).to_diagnostic());
        }
        Ok(Spanned::new(hex, self.span(pair)))
    }

    fn terms(&self, pair: Pair<'_, Rule>) -> Result<Vec<CheckTerm>, Diagnostic> {
        let mut terms = Vec::new();
        let mut positive = true;
        for part in children(pair) {
            match part.as_rule() {
                Rule::check_operator => positive = part.as_str() == "+",
                _ => {
                    let term = children(part).next().expect("grammar: a term");
                    terms.push(if term.as_rule() == Rule::integer {
                        let value: i64 = self.number(&term)?;
                        CheckTerm::Number(if positive { value } else { -value })
                    } else {
                        CheckTerm::Stat(positive, self.name(term))
                    });
                }
            }
        }
        Ok(terms)
    }

    /// `analyze [N times] COMMAND`: the command is a line of its own, its spans in this one.
    fn analyze<'i>(
        &self,
        inner: impl Iterator<Item = Pair<'i, Rule>>,
        span: Span,
    ) -> Result<AnalyzeCommand, Diagnostic> {
        let refuse = |message: &str, span: Span| {
            SessionErrorKind::NotAnalysable(message.to_string()).at(span).to_diagnostic()
        };
        let mut times = 1;
        for part in inner {
            match part.as_rule() {
                Rule::analyze_times => {
                    times = self.number::<u32>(&part)?;
                    if !(1..=MAX_ANALYZE_TIMES).contains(&times) {
                        let message = format!("analyze 1 to {MAX_ANALYZE_TIMES} times in a row");
                        return Err(refuse(&message, self.span(&part)));
                    }
                }
                Rule::analyze_question => {
                    let base = self.base + part.as_span().start();
                    let text = part.as_str();
                    let Some(command) = parse_line(self.file, base, text)? else {
                        return Err(refuse("analyze what? Write a command after it", span));
                    };
                    let trimmed = text.trim_end();
                    let question = Span::new(self.file, base..base + trimmed.len());
                    if matches!(command, Command::Analyze(_)) {
                        return Err(refuse("an analysis cannot analyse an analysis", question));
                    }
                    let question = Box::new(Located { command, span: question });
                    let text = trimmed.trim_start().to_string();
                    return Ok(AnalyzeCommand { times, question, text });
                }
                _ => {}
            }
        }
        Err(refuse("analyze what? Write a command after it", span))
    }

    fn dice(&self, pair: &Pair<'_, Rule>) -> Result<DiceCommand, Diagnostic> {
        let raw = pair.as_str();
        let text = raw.trim_end();
        let start = self.base + pair.as_span().start();
        let span = Span::new(self.file, start..start + text.len());
        match DiceExpr::parse(text) {
            Ok(expression) => Ok(DiceCommand { text: text.to_string(), expression, span }),
            // The dice parser's own diagnostic, its spans moved into the session file.
            Err(error) => Err(error.to_diagnostic(self.file, start)),
        }
    }

    /// The names of a `name_list`.
    fn names(&self, pair: Pair<'_, Rule>) -> Vec<NameRef> {
        let list = if pair.as_rule() == Rule::name_list {
            pair
        } else {
            children(pair).next().expect("grammar: a list")
        };
        children(list).map(|name| self.name(name)).collect()
    }

    /// The name inside a rule whose first child is a name.
    fn first_name(&self, pair: Pair<'_, Rule>) -> NameRef {
        self.name(children(pair).next().expect("grammar: a name"))
    }

    /// A name, bare or quoted (quotes removed).
    fn name(&self, pair: Pair<'_, Rule>) -> NameRef {
        match pair.as_rule() {
            Rule::any_name | Rule::actor_word | Rule::counter_name => {
                self.name(children(pair).next().expect("grammar: a name"))
            }
            Rule::string => self.string(&pair),
            _ => self.text(&pair),
        }
    }

    fn text(&self, pair: &Pair<'_, Rule>) -> NameRef {
        Spanned::new(pair.as_str().to_string(), self.span(pair))
    }

    /// A quoted string's contents with `\"` and `\\` unescaped.
    fn string(&self, pair: &Pair<'_, Rule>) -> Spanned<String> {
        let raw = pair.as_str();
        let inner = raw.strip_prefix('"').and_then(|s| s.strip_suffix('"')).unwrap_or(raw);
        let text = inner.replace("\\\"", "\"").replace("\\\\", "\\");
        Spanned::new(text, self.span(pair))
    }

    fn number<T: std::str::FromStr>(&self, pair: &Pair<'_, Rule>) -> Result<T, Diagnostic> {
        let digits = pair.as_str().trim_start_matches(['-', '+']).trim_start_matches('0');
        if digits.len() > super::error::MAX_NUMBER_DIGITS {
            return Err(SessionErrorKind::NumberOutOfRange.at(self.span(pair)).to_diagnostic());
        }
        self.seed_number(pair)
    }

    /// A number of any size its type holds (a seed uses all 64 bits).
    fn seed_number<T: std::str::FromStr>(&self, pair: &Pair<'_, Rule>) -> Result<T, Diagnostic> {
        pair.as_str()
            .parse()
            .map_err(|_| SessionErrorKind::NumberOutOfRange.at(self.span(pair)).to_diagnostic())
    }
}

/// The children of `pair` that carry meaning: keywords (`k_*` rules) are left out.
fn children<'i>(pair: Pair<'i, Rule>) -> impl Iterator<Item = Pair<'i, Rule>> {
    // Keywords are non-silent only so that errors can name them; lowering never needs them.
    pair.into_inner().filter(|child| !format!("{:?}", child.as_rule()).starts_with("k_"))
}

impl LoadTarget {
    fn into_load(self) -> Command {
        Command::Load(self)
    }
}
