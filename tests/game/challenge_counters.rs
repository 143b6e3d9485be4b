//! The issue 17 bullet on challenge words: a challenge counts in the resources the system's
//! `Challenge counters:` line names, the session command is written with those names, and
//! a system without the line (or a command naming other words) is refused with what to write.

use mythforge::runtime::{Game, PowerUse};
use mythforge::session::Session;

const PACK: &str = "
system Heist
Stats: Guile
Resource Clues: start 0; no max; lost at end of encounter
Resource Alarms: start 0; no max; lost at end of encounter
Challenge counters: Clues, Alarms
Turn order: 1d6
Default check: Roll
Grades: 0 Fail, 1 Pass

check Roll
Method: total
Dice: d20
Success: >= [Threshold]

power Snoop
Target: Self
Threshold: 10
Check: [Guile]
Result 1: gain 1 Clues
Result Fail: gain 1 Alarms

actor Thief
Stats: Guile 2
Powers: Snoop
";

fn game() -> Game {
    let mut game = Game::new(2);
    game.load_source("heist.rules", PACK).expect("the pack loads");
    game.add_actor("Ana", Some("Thief"), &[]).unwrap();
    game
}

#[test]
fn a_challenge_is_counted_in_the_counters_the_system_names() {
    let mut game = game();
    game.world_mut().roller.force([3]);
    let mark = game.mark();
    game.start_challenge(2, 1, &["Ana"]).unwrap();
    assert!(
        game.transcript_since(mark).ends_with("challenge: Clues 0/2, Alarms 0/1\n"),
        "{}",
        game.transcript_since(mark)
    );
    // 9 + 2 meets 10: a clue; 17 + 2: the second, and the challenge is won.
    for face in [9, 17] {
        game.world_mut().roller.force([face]);
        game.use_power(&PowerUse::new("Ana", "Snoop")).unwrap();
    }
    let challenge = game.challenge().unwrap();
    assert_eq!((challenge.successes, challenge.failures), (2, 0));
    assert!(
        game.transcript_since(mark)
            .ends_with("challenge: Clues 2/2, Alarms 0/1\nthe challenge is won\n")
    );
}

#[test]
fn the_session_command_takes_the_systems_words_and_refuses_others() {
    let mut session = Session::new(game(), 1);
    let text = "force 4\nchallenge 3 clues before 2 Alarms with Ana\n";
    let run = session.run_text("heist.session", text, None);
    assert!(run.failure.is_none(), "{:?}", run.failure);
    let last = run.steps.last().unwrap();
    let texts: Vec<&str> = last.events.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(texts.last(), Some(&"challenge: Clues 0/3, Alarms 0/2"));
    let text = "challenge 3 breakthroughs before 2 setbacks with Ana\n";
    let run = session.run_text("again.session", text, None);
    let diagnostics = run.failure.expect("Breakthroughs is not this system's word");
    assert_eq!(diagnostics[0].code, "runtime::challenge");
    assert_eq!(
        diagnostics[0].message,
        "this system counts a challenge's successes in `Clues`, not `breakthroughs`"
    );
    assert_eq!(diagnostics[0].primary_span().range(), 12..25);
    assert_eq!(
        diagnostics[0].help.as_deref(),
        Some("write `challenge N Clues before M Alarms with ACTORS`")
    );
}

#[test]
fn a_system_without_challenge_counters_cannot_start_one() {
    let mut game = Game::new(2);
    game.load_source("heist.rules", &PACK.replace("Challenge counters: Clues, Alarms\n", ""))
        .expect("the pack loads");
    game.add_actor("Ana", Some("Thief"), &[]).unwrap();
    let error = game.start_challenge(2, 1, &["Ana"]).unwrap_err();
    let diagnostic = mythforge::diagnostics::ToDiagnostic::to_diagnostic(&error);
    assert_eq!(diagnostic.code, "runtime::challenge");
    assert_eq!(diagnostic.message, "the system declares no challenge counters");
    assert!(diagnostic.help.unwrap().starts_with("declare them in the system block"));
    assert!(game.world().encounter.is_none(), "nothing started");
}

#[test]
fn check_refuses_counters_that_are_not_resources() {
    let text =
        PACK.replace("Challenge counters: Clues, Alarms", "Challenge counters: Clues, Alarm");
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (file, mut diagnostics) = mythforge::parse::parse_source(&mut sources, "h.rules", &text);
    let pack = mythforge::model::Pack { files: vec![file] };
    diagnostics.extend(mythforge::check::check_pack(&pack));
    let found: Vec<(&str, &str)> =
        diagnostics.iter().map(|d| (d.code.as_str(), d.message.as_str())).collect();
    assert_eq!(found, [("rules::check::unknown_resource", "unknown resource `Alarm`")]);
    let one = PACK.replace("Challenge counters: Clues, Alarms", "Challenge counters: Clues");
    let (_, diagnostics) = mythforge::parse::parse_source(&mut sources, "one.rules", &one);
    assert_eq!(
        diagnostics[0].labels[0].message,
        "expected two resources, the successes' then the failures': `Successes, Failures`"
    );
}
