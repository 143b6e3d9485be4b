//! Tests of the session layer end to end through a test double: the parser's accepted and
//! rejected lines (messages and spans), execution, definitions, packs, the transaction
//! contract and deterministic transcripts.

use std::path::PathBuf;

use super::*;
use crate::diagnostics::{Diagnostic, FileId, RenderStyle, SourceMap, Span, Spanned, render_all};
use crate::dice::{Roller, RollerState};
use crate::engine::Decider;
use crate::model::RuleFile;

/// The game state the double keeps; compared before and after failed commands.
#[derive(Clone, Debug, PartialEq)]
struct DoubleState {
    actors: Vec<String>,
    encounter: Vec<String>,
    definitions: Vec<String>,
    roller: RollerState,
}

/// A backend that records every call, keeps a little state, returns canned events, and
/// fails (changing nothing) when an actor it does not know is named.
struct Double {
    roller: Roller,
    actors: Vec<String>,
    encounter: Vec<String>,
    definitions: Vec<String>,
    calls: Vec<String>,
}

impl Double {
    fn new() -> Self {
        Double {
            roller: Roller::new(0),
            actors: Vec::new(),
            encounter: Vec::new(),
            definitions: Vec::new(),
            calls: Vec::new(),
        }
    }

    fn state(&self) -> DoubleState {
        DoubleState {
            actors: self.actors.clone(),
            encounter: self.encounter.clone(),
            definitions: self.definitions.clone(),
            roller: self.roller.state(),
        }
    }

    fn known(&self, name: &NameRef) -> Result<(), Vec<Diagnostic>> {
        if self.actors.contains(&name.node) {
            return Ok(());
        }
        Err(vec![error_at(
            "double::unknown_actor",
            format!("unknown actor `{}`", name.node),
            name.span,
            "here",
        )])
    }

    fn canned(&mut self, call: String) -> CommandResult {
        self.calls.push(call.clone());
        Ok(Outcome::event("double", call))
    }
}

impl Backend for Double {
    fn roller(&mut self) -> &mut Roller {
        &mut self.roller
    }

    fn load(&mut self, pack: &LoadedPack) -> CommandResult {
        let blocks: Vec<String> =
            pack.pack.blocks().map(|block| block.node.name.node.to_string()).collect();
        self.canned(format!(
            "load {} [{}] scripts {}",
            pack.name,
            blocks.join(", "),
            pack.scripts.len()
        ))
    }

    fn define(&mut self, file: &RuleFile) -> CommandResult {
        for block in file.blocks() {
            self.definitions.push(block.node.name.node.to_string());
        }
        self.canned(format!("define {}", self.definitions.join(", ")))
    }

    fn create_actor(
        &mut self,
        name: &NameRef,
        stat_block: Option<&NameRef>,
        stats: &[(NameRef, i64)],
    ) -> CommandResult {
        if self.actors.contains(&name.node) {
            return Err(vec![error_at("double::duplicate", "duplicate actor", name.span, "here")]);
        }
        self.actors.push(name.node.clone());
        let stats: Vec<String> =
            stats.iter().map(|(stat, value)| format!("{} {value}", stat.node)).collect();
        match stat_block {
            Some(block) if stats.is_empty() => {
                self.canned(format!("actor {} from {}", name.node, block.node))
            }
            Some(block) => self.canned(format!(
                "actor {} from {} with {}",
                name.node,
                block.node,
                stats.join(", ")
            )),
            None => self.canned(format!("actor {} with {}", name.node, stats.join(", "))),
        }
    }

    fn show(&self, target: &ShowTarget) -> CommandResult {
        Ok(Outcome::view(format!("{target:?}")))
    }

    fn use_power(&mut self, power_use: &UseCommand, _: &mut dyn Decider) -> CommandResult {
        self.known(&power_use.actor)?;
        for target in &power_use.targets {
            self.known(target)?;
        }
        // A real power rolls: the stream moves only on success.
        let _ = self.roller.face(20);
        let targets: Vec<&str> = power_use.targets.iter().map(|t| t.node.as_str()).collect();
        self.canned(format!(
            "{} uses {} on {}",
            power_use.actor.node,
            power_use.power.node,
            targets.join(", ")
        ))
    }

    fn check(&mut self, request: &CheckCommand, decider: &mut dyn Decider) -> CommandResult {
        self.known(&request.side.actor)?;
        let taken = decider.decide(&crate::engine::DecisionPoint::ChooseBoost {
            roll: 8,
            target: 10,
            max: 3,
        });
        self.canned(format!(
            "check {} {:?} vs {} boost {:?}",
            request.side.actor.node, request.side.terms, request.difficulty, taken.answer
        ))
    }

    fn versus(
        &mut self,
        attacker: &CheckSide,
        defender: &CheckSide,
        _: &mut dyn Decider,
    ) -> CommandResult {
        self.known(&attacker.actor)?;
        self.known(&defender.actor)?;
        self.canned(format!("versus {} vs {}", attacker.actor.node, defender.actor.node))
    }

    fn start_encounter(&mut self, actors: &[NameRef]) -> CommandResult {
        for actor in actors {
            self.known(actor)?;
        }
        self.encounter = actors.iter().map(|actor| actor.node.clone()).collect();
        self.canned(format!("encounter {}", self.encounter.join(", ")))
    }

    fn next_turn(&mut self, _: &mut dyn Decider) -> CommandResult {
        if self.encounter.is_empty() {
            return Err(vec![Diagnostic::error("double::no_encounter", "no encounter")]);
        }
        self.encounter.rotate_left(1);
        self.canned(format!("turn of {}", self.encounter[0]))
    }

    fn end_encounter(&mut self) -> CommandResult {
        self.encounter.clear();
        self.canned("end".to_string())
    }

    fn start_challenge(
        &mut self,
        terms: &super::command::ChallengeTerms,
        participants: &[NameRef],
    ) -> CommandResult {
        let (successes, failures) = (terms.successes, terms.failures);
        self.canned(format!("challenge {successes}/{failures} with {}", participants.len()))
    }

    fn save(&mut self, path: &Spanned<String>) -> CommandResult {
        self.canned(format!("save {}", path.node))
    }

    fn restore(&mut self, path: &Spanned<String>) -> CommandResult {
        self.canned(format!("restore {}", path.node))
    }

    fn undo(&mut self) -> CommandResult {
        self.canned("undo".to_string())
    }

    fn complete_names(&self, kind: CompletionKind) -> Vec<String> {
        match kind {
            CompletionKind::Actor => self.actors.clone(),
            _ => Vec::new(),
        }
    }
}

fn session() -> Session<Double> {
    Session::new(Double::new(), 7).with_packs(Vec::new(), PathBuf::from("tests/fixtures"))
}

/// Parses one line as file 0 and returns its command.
fn command(line: &str) -> Command {
    match parse_line(FileId(0), 0, line) {
        Ok(Some(command)) => command,
        other => panic!("`{line}` did not parse: {other:?}"),
    }
}

/// Parses one line and renders its error (plain, no colour).
fn error(line: &str) -> (Diagnostic, String) {
    let mut sources = SourceMap::new();
    let file = sources.add("test.session", line);
    let Err(diagnostic) = parse_line(file, 0, line) else { panic!("`{line}` parsed") };
    let text = render_all(std::slice::from_ref(&diagnostic), &sources, RenderStyle::Plain);
    (diagnostic, text)
}

fn name(text: &str, start: usize) -> NameRef {
    Spanned::new(text.to_string(), Span::new(FileId(0), start..start + text.len()))
}

#[test]
fn parse_accepts_every_command() {
    let accepted = [
        "load tiny",
        "load \"house rules/extra.rules\"",
        "seed 42",
        "policy boost max-safe",
        "actor Hero from Hero",
        "actor Guard from Bandit as Guard",
        "actor Vet from Hero with Level 6",
        "actor Dummy with Defense 12, HP 30",
        "show Hero",
        "show \"Bandit 2\"",
        "show power Heavy Strike",
        "show condition Dazed",
        "show state",
        "show log",
        "Hero uses Heavy Strike on Bandit",
        "Hero uses Heavy Strike on Bandit, \"Bandit 2\" spending 2 Focus with weapon Longsword",
        "Scout uses Parry trigger \"an enemy moves adjacent\"",
        "Scout uses Second Wind",
        "check Hero Agility + 3 vs 9",
        "check Scout Influence + Guile vs 11 aided by Hero",
        "check Scout Influence - 2 vs -1",
        "versus Scout Sword vs Hero Sword",
        "roll 4d6kh3",
        "roll {3d10+3}cs>=9  # grade roll",
        "dist 3d10cs>=6",
        "force 8,6,1",
        "force 8, 6, 1",
        "encounter Hero, Bandit",
        "next",
        "end encounter",
        "challenge 5 clues before 4 alarms with Scout, Hero",
        "save \"fight.json\"",
        "restore \"fight.json\"",
        "undo",
        "help",
        "help roll",
        "side Hero, \"Bandit 2\": party",
    ];
    for line in accepted {
        command(line);
    }
    assert!(matches!(parse_line(FileId(0), 0, "   # only a comment"), Ok(None)));
}

#[test]
fn a_name_with_digits_gets_a_quote_it_hint() {
    for (line, name) in [
        ("show Guard 2", "Guard 2"),
        ("actor Guard 2 from Bandit", "Guard 2"),
        ("encounter Hero, Bandit 2", "Bandit 2"),
        ("Guard 2 uses Bite on Hero", "Guard 2"),
        ("check Guard 2 Aim vs 3", "Guard 2"),
    ] {
        let diagnostic = parse_line(FileId(0), 0, line).expect_err(line);
        let help =
            format!("a name with digits is quoted: write `\"{name}\"` if `{name}` is one name");
        assert_eq!(diagnostic.help.as_deref(), Some(help.as_str()), "{line}");
    }
    // No hint where no name ends in a number, or the name is quoted.
    for line in ["force 8, 6, x", "show \"Guard 2\" x", "roll 2d6 +"] {
        let diagnostic = parse_line(FileId(0), 0, line).expect_err(line);
        assert!(!diagnostic.help.as_deref().unwrap_or("").contains("quoted"), "{line}");
    }
}

#[test]
fn parse_builds_typed_commands_with_spans() {
    // A name as found in `line` (its first occurrence after `from`).
    fn found(line: &str, text: &str, from: usize) -> NameRef {
        name(text, from + line[from..].find(text).expect("in the line"))
    }
    let line = "actor \"Bandit 2\" from Bandit as \"Bandit 2\" with Level 6, HP 3";
    assert_eq!(
        command(line),
        Command::Actor {
            name: Spanned::new("Bandit 2".to_string(), Span::new(FileId(0), 6..16)),
            stat_block: Some(found(line, "Bandit", 17)),
            stats: vec![(found(line, "Level", 0), 6), (found(line, "HP", 0), 3)],
        }
    );
    let line = "actor Guard from Bandit as \"Guard 2\"";
    let refused = parse_line(FileId(0), 0, line).expect_err("two names");
    assert_eq!(refused.code, "session::parse::two_names");
    assert_eq!(refused.message, "this line names the actor twice: `Guard` and `Guard 2`");
    assert_eq!(refused.primary_span(), Span::new(FileId(0), 27..36));
    let line = "Hero uses Heavy Strike on Bandit, Guard spending 2 Focus with weapon Great Axe";
    let Command::UsePower(power_use) = command(line) else { panic!("not a power use") };
    assert_eq!(power_use.actor, name("Hero", 0));
    assert_eq!(power_use.power, name("Heavy Strike", 10));
    assert_eq!(power_use.targets, vec![found(line, "Bandit", 0), found(line, "Guard", 0)]);
    assert_eq!(power_use.spending, vec![(2, found(line, "Focus", 0))]);
    assert_eq!(power_use.weapon, Some(found(line, "Great Axe", 0)));
    let line = "check Scout Influence - 2 vs 11 aided by Hero";
    let Command::Check(check) = command(line) else { panic!("not a check") };
    assert_eq!(
        check.side.terms,
        vec![CheckTerm::Stat(true, found(line, "Influence", 0)), CheckTerm::Number(-2)]
    );
    assert_eq!(
        (check.difficulty, check.aided_by),
        (Difficulty::Number(11), vec![found(line, "Hero", 0)])
    );
    assert_eq!(command("force 8, 6, 1"), Command::Force(vec![8, 6, 1]));
    assert_eq!(command("policy boost max-safe").word(), "policy");
    let line = "side Hero, Guard: Free Folk";
    assert_eq!(
        command(line),
        Command::Side {
            actors: vec![found(line, "Hero", 0), found(line, "Guard", 0)],
            side: found(line, "Free Folk", 0)
        }
    );
}

#[test]
fn parse_rejects_with_messages_and_spans() {
    // (line, phrase in the message, byte offset of the caret)
    let rejected = [
        ("seed", "expected a number", 4),
        ("seed x", "expected a number", 5),
        ("actor Dummy with Defense", "a number", 24),
        ("check Scout Might vs", "a number", 20),
        ("Hero uses", "a name", 9),
        ("show power", "a name", 10),
        ("force 8, 0", "at least 1", 9),
        ("seed 99999999999999999999999", "out of range", 5),
        ("save fight.json", "a quoted text", 5),
        ("encounter", "a name", 9),
        ("end", "`encounter`", 3),
        ("roll 2d6 +", "", 10),
        ("side Hero party", "`:` and the side's name", 15),
        ("side Hero:", "a name", 10),
    ];
    for (line, phrase, offset) in rejected {
        let (diagnostic, text) = error(line);
        assert!(text.contains(phrase), "`{line}`: {text}");
        assert_eq!(diagnostic.primary_span().start as usize, offset, "`{line}`: {text}");
    }
}

#[test]
fn unknown_command_suggests_the_closest() {
    let (diagnostic, text) = error("sed 42");
    assert_eq!(diagnostic.code, "session::parse::unknown_command");
    assert_eq!(diagnostic.help.as_deref(), Some("did you mean `seed`?"));
    assert_eq!(diagnostic.primary_span().range(), 0..3);
    assert!(text.contains("unknown command `sed`"), "{text}");
    let (diagnostic, _) = error("frobnicate the dice");
    assert_eq!(diagnostic.help.as_deref(), Some("`help` lists every command with an example"));
}

#[test]
fn malformed_line_points_at_the_offending_character() {
    let (diagnostic, text) = error("check Scout Might + vs 9");
    assert_eq!(diagnostic.primary_span().start, 20);
    assert!(text.contains("1:21"), "{text}");
}

#[test]
fn dice_errors_point_into_the_session_line() {
    let (diagnostic, _) = error("roll 2d6 + 3d");
    assert!(diagnostic.primary_span().start >= 11, "{diagnostic:?}");
    assert!(diagnostic.code.starts_with("dice::"), "{}", diagnostic.code);
}

#[test]
fn overlong_lines_are_rejected_before_parsing() {
    let text = format!("roll 1d6 + {}\n", "1 + ".repeat(MAX_LINE_BYTES / 4));
    let entries = parse_session(FileId(0), &text);
    let Err(diagnostic) = &entries[0] else { panic!("accepted") };
    assert_eq!(diagnostic.code, "session::parse::line_too_long");
}

#[test]
fn blocks_run_to_a_blank_line_and_incomplete_input_keeps_reading() {
    let text = "power Quick Jab\nCost: 1 CP\nResult: 2 damage\n\nroll 1d6\n";
    let entries = parse_session(FileId(0), text);
    let Ok(Located { command: Command::Define(definition), span }) = &entries[0] else {
        panic!("{entries:?}")
    };
    assert_eq!((definition.kind.as_str(), definition.name.as_str()), ("power", "Quick Jab"));
    assert_eq!(span.range(), 0..44);
    assert!(matches!(entries[1], Ok(Located { command: Command::Roll(_), .. })));
    assert!(is_incomplete("power Quick Jab"));
    assert!(is_incomplete("power Quick Jab\nCost: 1 CP"));
    assert!(!is_incomplete("power Quick Jab\nCost: 1 CP\n"));
    assert!(!is_incomplete("roll 2d6"));
    assert!(!is_incomplete("check Scout Might vs 9"));
}

#[test]
fn session_runs_game_commands_through_the_backend() {
    let mut session = session();
    let text = "actor Scout with Might 3\nactor Guard from Bandit\nScout uses Quick Jab on Guard\nencounter Scout, Guard\nnext\ncheck Scout Might + 2 vs 9\nshow state\n";
    let run = session.run_text("game.session", text, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    assert_eq!(
        session.backend().calls,
        [
            "actor Scout with Might 3",
            "actor Guard from Bandit",
            "Scout uses Quick Jab on Guard",
            "encounter Scout, Guard",
            "turn of Guard",
            "check Scout [Stat(true, Spanned { node: \"Might\", span: Span { file: FileId(0), start: 119, end: 124 } }), Number(2)] vs 9 boost Amount(2)",
        ]
    );
    assert_eq!(run.steps[6].events[0].kind, "view");
    assert_eq!(run.steps.iter().map(|step| step.line).collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn policies_answer_decisions_and_unknown_ones_are_errors() {
    let mut session = session();
    let text = "actor Scout with Might 3\npolicy boost never\ncheck Scout Might vs 9\n";
    let run = session.run_text("policy.session", text, None);
    assert!(run.failure.is_none());
    assert!(
        session.backend().calls[1].ends_with("boost Amount(0)"),
        "{:?}",
        session.backend().calls
    );
    let run = session.run_text("bad.session", "policy boost max-sfe\n", None);
    let diagnostics = run.failure.expect("an unknown policy fails");
    assert_eq!(diagnostics[0].help.as_deref(), Some("did you mean `max-safe`?"));
}

#[test]
fn failed_commands_leave_the_state_unchanged() {
    let mut session = session();
    let run = session.run_text("setup.session", "actor Scout with Might 3\nroll 3d6\n", None);
    assert!(run.failure.is_none());
    let failing = [
        "Scout uses Quick Jab on Nobody",
        "encounter Scout, Nobody",
        "actor Scout from Bandit",
        "next",
        "roll 1000d6 + 1000d6 + 1000d6 + 1000d6 + 1000d6 + 1000d6 + 1000d6 + 1000d6 + 1000d6 + 1000d6 + 1000d6",
        "policy boost sometimes",
        "load nowhere",
        "power Broken\nnonsense here\n",
    ];
    for text in failing {
        let before = session.backend().state();
        let run = session.run_text("fail.session", text, None);
        assert!(run.failure.is_some(), "`{text}` succeeded");
        assert_eq!(session.backend().state(), before, "`{text}` changed the state");
    }
}

#[test]
fn a_run_stops_at_the_first_error() {
    let mut session = session();
    let run = session.run_text("stop.session", "roll 1d6\nrolll 1d6\nroll 1d6\n", None);
    assert_eq!(run.steps.len(), 1);
    let diagnostics = run.failure.expect("fails");
    let position = session.sources().line_col(diagnostics[0].primary_span()).expect("located");
    assert_eq!((position.line, position.column), (2, 1));
}

#[test]
fn definitions_are_parsed_with_session_file_spans() {
    let mut session = session();
    let text = "roll 1d6\n\npower Quick Jab\nCost: 1 CP\nResult: 2 damage\n\nroll 1d6\n";
    let run = session.run_text("define.session", text, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    assert_eq!(session.backend().definitions, ["Quick Jab"]);
    assert_eq!(run.steps[1].source, "power Quick Jab");
    let run = session.run_text("broken.session", "roll 1d6\npower Broken\nnonsense here\n", None);
    let diagnostics = run.failure.expect("a broken block fails");
    let position = session.sources().line_col(diagnostics[0].primary_span()).expect("located");
    assert_eq!(position.line, 3);
}

#[test]
fn seed_force_and_roll_use_the_backend_roller() {
    let mut session = session();
    let run =
        session.run_text("dice.session", "seed 3\nforce 6, 1, 5, 4\nroll 4d6kh3\nroll 1d6\n", None);
    assert!(run.failure.is_none());
    assert_eq!(run.steps[2].events[0].text, "15  4d6kh3 [6f 1df 5f 4f]");
    let mut fresh = Roller::new(3);
    let expected = fresh.face(6);
    assert_eq!(run.steps[3].events[0].text, format!("{expected}  1d6 [{expected}]"));
    let mut fixed = Session::new(Double::new(), 9).with_fixed_seed();
    let run = fixed.run_text("fixed.session", "seed 3\n", None);
    assert_eq!(run.steps[0].events[0].text, "seed 3 ignored: the command line fixed seed 9");
    assert_eq!(fixed.seed(), 9);
}

#[test]
fn help_lists_every_command_with_an_example() {
    let text = help_text(None).expect("help");
    for spec in COMMANDS {
        let word = spec.word;
        assert!(text.contains(&format!("\n{word} ")) || text.starts_with(word), "{word}");
    }
    assert!(help_text(Some("roll")).expect("roll help").contains("e.g. roll 4d6kh3"));
    let mut session = session();
    let run = session.run_text("help.session", "help frobnicate\n", None);
    assert_eq!(run.failure.expect("no such topic")[0].code, "session::help::unknown_topic");
}

#[test]
fn packs_resolve_local_folders_first_and_load_through_the_backend() {
    let embedded = embedded::from_entries(&[
        ("rules", "tiny/base.rules", "power Quick Jab\nCost: 1 CP\n"),
        ("rules", "loose.rules", "power Nowhere\n"),
        ("scripts", "tiny/helpers.rhai", "fn double(x) { x * 2 }\n"),
        ("scripts", "orphan/x.rhai", "1\n"),
    ]);
    assert_eq!(embedded.len(), 1);
    assert_eq!(
        embedded[0].scripts(),
        [("helpers.rhai".to_string(), "fn double(x) { x * 2 }\n".to_string())]
    );
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/session");
    let mut session = Session::new(Double::new(), 1).with_packs(embedded.clone(), fixtures.clone());
    let run = session.run_text("load.session", "load tiny\nload sample\n", None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    assert_eq!(run.steps[0].events[0].text, "load tiny [Quick Jab] scripts 1");
    assert!(
        run.steps[1].events[0].text.starts_with("using the local pack in"),
        "{:?}",
        run.steps[1]
    );
    assert_eq!(run.steps[1].events[1].text, "load sample [Warm Up] scripts 0");
    let run = session.run_text("typo.session", "load tinny\n", None);
    assert_eq!(run.failure.expect("unknown")[0].help.as_deref(), Some("did you mean `tiny`?"));
    let mut names = session.complete_names(CompletionKind::Pack);
    names.sort();
    assert_eq!(names, ["tiny"]);
    // The local folder wins over an embedded pack of the same name.
    let shadowed = embedded::from_entries(&[("rules", "sample/a.rules", "power Other\n")]);
    let found = embedded::resolve("sample", &fixtures, &shadowed).expect("found");
    assert!(matches!(found.origin, embedded::PackOrigin::Local(_)));
    assert!(embedded::resolve("../sample", &fixtures, &[]).is_none());
}

#[test]
fn json_and_text_transcripts_are_deterministic() {
    let text = "seed 5\nroll 3d6\ndist 2d4\nforce 2\nroll 1d4\n";
    let render = || {
        let mut session = session();
        let run = session.run_text("same.session", text, None);
        let mut out = transcript::header(5);
        let mut json = transcript::json_header(5);
        for step in &run.steps {
            out.push_str(&transcript::step_text(step));
            json.push_str(&transcript::step_json(step));
        }
        (out, json)
    };
    let (first, json) = render();
    assert_eq!(render(), (first.clone(), json.clone()));
    for line in json.lines() {
        let value: serde_json::Value =
            serde_json::from_str(line).expect("one JSON document per line");
        assert!(value.get("kind").is_some());
    }
    assert!(first.contains("> dist 2d4\n2d4  (exact)  mean 5.0000"), "{first}");
}

#[test]
fn game_backend_refuses_unsupported_commands_and_shows_defined_blocks() {
    let mut session =
        Session::new(crate::runtime::Game::new(1), 1).with_packs(Vec::new(), PathBuf::from("."));
    let run = session.run_text(
        "rules.session",
        "power Quick Jab\nCost: 1 CP\n\nstance Jaguar\n\nweapon Sling\n\nshow power quick jab\n",
        None,
    );
    assert!(run.failure.is_none(), "{:?}", run.failure);
    assert_eq!(run.steps[3].events[0].text, "power Quick Jab\nCost: 1 CP");
    assert_eq!(session.complete_names(CompletionKind::Power), ["Quick Jab"]);
    let stance = crate::model::BlockKind::Trait(crate::model::TraitKind::Stance);
    assert_eq!(session.complete_names(CompletionKind::Blocks(stance)), ["Jaguar"]);
    let weapon = crate::model::BlockKind::Weapon;
    assert_eq!(session.complete_names(CompletionKind::Blocks(weapon)), ["Sling"]);
    let run =
        session.run_text("runtime.session", "challenge 3 clues before 2 alarms with A\n", None);
    // Challenges run now, but need the system's `Challenge counters:`.
    let diagnostics = run.failure.expect("no challenge counters");
    assert_eq!(diagnostics[0].code, "runtime::challenge");
    assert_eq!(diagnostics[0].message, "the system declares no challenge counters");
}

#[test]
fn a_backend_without_gm_changes_or_reload_refuses_them_and_changes_nothing() {
    let mut session = session();
    let before = session.backend().state();
    for (line, code) in [
        ("set Hero HP to 3\n", "session::no_fiat"),
        ("next turn\n", "session::no_fiat"),
        ("reload\n", "session::nothing_to_reload"),
    ] {
        let run = session.run_text("gm.session", line, None);
        assert_eq!(run.failure.expect("refused")[0].code, code, "{line}");
        assert_eq!(session.backend().state(), before, "{line}");
    }
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/session");
    let mut session = Session::new(Double::new(), 1).with_packs(Vec::new(), fixtures);
    let run = session.run_text("load.session", "load sample\nreload\n", None);
    assert_eq!(run.failure.expect("refused")[0].code, "session::no_reload");
}

/// The words of the session grammar's `grant_kind` rule, read from grammar/session.pest.
fn grant_kind_words() -> Vec<String> {
    crate::parse::pest_rule_literals(include_str!("../../grammar/session.pest"), "grant_kind")
}

#[test]
fn the_grant_kinds_are_the_block_kinds_the_gm_can_grant() {
    // The grammar keeps its literal list; the block kind table decides what each word is.
    let mut grammar = grant_kind_words();
    let mut table: Vec<String> = crate::model::BlockKind::all_words()
        .filter(|word| crate::runtime::Grantable::parse(word).is_some())
        .map(str::to_string)
        .collect();
    grammar.sort();
    table.sort();
    assert_eq!(grammar, table, "grammar/session.pest `grant_kind` and model::BLOCK_KINDS differ");
}
