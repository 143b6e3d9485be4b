//! `check Grit vs 15 with Save; on success: ...; on failure: ...` on an effect line: the check
//! rolls through the named procedure (forced dice drive it, the log shows the roll, condition
//! modifiers apply) and only the branch its result picks runs; `Target checks` rolls for the
//! target; in an event rule it rolls for the actor the event happened to. Unknown stats and
//! procedures are refused by `check`.

use mythforge::runtime::Game;
use mythforge::session::Session;

use crate::common::sessions::run;

const RULES: &str = "system Saves
Stats: Grit
Resource HP: max 20
Resource Luck: start 0; no max
Default check: Roll
On turn start: if [HP < 10]: check Grit vs 12; on failure: apply Shaken

check Roll
Method: total
Dice: d20
Success: >= [Threshold]

check Save
Method: total
Dice: d10
Success: >= [Threshold]

condition Dazed
condition Shaken
condition Stubborn
Modifiers: +5 all checks

power Scare
Target: Enemy
Result: Target checks Grit vs 15 with Save; on success: gain 1 Luck; on failure: 3 damage; apply Dazed

power Brace
Target: Self
Result: check Grit vs 10; on failure: lose 1 HP

actor Fighter
Stats: Grit 6
Resources: HP 20
Powers: Scare, Brace
";

fn session() -> Session<Game> {
    let mut game = Game::new(1);
    game.load_source("saves.rules", RULES).unwrap();
    let mut session = Session::new(game, 1);
    run(&mut session, "actor Ana from Fighter\nactor Bo from Fighter\nencounter Ana, Bo\n");
    session
}

fn hp(session: &Session<Game>, actor: &str) -> i64 {
    session.backend().world().actor(actor).unwrap().resources["HP"].current
}

fn luck(session: &Session<Game>) -> i64 {
    session.backend().world().actor("Ana").unwrap().resources["Luck"].current
}

#[test]
fn the_target_rolls_the_named_procedure_and_only_the_failure_branch_runs() {
    let mut session = session();
    // Bo rolls the Save's d10: 8 + Grit 6 = 14 against 15.
    let out = run(&mut session, "force 8\nAna uses Scare on Bo\n");
    assert!(out.contains("Bo: 8 -> 14 vs 15: failure"), "{out}");
    assert_eq!(hp(&session, "Bo"), 17);
    assert_eq!(luck(&session), 0);
    assert!(out.contains("Bo gains Dazed"), "{out}");
}

#[test]
fn a_success_runs_its_branch_and_skips_the_failure() {
    let mut session = session();
    // 9 + 6 = 15: exactly enough.
    let out = run(&mut session, "force 9\nAna uses Scare on Bo\n");
    assert!(out.contains("Bo: 9 -> 15 vs 15: success"), "{out}");
    assert_eq!(hp(&session, "Bo"), 20);
    assert_eq!(luck(&session), 1);
    assert!(!out.contains("Dazed"), "{out}");
}

#[test]
fn the_check_carries_the_rollers_condition_modifiers_and_the_default_procedure() {
    let mut session = session();
    // The default procedure (d20): 3 + 6 = 9 fails against 10; Stubborn's +5 makes 14.
    let out = run(&mut session, "force 3\nAna uses Brace\n");
    assert!(out.contains("Ana: 3 -> 9 vs 10: failure"), "{out}");
    assert_eq!(hp(&session, "Ana"), 19);
    let out =
        run(&mut session, "next turn\nnext turn\napply Stubborn to Ana\nforce 3\nAna uses Brace\n");
    assert!(out.contains("Ana: 3 -> 14 vs 10: success"), "{out}");
    assert_eq!(hp(&session, "Ana"), 19);
}

#[test]
fn an_event_rule_rolls_for_the_actor_the_event_happened_to() {
    let mut session = session();
    // Below 10 HP Bo's turn starts with a check: 5 + 6 = 11 against 12.
    let out = run(&mut session, "set Bo HP to 9\nforce 5\nnext turn\n");
    assert!(out.contains("Bo (on turn start)"), "{out}");
    assert!(out.contains("Bo: 5 -> 11 vs 12: failure"), "{out}");
    assert!(out.contains("Bo gains Shaken"), "{out}");
}

#[test]
fn the_line_prints_back_as_written() {
    let (file, diagnostics) = mythforge::parse::parse_file(
        mythforge::diagnostics::FileId(0),
        std::path::Path::new("saves.rules"),
        RULES,
    );
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let printed = mythforge::model::format_file(&file);
    for line in RULES.lines().filter(|line| line.contains("check")) {
        assert!(printed.lines().any(|printed| printed == line), "{line}\n{printed}");
    }
}

fn refused(line: &str) -> String {
    let rules = RULES.replace("Result: check Grit vs 10; on failure: lose 1 HP", line);
    let mut game = Game::new(1);
    let error = game.load_source("saves.rules", &rules).expect_err("refused");
    format!("{error:?}")
}

#[test]
fn an_unknown_stat_or_procedure_is_refused() {
    let error = refused("Result: check Grat vs 10; on failure: lose 1 HP");
    assert!(error.contains("unknown stat `Grat`"), "{error}");
    assert!(error.contains("did you mean `Grit`?"), "{error}");
    let error = refused("Result: check Grit vs 10 with Saev; on failure: lose 1 HP");
    assert!(error.contains("unknown check procedure `Saev`"), "{error}");
    assert!(error.contains("did you mean `Save`?"), "{error}");
}

#[test]
fn a_check_inside_a_first_branch_with_a_second_is_refused_at_the_label() {
    // Whose `on failure:` is it — the inner check's or the outer one's? Refused, not guessed.
    let line = "Result: check Grit vs 10; on success: check Grit vs 15; on failure: lose 1 HP";
    let rules = RULES.replace("Result: check Grit vs 10; on failure: lose 1 HP", line);
    let mut sources = mythforge::diagnostics::SourceMap::new();
    let (_, diagnostics) = mythforge::parse::parse_source(&mut sources, "saves.rules", &rules);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:#?}");
    assert_eq!(diagnostics[0].code, "rules::parse::nested_check");
    assert_eq!(sources.slice(diagnostics[0].primary_span()), "on failure:");
    let inner = diagnostics[0].labels.iter().find(|label| !label.primary).unwrap();
    assert_eq!(sources.slice(inner.span), "check Grit vs 15");
    // In the last branch it reads one way only, and runs.
    let line = "Result: check Grit vs 10; on failure: lose 1 HP; on success: check Grit vs 15; on failure: lose 2 HP";
    let rules = RULES.replace("Result: check Grit vs 10; on failure: lose 1 HP", line);
    let (_, diagnostics) = mythforge::parse::parse_source(&mut sources, "saves.rules", &rules);
    assert!(diagnostics.is_empty(), "{diagnostics:#?}");
}
